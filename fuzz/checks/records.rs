//! Record readers: whatever the bytes, a reader returns games or a typed error; every move
//! it returns is legal from the game's start position, and a PGN written from a game reads
//! back to the same moves.

use super::*;

/// Checks a read game: its start position is legal when it has moves, its main line and
/// variations are legal, and (optionally) it survives a PGN round trip.
fn check_game(g: &ReadGame, round_trip: bool) {
    let game = &g.game;
    if game.moves.is_empty() {
        return;
    }
    // Loosely: a position drawn loosely (a piece on a point it can never reach) is read.
    let start = Position::from_setup(game.setup.clone(), qili_notation::Placement::Loose)
        .map(|(p, _)| p)
        .unwrap_or_else(|e| panic!("moves read from an illegal start {:?}: {e}", game.setup));
    let mut stack = vec![(start, &game.moves[..], 0usize)];
    while let Some((mut pos, line, depth)) = stack.pop() {
        assert!(depth < 1000, "variations nested beyond any limit");
        for node in line {
            for v in &node.variations {
                stack.push((pos.clone(), &v[..], depth + 1));
            }
            assert!(pos.is_legal(&node.mv), "{} read in {pos:?}", node.mv);
            pos.play_unchecked(&node.mv);
        }
    }
    if round_trip && g.error.is_none() {
        for notation in [Notation::Iccs, Notation::Chinese, Notation::Wxf] {
            let text = record::write::pgn(game, notation);
            let back = record::read_bytes(text.as_bytes(), "roundtrip.pgn")
                .unwrap_or_else(|e| panic!("written PGN unreadable: {e}\n{text}"));
            assert_eq!(
                back.len(),
                1,
                "{notation:?} PGN gave {} games:\n{text}",
                back.len()
            );
            let moves: Vec<_> = back[0].game.mainline().collect();
            let orig: Vec<_> = game.mainline().collect();
            assert_eq!(moves, orig, "{notation:?} PGN round trip:\n{text}");
        }
    }
}

fn check_all(games: &[ReadGame], round_trip: bool) {
    for g in games {
        check_game(g, round_trip);
    }
}

/// PGN (any notation, any encoding), through the file-level entry point.
pub fn pgn(data: &[u8]) {
    if let Ok(games) = record::read_bytes(data, "fuzz.pgn") {
        check_all(&games, true);
    }
}

/// XQF (binary, possibly encrypted).
pub fn xqf(data: &[u8]) {
    if let Ok(g) = record::xqf::read(data) {
        check_game(&g, true);
    }
}

/// CCBridge records and libraries.
pub fn cbr(data: &[u8]) {
    if let Ok(g) = record::cbr::read_record(data, 0) {
        check_game(&g, true);
    }
    if let Ok(games) = record::cbr::read_library(data) {
        check_all(&games, false);
    }
}

/// CCBridge XML (CBF).
pub fn cbf(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        check_game(&record::cbf::read(text), true);
    }
}

/// DhtmlXQ blocks.
pub fn dhtmlxq(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        check_all(&record::dhtmlxq::read(text), true);
    }
}

/// Plain move lists (optionally after a FEN line).
pub fn text(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        check_game(&record::text::read(text), true);
    }
}

/// Any file: format and encoding detection, then whichever reader it picks.
pub fn any(data: &[u8]) {
    for name in ["fuzz", "fuzz.xqf", "fuzz.cbl", "fuzz.cbr"] {
        if let Ok(games) = record::read_bytes(data, name) {
            check_all(&games, false);
        }
    }
}
