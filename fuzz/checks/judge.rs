//! Judging: a game decoded from the bytes is judged under both rule sets without panic,
//! and the incremental API agrees with `judge` after every ply.

use qili_analyzer::{judge, Incremental, RuleSet, Settings};

use super::*;

/// At most this many plies a game: repetitions come within a few dozen plies, and the
/// labelling cost of longer random games took most of the target's time.
const PLIES: usize = 64;

/// In long mode (the top bit of the first byte), the game goes on after its bytes, up to
/// this many plies, reading its bytes again from the first ply byte: long games, long
/// loops and long wandering games from short inputs.
const LONG_PLIES: usize = 40_000;

/// Decodes a game: an optional FEN line (input starting with `F`), then one byte per ply.
/// A byte `>= 0xA0` replays the move of four plies before when it is legal (so the game
/// loops and reaches repetitions); any other byte picks a legal move by index.
fn decode(data: &[u8]) -> Option<(Position, Vec<Move>, u8)> {
    let (start, mut moves, knobs) = decode_short(data)?;
    if knobs & 0x80 != 0 {
        // The length: the last two bytes, up to LONG_PLIES.
        let n = data.len();
        let want = if n >= 3 {
            usize::from(u16::from_be_bytes([data[n - 2], data[n - 1]])).min(LONG_PLIES)
        } else {
            LONG_PLIES
        };
        let mut pos = start.clone();
        for m in &moves {
            pos.play_unchecked(m);
        }
        // The input's bytes again and again, read as before: loops where they ask for
        // them, a wandering game (many distinct positions) where they do not.
        let bytes = &data[1..];
        while moves.len() < want && !bytes.is_empty() {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let b = bytes[moves.len() % bytes.len()];
            let back = moves.len().checked_sub(4).map(|i| moves[i]);
            let m = match back {
                Some(m) if b >= 0xA0 && legal.contains(&m) => m,
                _ => legal[b as usize % legal.len()],
            };
            pos.play_unchecked(&m);
            moves.push(m);
        }
    }
    Some((start, moves, knobs))
}

/// The game the bytes spell, at most [`PLIES`] plies.
fn decode_short(data: &[u8]) -> Option<(Position, Vec<Move>, u8)> {
    let (&knobs, data) = data.split_first()?;
    let (start, plies) = match data.split_first() {
        Some((b'F', rest)) => {
            let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
            let pos = Position::from_fen(std::str::from_utf8(&rest[..end]).ok()?).ok()?;
            (pos, rest.get(end + 1..).unwrap_or(&[]))
        }
        _ => (Position::startpos(), data),
    };
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    for &b in plies.iter().take(PLIES) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let back = moves.len().checked_sub(4).map(|i| moves[i]);
        let m = match back {
            Some(m) if b >= 0xA0 && legal.contains(&m) => m,
            _ => legal[b as usize % legal.len()],
        };
        pos.play_unchecked(&m);
        moves.push(m);
    }
    Some((start, moves, knobs))
}

/// The judge and the incremental API on a decoded game.
pub fn judge_game(data: &[u8]) {
    let Some((start, moves, knobs)) = decode(data) else {
        return;
    };
    let settings = Settings {
        rules: if knobs & 1 == 0 {
            RuleSet::Cxa
        } else {
            RuleSet::Axf
        },
        repetitions: 2 + u32::from(knobs >> 1 & 3),
        natural_limit: [60, 0, 5, 20][usize::from(knobs >> 3 & 3)],
        ..Settings::default()
    };
    let full = judge(&start, &moves, &settings);
    assert_eq!(full.moves, moves);
    assert!(full.stopped.is_none());
    let _ = qili_analyzer::report::judge_json::judge_json(&full);
    let mut inc = Incremental::new(start.clone(), settings.clone());
    for (k, m) in moves.iter().enumerate() {
        let r = inc.push(*m).expect("decoded moves are legal").clone();
        // Comparing every ply costs a full judge per ply: do it on the last two only
        // (the last one against the full judge above); in a long game, on the last only.
        if k + 1 == moves.len() || (k + 2 == moves.len() && moves.len() <= PLIES) {
            let prefix;
            let f = if k + 1 == moves.len() {
                &full
            } else {
                prefix = judge(&start, &moves[..=k], &settings);
                &prefix
            };
            assert_eq!(
                (r.result, r.status, r.source, &r.articles),
                (
                    f.ruling.result,
                    f.ruling.status,
                    f.ruling.source,
                    &f.ruling.articles
                ),
                "ply {}",
                k + 1
            );
        }
    }
}
