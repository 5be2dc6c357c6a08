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

/// The saved long inputs still make what they were saved for: long games and large files
/// come from a share of the inputs chosen by a hash of the whole input (fuzz/README.md),
/// so an input edited by hand may fall out of it.
#[test]
fn saved_long_inputs_stay_long() {
    let read = |target: &str, name: &str| {
        std::fs::read(
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("tests/data/fuzz")
                .join(target)
                .join(name),
        )
        .unwrap()
    };
    assert_eq!(checks::decoded_plies(&read("judge", "long-loop")), 40_000);
    // The two inputs on which the incremental API used to be quadratic (fuzz/README.md).
    assert_eq!(
        checks::decoded_plies(&read("judge", "incremental-wandering-40k")),
        40_000
    );
    assert_eq!(
        checks::decoded_plies(&read("judge", "incremental-wandering-4k")),
        4_000
    );
    for name in ["long-game", "many-games", "deep-variations", "long-comment"] {
        let file = checks::expand(&read("large", name)).unwrap();
        assert!(file.len() > 64 << 10, "{name}: {} bytes", file.len());
    }
}
