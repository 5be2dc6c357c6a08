//! Repetition analysis for **qili**: position graph, move labels, verdicts and explanations.
#![deny(missing_docs)]

pub mod audit;
pub mod conduct;
pub mod explain;
pub mod graph;
pub mod html;
pub mod incremental;
pub mod input;
pub mod judge;
pub mod label;
pub mod labeling;
pub mod lines;
pub mod material;
pub mod natural;
pub mod outlook;
pub mod protection;
pub mod report;
pub mod rules;
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
