//! The kinds of idle move (CXA 28.5–28.8): exchange offer 兑, offer 献, block 拦, follow 跟.

use qili_notation::{Move, Position, Role, Square, SquareSet};
use smallvec::smallvec;

use super::threat::Ctx;
use super::{push_count, push_point, Evidence, Label, MoveLabels, Short, ShortLine};
use crate::material::{Balance, Material};
use crate::protection::{self, between};
use crate::settings::Article;

/// 兑 (28.5) and 献 (28.6) for the moved piece.
pub(super) fn exchange_and_offer(
    after: &Position,
    mv: &Move,
    ctx: &mut Ctx<'_>,
    out: &mut MoveLabels,
) {
    let Some(moved) = after.piece_at(mv.to) else {
        return;
    };
    let value = Material::of(moved, mv.to);
    if !value.is_material() {
        return;
    }
    // Both need an opponent piece that can take the moved one, and most moved pieces have
    // none: a scan that stops at the first attacker says so before the legal capturers
    // (a subset of the attackers) are listed.
    if !after.is_attacked(mv.to, after.turn()) {
        return;
    }
    let capturers = protection::legal_capturers(after, mv.to);
    // 兑, offered: an equal opponent piece captures the moved piece, the mover recaptures,
    // and the exchange is even.
    let mut exchange: Option<Evidence> = None;
    for c in capturers {
        let Some(p) = after.piece_at(c) else { continue };
        if Material::of(p, c) != value {
            continue;
        }
        if let Some(ex) = protection::exchange_from_capturer(after, c, mv.to) {
            if ex.line.len() >= 2 && ex.balance == Balance::Even {
                exchange = Some(evidence_exchange(mv.to, c, ex.line));
                break;
            }
        }
    }
    if let Some(e) = exchange {
        // The same two pieces may already be named as a same-kind pair (CXA2020 §3.1).
        let named = out
            .evidence
            .iter()
            .any(|x| x.label == Label::Exchange && x.pieces == e.pieces && x.targets == e.targets);
        if !named {
            out.labels.push(Label::Exchange);
            out.evidence.push(e);
        }
    }
    // 献: an unprotected piece moves where an opponent piece of the same kind can take it,
    // and taking it neither gets the taker mated at once nor loses it material.
    for c in capturers {
        if after.piece_at(c).map(|p| p.role) != Some(moved.role) {
            continue;
        }
        let Some(take) = after.move_from_squares(c, mv.to) else {
            continue;
        };
        let p1 = after.after(&take);
        if !protection::legal_capturers(&p1, mv.to).is_empty() {
            return; // protected: not an offer
        }
        if ctx.mate.find(&p1, ctx.mate_depth).is_some() || side_to_move_gains(&p1) {
            continue;
        }
        out.labels.push(Label::Offer);
        out.evidence.push(Evidence {
            label: Label::Offer,
            articles: smallvec![Article::Cxa28_6],
            pieces: smallvec![mv.to],
            targets: smallvec![c],
            line: smallvec![take],
            detail: {
                let role = moved.role.english();
                let mut d = String::with_capacity(52 + 2 * role.len());
                d.push_str("the unprotected ");
                d.push_str(role);
                d.push_str(" can be taken by the ");
                d.push_str(role);
                d.push_str(" on ");
                push_point(&mut d, c);
                d.push_str(" at no risk");
                d.into()
            },
        });
        return;
    }
}

fn evidence_exchange(piece: Square, other: Square, line: Vec<Move>) -> Evidence {
    Evidence {
        label: Label::Exchange,
        articles: smallvec![Article::Cxa28_5],
        pieces: smallvec![piece],
        targets: smallvec![other],
        detail: {
            let mut d = String::with_capacity(80);
            d.push_str("the moved piece can be exchanged for the piece on ");
            push_point(&mut d, other);
            d.push_str(" (an even exchange)");
            d.into()
        },
        line: ShortLine::from_vec(line),
    }
}

/// Whether the side to move wins material on some point.
fn side_to_move_gains(pos: &Position) -> bool {
    let us = pos.turn();
    pos.pieces().any(|(sq, p)| {
        p.color != us
            && Material::of(p, sq).is_material()
            && pos.is_attacked(sq, us)
            && protection::best_exchange(pos, sq).is_some_and(|e| e.gains())
    })
}

/// Whether every point strictly between `a` and `b` (on one line) is empty.
fn clear_between(pos: &Position, a: Square, b: Square) -> bool {
    Square::all()
        .filter(|&x| between(a, b, x))
        .all(|x| pos.piece_at(x).is_none())
}

fn destinations(pos: &Position, from: Square, buf: &mut Vec<Move>) -> SquareSet {
    buf.clear();
    pos.pseudo_moves_from(from, buf);
    buf.iter().map(|m| m.to).collect()
}

