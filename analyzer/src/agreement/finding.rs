//! What the ruling in force decides for a record, and what an audit finds when it is
//! compared with the result the record states.

use qili_notation::Color;
use serde::Serialize;

use super::RecordedResult;
use crate::judge::{Judgement, RulingSource};
use crate::verdict;

/// Something the audit finds when a ruling is compared with a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Finding {
    /// Recorded as a draw, but the ruling in force makes `loser` lose.
    DrawShouldBeLoss {
        /// The side that should have lost.
        loser: Color,
    },
    /// Recorded as a loss of one side, but the ruling makes the other side lose.
    WrongSide {
        /// The side the record says lost.
        recorded_loser: Color,
        /// The side the ruling says loses.
        ruled_loser: Color,
    },
    /// The record ends in a cycle ruled a draw, yet it records a win (resignation, time
    /// or an arbiter's decision the record does not show).
    WinOverDrawRuling {
        /// The recorded winner.
        winner: Color,
    },
    /// A ruling came in force and the players played on: they left the cycle (changed
    /// moves, which settles nothing against the record), or went round it again past the
    /// threshold.
    PlayedPast {
        /// The ply at which the ruling took its form.
        ply: usize,
        /// The side that had to change, for a one-sided ruling.
        side: Option<Color>,
        /// Whether the cycle went on past the threshold.
        continued: bool,
        /// Whether the record leaves the cycle afterwards.
        left_cycle: bool,
    },
    /// A stretch was ruled a loss in force (final: a one-sided perpetual check under CXA1999
    /// 24.1, or a forbidden cycle played once more), and the game went on: the arbiter
    /// could have ended the game at `ply`. For a stretch before the one that decides the
    /// record, the last ruling in force decides (docs/rules.md §1), so this does not contradict
    /// it; nor for the deciding stretch when its loss came at once (CXA1999 24.1) and the
    /// players went on: the record's result then comes from the rest of the game.
    PlayedPastLoss {
        /// The ply at which the earlier loss took its form.
        ply: usize,
        /// The side that lost there.
        loser: Color,
    },
    /// The natural move limit was reached (a draw by the rules unless the game ended first).
    NaturalLimit {
        /// The ply at which it was reached.
        ply: usize,
    },
    /// An engine-match arbiter (WinBoard/XBoard) adjudicated the game on a repetition rule
    /// (`Xboard adjudication: perpetual chasing`, `… repetition draw`) and recorded that
    /// result, but the ruling in force at the end of the record is another (or none), and
    /// no other finding already says so.
    AdjudicationDiffers {
        /// The result the adjudication recorded.
        recorded: RecordedResult,
        /// What qili rules at the end of the record (`None`: no ruling in force there).
        ruled: Option<RecordOutcome>,
    },
    /// A ruling case whose expected ruling differs from the ruling.
    CaseMismatch {
        /// What the case expects.
        expected: Expected,
        /// What was ruled.
        ruled: Expected,
    },
}

impl Finding {
    /// Every kind name [`Finding::kind`] gives (worded by [`crate::terms::finding_kind`]).
    pub const KINDS: [&'static str; 9] = [
        "draw_should_be_loss",
        "wrong_side",
        "win_over_draw_ruling",
        "played_past_changed",
        "played_past_continued",
        "played_past_loss",
        "natural_limit",
        "adjudication_differs",
        "case_mismatch",
    ];

    /// Whether the finding contradicts the recorded result.
    pub fn is_disagreement(&self) -> bool {
        matches!(
            self,
            Finding::DrawShouldBeLoss { .. }
                | Finding::WrongSide { .. }
                | Finding::AdjudicationDiffers { .. }
                | Finding::CaseMismatch { .. }
        )
    }

    /// The snake-case name used in JSON and in the summary.
    pub fn kind(&self) -> &'static str {
        match self {
            Finding::DrawShouldBeLoss { .. } => "draw_should_be_loss",
            Finding::WrongSide { .. } => "wrong_side",
            Finding::WinOverDrawRuling { .. } => "win_over_draw_ruling",
            Finding::PlayedPast {
                continued: false, ..
            } => "played_past_changed",
            Finding::PlayedPast {
                continued: true, ..
            } => "played_past_continued",
            Finding::PlayedPastLoss { .. } => "played_past_loss",
            Finding::NaturalLimit { .. } => "natural_limit",
            Finding::AdjudicationDiffers { .. } => "adjudication_differs",
            Finding::CaseMismatch { .. } => "case_mismatch",
        }
    }
}

