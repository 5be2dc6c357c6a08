//! Attack queries on a bare board, table-driven (see [`super::geometry`]).

use super::geometry::{
    direction, DIAG_NEIGHBOURS, ELEPHANT_ATTACKS, HORSE_ATTACKS, IN_PALACE, ORTH_NEIGHBOURS, RAYS,
    SOLDIER_ATTACKS,
};
use crate::{Color, Piece, Role, Square};

/// The placement: one optional piece per point.
pub(super) type Board = [Option<Piece>; 90];

/// Walks the line from `sq` in direction `d` and reports `by`'s chariot (first piece met),
/// cannon (second piece met) or, on a file towards a general target, general (first piece
/// met). Calls `found` for each; returns `true` as soon as it does.
#[inline(always)]
fn scan_ray(
    board: &Board,
    sq: usize,
    d: usize,
    by: Color,
    target_is_general: bool,
    found: &mut impl FnMut(Square) -> bool,
) -> bool {
    let vertical = d >= 2;
    let mut rest = RAYS[sq][d].as_slice().iter();
    // The first piece on the line: a chariot (or a facing general) attacks.
    for &i in rest.by_ref() {
        if let Some(p) = board[i as usize] {
            if p.color == by
                && (p.role == Role::Chariot
                    || (p.role == Role::General && vertical && target_is_general))
                && found(Square::new_unchecked(i))
            {
                return true;
            }
            break;
        }
    }
    // The second piece: a cannon attacks over the screen.
    for &i in rest {
        if let Some(p) = board[i as usize] {
            return p.color == by && p.role == Role::Cannon && found(Square::new_unchecked(i));
        }
    }
    false
}

/// Calls `found` for each of `by`'s pieces attacking `sq`; stops early when it returns
/// `true`. Returns whether it stopped.
#[inline(always)]
pub(super) fn scan_attackers(
    board: &Board,
    sq: Square,
    by: Color,
    mut found: impl FnMut(Square) -> bool,
) -> bool {
    let s = sq.index();
    let target_is_general = matches!(board[s], Some(p) if p.role == Role::General && p.color != by);
    // Lines: chariot, cannon, flying general.
    for d in 0..4 {
        if scan_ray(board, s, d, by, target_is_general, &mut found) {
            return true;
        }
    }
    // Horses: a horse reaches `sq` when its leg is empty.
    let horse = Some(Piece::new(by, Role::Horse));
    for &(h, leg) in HORSE_ATTACKS[s].as_slice() {
        if board[h as usize] == horse
            && board[leg as usize].is_none()
            && found(Square::new_unchecked(h))
        {
            return true;
        }
    }
    // Soldiers.
    let soldier = Some(Piece::new(by, Role::Soldier));
    for &i in SOLDIER_ATTACKS[by.index()][s].as_slice() {
        if board[i as usize] == soldier && found(Square::new_unchecked(i)) {
            return true;
        }
    }
    // General and advisors inside the palace.
    if IN_PALACE[by.index()][s] {
        let general = Some(Piece::new(by, Role::General));
        for &i in ORTH_NEIGHBOURS[s].as_slice() {
            if board[i as usize] == general && found(Square::new_unchecked(i)) {
                return true;
            }
        }
        let advisor = Some(Piece::new(by, Role::Advisor));
        for &i in DIAG_NEIGHBOURS[s].as_slice() {
            if board[i as usize] == advisor && found(Square::new_unchecked(i)) {
                return true;
            }
        }
    }
    // Elephants on their own side.
    if sq.rank().is_home(by) {
        let elephant = Some(Piece::new(by, Role::Elephant));
        for &(e, eye) in ELEPHANT_ATTACKS[s].as_slice() {
            if board[e as usize] == elephant
                && board[eye as usize].is_none()
                && found(Square::new_unchecked(e))
            {
                return true;
            }
        }
    }
    false
}

/// Whether any of `by`'s pieces attacks `sq`.
pub(super) fn is_attacked(board: &Board, sq: Square, by: Color) -> bool {
    scan_attackers(board, sq, by, |_| true)
}

/// Whether a non-general move `from`→`to` can open an attack on the general on `g`:
/// `from` or `to` on the general's file or rank (a line opens, a cannon screen appears or
/// goes, the generals come to face each other), or `from` a horse leg next to the general.
#[inline(always)]
pub(super) fn may_expose(g: usize, from: usize, to: usize) -> bool {
    let (gf, gr) = (g % 9, g / 9);
    from % 9 == gf
        || from / 9 == gr
        || to % 9 == gf
        || to / 9 == gr
        || (from % 9).abs_diff(gf) == 1 && (from / 9).abs_diff(gr) == 1
}

/// After a non-general move `from`→`to` has been made on `board`, by the side of the
/// general on `g` while that general was NOT attacked: whether `by` attacks it now.
///
/// Only attacks through the two changed points can be new: the lines from `g` through
/// `from` or `to`, and a horse whose leg was `from`. (Soldiers, advisors and elephants
/// attack without passing over any point; a captured piece only loses attacks.)
pub(super) fn discovered_attack(
    board: &Board,
    g: Square,
    from: usize,
    to: usize,
    by: Color,
) -> bool {
    let s = g.index();
    let target_is_general = matches!(board[s], Some(p) if p.role == Role::General && p.color != by);
    let mut found = |_| true;
    let df = direction(s, from);
    if let Some(d) = df {
        if scan_ray(board, s, d, by, target_is_general, &mut found) {
            return true;
        }
    }
    if let Some(d) = direction(s, to) {
        if Some(d) != df && scan_ray(board, s, d, by, target_is_general, &mut found) {
            return true;
        }
    }
    let horse = Some(Piece::new(by, Role::Horse));
    HORSE_ATTACKS[s]
        .as_slice()
        .iter()
        .any(|&(h, leg)| leg as usize == from && board[h as usize] == horse)
}
