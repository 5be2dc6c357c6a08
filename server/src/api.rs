//! The JSON API for servers: `GET /health`, `POST /judge`, `POST /label`, `POST /audit`.
//! Each handler reads the request, makes one library call and writes what the library
//! wrote (docs/http-api.md).

use std::ops::ControlFlow;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use qili_analyzer::audit::{self, json as audit_json, AuditConfig, AuditScope};
use qili_analyzer::GameInput;
use qili_analyzer::LabelReport;
use qili_analyzer::{answer_case, answer_error, Case, Detail};
use qili_analyzer::{label_line, CycleContext, RuleSet, Settings};
use qili_analyzer::{render, RenderFormat, RenderOptions};
use serde::Deserialize;
use serde_json::json;

use crate::error::{self, ApiError, SCHEMA_VERSION};
use crate::{analyse, Shared};

/// `GET /health`: the server is up; its version, defaults and limits.
pub(crate) async fn health(State(state): State<Shared>) -> Response {
    let c = &state.config;
    Json(json!({
        "schema_version": SCHEMA_VERSION,
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "rules": c.settings.rules.as_str(),
        "repetitions": c.settings.repetitions,
        "natural_limit": c.settings.natural_limit,
        "limits": c.limits.to_json(),
    }))
    .into_response()
}

/// The fields of a `/judge` case (one line of `qili judge --cases`): any other is refused,
/// so that a misspelt option is not ignored.
const CASE_FIELDS: &[&str] = &["id", "fen", "moves", "rules", "repetitions"];

/// The query of `/judge`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct JudgeQuery {
    /// `json` (default) or `html`.
    format: Option<String>,
    /// `true`: the whole judge object (labelled moves with their evidence, both
    /// explanations), as `qili judge --cases --explain` answers; else the verdict line
    /// of `qili judge --cases`.
    #[serde(default)]
    explain: bool,
}

/// `POST /judge`: one `qili judge --cases` line in, its answer out (`?format=html`: the
/// teaching page of `qili judge --format html`).
pub(crate) async fn judge(
    State(state): State<Shared>,
    query: Result<Query<JudgeQuery>, QueryRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(format!("/judge: {e}")))?;
    let bytes = error::body(body, "/judge", state.config.limits.json_body)?;
    let case = error::json_object(&bytes, "/judge")?;
    error::known_fields(&case, CASE_FIELDS, "/judge")?;
    let case = typed_case(case, "/judge")?;
    match query.format.as_deref() {
        None | Some("json") => judge_json(state, case, query.explain).await,
        Some("html") => judge_html(state, case).await,
        Some(other) => Err(ApiError::bad_request(format!(
            "/judge: unknown format {other:?}: expected json or html"
        ))),
    }
}

