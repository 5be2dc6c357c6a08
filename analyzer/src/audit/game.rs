//! Auditing one game: replay, the cheap repetition pre-pass, the ruling, and the comparison
//! with what the record says.

use qili_notation::{Color, Move, Position};
use rustc_hash::FxHashMap;
use serde::Serialize;

use super::input::{Expected, GameInput, ReadFailure};
use super::result::GameResult;
use super::rule::{rule_keyed, Outcome, Ruled};
use super::Scope;
use crate::rules::Settings;

/// Something the audit found in a game.
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
    /// record, the last ruling in force decides (RULES.md §1), so this does not contradict
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
        recorded: GameResult,
        /// What qili rules at the end of the record (`None`: no ruling in force there).
        ruled: Option<Outcome>,
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

/// The audit of one game.
#[derive(Debug, Clone)]
pub struct GameReport {
    /// The file.
    pub file: String,
    /// The file name's bytes in hex when the name is not UTF-8 (`file` then holds U+FFFD in
    /// their place; see [`qili_notation::record::json::file_bytes`]); set by the audit,
    /// which knows the path.
    pub file_bytes: Option<String>,
    /// 1-based number of the game in its file (0: the file as a whole).
    pub index: usize,
    /// The record's tags.
    pub tags: Vec<(String, String)>,
    /// The result as the record writes it.
    pub recorded_text: Option<String>,
    /// The result as understood.
    pub recorded: Option<GameResult>,
    /// The adjudication an engine-match arbiter recorded (see
    /// [`GameInput::adjudication`](super::input::GameInput::adjudication)).
    pub adjudication: Option<String>,
    /// Why the game could not be read.
    pub error: Option<ReadFailure>,
    /// Problems that lost only part of the record (its main line was read whole).
    pub warnings: Vec<ReadFailure>,
    /// The start position (when read).
    pub start: Option<Position>,
    /// The moves (when read).
    pub moves: Vec<Move>,
    /// How often the most repeated position occurs (1: no repetition).
    pub max_occurrences: u32,
    /// The ruling, when some position occurs at least twice.
    pub ruled: Option<Ruled>,
    /// What the audit found.
    pub findings: Vec<Finding>,
}

impl GameReport {
    /// Whether some finding contradicts the recorded result.
    pub fn disagrees(&self) -> bool {
        self.findings.iter().any(Finding::is_disagreement)
    }

    /// A tag's value.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// How often the most repeated position of the game occurs. Cheap: one Zobrist key per ply.
pub fn max_occurrences(start: &Position, moves: &[Move]) -> u32 {
    occurrences_of(&zobrist_keys(start, moves))
}

/// The Zobrist key of the start position and of the position after every ply.
pub(crate) fn zobrist_keys(start: &Position, moves: &[Move]) -> Vec<u64> {
    let mut pos = start.clone();
    let mut keys = Vec::with_capacity(moves.len() + 1);
    keys.push(pos.zobrist());
    for m in moves {
        pos.play_unchecked(m);
        keys.push(pos.zobrist());
    }
    keys
}

/// How often the most frequent key occurs (Zobrist keys are spread already: Fx hashing).
fn occurrences_of(keys: &[u64]) -> u32 {
    let mut seen: FxHashMap<u64, u32> =
        FxHashMap::with_capacity_and_hasher(keys.len(), Default::default());
    let mut max = 0;
    for &k in keys {
        let n = seen.entry(k).or_default();
        *n += 1;
        max = max.max(*n);
    }
    max
}

/// Audits one game, turning a panic of the analysis into a reported failure of that game
/// (kind `internal`) so that one defect cannot stop the audit of a whole collection.
pub fn audit_game_guarded(input: GameInput, settings: &Settings, scope: Scope) -> GameReport {
    let (file, index, tags) = (input.file.clone(), input.index, input.tags.clone());
    let warnings = input.warnings.clone();
    let recorded_text = input.recorded.clone();
    let adjudication = input.adjudication.clone();
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        audit_game(input, settings, scope)
    })) {
        Ok(report) => report,
        Err(panic) => {
            let why = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            GameReport {
                recorded: recorded_text.as_deref().and_then(GameResult::parse),
                error: Some(ReadFailure::new(
                    super::input::FailureKind::Internal,
                    format!("{file}: game {index}: analysis failed: {why}"),
                )),
                warnings,
                file,
                file_bytes: None,
                index,
                tags,
                recorded_text,
                adjudication,
                start: None,
                moves: Vec::new(),
                max_occurrences: 0,
                ruled: None,
                findings: Vec::new(),
            }
        }
    }
}

/// The longest game an audit judges, in plies: judging takes memory in proportion to the
/// plies (about 1 KB a ply), so a longer game is reported as a failure of kind `limit`
/// rather than judged. Real games are far shorter (CCPD's longest has a few hundred plies).
pub const MAX_PLIES: usize = 100_000;

