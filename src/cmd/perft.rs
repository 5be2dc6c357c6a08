//! `qili perft <startpos|FEN> <depth> [--divide]`.

use std::io::Write;

use qili_notation::{Iccs, Position};

use crate::Failure;

/// Arguments of `qili perft`.
#[derive(clap::Args)]
pub struct Args {
    /// `startpos` or a FEN (quote it).
    position: String,
    /// Plies to search.
    depth: u32,
    /// Print the node count below each legal move first.
    #[arg(long)]
    divide: bool,
}

/// Runs perft; the node count is the last line.
pub fn run(args: Args, out: &mut impl Write) -> Result<u8, Failure> {
    let pos = if args.position == "startpos" {
        Position::startpos()
    } else {
        // A position drawn loosely is counted as drawn, with a warning per misplaced piece.
        let (pos, misplaced) = Position::from_fen_loose(&args.position).map_err(Failure::input)?;
        for m in misplaced {
            eprintln!("qili: warning: {m}");
        }
        pos
    };
    let total = if args.divide {
        let mut total = 0;
        for (m, n) in qili_notation::divide(&pos, args.depth) {
            writeln!(out, "{} {}", Iccs::from_move(&m), n)?;
            total += n;
        }
        total
    } else {
        qili_notation::perft(&pos, args.depth)
    };
    writeln!(out, "{total}")?;
    Ok(0)
}
