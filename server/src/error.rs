//! Errors as the API answers them: a status and `{"schema_version": 1, "error": "…"}`.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// The version of every JSON document the server writes that the library does not.
pub const SCHEMA_VERSION: u32 = 1;

/// A request that could not be answered: the status and a message naming the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status (4xx for the client's mistakes, 500 for qili's).
    pub status: StatusCode,
    /// What is wrong, and where.
    pub message: String,
    /// Every reason, when there are several (an illegal position lists each problem).
    pub reasons: Vec<String>,
    /// A move that cannot be played, when the error is one: what a page needs to keep the
    /// moves before it and mark it.
    pub bad_move: Option<BadMove>,
}

/// A move that cannot be played, in an error answer (`/position`): the move as written,
/// the moves read before it (kept), and where it starts in the move text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BadMove {
    /// The move as written.
    #[serde(rename = "move")]
    pub text: String,
    /// The moves read before it, in ICCS, legal in turn from the start position.
    pub read: Vec<String>,
    /// 1-based column (characters) of the move in the moves joined by spaces.
    pub column: usize,
}

#[derive(Serialize)]
struct ErrorJson<'a> {
    schema_version: u32,
    error: &'a str,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    reasons: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    bad_move: Option<&'a BadMove>,
}

impl ApiError {
    /// 400: the request cannot be read (not JSON, wrong shape, bad parameter).
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
            reasons: Vec::new(),
            bad_move: None,
        }
    }

    /// 422: the request was read but its content cannot be analysed (bad FEN, illegal move).
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.into(),
            reasons: Vec::new(),
            bad_move: None,
        }
    }

    /// 500: a defect of qili.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: message.into(),
            reasons: Vec::new(),
            bad_move: None,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::to_string(&ErrorJson {
            schema_version: SCHEMA_VERSION,
            error: &self.message,
            reasons: &self.reasons,
            bad_move: self.bad_move.as_ref(),
        })
        .unwrap_or_default();
        (
            self.status,
            [(header::CONTENT_TYPE, "application/json")],
            body,
        )
            .into_response()
    }
}

/// The body, or an error naming the endpoint and the limit when it could not be read.
pub(crate) fn body(
    body: Result<Bytes, BytesRejection>,
    endpoint: &str,
    limit: usize,
) -> Result<Bytes, ApiError> {
    body.map_err(|e| {
        let status = e.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            format!("{endpoint}: the request body is larger than the limit of {limit} bytes")
        } else {
            format!("{endpoint}: cannot read the request body: {e}")
        };
        ApiError {
            status,
            message,
            reasons: Vec::new(),
            bad_move: None,
        }
    })
}

/// Reads a JSON object from `bytes`, naming line and column of a syntax error.
pub(crate) fn json_object(
    bytes: &[u8],
    endpoint: &str,
) -> Result<serde_json::Map<String, serde_json::Value>, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::bad_request(format!(
            "{endpoint}: empty body: expected a JSON object"
        )));
    }
    match serde_json::from_slice::<serde_json::Value>(bytes) {
        Ok(serde_json::Value::Object(map)) => Ok(map),
        Ok(other) => Err(ApiError::bad_request(format!(
            "{endpoint}: expected a JSON object, got {}",
            kind(&other)
        ))),
        Err(e) => Err(ApiError::bad_request(format!(
            "{endpoint}: malformed JSON: {e}"
        ))),
    }
}

/// 400 naming the first field of `object` not in `known`.
pub(crate) fn known_fields(
    object: &serde_json::Map<String, serde_json::Value>,
    known: &[&str],
    endpoint: &str,
) -> Result<(), ApiError> {
    match object.keys().find(|k| !known.contains(&k.as_str())) {
        None => Ok(()),
        Some(k) => Err(ApiError::bad_request(format!(
            "{endpoint}: unknown field `{}`, expected one of {}",
            k.chars().take(100).collect::<String>(),
            known
                .iter()
                .map(|f| format!("`{f}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// The kind of a JSON value, for messages (`a string`, `a number` …).
pub(crate) fn kind(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

/// Any path the server does not serve.
pub(crate) async fn not_found(method: Method, uri: Uri) -> ApiError {
    ApiError {
        status: StatusCode::NOT_FOUND,
        message: format!(
            "no such endpoint: {method} {}; the API is GET /health, POST /judge, POST /label, POST /audit (docs/http-api.md, /openapi.yaml)",
            uri.path()
        ),
        reasons: Vec::new(),
        bad_move: None,
    }
}

/// A known path asked with the wrong method.
pub(crate) async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: format!("{} does not take {method}", uri.path()),
        reasons: Vec::new(),
        bad_move: None,
    }
}
