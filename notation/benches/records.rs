//! Record reading speed: games per second reading CCPD (Big5 PGN, traditional Chinese
//! notation), against a baseline measured in the same run: reading the same files and
//! decoding them from Big5 to UTF-8, without parsing. The ratio (parse + resolve cost per
//! game, in units of raw read + decode) is printed at the end. Skips when shared/ is absent.
//!
//! `cargo bench -p qili-notation --bench records`

// `criterion_group!` writes a public function without documentation.
#![allow(missing_docs)]

#[path = "../tests/common/mod.rs"]
mod common;

use std::path::PathBuf;
use std::time::Instant;

use criterion::{criterion_group, Criterion, Throughput};
use qili_notation::encoding;
use qili_notation::record::{collect_files, read_file};

/// Every 10th CCPD game file (2,795 files), or `None` without the shared data.
fn sample() -> Option<Vec<PathBuf>> {
    let dir = common::games("ccpd/Dataset/對局")?;
    let files: Vec<PathBuf> = collect_files(&[dir])
        .into_iter()
        .collect::<Result<_, _>>()
        .ok()?;
    Some(files.into_iter().step_by(10).collect())
}

fn baseline(files: &[PathBuf]) -> usize {
    let mut chars = 0;
    for f in files {
        let bytes = std::fs::read(f).unwrap();
        chars += encoding::decode(&bytes).1.len();
    }
    chars
}

fn read_all(files: &[PathBuf]) -> usize {
    let mut plies = 0;
    for f in files {
        for g in read_file(f).unwrap() {
            plies += g.game.moves.len();
        }
    }
    plies
}

fn bench(c: &mut Criterion) {
    let Some(files) = sample() else {
        return;
    };
    let mut group = c.benchmark_group("ccpd");
    group.sample_size(10);
    group.throughput(Throughput::Elements(files.len() as u64));
    group.bench_function("baseline: read + Big5 decode", |b| {
        b.iter(|| baseline(&files))
    });
    group.bench_function("read_file (games)", |b| b.iter(|| read_all(&files)));
    group.finish();
}

/// Best of three timed passes.
fn best(f: impl Fn() -> usize) -> f64 {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(f());
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn ratio() {
    let Some(files) = sample() else { return };
    let base = best(|| baseline(&files));
    let full = best(|| read_all(&files));
    let n = files.len() as f64;
    println!(
        "ccpd sample: {} games; baseline (read + decode) {:.0} games/s; read_file {:.0} games/s; \
         read_file takes {:.2}x the baseline time",
        files.len(),
        n / base,
        n / full,
        full / base
    );
}

criterion_group!(benches, bench);

fn main() {
    benches();
    ratio();
    Criterion::default().configure_from_args().final_summary();
}
