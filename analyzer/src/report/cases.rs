//! Batch judging for servers and test suites: JSON Lines in, JSON Lines out.
//!
//! Each input line is a case `{"id": …, "fen": "…", "moves": ["h2e2", …], "rules": "axf",
//! "repetitions": 3}` (`rules` and `repetitions` optional; `fen` may be `startpos`; moves in
//! ICCS or any notation [`qili_notation::parse_move`] reads). Each output line is the
//! [`JudgeJson`] of the case with its `id` first; a line that cannot be judged gives
//! `{"id": …, "line": N, "error": "…"}` (the `id` when it could be read) and the batch goes
//! on. Output is in input order; blank lines are skipped.
//!
//! ```
//! use qili_analyzer::report::cases::judge_cases;
//! use qili_analyzer::Settings;
//!
//! let input = r#"{"id": 1, "fen": "startpos", "moves": ["h0g2", "h9g7", "g2h0", "g7h9"]}
//! {"id": "bad", "fen": "startpos", "moves": ["e0e5"]}
//! "#;
//! let mut out = Vec::new();
//! let summary = judge_cases(input.as_bytes(), &mut out, &Settings::default())?;
//! assert_eq!((summary.judged, summary.errors), (1, 1));
//! let lines: Vec<serde_json::Value> = String::from_utf8(out)?
//!     .lines()
//!     .map(|l| serde_json::from_str(l).unwrap())
//!     .collect();
//! assert_eq!(lines[0]["id"], 1);
//! assert_eq!(lines[0]["plies"], 4);
//! assert_eq!(lines[1]["id"], "bad");
//! assert_eq!(lines[1]["line"], 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, BufRead, Write};

use qili_notation::Position;
use serde::{Deserialize, Serialize};

use crate::judge::judge;
use crate::report::judge_json::{judge_json, JudgeJson};
use crate::rules::{RuleSet, Settings};

/// One input line.
#[derive(Debug, Clone, Deserialize)]
pub struct Case {
    /// Any JSON value identifying the case; echoed in the output.
    #[serde(default)]
    pub id: serde_json::Value,
    /// The start position (FEN or `startpos`).
    pub fen: String,
    /// The moves.
    #[serde(default)]
    pub moves: Vec<String>,
    /// `cxa` or `axf` (default: the batch's settings).
    #[serde(default)]
    pub rules: Option<String>,
    /// The occurrence count at which a ruling is in force (default: the batch's settings).
    #[serde(default)]
    pub repetitions: Option<u32>,
}

/// One output line for a judged case.
#[derive(Debug, Clone, Serialize)]
pub struct CaseJson<'a> {
    /// The case's `id`.
    pub id: &'a serde_json::Value,
    /// The judgement.
    #[serde(flatten)]
    pub judgement: JudgeJson,
}

/// One output line for a case that could not be judged.
#[derive(Debug, Clone, Serialize)]
pub struct CaseErrorJson<'a> {
    /// Always [`crate::report::judge_json::SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The case's `id`, when the line could be read that far.
    pub id: &'a serde_json::Value,
    /// The 1-based line number in the input.
    pub line: usize,
    /// What is wrong.
    pub error: String,
}

/// What a batch did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Cases judged.
    pub judged: usize,
    /// Lines that gave an error object.
    pub errors: usize,
}

/// Reads the case on one line and prepares it: settings, start position and legal moves.
fn prepare(
    case: &Case,
    defaults: &Settings,
) -> Result<(Settings, Position, Vec<qili_notation::Move>), String> {
    let mut settings = defaults.clone();
    if let Some(r) = &case.rules {
        settings.rules = r.parse::<RuleSet>().map_err(|e| format!("rules: {e}"))?;
    }
    if let Some(n) = case.repetitions {
        if n < 2 {
            return Err(format!("repetitions: {n} (at least 2)"));
        }
        settings.repetitions = n;
    }
    // Moves as people write them, `startpos` or a FEN, a loose position read (as `judge`).
    let input = crate::input::read_move_list(
        &case.fen,
        &case.moves,
        "moves",
        &crate::input::Options::default(),
    )
    .map_err(|e| e.to_string())?;
    let (start, moves) = (input.start, input.moves);
    Ok((settings, start, moves))
}

/// Judges every case of `input` (JSON Lines), writing one line per case to `out`.
/// Only I/O errors stop the batch.
pub fn judge_cases(
    input: impl BufRead,
    mut out: impl Write,
    defaults: &Settings,
) -> io::Result<Summary> {
    let mut summary = Summary::default();
    let null = serde_json::Value::Null;
    for (i, line) in input.split(b'\n').enumerate() {
        let line = line?;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let case: Result<Case, String> = serde_json::from_slice(&line).map_err(|e| e.to_string());
        let result = case.and_then(|c| prepare(&c, defaults).map(|p| (c, p)));
        match result {
            Ok((case, (settings, start, moves))) => {
                let j = judge(&start, &moves, &settings);
                let json = CaseJson {
                    id: &case.id,
                    judgement: judge_json(&j),
                };
                serde_json::to_writer(&mut out, &json)?;
                summary.judged += 1;
            }
            Err(error) => {
                // Recover the id from a line that parses as JSON but fails later.
                let id = serde_json::from_slice::<serde_json::Value>(&line)
                    .ok()
                    .and_then(|v| v.get("id").cloned());
                let json = CaseErrorJson {
                    schema_version: crate::report::judge_json::SCHEMA_VERSION,
                    id: id.as_ref().unwrap_or(&null),
                    line: i + 1,
                    error,
                };
                serde_json::to_writer(&mut out, &json)?;
                summary.errors += 1;
            }
        }
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(summary)
}
