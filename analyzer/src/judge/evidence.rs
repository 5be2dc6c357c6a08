//! The facts of a side's chases that its verdict and citations read (the rule book's
//! articles for the chases, the parry, the key point, a chariot chased while a horse pins it).

use qili_notation::{Color, Position, Role};

use crate::conduct::{Conduct, ConductKind, CycleMove, PieceRef};
use crate::label::Label;
use crate::rules::RuleBook;
use crate::verdict::{Article, SideEvidence};

/// Facts about `conduct`'s chases that the rule set's verdict and citations use.
pub(super) fn side_evidence(
    book: RuleBook,
    conduct: &Conduct,
    moves: &[CycleMove],
    positions: &[Position],
) -> SideEvidence {
    let mut ev = SideEvidence {
        parried: parried(conduct, moves),
        key_point: key_point(conduct, moves),
        ..SideEvidence::default()
    };
    let chase_conduct = matches!(
        conduct.kind,
        ConductKind::PerpetualChase
            | ConductKind::CheckAndChase
            | ConductKind::MateThreatAndChase
            | ConductKind::ChasesAndIdle
    );
    if !chase_conduct {
        return ev;
    }
    let reading = book.reading();
    let mut push = |a: Article| {
        if !ev.articles.contains(&a) {
            ev.articles.push(a);
        }
    };
    for m in moves
        .iter()
        .filter(|m| m.labels.side == conduct.side && reading.chases_count(&m.labels))
    {
        let Some(after) = positions.get(m.ply) else {
            continue;
        };
        let offer = m
            .labels
            .labels
            .iter()
            .any(|l| matches!(l, Label::Exchange | Label::Offer));
        for c in &m.labels.chases {
            let roles: Vec<Role> = c
                .attackers
                .iter()
                .filter_map(|&a| after.piece_at(a).map(|p| p.role))
                .collect();
            let screen = !c.attackers.contains(&m.labels.mv.to);
            book.chase_articles(c, &roles, screen, offer, &mut push);
        }
    }
    if book.ranks_forbidden_chases() && conduct.kind == ConductKind::PerpetualChase {
        // The perpetual chase is ranked by the pieces it chases on every move, where there
        // are any (28.12; `CXA2020 图25`: a chase of another piece made by one move only
        // does not make a chase of the chariot joint); else by all its chases.
        let constant = &conduct.constant_targets;
        let counted = || {
            moves
                .iter()
                .filter(|m| m.labels.side == conduct.side && reading.chases_count(&m.labels))
        };
        let by_all = crate::rules::cxa::ChaseRank::of(
            conduct.targets.iter().map(|t| t.role),
            counted().flat_map(|m| &m.labels.chases),
        );
        let rank = if constant.is_empty() {
            by_all
        } else {
            let every_move = counted().flat_map(|m| {
                m.labels.chases.iter().filter(move |c| {
                    m.chases
                        .iter()
                        .any(|r| r.at == c.target && constant.contains(&r.target))
                })
            });
            let rank =
                crate::rules::cxa::ChaseRank::of(constant.iter().map(|t| t.role), every_move);
            if rank != by_all && !ev.articles.contains(&Article::Cxa2020Fig25) {
                // The pieces chased on every move decided the rank (`CXA2020 图25`).
                ev.articles.push(Article::Cxa2020Fig25);
            }
            rank
        };
        ev.chase_rank = Some(rank);
    }
    if book.reads_horse_pinned_chariots() {
        for &t in &conduct.targets {
            if t.role == Role::Chariot
                && chased_while_horse_pinned(t, conduct.side, moves, positions)
            {
                ev.horse_pinned_chariots.push(t);
            }
        }
    }
    ev
}

/// The first ply of `conduct`'s side whose attack was not counted as a new chase only because
/// the novelty baseline is the attack itself (it answered a check, docs/rules.md §3), when that
/// could decide the conduct: every other move of the side attacks.
fn parried(conduct: &Conduct, moves: &[CycleMove]) -> Option<usize> {
    let own = || moves.iter().filter(|m| m.labels.side == conduct.side);
    let first = own().find(|m| is_parry(m))?.ply;
    own()
        .all(|m| is_parry(m) || m.primary().is_attack())
        .then_some(first)
}

/// Whether the move has an attack not counted as new only because the novelty baseline is
/// the attack itself (see [`parried`]).
pub(super) fn is_parry(m: &CycleMove) -> bool {
    m.labels.dismissed.iter().any(|d| {
        d.reason == crate::label::DismissReason::NotNew
            && d.chase.notes.iter().any(|n| n.is_stood())
    })
}

/// The first ply of `conduct`'s side whose move is idle only because it occupies a defensive
/// key point (CXA 27.3, 细则13: its chases dismissed as incidental), when every other move of
/// the side attacks, so that counting it as a chase would have made the conduct forbidden.
fn key_point(conduct: &Conduct, moves: &[CycleMove]) -> Option<usize> {
    let own = || moves.iter().filter(|m| m.labels.side == conduct.side);
    let is_key_point = |m: &CycleMove| crate::label::is_key_point(&m.labels);
    let first = own().find(|m| is_key_point(m))?.ply;
    own()
        .all(|m| is_key_point(m) || m.primary().is_attack())
        .then_some(first)
}

/// Whether `target` (a chariot) stands pinned by an enemy horse whenever `side` chases it.
fn chased_while_horse_pinned(
    target: PieceRef,
    side: Color,
    moves: &[CycleMove],
    positions: &[Position],
) -> bool {
    let mut any = false;
    for m in moves.iter().filter(|m| m.labels.side == side) {
        let Some(after) = positions.get(m.ply) else {
            return false;
        };
        for cr in m.chases.iter().filter(|cr| cr.target == target) {
            let Some(without) = after.without(cr.at) else {
                return false;
            };
            let g = after.general(target.color);
            let by_horse = without
                .attackers(g, !target.color)
                .any(|a| after.piece_at(a).is_some_and(|p| p.role == Role::Horse));
            if !by_horse || after.is_general_attacked(target.color) {
                return false;
            }
            any = true;
        }
    }
    any
}
