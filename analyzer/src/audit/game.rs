//! Auditing one game: replay, the cheap repetition pre-pass, the ruling, and the comparison
//! with what the record says.

use qili_notation::{Move, Position};
use rustc_hash::FxHashMap;

use super::input::{AuditInput, ReadFailure};
use super::rule::rule_keyed;
use super::AuditScope;
use crate::agreement::{compare, compare_adjudication, Expected, Finding, RecordedResult, Ruled};
use crate::input::MAX_PLIES;
use crate::rules::Settings;

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
    pub recorded: Option<RecordedResult>,
    /// The adjudication an engine-match arbiter recorded (see
    /// [`AuditInput::adjudication`](super::input::AuditInput::adjudication)).
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
pub fn audit_game_guarded(input: AuditInput, settings: &Settings, scope: AuditScope) -> GameReport {
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
                recorded: recorded_text.as_deref().and_then(RecordedResult::parse),
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

/// Audits one game read from a file, judging it in full when `scope` asks for it (a game
/// longer than [`MAX_PLIES`] is reported, not judged).
pub fn audit_game(input: AuditInput, settings: &Settings, scope: AuditScope) -> GameReport {
    let recorded = input.recorded.as_deref().and_then(RecordedResult::parse);
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
        AuditScope::Threshold => crate::verdict::threshold(settings),
        AuditScope::AllRepetitions => 2,
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
