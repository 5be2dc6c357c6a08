//! Move generation checks: perft tables from a data file, legal_moves/is_legal agreement,
//! incremental Zobrist keys against full recomputation.

mod common;

use qili_notation::{perft, zobrist, Position, Role, Square};

/// The largest perft count run in `cargo test` (keeps the suite quick).
const NODE_CAP: u64 = 5_000_000;

fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

#[test]
fn perft_table() {
    let text = common::data("perft.txt");
    let mut ran = 0;
    for line in lines(&text) {
        let mut parts = line.split(';');
        let pos = Position::from_fen(parts.next().unwrap().trim()).unwrap();
        for entry in parts {
            let mut it = entry.split_whitespace();
            let depth: u32 = it.next().unwrap().parse().unwrap();
            let nodes: u64 = it.next().unwrap().parse().unwrap();
            if nodes > NODE_CAP {
                continue;
            }
            assert_eq!(perft(&pos, depth), nodes, "perft {depth} of {}", pos.fen());
            ran += 1;
        }
    }
    assert!(ran >= 6, "ran {ran} perft entries");
}

fn positions() -> Vec<Position> {
    let text = common::data("positions.txt");
    let mut out = Vec::new();
    for line in lines(&text) {
        out.push(Position::from_fen(line).unwrap_or_else(|e| panic!("{line}: {e}")));
    }
    // Grow the table with the positions two plies below each entry.
    let mut grown = out.clone();
    for p in &out {
        for m in p.legal_moves().iter().step_by(5) {
            let q = p.after(m);
            for m2 in q.legal_moves().iter().step_by(7) {
                grown.push(q.after(m2));
            }
            grown.push(q);
        }
    }
    grown
}

#[test]
fn legal_moves_agree_with_is_legal() {
    let roles = Role::ALL;
    let mut checked = 0u64;
    for pos in positions() {
        let legal = pos.legal_moves();
        for from in Square::all() {
            for to in Square::all() {
                // Every role/capture combination: only the one read off the board may be legal.
                let real = pos.move_from_squares(from, to);
                for role in roles {
                    let m = qili_notation::Move {
                        role,
                        from,
                        to,
                        capture: pos.piece_at(to).map(|p| p.role),
                    };
                    let expect = legal.contains(&m);
                    assert_eq!(pos.is_legal(&m), expect, "{m} ({role:?}) in {}", pos.fen());
                    if expect {
                        assert_eq!(Some(m), real);
                    }
                    checked += 1;
                }
            }
        }
        // Every legal move leaves the mover's general unattacked and the generals apart.
        for m in &legal {
            let after = pos.after(m);
            assert!(
                !after.is_general_attacked(pos.turn()),
                "{m} in {}",
                pos.fen()
            );
        }
        if legal.is_empty() {
            assert!(pos.is_checkmate() || pos.is_stalemate());
        }
    }
    assert!(checked > 1_000_000);
}

#[test]
fn zobrist_incremental_matches_recomputation() {
    for pos in positions() {
        assert_eq!(pos.zobrist(), zobrist::compute(pos.board(), pos.turn()));
        for m in pos.legal_moves() {
            let after = pos.after(&m);
            assert_eq!(
                after.zobrist(),
                zobrist::compute(after.board(), after.turn()),
                "{m}"
            );
            let reparsed = Position::from_fen(&after.fen()).unwrap();
            assert_eq!(reparsed, after);
            assert_eq!(reparsed.zobrist(), after.zobrist());
        }
    }
}

#[test]
fn facing_generals_pin_and_checks() {
    // The red horse on e4 stands between the generals: it may not move at all.
    let pos = Position::from_fen("4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1").unwrap();
    let e4: Square = "e4".parse().unwrap();
    assert!(pos.legal_moves_from(e4).is_empty());
    assert!(pos.pinned(qili_notation::Color::Red).contains(e4));
    // A chariot check on the e-file.
    let pos = Position::from_fen("5k3/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1").unwrap();
    assert!(!pos.is_check());
    let pos = Position::from_fen("5k3/9/9/9/9/9/9/9/3r5/3K5 w - - 0 1").unwrap();
    assert!(pos.is_check());
    assert_eq!(pos.checkers().count(), 1);
}
