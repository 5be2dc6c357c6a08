//! Speed of the engine/server paths, each against a baseline measured in the same run:
//!
//! - `incremental`: feeding the moves of every case (vectors + corpus) one at a time to
//!   [`Incremental`] and reading the ruling after each, against the baseline of calling the
//!   full `judge` on every prefix (what an engine would do without the incremental API).
//! - `audit`: auditing every 10th CCPD game file (2,795 files, one thread) — reading,
//!   replaying, and judging the games with a repeated position — against reading the same
//!   files alone (`read_path`: decode, parse, resolve every move).
//!
//! `cargo bench -p qili-analyzer --bench perf` (a `summary:` line per group gives the ratio;
//! skips what needs shared/ when it is absent; `QILI_SHARED` overrides its path).

use std::path::PathBuf;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use qili_analyzer::audit::{audit_game, discover, read_path, Scope};
use qili_analyzer::input::from_fen_and_moves;
use qili_analyzer::{judge, Incremental, RuleSet, Settings};
use qili_notation::{Move, Position};

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
            .map(|g| audit_game(g, &settings, Scope::Threshold).findings.len())
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

criterion_group!(benches, bench_incremental, bench_audit);
criterion_main!(benches);
