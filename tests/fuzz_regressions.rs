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
    winboard,
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

fn read(target: &str, name: &str) -> Vec<u8> {
    std::fs::read(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/fuzz")
            .join(target)
            .join(name),
    )
    .unwrap()
}

/// The saved long games, with the length each was saved for. The fuzz targets make long
/// games and large files for a share of the inputs chosen by a hash of the whole input
/// (fuzz/README.md); the share may change, so these are replayed at their saved length
/// whatever the share makes of them now.
const LONG_GAMES: [(&str, usize); 4] = [
    ("long-loop", 40_000),
    // The two inputs on which the incremental API used to be quadratic (fuzz/README.md).
    ("incremental-wandering-40k", 40_000),
    ("incremental-wandering-4k", 4_000),
    // The input on which `judge` measured the position graph's region once per cycle, over
    // the whole graph each time: 50 s and 770 MB (issue 14 campaign, fuzz/README.md).
    ("region-40k", 40_000),
];

/// The saved large files (each expands past the 64 KiB head read in memory).
const LARGE_FILES: [&str; 5] = [
    "long-game",
    "many-games",
    "deep-variations",
    "long-comment",
    // 1 MiB of DhtmlXQ fields without closing tags: each field searched the rest of the text
    // for its closing tag, 82 s (issue 14 campaign, fuzz/README.md).
    "dhtmlxq-fields-1m",
];

#[test]
fn saved_long_games_replay_at_their_length() {
    for (name, plies) in LONG_GAMES {
        let data = read("judge", name);
        assert_eq!(checks::decoded_plies(&data, plies), plies, "{name}");
        let result = std::panic::catch_unwind(|| checks::judge_game_capped(&data, plies));
        assert!(result.is_ok(), "judge: {name} at {plies} plies fails again");
    }
}

#[test]
fn saved_large_files_replay_large() {
    for name in LARGE_FILES {
        let data = read("large", name);
        let file = checks::expand(&data, checks::LARGE_MAX).unwrap();
        assert!(file.len() > 64 << 10, "{name}: {} bytes", file.len());
        let result = std::panic::catch_unwind(|| checks::large_capped(&data, checks::LARGE_MAX));
        assert!(result.is_ok(), "large: {name} fails again");
    }
}
