//! The JSON of `qili judge` (documented in docs/judge-json.md).

use qili_notation::{Color, Position, Role, Square};
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

use crate::conduct::{Conduct, PieceRef};
use crate::explain;
use crate::judge::{CycleJudgement, Judgement, PlyLabels, RulingSource};
use crate::label::MoveLabels;
use crate::report::label::{LabelReport, MoveReport};
use crate::rules::RuleSet;
use crate::verdict::{Article, OpenNote, Outcome, Reason, Status};

/// The schema version of the judge JSON (`JudgeJson`: docs/judge-json.md).
pub const SCHEMA_VERSION: u32 = 1;

/// The schema version of the verdict line (`VerdictLineJson`: the judge JSON without the
/// labelled moves and the explanations).
pub const VERDICT_SCHEMA_VERSION: u32 = 2;

/// The whole judgement (borrowing from the [`Judgement`] it is built from).
#[derive(Debug, Clone, Serialize)]
pub struct JudgeJson<'a> {
    /// The case's `id`, first, in an answer of `qili judge --cases` (see
    /// [`crate::report::batch`]); not written when `None`. A field here rather than a
    /// wrapper flattening this struct (`#[serde(flatten)]`), which serde writes through a
    /// map serializer, field by field, at a higher cost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<&'a RawValue>,
    /// Always [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// `cxa` or `axf`.
    pub rules: &'static str,
    /// The occurrence count at which a ruling is in force.
    pub repetitions: u32,
    /// The start position.
    pub start_fen: String,
    /// Number of plies judged.
    pub plies: usize,
    /// Where the record stopped on an illegal move.
    pub stopped: Option<StoppedJson>,
    /// The ruling of the record.
    pub ruling: RulingJson<'a>,
    /// Every cycle, in force or not.
    pub cycles: Vec<CycleJson<'a>>,
    /// The natural move limit.
    pub natural_limit: NaturalLimitJson,
    /// The labelled plies (those inside a cycle), in order: label-report entries.
    pub moves: Vec<MoveReport>,
}

/// The verdict-first form of a judgement (`qili judge --cases` without `--explain`): the
/// ruling, every cycle with both conducts and the articles, the natural limit; no labelled
/// moves and no explanations.
#[derive(Debug, Clone, Serialize)]
pub struct VerdictLineJson<'a> {
    /// The case's `id`, first, in an answer of `qili judge --cases` (see
    /// [`crate::report::batch`]); not written when `None`. A field here rather than a
    /// wrapper flattening this struct (`#[serde(flatten)]`), which serde writes through a
    /// map serializer, field by field, at a higher cost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<&'a RawValue>,
    /// Always [`VERDICT_SCHEMA_VERSION`].
    pub schema_version: u32,
    /// `cxa` or `axf`.
    pub rules: &'static str,
    /// The occurrence count at which a ruling is in force.
    pub repetitions: u32,
    /// The start position.
    pub start_fen: String,
    /// Number of plies judged.
    pub plies: usize,
    /// Where the record stopped on an illegal move.
    pub stopped: Option<StoppedJson>,
    /// The ruling of the record (without its explanation).
    pub ruling: RulingVerdictJson<'a>,
    /// Every cycle, in force or not.
    pub cycles: Vec<CycleJson<'a>>,
    /// The natural move limit.
    pub natural_limit: NaturalLimitJson,
}

/// The ruling of the record, without its explanation.
#[derive(Debug, Clone, Serialize)]
pub struct RulingVerdictJson<'a> {
    /// `red_wins`, `black_wins`, `draw` or `none`.
    pub result: Outcome,
    /// `final`, `must_change` or `none`.
    pub status: Status,
    /// `cycle`, `natural_limit` or `none`.
    pub source: &'static str,
    /// Index into `cycles` when the source is a cycle.
    pub cycle: Option<usize>,
    /// The ply at which the ruling took effect.
    pub ply: Option<usize>,
    /// When a cycle rules: the occurrence of its repeated position at `ply` — the
    /// threshold, or the one after it when a "must change" became a loss because the cycle
    /// was played once more (`played_again`).
    pub occurrence: Option<usize>,
    /// The offender played the cycle once more after it had to change: the loss stands.
    pub played_again: bool,
    /// For a "must change": the occurrence of the repeated position at which the offender
    /// loses (the cycle played once more).
    pub loses_at_occurrence: Option<usize>,
    /// The articles applied (written as their codes).
    #[serde(serialize_with = "article_codes")]
    pub articles: &'a [Article],
}

