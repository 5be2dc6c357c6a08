//! What every request passes before its handler, and every answer after it:
//!
//! - **Host**: a request naming a host other than `localhost`, an IP address or one of
//!   [`Limits::allowed_hosts`] gets 421 (a page on another site that rebinds its name to
//!   this server's address sends its own name);
//! - **Origin**: a request other than GET/HEAD sent by a page of another origin gets 403
//!   (a browser names the page's origin; programs send none and are served);
//! - **body**: a `Content-Length` past the endpoint's limit gets 413 before any byte of
//!   the body is read (so `Expect: 100-continue` gets 413, not `100 Continue`); the bytes
//!   of a body past its first 64 KiB count against [`Limits::upload_budget`] as they
//!   arrive, until the answer is written (503 past it); a body not received within
//!   [`Limits::body_timeout`] gets 408;
//! - **budget**: `?budget_ms=` (any endpoint) lowers the request's work budget
//!   ([`Limits::budget`]); the analysis is stopped when its client hangs up;
//! - **answers**: every one carries `X-Content-Type-Options: nosniff`, every HTML one a
//!   Content-Security-Policy.

use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body::{Frame, SizeHint};
use qili_analyzer::stop::StopFlag;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;
use crate::{desk, Shared};

/// The work budget of the request being answered, for [`crate::analyse`].
#[derive(Debug, Clone)]
pub(crate) struct RequestBudget {
    /// Raised when the request ends (its client gone, or its answer written).
    pub flag: StopFlag,
    /// Until when its analysis may run (waiting for a slot included).
    pub deadline: Instant,
    /// The budget it had.
    pub budget: Duration,
}

tokio::task_local! {
    /// The budget of the request this task answers.
    pub(crate) static REQUEST: RequestBudget;
}

/// Raises the flag when dropped: the request's future ends, answered or abandoned.
struct RaiseOnDrop(StopFlag);

impl Drop for RaiseOnDrop {
    fn drop(&mut self) {
        self.0.raise();
    }
}

/// Bodies up to this size are not counted against the upload budget, so that small
/// requests (a `/judge`, a `/health`) are always received: the connection caps bound them
/// (512 connections × 64 KiB = 32 MiB).
pub(crate) const UNCOUNTED: usize = 64 << 10;

/// Why a request body could not be received.
const BODY_OK: u8 = 0;
const BODY_TIMEOUT: u8 = 1;
const BODY_BUDGET: u8 = 2;

/// The middleware of every route.
pub(crate) async fn guard(State(state): State<Shared>, req: Request, next: Next) -> Response {
    let limits = &state.config.limits;
    let (mut parts, body) = req.into_parts();
    if let Err(e) = check_host(&parts.headers, &limits.allowed_hosts) {
        return finish(e.into_response());
    }
    if let Err(e) = check_origin(&parts.method, &parts.headers) {
        return finish(e.into_response());
    }
    let endpoint = parts.uri.path().to_owned();
    let limit = if matches!(endpoint.as_str(), "/audit" | "/records") {
        limits.record_body
    } else {
        limits.json_body
    };
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if let Some(n) = declared {
        if n > limit as u64 {
            return finish(
                ApiError {
                    status: StatusCode::PAYLOAD_TOO_LARGE,
                    message: format!(
                        "{endpoint}: the request body ({n} bytes) is larger than the limit of {limit} bytes"
                    ),
                    reasons: Vec::new(),
                    bad_move: None,
                }
                .into_response(),
            );
        }
    }
    let asked = match take_budget(&mut parts.uri) {
        Ok(asked) => asked,
        Err(e) => return finish(ApiError::bad_request(format!("{endpoint}: {e}")).into_response()),
    };
    let budget = limits.budget_for(asked);
    // The bytes of the body count against the upload budget as they arrive, until the
    // answer is written, so that uploads that stall half-way cannot together hold more
    // than the budget; a small body is not counted ([`UNCOUNTED`]).
    let held = Arc::new(Mutex::new(None::<OwnedSemaphorePermit>));
    let watch = Arc::new(AtomicU8::new(BODY_OK));
    let guarded = Guarded {
        inner: body,
        deadline: later(tokio::time::Instant::now(), limits.body_timeout),
        timer: None,
        uploads: Arc::clone(&state.uploads),
        held: Arc::clone(&held),
        received: 0,
        watch: Arc::clone(&watch),
    };
    let req = Request::from_parts(parts, Body::new(guarded));
    let flag = StopFlag::default();
    let _raise = RaiseOnDrop(flag.clone());
    let request = RequestBudget {
        flag,
        deadline: later(Instant::now(), budget),
        budget,
    };
    let response = REQUEST.scope(request, next.run(req)).await;
    let response = match watch.load(Ordering::Relaxed) {
        BODY_TIMEOUT => ApiError {
            status: StatusCode::REQUEST_TIMEOUT,
            message: format!(
                "{endpoint}: the request body was not received within {} s",
                limits.body_timeout.as_secs_f64()
            ),
            reasons: Vec::new(),
            bad_move: None,
        }
        .into_response(),
        BODY_BUDGET => upload_budget_spent(&endpoint, limits.upload_budget),
        _ => response,
    };
    drop(held);
    finish(response)
}

