//! Repetition analysis for **qili** (棋例), the Xiangqi repetition-rule analyzer: the
//! position graph of a line, each move's labels with their evidence (将 check, 杀 mate
//! threat, 捉 chase with protection analysis, 兑 献 拦 跟 闲), each side's conduct over a
//! cycle, the verdict under the CXA or AXF rules with its articles, and explanations in
//! Chinese and English.
//!
//! The crate is in two layers (docs/design.md, "Layers"): the **core** that rules — judging,
//! the incremental judge, labels, rule books, explanations, reading a line — and the
//! **reporting** on top, under the cargo feature `report` (on by default): one judgement
//! rendered as text, JSON or HTML, a batch of cases, the label and move reports, the audit
//! of files and folders ([`audit`]) and the HTML pages ([`html`]). An engine that only needs
//! rulings takes the core alone: `qili-analyzer = { default-features = false }`.
//!
//! Every item is at the root, in the groups below; a few namespaces stay where a flat name
//! would be unclear: [`explain`] (its `Options`, `Size`, the `zh`/`en` texts), [`terms`]
//! (the vocabulary tables: `terms::label`, `terms::side` …), [`stop`] (`stop::tick`,
//! `stop::within`: cancellation), [`cxa`] and [`axf`] (the rule books' editions), and, with
//! `report`, [`audit`] (`audit::find`, `audit::rule`, `audit::json` …) and [`html`] (the
//! pages' parts).
//!
//! - **Judging**: [`judge`], [`judge_with`], [`judge_verdict`], [`judge_lines`] →
//!   [`Judgement`] ([`Ruling`], [`CycleJudgement`], [`Verdict`], [`Article`], [`Outcome`],
//!   [`Status`], [`Conduct`]); [`judge_ruling`] → [`LineRuling`] (the ruling alone, with
//!   less work); [`PositionGraph`]; [`LineJudge`] for many lines.
//! - **Incremental**: [`Incremental`] (moves pushed one at a time); [`outlook`] (what each
//!   legal move would bring: [`Outlook`], [`Consequence`]).
//! - **Labels**: [`label_line`], [`label_move`], [`label_move_after`], [`label_move_with`]
//!   → [`MoveLabels`] ([`Label`], [`Chase`], [`Evidence`], [`Dismissed`]); [`Labeller`]
//!   (labels remembered across cycles).
//! - **Rule books**: [`Settings`], [`RuleSet`], [`OpenChoices`], [`ChasePolicy`],
//!   [`EditionRef`], [`cxa`], [`axf`].
//! - **Explanations**: [`explain_with`] (and [`explain::explain`]), in a [`Lang`]; [`compare_judgement`]
//!   and [`Agreement`] (a ruling against what a record says).
//! - **Reading**: [`from_fen_and_moves`], [`read_fen_and_moves`], [`read_move_list`],
//!   [`read_file`], [`from_text`] → [`GameInput`], or an [`InputError`] that says why in
//!   the arbiter's language.
//! - **Reporting** (`report`): `render` (`RenderFormat`: text, JSON, HTML), `json_line`,
//!   `judge_cases` (a batch of cases), `LabelReport`, `moves_json`, [`audit`], [`html`].
//!
//! The three things an embedder does — judge a line, push moves one at a time, and read a
//! record — look like this (the moves in any notation [`qili_notation::parse_move`] reads):
//!
//! ```
//! use qili_analyzer::{from_fen_and_moves, judge, Incremental, Lang, Outcome, Settings, Status};
//!
//! // 1. Judge a line: Red's chariot chases the horse round and round (CXA 26.4).
//! let fen = "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1";
//! let moves = "1. 车一平三 马7进9 2. 车三平一 马9退7 3. 车一平三 马7进9 4. 车三平一 马9退7";
//! let game = from_fen_and_moves(fen, moves)?;
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
//! let e = from_fen_and_moves(fen, "车一平三 马7近9").unwrap_err();
//! assert!(e.text(Lang::Zh).contains("看不懂着法“马7近9”"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! With `report`, a judgement is rendered — as the CLI's `qili judge` and the server do — as
//! text, JSON (docs/judge-json.md) or an HTML page, and a file or a folder of records is
//! audited: every game replayed, ruled, and compared with the result it records.
//!
//! ```
//! # #[cfg(feature = "report")] {
//! use qili_analyzer::audit::{audit_files, AuditConfig};
//! use qili_analyzer::{from_fen_and_moves, judge, render, RenderFormat, RenderOptions};
//! use qili_analyzer::{Lang, RuleSet, Settings};
//!
//! let game = from_fen_and_moves(
//!     "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1",
//!     "1. 车一平三 马7进9 2. 车三平一 马9退7 3. 车一平三 马7进9 4. 车三平一 马9退7",
//! )?;
//! let j = judge(&game.start, &game.moves, &Settings::default());
//! let json = render(&j, &RenderOptions::new(RenderFormat::Json));
//! assert!(json.contains("\"status\": \"must_change\""));
//! let page = render(&j, &RenderOptions::new(RenderFormat::Html));
//! assert!(page.starts_with("<!DOCTYPE html>"));
//! let text = render(&j, &RenderOptions::new(RenderFormat::Text).lang(Lang::En));
//! assert!(text.contains("26.4"));
//!
//! // Audit a record file: Red checks perpetually and the record says draw; under the 1999
//! // text the checker loses (24.1), so the game disagrees with its record.
//! let dir = std::env::temp_dir().join(format!("qili-doc-audit-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! let file = dir.join("draw.pgn");
//! std::fs::write(
//!     &file,
//!     "[Event \"x\"]\n[FEN \"4k4/8R/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n[Result \"1/2-1/2\"]\n\
//!      1. Ri9+ Ke8 2. Ri8+ Ke9 3. Ri9+ Ke8 4. Ri8+ Ke9 1/2-1/2\n",
//! )?;
//! let config = AuditConfig {
//!     settings: Settings { rules: RuleSet::Cxa1999, ..Settings::default() },
//!     ..AuditConfig::default()
//! };
//! let mut disagreeing = 0;
//! let summary = audit_files(&[file], &config, |games| {
//!     disagreeing += games.iter().filter(|g| g.disagrees()).count();
//! })?;
//! assert_eq!((summary.games_read, disagreeing), (1, 1));
//! std::fs::remove_dir_all(&dir)?;
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]
// Every type the API reaches can be named from the root.
#![deny(unnameable_types)]

