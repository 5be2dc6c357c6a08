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
//! [`Config`] and a semaphore bounding the analyses run at once; every analysis works on its
//! own data. The analyses run on blocking threads, so a slow one never stalls the others'
//! input and output.
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
mod moves;

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use qili_analyzer::Settings;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

pub use error::ApiError;

/// The default address: loopback only. Give `0.0.0.0:8080` (or the machine's address on the
/// local network) to serve other devices.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";

/// Request limits (documented in docs/http-api.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Largest JSON body (`/judge`, `/label`, `/position`), bytes.
    pub json_body: usize,
    /// Largest record file (`/audit`, `/records`), bytes.
    pub record_body: usize,
    /// Most plies `/label` labels in one request (every ply is labelled, with a mate search).
    pub label_plies: usize,
    /// Largest `mate_depth` a `/label` request may ask for.
    pub mate_depth: u32,
    /// Analyses run at once; further requests wait their turn.
    pub concurrent: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            json_body: 1 << 20,
            record_body: 16 << 20,
            label_plies: 1000,
            mate_depth: 8,
            concurrent: std::thread::available_parallelism().map_or(2, |n| n.get() * 2),
        }
    }
}

/// How the server rules and what it accepts.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// The defaults of every request (rule set, repetitions, natural limit …); a request may
    /// override the rule set and the repetitions.
    pub settings: Settings,
    /// Request limits.
    pub limits: Limits,
}

/// What every handler sees: read-only configuration and the analysis slots.
pub(crate) struct State {
    pub config: Config,
    pub slots: Semaphore,
}

pub(crate) type Shared = Arc<State>;

/// The application: every route of the page and the API.
pub fn router(config: Config) -> Router {
    let limits = config.limits;
    let state: Shared = Arc::new(State {
        slots: Semaphore::new(limits.concurrent.max(1)),
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
        .with_state(state)
}

/// Serves the application on `listener` until `shutdown` completes.
pub async fn serve(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    axum::serve(listener, router(config))
        .with_graceful_shutdown(shutdown)
        .await
}

/// Binds `addr`, calls `ready` with the address bound (port 0 picks a free port), and serves
/// until Ctrl-C (SIGINT) or SIGTERM. Starts its own runtime; blocks.
pub fn run(addr: SocketAddr, config: Config, ready: impl FnOnce(SocketAddr)) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_io()
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

/// Runs `work` on a blocking thread once an analysis slot is free. A panic of the library
/// becomes a 500 naming the request, not a dead connection.
pub(crate) async fn analyse<T: Send + 'static>(
    state: &Shared,
    what: &'static str,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let _slot = state
        .slots
        .acquire()
        .await
        .map_err(|_| ApiError::internal(format!("{what}: the server is shutting down")))?;
    tokio::task::spawn_blocking(work).await.map_err(|_| {
        ApiError::internal(format!(
            "{what}: the analysis failed on this input (a defect of qili; please report it)"
        ))
    })
}
