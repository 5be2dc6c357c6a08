//! `POST /moves`: before the move — the moves of the position a line reaches that matter to
//! the repetition rules, as `qili moves --format json` (or `ucci`, `text`) writes them
//! (docs/http-api.md, docs/moves-json.md). One library call: `qili_analyzer::outlook`.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use qili_analyzer::audit::MAX_PLIES;
use qili_analyzer::Lang;
use qili_analyzer::{moves_json, moves_text};
use qili_analyzer::{outlook, OutlookOptions};
use serde::Deserialize;

use crate::api::{move_texts, read_line, settings_for};
use crate::error::{self, ApiError};
use crate::{analyse, Shared};

/// The body of `/moves`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MovesRequest {
    fen: String,
    #[serde(default)]
    moves: serde_json::Value,
    rules: Option<String>,
    repetitions: Option<u32>,
    /// `json` (default), `ucci` (the `banmoves` line) or `text`.
    format: Option<String>,
    /// `zh` (default) or `en`, for `text`.
    lang: Option<String>,
}

/// `POST /moves`: the outlook of the position `fen` and `moves` reach.
pub(crate) async fn moves(
    State(state): State<Shared>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let bytes = error::body(body, "/moves", state.config.limits.json_body)?;
    let object = error::json_object(&bytes, "/moves")?;
    let req: MovesRequest = serde_json::from_value(serde_json::Value::Object(object))
        .map_err(|e| ApiError::bad_request(format!("/moves: {e}")))?;
    let settings = settings_for(
        &state.config.settings,
        req.rules.as_deref(),
        req.repetitions,
        "/moves",
    )?;
    let format = match req.format.as_deref() {
        None | Some("json") => Format::Json,
        Some("ucci") => Format::Ucci,
        Some("text") => Format::Text,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "/moves: format: unknown {other:?}: expected json, ucci or text"
            )))
        }
    };
    let lang = match req.lang.as_deref() {
        None | Some("zh") => Lang::Zh,
        Some("en") => Lang::En,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "/moves: lang: unknown {other:?}: expected zh or en"
            )))
        }
    };
    let game = read_line(&req.fen, &move_texts(&req.moves, "/moves")?, "/moves")?;
    if game.moves.len() > MAX_PLIES {
        return Err(ApiError::unprocessable(format!(
            "/moves: {} plies: longer than the {MAX_PLIES} plies a line is judged up to",
            game.moves.len()
        )));
    }
    let (body, kind) = analyse(&state, "/moves", move || {
        let o = outlook(
            &game.start,
            &game.moves,
            &settings,
            &OutlookOptions::default(),
        );
        match format {
            Format::Json => (moves_json(&o).to_string(), "application/json"),
            Format::Ucci => (o.ucci_banmoves() + "\n", "text/plain; charset=utf-8"),
            Format::Text => (moves_text(&o, lang), "text/plain; charset=utf-8"),
        }
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, kind)], body).into_response())
}

#[derive(Debug, Clone, Copy)]
enum Format {
    Json,
    Ucci,
    Text,
}
