//! Reading moves: parsing and resolving one move text per position, per notation, against
//! generating the legal moves of the same positions (the baseline, in the same run).
//!
//! `cargo bench -p qili-notation --bench notation` runs the criterion groups, then prints
//! a table of ns per position and the ratio to the baseline, measured again in-process.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, Throughput};
use qili_notation::{movetext, Move, Notation, Position};

/// Positions of deterministic pseudo-random games from the start, with the move played.
fn workload() -> Vec<(Position, Move)> {
    let mut out = Vec::new();
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    for _ in 0..40 {
        let mut pos = Position::startpos();
        for _ in 0..100 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = moves[(seed >> 33) as usize % moves.len()];
            out.push((pos.clone(), m));
            pos.play_unchecked(&m);
        }
    }
    out
}

struct Case {
    name: &'static str,
    notation: Option<Notation>,
    texts: Vec<String>,
}

fn cases(work: &[(Position, Move)]) -> Vec<Case> {
    let mut v = vec![Case {
        name: "legal_moves (baseline)",
        notation: None,
        texts: Vec::new(),
    }];
    for (name, n) in [
        ("iccs", Notation::Iccs),
        ("chinese", Notation::Chinese),
        ("wxf", Notation::Wxf),
        ("abbreviated", Notation::ChineseShort),
    ] {
        let texts = work
            .iter()
            .map(|(p, m)| movetext::write_move(p, m, n))
            .collect();
        v.push(Case {
            name,
            notation: Some(n),
            texts,
        });
    }
    v
}

/// One pass over the workload: generate, or parse and resolve with the notation as hint.
fn run(case: &Case, work: &[(Position, Move)]) -> usize {
    let mut n = 0;
    match case.notation {
        None => {
            let mut buf = Vec::with_capacity(128);
            for (p, _) in work {
                buf.clear();
                p.legal_moves_into(&mut buf);
                n += buf.len();
            }
        }
        Some(notation) => {
            for ((p, _), t) in work.iter().zip(&case.texts) {
                n += movetext::parse_move(p, t, Some(notation)).is_ok() as usize;
            }
        }
    }
    n
}

fn unhinted(work: &[(Position, Move)], texts: &[String]) -> usize {
    work.iter()
        .zip(texts)
        .filter(|((p, _), t)| movetext::parse_move(p, t, None).is_ok())
        .count()
}

fn benches(c: &mut Criterion, work: &[(Position, Move)], cases: &[Case]) {
    let mut g = c.benchmark_group("read_move");
    g.throughput(Throughput::Elements(work.len() as u64));
    for case in cases {
        g.bench_function(case.name, |b| b.iter(|| run(black_box(case), work)));
    }
    let chinese = &cases
        .iter()
        .find(|c| c.name == "chinese")
        .expect("chinese")
        .texts;
    g.bench_function("chinese (no hint)", |b| {
        b.iter(|| unhinted(work, black_box(chinese)))
    });
    g.finish();
    let mut g = c.benchmark_group("write_move");
    g.throughput(Throughput::Elements(work.len() as u64));
    for (name, n) in [
        ("chinese", Notation::Chinese),
        ("wxf", Notation::Wxf),
        ("abbreviated", Notation::ChineseShort),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                work.iter()
                    .map(|(p, m)| movetext::write_move(p, m, n).len())
                    .sum::<usize>()
            })
        });
    }
    g.finish();
}

/// ns per position of each workload: median over `rounds` passes, the workloads taking
/// turns within each round so that a change of machine load hits all of them alike.
fn interleaved_medians(
    rounds: usize,
    per_pass: usize,
    fs: &mut [Box<dyn FnMut() -> usize + '_>],
) -> Vec<f64> {
    let mut times = vec![Vec::with_capacity(rounds); fs.len()];
    for _ in 0..rounds {
        for (f, t) in fs.iter_mut().zip(&mut times) {
            let start = Instant::now();
            black_box(f());
            t.push(start.elapsed().as_nanos() as f64 / per_pass as f64);
        }
    }
    times
        .into_iter()
        .map(|mut t| {
            t.sort_by(f64::total_cmp);
            t[rounds / 2]
        })
        .collect()
}

fn ratios(work: &[(Position, Move)], cases: &[Case]) {
    const ROUNDS: usize = 31;
    let chinese = &cases
        .iter()
        .find(|c| c.name == "chinese")
        .expect("chinese")
        .texts;
    let mut fs: Vec<Box<dyn FnMut() -> usize + '_>> = cases
        .iter()
        .map(|case| Box::new(move || run(case, work)) as Box<dyn FnMut() -> usize>)
        .collect();
    fs.push(Box::new(|| unhinted(work, chinese)));
    let ns = interleaved_medians(ROUNDS, work.len(), &mut fs);
    let names: Vec<&str> = cases
        .iter()
        .map(|c| c.name)
        .chain(["chinese (no hint)"])
        .collect();
    println!(
        "\nread_move, {} positions, median of {ROUNDS} interleaved passes (same process):",
        work.len()
    );
    println!(
        "{:<24} {:>10} {:>14} {:>12}",
        "workload", "ns/pos", "per second", "vs baseline"
    );
    for (name, t) in names.iter().zip(&ns) {
        println!(
            "{:<24} {:>10.0} {:>14.0} {:>12.3}",
            name,
            t,
            1e9 / t,
            t / ns[0]
        );
    }
}

fn main() {
    let work = workload();
    let cases = cases(&work);
    for case in &cases[1..] {
        assert_eq!(
            run(case, &work),
            work.len(),
            "{} reads every move back",
            case.name
        );
    }
    let mut c = Criterion::default().configure_from_args();
    benches(&mut c, &work, &cases);
    c.final_summary();
    let listing = std::env::args().any(|a| a == "--list" || a == "--test");
    if !listing {
        ratios(&work, &cases);
    }
}