/// 拦 (28.7): the moved piece now stands in the way of an opponent chariot or cannon,
/// cutting points off its line. (Stepping on a horse's leg or an elephant's eye is not
/// counted, nor anything the general does: 27.1 treats the general's own actions as idle.)
pub(super) fn block(before: &Position, after: &Position, mv: &Move, out: &mut MoveLabels) {
    if mv.capture.is_some() || mv.role == Role::General {
        return; // the point was occupied before: nothing newly cut
    }
    let to = mv.to;
    let (tf, tr) = (to.file().index() as i8, to.rank().index() as i8);
    let mut blocked = Short::new();
    let mut lost = SquareSet::EMPTY;
    let mut buf = Vec::new();
    for (sq, p) in after.pieces() {
        if p.color == out.side {
            continue;
        }
        let (df, dr) = (tf - sq.file().index() as i8, tr - sq.rank().index() as i8);
        let relevant = match p.role {
            Role::Chariot | Role::Cannon => (df == 0 || dr == 0) && clear_between(before, sq, to),
            _ => false,
        };
        if !relevant {
            continue;
        }
        let was = destinations(before, sq, &mut buf);
        let now = destinations(after, sq, &mut buf);
        let mut cut = SquareSet(was.0 & !now.0);
        cut.remove(to);
        cut.remove(mv.from);
        // Standing on a piece's line while attacking it is following or chasing it, not
        // blocking it (a block has no attacking role, 28.7) — unless the cut parries an
        // attack of that piece on the mover's pieces or general.
        let parries = cut
            .into_iter()
            .any(|c| before.piece_at(c).is_some_and(|q| q.color == out.side));
        let attacks = after.attackers(sq, out.side).contains(to);
        if !cut.is_empty() && (parries || !attacks) {
            blocked.push(sq);
            lost = SquareSet(lost.0 | cut.0);
        }
    }
    if blocked.is_empty() {
        return;
    }
    let mut detail = String::with_capacity(80 + 4 * blocked.len());
    detail.push_str("cuts the line of the piece(s) on ");
    push_points(&mut detail, &blocked);
    detail.push_str(" (");
    push_count(&mut detail, lost.count());
    detail.push_str(" point(s) no longer reachable)");
    out.labels.push(Label::Block);
    out.evidence.push(Evidence {
        label: Label::Block,
        articles: smallvec![Article::Cxa28_7],
        pieces: smallvec![to],
        targets: blocked,
        line: ShortLine::new(),
        detail: detail.into(),
    });
}

/// 跟 (28.8): the moved piece watches a protected opponent piece, or pins one, without
/// threatening to win it. (Not the general: its own actions are idle, 27.1.)
pub(super) fn follow(after: &Position, mv: &Move, out: &mut MoveLabels) {
    if mv.role == Role::General {
        return;
    }
    let side = out.side;
    let them = !side;
    let passed = after.passed();
    let mut watched = Short::new();
    let mut pinned = Short::<Square>::new();
    let g = after.general(them);
    let checking_now = after.attackers(g, side);
    // Lifting a piece opens an attack of the moved piece on the general only when it stands
    // between them on a chariot's or cannon's line, or is a horse's leg: whatever else is
    // lifted, the moved piece attacks the general as much as it does now.
    let may_open = |sq: Square| match mv.role {
        Role::Chariot | Role::Cannon => between(mv.to, g, sq),
        Role::Horse => true,
        _ => false,
    };
    for (sq, p) in after.pieces() {
        if p.color != them || !Material::of(p, sq).is_material() {
            continue;
        }
        // The moved piece can legally take it, and taking it gains nothing.
        if protection::exchange_from(&passed, mv.to, sq).is_some_and(|e| !e.gains()) {
            watched.push(sq);
            continue;
        }
        if !may_open(sq) {
            continue;
        }
        if let Some(lifted) = after.without(sq) {
            if lifted.attackers(g, side).contains(mv.to) && !checking_now.contains(mv.to) {
                pinned.push(sq);
            }
        }
    }
    if watched.is_empty() && pinned.is_empty() {
        return;
    }
    // The sentence is put together piece by piece, without `format!` and a string per
    // point: every quiet move is asked for it.
    let mut detail = String::with_capacity(80 + 4 * (watched.len() + pinned.len()));
    detail.push_str("keeps");
    if !watched.is_empty() {
        detail.push_str(" the protected piece(s) on ");
        push_points(&mut detail, &watched);
        detail.push_str(" under attack");
    }
    if !pinned.is_empty() {
        if !watched.is_empty() {
            detail.push_str(" and");
        }
        detail.push_str(" the piece(s) on ");
        push_points(&mut detail, &pinned);
        detail.push_str(" pinned");
    }
    watched.extend(pinned);
    out.labels.push(Label::Follow);
    out.evidence.push(Evidence {
        label: Label::Follow,
        articles: smallvec![Article::Cxa28_8],
        pieces: smallvec![mv.to],
        targets: watched,
        line: ShortLine::new(),
        detail: detail.into(),
    });
}

/// Appends the ICCS names of `points` separated by ", " (as `join(", ")` of their names).
fn push_points(out: &mut String, points: &[Square]) {
    for (i, &sq) in points.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        push_point(out, sq);
    }
}
