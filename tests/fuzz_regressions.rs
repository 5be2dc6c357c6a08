//! Replays every saved fuzz input (minimized crashes and hand-made hostile seeds in
//! `tests/data/fuzz/<target>/`) through the same property check the fuzz target runs
//! (`fuzz/checks/`). A failure here is a crash the fuzzer once found coming back.

use std::path::PathBuf;

#[path = "../fuzz/checks/mod.rs"]
mod checks;

fn replay(target: &str, check: fn(&[u8])) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fuzz")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no saved inputs in {}", dir.display());
    for path in files {
        let data = std::fs::read(&path).unwrap();
        let result = std::panic::catch_unwind(|| check(&data));
        assert!(result.is_ok(), "{target}: {} fails again", path.display());
    }
}

macro_rules! targets {
    ($($name:ident),* $(,)?) => {$(
        #[test]
        fn $name() {
            replay(stringify!($name), checks::$name);
        }
    )*};
}

targets!(
    fen,
    iccs,
    ucci,
    movegen,
    chinese,
    abbreviated,
    wxf,
    pgn,
    xqf,
    cbr,
    cbf,
    dhtmlxq,
    text,
    any,
    large,
);

#[test]
fn judge() {
    replay("judge", checks::judge_game);
}
