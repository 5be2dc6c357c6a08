//! The library entry: judge a line of play — find its cycles, label their moves, classify
//! each side's conduct, rule on every cycle, check the natural limit, and pick the ruling of
//! the record (docs/rules.md §1: the last cycle that reached the threshold decides).

use std::sync::Arc;

use qili_notation::{ByColor, Color, Move, Position, Role};
use serde::Serialize;

use crate::conduct::{classify_with, Conduct, ConductKind, CycleMove, PieceRef, PieceTracker};
use crate::graph::{IllegalMoveAt, Line, PlayedLine, PositionGraph, Run};
use crate::label::Labeller;
use crate::label::{CycleContext, Label, MoveLabels, Scope};
use crate::natural::{natural_limit, natural_limit_with, NaturalLimit};
use crate::rules::{Reading, RuleBook, Settings};
use crate::verdict::{self, Article, Outcome, SideEvidence, Status, Verdict, VerdictInput};

/// The judgement of one line of play.
#[derive(Debug, Clone)]
pub struct Judgement {
    /// The settings it was made under.
    pub settings: Settings,
    /// `positions[i]` stands after ply `i` (`positions[0]` is the start).
    pub positions: Vec<Position>,
    /// The legal moves judged (`moves[i]` is ply `i + 1`).
    pub moves: Vec<Move>,
    /// Where the line stopped on an illegal move.
    pub stopped: Option<IllegalMoveAt>,
    /// Every cycle, in force or not, in order of its first occurrence.
    pub cycles: Vec<CycleJudgement>,
    /// The labels of every ply inside a cycle, by ply.
    pub labelled: Vec<PlyLabels>,
    /// The natural-limit check.
    pub natural_limit: NaturalLimit,
    /// The ruling of the record.
    pub ruling: Ruling,
}

/// The labels of one ply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlyLabels {
    /// The ply (1-based).
    pub ply: usize,
    /// The cycle (index into [`Judgement::cycles`]) it was labelled in.
    pub cycle: usize,
    /// Labels and evidence (shared with the cycle's moves).
    pub labels: Arc<MoveLabels>,
}

/// One cycle and its ruling.
#[derive(Debug, Clone)]
pub struct CycleJudgement {
    /// Where it lies on the line.
    pub run: Run,
    /// Indices of the repeated position's occurrences in the run; the first is `run.start`
    /// (docs/rules.md §1: a stretch in force starts at the first of the occurrences it is cut
    /// for). Every output names and draws this one position.
    pub occurrence_indices: Vec<usize>,
    /// How often the repeated position occurs in it (`occurrence_indices.len()`).
    pub occurrences: usize,
    /// Whether it reached the threshold.
    pub in_force: bool,
    /// The ply at which the repeated position occurred for the threshold-th time.
    pub in_force_ply: Option<usize>,
    /// The ply at which the ruling became final for a repeating offender.
    pub repeated_ply: Option<usize>,
    /// Whether the loops of its period intertwine (a position passed twice in one period).
    pub intertwined: bool,
    /// Distinct positions of its strongly connected region.
    pub region_positions: usize,
    /// Each side's distinct moves inside that region.
    pub region_moves: ByColor<usize>,
    /// The cycle context given to the labeller.
    pub context: CycleContext,
    /// A soldier's lone threat counted as a chase under that context (CXA 27.2, 细则11).
    pub soldier_chases: bool,
    /// The moves of one period with their labels.
    pub moves: Vec<CycleMove>,
    /// Red's conduct.
    pub red: Conduct,
    /// Black's conduct.
    pub black: Conduct,
    /// The ruling (would-be, when not in force).
    pub verdict: Verdict,
    /// The side whose move left the cycle, when the line goes on after it.
    pub left_by: Option<Color>,
}

impl CycleJudgement {
    /// The conduct of `color`.
    pub fn conduct(&self, color: Color) -> &Conduct {
        color.fold(&self.red, &self.black)
    }

    /// The position index of the repeated position's first occurrence in the cycle.
    pub fn repeated_index(&self) -> usize {
        self.occurrence_indices
            .first()
            .copied()
            .unwrap_or(self.run.start)
    }

    /// The ply at which its verdict took its present form (for ordering rulings).
    pub fn decided_ply(&self) -> Option<usize> {
        self.repeated_ply.or(self.in_force_ply)
    }
}

