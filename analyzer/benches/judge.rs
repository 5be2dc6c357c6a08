//! Judging speed: cases judged per second over the Fairy-Stockfish vectors (when shared/ is
//! present; `QILI_SHARED` overrides its path) and the corpus cases, against a baseline
//! measured in the same run: replaying the same move lists and counting position
//! occurrences, without judging.
//!
//! `cargo bench -p qili-analyzer --bench judge`

// `criterion_group!` writes a public function without documentation.
#![allow(missing_docs)]

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use qili_analyzer::{from_fen_and_moves, GameInput};
use qili_analyzer::{judge, RuleSet, Settings};
use qili_notation::Position;

fn shared() -> PathBuf {
    match std::env::var_os("QILI_SHARED") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared")),
    }
}

/// Every case: (start, moves, rule set).
fn cases() -> Vec<(GameInput, RuleSet)> {
    let mut out = Vec::new();
    let vectors = shared().join("vectors/fairy-stockfish-xiangqi-chasing.jsonl");
    match std::fs::read_to_string(&vectors) {
        Ok(text) => {
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
                    continue;
                };
                let moves: Vec<&str> = v["moves"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|m| m.as_str())
                    .collect();
                if let Ok(g) = from_fen_and_moves(v["fen"].as_str().unwrap_or(""), &moves.join(" "))
                {
                    out.push((g, RuleSet::Axf));
                }
            }
        }
        Err(_) => eprintln!(
            "note: {} not found; benchmarking the corpus only",
            vectors.display()
        ),
    }
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus/cases"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "toml"));
    files.sort();
    for f in files {
        let Ok(v) = std::fs::read_to_string(&f).map(|t| t.parse::<toml::Table>()) else {
            continue;
        };
        let Ok(v) = v else { continue };
        let moves: Vec<&str> = v
            .get("moves")
            .and_then(|m| m.as_array())
            .into_iter()
            .flatten()
            .filter_map(|m| m.as_str())
            .collect();
        let Some(fen) = v.get("fen").and_then(|f| f.as_str()) else {
            continue;
        };
        let Ok(g) = from_fen_and_moves(fen, &moves.join(" ")) else {
            continue;
        };
        for rules in [RuleSet::Cxa, RuleSet::Axf] {
            out.push((g.clone(), rules));
        }
    }
    out
}

fn judge_all(cases: &[(GameInput, RuleSet)]) -> usize {
    judge_all_at(cases, Settings::default().mate_depth)
}

/// [`judge_all`] with the mate searches of the labels (mate threats, check series) at
/// `mate_depth` checks (the 29.4 safety test searches at least the rule book's depth).
fn judge_all_at(cases: &[(GameInput, RuleSet)], mate_depth: u32) -> usize {
    cases
        .iter()
        .map(|(g, rules)| {
            let s = Settings {
                rules: *rules,
                mate_depth,
                ..Settings::default()
            };
            judge(&g.start, &g.moves, &s).cycles.len()
        })
        .sum()
}

/// The baseline: replay each move list and count occurrences of every position.
fn replay_all(cases: &[(GameInput, RuleSet)]) -> u32 {
    cases
        .iter()
        .map(|(g, _)| {
            let mut seen: HashMap<Position, u32> = HashMap::new();
            let mut pos = g.start.clone();
            *seen.entry(pos.clone()).or_default() += 1;
            for m in &g.moves {
                pos.play_unchecked(m);
                *seen.entry(pos.clone()).or_default() += 1;
            }
            seen.values().copied().max().unwrap_or(0)
        })
        .sum()
}

fn bench(c: &mut Criterion) {
    let cases = cases();
    if cases.is_empty() {
        eprintln!("note: no cases to benchmark");
        return;
    }
    let mut group = c.benchmark_group("judge");
    group.throughput(Throughput::Elements(cases.len() as u64));
    group.bench_function("judge-cases", |b| b.iter(|| judge_all(&cases)));
    group.bench_function("replay-baseline", |b| b.iter(|| replay_all(&cases)));
    group.finish();
    // A plain summary line: cases judged per second and the ratio to the baseline in this run.
    let rounds = 20;
    let t = Instant::now();
    for _ in 0..rounds {
        std::hint::black_box(judge_all(&cases));
    }
    let judge_s = t.elapsed().as_secs_f64() / rounds as f64;
    let t = Instant::now();
    for _ in 0..rounds {
        std::hint::black_box(replay_all(&cases));
    }
    let base_s = t.elapsed().as_secs_f64() / rounds as f64;
    println!(
        "summary: {} cases, {:.0} cases judged/s, {:.0} cases replayed/s (baseline), judge/replay time ratio {:.1}",
        cases.len(),
        cases.len() as f64 / judge_s,
        cases.len() as f64 / base_s,
        judge_s / base_s
    );
    // The cost of deeper mate searches everywhere (mate threats, check series, the safety
    // test), as ratios to the same baseline (docs/rules.md §3: the rule book deepens only the
    // safety test of a capture).
    for depth in [5, 6] {
        let t = Instant::now();
        for _ in 0..rounds {
            std::hint::black_box(judge_all_at(&cases, depth));
        }
        let s = t.elapsed().as_secs_f64() / rounds as f64;
        println!(
            "summary: mate depth {depth} everywhere: judge/replay time ratio {:.1} ({:.2} x the default)",
            s / base_s,
            s / judge_s
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
