//! The property checks behind the fuzz targets, shared with the regression test
//! (`tests/fuzz_regressions.rs` replays every saved input through the same function).
//! Each function takes the raw fuzzer bytes and panics only when a property is broken.
#![allow(dead_code)]

use std::fmt::Display;
use std::str::FromStr;

use qili_notation::record::{self, ReadGame};
use qili_notation::{
    parse_move, zobrist, Abbreviated, Chinese, ChineseStyle, Iccs, Move, Notation, Position, Setup,
    Square, UcciPosition, Wxf, WxfStyle,
};

mod judge;
mod records;
#[allow(unused_imports)]
pub use judge::*;
#[allow(unused_imports)]
pub use records::*;

/// A hash of the whole input (FNV-1a, then Murmur3's finaliser). It gates the costly modes of `large` and `judge`
/// (large files, long games): a bit of the input would be kept by most mutations, so the
/// corpus would fill with costly inputs and the executions per second fall a hundredfold;
/// a hash of the whole input changes with every mutation, so those modes stay a fixed share
/// of the executions, while any input still reproduces its run.
pub fn input_hash(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    // Murmur3's finaliser: FNV's low bits depend only on the bytes' low bits.
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// FEN: parse a `Setup`, print it, re-parse → equal; validate as a `Position`, print,
/// re-parse → equal; ask the move generator something.
pub fn fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(setup) = text.parse::<Setup>() else {
        return;
    };
    let printed = setup.to_string();
    let again: Setup = printed.parse().expect("a printed Setup parses");
    assert_eq!(setup, again, "Setup round trip through {printed:?}");
    let Ok(pos) = Position::try_from(setup) else {
        return;
    };
    let fen = pos.fen();
    let back = Position::from_fen(&fen).expect("a printed Position parses");
    assert_eq!(pos, back, "Position round trip through {fen:?}");
    assert_eq!(pos.halfmoves(), back.halfmoves());
    assert_eq!(pos.fullmoves(), back.fullmoves());
    assert_eq!(pos.has_legal_move(), !pos.legal_moves().is_empty());
}

/// ICCS: parse, print, re-parse → equal; resolve in the start position and check the
/// result agrees with the legal move list.
pub fn iccs(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(iccs) = text.parse::<Iccs>() else {
        return;
    };
    let printed = iccs.to_string();
    assert_eq!(printed.parse::<Iccs>().ok(), Some(iccs));
    let pos = Position::startpos();
    let legal = pos.legal_moves();
    match iccs.to_move(&pos) {
        Ok(m) => {
            assert!(legal.contains(&m));
            assert_eq!(Iccs::from_move(&m), iccs);
        }
        Err(_) => assert!(!legal.iter().any(|m| Iccs::from_move(m) == iccs)),
    }
}

/// UCCI `position` lines: parse and replay; a replayed game must end in a position whose
/// key matches a recomputation from scratch.
pub fn ucci(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(line) = text.parse::<UcciPosition>() else {
        return;
    };
    let Ok((start, moves)) = line.replay() else {
        return;
    };
    assert_eq!(moves.len(), line.moves.len());
    let mut pos = start;
    for m in &moves {
        assert!(pos.is_legal(m));
        pos.play_unchecked(m);
    }
    let setup = Setup::from(&pos);
    assert_eq!(pos.zobrist(), zobrist::compute(&setup.board, setup.turn));
}