/// Where the record's ruling comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum RulingSource {
    /// A cycle (index into [`Judgement::cycles`]).
    Cycle {
        /// The cycle's index.
        index: usize,
    },
    /// The natural move limit.
    NaturalLimit {
        /// The ply at which it was reached.
        ply: usize,
        /// The side whose claim holds first.
        claimant: Color,
    },
    /// Nothing to rule.
    None,
}

/// The ruling of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ruling {
    /// The result.
    pub result: Outcome,
    /// Final, must change, or none.
    pub status: Status,
    /// Where it comes from.
    pub source: RulingSource,
    /// The articles applied.
    pub articles: Vec<Article>,
}

/// Judges `moves` played from `start`. Illegal moves end the line (see [`Judgement::stopped`]).
pub fn judge(start: &Position, moves: &[Move], settings: &Settings) -> Judgement {
    judge_with(start, moves, settings, &mut Labeller::new())
}

/// [`judge`] for the verdict alone: the cycles, their conducts, verdicts and articles, and
/// the ruling are those of [`judge`], with less work — a move whose heaviest label alone
/// decides its part in the conduct (a check or a mate threat, under CXA 27.4, 细则12) is not
/// searched for its lighter labels, unless they could decide something. Such moves' labels
/// are marked incomplete ([`MoveLabels::complete`]); the others are as [`judge`] gives them.
///
/// ```
/// use qili_analyzer::{judge, judge_verdict, Settings};
/// use qili_notation::{Iccs, Position};
///
/// // Red's chariot checks along the 9th and the 8th rank in turn; Black's general steps
/// // up and back.
/// let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K2R1 w - - 0 1").unwrap();
/// let mut pos = start.clone();
/// let mut moves = Vec::new();
/// let cycle = ["d9d8", "h9h8", "d8d9", "h8h9"].iter().cycle().take(8);
/// for m in std::iter::once(&"h0h9").chain(cycle) {
///     let mv = m.parse::<Iccs>().unwrap().to_move(&pos).unwrap();
///     pos.play(&mv);
///     moves.push(mv);
/// }
/// let fast = judge_verdict(&start, &moves, &Settings::default());
/// let full = judge(&start, &moves, &Settings::default());
/// assert_eq!(fast.ruling, full.ruling);
/// assert_eq!(fast.ruling.result, qili_analyzer::Outcome::BlackWins);
/// assert!(fast.labelled.iter().any(|p| !p.labels.complete));
/// ```
pub fn judge_verdict(start: &Position, moves: &[Move], settings: &Settings) -> Judgement {
    judge_with(
        start,
        moves,
        settings,
        &mut Labeller::with_scope(Scope::Verdict),
    )
}

/// Like [`judge`], labelling through `labeller`: a label cache shared across calls (the
/// incremental API re-judges a growing line and labels each (position, move) once).
pub fn judge_with(
    start: &Position,
    moves: &[Move],
    settings: &Settings,
    labeller: &mut Labeller,
) -> Judgement {
    let mut graph = PositionGraph::new();
    graph.add_line(start, moves);
    judge_walk(&mut graph, 0, labeller, settings)
}

/// [`judge`] (`scope` [`Scope::Full`]) or [`judge_verdict`] (`scope` [`Scope::Verdict`])
/// for a line already played (its moves legal in turn, as [`crate::input::read_move_list`]
/// gives them): the same judgement, without testing each move's legality again or playing
/// it again. The position graph is built in `graph`, emptied first
/// ([`PositionGraph::clear`]): a batch judges its cases one after the other in the room of
/// one graph.
pub(crate) fn judge_legal_in(
    graph: &mut PositionGraph,
    line: PlayedLine,
    settings: &Settings,
    scope: Scope,
) -> Judgement {
    graph.clear();
    graph.add_played_line(line);
    judge_walk(graph, 0, &mut Labeller::with_scope(scope), settings)
}

pub(crate) fn empty_judgement(start: &Position, settings: &Settings) -> Judgement {
    let positions = vec![start.clone()];
    let natural_limit = natural_limit(
        &positions,
        &[],
        settings.natural_limit,
        settings.natural_limit_check_cap,
    );
    Judgement {
        settings: settings.clone(),
        positions,
        moves: Vec::new(),
        stopped: None,
        cycles: Vec::new(),
        labelled: Vec::new(),
        natural_limit,
        ruling: Ruling {
            result: Outcome::None,
            status: Status::None,
            source: RulingSource::None,
            articles: Vec::new(),
        },
    }
}

