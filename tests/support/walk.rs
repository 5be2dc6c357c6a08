//! A long capture-free game: a walk through positions never seen before (a chain of distinct
//! positions in the position graph), closed by a loop of two reversible moves of each side
//! played twice, so that the last position occurs three times. Shared by
//! `tests/long_games.rs`, `examples/capture_free_walk.rs` (the hostile-input table,
//! `benches/hostile_table.sh`) and `analyzer/benches/perf.rs`.

#![allow(dead_code)]

use qili_notation::{Iccs, Move, Position};

/// Two horses a side, generals apart: room for a long walk without captures or mates.
pub const START: &str = "3k5/9/2n3n2/9/9/9/9/2N3N2/9/4K4 w - - 0 1";

/// A capture-free walk of at most `plies` plies from [`START`] through positions never seen
/// before, giving no check (no side is ever short of quiet moves); it stops early when every
/// quiet move leads back to a position already seen.
pub fn fresh_walk(plies: usize) -> (Position, Vec<Move>) {
    let start = Position::from_fen(START).expect("START is a legal position");
    let mut pos = start.clone();
    let mut seen = std::collections::HashSet::from([pos.clone()]);
    let mut moves = Vec::with_capacity(plies);
    let mut rng: u64 = 0x9E37_79B9_7F4A_7C15;
    while moves.len() < plies {
        let quiet: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| !m.is_capture())
            .collect();
        let mut next = None;
        for k in 0..quiet.len() {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let m = quiet[(rng as usize + k) % quiet.len()];
            let mut p = pos.clone();
            p.play_unchecked(&m);
            if !seen.contains(&p) && !p.is_check() {
                next = Some((m, p));
                break;
            }
        }
        let Some((m, p)) = next else { break };
        seen.insert(p.clone());
        pos = p;
        moves.push(m);
    }
    (start, moves)
}

/// The [`fresh_walk`] of about `plies` plies and its closing loop, or `None` when the walk
/// stops short of half of `plies` or finds no reversible loop at its end.
pub fn long_game(plies: usize) -> Option<(Position, Vec<Move>)> {
    let (start, mut moves) = fresh_walk(plies);
    let mut pos = start.clone();
    for m in &moves {
        pos.play_unchecked(m);
    }
    if moves.len() < plies / 2 {
        return None;
    }
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
                return Some((start, moves));
            }
        }
    }
    None
}

/// The moves in ICCS.
pub fn iccs(moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}
