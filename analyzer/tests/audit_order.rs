//! `audit_files` reports files in the order given, whatever the worker threads finish first,
//! a large record (streamed in batches) included, and every game exactly once.

use std::io::Write;
use std::path::PathBuf;

use qili_analyzer::audit::{audit_files, AuditConfig, STREAM_THRESHOLD};

/// A PGN game; `comment` bytes of comment after the first move.
fn game(n: usize, comment: usize) -> String {
    let mut g = format!("[Event \"game {n}\"]\n[Result \"*\"]\n\n1. h2e2 {{");
    g.push_str(&"x".repeat(comment));
    g.push_str("} h9g7 2. h0g2 i9h9 *\n\n");
    g
}

#[test]
fn files_are_reported_in_order_with_a_streamed_record_among_them() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/audit-order-test");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // More small files than one chunk of the pipeline, the large one in the middle.
    let mut files = Vec::new();
    for i in 0..1500 {
        let path = dir.join(format!("{i:04}.pgn"));
        if i == 700 {
            // Three games whose comments take the file past the streaming threshold.
            let pad = STREAM_THRESHOLD as usize / 3 + 1024;
            let mut f = std::fs::File::create(&path).unwrap();
            for k in 0..3 {
                f.write_all(game(k, pad).as_bytes()).unwrap();
            }
        } else {
            std::fs::write(&path, game(i, 4)).unwrap();
        }
        files.push(path);
    }
    let config = AuditConfig {
        jobs: Some(2),
        ..AuditConfig::default()
    };
    let mut seen: Vec<(String, usize)> = Vec::new();
    let summary = audit_files(&files, &config, |games| {
        seen.extend(games.iter().map(|g| (g.file.clone(), g.index)));
    })
    .unwrap();
    let _ = std::fs::remove_dir_all(&dir);

    let expected: Vec<(String, usize)> = files
        .iter()
        .enumerate()
        .flat_map(|(i, p)| {
            let n = if i == 700 { 3 } else { 1 };
            (1..=n).map(move |k| (p.display().to_string(), k))
        })
        .collect();
    assert_eq!(seen.len(), expected.len());
    assert_eq!(seen, expected);
    assert_eq!(summary.files, 1500);
    assert_eq!(summary.games_read, 1502);
}
