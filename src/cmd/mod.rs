//! One module per subcommand: its clap arguments and its `run`.

pub mod label;
pub mod perft;
