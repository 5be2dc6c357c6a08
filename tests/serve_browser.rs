//! The arbiter's page of `qili serve` in headless Chromium, driven by Playwright
//! (`tests/browser/desk.test.mjs`, playwright-core from the npm registry with Debian's
//! chromium): a position set up by clicks and a perpetual chase played by clicks, a FEN
//! pasted with moves in Chinese notation, a CCPD game uploaded, a file of several games,
//! and the page at a phone's width, each with its ruling read off the page; screenshots
//! go to `target/tmp/desk-shots/`.
//!
//! Skips with a note when `tests/browser/node_modules` (`npm ci --prefix tests/browser`),
//! node or chromium is missing, except under CI (`CI` set), where `.ci/run` installs them
//! and their absence is a failure.

#[path = "support/server.rs"]
mod server;

use std::path::{Path, PathBuf};
use std::process::Command;

fn missing(what: &str, how: &str) {
    assert!(
        std::env::var_os("CI").is_none(),
        "{what} is missing under CI: .ci/run should have installed it ({how})"
    );
    eprintln!("note: {what} not found; skipping the browser tests of the page ({how})");
}

#[test]
fn the_desk_in_headless_chromium() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("tests/browser");
    if !dir.join("node_modules/playwright-core").is_dir() {
        return missing(
            "tests/browser/node_modules",
            "npm ci --prefix tests/browser",
        );
    }
    let chromium = std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    if !chromium.exists() {
        return missing("chromium", "apt-get install chromium");
    }
    if Command::new("node").arg("--version").output().is_err() {
        return missing("node", "apt-get install nodejs npm");
    }
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("desk-shots");
    let _ = std::fs::remove_dir_all(&shots);
    std::fs::create_dir_all(&shots).unwrap();
    let ccpd = server::shared()
        .map(|s| s.join("games/ccpd/Dataset/對局/大師對局/以棋手分類/呂欽/00000029.pgn"))
        .filter(|p| p.exists());
    if ccpd.is_none() {
        eprintln!("note: shared/games/ccpd not found; the CCPD upload is skipped");
    }
    let s = server::Server::start(&[]);
    let mut cmd = Command::new("node");
    cmd.args(["--test", "--test-reporter=spec", "desk.test.mjs"])
        .current_dir(&dir)
        .env("QILI_URL", s.url())
        .env("QILI_SHOTS", &shots)
        .env("QILI_MULTI", root.join("corpus/games/endgames.iccs"))
        .env("CHROMIUM", &chromium);
    if let Some(p) = &ccpd {
        cmd.env("QILI_CCPD", p);
    }
    let o = cmd.output().expect("node runs");
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    println!("{out}\n{err}");
    assert!(
        o.status.success(),
        "the browser tests failed:\n{out}\n{err}"
    );
    for shot in ["desk-chase-by-clicks.png", "desk-phone-ruling.png"] {
        let len = std::fs::metadata(shots.join(shot))
            .map(|m| m.len())
            .unwrap_or(0);
        assert!(len > 10_000, "{shot}: {len} bytes");
    }
    eprintln!("screenshots: {}", shots.display());
}