/// `now + d`, or a year from now when that cannot be told (a limit set beyond reason).
fn later<I: Copy + CheckedAdd>(now: I, d: Duration) -> I {
    now.checked(d)
        .or_else(|| now.checked(Duration::from_secs(365 * 86_400)))
        .unwrap_or(now)
}

/// `checked_add` of the two clocks' instants.
trait CheckedAdd: Sized {
    fn checked(self, d: Duration) -> Option<Self>;
}

impl CheckedAdd for Instant {
    fn checked(self, d: Duration) -> Option<Instant> {
        self.checked_add(d)
    }
}

impl CheckedAdd for tokio::time::Instant {
    fn checked(self, d: Duration) -> Option<tokio::time::Instant> {
        self.checked_add(d)
    }
}

fn upload_budget_spent(endpoint: &str, budget: usize) -> Response {
    ApiError {
        status: StatusCode::SERVICE_UNAVAILABLE,
        message: format!(
            "{endpoint}: the server is receiving or holding {budget} bytes of requests (its upload budget); try again when they are answered"
        ),
        reasons: Vec::new(),
        bad_move: None,
    }
    .into_response()
}

/// The headers of every answer.
fn finish(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    let html = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    if html && !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(desk::CSP),
        );
    }
    response
}

/// 421 unless the Host header names `localhost`, an IP address or an allowed name.
fn check_host(headers: &axum::http::HeaderMap, allowed: &[String]) -> Result<(), ApiError> {
    let Some(host) = headers.get(header::HOST) else {
        return Ok(());
    };
    let text = host.to_str().unwrap_or_default();
    if host_allowed(text, allowed) {
        return Ok(());
    }
    Err(ApiError {
        status: StatusCode::MISDIRECTED_REQUEST,
        message: format!(
            "this server does not answer to the host {:?}: use its IP address or localhost, or start it with --allow-host NAME",
            text.chars().take(100).collect::<String>()
        ),
        reasons: Vec::new(),
        bad_move: None,
    })
}

/// Whether `host` (a Host header: name or address, with an optional port) is one the
/// server answers to.
pub(crate) fn host_allowed(host: &str, allowed: &[String]) -> bool {
    let host = host.trim();
    let name = if let Some(rest) = host.strip_prefix('[') {
        // An IPv6 literal, `[::1]:8080`.
        return rest
            .split_once(']')
            .is_some_and(|(ip, port)| ip.parse::<IpAddr>().is_ok() && valid_port(port));
    } else {
        match host.rsplit_once(':') {
            Some((name, port)) if valid_port(&format!(":{port}")) => name,
            Some(_) => return false,
            None => host,
        }
    };
    let name = name.strip_suffix('.').unwrap_or(name);
    !name.is_empty()
        && (name.parse::<IpAddr>().is_ok()
            || name.eq_ignore_ascii_case("localhost")
            || allowed.iter().any(|a| a.eq_ignore_ascii_case(name)))
}

