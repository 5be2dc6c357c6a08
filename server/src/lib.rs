//! The referee's desk: the HTTP server behind `qili serve`.
//!
//! Two faces on one port, both thin layers over `qili_analyzer` (no rule logic, no
//! formatting of its own):
//!
//! - **the arbiter's page** (`GET /`): set up a position (FEN, start position, or pieces
//!   clicked onto points), enter moves by clicking or typing them in any notation, or upload
//!   a record file; the ruling is the library's teaching page (`qili judge --format html`);
//! - **a JSON API** (`POST /judge`, `/label`, `/moves`, `/audit`, `GET /health`, and the page's helpers
//!   `POST /position`, `/records`), documented in `docs/http-api.md` and `docs/openapi.yaml`.
//!
//! Requests share nothing that one of them could change: the state is the read-only
//! [`Config`] and counters (analyses running, bytes of bodies held, connections open);
//! every analysis works on its own data. The analyses run on blocking threads, so a slow
//! one never stalls the others' input and output, each within a work budget and stopped
//! when its client hangs up. Every limit is one field of [`Limits`] (docs/http-api.md,
//! *Limits*).
//!
//! ```no_run
//! use qili_server::{run, Config};
//!
//! run("127.0.0.1:8080".parse()?, Config::default(), |addr| {
//!     println!("listening on http://{addr}");
//! })?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! In-process, e.g. in a test: bind a listener on port 0 and hand it to [`serve`].

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod api;
mod desk;
mod error;
mod guard;
mod limits;
mod listen;
mod moves;

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;

use std::time::Instant;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::Router;
use qili_analyzer::stop::{self, Budget, StopReason};
use qili_analyzer::Settings;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

pub use error::ApiError;
pub use limits::Limits;

/// The default address: loopback only. Give `0.0.0.0:8080` (or the machine's address on the
/// local network) to serve other devices.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";

/// How the server rules and what it accepts.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// The defaults of every request (rule set, repetitions, natural limit …); a request may
    /// override the rule set and the repetitions.
    pub settings: Settings,
    /// Request limits.
    pub limits: Limits,
}

/// What every handler sees: read-only configuration, the analysis slots and the upload
/// budget (bytes of request bodies being received or held).
pub(crate) struct State {
    pub config: Config,
    pub slots: Arc<Semaphore>,
    pub uploads: Arc<Semaphore>,
}

pub(crate) type Shared = Arc<State>;

/// The application: every route of the page and the API.
pub fn router(config: Config) -> Router {
    let limits = config.limits.clone();
    let state: Shared = Arc::new(State {
        slots: Arc::new(Semaphore::new(
            limits.concurrent.clamp(1, Semaphore::MAX_PERMITS),
        )),
        uploads: Arc::new(Semaphore::new(
            limits.upload_budget.clamp(1, Semaphore::MAX_PERMITS),
        )),
        config,
    });
    let json = DefaultBodyLimit::max(limits.json_body);
    let record = DefaultBodyLimit::max(limits.record_body);
    Router::new()
        .route("/", get(desk::index))
        .route("/app.js", get(desk::script))
        .route("/app.css", get(desk::style))
        .route("/openapi.yaml", get(desk::openapi))
        .route("/health", get(api::health))
        .route("/judge", post(api::judge).layer(json))
        .route("/label", post(api::label).layer(json))
        .route("/moves", post(moves::moves).layer(json))
        .route("/position", post(desk::position).layer(json))
        .route("/audit", post(api::audit).layer(record))
        .route("/records", post(desk::records).layer(record))
        .fallback(error::not_found)
        .method_not_allowed_fallback(error::method_not_allowed)
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&state),
            guard::guard,
        ))
        .with_state(state)
}

/// Serves the application on `listener` until `shutdown` completes, within the
/// connection limits of `config` (docs/http-api.md, *Limits*). The runtime must have IO
/// and timers enabled.
pub async fn serve(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let limits = config.limits.clone();
    listen::serve(listener, router(config), &limits, shutdown).await
}

/// Binds `addr`, calls `ready` with the address bound (port 0 picks a free port), and serves
/// until Ctrl-C (SIGINT) or SIGTERM. Starts its own runtime; blocks.
pub fn run(addr: SocketAddr, config: Config, ready: impl FnOnce(SocketAddr)) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = TcpListener::bind(addr)
            .await
            .map_err(|e| io::Error::new(e.kind(), format!("cannot listen on {addr}: {e}")))?;
        ready(listener.local_addr()?);
        serve(listener, config, stop_signal()).await
    })
}

/// Ctrl-C, or SIGTERM on Unix.
async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    {
        let term = async {
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(mut s) => {
                    s.recv().await;
                }
                Err(_) => std::future::pending::<()>().await,
            }
        };
        tokio::select! {
            _ = ctrl_c => {}
            _ = term => {}
        }
    }
    #[cfg(not(unix))]
    ctrl_c.await;
}

/// Runs `work` on a blocking thread once an analysis slot is free, within the request's
/// work budget ([`Limits::budget`], lowered by `?budget_ms=`): waiting for the slot counts,
/// and the analysis is stopped ([`qili_analyzer::stop`]) when the budget is spent or the
/// client hangs up (503). The slot is held until the analysis ends, not the request. A
/// panic of the library becomes a 500 naming the request, not a dead connection.
pub(crate) async fn analyse<T: Send + 'static>(
    state: &Shared,
    what: &'static str,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let request = guard::REQUEST.try_with(Clone::clone).ok();
    let budget_ms = |b: std::time::Duration| b.as_millis();
    let slots = Arc::clone(&state.slots);
    // A free slot at once (no timer); else wait for one within the budget.
    let slot = match (Arc::clone(&slots).try_acquire_owned(), &request) {
        (Ok(slot), _) => Ok(slot),
        (Err(_), Some(r)) => tokio::time::timeout_at(r.deadline.into(), slots.acquire_owned())
            .await
            .map_err(|_| {
                ApiError {
                    status: StatusCode::SERVICE_UNAVAILABLE,
                    message: format!(
                        "{what}: every analysis slot stayed busy for the request's budget of {} ms; try again later",
                        budget_ms(r.budget)
                    ),
                    reasons: Vec::new(),
                    bad_move: None,
                }
            })?,
        (Err(_), None) => slots.acquire_owned().await,
    }
    .map_err(|_| ApiError::internal(format!("{what}: the server is shutting down")))?;
    let (budget, spent) = match &request {
        Some(r) => (
            Budget::new()
                .with_flag(r.flag.clone())
                .with_time(r.deadline.saturating_duration_since(Instant::now())),
            r.budget,
        ),
        None => (Budget::new(), state.config.limits.budget),
    };
    let answer = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        stop::within(&budget, work)
    })
    .await
    .map_err(|_| {
        ApiError::internal(format!(
            "{what}: the analysis failed on this input (a defect of qili; please report it)"
        ))
    })?;
    answer.map_err(|stopped| {
        let why = match stopped.reason {
            StopReason::Cancelled => "the request was cancelled".to_owned(),
            StopReason::Time | StopReason::Nodes => format!(
                "it passed the request's budget of {} ms (the server allows {} ms at most, --budget-ms; a request may lower it with ?budget_ms=)",
                budget_ms(spent),
                budget_ms(state.config.limits.budget)
            ),
        };
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: format!("{what}: the analysis was stopped after {} ms: {why}", stopped.after.as_millis()),
            reasons: Vec::new(),
            bad_move: None,
        }
    })
}
