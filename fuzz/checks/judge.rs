//! Judging: a game decoded from the bytes is judged under both rule sets without panic,
//! and the incremental API agrees with `judge` after every ply.

use qili_analyzer::{judge, judge_verdict, Incremental, RuleSet, Settings};

use super::*;

/// At most this many plies a game: repetitions come within a few dozen plies (bytes
/// `>= 0xA0` replay the move of four plies before), and each ply costs move generation in
/// the decoding, a push of the incremental API and, in a cycle, labelling.
const PLIES: usize = 48;

/// In long mode (the top bit of the first byte), the game goes on after its bytes, up to
/// the length its last two bytes give, reading its bytes again from the first ply byte:
/// long games, long loops and long wandering games from short inputs. The length is
/// capped by [`long_cap`].
const LONG_PLIES: usize = 40_000;

/// The longest game long mode makes from `data`: [`LONG_PLIES`] for one input in 8,192,
/// 4,000 plies for 24 in 8,192 (about 3 in 1,024), [`PLIES`] for the rest (by
/// [`input_hash`], so that these shares hold whatever the corpus holds). A 40,000-ply game
/// costs about a thousand short ones and a 4,000-ply game about eighty: these shares keep
/// the long games to about a quarter of the target's time (at 1 and 15 in 1,024 they took
/// two thirds, and a 10-million-execution campaign did not fit a session on two cores),
/// while a campaign still plays thousands of games long enough to reach the stack depth
/// and any cost above linear in the plies (the graph's recursion overflowed at 30,000
/// plies, `Incremental` was quadratic at 4,000).
pub fn long_cap(data: &[u8]) -> usize {
    match input_hash(data) % 8192 {
        0 => LONG_PLIES,
        1..=24 => 4_000,
        _ => PLIES,
    }
}

/// Decodes a game: an optional FEN line (input starting with `F`), then one byte per ply.
/// A byte `>= 0xA0` replays the move of four plies before when it is legal (so the game
/// loops and reaches repetitions); any other byte picks a legal move by index.
fn decode(data: &[u8], cap: usize) -> Option<(Position, Vec<Move>, u8)> {
    let (start, mut moves, knobs) = decode_short(data)?;
    if knobs & 0x80 != 0 {
        // The length: the last two bytes, up to LONG_PLIES.
        let n = data.len();
        let want = if n >= 3 {
            usize::from(u16::from_be_bytes([data[n - 2], data[n - 1]])).min(cap)
        } else {
            cap
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
    judge_game_capped(data, long_cap(data));
}

/// [`judge_game`] with the longest game given: the regression test replays a saved long
/// input at the length it was saved for, whatever share of the inputs [`long_cap`] now
/// makes long.
pub fn judge_game_capped(data: &[u8], cap: usize) {
    let Some((start, moves, knobs)) = decode(data, cap) else {
        return;
    };
    let settings = Settings {
        // The 1999 CXA edition rules as the current one but for the verdict switches
        // (perpetual check, the ranking of 26.9): the knob of the mate depth picks it.
        rules: match (knobs & 1, knobs >> 5 & 1) {
            (0, 0) => RuleSet::Cxa,
            (0, _) => RuleSet::Cxa1999,
            _ => RuleSet::Axf,
        },
        repetitions: 2 + u32::from(knobs >> 1 & 3),
        natural_limit: [60, 0, 5, 20][usize::from(knobs >> 3 & 3)],
        // The mate search through checks is most of the labelling's cost: its full depth
        // (4, the default) for a quarter of the inputs.
        mate_depth: [4, 1, 2, 3][usize::from(knobs >> 5 & 3)],
        ..Settings::default()
    };
    let full = judge(&start, &moves, &settings);
    assert_eq!(full.moves, moves);
    assert!(full.stopped.is_none());
    let _ = qili_analyzer::json_line(&full, qili_analyzer::Detail::Explain);
    // The verdict-first judgement (`judge --cases` by default) rules as the full one: the
    // same cycles, contexts, conducts and verdicts, and the same ruling.
    let fast = judge_verdict(&start, &moves, &settings);
    assert_eq!(fast.ruling, full.ruling, "verdict first");
    assert_eq!(fast.cycles.len(), full.cycles.len(), "verdict first");
    for (a, b) in fast.cycles.iter().zip(&full.cycles) {
        assert_eq!(
            (&a.context, a.soldier_chases, &a.red, &a.black, &a.verdict),
            (&b.context, b.soldier_chases, &b.red, &b.black, &b.verdict),
            "verdict first, cycle at ply {}",
            b.run.start + 1
        );
    }
    let mut inc = Incremental::new(start.clone(), settings.clone());
    for m in &moves {
        inc.push(*m).expect("decoded moves are legal");
    }
    // Compared after the last ply only: a comparison at an earlier ply costs a full judge
    // of the prefix, as much as the rest of the execution (the last plies of a shorter
    // input are that comparison).
    let r = inc.ruling();
    let f = &full.ruling;
    assert_eq!(
        (r.result, r.status, r.source, &r.articles),
        (f.result, f.status, f.source, &f.articles),
        "ply {}",
        moves.len()
    );
}

/// The number of plies of the game [`judge_game_capped`] decodes from `data` (for the
/// regression test that the saved long inputs stay long).
pub fn decoded_plies(data: &[u8], cap: usize) -> usize {
    decode(data, cap).map_or(0, |(_, moves, _)| moves.len())
}