impl Serialize for Finding {
    /// `{"kind": …, …fields}` with the same kind names as the summary.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("kind", self.kind())?;
        match *self {
            Finding::DrawShouldBeLoss { loser } => m.serialize_entry("loser", &loser)?,
            Finding::WrongSide {
                recorded_loser,
                ruled_loser,
            } => {
                m.serialize_entry("recorded_loser", &recorded_loser)?;
                m.serialize_entry("ruled_loser", &ruled_loser)?;
            }
            Finding::WinOverDrawRuling { winner } => m.serialize_entry("winner", &winner)?,
            Finding::PlayedPast {
                ply,
                side,
                continued,
                left_cycle,
            } => {
                m.serialize_entry("ply", &ply)?;
                if let Some(side) = side {
                    m.serialize_entry("side", &side)?;
                }
                m.serialize_entry("continued", &continued)?;
                m.serialize_entry("left_cycle", &left_cycle)?;
            }
            Finding::PlayedPastLoss { ply, loser } => {
                m.serialize_entry("ply", &ply)?;
                m.serialize_entry("loser", &loser)?;
            }
            Finding::NaturalLimit { ply } => m.serialize_entry("ply", &ply)?,
            Finding::AdjudicationDiffers { recorded, ruled } => {
                m.serialize_entry("recorded_result", recorded.pgn())?;
                m.serialize_entry("ruled", outcome_name(ruled))?;
            }
            Finding::CaseMismatch { expected, ruled } => {
                m.serialize_entry("expected_result", &expected.result)?;
                m.serialize_entry("expected_status", &expected.status)?;
                m.serialize_entry("ruled_result", &ruled.result)?;
                m.serialize_entry("ruled_status", &ruled.status)?;
            }
        }
        m.end()
    }
}

/// What a ruling in force decides for the record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecordOutcome {
    /// Draw (both sides allowed, or both forbidden).
    Draw,
    /// The side loses (it repeated a forbidden cycle once more, or checked perpetually).
    Loses(Color),
    /// The side must change its moves (forbidden against allowed, threshold just reached).
    MustChange(Color),
}

/// The ruling in force that settles the record (docs/rules.md §1: the last one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// What it decides.
    pub outcome: RecordOutcome,
    /// The ply at which the ruling took its form (threshold reached, or cycle repeated).
    pub ply: usize,
    /// The last ply of the record that is still part of the cycle.
    pub last_ply: usize,
    /// Whether the cycle went on past the threshold (the offender went round it again after
    /// it had to change, or a perpetual check was repeated once more).
    pub continued: bool,
    /// The index of the cycle in the judgement.
    pub cycle: usize,
}

/// A game's ruling.
#[cfg_attr(not(feature = "report"), allow(dead_code))]
#[derive(Debug, Clone)]
pub struct Ruled {
    /// The ruling in force that settles the record, if any.
    pub decision: Option<Decision>,
    /// The ply at which the natural move limit was reached, if it was.
    pub natural_limit_ply: Option<usize>,
    /// The first loss in force (final) ruled on a stretch other than the one that decides
    /// the record, with the side that lost: the game went on past it (docs/rules.md §1: the last
    /// ruling in force decides).
    pub earlier_loss: Option<(usize, Color)>,
    /// The number of repetition cycles found.
    pub cycles: usize,
    /// The judgement (`None` for a game with no repeated position and no natural limit:
    /// nothing needed judging).
    pub judgement: Option<Box<Judgement>>,
}

/// The ruling a case expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Expected {
    /// `red_wins`, `black_wins`, `draw` or `none`.
    pub result: crate::verdict::Outcome,
    /// `final`, `must_change` or `none`.
    pub status: crate::verdict::Status,
}

/// The snake-case name of what a ruling at the end of a record decides: `draw`,
/// `red_loses`, `black_must_change` …, or `none`.
pub(crate) fn outcome_name(ruled: Option<RecordOutcome>) -> &'static str {
    match ruled {
        None => "none",
        Some(RecordOutcome::Draw) => "draw",
        Some(RecordOutcome::Loses(Color::Red)) => "red_loses",
        Some(RecordOutcome::Loses(Color::Black)) => "black_loses",
        Some(RecordOutcome::MustChange(Color::Red)) => "red_must_change",
        Some(RecordOutcome::MustChange(Color::Black)) => "black_must_change",
    }
}