/// An illegal move that ended the record.
#[derive(Debug, Clone, Serialize)]
pub struct StoppedJson {
    /// 1-based ply.
    pub ply: usize,
    /// The move (ICCS).
    pub mv: String,
    /// The position (FEN).
    pub fen: String,
}

/// Explanations in both languages.
#[derive(Debug, Clone, Serialize)]
pub struct ExplanationJson {
    /// Chinese.
    pub zh: String,
    /// English.
    pub en: String,
}

/// The ruling of the record.
#[derive(Debug, Clone, Serialize)]
pub struct RulingJson<'a> {
    /// `red_wins`, `black_wins`, `draw` or `none`.
    pub result: Outcome,
    /// `final`, `must_change` or `none`.
    pub status: Status,
    /// `cycle`, `natural_limit` or `none`.
    pub source: &'static str,
    /// Index into `cycles` when the source is a cycle.
    pub cycle: Option<usize>,
    /// The ply at which the ruling took effect.
    pub ply: Option<usize>,
    /// When a cycle rules: the occurrence of its repeated position at `ply` — the
    /// threshold, or the one after it when a "must change" became a loss because the cycle
    /// was played once more (`played_again`).
    pub occurrence: Option<usize>,
    /// The offender played the cycle once more after it had to change: the loss stands.
    pub played_again: bool,
    /// For a "must change": the occurrence of the repeated position at which the offender
    /// loses (the cycle played once more).
    pub loses_at_occurrence: Option<usize>,
    /// The articles applied (written as their codes).
    #[serde(serialize_with = "article_codes")]
    pub articles: &'a [Article],
    /// The explanation of the whole judgement.
    pub explanation: ExplanationJson,
}

/// A piece named by its point in the repeated position.
#[derive(Debug, Clone, Serialize)]
pub struct PieceJson {
    /// `red` or `black`.
    pub color: Color,
    /// The role.
    pub role: Role,
    /// Its point in the repeated position.
    pub square: Square,
}

/// One side's conduct.
#[derive(Debug, Clone, Serialize)]
pub struct ConductJson<'a> {
    /// The conduct (`perpetual_check`, …).
    pub conduct: &'static str,
    /// Its Chinese term.
    pub chinese: &'static str,
    /// Whether it is forbidden under the rule set.
    pub forbidden: bool,
    /// The side's cycle plies (one period).
    pub plies: &'a [usize],
    /// The pieces its chases pursue (each written as a [`PieceJson`]).
    #[serde(serialize_with = "pieces")]
    pub targets: &'a [PieceRef],
    /// The pieces that chase (each written as a [`PieceJson`]).
    #[serde(serialize_with = "pieces")]
    pub attackers: &'a [PieceRef],
    /// Pieces chased in every move (each written as a [`PieceJson`]).
    #[serde(serialize_with = "pieces")]
    pub constant_targets: &'a [PieceRef],
    /// The pieces chasing those (two or more: taking turns; each written as a
    /// [`PieceJson`]).
    #[serde(serialize_with = "pieces")]
    pub constant_target_attackers: &'a [PieceRef],
}

/// A verdict.
#[derive(Debug, Clone, Serialize)]
pub struct VerdictJson {
    /// The result it imposes (for `must_change`: if the offender repeats).
    pub result: Outcome,
    /// `final` or `must_change`.
    pub status: Status,
    /// `one_sided_perpetual_check`, `mutual_perpetual_check`, `both_allowed`, `both_forbidden`,
    /// `forbidden_vs_allowed`.
    pub reason: &'static str,
    /// The offender or perpetual checker.
    pub offender: Option<Color>,
}

