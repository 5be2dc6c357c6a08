//! Move generation speed: perft on the three reference positions, reported as nodes per
//! second, against a baseline measured in the same run (pseudo-legal generation of the same
//! nodes, i.e. the cost of the legality filter); and the checking moves of every position
//! two plies below them (`Position::checking_moves_into`), against testing every
//! pseudo-legal move for check and legality (the way the searches made them before).
//!
//! `cargo bench -p qili-notation --bench perft`

// `criterion_group!` writes a public function without documentation.
#![allow(missing_docs)]

use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use qili_notation::{perft, Move, Position, Role};

const POSITIONS: [(&str, &str, u32); 3] = [
    (
        "startpos",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        3,
    ),
    (
        "middlegame",
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        3,
    ),
    (
        "endgame",
        "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
        4,
    ),
];

/// Counts pseudo-legal leaves the same way perft counts legal ones (baseline).
fn pseudo_perft(pos: &Position, depth: u32, buf: &mut Vec<Vec<qili_notation::Move>>) -> u64 {
    let mut moves = buf.pop().unwrap_or_default();
    moves.clear();
    let n = if depth == 1 {
        pos.pseudo_moves(&mut moves);
        moves.len() as u64
    } else {
        pos.legal_moves_into(&mut moves);
        moves
            .iter()
            .map(|m| pseudo_perft(&pos.after(m), depth - 1, buf))
            .sum()
    };
    buf.push(moves);
    n
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    for (name, fen, depth) in POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        let nodes = perft(&pos, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/legal/d{depth}"), |b| {
            b.iter(|| perft(&pos, depth))
        });
        group.bench_function(format!("{name}/pseudo-baseline/d{depth}"), |b| {
            let mut buf = Vec::new();
            b.iter(|| pseudo_perft(&pos, depth, &mut buf))
        });
        // A plain summary line: legal nodes/s and the ratio to the baseline in this run,
        // from the fastest of several interleaved runs of each (robust on a loaded machine).
        let (mut legal_s, mut base_s) = (f64::MAX, f64::MAX);
        let mut buf = Vec::new();
        for _ in 0..7 {
            let t = Instant::now();
            criterion::black_box(perft(&pos, depth));
            legal_s = legal_s.min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            criterion::black_box(pseudo_perft(&pos, depth, &mut buf));
            base_s = base_s.min(t.elapsed().as_secs_f64());
        }
        println!(
            "summary {name}: {nodes} nodes, {:.1} M legal nodes/s, legal/pseudo-baseline time ratio {:.2}",
            nodes as f64 / legal_s / 1e6,
            legal_s / base_s
        );
    }
    group.finish();
}

/// The checking moves by testing every pseudo-legal move (baseline).
fn checks_by_testing(pos: &Position, pseudo: &mut Vec<Move>, out: &mut Vec<Move>) {
    pseudo.clear();
    pos.pseudo_moves(pseudo);
    let mut probe = pos.probe();
    out.extend(pseudo.iter().filter(|m| {
        m.capture != Some(Role::General) && probe.gives_check(m) && probe.keeps_general_safe(m)
    }));
}

fn bench_checks(c: &mut Criterion) {
    let mut positions = Vec::new();
    for (_, fen, _) in POSITIONS {
        let root = Position::from_fen(fen).unwrap();
        for m in root.legal_moves() {
            let p = root.after(&m);
            positions.extend(p.legal_moves().iter().map(|r| p.after(r)));
        }
    }
    let (mut pseudo, mut out) = (Vec::new(), Vec::new());
    let direct = |out: &mut Vec<Move>| {
        let mut n = 0;
        for p in &positions {
            out.clear();
            p.checking_moves_into(out);
            n += out.len();
        }
        n
    };
    let tested = |pseudo: &mut Vec<Move>, out: &mut Vec<Move>| {
        let mut n = 0;
        for p in &positions {
            out.clear();
            checks_by_testing(p, pseudo, out);
            n += out.len();
        }
        n
    };
    assert_eq!(
        direct(&mut out),
        tested(&mut pseudo, &mut out),
        "the same checks"
    );
    let mut group = c.benchmark_group("checking-moves");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("direct", |b| b.iter(|| direct(&mut out)));
    group.bench_function("test-every-move-baseline", |b| {
        b.iter(|| tested(&mut pseudo, &mut out))
    });
    group.finish();
    let (mut direct_s, mut base_s) = (f64::MAX, f64::MAX);
    for _ in 0..7 {
        let t = Instant::now();
        criterion::black_box(direct(&mut out));
        direct_s = direct_s.min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        criterion::black_box(tested(&mut pseudo, &mut out));
        base_s = base_s.min(t.elapsed().as_secs_f64());
    }
    println!(
        "summary checking-moves: {} positions, {:.0} ns a position direct, {:.0} ns testing \
         every move (baseline); baseline/direct time ratio {:.2}",
        positions.len(),
        direct_s / positions.len() as f64 * 1e9,
        base_s / positions.len() as f64 * 1e9,
        base_s / direct_s
    );
}

criterion_group!(benches, bench, bench_checks);
criterion_main!(benches);
