//! `qili judge` through the real binary.

use std::io::Write;
use std::process::{Command, Output};

const CHECK_FEN: &str = "4k4/8R/9/9/9/9/9/9/9/3K5 w - - 0 1";
const CHECK_MOVES: &str = "i8i9 e9e8 i9i8 e8e9 i8i9 e9e8 i9i8 e8e9";

fn qili(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qili"))
        .args(args)
        .output()
        .expect("qili runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

/// The same perpetual check under the default rules, CXA 2011/2020 (图6): the checker must
/// change, and the figure is cited.
#[test]
fn perpetual_check_must_change_under_cxa() {
    let o = qili(&[
        "judge",
        "--format",
        "json",
        "--fen",
        CHECK_FEN,
        "--moves",
        CHECK_MOVES,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let j = json(&o);
    assert_eq!(j["rules"], "cxa");
    assert_eq!(j["ruling"]["result"], "black_wins");
    assert_eq!(j["ruling"]["status"], "must_change");
    assert!(
        j["ruling"]["articles"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a == "CXA2020 图6"),
        "{j}"
    );
}

#[test]
fn perpetual_check_as_json() {
    // CXA 1999: the one-sided perpetual checker loses at once (24.1); CXA 2011/2020 (the
    // default) makes it change first (图6, `perpetual_check_must_change_under_cxa`).
    let o = qili(&[
        "judge",
        "--rules",
        "cxa1999",
        "--format",
        "json",
        "--fen",
        CHECK_FEN,
        "--moves",
        CHECK_MOVES,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let j = json(&o);
    assert_eq!(j["schema_version"], 1);
    assert_eq!(j["rules"], "cxa1999");
    assert_eq!(j["ruling"]["result"], "black_wins");
    assert_eq!(j["ruling"]["status"], "final");
    assert_eq!(j["ruling"]["source"], "cycle");
    assert_eq!(j["ruling"]["cycle"], 0);
    let articles: Vec<&str> = j["ruling"]["articles"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|a| a.as_str())
        .collect();
    assert!(articles.contains(&"CXA1999 24.1"), "{articles:?}");
    assert!(j["ruling"]["explanation"]["zh"]
        .as_str()
        .unwrap()
        .contains("长将"));
    assert!(j["ruling"]["explanation"]["en"]
        .as_str()
        .unwrap()
        .contains("perpetual check"));
    let c = &j["cycles"][0];
    assert_eq!(
        (
            c["first_ply"].as_u64(),
            c["period"].as_u64(),
            c["occurrences"].as_u64()
        ),
        (Some(0), Some(4), Some(3))
    );
    assert_eq!(c["in_force"], true);
    assert_eq!(c["red"]["conduct"], "perpetual_check");
    assert_eq!(c["black"]["conduct"], "idle");
    assert_eq!(j["moves"].as_array().unwrap().len(), 8);
    assert_eq!(j["moves"][0]["iccs"], "i8i9");
    assert_eq!(j["moves"][0]["labels"][0], "check");
    assert_eq!(j["natural_limit"]["limit"], 60);
}

#[test]
fn text_in_both_languages() {
    let o = qili(&[
        "judge",
        "--lang",
        "en",
        "--rules",
        "axf",
        "--fen",
        CHECK_FEN,
        "--moves",
        CHECK_MOVES,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let t = stdout(&o);
    // AXF r6 (D1–3 "R must change"), r3: a must-change at the threshold (CXA: loses at once).
    assert!(
        t.starts_with("Ruling (AXF): Red must change; if it repeats the cycle, Black wins"),
        "{t}"
    );
    assert!(t.contains("AXF r6 (D1–3)") && t.contains("AXF r3"), "{t}");
    let o = qili(&[
        "judge",
        "--rules",
        "cxa1999",
        "--fen",
        CHECK_FEN,
        "--moves",
        CHECK_MOVES,
    ]);
    assert!(
        stdout(&o).starts_with("裁决（中国象棋协会规则（1999年版））：黑胜"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn repetitions_setting() {
    // Two occurrences are enough with --repetitions 2; with 4 the cycle is not yet in force.
    let o = qili(&[
        "judge",
        "--format",
        "json",
        "--repetitions",
        "2",
        "--fen",
        CHECK_FEN,
        "--moves",
        "i8i9 e9e8 i9i8 e8e9",
    ]);
    assert_eq!(json(&o)["ruling"]["result"], "black_wins");
    let o = qili(&[
        "judge",
        "--format",
        "json",
        "--repetitions",
        "4",
        "--fen",
        CHECK_FEN,
        "--moves",
        CHECK_MOVES,
    ]);
    let j = json(&o);
    assert_eq!(j["ruling"]["result"], "none");
    assert_eq!(j["ruling"]["status"], "none");
    assert_eq!(j["cycles"][0]["in_force"], false);
    assert_eq!(j["cycles"][0]["verdict"]["result"], "black_wins");
    assert_eq!(
        qili(&["judge", "--repetitions", "1", "--fen", CHECK_FEN])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn files_ucci_and_fen_lines() {
    let dir = std::env::temp_dir().join(format!("qili-cli-judge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ucci = dir.join("game.ucci");
    writeln!(
        std::fs::File::create(&ucci).unwrap(),
        "position fen {CHECK_FEN} moves {CHECK_MOVES}"
    )
    .unwrap();
    let o = qili(&["judge", "--format", "json", ucci.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(json(&o)["ruling"]["result"], "black_wins");
    let fen = dir.join("game.txt");
    writeln!(
        std::fs::File::create(&fen).unwrap(),
        "{CHECK_FEN}\n车一进一 将5进1\n车一退一 将5退1\n"
    )
    .unwrap();
    let o = qili(&["judge", "--format", "json", fen.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let j = json(&o);
    assert_eq!(j["plies"], 4);
    assert_eq!(j["cycles"][0]["occurrences"], 2);
    let bad = dir.join("bad.txt");
    writeln!(
        std::fs::File::create(&bad).unwrap(),
        "{CHECK_FEN}\ni8i9 e9e8\ni9i8 a0a1"
    )
    .unwrap();
    let o = qili(&["judge", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("bad.txt") && e.contains("第4步") && e.contains("a0a1"),
        "{e}"
    );
    // A PGN file with two games; the second holds the perpetual check (Chinese notation).
    let pgn = dir.join("games.pgn");
    let body = format!(
        "[Event \"one\"]\n\n1. 炮二平五 马8进7 *\n\n[Event \"two\"]\n[FEN \"{CHECK_FEN}\"]\n\n\
         1. 车一进一 将5进1 2. 车一退一 将5退1 3. 车一进一 将5进1 4. 车一退一 将5退1 *\n"
    );
    std::fs::write(&pgn, body).unwrap();
    let o = qili(&[
        "judge",
        "--format",
        "json",
        "--game",
        "2",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let j = json(&o);
    assert_eq!(j["plies"], 8);
    assert_eq!(j["ruling"]["result"], "black_wins");
    let o = qili(&["judge", "--format", "json", pgn.to_str().unwrap()]);
    assert_eq!(json(&o)["plies"], 2);
    let o = qili(&["judge", "--game", "3", pgn.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("只有2局"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn input_errors_exit_2() {
    let o = qili(&["judge", "--fen", "not a fen"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("FEN"), "{}", stderr(&o));
    let o = qili(&["judge", "--fen", CHECK_FEN, "--moves", "i8i9 e9e7"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("第2步"), "{}", stderr(&o));
    assert_eq!(qili(&["judge"]).status.code(), Some(2));
    assert_eq!(
        qili(&["judge", "/nonexistent/qili/file"]).status.code(),
        Some(2)
    );
    assert_eq!(
        qili(&["judge", "--rules", "fide", "--fen", CHECK_FEN])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn html_page() {
    let o = qili(&[
        "judge",
        "--format",
        "html",
        "--fen",
        CHECK_FEN,
        "--moves",
        CHECK_MOVES,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let t = stdout(&o);
    assert!(
        t.starts_with("<!DOCTYPE html>"),
        "{}",
        &t[..t.len().min(200)]
    );
    assert!(t.contains("长将"));
}

#[test]
fn no_cycle_no_ruling() {
    let o = qili(&[
        "judge",
        "--format",
        "json",
        "--fen",
        "startpos",
        "--moves",
        "h2e2 h9g7",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let j = json(&o);
    assert_eq!(j["ruling"]["result"], "none");
    assert_eq!(j["cycles"].as_array().unwrap().len(), 0);
    assert_eq!(j["moves"].as_array().unwrap().len(), 0);
}
