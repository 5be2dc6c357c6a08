//! `qili`: the command-line interface. Thin: clap arguments → a library call → output.
//!
//! Exit codes: 0 success; 1 the command found what it looks for (an audit's
//! disagreements); 2 usage, input or I/O errors. A closed output pipe ends quietly with 0.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cmd;

/// The analysis makes and drops many small vectors (move lists, evidence, output strings);
/// with glibc's allocator, allocation took about a sixth of the judging time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// qili (棋例): adjudicate Xiangqi repetition cases.
#[derive(Parser)]
#[command(name = "qili", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Label every move of a line: check, mate threat, chase, exchange, offer, block, follow, idle.
    Label(cmd::label::Args),
    /// Count the leaf nodes of the legal move tree (move generator check).
    Perft(cmd::perft::Args),
    /// Convert game records (PGN, XQF, CBR/CBL, CBF, DhtmlXQ, text) to PGN or JSON Lines.
    Convert(cmd::convert::Args),
    /// Rule on the repetition cycles of a line of play (and the natural move limit).
    Judge(cmd::judge::Args),
    /// Before the move: which moves would complete a repetition, and what each would bring
    /// (nothing yet, a draw, must change, a loss); `--format ucci` prints `banmoves`.
    Moves(cmd::moves::Args),
    /// Audit game collections: rule every repetition and compare with the recorded results.
    Audit(cmd::audit::Args),
    /// Serve the arbiter's page and the JSON API over HTTP (loopback by default).
    ///
    /// The rule settings given here are the defaults of every request; a request may choose
    /// its own.
    Serve(cmd::serve::Args),
}

/// An error that ends a command: its message and exit code.
pub struct Failure {
    /// What to print on stderr.
    pub message: String,
    /// The exit code.
    pub code: u8,
    /// The output pipe was closed by the reader (e.g. `| head`): not an error.
    pub broken_pipe: bool,
}

impl Failure {
    /// A usage or input error (exit code 2).
    pub fn input(message: impl std::fmt::Display) -> Failure {
        Failure {
            message: message.to_string(),
            code: 2,
            broken_pipe: false,
        }
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure {
            message: format!("I/O error: {e}"),
            code: 2,
            broken_pipe: e.kind() == io::ErrorKind::BrokenPipe,
        }
    }
}

/// Bytes of standard output buffered between writes.
const OUT_BUFFER: usize = 256 * 1024;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    // Room for some hundred answers of `judge --cases` per write: with the default 8 KiB,
    // a write to a file every five answers took 4-5% of a batch's CPU time (measured).
    let mut out = io::BufWriter::with_capacity(OUT_BUFFER, stdout.lock());
    let result = match cli.command {
        Command::Label(args) => cmd::label::run(args, &mut out),
        Command::Perft(args) => cmd::perft::run(args, &mut out),
        Command::Convert(args) => cmd::convert::run(args, &mut out),
        Command::Judge(args) => cmd::judge::run(args, &mut out),
        Command::Moves(args) => cmd::moves::run(args, &mut out),
        Command::Audit(args) => cmd::audit::run(args, &mut out),
        Command::Serve(args) => cmd::serve::run(args, &mut out),
    };
    let result = result.and_then(|code| out.flush().map(|_| code).map_err(Failure::from));
    match result {
        Ok(code) => ExitCode::from(code),
        Err(f) if f.broken_pipe => ExitCode::SUCCESS,
        Err(f) => {
            let _ = writeln!(io::stderr(), "qili: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}
