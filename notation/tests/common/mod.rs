//! Locating the shared test data (`shared/` beside the repository clone).

use std::path::PathBuf;

/// `shared/games/<rel>` when the shared data is present, else `None` (tests then skip).
#[allow(dead_code)]
pub fn games(rel: &str) -> Option<PathBuf> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut candidates = Vec::new();
    if let Some(dir) = std::env::var_os("QILI_SHARED") {
        candidates.push(PathBuf::from(dir));
    }
    // <clone>/notation/../../shared, and one level up for git worktrees under <dir>/wt/.
    candidates.push(manifest.join("../../shared"));
    candidates.push(manifest.join("../../../shared"));
    for c in candidates {
        let p = c.join("games").join(rel);
        if p.exists() {
            return Some(p);
        }
    }
    eprintln!("note: shared/games/{rel} not found; skipping");
    None
}
