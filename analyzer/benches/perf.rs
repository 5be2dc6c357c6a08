//! Speed of the engine/server paths, each against a baseline measured in the same run:
//!
//! - `incremental`: feeding the moves of every case (vectors + corpus) one at a time to
//!   [`Incremental`] and reading the ruling after each, against the baseline of calling the
//!   full `judge` on every prefix (what an engine would do without the incremental API).
//! - `long-game`: [`Incremental`] fed a 20,000-ply capture-free random game one move at a
//!   time (the ruling read after each), against auditing the same game once (`audit_game`:
//!   replay, cycles, labels, verdicts of the whole line).
//! - `fresh-plies`: [`Incremental`] fed 20,000 plies that never repeat a position, against
//!   making the same moves on a position (`is_legal` + `play_unchecked`, and
//!   `play_unchecked` alone): the per-ply cost of a move that repeats nothing.
//! - `audit`: auditing every 10th CCPD game file (2,795 files, one thread) — reading,
//!   replaying, and judging the games with a repeated position — against reading the same
//!   files alone (`read_path`: decode, parse, resolve every move).
//!
//! `cargo bench -p qili-analyzer --bench perf` (a `summary:` line per group gives the ratio;
//! skips what needs shared/ when it is absent; `QILI_SHARED` overrides its path).

// `criterion_group!` writes a public function without documentation.
#![allow(missing_docs)]

use std::path::PathBuf;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use qili_analyzer::audit::{audit_game, discover, read_path, AuditInput, AuditScope};
use qili_analyzer::from_fen_and_moves;
use qili_analyzer::{judge, Incremental, RuleSet, Settings};
use qili_notation::{Move, Position};

#[path = "../../tests/support/walk.rs"]
mod walk;

fn shared(rel: &str) -> Option<PathBuf> {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()?
        .to_owned();
    let mut candidates: Vec<PathBuf> = std::env::var_os("QILI_SHARED")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    candidates.extend(repo.ancestors().skip(1).take(3).map(|d| d.join("shared")));
    let found = candidates.iter().map(|d| d.join(rel)).find(|p| p.exists());
    if found.is_none() {
        eprintln!("note: shared/{rel} is absent, skipping");
    }
    found
}

/// Vectors (AXF) and corpus cases (CXA and AXF): start, moves, settings.
fn cases() -> Vec<(Position, Vec<Move>, Settings)> {
    let mut raw: Vec<(String, Vec<String>, RuleSet)> = Vec::new();
    if let Some(p) = shared("vectors/fairy-stockfish-xiangqi-chasing.jsonl") {
        for line in std::fs::read_to_string(p).unwrap_or_default().lines() {
            let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            let moves = v["moves"].as_array().into_iter().flatten();
            let moves = moves
                .filter_map(|m| m.as_str().map(str::to_owned))
                .collect();
            raw.push((
                v["fen"].as_str().unwrap_or("").to_owned(),
                moves,
                RuleSet::Axf,
            ));
        }
    }
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus/cases"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    for f in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
    {
        let Ok(Ok(v)) = std::fs::read_to_string(f).map(|t| t.parse::<toml::Table>()) else {
            continue;
        };
        let fen = v
            .get("fen")
            .and_then(|f| f.as_str())
            .unwrap_or("")
            .to_owned();
        let moves = v
            .get("moves")
            .and_then(|m| m.as_array())
            .into_iter()
            .flatten();
        let moves: Vec<String> = moves
            .filter_map(|m| m.as_str().map(str::to_owned))
            .collect();
        for rules in [RuleSet::Cxa, RuleSet::Axf] {
            raw.push((fen.clone(), moves.clone(), rules));
        }
    }
    raw.into_iter()
        .filter_map(|(fen, moves, rules)| {
            let g = from_fen_and_moves(&fen, &moves.join(" ")).ok()?;
            let settings = Settings {
                rules,
                ..Settings::default()
            };
            Some((g.start, g.moves, settings))
        })
        .collect()
}

fn incremental_all(cases: &[(Position, Vec<Move>, Settings)]) -> usize {
    let mut rulings = 0;
    for (start, moves, settings) in cases {
        let mut inc = Incremental::new(start.clone(), settings.clone());
        for m in moves {
            let r = inc.push(*m).expect("legal");
            rulings += usize::from(r.status != qili_analyzer::Status::None);
        }
    }
    rulings
}

