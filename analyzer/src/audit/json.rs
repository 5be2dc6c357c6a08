//! JSON Lines output of an audit (documented in docs/audit-json.md): one
//! `{"type":"game","data":{…}}` line per game and one `{"type":"summary","data":{…}}` last.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use super::game::GameReport;
use super::input::ReadFailure;
use super::summary::Summary;
use crate::agreement::Finding;
use crate::report::judge_json::judge_json;

/// Version of the audit JSON schema.
pub const SCHEMA_VERSION: u32 = 2;

/// One line of the audit JSON Lines output.
#[derive(Debug, Serialize)]
#[serde(tag = "type", content = "data", rename_all = "snake_case")]
pub enum AuditLine<'a> {
    /// A game.
    Game(GameJson<'a>),
    /// The summary, last.
    Summary(SummaryJson<'a>),
}

/// A game line's data.
#[derive(Debug, Serialize)]
pub struct GameJson<'a> {
    /// Schema version.
    pub schema_version: u32,
    /// The file.
    pub file: &'a str,
    /// The name's bytes in hex, when the name is not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file_bytes: Option<&'a str>,
    /// 1-based number of the game in its file (0: the whole file failed).
    pub index: usize,
    /// The record's tags.
    pub tags: BTreeMap<&'a str, &'a str>,
    /// The recorded result normalised to `1-0`, `0-1`, `1/2-1/2`, or null.
    pub recorded_result: Option<&'static str>,
    /// The result as the record writes it.
    pub recorded_text: Option<&'a str>,
    /// The adjudication an engine-match arbiter recorded (`perpetual chasing`), or null.
    pub adjudication: Option<&'a str>,
    /// Why the game could not be read.
    pub error: Option<&'a ReadFailure>,
    /// Problems that lost only part of the record.
    pub warnings: &'a [ReadFailure],
    /// Number of plies.
    pub plies: usize,
    /// How often the most repeated position occurs.
    pub max_occurrences: u32,
    /// `qili judge`'s ruling object.
    pub ruling: &'a Value,
    /// `qili judge`'s cycles.
    pub cycles: &'a Value,
    /// `qili judge`'s natural-limit object.
    pub natural_limit: &'a Value,
    /// What the audit found.
    pub findings: &'a [Finding],
    /// Whether a finding contradicts the recorded result.
    pub disagrees: bool,
}

/// The summary line's data.
#[derive(Debug, Serialize)]
pub struct SummaryJson<'a> {
    /// Schema version.
    pub schema_version: u32,
    /// Files read.
    pub files: usize,
    /// Games read.
    pub games_read: usize,
    /// Games read without a recorded result (`*` or none).
    pub games_without_result: usize,
    /// Games that could not be read, in total.
    pub games_failed: usize,
    /// … and by reason.
    pub games_failed_by_reason: &'a BTreeMap<&'static str, usize>,
    /// Paths given or found that were not read (missing, special files, loops …).
    pub paths_skipped: usize,
    /// … and by reason.
    pub paths_skipped_by_reason: &'a BTreeMap<&'static str, usize>,
    /// Plies replayed.
    pub plies: u64,
    /// Games with a position occurring at least twice.
    pub games_with_repetition: usize,
    /// Games with a position occurring at least `repetitions` times.
    pub games_with_ruling_threshold: usize,
    /// The rule set (`cxa`, `cxa1999`, `axf`).
    pub rules: &'static str,
    /// Its name with the edition (`CXA 2011/2020`, `CXA 1999`, `AXF`) in short, Chinese
    /// and English.
    pub rules_name: RulesName,
    /// The occurrence count of a ruling in force.
    pub repetitions: u32,
    /// Repetition cycles found.
    pub cycles: usize,
    /// Rulings in force settling a record, by kind.
    pub rulings: &'a BTreeMap<&'static str, usize>,
    /// Games contradicting their record.
    pub games_disagreeing: usize,
    /// Findings by kind.
    pub findings: &'a BTreeMap<&'static str, usize>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Throughput.
    pub games_per_second: f64,
}

/// The name of a rule set with its edition.
#[derive(Debug, Serialize)]
pub struct RulesName {
    /// `CXA 2011/2020`, `CXA 1999`, `AXF`.
    pub short: &'static str,
    /// The Chinese name.
    pub zh: &'static str,
    /// The English name.
    pub en: &'static str,
}

/// The JSON line of a game.
pub fn game_line(g: &GameReport) -> String {
    // The judge JSON objects are built here, when asked for: a text audit never needs them.
    let (ruling, cycles, natural_limit) =
        match g.ruled.as_ref().and_then(|r| r.judgement.as_deref()) {
            Some(j) => {
                let json = judge_json(j);
                (
                    serde_json::to_value(&json.ruling).unwrap_or(Value::Null),
                    serde_json::to_value(&json.cycles).unwrap_or(Value::Null),
                    serde_json::to_value(&json.natural_limit).unwrap_or(Value::Null),
                )
            }
            None => (Value::Null, Value::Array(Vec::new()), Value::Null),
        };
    let line = AuditLine::Game(GameJson {
        schema_version: SCHEMA_VERSION,
        file: &g.file,
        file_bytes: g.file_bytes.as_deref(),
        index: g.index,
        tags: g
            .tags
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect(),
        recorded_result: g.recorded.map(|r| r.pgn()),
        recorded_text: g.recorded_text.as_deref(),
        adjudication: g.adjudication.as_deref(),
        error: g.error.as_ref(),
        warnings: &g.warnings,
        plies: g.moves.len(),
        max_occurrences: g.max_occurrences,
        ruling: &ruling,
        cycles: &cycles,
        natural_limit: &natural_limit,
        findings: &g.findings,
        disagrees: g.disagrees(),
    });
    serde_json::to_string(&line)
        .unwrap_or_else(|e| format!(r#"{{"type":"error","data":{:?}}}"#, e.to_string()))
}

/// The JSON summary line.
pub fn summary_line(s: &Summary) -> String {
    let line = AuditLine::Summary(SummaryJson {
        schema_version: SCHEMA_VERSION,
        files: s.files,
        games_read: s.games_read,
        games_without_result: s.games_without_result,
        games_failed: s.games_failed_total(),
        games_failed_by_reason: &s.games_failed,
        paths_skipped: s.paths_skipped.values().sum(),
        paths_skipped_by_reason: &s.paths_skipped,
        plies: s.plies,
        games_with_repetition: s.games_with_repetition,
        games_with_ruling_threshold: s.games_with_ruling_threshold,
        rules: s.rules.as_str(),
        rules_name: {
            let n = s.rules.names();
            RulesName {
                short: n.short,
                zh: n.zh,
                en: n.en,
            }
        },
        repetitions: s.repetitions,
        cycles: s.cycles,
        rulings: &s.rulings,
        games_disagreeing: s.games_disagreeing,
        findings: &s.findings,
        seconds: s.seconds,
        games_per_second: s.games_per_second(),
    });
    serde_json::to_string(&line)
        .unwrap_or_else(|e| format!(r#"{{"type":"error","data":{:?}}}"#, e.to_string()))
}