/// Judges several lines (a main line and variations) sharing one position graph and one
/// label cache; one judgement per line.
pub fn judge_lines(lines: &[Line], settings: &Settings) -> Vec<Judgement> {
    let graph = PositionGraph::from_lines(lines);
    let mut labeller = Labeller::new();
    let mut graph = graph;
    (0..lines.len())
        .map(|i| judge_walk(&mut graph, i, &mut labeller, settings))
        .collect()
}

fn judge_walk(
    graph: &mut PositionGraph,
    line: usize,
    labeller: &mut Labeller,
    settings: &Settings,
) -> Judgement {
    let threshold = verdict::threshold(settings);
    let runs = graph.cycles_in_room(line, threshold);
    // Each line is judged once: its positions and moves move into the judgement.
    let Some(walk) = graph.take_walk(line) else {
        return empty_judgement(&Position::startpos(), settings);
    };
    let last = walk.positions.len() - 1;
    let mut cycles = Vec::with_capacity(runs.len());
    // Room for the labelled plies at once: no more than the cycles' plies, nor than the
    // line's.
    let cycle_plies = runs.iter().map(|r| r.end - r.start).sum::<usize>();
    let mut labelled: Vec<PlyLabels> = Vec::with_capacity(cycle_plies.min(last));
    // Which plies are labelled already (a flag per ply: a linear search per ply made a
    // million-ply loop quadratic).
    let mut is_labelled = vec![false; last + 1];
    for run in runs {
        let RuledRun {
            context,
            soldier_chases,
            moves,
            red,
            black,
            occurrence_indices,
            verdict,
            in_force_ply,
            repeated_ply,
            ..
        } = rule_new_run(
            &run,
            &walk.nodes,
            &walk.positions,
            &walk.moves,
            labeller,
            settings,
        );
        let occurrences = occurrence_indices.len();
        let in_force = occurrences >= threshold;
        let index = cycles.len();
        let span = is_labelled[run.start + 1..=run.end].iter_mut();
        for (ply, done) in (run.start + 1..).zip(span) {
            if !std::mem::replace(done, true) {
                let k = (ply - run.start - 1) % run.span.max(1);
                labelled.push(PlyLabels {
                    ply,
                    cycle: index,
                    labels: Arc::clone(&moves[k].labels),
                });
            }
        }
        let region = graph.region_size(line, run.start);
        cycles.push(CycleJudgement {
            run,
            occurrence_indices,
            occurrences,
            in_force,
            in_force_ply,
            repeated_ply,
            intertwined: graph.intertwined(line, &run),
            region_positions: region.as_ref().map_or(0, |r| r.positions),
            region_moves: ByColor::new_with(|c| region.as_ref().map_or(0, |r| r.moves[c])),
            context,
            soldier_chases,
            moves,
            red,
            black,
            verdict,
            left_by: (run.end < last).then(|| walk.positions[run.end].turn()),
        });
    }
    labelled.sort_by_key(|l| l.ply);
    let natural_limit = keyed_natural_limit(
        &walk.positions,
        &walk.moves,
        |i| walk.nodes.get(i).map(|n| n.index()),
        graph.node_count(),
        settings,
    );
    let ruling = ruling(&cycles, &natural_limit);
    Judgement {
        settings: settings.clone(),
        positions: walk.positions,
        moves: walk.moves,
        stopped: walk.stopped,
        cycles,
        labelled,
        natural_limit,
        ruling,
    }
}