/// What the audit finds when `j` is compared with the `recorded` result (the findings an
/// audit of the same record reports; explanations say from them whether the ruling agrees).
pub fn compare_judgement(j: &Judgement, recorded: Option<RecordedResult>) -> Vec<Finding> {
    let ruled = Ruled {
        decision: decision(j),
        natural_limit_ply: j.natural_limit.reached().map(|(p, _)| p),
        earlier_loss: earlier_loss(j),
        cycles: j.cycles.len(),
        judgement: None,
    };
    compare(&ruled, recorded, j.moves.len())
}

/// The first final loss ruled on a cycle in force that does not decide the record.
pub(crate) fn earlier_loss(j: &Judgement) -> Option<(usize, Color)> {
    let deciding = match j.ruling.source {
        RulingSource::Cycle { index } => Some(index),
        _ => None,
    };
    use verdict::{Outcome as O, Status as S};
    j.cycles
        .iter()
        .enumerate()
        .filter(|&(i, c)| c.in_force && Some(i) != deciding && c.verdict.status == S::Final)
        .filter_map(|(_, c)| {
            let loser = match c.verdict.result {
                O::RedWins => Color::Black,
                O::BlackWins => Color::Red,
                _ => return None,
            };
            Some((c.decided_ply()?, loser))
        })
        .min()
}

/// The decision of a judgement whose ruling comes from a cycle in force.
pub(crate) fn decision(j: &Judgement) -> Option<Decision> {
    let RulingSource::Cycle { index } = j.ruling.source else {
        return None;
    };
    let c = j.cycles.get(index)?;
    use verdict::{Outcome as O, Status as S};
    let outcome = match (j.ruling.status, j.ruling.result) {
        (S::Final, O::Draw) => RecordOutcome::Draw,
        (S::Final, O::RedWins) => RecordOutcome::Loses(Color::Black),
        (S::Final, O::BlackWins) => RecordOutcome::Loses(Color::Red),
        (S::MustChange, O::RedWins) => RecordOutcome::MustChange(Color::Black),
        (S::MustChange, O::BlackWins) => RecordOutcome::MustChange(Color::Red),
        _ => return None,
    };
    Some(Decision {
        outcome,
        ply: c.decided_ply()?,
        last_ply: c.run.end,
        continued: c.repeated_ply.is_some() || c.occurrences > verdict::threshold(&j.settings),
        cycle: index,
    })
}

/// Whether an engine arbiter's adjudication text rules on repetition (perpetual check or
/// chase, a repetition draw), as against mate, material or a move limit.
#[cfg(feature = "report")]
fn is_repetition_adjudication(text: &str) -> bool {
    let t = text.to_ascii_lowercase();
    t.contains("perpetual") || t.contains("repetition")
}

/// Compares an engine arbiter's repetition adjudication, and the result it recorded, with
/// the ruling in force at the end of the record: a finding when they differ and no
/// disagreement in `findings` already says so. Adjudications on other grounds (mate,
/// material) are not compared.
#[cfg(feature = "report")]
pub(crate) fn compare_adjudication(
    ruled: &Ruled,
    adjudication: &str,
    recorded: Option<RecordedResult>,
    plies: usize,
    findings: &[Finding],
) -> Option<Finding> {
    if !is_repetition_adjudication(adjudication) || findings.iter().any(Finding::is_disagreement) {
        return None;
    }
    let recorded = recorded?;
    let at_end = ruled
        .decision
        .as_ref()
        .filter(|d| d.last_ply >= plies)
        .map(|d| d.outcome);
    let agrees = match (recorded.loser(), at_end) {
        (Some(loser), Some(RecordOutcome::Loses(l))) => l == loser,
        (None, Some(RecordOutcome::Draw)) => recorded == RecordedResult::Draw,
        _ => false,
    };
    (!agrees).then_some(Finding::AdjudicationDiffers {
        recorded,
        ruled: at_end,
    })
}

