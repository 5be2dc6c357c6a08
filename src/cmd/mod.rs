//! One module per subcommand: its clap arguments and its `run`.

pub mod audit;
pub mod perft;
