//! Same-kind pairs that can trade (兑, CXA2020 §3.1; CXA2020 图2, the 1999 book's figure 三
//! for 细则3, "一捉一兑").
//!
//! A pair is one of the mover's pieces and an enemy piece of the same kind (chariot–chariot,
//! horse–horse, cannon–cannon) that can legally take each other, the mover's piece itself
//! protected: when the enemy piece takes it, the mover takes back and the enemy gains
//! nothing. Such a pair offers an exchange (28.5): the mover's capture of the enemy piece is
//! set aside when the mover's chases and mate threats are looked for — even when the enemy
//! piece is unprotected, is insufficiently protected only because another attacker joins,
//! or the capture would be followed by a further gain. Threats by other pieces still count
//! (细则5); a pair that cannot actually take each other (a pinned or blocked capturer) is no
//! pair, and the capture chases again (CXA2020 图30's variation).

use qili_notation::{Move, Position, Role, Square, SquareSet};
use smallvec::{smallvec, SmallVec};

use super::threat::Ctx;
use super::{Chase, Evidence, Label, MoveLabels, ShortLine};
use crate::material::{Balance, Material};
use crate::protection;
use crate::settings::Article;

/// One same-kind pair, judged with the mover to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pair {
    /// The mover's piece.
    pub mine: Square,
    /// The enemy piece of the same kind.
    pub theirs: Square,
    /// The enemy's capture of the mover's piece and what follows (the mover takes back).
    pub line: Vec<Move>,
}

/// The pairs of a position; most positions have none, few more than two.
pub(crate) type Pairs = SmallVec<[Pair; 2]>;

/// The same-kind pairs of `pos` (the mover to move): its chariot, horse or cannon that can
/// legally take an enemy piece of the same kind which, were it the enemy's turn, could
/// legally take it back, the mover's piece protected (after the enemy's capture the mover
/// recaptures, and the enemy's exchange does not gain). Both captures must really be open
/// to their side, or the pair cannot trade and the mover's capture chases again:
/// - neither capture is answered by mate (a mate within the mate depth of `ctx`; 29.4,
///   细则7; 献 28.6 asks the same) — CXA2020 图29's variation: when the enemy's chariot
///   takes the offered one, the mover mates, and the move is 杀;
/// - the enemy's capture does not lose material: after it, no line of the mover that
///   starts by taking back (a check that recaptures, then more) gains on the whole (29.1,
///   细则3) — CXA2020 图17: the chariot that takes the offered one is taken back with
///   check, and the chariot behind it falls, so the move chases.
pub(crate) fn same_kind_pairs(ctx: &mut Ctx<'_>, pos: &Position) -> Pairs {
    same_kind_pairs_and_losing(ctx, pos, false).0
}

/// [`same_kind_pairs`], and apart (when `losing_too`) the pairs that fail only the last
/// test, the enemy's capture losing material (CXA2020 图17): the mover's capture of such
/// a pair chases, but it is still set aside in the search for a mate threat where the
/// rule book says so
/// ([`ChasePolicy::losing_pair_capture_starts_no_mate`](crate::settings::ChasePolicy::losing_pair_capture_starts_no_mate)).
pub(crate) fn same_kind_pairs_and_losing(
    ctx: &mut Ctx<'_>,
    pos: &Position,
    losing_too: bool,
) -> (Pairs, Pairs) {
    let us = pos.turn();
    let mut out = Pairs::new();
    let mut losing = Pairs::new();
    let mut back: Option<Position> = None;
    for (q, their) in pos.pieces() {
        if their.color == us || !matches!(their.role, Role::Chariot | Role::Horse | Role::Cannon) {
            continue;
        }
        let kin: SquareSet = pos
            .attackers(q, us)
            .filter(|&p| pos.piece_at(p).is_some_and(|m| m.role == their.role))
            .collect();
        if kin.is_empty() {
            continue;
        }
        let mine = protection::legal_capturers(pos, q);
        for p in kin {
            if !mine.contains(p) {
                continue;
            }
            let back = back.get_or_insert_with(|| pos.passed());
            if !protection::legal_capturers(back, p).contains(q) {
                continue;
            }
            let Some(ex) = protection::exchange_from_capturer(back, q, p) else {
                continue;
            };
            if ex.line.len() < 2 || ex.balance == Balance::Gain {
                continue;
            }
            let Some(take) = pos.move_from_squares(p, q) else {
                continue;
            };
            let taken = back.after(&ex.first);
            let depth = ctx.mate_depth;
            if ctx.mate.find(&taken, depth).is_some()
                || ctx.mate.find(&pos.after(&take), depth).is_some()
            {
                continue;
            }
            let lost = pos
                .piece_at(p)
                .map_or(Material::ZERO, |piece| Material::of(piece, p));
            let pair = Pair {
                mine: p,
                theirs: q,
                line: ex.line,
            };
            if !ctx.retaking_gains(&taken, p, lost) {
                out.push(pair);
            } else if losing_too {
                losing.push(pair);
            }
        }
    }
    (out, losing)
}

