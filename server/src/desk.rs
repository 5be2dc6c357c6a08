//! The arbiter's page (`GET /`, its script and style) and the two helpers it calls:
//! `POST /position` (a FEN and moves checked and replayed by the library: placement checks,
//! the moves in ICCS and Chinese, the legal moves) and `POST /records` (the games of an
//! uploaded record file, to pick one).

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use qili_analyzer::GameInput;
use qili_analyzer::Lang;
use qili_analyzer::{audit, terms};
use qili_notation::{write_move, Color, Notation, Position};
use serde::{Deserialize, Serialize};

use crate::api::{move_texts, record_body, FileQuery};
use crate::error::{self, ApiError, BadMove, SCHEMA_VERSION};
use crate::{analyse, Shared};

const INDEX: &str = include_str!("desk/index.html");
const SCRIPT: &str = include_str!("desk/app.js");
const STYLE: &str = include_str!("desk/app.css");
const OPENAPI: &str = include_str!("../../docs/openapi.yaml");

/// Nothing from elsewhere: the page, its script and style come from this server, and the
/// ruling pages are inline HTML with inline SVG and CSS.
pub(crate) const CSP: &str =
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
                   img-src 'self' data:; connect-src 'self'; frame-src 'self'; base-uri 'none'; \
                   form-action 'none'";

fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CONTENT_SECURITY_POLICY, CSP),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// `GET /`: the page.
pub(crate) async fn index() -> Response {
    asset("text/html; charset=utf-8", INDEX)
}

/// `GET /app.js`.
pub(crate) async fn script() -> Response {
    asset("text/javascript; charset=utf-8", SCRIPT)
}

/// `GET /app.css`.
pub(crate) async fn style() -> Response {
    asset("text/css; charset=utf-8", STYLE)
}

