//! Repetition analysis for **qili**: position graph, move labels, verdicts and explanations.
#![deny(missing_docs)]

pub mod audit;
pub mod html;
pub mod label;
pub mod rules;

pub use label::{label_move, Chase, CycleContext, Label, MoveLabels, Root};
pub use rules::{OpenChoices, RuleSet, Settings};
