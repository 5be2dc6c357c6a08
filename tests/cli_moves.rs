//! `qili moves`: the text table, the JSON, and `--format ucci`, whose line follows the UCCI
//! `banmoves` syntax (`banmoves` then ICCS moves in lower case, `h2e2`, separated by single
//! spaces) and lists exactly the moves the JSON marks banned.

use std::process::Command;

fn qili(args: &[&str]) -> (String, String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_qili"))
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

/// Red's chariot checks from b9 and b8, Black's general shuffles: after 8 plies, b8b9
/// would make the position after b0b9 occur a third time.
const CHECKS: &str = "3k5/9/9/9/9/9/9/9/9/1R2K4 w - - 0 1";
const CHECK_LINE: &str = "b0b9 d9d8 b9b8 d8d9 b8b9 d9d8 b9b8 d8d9";

/// Red's chariot chases the horse (i3g3 / g3i3), Black's horse steps away and back.
const CHASE: &str = "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1";

/// Whether `line` is a UCCI `banmoves` command.
fn is_banmoves(line: &str) -> bool {
    let mut words = line.split(' ');
    words.next() == Some("banmoves")
        && words.all(|w| {
            let b = w.as_bytes();
            b.len() == 4
                && (b'a'..=b'i').contains(&b[0])
                && b[1].is_ascii_digit()
                && (b'a'..=b'i').contains(&b[2])
                && b[3].is_ascii_digit()
        })
}

#[test]
fn ucci_banmoves_follows_the_syntax_and_the_json() {
    for (fen, line) in [
        (CHECKS, CHECK_LINE),
        (CHASE, "i3g3 g8i7 g3i3 i7g8 i3g3 g8i7"),
        (CHASE, "i3g3 g8i7 g3i3 i7g8 i3g3 g8i7 g3i3"),
        ("startpos", ""),
    ] {
        let (out, err, code) = qili(&["moves", "--format", "ucci", "--fen", fen, "--moves", line]);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(out.lines().count(), 1, "{out}");
        let ucci = out.trim_end_matches('\n');
        assert!(is_banmoves(ucci), "not a banmoves command: {ucci:?}");
        let (json, _, _) = qili(&["moves", "--format", "json", "--fen", fen, "--moves", line]);
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["schema_version"], 1);
        let banned: Vec<&str> = v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["banned"] == true)
            .map(|m| m["move"].as_str().unwrap())
            .collect();
        let listed: Vec<&str> = ucci.split(' ').skip(1).collect();
        assert_eq!(listed, banned, "{fen} {line}");
        assert_eq!(v["banmoves"], serde_json::json!(banned));
    }
    let (out, _, _) = qili(&[
        "moves", "--format", "ucci", "--fen", CHECKS, "--moves", CHECK_LINE,
    ]);
    assert_eq!(out, "banmoves b8b9\n");
    // Before the threshold nothing is banned for the checker's opponent.
    let (out, _, _) = qili(&[
        "moves",
        "--format",
        "ucci",
        "--fen",
        CHECKS,
        "--moves",
        "b0b9 d9d8 b9b8 d8d9 b8b9 d9d8 b9b8",
    ]);
    assert_eq!(out, "banmoves\n");
}

#[test]
fn the_table_names_the_ruling_and_warns_before_the_threshold() {
    let (out, err, code) = qili(&[
        "moves",
        "--lang",
        "en",
        "--fen",
        CHASE,
        "--moves",
        "i3g3 g8i7 g3i3 i7g8 i3g3 g8i7",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("g3i3 车三平一  occurrence 2"), "{out}");
    assert!(out.contains("warning: 1 more ply"), "{out}");
    assert!(out.contains("Red must change"), "{out}");
    // The articles are those judge cites once the line is played.
    let (judged, _, _) = qili(&[
        "judge",
        "--format",
        "json",
        "--fen",
        CHASE,
        "--moves",
        "i3g3 g8i7 g3i3 i7g8 i3g3 g8i7 g3i3 i7g8",
    ]);
    let j: serde_json::Value = serde_json::from_str(&judged).unwrap();
    let first = j["ruling"]["articles"][0].as_str().unwrap();
    assert!(out.contains(first), "{first} in {out}");
    let (zh, _, _) = qili(&[
        "moves",
        "--fen",
        CHASE,
        "--moves",
        "i3g3 g8i7 g3i3 i7g8 i3g3 g8i7 g3i3",
    ]);
    assert!(zh.contains("第3次出现"), "{zh}");
    assert!(zh.contains("红方须变着"), "{zh}");
    let (_, err, code) = qili(&["moves", "--fen", "startpos", "--moves", "h2e2 h2e2"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("qili: "), "{err}");
}