/// The mover's pieces whose capture of the piece on `t` is set aside in `pos` (the mover
/// to move; a position of the root's lines): the pairs of the root on `t` whose two pieces
/// still stand on their points (pieces are matched by point: in the short lines searched
/// they seldom move and come back).
pub(crate) fn aside_at(pairs: &[Pair], pos: &Position, t: Square) -> SquareSet {
    if pairs.is_empty() {
        return SquareSet::EMPTY;
    }
    let Some(theirs) = pos.piece_at(t) else {
        return SquareSet::EMPTY;
    };
    pairs
        .iter()
        .filter(|p| {
            p.theirs == t
                && pos
                    .piece_at(p.mine)
                    .is_some_and(|m| m.color == pos.turn() && m.role == theirs.role)
        })
        .map(|p| p.mine)
        .collect()
}

/// Whether `m` is the capture of a pair (the mover's piece taking its enemy twin).
pub(crate) fn is_pair_capture(pairs: &[Pair], m: &Move) -> bool {
    pairs.iter().any(|p| p.mine == m.from && p.theirs == m.to)
}

/// 兑 (28.5; CXA2020 §3.1) for the pairs the move makes: each pair of `pairs` (of the
/// position after the move, the mover to move) that was not a pair before it — the mover's
/// piece matched by identity (the moved piece is the same piece on its new point) — is
/// labelled an exchange offer, with its evidence: the two pieces and the enemy's capture
/// the mover answers.
pub(super) fn exchange(
    before: &Position,
    mv: &Move,
    pairs: &[Pair],
    ctx: &mut Ctx<'_>,
    out: &mut MoveLabels,
) {
    let old = same_kind_pairs(ctx, before);
    for p in pairs {
        let was = if p.mine == mv.to { mv.from } else { p.mine };
        if old.iter().any(|o| o.mine == was && o.theirs == p.theirs) {
            continue;
        }
        let role = before
            .piece_at(was)
            .map_or("piece", |piece| piece.role.english());
        let mut detail = String::with_capacity(120);
        detail.push_str("the ");
        detail.push_str(role);
        detail.push_str(" on ");
        super::push_point(&mut detail, p.mine);
        detail.push_str(", protected, and the ");
        detail.push_str(role);
        detail.push_str(" on ");
        super::push_point(&mut detail, p.theirs);
        detail.push_str(" can take each other: an exchange offer, and taking it is no chase");
        out.labels.push(Label::Exchange);
        out.evidence.push(Evidence {
            label: Label::Exchange,
            articles: smallvec![Article::Cxa28_5, Article::Cxa2020Fig2],
            pieces: smallvec![p.mine],
            targets: smallvec![p.theirs],
            line: ShortLine::from_slice(&p.line),
            detail: detail.into(),
        });
    }
}

/// The evidence of 兑 for a threat the move makes that is no chase only because a same-kind
/// pair's capture is set aside (CXA2020 §3.1): the attackers, the target, the line that
/// would have won it.
pub(super) fn set_aside_evidence(chase: &Chase) -> Evidence {
    let role = chase.target_role.english();
    let mut detail = String::with_capacity(120);
    detail.push_str("the threat on the ");
    detail.push_str(role);
    detail.push_str(" on ");
    super::push_point(&mut detail, chase.target);
    detail.push_str(
        " needs the capture of a same-kind pair that can trade: an exchange offer, no chase",
    );
    Evidence {
        label: Label::Exchange,
        articles: smallvec![Article::Cxa28_5, Article::Cxa2020Fig2],
        pieces: chase.attackers.clone(),
        targets: smallvec![chase.target],
        line: ShortLine::from_slice(&chase.line),
        detail: detail.into(),
    }
}