/// A cycle.
#[derive(Debug, Clone, Serialize)]
pub struct CycleJson<'a> {
    /// Position index of the first occurrence of the repeated position (0 = the start).
    pub first_ply: usize,
    /// Position indices of all its occurrences in the cycle.
    pub occurrence_plies: &'a [usize],
    /// Position index where the cycle starts (usually `first_ply`).
    pub run_start: usize,
    /// Plies of one loop (between consecutive occurrences).
    pub period: usize,
    /// The cycle joins different loops of that length (intertwined loops).
    pub joined: bool,
    /// The last position index of the cycle on the line.
    pub last_ply: usize,
    /// How often the repeated position occurs.
    pub occurrences: usize,
    /// Whether the ruling is in force.
    pub in_force: bool,
    /// The ply of the threshold-th occurrence.
    pub in_force_ply: Option<usize>,
    /// The ply at which a repeating offender lost.
    pub repeated_ply: Option<usize>,
    /// The repeated position.
    pub fen: String,
    /// First and last ply of the cycle moves (one period, or the whole joined stretch).
    pub cycle_plies: [usize; 2],
    /// Whether loops intertwine in the period.
    pub intertwined: bool,
    /// Distinct positions of the strongly connected region.
    pub region_positions: usize,
    /// Distinct Red moves inside the region.
    pub region_red_moves: usize,
    /// Distinct Black moves inside the region.
    pub region_black_moves: usize,
    /// Both sides attack in every move (长打对长打).
    pub mutual_perpetual_attack: bool,
    /// A soldier's threat counted as a chase under it (CXA 27.2, 细则11).
    pub soldier_chases: bool,
    /// Red's conduct.
    pub red: ConductJson<'a>,
    /// Black's conduct.
    pub black: ConductJson<'a>,
    /// The verdict (would-be when not in force).
    pub verdict: VerdictJson,
    /// The articles applied (written as their codes).
    #[serde(serialize_with = "article_codes")]
    pub articles: &'a [Article],
    /// Where an *(open)* default decided (written as `key_point_plain_case_only`, …).
    #[serde(serialize_with = "open_choice_names")]
    pub open_choices: &'a [OpenNote],
    /// The side that left the cycle, if the record goes on.
    pub left_by: Option<Color>,
}

/// One side's natural-limit claim.
#[derive(Debug, Clone, Serialize)]
pub struct ClaimJson {
    /// First ply at which it holds.
    pub reached_at_ply: Option<usize>,
    /// Whether it holds at the end.
    pub holds: bool,
    /// Counted moves at the end.
    pub counted_moves: usize,
    /// The claimant's moves at the end.
    pub moves: usize,
    /// The opponent's moves at the end.
    pub opponent_moves: usize,
    /// The claimant's checks at the end.
    pub checks: usize,
}

/// The natural move limit.
#[derive(Debug, Clone, Serialize)]
pub struct NaturalLimitJson {
    /// The limit in moves (0: not applied).
    pub limit: u32,
    /// The claimant's checks counted at most.
    pub check_cap: u32,
    /// Plies without capture at the end.
    pub plies_without_capture: usize,
    /// Ply of the last capture.
    pub last_capture_ply: Option<usize>,
    /// First ply where a claim holds (either side).
    pub reached_at_ply: Option<usize>,
    /// Red's claim.
    pub red: ClaimJson,
    /// Black's claim.
    pub black: ClaimJson,
}

fn piece(p: &PieceRef) -> PieceJson {
    PieceJson {
        color: p.color,
        role: p.role,
        square: p.home,
    }
}

/// Writes pieces as a list of [`PieceJson`] (without building the list).
fn pieces<S: Serializer>(ps: &&[PieceRef], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(ps.iter().map(piece))
}

/// Writes articles as the list of their codes.
fn article_codes<S: Serializer>(articles: &&[Article], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(articles.iter().map(|a| a.code()))
}

/// Writes *(open)* defaults as the list of their names.
fn open_choice_names<S: Serializer>(notes: &&[OpenNote], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(notes.iter().map(OpenNote::name))
}

/// The JSON of one side's conduct (`forbidden`: under the verdict).
pub fn conduct_json(c: &Conduct, forbidden: bool) -> ConductJson<'_> {
    conduct(c, forbidden)
}

fn conduct(c: &Conduct, forbidden: bool) -> ConductJson<'_> {
    ConductJson {
        conduct: c.kind.as_str(),
        chinese: crate::terms::conduct(c.kind).zh,
        forbidden,
        plies: &c.plies,
        targets: &c.targets,
        attackers: &c.attackers,
        constant_targets: &c.constant_targets,
        constant_target_attackers: &c.constant_target_attackers,
    }
}

