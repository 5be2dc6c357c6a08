//! The comparison of a ruling with a record: what a record says the result was
//! ([`RecordedResult`]), what the ruling in force decides for it ([`Ruled`], [`Decision`]), what
//! an audit finds when the two differ ([`Finding`], [`compare_judgement`]) with its words
//! (`finding_text`), and whether an explanation says the record agrees ([`Agreement`]).
//!
//! The audit (`audit`) and the explanations (`explain`) both read it; it reads only the
//! judgement and the vocabulary (`terms`), so neither of them imports the other for it.
//!
//! ```
//! use qili_analyzer::{compare_judgement, Agreement, Finding, RecordedResult};
//! use qili_analyzer::{from_fen_and_moves, judge, RuleSet, Settings};
//!
//! // Red checks perpetually; under the 1999 text the checker loses at once (24.1), so a
//! // record that says draw disagrees with the ruling.
//! let game = from_fen_and_moves(
//!     "4k4/8R/9/9/9/9/9/9/9/3K5 w - - 0 1",
//!     "i8i9 e9e8 i9i8 e8e9 i8i9 e9e8 i9i8 e8e9",
//! )?;
//! let settings = Settings { rules: RuleSet::Cxa1999, ..Settings::default() };
//! let j = judge(&game.start, &game.moves, &settings);
//! let draw = RecordedResult::parse("和棋");
//! assert_eq!(draw, Some(RecordedResult::Draw));
//! let findings = compare_judgement(&j, draw);
//! assert!(findings.iter().any(|f| matches!(f, Finding::DrawShouldBeLoss { .. })));
//! assert!(matches!(Agreement::of(&j, Some("1/2-1/2")), Agreement::Disagrees(..)));
//! // Under the current edition Red must change (图6): not a disagreement.
//! let j = judge(&game.start, &game.moves, &Settings::default());
//! assert!(matches!(Agreement::of(&j, Some("1/2-1/2")), Agreement::Consistent(..)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod finding;
mod result;
mod words;

use crate::judge::Judgement;
use crate::verdict::Status;

pub(crate) use finding::outcome_name;
#[cfg(feature = "report")]
pub(crate) use finding::{compare, compare_adjudication, decision, earlier_loss};
pub use finding::{compare_judgement, Expected, Finding, RecordOutcome};
#[cfg(feature = "report")]
pub use finding::{Decision, Ruled};
pub use result::RecordedResult;
pub(crate) use words::finding_text;
#[cfg(feature = "report")]
pub(crate) use words::{ruling_kind_text, FindingWord};

/// Whether the recorded result agrees with the ruling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Agreement {
    /// The record states no result.
    NotRecorded,
    /// No ruling is in force: the repetition rules do not decide the game.
    NoRuling(String),
    /// The ruling is final and the record has the same result.
    Agrees(String),
    /// The ruling does not contradict the record (a side must change, a draw ruling over
    /// a record that ends elsewhere, …).
    Consistent(String),
    /// The audit would report a disagreement.
    Disagrees(String, Finding),
    /// The ruling came in force and the players played on (noted, not a disagreement), or
    /// the record ends in a cycle ruled a draw but records a win.
    Noted(String, Finding),
}

impl Agreement {
    /// Compares `j` with the recorded result text (`None`: nothing recorded).
    pub fn of(j: &Judgement, recorded: Option<&str>) -> Agreement {
        let Some(text) = recorded else {
            return Agreement::NotRecorded;
        };
        let Some(result) = RecordedResult::parse(text) else {
            return Agreement::NotRecorded;
        };
        let text = result.pgn().to_owned();
        let findings = compare_judgement(j, Some(result));
        if let Some(f) = findings.iter().find(|f| f.is_disagreement()) {
            return Agreement::Disagrees(text, *f);
        }
        if let Some(f) = findings
            .iter()
            .find(|f| !matches!(f, Finding::NaturalLimit { .. }))
        {
            return Agreement::Noted(text, *f);
        }
        if j.ruling.status == Status::None {
            return Agreement::NoRuling(text);
        }
        let same = match j.ruling.result {
            crate::verdict::Outcome::RedWins => result == RecordedResult::RedWins,
            crate::verdict::Outcome::BlackWins => result == RecordedResult::BlackWins,
            crate::verdict::Outcome::Draw => result == RecordedResult::Draw,
            crate::verdict::Outcome::None => false,
        };
        if j.ruling.status == Status::Final && same {
            Agreement::Agrees(text)
        } else {
            Agreement::Consistent(text)
        }
    }
}
