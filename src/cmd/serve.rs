//! `qili serve [--addr 127.0.0.1:8080] [--rules cxa|cxa1999|axf] [--repetitions N] [limits…]`:
//! the arbiter's page and the JSON API over HTTP (docs/http-api.md), until Ctrl-C.

use std::io::Write;
use std::net::SocketAddr;
use std::time::Duration;

use qili_server::{Config, Limits, DEFAULT_ADDR};

use super::shared::RulingArgs;
use crate::Failure;

/// Arguments of `qili serve`.
#[derive(clap::Args)]
pub struct Args {
    /// Address to listen on. The default serves this machine only; `0.0.0.0:8080` serves
    /// the local network too (port 0: any free port, printed at start).
    #[arg(long, default_value = DEFAULT_ADDR)]
    addr: SocketAddr,
    /// `--rules`, `--repetitions`, `--natural-limit`: the defaults of every request (a
    /// request may choose its own).
    #[command(flatten)]
    ruling: RulingArgs,
    /// Most connections open at once (a new one past it is closed at once).
    #[arg(long, default_value_t = 512, value_parser = clap::value_parser!(u32).range(1..))]
    max_connections: u32,
    /// Most connections open at once from one client address.
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u32).range(1..))]
    max_connections_per_client: u32,
    /// Seconds a client has to send a request's headers (the connection is closed past it).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    header_timeout: u64,
    /// Seconds a client has to send a request's body (408 past it).
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600))]
    body_timeout: u64,
    /// Bytes of request bodies received or held at once, all requests together (503 past it).
    #[arg(long, default_value_t = 64 << 20, value_parser = clap::value_parser!(u64).range(1..))]
    upload_budget: u64,
    /// Analyses run at once (default: twice the number of cores).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    max_analyses: Option<u32>,
    /// Milliseconds one request's analysis may take, waiting for a slot included (503
    /// past it); a request may lower it with `?budget_ms=`.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..))]
    budget_ms: u64,
    /// A host name the server answers to besides localhost and IP addresses (e.g. a
    /// `.local` name); repeat for several. Other names get 421.
    #[arg(long = "allow-host", value_name = "NAME")]
    allow_hosts: Vec<String>,
}

/// The limits the flags set.
fn limits(args: &Args) -> Limits {
    let defaults = Limits::default();
    let size = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    Limits {
        connections: args.max_connections as usize,
        connections_per_client: args.max_connections_per_client as usize,
        header_timeout: Duration::from_secs(args.header_timeout),
        body_timeout: Duration::from_secs(args.body_timeout),
        upload_budget: size(args.upload_budget),
        concurrent: args
            .max_analyses
            .map_or(defaults.concurrent, |n| n as usize),
        budget: Duration::from_millis(args.budget_ms),
        allowed_hosts: args.allow_hosts.clone(),
        ..defaults
    }
}

/// Runs the server; prints `listening on http://ADDR` once it accepts connections.
pub fn run(args: Args, out: &mut impl Write) -> Result<u8, Failure> {
    let config = Config {
        settings: args.ruling.settings(),
        limits: limits(&args),
    };
    let rules = args.ruling.rules.rules.as_str().to_uppercase();
    let mut printed = Ok(());
    qili_server::run(args.addr, config, |addr| {
        printed = writeln!(
            out,
            "qili serve: listening on http://{addr} (rules {rules}; Ctrl-C stops)"
        )
        .and_then(|_| out.flush());
    })
    .map_err(|e| Failure::input(e.to_string()))?;
    printed?;
    Ok(0)
}
