//! One module per subcommand: its clap arguments and its `run`.

pub mod audit;
pub mod convert;
pub mod judge;
pub mod label;
pub mod moves;
pub mod perft;
pub mod serve;
pub mod shared;