/// The natural-limit check of a line whose positions are known by `keys` (equal keys,
/// equal positions), each below `distinct`.
pub(crate) fn keyed_natural_limit(
    positions: &[Position],
    moves: &[Move],
    keys: impl Fn(usize) -> Option<usize>,
    distinct: usize,
    settings: &Settings,
) -> NaturalLimit {
    // Each position is asked once whether it is check, however often the line passes it
    // (a cycle passes its positions again and again): by its key.
    let mut checks: Vec<Option<bool>> = vec![None; distinct];
    natural_limit_with(
        positions,
        moves,
        settings.natural_limit,
        settings.natural_limit_check_cap,
        |i| match (keys(i), positions.get(i)) {
            (Some(k), Some(p)) => match checks.get_mut(k) {
                Some(known) => *known.get_or_insert_with(|| p.is_check()),
                None => p.is_check(),
            },
            _ => false,
        },
    )
}

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
    fn new(
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
    fn needs_full_labels(&self, book: RuleBook) -> ByColor<bool> {
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
fn soldier_chases(
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

/// The ruling of the record: the last event among the cycles in force (by the ply at which
/// their verdict took its form) and the natural limit being reached; a cycle wins a tie.
fn ruling(cycles: &[CycleJudgement], nl: &NaturalLimit) -> Ruling {
    let decided = cycles
        .iter()
        .enumerate()
        .filter(|(_, c)| c.in_force)
        .filter_map(|(i, c)| c.decided_ply().map(|p| (p, i, &c.verdict)));
    ruling_of(decided, nl.reached())
}

/// [`ruling`] of the cycles in force given as (the ply their verdict took its form at, their
/// index, their verdict), and the natural limit reached (at a ply, by a claimant:
/// [`NaturalLimit::reached`]).
pub(crate) fn ruling_of<'a>(
    decided: impl Iterator<Item = (usize, usize, &'a Verdict)>,
    natural: Option<(usize, Color)>,
) -> Ruling {
    let last_cycle = decided.max_by_key(|&(p, i, _)| (p, i));
    match (last_cycle, natural) {
        (Some((p, i, v)), n) if !matches!(n, Some((q, _)) if q > p) => Ruling {
            result: v.result,
            status: v.status,
            source: RulingSource::Cycle { index: i },
            articles: v.articles.clone(),
        },
        (_, Some((ply, claimant))) => Ruling {
            result: Outcome::Draw,
            status: Status::Final,
            source: RulingSource::NaturalLimit { ply, claimant },
            articles: vec![Article::Cxa4_2_4, Article::Cxa23_3],
        },
        _ => Ruling {
            result: Outcome::None,
            status: Status::None,
            source: RulingSource::None,
            articles: Vec::new(),
        },
    }
}

/// Facts about `conduct`'s chases that the rule set's verdict and citations use.
fn side_evidence(
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
fn is_parry(m: &CycleMove) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conduct::tests::{cm, piece};
    use crate::label::{ChaseNote, DismissReason, Dismissed};

    /// A cycle of `moves` ruled under CXA, its repeated position met three times.
    fn ruled(moves: Vec<CycleMove>, mutual: bool) -> RuledRun {
        ruled_under(&Settings::default(), moves, mutual)
    }

    /// A cycle of `moves` ruled under `settings`, its repeated position met three times.
    fn ruled_under(settings: &Settings, moves: Vec<CycleMove>, mutual: bool) -> RuledRun {
        let context = CycleContext {
            mutual_perpetual_attack: mutual,
        };
        RuledRun::new(settings, context, false, moves, vec![0, 4, 8], |_, _| {
            SideEvidence::default()
        })
    }

    fn incomplete(mut m: CycleMove) -> CycleMove {
        Arc::make_mut(&mut m.labels).complete = false;
        m
    }

    /// A non-attacking move whose threat was not new only because the mover, in check,
    /// could not carry it out (the open baseline of novelty).
    fn parry(ply: usize, side: Color) -> CycleMove {
        let (a, t) = (
            piece(side, Role::Chariot, "a0"),
            piece(!side, Role::Horse, "a5"),
        );
        let mut m = cm(ply, side, &[Label::Idle], &[(a, t)]);
        let labels = Arc::make_mut(&mut m.labels);
        let mut chase = labels.chases.pop().unwrap();
        chase.notes.push(ChaseNote::StoodWhileInCheck);
        labels.dismissed.push(Dismissed {
            chase,
            reason: DismissReason::NotNew,
            article: Article::Cxa29_2Xize6,
            line: Vec::new(),
        });
        m.chases.clear();
        m
    }

    /// Under 长打对长打 a soldier's threat is a chase (CXA 27.2, 细则11) where the move's chases
    /// count: under the heaviest reading (CXA 27.4, 细则12) not in a check, whose check alone
    /// counts; under AXF's forbidden reading in a check too.
    #[test]
    fn soldier_chases_are_read_where_chases_count() {
        use Color::{Black, Red};
        let (soldier, target) = (
            piece(Red, Role::Soldier, "e5"),
            piece(Black, Role::Horse, "e6"),
        );
        // The soldier stands on e5 after every move of the line.
        let line = vec![Position::from_fen("3k5/9/9/4n4/4P4/9/9/9/9/4K4 w - - 0 1").unwrap(); 5];
        let check_chasing = |ply| {
            cm(
                ply,
                Red,
                &[Label::Check, Label::Chase],
                &[(soldier, target)],
            )
        };
        let chasing = |ply| cm(ply, Red, &[Label::Chase], &[(soldier, target)]);
        let mutual = CycleContext {
            mutual_perpetual_attack: true,
        };
        let heaviest = Reading::Heaviest;
        let forbidden = Settings {
            rules: crate::rules::RuleSet::Axf,
            ..Settings::default()
        }
        .book()
        .reading();
        assert!(!forbidden.counts_heaviest_only());
        let in_check = [check_chasing(1), check_chasing(3)];
        assert!(!soldier_chases(&mutual, &in_check, &line, heaviest));
        assert!(soldier_chases(&mutual, &in_check, &line, forbidden));
        let alone = [check_chasing(1), chasing(3)];
        assert!(soldier_chases(&mutual, &alone, &line, heaviest));
        // Outside 长打对长打 a soldier's threat is idle (27.2): never read.
        let plain = CycleContext {
            mutual_perpetual_attack: false,
        };
        assert!(!soldier_chases(&plain, &alone, &line, heaviest));
    }

    #[test]
    fn incomplete_labels_are_completed_where_they_could_decide() {
        use Color::{Black, Red};
        let cxa = Settings::default().book();
        let (none, red) = (
            ByColor::new_with(|_| false),
            ByColor {
                red: true,
                black: false,
            },
        );
        let check = |ply| incomplete(cm(ply, Red, &[Label::Check], &[]));
        let idle = |ply| cm(ply, Black, &[Label::Idle], &[]);
        let chase = |ply| {
            let (a, t) = (
                piece(Black, Role::Horse, "b9"),
                piece(Red, Role::Cannon, "c7"),
            );
            cm(ply, Black, &[Label::Chase], &[(a, t)])
        };
        // Red checks perpetually against idle moves: its checks' other labels decide nothing.
        let plain = ruled(vec![check(1), idle(2), check(3), idle(4)], false);
        assert_eq!(plain.red.kind, ConductKind::PerpetualCheck);
        assert_eq!(plain.needs_full_labels(cxa), none);
        // The same labels complete: nothing to relabel whatever the context.
        let complete = |mut m: CycleMove| {
            Arc::make_mut(&mut m.labels).complete = true;
            m
        };
        let full = ruled(
            vec![complete(check(1)), chase(2), complete(check(3)), chase(4)],
            true,
        );
        assert_eq!(full.needs_full_labels(cxa), none);
        // 长打对长打: a check counts as a check alone (CXA 27.4, 细则12), so a soldier's
        // threat it also makes could not count as a chase (27.2, 细则11): nothing to complete.
        let mutual = ruled(vec![check(1), chase(2), check(3), chase(4)], true);
        assert_eq!(mutual.needs_full_labels(cxa), none);
        let black_threat = |ply| incomplete(cm(ply, Black, &[Label::MateThreat], &[]));
        let both = ruled(
            vec![check(1), black_threat(2), check(3), black_threat(4)],
            true,
        );
        assert_eq!(both.needs_full_labels(cxa), none);
        // Checks and a parry: Red is not forbidden and every move attacks or parries, so its
        // checks' dismissed threats could name the first parry.
        let parried = ruled(vec![check(1), idle(2), parry(3, Red), idle(4)], false);
        assert_eq!(parried.red.kind, ConductKind::ChecksAndIdle);
        assert_eq!(parried.needs_full_labels(cxa), red);
        // A chased chariot: whether a horse holds it reads every move of the chasing side.
        let chariot = |ply| {
            let (a, t) = (
                piece(Red, Role::Horse, "b0"),
                piece(Black, Role::Chariot, "c2"),
            );
            cm(ply, Red, &[Label::Chase], &[(a, t)])
        };
        let held = || {
            vec![
                chariot(1),
                idle(2),
                incomplete(cm(3, Red, &[Label::MateThreat], &[])),
                idle(4),
            ]
        };
        let axf = Settings {
            rules: crate::rules::RuleSet::Axf,
            ..Settings::default()
        };
        assert_eq!(
            ruled_under(&axf, held(), false).needs_full_labels(axf.book()),
            red
        );
        // CXA has no such rule: the chariot's chase decides nothing more there.
        assert_eq!(ruled(held(), false).needs_full_labels(cxa), none);
    }
}
