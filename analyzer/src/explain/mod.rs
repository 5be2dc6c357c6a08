//! Explanations of a [`Judgement`] (docs/rules.md), in Chinese ([`zh`]) and English ([`en`]):
//! the repeated position, the cycle plies, each side's moves with labels and evidence, the
//! conduct, the verdict, the articles, and where an *(open)* default decided.

use qili_notation::{write_move, Iccs, Move, Notation, Position};

use crate::judge::Judgement;

mod articles;
mod board;
mod compose;
pub mod en;
pub(crate) mod message;
pub mod zh;

pub use crate::agreement::Agreement;
pub use crate::terms::{move_number_from, ply_place, ply_span, Lang};
pub use articles::article_title;
pub use board::board_text;
#[cfg(feature = "report")]
pub(crate) use compose::after_ply;
pub use compose::move_number;

/// How much an explanation says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Size {
    /// What an arbiter announces: the game, the ruling and its basis (the repeated
    /// position, the cycle's moves, each side's conduct, the verdict, the articles once).
    #[default]
    Default,
    /// The default, plus the per-move evidence (attackers, targets, protectors, lines,
    /// dismissed threats) and the open-choice notes, each note once.
    Detail,
}

/// What to explain, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Options {
    /// The language.
    pub lang: Lang,
    /// How much to say.
    pub size: Size,
    /// Expand every cycle, also those not in force (otherwise they get one line each).
    pub all_cycles: bool,
}

impl Options {
    /// The default size in `lang`.
    pub fn new(lang: Lang) -> Options {
        Options {
            lang,
            ..Options::default()
        }
    }

    /// The detailed size in `lang`.
    pub fn detail(lang: Lang) -> Options {
        Options {
            lang,
            size: Size::Detail,
            all_cycles: false,
        }
    }
}

/// The game a judgement is about, as its record names it (all optional).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameInfo {
    /// Where it comes from (a file and the game's number in it, or an option).
    pub source: Option<String>,
    /// The event (`Event` tag).
    pub event: Option<String>,
    /// The date (`Date` tag).
    pub date: Option<String>,
    /// Red's player.
    pub red: Option<String>,
    /// Black's player.
    pub black: Option<String>,
    /// The result as recorded (`1-0`, `0-1`, `1/2-1/2`, or as written).
    pub result: Option<String>,
}

impl GameInfo {
    /// Reads the usual tags (`Event`, `Date`, `Red`, `Black`, `Result`), ignoring empty
    /// values and `*`.
    pub fn from_tags(tags: &[(String, String)]) -> GameInfo {
        let tag = |name: &str| {
            tags.iter()
                .find(|(k, v)| k.eq_ignore_ascii_case(name) && !v.trim().is_empty() && v != "*")
                .map(|(_, v)| v.trim().to_owned())
        };
        GameInfo {
            source: None,
            event: tag("Event"),
            date: tag("Date"),
            red: tag("Red"),
            black: tag("Black"),
            result: tag("Result"),
        }
    }

    /// Whether it names anything.
    pub fn is_empty(&self) -> bool {
        *self == GameInfo::default()
    }
}

/// Explains `j` in `lang`, in the default size, without naming the game.
pub fn explain(j: &Judgement, lang: Lang) -> String {
    explain_with(j, None, &Options::new(lang))
}

/// Explains `j` about `game` (its record's tags and recorded result) as `options` say.
pub fn explain_with(j: &Judgement, game: Option<&GameInfo>, options: &Options) -> String {
    compose::compose(options.lang, j, game, options)
}

/// `mv` in ICCS, followed by its Chinese notation when that differs (`h2e2 炮二平五`).
pub(crate) fn move_text(before: Option<&Position>, mv: &Move) -> String {
    let iccs = Iccs::from_move(mv).to_string();
    match before {
        Some(pos) => {
            let zh = write_move(pos, mv, Notation::Chinese);
            if zh == iccs {
                iccs
            } else {
                format!("{iccs} {zh}")
            }
        }
        None => iccs,
    }
}

/// A line of moves in ICCS.
pub(crate) fn line_text(line: &[Move]) -> String {
    line.iter()
        .map(|m| Iccs::from_move(m).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
