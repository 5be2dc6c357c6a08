//! Memory that does not depend on where a file falls relative to the streaming threshold
//! (issue 14): a small file with many games is handed over in bounded batches, as a large
//! one is, each game once and in order.

use qili_analyzer::audit::{audit_files, AuditConfig, STREAM_THRESHOLD};

#[test]
fn a_small_file_with_many_games_is_audited_in_bounded_batches() {
    let dir = std::env::temp_dir().join(format!("qili-audit-batches-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("many.pgn");
    let games = 1000;
    let text: String = (1..=games)
        .map(|n| format!("[Event \"{n}\"]\n[Result \"*\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n\n"))
        .collect();
    assert!((text.len() as u64) < STREAM_THRESHOLD);
    std::fs::write(&path, text).unwrap();
    let config = AuditConfig {
        jobs: Some(2),
        ..AuditConfig::default()
    };
    let mut calls = Vec::new();
    let mut seen = Vec::new();
    let summary = audit_files(&[path], &config, |games| {
        calls.push(games.len());
        seen.extend(games.iter().map(|g| g.index));
    })
    .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        seen,
        (1..=games).collect::<Vec<_>>(),
        "each game once, in order"
    );
    assert_eq!(summary.games_read, games);
    assert_eq!(summary.files, 1);
    // Never the whole file at once: memory holds a batch, not the file.
    assert!(calls.len() > 1, "{calls:?}");
    assert!(calls.iter().all(|&n| n <= 256), "{calls:?}");
}
