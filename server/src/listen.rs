//! The accept loop: connections capped in total and per client address, each served by
//! hyper with a time limit on reading the request headers; an accept error (out of file
//! descriptors, say) is logged and the loop goes on after a pause, never ends the server.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};

use crate::limits::Limits;

/// How long the loop pauses after an accept error (the error usually lasts: out of file
/// descriptors until some connection closes).
const ACCEPT_PAUSE: Duration = Duration::from_millis(100);
/// Most bytes hyper buffers per connection (its default is about 400 KB): the headers of a
/// request must fit in it.
const READ_BUFFER: usize = 64 << 10;
/// Accept errors and refused connections are logged at most once per this interval.
const LOG_EVERY: Duration = Duration::from_secs(5);

/// Open connections per client address.
#[derive(Default)]
struct PerClient(Mutex<HashMap<IpAddr, usize>>);

impl PerClient {
    /// Counts one more connection from `ip`, unless it has `cap` already.
    fn enter(self: &Arc<Self>, ip: IpAddr, cap: usize) -> Option<ClientSlot> {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let n = map.entry(ip).or_insert(0);
        if *n >= cap {
            return None;
        }
        *n += 1;
        Some(ClientSlot {
            ip,
            clients: Arc::clone(self),
        })
    }
}

/// One connection of a client, counted until dropped.
struct ClientSlot {
    ip: IpAddr,
    clients: Arc<PerClient>,
}

impl Drop for ClientSlot {
    fn drop(&mut self) {
        let mut map = self.clients.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = map.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.ip);
            }
        }
    }
}

/// Logs a line on standard error, at most once per [`LOG_EVERY`] for each kind.
struct Throttled {
    last: Option<Instant>,
    missed: u64,
}

impl Throttled {
    fn new() -> Throttled {
        Throttled {
            last: None,
            missed: 0,
        }
    }

    fn log(&mut self, line: impl FnOnce() -> String) {
        let now = Instant::now();
        if self.last.is_some_and(|t| now.duration_since(t) < LOG_EVERY) {
            self.missed += 1;
            return;
        }
        let more = if self.missed > 0 {
            format!(" (and {} more like it)", self.missed)
        } else {
            String::new()
        };
        eprintln!("qili serve: {}{more}", line());
        self.last = Some(now);
        self.missed = 0;
    }
}

/// Serves `app` on `listener` within `limits` until `shutdown` completes, then lets the
/// connections open finish their requests.
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    limits: &Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let cap = limits.connections.clamp(1, u32::MAX as usize);
    let total = Arc::new(Semaphore::new(cap));
    let clients = Arc::new(PerClient::default());
    let per_client = limits.connections_per_client.max(1);
    let header_timeout = limits.header_timeout;
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut accept_log = Throttled::new();
    let mut refuse_log = Throttled::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            () = &mut shutdown => break,
        };
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(e) => {
                accept_log.log(|| format!("cannot accept a connection: {e}; going on"));
                tokio::time::sleep(ACCEPT_PAUSE).await;
                continue;
            }
        };
        let Ok(permit) = Arc::clone(&total).try_acquire_owned() else {
            refuse_log.log(|| {
                format!(
                    "{} connections open (the limit): closing a new one from {peer}",
                    limits.connections
                )
            });
            drop(stream);
            continue;
        };
        let Some(client) = clients.enter(peer.ip(), per_client) else {
            refuse_log.log(|| {
                format!(
                    "{per_client} connections open from {} (the limit per client): closing a new one",
                    peer.ip()
                )
            });
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        tokio::spawn(connection(
            stream,
            app.clone(),
            header_timeout,
            (permit, client),
            stop_rx.clone(),
        ));
    }
    drop(listener);
    let _ = stop_tx.send(true);
    // Every connection holds a permit until it ends: all of them back means all ended.
    let _ = total
        .acquire_many(u32::try_from(cap).unwrap_or(u32::MAX))
        .await;
    Ok(())
}

/// One connection: HTTP/1.1 with a header read timeout, shut down gracefully on `stop`.
async fn connection(
    stream: tokio::net::TcpStream,
    app: Router,
    header_timeout: Duration,
    held: (OwnedSemaphorePermit, ClientSlot),
    mut stop: watch::Receiver<bool>,
) {
    let service = TowerToHyperService::new(app);
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .max_buf_size(READ_BUFFER)
        .keep_alive(true);
    let conn = builder.serve_connection(TokioIo::new(stream), service);
    let mut conn = std::pin::pin!(conn);
    loop {
        tokio::select! {
            _ = conn.as_mut() => break,
            changed = stop.changed() => {
                if changed.is_err() || *stop.borrow() {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.as_mut().await;
                    break;
                }
            }
        }
    }
    drop(held);
}
