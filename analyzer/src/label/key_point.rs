//! The defensive key point (CXA 27.3, 细则13: "占据防守要点，立即构成简明和棋，附带产生的捉士相（象），
//! 按闲处理"): a move that occupies a point which at once takes away the opponent's mating
//! attack is idle, its threat on an advisor or elephant incidental. Where the rule book has
//! the rule ([`ChasePolicy::defensive_key_point`]) and how its "plain draw" is read
//! ([`OpenChoices::key_point_plain_case_only`], the one place that reading is decided), the
//! move's chases are dismissed with the parried mating line as evidence. Over a cycle, a side
//! that also chases elsewhere gets them back as chases
//! ([`ChasePolicy::key_point_void_when_chasing_elsewhere`], [`void_when_chasing_elsewhere`]).

use std::sync::Arc;

use qili_notation::{Color, Move, Position, Role, SquareSet};
use smallvec::smallvec;

use super::threat::Ctx;
use super::{
    ChaseNote, ChasePolicy, DismissReason, Dismissed, Evidence, Label, MoveLabels, Short, ShortLine,
};
use crate::material::{Balance, Material};
use crate::settings::{OpenChoices, Reading};

/// Whether the move `out` labels (played in `before`, giving `after`) is in the case of 27.3
/// as `open` reads it, and if so the opponent's mating line it parries (empty when the plain
/// case is not asked). `None` when the rule book has no such rule, when the move chases a
/// piece that is not an advisor or elephant (or nothing), when the mover was in check, when
/// it checks or threatens mate, or — in the plain case — when the opponent threatened no mate
/// before the move (moving again there, by checks within `depth`), or after it still mates,
/// the mover is ahead in material, or the opponent could win a piece of the mover (no plain
/// draw).
pub(super) fn parried(
    ctx: &mut Ctx<'_>,
    open: &OpenChoices,
    before: &Position,
    after: &Position,
    out: &MoveLabels,
    depth: u32,
) -> Option<Vec<Move>> {
    ctx.policy.defensive_key_point?;
    let incidental = !out.chases.is_empty()
        && out
            .chases
            .iter()
            .all(|c| matches!(c.target_role, Role::Advisor | Role::Elephant));
    if !incidental || before.is_check() || after.is_check() || out.mate_line.is_some() {
        return None;
    }
    if !open.key_point_plain_case_only {
        return Some(Vec::new());
    }
    // The opponent's mate threat the mover faced, then whether the point taken ends it.
    let cap = ctx.policy.mate_forced_checks;
    let line = ctx.mate.find_forced(&before.passed(), depth, cap)?;
    if ctx.mate.find_forced(after, depth, cap).is_some() {
        return None;
    }
    // A plain draw is one the mover only holds: a mover ahead in material (CXA 25.3's
    // equalities, every piece of both sides counted) keeps winning chances, and a threat on
    // an advisor or elephant that strips the opponent's general is not incidental.
    let side = before.turn();
    if mover_ahead(after, side) {
        return None;
    }
    // A plain draw: the opponent is left with nothing to win either, no piece of the mover
    // it could take with gain (a chase under the rule book, CXA 29, novelty not asked).
    let mine: SquareSet = after
        .pieces()
        .filter(|&(sq, p)| p.color == side && Material::of(p, sq).is_material())
        .map(|(sq, _)| sq)
        .collect();
    ctx.threats(after, mine).0.is_empty().then_some(line)
}

/// Whether `side` has more material than its opponent in `pos` by the equalities of CXA 25.3
/// ([`Material::judge`] gives a gain; a balance the rules do not compare is no gain).
fn mover_ahead(pos: &Position, side: Color) -> bool {
    let balance = pos.pieces().fold(Material::ZERO, |acc, (sq, p)| {
        let m = Material::of(p, sq);
        if p.color == side {
            acc + m
        } else {
            acc - m
        }
    });
    balance.judge() == Balance::Gain
}