/// Audits one game read from a file, judging it in full when `scope` asks for it (a game
/// longer than [`MAX_PLIES`] is reported, not judged).
pub fn audit_game(input: GameInput, settings: &Settings, scope: Scope) -> GameReport {
    let recorded = input.recorded.as_deref().and_then(GameResult::parse);
    let mut report = GameReport {
        file: input.file,
        file_bytes: None,
        index: input.index,
        tags: input.tags,
        recorded_text: input.recorded,
        recorded,
        adjudication: input.adjudication,
        error: None,
        warnings: input.warnings,
        start: None,
        moves: Vec::new(),
        max_occurrences: 0,
        ruled: None,
        findings: Vec::new(),
    };
    let (start, moves) = match input.game {
        Ok(g) => g,
        Err(f) => {
            report.error = Some(f);
            return report;
        }
    };
    if moves.len() > MAX_PLIES {
        // Judging takes memory in proportion to the plies: a bound per game.
        let mut f = ReadFailure::new(
            super::input::FailureKind::Limit,
            format!(
                "{}: game {}: {} plies: longer than the {MAX_PLIES} plies a game is audited up to",
                report.file,
                report.index,
                moves.len()
            ),
        );
        f.ply = Some(MAX_PLIES + 1);
        report.error = Some(f);
        return report;
    }
    // One replay gives the keys for the repetition count and, when the game is not judged,
    // for counting its cycles.
    let keys = zobrist_keys(&start, &moves);
    report.max_occurrences = occurrences_of(&keys);
    // Only a game with a position occurring often enough needs any analysis (labels,
    // verdicts); the natural limit is looked at in every game.
    let needed = match scope {
        Scope::Threshold => crate::verdict::threshold(settings),
        Scope::AllRepetitions => 2,
    };
    let ruled = rule_keyed(
        &start,
        &moves,
        &keys,
        settings,
        report.max_occurrences as usize >= needed,
    );
    report.findings = compare(&ruled, recorded, moves.len());
    if let Some(f) = report
        .adjudication
        .as_deref()
        .and_then(|a| compare_adjudication(&ruled, a, recorded, moves.len(), &report.findings))
    {
        report.findings.push(f);
    }
    if let Some(expected) = input.expected {
        let ruled_as = match ruled.judgement.as_deref() {
            Some(j) => Expected {
                result: j.ruling.result,
                status: j.ruling.status,
            },
            None => Expected {
                result: crate::verdict::Outcome::None,
                status: crate::verdict::Status::None,
            },
        };
        if ruled_as != expected {
            report.findings.push(Finding::CaseMismatch {
                expected,
                ruled: ruled_as,
            });
        }
    }
    report.ruled = Some(ruled);
    report.start = Some(start);
    report.moves = moves;
    report
}

/// The snake-case name of what a ruling at the end of a record decides: `draw`,
/// `red_loses`, `black_must_change` …, or `none`.
pub fn outcome_name(ruled: Option<Outcome>) -> &'static str {
    match ruled {
        None => "none",
        Some(Outcome::Draw) => "draw",
        Some(Outcome::Loses(Color::Red)) => "red_loses",
        Some(Outcome::Loses(Color::Black)) => "black_loses",
        Some(Outcome::MustChange(Color::Red)) => "red_must_change",
        Some(Outcome::MustChange(Color::Black)) => "black_must_change",
    }
}

/// Whether an engine arbiter's adjudication text rules on repetition (perpetual check or
/// chase, a repetition draw), as against mate, material or a move limit.
pub fn is_repetition_adjudication(text: &str) -> bool {
    let t = text.to_ascii_lowercase();
    t.contains("perpetual") || t.contains("repetition")
}

/// Compares an engine arbiter's repetition adjudication, and the result it recorded, with
/// the ruling in force at the end of the record: a finding when they differ and no
/// disagreement in `findings` already says so. Adjudications on other grounds (mate,
/// material) are not compared.
pub fn compare_adjudication(
    ruled: &Ruled,
    adjudication: &str,
    recorded: Option<GameResult>,
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
        (Some(loser), Some(Outcome::Loses(l))) => l == loser,
        (None, Some(Outcome::Draw)) => recorded == GameResult::Draw,
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
/// (RULES.md §1: the last ruling in force decides, and the game went on).
pub fn compare(ruled: &Ruled, recorded: Option<GameResult>, plies: usize) -> Vec<Finding> {
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
    let at_once = matches!(d.outcome, Outcome::Loses(_)) && !d.continued;
    match (d.outcome, recorded) {
        (Outcome::Loses(loser), Some(GameResult::Draw)) if binding => {
            out.push(Finding::DrawShouldBeLoss { loser })
        }
        (Outcome::Loses(loser), Some(r)) if binding && r.loser() == Some(!loser) => {
            out.push(Finding::WrongSide {
                recorded_loser: !loser,
                ruled_loser: loser,
            })
        }
        (Outcome::Draw, Some(r)) if ended_in_cycle => {
            if let Some(loser) = r.loser() {
                out.push(Finding::WinOverDrawRuling { winner: !loser });
            }
        }
        _ => {}
    }
    if d.ply < plies && at_once && !ended_in_cycle {
        // A loss in force at once, played past: the same finding as an earlier loss.
        if let Outcome::Loses(loser) = d.outcome {
            out.push(Finding::PlayedPastLoss { ply: d.ply, loser });
        }
    } else if d.ply < plies && (!ended_in_cycle || d.continued) {
        let side = match d.outcome {
            Outcome::MustChange(c) | Outcome::Loses(c) => Some(c),
            Outcome::Draw => None,
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
