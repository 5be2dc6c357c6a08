//! Bounded memory: auditing a synthetic PGN of about 1 GB (generated into target/, never
//! committed) must not need more memory than auditing one of about 64 MB. Ignored by
//! default (it writes ~1.1 GB and takes a minute or two):
//!
//! ```sh
//! cargo test --release -p qili-analyzer --test bounded_memory -- --ignored --nocapture
//! QILI_BIG_MB=256 cargo test ...   # a smaller big file
//! ```
//!
//! It prints the peak resident set (VmHWM) after each audit.

use std::io::{BufWriter, Write};
use std::path::PathBuf;

use qili_analyzer::audit::{audit_files, AuditConfig};
use qili_notation::{Iccs, Position};

/// Peak resident set of this process, in KiB (Linux), or `None`.
fn vm_hwm_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// A few distinct legal games (seeded random walks of 60 plies), as ICCS texts.
fn game_bodies() -> Vec<Vec<String>> {
    (1..=32u64)
        .map(|seed| {
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut pos = Position::startpos();
            let mut moves = Vec::new();
            for _ in 0..60 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let m = legal[(x >> 16) as usize % legal.len()];
                moves.push(Iccs::from_move(&m).to_string());
                pos.play_unchecked(&m);
            }
            moves
        })
        .collect()
}

/// Writes a PGN of about `mb` MiB: the bodies in turn, every 8th game a horse shuffle
/// repeated until a position occurs three times (so the audit judges it).
fn write_pgn(path: &PathBuf, mb: u64) -> u64 {
    let bodies = game_bodies();
    let dance = ["h0g2", "h9g7", "g2h0", "g7h9"];
    let mut w = BufWriter::with_capacity(1 << 20, std::fs::File::create(path).unwrap());
    let (mut written, mut games) = (0u64, 0u64);
    while written < mb << 20 {
        let mut g = format!("[Event \"synthetic {games}\"]\n[Result \"*\"]\n\n");
        let moves: Vec<&str> = if games % 8 == 7 {
            dance.iter().cycle().take(12).copied().collect()
        } else {
            bodies[games as usize % bodies.len()]
                .iter()
                .map(String::as_str)
                .collect()
        };
        for (i, m) in moves.iter().enumerate() {
            if i % 2 == 0 {
                g.push_str(&format!("{}. ", i / 2 + 1));
            }
            g.push_str(m);
            g.push(' ');
        }
        g.push_str("*\n\n");
        w.write_all(g.as_bytes()).unwrap();
        written += g.len() as u64;
        games += 1;
    }
    w.flush().unwrap();
    games
}

fn audit(path: &std::path::Path) -> (usize, u64) {
    let files = vec![path.to_path_buf()];
    let mut seen = 0usize;
    let summary = audit_files(&files, &AuditConfig::default(), |games| {
        seen += games.len();
    })
    .unwrap();
    assert_eq!(summary.games_read, seen);
    assert_eq!(summary.files, 1);
    (
        summary.games_read,
        summary.games_with_ruling_threshold as u64,
    )
}

#[test]
#[ignore = "writes ~1 GB into target/ and audits it; run with --ignored"]
fn auditing_a_1gb_pgn_takes_no_more_memory_than_a_small_one() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/bounded-memory");
    std::fs::create_dir_all(&dir).unwrap();
    let big_mb: u64 = std::env::var("QILI_BIG_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1024);
    let small = dir.join("small.pgn");
    let big = dir.join("big.pgn");
    let small_games = write_pgn(&small, 64);
    let t = std::time::Instant::now();
    let (read, judged) = audit(&small);
    assert_eq!(read as u64, small_games);
    assert!(judged > 0);
    let after_small = vm_hwm_kib();
    eprintln!(
        "64 MiB: {read} games in {:.1} s, VmHWM {after_small:?} KiB",
        t.elapsed().as_secs_f64()
    );
    let big_games = write_pgn(&big, big_mb);
    let t = std::time::Instant::now();
    let (read, _) = audit(&big);
    assert_eq!(read as u64, big_games);
    let after_big = vm_hwm_kib();
    eprintln!(
        "{big_mb} MiB: {read} games in {:.1} s, VmHWM {after_big:?} KiB",
        t.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_file(&small);
    let _ = std::fs::remove_file(&big);
    if let (Some(a), Some(b)) = (after_small, after_big) {
        assert!(
            b < a + 32 * 1024,
            "peak memory grew from {a} KiB to {b} KiB with the file"
        );
    }
}