async fn judge_json(
    state: Shared,
    case: serde_json::Map<String, serde_json::Value>,
    explain: bool,
) -> Result<Response, ApiError> {
    let detail = if explain {
        Detail::Explain
    } else {
        Detail::Verdict
    };
    // The case's fields were checked for type: what is left to refuse (a missing `fen`)
    // is answered as the batch answers a line it cannot read.
    let id = case.get("id").map(serde_json::value::to_raw_value);
    let id = id
        .transpose()
        .map_err(|e| ApiError::internal(e.to_string()))?;
    let case = serde_json::from_value::<Case>(serde_json::Value::Object(case));
    let settings = state.config.settings.clone();
    let (judged, mut out) = analyse(&state, "/judge", move || {
        let mut out = Vec::new();
        let judged = match case {
            Ok(case) => answer_case(&case, 1, &settings, detail, &mut out),
            Err(e) => {
                answer_error(id.as_deref(), 1, e.to_string(), detail, &mut out).map(|()| false)
            }
        };
        (judged, out)
    })
    .await?;
    let judged = judged.map_err(|e| ApiError::internal(format!("/judge: {e}")))?;
    while out.last() == Some(&b'\n') {
        out.pop();
    }
    let status = if judged {
        StatusCode::OK
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    Ok((status, [(header::CONTENT_TYPE, "application/json")], out).into_response())
}

/// The settings of a request: the server's, with the case's rule set and repetitions.
pub(crate) fn settings_for(
    defaults: &Settings,
    rules: Option<&str>,
    repetitions: Option<u32>,
    endpoint: &str,
) -> Result<Settings, ApiError> {
    let mut settings = defaults.clone();
    if let Some(r) = rules {
        settings.rules = r
            .parse::<RuleSet>()
            .map_err(|e| ApiError::bad_request(format!("{endpoint}: rules: {e}")))?;
    }
    if let Some(n) = repetitions {
        if n < 2 {
            return Err(ApiError::bad_request(format!(
                "{endpoint}: repetitions: {n} (at least 2)"
            )));
        }
        settings.repetitions = n;
    }
    Ok(settings)
}

/// A start position (FEN or `startpos`) and move texts, read by the library.
pub(crate) fn read_line(
    fen: &str,
    moves: &[String],
    endpoint: &str,
) -> Result<GameInput, ApiError> {
    qili_analyzer::from_fen_and_moves(fen, &moves.join(" "))
        .map_err(|e| ApiError::unprocessable(format!("{endpoint}: {e}")))
}

async fn judge_html(
    state: Shared,
    case: serde_json::Map<String, serde_json::Value>,
) -> Result<Response, ApiError> {
    let case: Case = serde_json::from_value(serde_json::Value::Object(case))
        .map_err(|e| ApiError::bad_request(format!("/judge: {e}")))?;
    let settings = settings_for(
        &state.config.settings,
        case.rules.as_deref(),
        case.repetitions,
        "/judge",
    )?;
    // A string id names the input; else the FEN does.
    let source = case
        .id
        .as_deref()
        .and_then(|raw| serde_json::from_str::<String>(raw.get()).ok())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| case.fen.clone());
    let page = analyse(&state, "/judge", move || {
        let game = read_line(&case.fen, &case.moves, "/judge")?;
        // The bound of the JSON answer (and of the audit): judging takes memory in
        // proportion to the plies.
        if game.moves.len() > audit::MAX_PLIES {
            return Err(ApiError::unprocessable(format!(
                "/judge: {} plies; a line is judged up to {} plies",
                game.moves.len(),
                audit::MAX_PLIES
            )));
        }
        let j = qili_analyzer::judge(&game.start, &game.moves, &settings);
        let options = RenderOptions {
            input: source,
            ..RenderOptions::new(RenderFormat::Html)
        };
        Ok::<_, ApiError>(render(&j, &options))
    })
    .await??;
    Ok(([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response())
}

/// A case with its fields checked for type, as `/label` and `/position` read theirs: a
/// field of the wrong type is a 400 naming it (not a 422 of the batch reader), and `moves`
/// may be one string of move texts as well as a list of them.
pub(crate) fn typed_case(
    mut case: serde_json::Map<String, serde_json::Value>,
    endpoint: &str,
) -> Result<serde_json::Map<String, serde_json::Value>, ApiError> {
    use serde_json::Value;
    for (field, value) in case.iter_mut() {
        let wrong = |expected: &str| {
            ApiError::bad_request(format!(
                "{endpoint}: {field}: expected {expected}, got {}",
                error::kind(value)
            ))
        };
        match (field.as_str(), &*value) {
            ("fen", Value::String(_)) | ("rules", Value::String(_) | Value::Null) => {}
            ("fen", _) => return Err(wrong("a string")),
            ("rules", _) => return Err(wrong("a string")),
            ("repetitions", Value::Null) => {}
            ("repetitions", Value::Number(n))
                if n.as_u64().is_some_and(|n| n <= u32::MAX as u64) => {}
            ("repetitions", _) => return Err(wrong("a whole number")),
            ("moves", _) => {
                let texts = move_texts(value, endpoint)?;
                *value = Value::Array(texts.into_iter().map(Value::String).collect());
            }
            _ => {}
        }
    }
    Ok(case)
}

/// Moves as a JSON list of move texts (`["h2e2", "马8进7"]`) or one string of them
/// separated by spaces (`"1. h2e2 马8进7"`; move numbers are skipped); absent: none.
pub(crate) fn move_texts(v: &serde_json::Value, endpoint: &str) -> Result<Vec<String>, ApiError> {
    let wrong = || {
        ApiError::bad_request(format!(
            "{endpoint}: moves: expected a list of move texts or one string of them"
        ))
    };
    match v {
        serde_json::Value::Null => Ok(Vec::new()),
        serde_json::Value::String(s) => Ok(vec![s.clone()]),
        serde_json::Value::Array(items) => items
            .iter()
            .map(|m| m.as_str().map(str::to_owned).ok_or_else(wrong))
            .collect(),
        _ => Err(wrong()),
    }
}

/// The body of `/label`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LabelRequest {
    fen: String,
    #[serde(default)]
    moves: serde_json::Value,
    rules: Option<String>,
    #[serde(default)]
    mutual_attack: bool,
    mate_depth: Option<u32>,
}

/// `POST /label`: the label report of `qili label --format json` for a FEN and moves.
pub(crate) async fn label(
    State(state): State<Shared>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let limits = state.config.limits.clone();
    let bytes = error::body(body, "/label", limits.json_body)?;
    let object = error::json_object(&bytes, "/label")?;
    let req: LabelRequest = serde_json::from_value(serde_json::Value::Object(object))
        .map_err(|e| ApiError::bad_request(format!("/label: {e}")))?;
    let mut settings = settings_for(&state.config.settings, req.rules.as_deref(), None, "/label")?;
    if let Some(d) = req.mate_depth {
        if d == 0 || d > limits.mate_depth {
            return Err(ApiError::bad_request(format!(
                "/label: mate_depth: {d} (from 1 to {})",
                limits.mate_depth
            )));
        }
        settings.mate_depth = d;
    }
    let game = read_line(&req.fen, &move_texts(&req.moves, "/label")?, "/label")?;
    if game.moves.len() > limits.label_plies {
        return Err(ApiError::unprocessable(format!(
            "/label: {} plies; a request labels at most {} (every ply is labelled; use /judge, which labels only the cycles, or split the line)",
            game.moves.len(),
            limits.label_plies
        )));
    }
    let cycle = CycleContext {
        mutual_perpetual_attack: req.mutual_attack,
    };
    let report = analyse(&state, "/label", move || {
        let labels = label_line(&game.start, &game.moves, &settings, cycle);
        LabelReport::new(&game.start, &game.moves, &labels, settings.rules).to_json()
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], report).into_response())
}

