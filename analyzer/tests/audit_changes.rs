//! An audit never loses games quietly when files change under it (issue 37): a file is
//! taken once (its rest read from the handle its first games came from), at most
//! `MAX_HELD` files are held open, the others opened again only if unchanged, and a file
//! rewritten or gone before its rest is read is reported as a failure of kind `changed`.

use std::collections::BTreeMap;
use std::path::PathBuf;

use qili_analyzer::audit::{audit_files, AuditConfig, FailureKind, MAX_HELD};

/// Games per file.
const GAMES: usize = 100;

/// `n` files of [`GAMES`] games each, larger than the detection sample (so that they are
/// streamed from an open file, not read whole at once).
fn files(tag: &str, n: usize) -> (PathBuf, Vec<PathBuf>) {
    let dir = std::env::temp_dir().join(format!("qili-audit-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let pad = "x".repeat(70 * 1024);
    let mut text = format!("[Event \"1\"]\n1. h2e2 {{{pad}}} h9g7 *\n\n");
    for g in 2..=GAMES {
        text.push_str(&format!("[Event \"{g}\"]\n1. h2e2 h9g7 *\n\n"));
    }
    let paths: Vec<PathBuf> = (0..n)
        .map(|i| {
            let p = dir.join(format!("f{i:03}.pgn"));
            std::fs::write(&p, &text).unwrap();
            p
        })
        .collect();
    (dir, paths)
}

/// Per file: the games reported and the failures, in order.
type Seen = BTreeMap<String, (Vec<usize>, Vec<(usize, FailureKind)>)>;

fn audit(paths: &[PathBuf], mut change: impl FnMut()) -> (Seen, usize) {
    let mut seen = Seen::new();
    let mut first = true;
    let config = AuditConfig {
        jobs: Some(2),
        ..AuditConfig::default()
    };
    let summary = audit_files(paths, &config, |games| {
        for g in games {
            let e = seen.entry(g.file.clone()).or_default();
            match &g.error {
                None => e.0.push(g.index),
                Some(f) => e.1.push((g.index, f.kind)),
            }
        }
        if first {
            first = false;
            change();
        }
    })
    .unwrap();
    (seen, summary.games_failed_total())
}

#[test]
fn files_removed_during_the_audit_are_read_whole_or_reported() {
    let n = MAX_HELD + 20;
    let (dir, paths) = files("removed", n);
    let (seen, failed) = audit(&paths, || {
        for p in &paths {
            std::fs::remove_file(p).unwrap();
        }
    });
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(seen.len(), n);
    let mut lost = 0;
    for (file, (games, failures)) in &seen {
        if games.len() == GAMES {
            assert!(failures.is_empty(), "{file}: {failures:?}");
        } else {
            // Not held open (beyond MAX_HELD): gone when its turn came, and said so.
            assert_eq!(games, &(1..=64).collect::<Vec<_>>(), "{file}");
            assert_eq!(failures, &[(65, FailureKind::Changed)], "{file}");
            lost += 1;
        }
    }
    // The files held open are read whole from their handles; the others are reported.
    assert!(lost >= n - MAX_HELD, "{lost}");
    assert_eq!(failed, lost);
}

#[test]
fn files_rewritten_during_the_audit_are_reported_not_mixed() {
    let n = MAX_HELD + 20;
    let (dir, paths) = files("rewritten", n);
    let (seen, failed) = audit(&paths, || {
        for p in &paths {
            // The same file, cut and written again: 36 new games.
            let text: String = (1..=36)
                .map(|g| format!("[Event \"new {g}\"]\n1. c3c4 *\n\n"))
                .collect();
            std::fs::write(p, text).unwrap();
        }
    });
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(seen.len(), n);
    for (file, (games, failures)) in &seen {
        // The games read before the change (64, and for a file held open the one read to
        // know there were more), then the change: nothing of the new text.
        let k = games.len();
        assert!(k == 64 || k == 65, "{file}: {k}");
        assert_eq!(games, &(1..=k).collect::<Vec<_>>(), "{file}");
        assert_eq!(failures, &[(k + 1, FailureKind::Changed)], "{file}");
    }
    assert_eq!(failed, n);
}