mod agreement;
#[cfg(feature = "report")]
pub mod audit;
mod conduct;
mod consequence;
pub mod explain;
mod graph;
#[cfg(feature = "report")]
pub mod html;
mod incremental;
mod input;
mod judge;
mod label;
mod lines;
mod material;
mod natural;
mod outlook;
mod protection;
#[cfg(feature = "report")]
mod report;
mod rules;
mod ruling;
mod settings;
pub mod stop;
pub mod terms;
mod verdict;

// Judging: a line, its cycles, each side's conduct and the verdict with its articles.
pub use conduct::{ChaseRef, Conduct, ConductKind, CycleMove, PieceRef};
pub use graph::{IllegalMoveAt, Line, PositionGraph, Region, RegionSize, Run, Walk};
pub use judge::{
    judge, judge_lines, judge_verdict, judge_with, CycleJudgement, Judgement, PlyLabels, Ruling,
    RulingSource,
};
pub use lines::{LineError, LineJudge};
pub use material::{Balance, Material};
pub use natural::{Claim, NaturalLimit};
pub use ruling::{judge_ruling, LineRuling};
pub use verdict::{
    Article, OpenNote, Outcome, Reason, SideEvidence, Status, Verdict, VerdictInput,
};

// Incremental: moves pushed one at a time, and what each legal move would bring.
pub use incremental::Incremental;
pub use outlook::{
    outlook, Consequence, Effect, MoveOutlook, Outlook, OutlookOptions, Repetition, Warning,
};

// Labels: each move's labels with their evidence.
pub use label::{
    label_line, label_move, label_move_after, label_move_with, Chase, ChaseForm, ChaseNote,
    CycleContext, DismissReason, Dismissed, Evidence, Label, Labeller, MateSearch, MoveLabels,
    NotWonBefore, Root, Scope,
};
pub use protection::{Protector, ProtectorStatus};

// Rule books: the rule set, its open choices, the editions.
pub use rules::{
    axf, cxa, ChasePolicy, EditionRef, OpenChoices, Reading, RuleBook, RuleSet, Settings,
};
pub use settings::{Names, OpenChoice, ParseArticleError, ParseRuleSetError};

// Explanations: the ruling in words (more in [`explain`]).
pub use explain::{explain_with, GameInfo};
pub use terms::Lang;

// Reading: the line to judge, from text or a file.
pub use input::{
    from_fen_and_moves, from_file, from_text, read_fen_and_moves, read_file, read_move_list,
    read_move_list_keeping, GameInput, InputError, InputWarning, ReadBefore, ReadOptions,
    UcciLineError, MAX_PLIES,
};

// Agreement: a ruling compared with what a record says.
pub use agreement::{
    compare_judgement, Agreement, Expected, Finding, RecordOutcome, RecordedResult,
};

// Reporting (the `report` feature): one judgement rendered, a batch of cases, the label and
// move reports (collections: [`audit`]; pages: [`html`]).
#[cfg(feature = "report")]
pub use report::batch::{
    answer_case, answer_error, answer_line, judge_cases, judge_cases_timed, BatchOptions,
    BatchSummary, Case, Detail,
};
#[cfg(feature = "report")]
pub use report::label::{
    write_json as write_labels_json, write_text as write_labels_text, ChaseReport, DismissedReport,
    EvidenceReport, LabelReport, MoveReport, ProtectorReport, LABEL_SCHEMA_VERSION,
};
#[cfg(feature = "report")]
pub use report::moves::{moves_json, moves_text, SCHEMA_VERSION as MOVES_SCHEMA_VERSION};
#[cfg(feature = "report")]
pub use report::render::{
    json_line, render, write_case_answer, ParseRenderFormatError, RenderFormat, RenderOptions,
    SCHEMA_VERSION as JUDGE_SCHEMA_VERSION, VERDICT_SCHEMA_VERSION,
};
