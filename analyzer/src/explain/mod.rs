//! Explanations of a [`Judgement`] (RULES.md §7), in Chinese ([`zh`]) and English ([`en`]):
//! the repeated position, the cycle plies, each side's moves with labels and evidence, the
//! conduct, the verdict, the articles, and where an *(open)* default decided.

use qili_notation::{write_move, Iccs, Move, Notation, Position};

use crate::judge::Judgement;

mod articles;
pub mod en;
pub mod zh;

pub use articles::article_title;

/// The language of an explanation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// Simplified Chinese.
    #[default]
    Zh,
    /// English.
    En,
}

impl std::str::FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Lang, String> {
        match s.to_ascii_lowercase().as_str() {
            "zh" | "cn" | "zh-cn" => Ok(Lang::Zh),
            "en" => Ok(Lang::En),
            _ => Err(format!("unknown language {s:?}: expected zh or en")),
        }
    }
}

/// Explains `j` in `lang`.
pub fn explain(j: &Judgement, lang: Lang) -> String {
    match lang {
        Lang::Zh => zh::explain(j),
        Lang::En => en::explain(j),
    }
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