/// Move generation: the bytes choose a start (the standard one, or a FEN up to the first
/// newline when the input starts with `F`) and then, one byte per ply, a legal move by
/// index. On the way: `legal_moves`, `legal_moves_from`, `is_legal` and `has_legal_move`
/// agree, every pseudo-move is either legal or refused, the quick evasions and the checking
/// moves are the legal moves they should be, and the incremental Zobrist key equals a
/// recomputation.
pub fn movegen(data: &[u8]) {
    let (mut pos, plies) = match data.split_first() {
        Some((b'F', rest)) => {
            let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
            let Ok(text) = std::str::from_utf8(&rest[..end]) else {
                return;
            };
            let Ok(pos) = Position::from_fen(text) else {
                return;
            };
            (pos, rest.get(end + 1..).unwrap_or(&[]))
        }
        _ => (Position::startpos(), data),
    };
    let mut pseudo = Vec::new();
    for &b in plies.iter().take(32) {
        let legal = pos.legal_moves();
        assert_eq!(pos.has_legal_move(), !legal.is_empty());
        pseudo.clear();
        pos.pseudo_moves(&mut pseudo);
        for m in &pseudo {
            assert_eq!(pos.is_legal(m), legal.contains(m), "{m} in {pos:?}");
        }
        for m in &legal {
            assert!(pseudo.contains(m));
        }
        // The quick evasions: in check, the legal moves of the general and the legal
        // captures of a checker, each once; nothing out of check.
        let checkers = pos.checkers();
        let mut quick = Vec::new();
        pos.quick_evasions_into(&mut quick);
        let answers = |m: &Move| {
            !checkers.is_empty()
                && (m.role == qili_notation::Role::General || checkers.contains(m.to))
        };
        let expect_quick = legal.iter().filter(|m| answers(m)).count();
        assert_eq!(quick.len(), expect_quick, "quick evasions in {pos:?}");
        for (i, m) in quick.iter().enumerate() {
            let once = !quick[..i].contains(m);
            assert!(legal.contains(m) && answers(m) && once, "{m} in {pos:?}");
        }
        // The checking moves, here and with the turn passed: the pseudo-moves, in order,
        // that are legal, attack the other general and do not take it.
        for q in [pos.clone(), pos.passed()] {
            let mut all = Vec::new();
            q.pseudo_moves(&mut all);
            let expect: Vec<_> = all
                .into_iter()
                .filter(|m| {
                    m.capture != Some(qili_notation::Role::General)
                        && q.keeps_general_safe(m)
                        && q.gives_check(m)
                })
                .collect();
            let mut checks = Vec::new();
            q.checking_moves_into(&mut checks);
            assert_eq!(checks, expect, "checking moves in {q:?}");
        }
        // The attacked points of a set, in one pass: those the scan finds, both sides.
        for by in [qili_notation::Color::Red, qili_notation::Color::Black] {
            let some = qili_notation::SquareSet(u128::MAX >> (b % 64));
            let expect: qili_notation::SquareSet = some
                .into_iter()
                .filter(|&s| s.index() < 90 && pos.piece_at(s).is_some() && pos.is_attacked(s, by))
                .collect();
            assert_eq!(
                pos.attacked_among(some, by),
                expect,
                "attacked points in {pos:?}"
            );
        }
        // Any pair of points: the built move is legal exactly when it is in the list.
        let from = Square::new_unchecked(b % 90);
        let to = Square::new_unchecked(b.wrapping_mul(37) % 90);
        if let Some(m) = pos.move_from_squares(from, to) {
            assert_eq!(pos.is_legal(&m), legal.contains(&m));
        }
        let from_list = pos.legal_moves_from(from);
        assert!(from_list.iter().all(|m| legal.contains(m)));
        assert_eq!(
            from_list.len(),
            legal.iter().filter(|m| m.from == from).count()
        );
        if legal.is_empty() {
            break;
        }
        let m = legal[b as usize % legal.len()];
        pos.play_unchecked(&m);
        let setup = Setup::from(&pos);
        assert_eq!(pos.zobrist(), zobrist::compute(&setup.board, setup.turn));
    }
}

/// Splits notation inputs: the bytes before the first newline choose a position (one legal
/// move index per byte from the start position, at most 64), the rest is the move text.
fn position_and_text(data: &[u8]) -> Option<(Position, &str)> {
    let cut = data.iter().position(|&b| b == b'\n')?;
    let text = std::str::from_utf8(&data[cut + 1..]).ok()?;
    let mut pos = Position::startpos();
    for &b in data[..cut].iter().take(64) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos.play_unchecked(&legal[b as usize % legal.len()]);
    }
    Some((pos, text))
}

