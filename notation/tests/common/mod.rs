//! Test data: the shared data (`shared/` beside the repository clone) and this crate's
//! `tests/data`. Each test crate uses part of this.
#![allow(dead_code)]

use std::path::PathBuf;

/// `shared/<rel>`: from `$QILI_SHARED`, else a `shared` folder beside the repository
/// (CI: `<clone>/../shared`) or beside one of its parents (worktrees sit deeper). `None`
/// (and a note) when absent: the test then skips.
pub fn shared(rel: &str) -> Option<PathBuf> {
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut candidates: Vec<PathBuf> = std::env::var_os("QILI_SHARED")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    candidates.extend(
        crate_dir
            .ancestors()
            .skip(2)
            .take(3)
            .map(|d| d.join("shared")),
    );
    let found = candidates.iter().map(|d| d.join(rel)).find(|p| p.exists());
    if found.is_none() {
        eprintln!("note: shared/{rel} is absent, skipping");
    }
    found
}

/// `shared/games/<rel>` (see [`shared`]).
pub fn games(rel: &str) -> Option<PathBuf> {
    shared(&format!("games/{rel}"))
}

/// The text of `tests/data/<name>`.
pub fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}