/// The JSON name of a verdict's reason and the side it names (the offender or the
/// checker), as every JSON writer gives them.
pub(crate) fn reason_key(r: Reason) -> (&'static str, Option<Color>) {
    match r {
        Reason::OneSidedPerpetualCheck { checker, .. } => {
            ("one_sided_perpetual_check", Some(checker))
        }
        Reason::MutualPerpetualCheck => ("mutual_perpetual_check", None),
        Reason::BothAllowed => ("both_allowed", None),
        Reason::BothForbidden => ("both_forbidden", None),
        Reason::ForbiddenVsAllowed { offender, .. } => ("forbidden_vs_allowed", Some(offender)),
        Reason::BothForbiddenRanked { offender, .. } => ("both_forbidden_ranked", Some(offender)),
    }
}

/// The JSON of cycle `c` of `j`, whose start position has the FEN `start_fen`: a cycle
/// that repeats the start position (most do) takes that string instead of writing the
/// same FEN again.
fn cycle<'a>(j: &Judgement, c: &'a CycleJudgement, start_fen: &str) -> CycleJson<'a> {
    let v = &c.verdict;
    let (reason, offender) = reason_key(v.reason);
    CycleJson {
        first_ply: c.repeated_index(),
        occurrence_plies: &c.occurrence_indices,
        run_start: c.run.start,
        period: c.run.period,
        joined: c.run.joined(),
        last_ply: c.run.end,
        occurrences: c.occurrences,
        in_force: c.in_force,
        in_force_ply: c.in_force_ply,
        repeated_ply: c.repeated_ply,
        fen: match c.repeated_index() {
            0 => start_fen.to_owned(),
            i => j.positions.get(i).map(|p| p.fen()).unwrap_or_default(),
        },
        cycle_plies: [c.run.start + 1, c.run.start + c.run.span],
        intertwined: c.intertwined,
        region_positions: c.region_positions,
        region_red_moves: c.region_moves.red,
        region_black_moves: c.region_moves.black,
        mutual_perpetual_attack: c.context.mutual_perpetual_attack,
        soldier_chases: c.soldier_chases,
        red: conduct(&c.red, v.forbidden.red),
        black: conduct(&c.black, v.forbidden.black),
        verdict: VerdictJson {
            result: v.result,
            status: v.status,
            reason,
            offender,
        },
        articles: &v.articles,
        open_choices: &v.open,
        left_by: c.left_by,
    }
}

fn claim(c: &crate::natural::Claim) -> ClaimJson {
    ClaimJson {
        reached_at_ply: c.reached_at_ply,
        holds: c.holds,
        counted_moves: c.counted_moves,
        moves: c.moves,
        opponent_moves: c.opponent_moves,
        checks: c.checks,
    }
}

/// The label object of one ply: the entry of the label report (`report::label`, documented
/// in docs/label-json.md) for that ply.
pub fn move_json(
    before: &Position,
    ply: usize,
    l: &MoveLabels,
    rules: RuleSet,
) -> Option<MoveReport> {
    let mut r = LabelReport::new(before, &[l.mv], std::slice::from_ref(l), rules)
        .moves
        .pop()?;
    r.ply = ply;
    Some(r)
}

fn ply_json(j: &Judgement, p: &PlyLabels) -> Option<MoveReport> {
    move_json(
        j.positions.get(p.ply.wrapping_sub(1))?,
        p.ply,
        &p.labels,
        j.settings.rules,
    )
}

/// When the ruling took its form (see [`RulingJson::occurrence`]).
struct RulingEffect {
    occurrence: Option<usize>,
    played_again: bool,
    loses_at_occurrence: Option<usize>,
}

fn ruling_effect(j: &Judgement) -> RulingEffect {
    let threshold = crate::verdict::threshold(&j.settings);
    match j.ruling.source {
        RulingSource::Cycle { index } => {
            let played_again = j
                .cycles
                .get(index)
                .is_some_and(|c| c.repeated_ply.is_some());
            RulingEffect {
                occurrence: Some(threshold + usize::from(played_again)),
                played_again,
                loses_at_occurrence: (j.ruling.status == Status::MustChange)
                    .then_some(threshold + 1),
            }
        }
        _ => RulingEffect {
            occurrence: None,
            played_again: false,
            loses_at_occurrence: None,
        },
    }
}

/// The ruling's source: its name, the cycle index and the ply at which it took effect.
fn ruling_source(j: &Judgement) -> (&'static str, Option<usize>, Option<usize>) {
    match j.ruling.source {
        RulingSource::Cycle { index } => (
            "cycle",
            Some(index),
            j.cycles.get(index).and_then(|c| c.decided_ply()),
        ),
        RulingSource::NaturalLimit { ply, .. } => ("natural_limit", None, Some(ply)),
        RulingSource::None => ("none", None, None),
    }
}