/// The query of `/audit` and `/records`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileQuery {
    /// The file's name: its extension chooses the reader (`.toml` ruling case, `.iccs`/`.ucci`
    /// line file, anything else a record of any format); it names the file in messages.
    pub name: Option<String>,
    /// `cxa` (CXA 2011/2020), `cxa1999` (CXA 1999) or `axf`.
    pub rules: Option<String>,
    /// Occurrences at which a ruling is in force.
    pub repetitions: Option<u32>,
    /// Judge every game with a repeated position (`audit --all-repetitions`).
    #[serde(default)]
    pub all_repetitions: bool,
}

impl FileQuery {
    /// The file name to read the body as: the last component of `name`, or `upload`.
    pub(crate) fn file_name(&self) -> String {
        let name = self.name.as_deref().unwrap_or_default();
        let base = name.rsplit(['/', '\\']).next().unwrap_or_default().trim();
        if base.is_empty() {
            "upload".to_owned()
        } else {
            base.chars().take(200).collect()
        }
    }
}

/// A record file from the body of `endpoint`.
pub(crate) fn record_body(
    state: &Shared,
    query: Result<Query<FileQuery>, QueryRejection>,
    body: Result<Bytes, BytesRejection>,
    endpoint: &str,
) -> Result<(FileQuery, Settings, Bytes), ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(format!("{endpoint}: {e}")))?;
    let bytes = error::body(body, endpoint, state.config.limits.record_body)?;
    if bytes.is_empty() {
        return Err(ApiError::bad_request(format!(
            "{endpoint}: empty body: expected a record file (PGN, XQF, CBR/CBL, CBF, DhtmlXQ, a move list …)"
        )));
    }
    let settings = settings_for(
        &state.config.settings,
        query.rules.as_deref(),
        query.repetitions,
        endpoint,
    )?;
    Ok((query, settings, bytes))
}

/// `POST /audit`: a record file in the body; the JSON Lines of `qili audit --json` back.
pub(crate) async fn audit(
    State(state): State<Shared>,
    query: Result<Query<FileQuery>, QueryRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let (query, settings, bytes) = record_body(&state, query, body, "/audit")?;
    let config = AuditConfig {
        settings,
        jobs: Some(1),
        scope: if query.all_repetitions {
            AuditScope::AllRepetitions
        } else {
            AuditScope::Threshold
        },
    };
    let name = query.file_name();
    let most = state.config.limits.audit_answer;
    let out = analyse(&state, "/audit", move || {
        let games = audit::read_bytes(&name, &bytes, config.settings.rules);
        let mut out = String::new();
        let mut audited = 0;
        let summary = audit::audit_games(games, &config, |report| {
            audited += 1;
            out.push_str(&audit_json::game_line(report));
            out.push('\n');
            if out.len() > most {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if out.len() > most {
            return Err(ApiError::unprocessable(format!(
                "/audit: the answer passed its limit of {most} bytes at game {audited}; split the file, or audit it with qili audit"
            )));
        }
        out.push_str(&audit_json::summary_line(&summary));
        out.push('\n');
        Ok(out)
    })
    .await??;
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], out).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_keep_their_last_component() {
        let q = |name: &str| FileQuery {
            name: Some(name.to_owned()),
            ..FileQuery::default()
        };
        assert_eq!(q("../../etc/passwd").file_name(), "passwd");
        assert_eq!(q("C:\\games\\a.xqf").file_name(), "a.xqf");
        assert_eq!(q("  ").file_name(), "upload");
        assert_eq!(FileQuery::default().file_name(), "upload");
        assert_eq!(q(&"x".repeat(500)).file_name().len(), 200);
    }

    #[test]
    fn moves_are_a_list_or_a_string() {
        let m = |v: serde_json::Value| move_texts(&v, "/x");
        assert_eq!(m(json!(["h2e2", "h9g7"])).unwrap(), ["h2e2", "h9g7"]);
        assert_eq!(m(json!("h2e2 h9g7")).unwrap(), ["h2e2 h9g7"]);
        assert!(m(json!(null)).unwrap().is_empty());
        let e = m(json!([1, 2])).unwrap_err();
        assert_eq!(e.status, StatusCode::BAD_REQUEST);
        assert!(
            e.message.contains("moves: expected a list"),
            "{}",
            e.message
        );
    }
}
