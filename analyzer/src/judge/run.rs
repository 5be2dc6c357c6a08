//! One cycle ruled: its moves labelled, each side's conduct classified, the verdict.

use qili_notation::{ByColor, Color, Move, Position, Role};

use super::evidence::{is_parry, side_evidence};
use crate::conduct::{classify_with, Conduct, CycleMove, PieceTracker};
use crate::graph::Run;
use crate::label::{CycleContext, Labeller};
use crate::rules::{Reading, RuleBook, Settings};
use crate::verdict::{self, SideEvidence, Verdict, VerdictInput};

/// A cycle's labels, conducts and verdict: all of its judgement that does not depend on its
/// place in the position graph (what [`crate::Incremental`] needs of the cycle in force).
#[derive(Debug, Clone)]
pub(crate) struct RuledRun {
    pub context: CycleContext,
    pub soldier_chases: bool,
    pub moves: Vec<CycleMove>,
    pub red: Conduct,
    pub black: Conduct,
    pub evidence: ByColor<SideEvidence>,
    pub occurrence_indices: Vec<usize>,
    pub verdict: Verdict,
    pub in_force_ply: Option<usize>,
    pub repeated_ply: Option<usize>,
}

/// Labels the moves of `run` (a cycle of the line `keys`, `positions`, `moves`), classifies
/// each side's conduct and rules on it. With a labeller in [`Scope::Verdict`], the run is
/// labelled again in full when its incomplete labels could have decided anything
/// ([`RuledRun::needs_full_labels`]), so that the conducts, the verdict and its articles are
/// always those of full labels.
pub(crate) fn rule_new_run<K: Eq + std::hash::Hash + Copy>(
    run: &Run,
    keys: &[K],
    positions: &[Position],
    moves: &[Move],
    labeller: &mut Labeller,
    settings: &Settings,
) -> RuledRun {
    let plain = ByColor::default();
    let ruled = rule_run(run, keys, positions, moves, labeller, settings, plain);
    let full = ruled.needs_full_labels(settings.book());
    if full == plain {
        return ruled;
    }
    rule_run(run, keys, positions, moves, labeller, settings, full)
}

fn rule_run<K: Eq + std::hash::Hash + Copy>(
    run: &Run,
    keys: &[K],
    positions: &[Position],
    moves: &[Move],
    labeller: &mut Labeller,
    settings: &Settings,
    full: ByColor<bool>,
) -> RuledRun {
    let plies = run.cycle_plies();
    // The cycle's plies are `start + 1 ..= start + span`: their moves and the positions
    // they are played in are slices of the line's, borrowed rather than copied.
    let (befores, mvs) = (
        positions
            .get(run.start..run.start + run.span)
            .unwrap_or_default(),
        moves
            .get(run.start..run.start + run.span)
            .unwrap_or_default(),
    );
    // The line's moves are legal: the graph took only those.
    let (context, labels) = labeller.label_legal_cycle(befores, mvs, settings, full);
    let mut tracker = PieceTracker::new(&positions[run.start]);
    let moves: Vec<CycleMove> = plies
        .zip(labels)
        .map(|(ply, labels)| {
            tracker.play(&labels.mv);
            let chases = tracker.chases(&labels);
            CycleMove {
                ply,
                labels,
                chases,
            }
        })
        .collect();
    let soldier_chases = soldier_chases(&context, &moves, positions, settings.book().reading());
    let occurrence_indices = crate::graph::occurrence_indices(keys, run);
    RuledRun::new(
        settings,
        context,
        soldier_chases,
        moves,
        occurrence_indices,
        |conduct, moves| side_evidence(settings.book(), conduct, moves, positions),
    )
}

/// The verdict on a cycle with these conducts whose repeated position occurs at
/// `occurrence_indices`, with the plies at which it came in force and was played again.
fn verdict_of(
    settings: &Settings,
    (red, black): (&Conduct, &Conduct),
    context: &CycleContext,
    soldier_chases: bool,
    evidence: &ByColor<SideEvidence>,
    occurrence_indices: &[usize],
) -> (Verdict, Option<usize>, Option<usize>) {
    let threshold = verdict::threshold(settings);
    let input = VerdictInput {
        red,
        black,
        occurrences: occurrence_indices.len(),
        mutual_perpetual_attack: context.mutual_perpetual_attack,
        soldier_chases,
        evidence: evidence.clone(),
    };
    let verdict = verdict::rule(settings, &input);
    let in_force_ply = occurrence_indices.get(threshold - 1).copied();
    let repeated_ply = match verdict.reason {
        verdict::Reason::ForbiddenVsAllowed { repeated: true, .. }
        | verdict::Reason::BothForbiddenRanked { repeated: true, .. }
        | verdict::Reason::OneSidedPerpetualCheck { repeated: true, .. } => {
            played_again(occurrence_indices, threshold)
        }
        _ => None,
    };
    (verdict, in_force_ply, repeated_ply)
}