fn natural_limit_json(j: &Judgement) -> NaturalLimitJson {
    let nl = &j.natural_limit;
    NaturalLimitJson {
        limit: nl.limit,
        check_cap: nl.check_cap,
        plies_without_capture: nl.plies_without_capture,
        last_capture_ply: nl.last_capture_ply,
        reached_at_ply: nl.reached().map(|(p, _)| p),
        red: claim(&nl.claims[Color::Red]),
        black: claim(&nl.claims[Color::Black]),
    }
}

fn stopped_json(j: &Judgement) -> Option<StoppedJson> {
    j.stopped.as_ref().map(|s| StoppedJson {
        ply: s.ply,
        mv: s.illegal.mv().to_string(),
        fen: s.illegal.position().fen(),
    })
}

/// Builds the JSON of a judgement (with both explanations).
pub fn judge_json(j: &Judgement) -> JudgeJson<'_> {
    let r = &j.ruling;
    let (source, cycle_index, ply) = ruling_source(j);
    let effect = ruling_effect(j);
    let start_fen = j.positions.first().map(|p| p.fen()).unwrap_or_default();
    let cycles = j.cycles.iter().map(|c| cycle(j, c, &start_fen)).collect();
    JudgeJson {
        id: None,
        schema_version: SCHEMA_VERSION,
        rules: j.settings.rules.as_str(),
        repetitions: j.settings.repetitions,
        start_fen,
        plies: j.moves.len(),
        stopped: stopped_json(j),
        ruling: RulingJson {
            result: r.result,
            status: r.status,
            source,
            cycle: cycle_index,
            ply,
            occurrence: effect.occurrence,
            played_again: effect.played_again,
            loses_at_occurrence: effect.loses_at_occurrence,
            articles: &r.articles,
            explanation: ExplanationJson {
                zh: explain::zh::explain(j),
                en: explain::en::explain(j),
            },
        },
        cycles,
        natural_limit: natural_limit_json(j),
        moves: j.labelled.iter().filter_map(|p| ply_json(j, p)).collect(),
    }
}

/// Builds the verdict-first JSON of a judgement: [`judge_json`] without the labelled moves
/// and the explanations, which it does not build.
pub fn verdict_json(j: &Judgement) -> VerdictLineJson<'_> {
    let r = &j.ruling;
    let (source, cycle_index, ply) = ruling_source(j);
    let effect = ruling_effect(j);
    let start_fen = j.positions.first().map(|p| p.fen()).unwrap_or_default();
    let cycles = j.cycles.iter().map(|c| cycle(j, c, &start_fen)).collect();
    VerdictLineJson {
        id: None,
        schema_version: VERDICT_SCHEMA_VERSION,
        rules: j.settings.rules.as_str(),
        repetitions: j.settings.repetitions,
        start_fen,
        plies: j.moves.len(),
        stopped: stopped_json(j),
        ruling: RulingVerdictJson {
            result: r.result,
            status: r.status,
            source,
            cycle: cycle_index,
            ply,
            occurrence: effect.occurrence,
            played_again: effect.played_again,
            loses_at_occurrence: effect.loses_at_occurrence,
            articles: &r.articles,
        },
        cycles,
        natural_limit: natural_limit_json(j),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Settings;

    /// Each cycle's `fen` is the FEN of its repeated position, whether that is the start
    /// position (its FEN taken from `start_fen`) or a later one.
    #[test]
    fn cycle_fens_are_those_of_their_positions() {
        let lines = [
            ("startpos", "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9 h0g2"),
            (
                "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1",
                "c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2",
            ),
        ];
        let mut firsts = Vec::new();
        for (fen, moves) in lines {
            let input = crate::input::read_fen_and_moves(fen, moves, &Default::default()).unwrap();
            let j = crate::judge::judge(&input.start, &input.moves, &Settings::default());
            for json in [verdict_json(&j).cycles, judge_json(&j).cycles] {
                assert!(!json.is_empty());
                for c in json {
                    assert_eq!(c.fen, j.positions[c.first_ply].fen());
                    firsts.push(c.first_ply);
                }
            }
            assert_eq!(verdict_json(&j).start_fen, j.positions[0].fen());
        }
        assert!(
            firsts.contains(&0) && firsts.iter().any(|&f| f > 0),
            "{firsts:?}"
        );
    }
}