fn judge_every_prefix(cases: &[(Position, Vec<Move>, Settings)]) -> usize {
    let mut rulings = 0;
    for (start, moves, settings) in cases {
        for k in 1..=moves.len() {
            let j = judge(start, &moves[..k], settings);
            rulings += usize::from(j.ruling.status != qili_analyzer::Status::None);
        }
    }
    rulings
}

/// Mean seconds of `f` over `rounds` runs.
fn time<T>(rounds: usize, mut f: impl FnMut() -> T) -> f64 {
    let t = Instant::now();
    for _ in 0..rounds {
        std::hint::black_box(f());
    }
    t.elapsed().as_secs_f64() / rounds as f64
}

/// The least seconds of `f` and of `g` over `rounds` runs of each, taken in turn (on a
/// loaded machine the least time is the least disturbed one, and taking turns exposes both
/// to the same load).
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

fn bench_incremental(c: &mut Criterion) {
    let cases = cases();
    if cases.is_empty() {
        eprintln!("note: no cases to benchmark");
        return;
    }
    let plies: usize = cases.iter().map(|c| c.1.len()).sum();
    assert_eq!(incremental_all(&cases), judge_every_prefix(&cases));
    let mut group = c.benchmark_group("incremental");
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function("incremental-every-ply", |b| {
        b.iter(|| incremental_all(&cases))
    });
    group.bench_function("judge-every-prefix-baseline", |b| {
        b.iter(|| judge_every_prefix(&cases))
    });
    group.finish();
    let inc = time(10, || incremental_all(&cases));
    let full = time(10, || judge_every_prefix(&cases));
    println!(
        "summary: incremental: {} cases, {plies} plies, {:.0} plies/s incremental, {:.0} plies/s \
         re-judging every prefix (baseline); baseline/incremental time ratio {:.1}",
        cases.len(),
        plies as f64 / inc,
        plies as f64 / full,
        full / inc
    );
}

/// A capture-free random game of `plies` plies between two horses and the general a side:
/// three times in four the move of four plies before when it is legal (the line loops),
/// else a random quiet move (it leaves the loop); never a move that leaves the other side
/// without a quiet move. A uniformly random walk hardly ever brings a position back three
/// times.
fn quiet_random_game(plies: usize) -> (Position, Vec<Move>) {
    let start = Position::from_fen("3k5/9/2n3n2/9/9/9/9/2N3N2/9/4K4 w - - 0 1").expect("fen");
    let mut rng: u64 = 0x2545_F491_4F6C_DD1D;
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(plies);
    let has_quiet = |p: &Position| p.legal_moves().iter().any(|m| !m.is_capture());
    while moves.len() < plies {
        // Quiet moves after which the other side has a quiet move too.
        let quiet: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| !m.is_capture() && has_quiet(&pos.after(m)))
            .collect();
        if quiet.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let back = moves.len().checked_sub(4).map(|i| moves[i]);
        let m = match back {
            Some(b) if !rng.is_multiple_of(4) && quiet.contains(&b) => b,
            _ => quiet[(rng >> 16) as usize % quiet.len()],
        };
        pos.play_unchecked(&m);
        moves.push(m);
    }
    (start, moves)
}

fn incremental_line(start: &Position, moves: &[Move], settings: &Settings) -> usize {
    let mut inc = Incremental::new(start.clone(), settings.clone());
    let mut rulings = 0;
    for m in moves {
        let r = inc.push(*m).expect("legal");
        rulings += usize::from(r.status != qili_analyzer::Status::None);
    }
    rulings
}

fn audit_line(start: &Position, moves: &[Move], settings: &Settings) -> usize {
    let input = AuditInput {
        file: "random".into(),
        index: 1,
        tags: Vec::new(),
        recorded: None,
        adjudication: None,
        expected: None,
        game: Ok((start.clone(), moves.to_vec())),
        warnings: Vec::new(),
    };
    let report = audit_game(input, settings, AuditScope::Threshold);
    report
        .ruled
        .and_then(|r| r.judgement)
        .map_or(0, |j| j.cycles.len())
}

