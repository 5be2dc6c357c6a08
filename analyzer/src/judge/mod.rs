//! The library entry: judge a line of play — find its cycles, label their moves, classify
//! each side's conduct, rule on every cycle, check the natural limit, and pick the ruling of
//! the record (docs/rules.md §1: the last cycle that reached the threshold decides). A
//! cycle is ruled in `run` (its labels, conducts and verdict), with the facts of each side's
//! chases its verdict and citations read gathered in `evidence`.

use std::sync::Arc;

use qili_notation::{ByColor, Color, Move, Position};
use serde::Serialize;

use crate::conduct::{Conduct, CycleMove};
use crate::graph::{IllegalMoveAt, Line, PlayedLine, PositionGraph, Run};
use crate::label::Labeller;
use crate::label::{CycleContext, MoveLabels, Scope};
use crate::natural::{natural_limit, natural_limit_with, NaturalLimit};
use crate::rules::Settings;
use crate::verdict::{self, Article, Outcome, Status, Verdict};

mod evidence;
mod run;

pub(crate) use run::{decision_plies, rule_new_run, RuledRun};

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

fn empty_judgement(start: &Position, settings: &Settings) -> Judgement {
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

#[cfg(test)]
mod tests;