/// The properties every descriptive notation must have in `pos`: every legal move written
/// canonically (and in `styles`) reads back as itself; any text that parses resolves to a
/// legal move or a typed error, and its printed form resolves the same way.
fn descriptive<S, E>(
    data: &[u8],
    notation: Notation,
    to_move: impl Fn(&S, &Position) -> Result<Move, E>,
    from_move: impl Fn(&Position, &Move) -> S,
    styles: impl Fn(&S) -> Vec<String>,
) where
    S: FromStr + Display,
{
    let Some((pos, text)) = position_and_text(data) else {
        return;
    };
    let legal = pos.legal_moves();
    // Every legal move when there are few; else a sample of four chosen by the input, so
    // one execution stays cheap (the fuzzer covers the rest over many executions).
    let seed = data
        .iter()
        .fold(0usize, |h, &b| h.wrapping_mul(31).wrapping_add(b as usize));
    let sample: Vec<&Move> = if legal.len() <= 6 {
        legal.iter().collect()
    } else {
        (0..4)
            .map(|k| &legal[seed.wrapping_add(k * 11) % legal.len()])
            .collect()
    };
    for m in sample {
        let w = from_move(&pos, m);
        for t in std::iter::once(w.to_string()).chain(styles(&w)) {
            let Ok(back) = t.parse::<S>() else {
                panic!("{notation:?}: {t:?} written for {m} does not parse in {pos:?}");
            };
            assert_eq!(
                to_move(&back, &pos).ok(),
                Some(*m),
                "{notation:?} {t:?} in {pos:?}"
            );
            assert_eq!(parse_move(&pos, &t, Some(notation)).ok(), Some(*m));
        }
    }
    if let Ok(s) = text.parse::<S>() {
        let r = to_move(&s, &pos).ok();
        if let Some(m) = r {
            assert!(legal.contains(&m));
        }
        let printed = s.to_string();
        let again = printed.parse::<S>();
        assert!(
            again.is_ok(),
            "{notation:?}: printed {printed:?} does not parse"
        );
        if let Ok(again) = again {
            assert_eq!(
                to_move(&again, &pos).ok(),
                r,
                "{notation:?}: {text:?} vs {printed:?}"
            );
        }
    }
    if let Ok(m) = parse_move(&pos, text, None) {
        assert!(legal.contains(&m), "parse_move({text:?}) gave illegal {m}");
    }
}

/// Chinese full notation (`炮二平五`), in every style.
pub fn chinese(data: &[u8]) {
    descriptive(
        data,
        Notation::Chinese,
        |s: &Chinese, p| s.to_move(p),
        Chinese::from_move,
        |w| {
            let style = ChineseStyle {
                traditional: true,
                fullwidth_digits: true,
            };
            vec![w.display(style).to_string()]
        },
    );
}

/// Chinese abbreviated notation (`炮25`).
pub fn abbreviated(data: &[u8]) {
    descriptive(
        data,
        Notation::ChineseShort,
        |s: &Abbreviated, p| s.to_move(p),
        Abbreviated::from_move,
        |w| {
            let style = ChineseStyle {
                traditional: true,
                fullwidth_digits: true,
            };
            vec![w.display(style).to_string()]
        },
    );
}

/// WinBoard SAN (`Cbg2`): as the other notations, every legal move written reads back as
/// itself, and a parsed text resolves to a legal move or an error.
pub fn winboard(data: &[u8]) {
    descriptive(
        data,
        Notation::WinBoard,
        |s: &qili_notation::WinBoard, p| s.to_move(p),
        qili_notation::WinBoard::from_move,
        |_| Vec::new(),
    );
}

/// WXF notation (`C2.5`), in every style.
pub fn wxf(data: &[u8]) {
    descriptive(
        data,
        Notation::Wxf,
        |s: &Wxf, p| s.to_move(p),
        Wxf::from_move,
        |w| {
            let style = WxfStyle {
                fullwidth: true,
                lowercase: true,
                equals_for_traverse: true,
            };
            vec![w.display(style).to_string()]
        },
    );
}
