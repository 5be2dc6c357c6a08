//! How `qili label`, `qili judge`, `qili judge --cases`, `qili convert` and `qili audit`
//! read moves and positions as people write them, run as a real binary: move numbers and
//! results, the numeral style of the side to move, `startpos`, ruling cases, `-` for
//! standard input, loose positions, and errors that name where the bad text came from.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Runs qili with `stdin`; returns (exit code, stdout, stderr).
fn qili_in(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qili"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run qili");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn qili(args: &[&str]) -> (i32, String, String) {
    qili_in(args, "")
}

fn temp(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qili-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// The chariot chase of corpus case cxa-26.4, played round twice, in Chinese with move
/// numbers and a result.
const CHASE_FEN: &str = "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1";
const CHASE_ICCS: &str = "i3g3 g8i7 g3i3 i7g8 i3g3 g8i7 g3i3 i7g8";
const CHASE_CHINESE: &str =
    "1. 车一平三 马７进９ 2. 车三平一 马９退７ 3. 车一平三 马７进９ 4. 车三平一 马９退７ 1-0";

/// The ruling line of an explanation (after the line naming the game, when read from a
/// file).
fn ruling(out: &str) -> &str {
    out.lines()
        .find(|l| l.starts_with("Ruling") || l.starts_with("裁决"))
        .unwrap_or("")
}

#[test]
fn move_numbers_and_results_in_moves_work_as_in_a_file() {
    for cmd in ["judge", "label"] {
        let (code, out, err) = qili(&[cmd, "--fen", "startpos", "--moves", "1. 炮二平五 马８进７"]);
        assert_eq!(code, 0, "{cmd}: {err}");
        assert!(err.is_empty(), "{cmd}: {err}");
        assert!(!out.is_empty());
    }
    let (code, out, err) = qili(&[
        "label",
        "--fen",
        "startpos",
        "--moves",
        "1. 炮二平五 马８进７ 2.马二进三 *",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("马二进三"), "{out}");
    // The same ruling from ICCS, from Chinese with numbers and a result, and from a file
    // holding that text.
    let (_, iccs, _) = qili(&[
        "judge", "--lang", "en", "--fen", CHASE_FEN, "--moves", CHASE_ICCS,
    ]);
    let (code, chinese, err) = qili(&[
        "judge",
        "--lang",
        "en",
        "--fen",
        CHASE_FEN,
        "--moves",
        CHASE_CHINESE,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(ruling(&iccs), ruling(&chinese));
    assert!(ruling(&iccs).contains("Red must change"), "{iccs}");
    let file = temp("chase.txt", &format!("{CHASE_FEN}\n{CHASE_CHINESE}\n"));
    let (code, from_file, err) = qili(&["judge", "--lang", "en", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(ruling(&iccs), ruling(&from_file));
}

#[test]
fn a_skipped_move_is_an_error_naming_the_move_and_the_side() {
    for cmd in ["judge", "label"] {
        let (code, out, err) = qili(&[cmd, "--fen", "startpos", "--moves", "马８进７"]);
        assert_eq!(code, 2, "{cmd}: {out}");
        // Chinese by default.
        assert_eq!(
            err.trim(),
            "qili: --moves：第1回合，红方走：马８进７是黑方的写法（之前是否漏记或重记了一着？）",
            "{cmd}"
        );
        let (code, out, err) = qili(&[
            cmd,
            "--lang",
            "en",
            "--fen",
            "startpos",
            "--moves",
            "马８进７",
        ]);
        assert_eq!(code, 2, "{cmd}: {out}");
        assert_eq!(
            err.trim(),
            "qili: --moves: move 1, Red to move: 马８进７ is written as Black's move \
             (a move missing or written twice before it?)",
            "{cmd}"
        );
    }
    // Skipped later: Red's second move written as Black's.
    let (code, _, err) = qili(&[
        "judge",
        "--lang",
        "en",
        "--fen",
        "startpos",
        "--moves",
        "1. 炮二平五 马8进7 2. 马2进3",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("move 2, Red to move: 马2进3 is written as Black's move"),
        "{err}"
    );
    // In a file: the file and the move.
    let file = temp("skipped.pgn", "[Event \"x\"]\n1. 马８进７ 马二进三 *\n");
    let (code, _, err) = qili(&["judge", "--lang", "en", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("skipped.pgn"), "{err}");
    assert!(
        err.contains("move 1, Red to move: 马８进７ is written as Black's move"),
        "{err}"
    );
}

#[test]
fn one_style_for_both_sides_is_accepted_and_said_once() {
    let (code, out, err) = qili(&[
        "judge",
        "--lang",
        "en",
        "--fen",
        "startpos",
        "--moves",
        "1. 炮2平5 马8进7 2. 马2进3 车9平8",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.matches("warning").count(), 1, "{err}");
    assert!(
        err.contains("--moves: both sides' moves are written in Black's numerals"),
        "{err}"
    );
    assert!(out.starts_with("Ruling"), "{out}");
    let (_, _, err) = qili(&["judge", "--fen", "startpos", "--moves", "炮二平五 马八进七"]);
    assert!(err.contains("双方着法都用红方的数字"), "{err}");
}

#[test]
fn startpos_and_fen_are_accepted_by_every_command() {
    let (code, out, err) = qili(&["label", "--fen", "startpos", "--moves", "h2e2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("炮二平五"), "{out}");
    let (code, _, err) = qili(&["judge", "--fen", "startpos", "--moves", "h2e2"]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = qili(&["perft", "startpos", "2"]);
    assert_eq!((code, out.trim()), (0, "1920"), "{err}");
    let (code, out, _) = qili_in(
        &["judge", "--cases", "-"],
        "{\"id\":1,\"fen\":\"startpos\",\"moves\":[\"1.\",\"炮二平五\",\"马８进７\",\"1-0\"]}\n",
    );
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["plies"], 2, "{out}");
    let case = temp(
        "start.toml",
        "fen = \"startpos\"\nmoves = [\"1. 炮二平五\", \"马８进７\"]\n",
    );
    for cmd in ["judge", "label"] {
        let (code, _, err) = qili(&[cmd, case.to_str().unwrap()]);
        assert_eq!(code, 0, "{cmd}: {err}");
    }
}

#[test]
fn judge_reads_a_ruling_case_as_audit_does() {
    let case = "corpus/cases/cxa-26.4-chase-vs-idle.toml";
    let (code, out, err) = qili(&["judge", "--lang", "en", case]);
    assert_eq!(code, 0, "{err}");
    assert!(
        ruling(&out).starts_with("Ruling (CXA 2011/2020): Red must change"),
        "{out}"
    );
    let (code, out, err) = qili(&["label", case]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("捉 车g3 → 马g8 无根"), "{out}");
    // A case whose moves are Chinese with move numbers (audit reads it too).
    let chinese = temp(
        "chinese-chase.toml",
        &format!(
            "fen = \"{CHASE_FEN}\"\nmoves = {:?}\n[expected.cxa]\nresult = \"none\"\nstatus = \"must_change\"\n",
            CHASE_CHINESE.split(' ').collect::<Vec<_>>()
        ),
    );
    let (code, out, err) = qili(&["judge", "--lang", "en", chinese.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        ruling(&out).starts_with("Ruling (CXA 2011/2020): Red must change"),
        "{out}"
    );
    let (_, out, err) = qili(&["audit", "--json", chinese.to_str().unwrap()]);
    assert!(out.contains("red_must_change"), "{out}{err}");
    assert!(!out.contains("\"failure\""), "{out}");
}

#[test]
fn dash_reads_standard_input() {
    let text = format!("{CHASE_FEN}\n{CHASE_ICCS}\n");
    let (code, out, err) = qili_in(&["judge", "--lang", "en", "-"], &text);
    assert_eq!(code, 0, "{err}");
    assert!(ruling(&out).contains("Red must change"), "{out}");
    let (code, out, err) = qili_in(&["label", "-"], &text);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("车一平三"), "{out}");
    let case = std::fs::read_to_string("corpus/cases/cxa-26.4-chase-vs-idle.toml").unwrap();
    let (code, out, err) = qili_in(&["judge", "--lang", "en", "-"], &case);
    assert_eq!(code, 0, "{err}");
    assert!(ruling(&out).contains("Red must change"), "{out}");
    let (code, out, err) = qili_in(&["convert", "--to", "iccs", "-"], &text);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1. i3g3 g8i7"), "{out}");
    let (code, out, err) = qili_in(&["audit", "--list", "--lang", "en", "-"], &case);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("-#1: Red must change"), "{out}");
    let pgn = std::fs::read_to_string("corpus/games/perpetual-check-loses.pgn").unwrap();
    let (code, out, err) = qili_in(&["audit", "--json", "-"], &pgn);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"file\":\"-\""), "{out}");
    // Errors name standard input.
    let (code, _, err) = qili_in(&["judge", "--lang", "en", "-"], "startpos\nh2e2 zz\n");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("qili: standard input, line 2: move 1 (ply 2, character 6), Black to move: cannot read the move \"zz\""),
        "{err}"
    );
    let (code, _, err) = qili_in(&["judge", "-"], "startpos\nh2e2 zz\n");
    assert_eq!(code, 2);
    assert!(
        err.starts_with(
            "qili: standard input, line 2：第1回合（第2步，第6个字），黑方走：看不懂着法“zz”"
        ),
        "{err}"
    );
}

#[test]
fn errors_name_where_the_bad_text_came_from() {
    let (code, _, err) = qili(&["judge", "--lang", "en", "--fen", "rnbakabnr/9/1c5c1 w"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("qili: --fen: invalid FEN"), "{err}");
    assert!(!err.contains("line 1"), "{err}");
    let (_, _, err) = qili(&["label", "--lang", "en", "--fen", "9/9 w"]);
    assert!(err.starts_with("qili: --fen: invalid FEN"), "{err}");
    let (_, _, err) = qili(&["judge", "--fen", "9/9 w"]);
    assert!(err.starts_with("qili: --fen：FEN 第"), "{err}");
    let (code, _, err) = qili(&[
        "judge",
        "--lang",
        "en",
        "--fen",
        "startpos",
        "--moves",
        "1. h2e2 h9g7 2. h2h9",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with(
            "qili: --moves: move 2 (ply 3, character 17), Red to move: the move \"h2h9\" \
             cannot be played in this position\n  position: "
        ),
        "{err}"
    );
    assert!(
        !err.contains("Iccs") && !err.contains("ChineseShort"),
        "no debug names: {err}"
    );
    let file = temp("bad.pgn", "[Event \"x\"]\n1. h2e2 h9g7 2. h2h9 *\n");
    let (code, _, err) = qili(&["label", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("bad.pgn"), "{err}");
    assert!(err.contains("第2回合（第3步"), "{err}");
    let (_, out, _) = qili_in(
        &["judge", "--cases", "-"],
        "{\"id\":\"b\",\"fen\":\"startpos\",\"moves\":[\"h2e2\",\"h2e2\"]}\n",
    );
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let e = v["error"].as_str().unwrap();
    assert!(e.starts_with("moves: move 1 (ply 2)"), "{e}");
}

/// Red: advisor on d8 (off its palace), elephant on d2 (off its points), soldier on c1
/// (behind its start rank); no counters.
const LOOSE: &str = "3k5/3A5/9/9/9/9/9/3B5/2P6/4K4 w";

#[test]
fn a_loose_position_is_judged_with_a_warning_and_refused_by_strict() {
    let (code, out, err) = qili(&["judge", "--lang", "en", "--fen", LOOSE, "--moves", "c1c2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Ruling"), "{out}");
    for named in [
        "Red soldier on c1",
        "Red elephant on d2",
        "Red advisor on d8",
    ] {
        assert!(
            err.contains(&format!(
                "warning: --fen: {named} stands on a point it can never reach"
            )),
            "{named}: {err}"
        );
    }
    let (_, _, err) = qili(&["judge", "--fen", LOOSE]);
    assert!(err.contains("红兵在c1"), "{err}");
    let (code, _, err) = qili(&["label", "--fen", LOOSE, "--moves", "d2b4"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("Red elephant on d2") && err.contains("红相在d2"),
        "{err}"
    );
    for cmd in ["judge", "label"] {
        let (code, _, err) = qili(&[cmd, "--lang", "en", "--strict", "--fen", LOOSE]);
        assert_eq!(code, 2, "{cmd}");
        assert!(
            err.contains("Red soldier on c1") && err.contains("Red advisor on d8"),
            "{err}"
        );
        assert!(err.contains("refused by --strict"), "{err}");
    }
    // In a file too.
    let file = temp("loose.pgn", &format!("[FEN \"{LOOSE}\"]\n1. c1c2 *\n"));
    let (code, _, err) = qili(&["judge", "--lang", "en", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("loose.pgn: Red soldier on c1"), "{err}");
    let (code, _, _) = qili(&["judge", "--strict", file.to_str().unwrap()]);
    assert_eq!(code, 2);
}

#[test]
fn an_unplayable_position_is_an_error_with_every_reason() {
    // No black general, two red generals (one on a2, outside the palace), a soldier
    // behind its start rank (loose: not a reason).
    let (code, _, err) = qili(&["judge", "--fen", "9/9/9/9/9/9/9/K8/2P6/4K4 w"]);
    assert_eq!(code, 2);
    for reason in [
        "Red general on a2",
        "Black has no general",
        "Red has 2 generals",
    ] {
        assert!(err.contains(reason), "{reason}: {err}");
    }
    assert!(!err.contains("soldier"), "{err}");
    let (_, _, err) = qili(&["label", "--fen", "4k4/9/9/9/9/9/9/9/9/4K4 w"]);
    assert!(
        err.contains("the generals face each other on file e"),
        "{err}"
    );
    let (_, _, err) = qili(&["judge", "--fen", "4k4/9/9/9/9/9/9/9/9/3K1r3 b"]);
    assert!(err.contains("Red is not to move but is in check"), "{err}");
}

#[test]
fn a_loose_position_is_labelled_converted_and_counted_as_drawn() {
    // Two red elephants on file e, one on e0 (not an elephant point).
    let fen = "3k5/9/9/9/9/9/9/4B4/9/4BK3 w";
    let (code, out, err) = qili(&["label", "--fen", fen, "--moves", "e2c0 d9d8 e0c2"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("相五退七") && out.contains("相五进七"),
        "{out}"
    );
    let file = temp(
        "two-elephants.pgn",
        &format!("[FEN \"{fen}\"]\n1. e2g0 d9d8 2. e0g2 *\n"),
    );
    let (code, out, err) = qili(&["convert", "--to", "chinese", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1. 相五退三 将4进1 2. 相五进三"), "{out}");
    let (code, out, err) = qili(&["perft", fen, "2"]);
    assert_eq!((code, out.trim()), (0, "14"), "{err}");
    assert!(err.contains("Red elephant on e0"), "{err}");
}

/// Issue 35, point 1: a move of the other side is reported as such whether or not it is
/// legal for that side (a move missing or written twice), in Chinese (the default) and
/// English, naming the move as written; point 2: a move that cannot be read is named as
/// written, in the chosen language, the FEN a detail line.
#[test]
fn the_other_sides_move_is_named_whatever_its_legality() {
    // Black to move; 车一平三 is Red's (legal for Red), 车三平一 too (illegal for Red).
    for (moves, text) in [
        ("车一平三 马7进9 车三平一 车一平三", "车一平三"),
        ("车一平三 马7进9 车三平一 车三平一", "车三平一"),
        // ICCS: no numerals, but Red's move.
        ("i3g3 g8i7 g3i3 i3g3", "i3g3"),
    ] {
        let (code, _, err) = qili(&["judge", "--fen", CHASE_FEN, "--moves", moves]);
        assert_eq!(code, 2, "{moves}");
        assert_eq!(
            err.trim(),
            format!(
                "qili: --moves：第2回合，黑方走：{text}是红方的写法（之前是否漏记或重记了一着？）"
            ),
        );
        let (_, _, err) = qili(&[
            "judge", "--lang", "en", "--fen", CHASE_FEN, "--moves", moves,
        ]);
        assert_eq!(
            err.trim(),
            format!(
                "qili: --moves: move 2, Black to move: {text} is written as Red's move \
                 (a move missing or written twice before it?)"
            ),
        );
    }
    let (code, _, err) = qili(&["judge", "--fen", CHASE_FEN, "--moves", "车一平三 马7近9"]);
    assert_eq!(code, 2);
    let mut lines = err.lines();
    assert_eq!(
        lines.next(),
        Some(
            "qili: --moves：第1回合（第2步，第6个字），黑方走：看不懂着法“马7近9”\
             （按中文记法读到第3个字：此处应为进、退或平）"
        ),
        "{err}"
    );
    assert_eq!(
        lines.next(),
        Some("  局面：3aka3/6n2/9/9/9/9/6R2/9/9/3K5 b - - 1 1"),
        "{err}"
    );
    let (_, _, err) = qili(&[
        "label",
        "--lang",
        "en",
        "--fen",
        CHASE_FEN,
        "--moves",
        "车一平三 马7近9",
    ]);
    assert!(
        err.starts_with(
            "qili: --moves: move 1 (ply 2, character 6), Black to move: cannot read the move \
             \"马7近9\" (Chinese notation, character 3: expected a direction (进, 退, 平) here)\n  \
             position: "
        ),
        "{err}"
    );
}
