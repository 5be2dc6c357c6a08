//! `qili label` run as a real binary.

use std::process::Command;

const FEN: &str = "4k4/9/4n4/8p/R8/9/9/9/9/3K5 w - - 0 1";

fn qili(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_qili"))
        .args(args)
        .output()
        .expect("run qili");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn text_table_names_pieces_in_chinese() {
    let (code, out, err) = qili(&["label", "--fen", FEN, "--moves", "a5a7 i6i5 a7b7"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("车九进二"), "{out}");
    assert!(out.contains("捉 车a7 → 马e7 无根"), "{out}");
    assert!(out.contains("不算捉"), "{out}");
    assert!(out.contains("从捉到捉"), "{out}");
    // One language: no English words in the Chinese table.
    assert!(
        !out.contains("chase") && !out.contains("unprotected"),
        "{out}"
    );
}

#[test]
fn text_table_in_english_uses_the_same_vocabulary() {
    let (code, out, err) = qili(&[
        "label",
        "--lang",
        "en",
        "--fen",
        FEN,
        "--moves",
        "a5a7 i6i5 a7b7",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("rules: CXA"), "{out}");
    assert!(
        out.contains("chase chariot a7 → horse e7 unprotected"),
        "{out}"
    );
    assert!(out.contains("not a chase"), "{out}");
    assert!(out.contains("the threat existed before the move"), "{out}");
    assert!(!out.contains("捉 "), "{out}");
}

#[test]
fn json_report_has_schema_version_and_one_entry_per_ply() {
    let (code, out, err) = qili(&[
        "label",
        "--format",
        "json",
        "--fen",
        FEN,
        "--moves",
        "a5a7 i6i5 a7b7",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["schema_version"], 1);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    assert_eq!(moves[0]["labels"][0], "chase");
    assert_eq!(moves[0]["chases"][0]["target"], "e7");
    assert_eq!(moves[0]["chases"][0]["root"], "unprotected");
    assert_eq!(moves[2]["labels"][0], "idle");
    assert_eq!(moves[2]["dismissed"][0]["reason"], "not_new");
}

#[test]
fn reads_a_ucci_position_file_and_a_fen_move_list() {
    let dir = std::env::temp_dir().join(format!("qili-label-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ucci = dir.join("line.ucci");
    std::fs::write(&ucci, format!("position fen {FEN} moves a5a7 i6i5\n")).unwrap();
    let (code, out, err) = qili(&["label", ucci.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("a5a7") && out.contains("i6i5"), "{out}");
    let list = dir.join("line.txt");
    std::fs::write(&list, format!("{FEN}\na5a7 i6i5\n")).unwrap();
    let (code, out, err) = qili(&["label", "--rules", "axf", list.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("AXF"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn errors_name_the_place_and_exit_with_2() {
    let (code, _, err) = qili(&["label", "--fen", "not a fen"]);
    assert_eq!(code, 2);
    assert!(err.contains("FEN"), "{err}");
    let (code, _, err) = qili(&["label", "--fen", FEN, "--moves", "a5a7 a0a1"]);
    assert_eq!(code, 2);
    assert!(err.contains("第2步"), "{err}");
    let (code, _, err) = qili(&["label", "/nonexistent/qili.pgn"]);
    assert_eq!(code, 2);
    assert!(err.contains("qili.pgn"), "{err}");
}
