//! Long capture-free games (issue 14): no recursion whose depth grows with the line. The
//! position graph's strongly-connected-component search once recursed once per position of
//! a chain, so a 30,000-ply game overflowed the stack of `judge`, `qili audit` (nothing
//! printed, the other games lost) and `judge --cases` (the cases after it lost).

use std::path::PathBuf;
use std::process::Command;

use qili_analyzer::{judge, Incremental, Settings, Status};
use qili_notation::{Iccs, Move, Position};

/// Two horses a side, generals apart: room for a long walk without captures or mates.
const START: &str = "3k5/9/2n3n2/9/9/9/9/2N3N2/9/4K4 w - - 0 1";

/// A capture-free walk of about `plies` plies through positions never seen before (a chain
/// of distinct positions in the graph), then a loop of two reversible moves of each side
/// played twice (the last position occurs three times).
fn long_game(plies: usize) -> (Position, Vec<Move>) {
    let start = Position::from_fen(START).unwrap();
    let mut pos = start.clone();
    let mut seen = std::collections::HashSet::from([pos.clone()]);
    let mut moves = Vec::new();
    let mut rng: u64 = 0x9E37_79B9_7F4A_7C15;
    while moves.len() < plies {
        let legal: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| !m.is_capture())
            .collect();
        let mut next = None;
        for k in 0..legal.len() {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let m = legal[(rng as usize + k) % legal.len()];
            let mut p = pos.clone();
            p.play_unchecked(&m);
            // No checks: no side is ever short of quiet moves.
            if !seen.contains(&p) && !p.is_general_attacked(p.turn()) {
                next = Some((m, p));
                break;
            }
        }
        let Some((m, p)) = next else { break };
        seen.insert(p.clone());
        pos = p;
        moves.push(m);
    }
    assert!(
        moves.len() >= plies / 2,
        "the walk stopped at {}",
        moves.len()
    );
    let back = |p: &Position, m: &Move| {
        Iccs {
            from: m.to,
            to: m.from,
        }
        .to_move(p)
        .ok()
        .filter(|b| !b.is_capture())
    };
    for a in pos.legal_moves().into_iter().filter(|m| !m.is_capture()) {
        let mut p1 = pos.clone();
        p1.play_unchecked(&a);
        for b in p1.legal_moves().into_iter().filter(|m| !m.is_capture()) {
            let mut p2 = p1.clone();
            p2.play_unchecked(&b);
            let Some(a2) = back(&p2, &a) else { continue };
            let mut p3 = p2.clone();
            p3.play_unchecked(&a2);
            let Some(b2) = back(&p3, &b) else { continue };
            let mut p4 = p3.clone();
            p4.play_unchecked(&b2);
            if p4 == pos {
                for _ in 0..2 {
                    moves.extend([a, b, a2, b2]);
                }
                return (start, moves);
            }
        }
    }
    panic!("no reversible loop at the end of the walk");
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qili-long-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn iccs(moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
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
            iccs(&moves).join(" ")
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
            case("long", start.fen(), iccs(&moves)),
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
