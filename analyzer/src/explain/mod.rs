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

/// A protector's status in Chinese.
pub(crate) fn protector_zh(s: &crate::protection::ProtectorStatus) -> String {
    use crate::protection::ProtectorStatus as P;
    let list = |v: &[qili_notation::Square]| {
        v.iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join("、")
    };
    match s {
        P::Real => "真根".into(),
        P::Hidden => "暗根".into(),
        P::Pinned { by } => format!("假根：被{}牵制", list(by)),
        P::FacesGenerals => "假根：反吃后将帅对面".into(),
        P::ExposesGeneral { by } => format!("假根：反吃后己方将帅受{}攻击", list(by)),
        P::ScreenLost => "假根：吃子后炮架消失".into(),
        P::MustAnswerCheck { by } => format!("假根：吃子时{}将军，反吃不能应将", list(by)),
    }
}

/// Why a threat is not counted, in English and Chinese.
pub(crate) fn dismissed_text(r: crate::label::DismissReason) -> (&'static str, &'static str) {
    use crate::label::DismissReason as D;
    match r {
        D::NotNew => (
            "the threat existed before the move",
            "走子前已存在（从捉到捉）",
        ),
        D::GeneralChase => ("the general alone threatens", "帅（将）本身叫吃"),
        D::SoldierChase => ("a soldier alone threatens", "兵（卒）本身叫吃"),
        D::MatedAfterCapture => ("capturing gets the mover mated at once", "吃子后立即被将死"),
        D::SameKindMutual => ("two pieces of a kind attack each other", "同兵种互相可吃"),
        D::SeveralAttackers => ("several pieces attack a protected piece", "多子攻击有根子"),
    }
}
