//! Labelling speed: every move of the corpus records (and, when `../shared` is present, of
//! the first master games of the wukong collection), reported as labelled moves per second
//! and as a ratio to a baseline measured in the same run: generating the legal moves of
//! the same positions.
//!
//! `cargo bench -p qili-analyzer --bench labels`

// `criterion_group!` writes a public function without documentation.
#![allow(missing_docs)]

use std::path::PathBuf;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use qili_analyzer::{label_move, CycleContext, Settings};
use qili_notation::{Iccs, Move, Position};

/// How many wukong games to take.
const GAMES: usize = 40;

/// (position before, move) pairs.
type Plies = Vec<(Position, Move)>;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn replay(fen: &str, moves: impl IntoIterator<Item = String>, out: &mut Plies) {
    let Ok(mut pos) = Position::from_fen(fen) else {
        return;
    };
    for m in moves {
        let Some(mv) = m.parse::<Iccs>().ok().and_then(|i| i.to_move(&pos).ok()) else {
            return;
        };
        out.push((pos.clone(), mv));
        pos.play_unchecked(&mv);
    }
}

fn corpus() -> Plies {
    let mut out = Vec::new();
    let dir = root().join("corpus/cases");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    for f in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
    {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        let Ok(v) = text.parse::<toml::Table>() else {
            continue;
        };
        let fen = v.get("fen").and_then(|x| x.as_str()).unwrap_or_default();
        let moves = v
            .get("moves")
            .and_then(|x| x.as_array())
            .cloned()
            .unwrap_or_default();
        replay(
            fen,
            moves.iter().filter_map(|m| m.as_str().map(str::to_owned)),
            &mut out,
        );
    }
    out
}

/// The first games of a PGN with lowercase ICCS moves (`1. h2e2 h9g7 ...`), from
/// `shared/` beside the clone (or one level further up for git worktrees).
fn games() -> Plies {
    let rel = "shared/games/wukong/Hu_Ronghua_1391_UCI_games.pgn";
    let Some(text) = ["..", "../.."]
        .iter()
        .find_map(|up| std::fs::read_to_string(root().join(up).join(rel)).ok())
    else {
        println!("note: {rel} not found beside the clone; real-game benchmark skipped");
        return Vec::new();
    };
    let mut out = Vec::new();
    let start = qili_notation::STARTPOS_FEN;
    for line in text.lines().filter(|l| l.starts_with("1.")).take(GAMES) {
        let moves = line
            .split_whitespace()
            .filter(|t| t.len() == 4 && t.parse::<Iccs>().is_ok())
            .map(str::to_owned);
        replay(start, moves, &mut out);
    }
    out
}

fn label_all(plies: &Plies, settings: &Settings) -> usize {
    plies
        .iter()
        .map(|(p, m)| {
            label_move(p, m, settings, CycleContext::default())
                .labels
                .len()
        })
        .sum()
}

fn movegen_all(plies: &Plies, buf: &mut Vec<Move>) -> usize {
    plies
        .iter()
        .map(|(p, _)| {
            buf.clear();
            p.legal_moves_into(buf);
            buf.len()
        })
        .sum()
}

fn bench(c: &mut Criterion) {
    let settings = Settings::default();
    let mut group = c.benchmark_group("labels");
    group.sample_size(10);
    for (name, plies) in [("corpus", corpus()), ("games", games())] {
        if plies.is_empty() {
            continue;
        }
        group.throughput(Throughput::Elements(plies.len() as u64));
        group.bench_function(format!("{name}/label"), |b| {
            b.iter(|| label_all(&plies, &settings))
        });
        group.bench_function(format!("{name}/legal-moves-baseline"), |b| {
            let mut buf = Vec::new();
            b.iter(|| movegen_all(&plies, &mut buf))
        });
        // A plain summary line: labels/s and the cost of one label in legal-move generations.
        let t = Instant::now();
        let _ = label_all(&plies, &settings);
        let label_s = t.elapsed().as_secs_f64();
        let mut buf = Vec::new();
        let reps = 50;
        let t = Instant::now();
        for _ in 0..reps {
            let _ = movegen_all(&plies, &mut buf);
        }
        let gen_s = t.elapsed().as_secs_f64() / reps as f64;
        println!(
            "summary {name}: {} moves, {:.0} labels/s, one label costs {:.0} legal-move generations of its position",
            plies.len(),
            plies.len() as f64 / label_s,
            label_s / gen_s
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