/// Dismisses the chases of `out` as the incidental threat of a defensive key point (27.3,
/// 细则13), the mating line `line` parried, and adds the idle label with its evidence: the
/// point occupied, the pieces threatened, the line and the rule book's articles.
pub(super) fn dismiss(policy: &ChasePolicy, line: Vec<Move>, out: &mut MoveLabels) {
    let articles = policy.defensive_key_point.unwrap_or(&[]);
    let Some(&article) = articles.first() else {
        return;
    };
    out.labels.retain(|l| *l != Label::Chase);
    out.evidence.retain(|e| e.label != Label::Chase);
    let mut targets: Short<_> = Short::new();
    for mut chase in out.chases.drain(..) {
        chase
            .notes
            .retain(|n| *n != super::ChaseNote::KeyPointNotDetected);
        targets.push(chase.target);
        out.dismissed.push(Dismissed {
            chase,
            reason: DismissReason::DefensiveKeyPoint,
            article,
            line: line.clone(),
        });
    }
    let mut cited: Short<_> = smallvec![crate::settings::Article::Cxa28_9];
    cited.extend(articles.iter().copied());
    let detail = if line.is_empty() {
        "the move occupies a defensive key point: its threat on an advisor or elephant is \
         incidental (the plain case not asked: `key_point_plain_case_only` off)"
    } else {
        "the move occupies a defensive key point that parries the opponent's mate (the line \
         shown, plain draw as docs/rules.md §7 reads it): its threat on an advisor or \
         elephant is incidental"
    };
    out.labels.push(Label::Idle);
    out.evidence.push(Evidence {
        label: Label::Idle,
        articles: cited,
        pieces: smallvec![out.mv.to],
        targets,
        line: ShortLine::from_slice(&line),
        detail: detail.into(),
    });
}

/// Whether a threat of the move was dismissed as a defensive key point's (27.3).
pub(crate) fn is_key_point(l: &MoveLabels) -> bool {
    l.dismissed
        .iter()
        .any(|d| d.reason == DismissReason::DefensiveKeyPoint)
}

/// The reading of "a plain draw" over a cycle (27.3, 细则13;
/// [`ChasePolicy::key_point_void_when_chasing_elsewhere`]): in the labels of one period of a
/// cycle, a side with a move whose chases count under `reading` (other than its key-point
/// moves) plays for more than a draw, and its key-point moves' dismissed threats are restored
/// as chases, each with the note [`ChaseNote::KeyPointSideChasesElsewhere`]. The labels shared
/// with the cache are copied before they change.
pub(crate) fn void_when_chasing_elsewhere(
    policy: &ChasePolicy,
    reading: Reading,
    labels: &mut [Arc<MoveLabels>],
) {
    if !policy.key_point_void_when_chasing_elsewhere || policy.defensive_key_point.is_none() {
        return;
    }
    for side in [Color::Red, Color::Black] {
        let own = || labels.iter().filter(|l| l.side == side);
        if !own().any(|l| is_key_point(l)) {
            continue;
        }
        if !own().any(|l| !is_key_point(l) && reading.chases_count(l)) {
            continue;
        }
        for l in labels
            .iter_mut()
            .filter(|l| l.side == side && is_key_point(l))
        {
            restore(Arc::make_mut(l));
        }
    }
}

/// Gives `out` back the chases [`dismiss`] took as a key point's, with their evidence and
/// the note why, in place of the labels of a move without an attack (闲, 拦, 跟: CXA 28.7–28.9,
/// which a chasing move does not get).
fn restore(out: &mut MoveLabels) {
    let (back, kept): (Vec<Dismissed>, Vec<Dismissed>) = out
        .dismissed
        .drain(..)
        .partition(|d| d.reason == DismissReason::DefensiveKeyPoint);
    out.dismissed = kept;
    let quiet = |l: Label| matches!(l, Label::Idle | Label::Block | Label::Follow);
    out.labels.retain(|&l| !quiet(l));
    out.evidence.retain(|e| !quiet(e.label));
    for d in back {
        let mut chase = d.chase;
        chase.notes.push(ChaseNote::KeyPointSideChasesElsewhere);
        out.evidence.push(super::chase_evidence(&chase));
        out.chases.push(chase);
    }
    out.labels.push(Label::Chase);
    out.labels.sort();
    out.labels.dedup();
    out.evidence.sort_by_key(|e| e.label);
}
