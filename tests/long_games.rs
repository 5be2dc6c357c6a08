//! Long capture-free games (issue 14): no recursion whose depth grows with the line. The
//! position graph's strongly-connected-component search once recursed once per position of
//! a chain, so a 30,000-ply game overflowed the stack of `judge`, `qili audit` (nothing
//! printed, the other games lost) and `judge --cases` (the cases after it lost).

use std::path::PathBuf;
use std::process::Command;

use qili_analyzer::{judge, Incremental, Settings, Status};
use qili_notation::{Move, Position};

#[path = "support/walk.rs"]
mod walk;

/// The walk of `tests/support/walk.rs`.
fn long_game(plies: usize) -> (Position, Vec<Move>) {
    walk::long_game(plies).expect("a long capture-free walk and its closing loop")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qili-long-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn judge_and_incremental_on_a_30000_ply_game() {
    let (start, moves) = long_game(30_000);
    let j = judge(&start, &moves, &Settings::default());
    let last = j.cycles.last().expect("the closing loop is a cycle");
    assert!(last.in_force);
    assert_eq!(last.run.end, moves.len());
    assert!(last.region_positions >= 4);
    let mut inc = Incremental::new(start, Settings::default());
    for m in &moves {
        inc.push(*m).unwrap();
    }
    assert_eq!(inc.ruling(), &j.ruling);
    assert_ne!(j.ruling.status, Status::None);
}

#[test]
fn audit_and_judge_cases_go_on_after_a_30000_ply_game() {
    let (start, moves) = long_game(30_000);
    let dir = temp_dir("audit");
    let short = "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9";
    std::fs::write(
        dir.join("a-long.ucci"),
        format!(
            "position fen {} moves {}\n",
            start.fen(),
            walk::iccs(&moves).join(" ")
        ),
    )
    .unwrap();
    std::fs::write(dir.join("b-short.iccs"), format!("{short}\n")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_qili"))
        .args(["audit", "--json", "--jobs", "1"])
        .arg(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.code().is_some(),
        "audit killed: {:?}",
        out.status
    );
    // Both games and the summary: one JSON line each.
    assert_eq!(
        text.lines().count(),
        3,
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cases = dir.join("cases.jsonl");
    let case = |id: &str, fen: String, moves: Vec<String>| {
        serde_json::json!({"id": id, "fen": fen, "moves": moves}).to_string()
    };
    let short: Vec<String> = short.split(' ').map(str::to_owned).collect();
    std::fs::write(
        &cases,
        format!(
            "{}\n{}\n",
            case("long", start.fen(), walk::iccs(&moves)),
            case("short", Position::startpos().fen(), short)
        ),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_qili"))
        .args(["judge", "--cases"])
        .arg(&cases)
        .output()
        .unwrap();
    assert!(out.status.success(), "judge --cases: {:?}", out.status);
    let text = String::from_utf8_lossy(&out.stdout);
    let ids: Vec<String> = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["id"].to_string())
        .collect();
    assert_eq!(ids, ["\"long\"", "\"short\""]);
    let _ = std::fs::remove_dir_all(&dir);
}
