//! `qili serve [--addr 127.0.0.1:8080] [--rules cxa|cxa1999|axf] [--repetitions N]`: the arbiter's
//! page and the JSON API over HTTP (docs/http-api.md), until Ctrl-C.

use std::io::Write;
use std::net::SocketAddr;

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
}

/// Runs the server; prints `listening on http://ADDR` once it accepts connections.
pub fn run(args: Args, out: &mut impl Write) -> Result<u8, Failure> {
    let config = Config {
        settings: args.ruling.settings(),
        limits: Limits::default(),
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