/// `GET /openapi.yaml`: the API description.
pub(crate) async fn openapi() -> Response {
    asset("application/yaml; charset=utf-8", OPENAPI)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionRequest {
    fen: String,
    #[serde(default)]
    moves: serde_json::Value,
    /// The language of error messages: `zh` (default) or `en`.
    lang: Option<String>,
}

#[derive(Serialize)]
struct PlyJson {
    ply: usize,
    iccs: String,
    chinese: String,
    fen_after: String,
}

#[derive(Serialize)]
struct PositionJson {
    schema_version: u32,
    start_fen: String,
    moves: Vec<PlyJson>,
    fen: String,
    turn: &'static str,
    in_check: bool,
    legal: Vec<String>,
}

fn side(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

/// `POST /position`: `{"fen", "moves"}` checked and replayed.
pub(crate) async fn position(
    State(state): State<Shared>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let bytes = error::body(body, "/position", state.config.limits.json_body)?;
    let object = error::json_object(&bytes, "/position")?;
    let req: PositionRequest = serde_json::from_value(serde_json::Value::Object(object))
        .map_err(|e| ApiError::bad_request(format!("/position: {e}")))?;
    let texts = move_texts(&req.moves, "/position")?;
    let lang = match req.lang.as_deref() {
        None => Lang::Zh,
        Some(l) => l
            .parse::<Lang>()
            .map_err(|e| ApiError::bad_request(format!("/position: lang: {e}")))?,
    };
    let json = analyse(&state, "/position", move || {
        let game = read_for_page(&req.fen, &texts, lang).map_err(|mut e| {
            // An illegal position: every reason the FEN reader gives, one by one.
            if let Err(qili_notation::Error::Position(p)) = Position::from_fen(req.fen.trim()) {
                e.reasons = p.reasons.iter().map(ToString::to_string).collect();
            }
            e
        })?;
        let mut pos = game.start.clone();
        let mut moves = Vec::with_capacity(game.moves.len());
        for (i, m) in game.moves.iter().enumerate() {
            let chinese = write_move(&pos, m, Notation::Chinese);
            let iccs = write_move(&pos, m, Notation::Iccs);
            pos.play_unchecked(m);
            moves.push(PlyJson {
                ply: i + 1,
                iccs,
                chinese,
                fen_after: pos.fen(),
            });
        }
        Ok::<_, ApiError>(PositionJson {
            schema_version: SCHEMA_VERSION,
            start_fen: game.start.fen(),
            moves,
            fen: pos.fen(),
            turn: side(pos.turn()),
            in_check: pos.is_check(),
            legal: pos
                .legal_moves()
                .iter()
                .map(|m| write_move(&pos, m, Notation::Iccs))
                .collect(),
        })
    })
    .await??;
    Ok(Json(json).into_response())
}

/// The start position and moves of `/position`, its errors in `lang` as an arbiter reads
/// them (no endpoint or option names); a move that cannot be played keeps the moves
/// read before it in the answer ([`BadMove`]).
fn read_for_page(fen: &str, texts: &[String], lang: Lang) -> Result<GameInput, ApiError> {
    let place = terms::moves_box().get(lang);
    qili_analyzer::read_move_list_keeping(fen, texts, place, &qili_analyzer::ReadOptions::default())
        .map_err(|failed| {
            let (e, before) = *failed;
            let Some((written, message)) = e.bad_move(lang) else {
                return ApiError::unprocessable(e.text(lang));
            };
            let mut error = ApiError::unprocessable(message);
            if let Some(before) = before {
                let mut pos = before.start.clone();
                let read = before
                    .moves
                    .iter()
                    .map(|m| {
                        let t = write_move(&pos, m, Notation::Iccs);
                        pos.play_unchecked(m);
                        t
                    })
                    .collect();
                error.bad_move = Some(BadMove {
                    text: written,
                    read,
                    column: before.column,
                });
            }
            error
        })
}

#[derive(Serialize)]
struct GameJson {
    index: usize,
    tags: serde_json::Map<String, serde_json::Value>,
    recorded: Option<String>,
    fen: Option<String>,
    moves: Vec<String>,
    error: Option<String>,
}

#[derive(Serialize)]
struct RecordsJson {
    schema_version: u32,
    file: String,
    games: Vec<GameJson>,
}

/// `POST /records`: the games of a record file, read as `/audit` reads them.
pub(crate) async fn records(
    State(state): State<Shared>,
    query: Result<Query<FileQuery>, QueryRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let (query, settings, bytes) = record_body(&state, query, body, "/records")?;
    let file = query.file_name();
    let most = state.config.limits.audit_answer;
    let json = analyse(&state, "/records", move || {
        let inputs = audit::read_bytes(&file, &bytes, settings.rules);
        if let [only] = inputs.as_slice() {
            if let (0, Err(f)) = (only.index, &only.game) {
                return Err(ApiError::unprocessable(format!("/records: {}", f.message)));
            }
        }
        if inputs.is_empty() {
            return Err(ApiError::unprocessable(format!(
                "/records: {file}: no game in this file"
            )));
        }
        // The answer's size, counted as it is built (moves and tags): bounded as `/audit`'s.
        let mut size = 0usize;
        let games = inputs
            .into_iter()
            .enumerate()
            .map(|(n, g)| {
                if qili_analyzer::stop::tick() {
                    return Err(ApiError::unprocessable("/records: stopped"));
                }
                let tags: serde_json::Map<String, serde_json::Value> = g
                    .tags
                    .into_iter()
                    .map(|(k, v)| (k, serde_json::Value::String(v)))
                    .collect();
                let (fen, moves, error) = match g.game {
                    Ok((start, moves)) => {
                        let mut pos = start.clone();
                        let iccs = moves
                            .iter()
                            .map(|m| {
                                let t = write_move(&pos, m, Notation::Iccs);
                                pos.play_unchecked(m);
                                t
                            })
                            .collect();
                        (Some(start.fen()), iccs, None)
                    }
                    Err(f) => (None, Vec::new(), Some(f.message)),
                };
                size += 64
                    + moves.iter().map(|m| m.len() + 3).sum::<usize>()
                    + tags
                        .iter()
                        .map(|(k, v)| k.len() + v.as_str().map_or(0, str::len) + 6)
                        .sum::<usize>();
                if size > most {
                    return Err(ApiError::unprocessable(format!(
                        "/records: the answer passed its limit of {most} bytes at game {}; split the file",
                        n + 1
                    )));
                }
                Ok(GameJson {
                    index: g.index,
                    tags,
                    recorded: g.recorded,
                    fen,
                    moves,
                    error,
                })
            })
            .collect::<Result<Vec<_>, ApiError>>()?;
        Ok(RecordsJson {
            schema_version: SCHEMA_VERSION,
            file,
            games,
        })
    })
    .await??;
    Ok(Json(json).into_response())
}

#[cfg(test)]
mod tests {
    /// The page draws the pieces with the one glyph set of every board qili draws
    /// (`terms::piece_glyph`, the ruling pages' SVG boards and the text diagrams): its
    /// `GLYPH` table, FEN letter to character, agrees with the library for all 14 pieces.
    #[test]
    fn the_page_draws_the_pieces_as_the_ruling_boards_do() {
        let table = super::SCRIPT
            .split_once("const GLYPH = {")
            .and_then(|(_, rest)| rest.split_once("};"))
            .expect("the page's GLYPH table")
            .0;
        let mut seen = 0;
        for entry in table.split(',') {
            let Some((letter, glyph)) = entry.split_once(':') else {
                continue;
            };
            let letter = letter.trim().chars().next().expect("a FEN letter");
            let glyph = glyph.trim().trim_matches('"');
            let piece = qili_notation::Piece::from_char(letter).expect("a piece letter");
            assert_eq!(
                glyph,
                qili_analyzer::terms::piece_glyph(piece.color, piece.role),
                "{letter}"
            );
            seen += 1;
        }
        assert_eq!(seen, 14, "{table}");
    }

    /// The river reads as on the ruling boards.
    #[test]
    fn the_page_writes_the_river_as_the_ruling_boards_do() {
        for word in qili_analyzer::terms::RIVER {
            let spaced: String = word
                .chars()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ");
            assert!(super::SCRIPT.contains(&spaced), "{spaced}");
        }
    }
}
