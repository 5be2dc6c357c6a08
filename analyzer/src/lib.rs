//! Repetition analysis for **qili** (棋例), the Xiangqi repetition-rule analyzer: the
//! position graph of a line, each move's labels with their evidence (将 check, 杀 mate
//! threat, 捉 chase with protection analysis, 兑 献 拦 跟 闲), each side's conduct over a
//! cycle, the verdict under the CXA or AXF rules with its articles, and explanations in
//! Chinese and English.
//!
//! The three things an embedder does — judge a line, push moves one at a time, and read a
//! record — look like this (the moves in any notation [`qili_notation::parse_move`] reads):
//!
//! ```
//! use qili_analyzer::{explain::Lang, input, judge, Incremental, Outcome, Settings, Status};
//!
//! // 1. Judge a line: Red's chariot chases the horse round and round (CXA 26.4).
//! let fen = "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1";
//! let moves = "1. 车一平三 马7进9 2. 车三平一 马9退7 3. 车一平三 马7进9 4. 车三平一 马9退7";
//! let game = input::from_fen_and_moves(fen, moves)?;
//! let j = judge(&game.start, &game.moves, &Settings::default());
//! assert_eq!(j.ruling.status, Status::MustChange);
//! assert!(j.ruling.articles.iter().any(|a| a.to_string() == "CXA1999 26.4"));
//!
//! // 2. Push moves one at a time (an engine or a server): the same ruling after each ply.
//! let mut inc = Incremental::new(game.start.clone(), Settings::default());
//! for mv in &game.moves {
//!     inc.push(*mv)?;
//! }
//! assert_eq!(inc.ruling(), &j.ruling);
//!
//! // 3. Read a record (PGN, XQF, CBR/CBL, CBF, DhtmlXQ, WinBoard … from bytes or a file).
//! let pgn = "[Event \"x\"]\n[FEN \"4k4/8R/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n\
//!            1. Ri9+ Ke8 2. Ri8+ Ke9 3. Ri9+ Ke8 4. Ri8+ Ke9 0-1\n";
//! let read = qili_notation::record::read_bytes(pgn.as_bytes(), "game.pgn")?;
//! let game = &read[0].game;
//! let start = qili_notation::Position::try_from(game.setup.clone())?;
//! let moves: Vec<_> = game.mainline().copied().collect();
//! let j = judge(&start, &moves, &Settings::default());
//! assert_eq!(j.ruling.result, Outcome::BlackWins); // perpetual check loses (CXA 24.1)
//!
//! // A line that cannot be read says why, in the arbiter's language.
//! let e = input::from_fen_and_moves(fen, "车一平三 马7近9").unwrap_err();
//! assert!(e.text(Lang::Zh).contains("看不懂着法“马7近9”"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod agreement;
#[cfg(feature = "report")]
pub mod audit;
pub mod conduct;
mod consequence;
pub mod explain;
pub mod graph;
#[cfg(feature = "report")]
pub mod html;
pub mod incremental;
pub mod input;
pub mod judge;
pub mod label;
pub mod lines;
pub mod material;
pub mod natural;
pub mod outlook;
pub mod protection;
#[cfg(feature = "report")]
pub mod report;
pub mod rules;
pub mod settings;
pub mod stop;
pub mod terms;
pub mod verdict;

pub use conduct::{Conduct, ConductKind};
pub use graph::{Line, PositionGraph};
pub use incremental::Incremental;
pub use judge::{judge, judge_lines, judge_verdict, judge_with, Judgement, Ruling};
pub use label::{
    label_line, label_move, label_move_after, label_move_with, Chase, ChaseNote, CycleContext,
    Label, MoveLabels, Root,
};
pub use rules::{OpenChoices, RuleSet, Settings};
pub use verdict::{Article, Outcome, Status, Verdict};