fn valid_port(port: &str) -> bool {
    port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|p| !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// 403 for a request that changes or computes something (not GET/HEAD) sent by a page of
/// another origin than the server's (the `Origin` header names another host and port).
fn check_origin(method: &Method, headers: &axum::http::HeaderMap) -> Result<(), ApiError> {
    if matches!(*method, Method::GET | Method::HEAD) {
        return Ok(());
    }
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin.to_str().unwrap_or_default().trim();
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default()
        .trim();
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
        .unwrap_or_default();
    if !authority.is_empty() && authority.eq_ignore_ascii_case(host) {
        return Ok(());
    }
    Err(ApiError {
        status: StatusCode::FORBIDDEN,
        message: format!(
            "{method} from the page of another origin ({:?}) is refused: the server answers its own page and programs",
            origin.chars().take(100).collect::<String>()
        ),
        reasons: Vec::new(),
        bad_move: None,
    })
}

/// Takes `budget_ms` out of the query of `uri` (the handlers do not see it): the budget
/// asked for, in milliseconds.
fn take_budget(uri: &mut Uri) -> Result<Option<u64>, String> {
    let Some(query) = uri.query() else {
        return Ok(None);
    };
    let mut asked = None;
    let mut rest = Vec::new();
    for pair in query.split('&') {
        match pair.split_once('=') {
            Some(("budget_ms", v)) => {
                let ms = v.parse::<u64>().ok().filter(|&ms| ms > 0).ok_or_else(|| {
                    format!("budget_ms: {v:?} (a positive number of milliseconds)")
                })?;
                asked = Some(ms);
            }
            _ => rest.push(pair),
        }
    }
    if asked.is_none() {
        return Ok(None);
    }
    let path = uri.path();
    let rebuilt = if rest.is_empty() {
        path.to_owned()
    } else {
        format!("{path}?{}", rest.join("&"))
    };
    let mut parts = uri.clone().into_parts();
    parts.path_and_query = Some(rebuilt.parse().map_err(|e| format!("{e}"))?);
    *uri = Uri::from_parts(parts).map_err(|e| format!("{e}"))?;
    Ok(asked)
}

/// A request body received within a deadline, its bytes counted against the upload budget.
struct Guarded {
    inner: Body,
    /// Until when the body may take; the timer is made the first time the body is
    /// waited for (most bodies come with their headers).
    deadline: tokio::time::Instant,
    timer: Option<Pin<Box<tokio::time::Sleep>>>,
    uploads: Arc<Semaphore>,
    held: Arc<Mutex<Option<OwnedSemaphorePermit>>>,
    /// Bytes received so far.
    received: usize,
    watch: Arc<AtomicU8>,
}

impl http_body::Body for Guarded {
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = &mut *self;
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref() {
                    let before = this.received;
                    this.received = before.saturating_add(data.len());
                    if this.received > UNCOUNTED {
                        // Past the first bytes: all of them the first time, then each frame.
                        let new = if before > UNCOUNTED {
                            data.len()
                        } else {
                            this.received
                        };
                        let n = u32::try_from(new).unwrap_or(u32::MAX);
                        match Arc::clone(&this.uploads).try_acquire_many_owned(n) {
                            Ok(p) => {
                                let mut held = this.held.lock().unwrap_or_else(|e| e.into_inner());
                                match held.as_mut() {
                                    Some(h) => h.merge(p),
                                    None => *held = Some(p),
                                }
                            }
                            Err(_) => {
                                this.watch.store(BODY_BUDGET, Ordering::Relaxed);
                                return Poll::Ready(Some(Err("the upload budget is spent".into())));
                            }
                        }
                    }
                }
                Poll::Ready(Some(Ok(frame)))
            }
            Poll::Pending => {
                let deadline = this.deadline;
                let timer = this
                    .timer
                    .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
                if timer.as_mut().poll(cx).is_ready() {
                    this.watch.store(BODY_TIMEOUT, Ordering::Relaxed);
                    return Poll::Ready(Some(Err("the request body timed out".into())));
                }
                Poll::Pending
            }
            Poll::Ready(Some(Err(e))) => Poll::Ready(Some(Err(e.into()))),
            Poll::Ready(None) => Poll::Ready(None),
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_answered() {
        let none: [String; 0] = [];
        for ok in [
            "127.0.0.1:8080",
            "localhost",
            "LOCALHOST:80",
            "192.168.1.20:8080",
            "[::1]:8080",
            "[fe80::1]",
            "10.0.0.1",
        ] {
            assert!(host_allowed(ok, &none), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "evil.example",
            "localhost.evil.example",
            "127.0.0.1.nip.io",
            "",
            "[::1",
            "localhost:80x",
        ] {
            assert!(!host_allowed(bad, &none), "{bad}");
        }
        let allowed = ["qili.local".to_owned()];
        assert!(host_allowed("QILI.local:8080", &allowed));
    }

    #[test]
    fn budget_is_taken_out_of_the_query() {
        let mut uri: Uri = "/judge?format=html&budget_ms=500".parse().unwrap();
        assert_eq!(take_budget(&mut uri), Ok(Some(500)));
        assert_eq!(uri.to_string(), "/judge?format=html");
        let mut uri: Uri = "/label?budget_ms=5".parse().unwrap();
        assert_eq!(take_budget(&mut uri), Ok(Some(5)));
        assert_eq!(uri.to_string(), "/label");
        let mut uri: Uri = "/label?budget_ms=x".parse().unwrap();
        assert!(take_budget(&mut uri).is_err());
        let mut uri: Uri = "/audit?name=a.pgn".parse().unwrap();
        assert_eq!(take_budget(&mut uri), Ok(None));
        assert_eq!(uri.to_string(), "/audit?name=a.pgn");
    }
}