/// Compares a ruling with the recorded result.
///
/// A loss ruled on a cycle binds the record when the record ends in that cycle or the cycle
/// went on past the threshold; when the players changed moves at the threshold and played
/// on, the ruling is only noted (the record's result comes from the rest of the game): a
/// must-change as "had to change and changed", a loss at once (CXA1999 24.1, a one-sided
/// perpetual check, as `qili judge` rules it) as a loss played past, like an earlier loss
/// (docs/rules.md §1: the last ruling in force decides, and the game went on).
pub(crate) fn compare(
    ruled: &Ruled,
    recorded: Option<RecordedResult>,
    plies: usize,
) -> Vec<Finding> {
    let mut out = Vec::new();
    if let Some(ply) = ruled.natural_limit_ply {
        out.push(Finding::NaturalLimit { ply });
    }
    if let Some((ply, loser)) = ruled.earlier_loss {
        if ply < plies {
            out.push(Finding::PlayedPastLoss { ply, loser });
        }
    }
    let Some(d) = &ruled.decision else { return out };
    let ended_in_cycle = d.last_ply >= plies;
    let binding = ended_in_cycle || d.continued;
    let at_once = matches!(d.outcome, RecordOutcome::Loses(_)) && !d.continued;
    match (d.outcome, recorded) {
        (RecordOutcome::Loses(loser), Some(RecordedResult::Draw)) if binding => {
            out.push(Finding::DrawShouldBeLoss { loser })
        }
        (RecordOutcome::Loses(loser), Some(r)) if binding && r.loser() == Some(!loser) => {
            out.push(Finding::WrongSide {
                recorded_loser: !loser,
                ruled_loser: loser,
            })
        }
        (RecordOutcome::Draw, Some(r)) if ended_in_cycle => {
            if let Some(loser) = r.loser() {
                out.push(Finding::WinOverDrawRuling { winner: !loser });
            }
        }
        _ => {}
    }
    if d.ply < plies && at_once && !ended_in_cycle {
        // A loss in force at once, played past: the same finding as an earlier loss.
        if let RecordOutcome::Loses(loser) = d.outcome {
            out.push(Finding::PlayedPastLoss { ply: d.ply, loser });
        }
    } else if d.ply < plies && (!ended_in_cycle || d.continued) {
        let side = match d.outcome {
            RecordOutcome::MustChange(c) | RecordOutcome::Loses(c) => Some(c),
            RecordOutcome::Draw => None,
        };
        out.push(Finding::PlayedPast {
            ply: d.ply,
            side,
            continued: d.continued,
            left_cycle: !ended_in_cycle,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::judge;
    use crate::rules::Settings;
    use qili_notation::{Iccs, Position};

    #[test]
    fn a_loss_in_force_that_the_game_went_past_is_a_finding() {
        // Red checks perpetually (a loss in force at ply 8, CXA 24.1), then both sides shuffle
        // their generals: a draw in force at ply 16 decides the record (docs/rules.md §1).
        let start = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/5K3 w - - 0 1").unwrap();
        let text =
            "a8a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 f0f1 d9e9 f1f0 e9d9 f0f1 d9e9 f1f0 e9d9";
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for s in text.split(' ') {
            let m = s.parse::<Iccs>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(&m);
            moves.push(m);
        }
        // CXA 1999: the perpetual check loses at once (under 2011/2020 it must change, 图6).
        let settings = Settings {
            rules: crate::rules::RuleSet::Cxa1999,
            ..Settings::default()
        };
        let j = judge(&start, &moves, &settings);
        assert_eq!(j.ruling.result, verdict::Outcome::Draw, "{:?}", j.ruling);
        let findings = compare_judgement(&j, Some(RecordedResult::Draw));
        assert!(
            findings.contains(&Finding::PlayedPastLoss {
                ply: 8,
                loser: Color::Red
            }),
            "{findings:?}"
        );
        assert!(
            !findings.iter().any(Finding::is_disagreement),
            "{findings:?}"
        );
        // Cut at the loss, the loss decides: no earlier loss to report.
        let j = judge(&start, &moves[..8], &settings);
        let findings = compare_judgement(&j, Some(RecordedResult::Draw));
        assert!(
            !findings
                .iter()
                .any(|f| matches!(f, Finding::PlayedPastLoss { .. })),
            "{findings:?}"
        );
    }
}
