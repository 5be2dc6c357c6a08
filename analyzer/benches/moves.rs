//! Speed of "before the move" (`outlook`, `qili moves`, `POST /moves`; issue 33) on the
//! positions of real games: the CCPD games in which a position occurs three times (the first
//! 200 of `shared/vectors/ccpd-fairy-stockfish.jsonl`, each cut at the ply listed there),
//! after each of their plies. Each against a baseline measured in the same run, in turn:
//!
//! - `outlook-per-position`: `outlook(start, line)` — judge the line move by move, then every
//!   legal move (warnings on: a move that repeats and decides nothing is also played round
//!   its loop once more) — against `judge(start, line)`, judging the same line once; the
//!   ratio of the two and the microseconds per position.
//! - `incremental-outlook`: what an engine or a play server does — one `Incremental` per
//!   game, `outlook` after each push — against `Incremental` pushes alone: the cost of the
//!   question per position.
//!
//! `cargo bench -p qili-analyzer --bench moves` (a `summary:` line per group; skips with a
//! note when shared/ is absent; `QILI_SHARED` overrides its path).

// `criterion_group!` writes a public function without documentation.
#![allow(missing_docs)]

use std::path::PathBuf;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use qili_analyzer::{judge, Incremental, RuleSet, Settings};
use qili_analyzer::{outlook, OutlookOptions};
use qili_analyzer::{read_file, ReadOptions};
use qili_notation::{Move, Position};

fn shared() -> Option<PathBuf> {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()?
        .to_owned();
    let mut candidates: Vec<PathBuf> = std::env::var_os("QILI_SHARED")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    candidates.extend(repo.ancestors().skip(1).take(3).map(|d| d.join("shared")));
    let found = candidates
        .into_iter()
        .find(|d| d.join("vectors/ccpd-fairy-stockfish.jsonl").exists());
    if found.is_none() {
        eprintln!("note: shared/vectors/ccpd-fairy-stockfish.jsonl is absent, skipping");
    }
    found
}

/// The first `n` CCPD threefold games, cut at their listed ply.
fn games(n: usize) -> Vec<(Position, Vec<Move>)> {
    let Some(root) = shared() else {
        return Vec::new();
    };
    let list = std::fs::read_to_string(root.join("vectors/ccpd-fairy-stockfish.jsonl"))
        .unwrap_or_default();
    list.lines()
        .filter_map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).ok()?;
            let file = root.join(v["file"].as_str()?);
            let ply = v["ply"].as_u64()? as usize;
            let g = read_file(&file, 1, &ReadOptions::default()).ok()?;
            let mut moves = g.moves;
            moves.truncate(ply);
            Some((g.start, moves))
        })
        .take(n)
        .collect()
}

/// `outlook` of every position of every game, from scratch: (moves that matter).
fn outlook_every_position(games: &[(Position, Vec<Move>)], s: &Settings) -> usize {
    let options = OutlookOptions::default();
    let mut matter = 0;
    for (start, moves) in games {
        for k in 0..=moves.len() {
            let o = outlook(start, &moves[..k], s, &options);
            matter += o.moves.iter().filter(|m| m.matters()).count();
        }
    }
    matter
}

/// `judge` of every position's line: (rulings).
fn judge_every_position(games: &[(Position, Vec<Move>)], s: &Settings) -> usize {
    let mut rulings = 0;
    for (start, moves) in games {
        for k in 0..=moves.len() {
            let j = judge(start, &moves[..k], s);
            rulings += usize::from(j.ruling.status != qili_analyzer::Status::None);
        }
    }
    rulings
}

/// One `Incremental` per game, `outlook` after every push when `ask`.
fn incremental(games: &[(Position, Vec<Move>)], s: &Settings, ask: bool) -> usize {
    let options = OutlookOptions::default();
    let mut n = 0;
    for (start, moves) in games {
        let mut inc = Incremental::new(start.clone(), s.clone());
        for m in moves {
            if ask {
                n += inc.outlook(&options).moves.len();
            }
            n += usize::from(inc.push(*m).is_ok());
        }
    }
    n
}

/// The least seconds of `f` and of `g` over `rounds` runs of each, taken in turn.
fn interleaved<T, U>(
    rounds: usize,
    mut f: impl FnMut() -> T,
    mut g: impl FnMut() -> U,
) -> (f64, f64) {
    let (mut a, mut b) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..rounds {
        let t = Instant::now();
        std::hint::black_box(f());
        a = a.min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        std::hint::black_box(g());
        b = b.min(t.elapsed().as_secs_f64());
    }
    (a, b)
}

fn bench_moves(c: &mut Criterion) {
    let games = games(200);
    if games.is_empty() {
        return;
    }
    let positions: usize = games.iter().map(|g| g.1.len() + 1).sum();
    for rules in [RuleSet::Cxa, RuleSet::Axf] {
        let s = Settings {
            rules,
            ..Settings::default()
        };
        let name = rules.as_str();
        // Criterion on a tenth of the games (each run walks every position of them).
        let few = &games[..games.len().min(20)];
        let few_positions: usize = few.iter().map(|g| g.1.len() + 1).sum();
        let mut group = c.benchmark_group(format!("moves-{name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(few_positions as u64));
        group.bench_function("outlook-per-position", |b| {
            b.iter(|| outlook_every_position(few, &s))
        });
        group.bench_function("judge-per-position-baseline", |b| {
            b.iter(|| judge_every_position(few, &s))
        });
        group.bench_function("incremental-outlook", |b| {
            b.iter(|| incremental(few, &s, true))
        });
        group.bench_function("incremental-push-baseline", |b| {
            b.iter(|| incremental(few, &s, false))
        });
        group.finish();
        let (o, j) = interleaved(
            3,
            || outlook_every_position(&games, &s),
            || judge_every_position(&games, &s),
        );
        println!(
            "summary: moves {name}: {} games, {positions} positions; outlook {:.1} µs/position, \
             judge of the same line {:.1} µs/position; outlook/judge time ratio {:.2}",
            games.len(),
            o * 1e6 / positions as f64,
            j * 1e6 / positions as f64,
            o / j
        );
        let (asked, pushed) = interleaved(
            3,
            || incremental(&games, &s, true),
            || incremental(&games, &s, false),
        );
        println!(
            "summary: incremental {name}: outlook after every push {:.1} µs/position \
             (pushes alone {:.1} µs/position: the question costs {:.1} µs); ratio {:.2}",
            asked * 1e6 / positions as f64,
            pushed * 1e6 / positions as f64,
            (asked - pushed) * 1e6 / positions as f64,
            asked / pushed
        );
    }
}

criterion_group!(benches, bench_moves);
criterion_main!(benches);
