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
        for notation in [
            Notation::Iccs,
            Notation::Chinese,
            Notation::Wxf,
            Notation::WinBoard,
        ] {
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

/// Large files and long games from small inputs (see [`expand`]): the body of the input
/// repeated as many times as its first two bytes say (up to 65,535 times). The file is
/// capped at [`SMALL_MAX`], and for one input in [`LARGE_SHARE`] (by [`input_hash`]) at
/// [`LARGE_MAX`], past the reader's thresholds (the 64 KiB head read in memory, the streaming
/// reader's buffers). The result is read in memory and, when longer than the encoding
/// sample, from a file through the streaming reader; every game must be legal, and both
/// readers must agree on the number of games.
pub fn large(data: &[u8]) {
    large_capped(data, large_cap(data));
}

/// [`large`] with the largest file given (the regression test replays a saved large input
/// at [`LARGE_MAX`], whatever share of the inputs [`large_cap`] now makes large).
pub fn large_capped(data: &[u8], max: usize) {
    let Some(bytes) = expand(data, max) else {
        return;
    };
    let mem = record::read_bytes(&bytes, "fuzz.pgn");
    if let Ok(games) = &mem {
        check_all(games, false);
    }
    if bytes.len() > qili_notation::encoding::SAMPLE_LEN {
        // One file a call: the regression tests replay inputs on several threads at once.
        static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("qili-fuzz-large-{}-{call}.pgn", std::process::id()));
        if std::fs::write(&path, &bytes).is_ok() {
            let streamed = record::read_file(&path);
            let _ = std::fs::remove_file(&path);
            if let Ok(games) = &streamed {
                check_all(games, false);
            }
            if let (Ok(a), Ok(b)) = (&mem, &streamed) {
                assert_eq!(a.len(), b.len(), "read whole and streamed: as many games");
            }
        }
    }
}

/// The largest file [`large`] makes from most inputs: twice the record targets' inputs.
pub const SMALL_MAX: usize = 8 << 10;
/// The largest file [`large`] makes from one input in [`LARGE_SHARE`]: 16 times the
/// 64 KiB head that decides between reading in memory and streaming (a reader's cost grows
/// with the file: a larger cap only makes fewer executions, past every threshold of the
/// readers; the audit's own 16 MiB batch threshold is not reached through the readers).
pub const LARGE_MAX: usize = 1 << 20;
/// One input in this many (by [`input_hash`]) makes a large file: a 1 MiB file costs about
/// as much as 250 small ones, so this share keeps large files to about a fifth of the
/// target's time (at 1 in 256 they took half) while a 10-million-execution campaign reads
/// about ten thousand of them.
const LARGE_SHARE: u64 = 1024;

/// The largest file [`large`] makes from `data`: [`LARGE_MAX`] for one input in
/// [`LARGE_SHARE`], [`SMALL_MAX`] for the rest.
pub fn large_cap(data: &[u8]) -> usize {
    if input_hash(data).is_multiple_of(LARGE_SHARE) {
        LARGE_MAX
    } else {
        SMALL_MAX
    }
}

/// `count (2 bytes, big-endian) prefix 0xFF body 0xFF suffix` → prefix, body × count, suffix,
/// at most `max` bytes.
pub fn expand(data: &[u8], max: usize) -> Option<Vec<u8>> {
    let (count, rest) = data.split_at_checked(2)?;
    let count = usize::from(u16::from_be_bytes([count[0], count[1]]));
    let mut parts = rest.splitn(3, |&b| b == 0xFF);
    let (prefix, body, suffix) = (
        parts.next()?,
        parts.next().unwrap_or(&[]),
        parts.next().unwrap_or(&[]),
    );
    let count = if body.is_empty() {
        0
    } else {
        count.min((max - prefix.len().min(max)) / body.len())
    };
    let mut out = Vec::with_capacity(prefix.len() + body.len() * count + suffix.len());
    out.extend_from_slice(prefix);
    for _ in 0..count {
        out.extend_from_slice(body);
    }
    out.extend_from_slice(suffix);
    Some(out)
}