impl RuledRun {
    /// Classifies each side's conduct in the labelled `moves` of a cycle whose repeated
    /// position occurs at `occurrence_indices`, gathers each side's evidence with
    /// `evidence_of`, and rules.
    pub(super) fn new(
        settings: &Settings,
        context: CycleContext,
        soldier_chases: bool,
        moves: Vec<CycleMove>,
        occurrence_indices: Vec<usize>,
        evidence_of: impl Fn(&Conduct, &[CycleMove]) -> SideEvidence,
    ) -> RuledRun {
        let reading = settings.book().reading();
        let red = classify_with(Color::Red, &moves, reading);
        let black = classify_with(Color::Black, &moves, reading);
        let evidence = ByColor::new_with(|c| evidence_of(c.fold(&red, &black), &moves));
        let (verdict, in_force_ply, repeated_ply) = verdict_of(
            settings,
            (&red, &black),
            &context,
            soldier_chases,
            &evidence,
            &occurrence_indices,
        );
        RuledRun {
            context,
            soldier_chases,
            moves,
            red,
            black,
            evidence,
            occurrence_indices,
            verdict,
            in_force_ply,
            repeated_ply,
        }
    }

    /// The sides whose moves labelled incompletely ([`Scope::Verdict`]: a check or a mate
    /// threat not searched for chases, under a reading that counts its heaviest label alone)
    /// could have changed what was built from the labels, and which then must be labelled
    /// in full (each side's incomplete labels decide only its own part below, and a side
    /// completed changes no primary label, so no conduct and nothing the other side's part
    /// reads):
    /// - a side that is not forbidden is noted for the open baseline of novelty when every
    ///   move of it attacks or parries (`parried`): the dismissed threats of its checks and
    ///   mate threats could name the first such move;
    /// - a chased chariot counts as held by a horse only if every move of the side chasing
    ///   it does so while the horse pins it (AXF r19), the checks and mate threats included:
    ///   under a rule `book` that reads it ([`RuleBook::reads_horse_pinned_chariots`]).
    ///
    /// Whether a soldier takes part in a chase under 长打对长打 ([`soldier_chases`]) reads
    /// only the chases that count, never those of an incomplete move (its heaviest label
    /// alone counts): it needs no completion.
    pub(super) fn needs_full_labels(&self, book: RuleBook) -> ByColor<bool> {
        let incomplete = |m: &CycleMove, c: Color| m.labels.side == c && !m.labels.complete;
        ByColor::new_with(|c| {
            if !self.moves.iter().any(|m| incomplete(m, c)) {
                return false;
            }
            let conduct = c.fold(&self.red, &self.black);
            let every_move_attacks_or_parries = self
                .moves
                .iter()
                .filter(|m| m.labels.side == c)
                .all(|m| m.primary().is_attack() || is_parry(m));
            let chariot_target = book.reads_horse_pinned_chariots()
                && conduct.targets.iter().any(|t| t.role == Role::Chariot);
            (!self.verdict.forbidden[c] && every_move_attacks_or_parries) || chariot_target
        })
    }

    /// Rules again on the cycle as far as its occurrences reach now.
    pub(crate) fn rule(&mut self, settings: &Settings) {
        (self.verdict, self.in_force_ply, self.repeated_ply) = verdict_of(
            settings,
            (&self.red, &self.black),
            &self.context,
            self.soldier_chases,
            &self.evidence,
            &self.occurrence_indices,
        );
    }

    /// The ply at which its verdict took its present form (see [`CycleJudgement::decided_ply`]).
    pub(crate) fn decided_ply(&self) -> Option<usize> {
        self.repeated_ply.or(self.in_force_ply)
    }
}

/// The plies between which the verdict of a cycle whose repeated position occurs at
/// `occurrence_indices` takes its form ([`RuledRun::decided_ply`]), known before any label:
/// the threshold-th occurrence (in force), and the one after it when the cycle is played
/// again ([`played_again`]; only a verdict on a side that repeats takes it); `None` below
/// the threshold.
pub(crate) fn decision_plies(
    occurrence_indices: &[usize],
    threshold: usize,
) -> Option<(usize, usize)> {
    let in_force = *occurrence_indices.get(threshold.checked_sub(1)?)?;
    let latest = played_again(occurrence_indices, threshold).unwrap_or(in_force);
    Some((in_force, latest))
}

/// The ply at which the cycle has been played once more after it came in force (docs/rules.md
/// §1 and §5, CXA 24.3 "再重复一次循环即判负"): the repeated position's occurrence after the
/// one that put the ruling in force. The threshold counts positions, not loops, so this holds
/// whatever loops lead back to the position.
fn played_again(occurrence_indices: &[usize], threshold: usize) -> Option<usize> {
    occurrence_indices.get(threshold).copied()
}

/// Whether a soldier takes part in a counted chase of the cycle (长打对长打, 细则11): a
/// chase of a move whose chases take part in its side's conduct under the rule set's
/// `reading` ([`Reading::chases_count`]). Under the heaviest reading (CXA 27.4, 细则12) a
/// check or a mate threat counts as that alone, so a soldier's threat made by such a move
/// decides nothing and 27.2 is not cited for it.
pub(super) fn soldier_chases(
    context: &CycleContext,
    moves: &[CycleMove],
    positions: &[Position],
    reading: Reading,
) -> bool {
    context.mutual_perpetual_attack
        && moves.iter().any(|m| {
            let after = positions.get(m.ply);
            reading.chases_count(&m.labels)
                && m.labels.chases.iter().flat_map(|c| &c.attackers).any(|&a| {
                    after
                        .and_then(|p| p.piece_at(a))
                        .is_some_and(|p| p.role == Role::Soldier)
                })
        })
}
