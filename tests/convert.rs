//! `qili convert` through the real binary: JSON Lines shape, errors as lines, PGN round
//! trips, and the whole CCPD collection against its ICCS index (skipped without shared/).

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

use qili_notation::encoding;
use serde_json::Value;

fn qili(args: &[&str]) -> (u8, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_qili"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(255) as u8,
        String::from_utf8(out.stdout).expect("UTF-8 output"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp_file(name: &str, content: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qili-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, content).unwrap();
    p
}

fn lines(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

const TWO_GAMES: &str =
    "[Event \"one\"]\n[Red \"R\"]\n[Format \"ICCS\"]\n\n1. h2e2 h9g7 2. h0g2 {ok} 1-0\n\n\
[Event \"two\"]\n\n1. h2e2 h9g7 2. h2h9 i9h9 0-1\n";

#[test]
fn json_lines_keep_failed_games() {
    let p = temp_file("two.pgn", TWO_GAMES.as_bytes());
    let (code, out, _) = qili(&["convert", "--to", "json", p.to_str().unwrap()]);
    assert_eq!(code, 1, "a game with an error gives exit code 1");
    let v = lines(&out);
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["schema_version"], 2);
    assert_eq!(v[0]["index"], 1, "games count from 1");
    assert_eq!(v[0]["tags"]["Event"], "one");
    assert_eq!(v[0]["moves"], serde_json::json!(["h2e2", "h9g7", "h0g2"]));
    assert_eq!(v[0]["result"], "1-0");
    assert_eq!(v[0]["error"], Value::Null);
    assert_eq!(
        v[0]["fen"],
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    );
    // Game two: h2h9 jumps over nothing to capture... it is not a legal cannon move.
    assert_eq!(v[1]["index"], 2);
    assert_eq!(v[1]["moves"], serde_json::json!(["h2e2", "h9g7"]));
    let e = &v[1]["error"];
    assert_eq!(e["kind"], "illegal_move");
    assert_eq!(e["ply"], 3);
    let off = e["byte_offset"].as_u64().unwrap() as usize;
    assert!(
        TWO_GAMES[off..].starts_with("h2h9"),
        "offset {off} points at the move"
    );
}

#[test]
fn pgn_round_trip_through_iccs() {
    let text = "[Event \"v\"]\n\n1. h2e2 {centre} h9g7 (1... b9c7 2. h0g2 (2. b0c2) h7e7) 2. h0g2 $1 i9h9 *\n";
    let p = temp_file("var.pgn", text.as_bytes());
    let (code, out, err) = qili(&["convert", "--to", "iccs", p.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("[Format \"ICCS\"]"));
    assert!(out.contains("{centre}"));
    assert!(
        out.contains("(1... b9c7 2. h0g2 (2. b0c2) 2... h7e7)"),
        "{out}"
    );
    assert!(out.contains("$1"));
    // Converting the output again gives the same text.
    let q = temp_file("var2.pgn", out.as_bytes());
    let (_, again, _) = qili(&["convert", "--to", "iccs", q.to_str().unwrap()]);
    assert_eq!(again, out);
}

#[test]
fn unreadable_file_is_reported_and_others_go_on() {
    let good = temp_file("good.pgn", b"1. h2e2 *\n");
    let (code, out, err) = qili(&[
        "convert",
        "--to",
        "json",
        "/nonexistent/qili.pgn",
        good.to_str().unwrap(),
    ]);
    // docs/exit-codes.md: a path could not be read, another was.
    assert_eq!(code, 1);
    assert!(err.contains("/nonexistent/qili.pgn"), "{err}");
    assert_eq!(lines(&out).len(), 1);
}

fn shared_games(rel: &str) -> Option<PathBuf> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut roots: Vec<PathBuf> = std::env::var_os("QILI_SHARED")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    roots.push(manifest.join("../shared"));
    roots.push(manifest.join("../../shared"));
    let found = roots
        .into_iter()
        .map(|r| r.join("games").join(rel))
        .find(|p| p.exists());
    if found.is_none() {
        eprintln!("note: shared/games/{rel} not found; skipping");
    }
    found
}

/// The CCPD index: file → (ICCS moves that replay, whether the whole game replays).
fn ccpd_index(ccpd: &Path) -> HashMap<String, (Vec<String>, bool)> {
    let gz = std::fs::File::open(ccpd.join("index_unique_games.jsonl.gz")).unwrap();
    let mut text = String::new();
    flate2::read::GzDecoder::new(gz)
        .read_to_string(&mut text)
        .unwrap();
    text.lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            let moves = v["iccs"]
                .as_str()
                .unwrap()
                .split_whitespace()
                .map(str::to_owned)
                .collect();
            (
                v["file"].as_str().unwrap().to_owned(),
                (moves, v["replay_ok"].as_bool().unwrap()),
            )
        })
        .collect()
}

#[test]
fn ccpd_whole_collection_matches_index() {
    let Some(ccpd) = shared_games("ccpd") else {
        return;
    };
    let index = ccpd_index(&ccpd);
    assert_eq!(index.len(), 27_950);
    let dir = ccpd.join("Dataset/對局");
    let (_, out, _) = qili(&["convert", "--to", "json", dir.to_str().unwrap()]);
    let games = lines(&out);
    assert_eq!(games.len(), 27_950);
    let prefix = format!("{}/", ccpd.display());
    let mut ok = 0;
    let mut errors = Vec::new();
    for g in &games {
        let file = g["file"]
            .as_str()
            .unwrap()
            .strip_prefix(&prefix)
            .unwrap()
            .to_owned();
        let (expected, replays) = &index[&file];
        let moves: Vec<String> = g["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_owned())
            .collect();
        assert_eq!(&moves, expected, "{file}: moves differ from the index");
        if g["error"].is_null() {
            assert!(
                replays,
                "{file}: read cleanly but the index says it does not replay"
            );
            ok += 1;
        } else {
            let ply = g["error"]["ply"].as_u64().unwrap() as usize;
            assert_eq!(
                ply,
                expected.len() + 1,
                "{file}: error at the first move that fails"
            );
            // The offset (in the Big5 file) points at the move the message names.
            let off = g["error"]["byte_offset"].as_u64().unwrap() as usize;
            let raw = std::fs::read(ccpd.join(&file)).unwrap();
            let there = encoding::decode_as(&raw[off..], encoding::Encoding::Big5);
            let message = g["error"]["message"].as_str().unwrap();
            let named = message.split('"').nth(1).unwrap();
            assert!(
                there.starts_with(named),
                "{file}: {message} but byte {off} holds {there:.10}"
            );
            errors.push((file, ply));
        }
    }
    assert!(ok >= 27_946, "{ok} games read cleanly; errors: {errors:?}");
    assert_eq!(errors.len(), 4, "{errors:?}");
    assert!(errors.contains(&(
        "Dataset/對局/大師對局/以賽事分類/其他/00000753.pgn".to_owned(),
        70
    )));
    assert_eq!(
        errors
            .iter()
            .filter(|(f, _)| f.contains("電腦對局"))
            .count(),
        3
    );
}