fn bench_long_game(c: &mut Criterion) {
    let (start, moves) = quiet_random_game(20_000);
    let settings = Settings::default();
    let mut inc = Incremental::new(start.clone(), settings.clone());
    for m in &moves {
        inc.push(*m).expect("legal");
    }
    let full = judge(&start, &moves, &settings);
    assert_eq!(inc.ruling(), &full.ruling, "incremental and judge disagree");
    let in_force = full.cycles.iter().filter(|c| c.in_force).count();
    let mut group = c.benchmark_group("long-game");
    group.sample_size(10);
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("incremental-20000", |b| {
        b.iter(|| incremental_line(&start, &moves, &settings))
    });
    group.bench_function("audit-20000-baseline", |b| {
        b.iter(|| audit_line(&start, &moves, &settings))
    });
    group.finish();
    let (i, a) = interleaved(
        7,
        || incremental_line(&start, &moves, &settings),
        || audit_line(&start, &moves, &settings),
    );
    println!(
        "summary: long-game: {} plies, {} cycles ({in_force} in force); incremental {:.3} s, \
         audit {:.3} s (baseline), least of 7 runs in turn; incremental/audit time ratio {:.2}",
        moves.len(),
        full.cycles.len(),
        i,
        a,
        i / a
    );
}

fn make_moves(start: &Position, moves: &[Move], check: bool) -> usize {
    let mut pos = start.clone();
    for m in moves {
        if check && !pos.is_legal(m) {
            return 0;
        }
        pos.play_unchecked(m);
    }
    std::hint::black_box(&pos);
    moves.len()
}

fn bench_fresh_plies(c: &mut Criterion) {
    let (start, moves) = walk::fresh_walk(20_000);
    // No natural limit: every ply is one that repeats nothing and rules nothing.
    let settings = Settings {
        natural_limit: 0,
        ..Settings::default()
    };
    let mut group = c.benchmark_group("fresh-plies");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("incremental", |b| {
        b.iter(|| incremental_line(&start, &moves, &settings))
    });
    group.bench_function("legal-and-play-baseline", |b| {
        b.iter(|| make_moves(&start, &moves, true))
    });
    group.bench_function("play-baseline", |b| {
        b.iter(|| make_moves(&start, &moves, false))
    });
    group.finish();
    let (i, lp) = interleaved(
        21,
        || incremental_line(&start, &moves, &settings),
        || make_moves(&start, &moves, true),
    );
    let (_, p) = interleaved(
        21,
        || incremental_line(&start, &moves, &settings),
        || make_moves(&start, &moves, false),
    );
    let ns = |s: f64| s / moves.len() as f64 * 1e9;
    println!(
        "summary: fresh-plies: {} plies that repeat nothing (least of 21 runs in turn); \
         incremental {:.0} ns/ply, is_legal + play {:.0} ns/ply, play {:.0} ns/ply; \
         incremental/(is_legal + play) {:.1}, incremental/play {:.1}",
        moves.len(),
        ns(i),
        ns(lp),
        ns(p),
        i / lp,
        i / p
    );
}

fn bench_audit(c: &mut Criterion) {
    let Some(dir) = shared("games/ccpd/Dataset/對局") else {
        return;
    };
    let files: Vec<PathBuf> = discover(&[dir])
        .unwrap_or_default()
        .into_iter()
        .step_by(10)
        .collect();
    let settings = Settings::default();
    let read_only = || {
        files
            .iter()
            .map(|f| read_path(f, settings.rules).len())
            .sum::<usize>()
    };
    let audit = || {
        files
            .iter()
            .flat_map(|f| read_path(f, settings.rules))
            .map(|g| {
                audit_game(g, &settings, AuditScope::Threshold)
                    .findings
                    .len()
            })
            .sum::<usize>()
    };
    let games = read_only();
    let mut group = c.benchmark_group("audit");
    group.sample_size(10);
    group.throughput(Throughput::Elements(games as u64));
    group.bench_function("audit-ccpd-sample", |b| b.iter(audit));
    group.bench_function("read-only-baseline", |b| b.iter(read_only));
    group.finish();
    let a = time(3, audit);
    let r = time(3, read_only);
    println!(
        "summary: audit: {} files, {games} games, {:.0} games/s audited, {:.0} games/s read \
         (baseline), one thread; audit/read time ratio {:.2}",
        files.len(),
        games as f64 / a,
        games as f64 / r,
        a / r
    );
}

criterion_group!(
    benches,
    bench_incremental,
    bench_long_game,
    bench_fresh_plies,
    bench_audit
);
criterion_main!(benches);
