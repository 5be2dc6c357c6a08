//! `record::walk` and `collect_files`: the order of the files, path problems as items,
//! special files and loops (issue 14). Inputs are made in a temporary folder.

use std::path::{Path, PathBuf};

use qili_notation::record::{self, PathError};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qili-walk-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn rel(dir: &Path, items: &[Result<PathBuf, PathError>]) -> Vec<String> {
    items
        .iter()
        .map(|r| match r {
            Ok(p) => p.strip_prefix(dir).unwrap().display().to_string(),
            Err(e) => format!(
                "{}: {}",
                e.name(),
                Path::new(e.path()).strip_prefix(dir).unwrap().display()
            ),
        })
        .collect()
}

#[test]
fn files_come_in_the_order_of_their_paths_and_hidden_ones_are_skipped() {
    let dir = temp_dir("order");
    for f in [
        "a/b-c",
        "a/b/c",
        "a.pgn",
        "a/b.pgn",
        "a/a/z",
        "a b/x",
        "ab",
        ".hidden/x",
        "a/.h",
    ] {
        let p = dir.join(f);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, "x").unwrap();
    }
    let found = record::collect_files(&[&dir]);
    let mut want: Vec<PathBuf> = found.iter().map(|r| r.as_ref().unwrap().clone()).collect();
    want.sort();
    let got: Vec<PathBuf> = found.into_iter().map(Result::unwrap).collect();
    assert_eq!(got, want, "path order");
    assert_eq!(
        rel(&dir, &got.into_iter().map(Ok).collect::<Vec<_>>()),
        ["a/a/z", "a/b/c", "a/b-c", "a/b.pgn", "a b/x", "a.pgn", "ab"]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn special_files_loops_and_missing_paths_are_items_in_their_place() {
    use std::os::unix::fs::symlink;
    let dir = temp_dir("problems");
    std::fs::create_dir_all(dir.join("d/sub")).unwrap();
    std::fs::write(dir.join("d/a.pgn"), "x").unwrap();
    std::fs::write(dir.join("d/sub/b.pgn"), "x").unwrap();
    symlink("/dev/null", dir.join("d/null.pgn")).unwrap();
    symlink("..", dir.join("d/sub/up")).unwrap();
    symlink(".", dir.join("d/self")).unwrap();
    symlink("a.pgn", dir.join("d/z.pgn")).unwrap();
    let fifo = dir.join("d/fifo.pgn");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let items = record::walk(&[dir.join("d"), dir.join("missing")], |_| true);
    assert_eq!(
        rel(&dir, &items),
        [
            "d/a.pgn",
            "not_a_file: d/fifo.pgn",
            "not_a_file: d/null.pgn",
            "symlink_loop: d/self",
            "d/sub/b.pgn",
            "symlink_loop: d/sub/up",
            "duplicate: d/z.pgn",
            "io: missing",
        ]
    );
    // Every message names its path.
    for e in items.iter().filter_map(|r| r.as_ref().err()) {
        assert!(e.to_string().starts_with(e.path()), "{e}");
    }
    // Reading a special file directly is refused without opening it (a FIFO would block).
    let e = record::read_file(&fifo).unwrap_err();
    assert!(
        matches!(e, record::ReadError::NotAFile { what: "FIFO", .. }),
        "{e}"
    );
    let e = record::read_file(dir.join("d/null.pgn")).unwrap_err();
    assert!(e.to_string().contains("character device"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}
