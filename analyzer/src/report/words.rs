//! The words of the text reports — the label table (`qili label`) and the moves table
//! (`qili moves`) — as typed keys ([`ReportWord`]) with their arguments, worded by one
//! table per language ([`zh`], [`en`]: one `match` each). A report is in one language, so a
//! key is said in it ([`Phrase::get`]). A new word is one variant here and one entry in each
//! table (the compiler asks for both).

use qili_notation::{Color, Piece};

use crate::conduct::ConductKind;
use crate::outlook::Consequence;
use crate::settings::Names;
use crate::terms::{self, Phrase};

/// One word (or line) of a text report, with its arguments.
#[derive(Debug, Clone, Copy)]
pub(crate) enum ReportWord<'a> {
    // The label table.
    /// The rule set's line.
    RulesLine(Names),
    /// The start position's field name.
    Start,
    /// The column of the ply.
    ColumnPly,
    /// The column of the side.
    ColumnSide,
    /// The column of the move.
    ColumnMove,
    /// The column of the ICCS move.
    ColumnIccs,
    /// The column of the labels.
    ColumnLabels,
    /// A side in a row (`红`, `Red`).
    Side(Color),
    /// Between the labels of a move.
    LabelSeparator,
    /// Between the articles of a line.
    ListSeparator,
    /// The line (of moves) of a threat.
    Line,
    /// A note on a chase.
    Note,
    /// A protector of a chased piece.
    Protector,
    /// A threat that is not a chase.
    NotAChase,
    /// A piece on its point (`车b2`, `chariot b2`).
    PieceOn {
        /// The piece.
        piece: Piece,
        /// Its point, as written.
        square: &'a str,
    },
    // The moves table.
    /// Its heading: the ply, the side to move, the rule set, the threshold and the ruling now.
    MovesHeading {
        /// The ply played.
        ply: usize,
        /// The side to move.
        mover: Color,
        /// The rule set's short name.
        book: &'a str,
        /// The occurrence at which a ruling takes effect.
        threshold: usize,
        /// The ruling now.
        ruling: &'a str,
    },
    /// No move matters.
    NoMoveMatters,
    /// The occurrence a move makes.
    Occurrence(usize),
    /// A banned move's mark.
    Banned,
    /// A side must change.
    MustChange(Color),
    /// What a move brings, for the side to move.
    Consequence {
        /// The consequence.
        consequence: Consequence,
        /// The side to move.
        mover: Color,
    },
    /// A side's conduct in a cycle, forbidden or allowed.
    Conduct {
        /// The side.
        side: Color,
        /// Its conduct.
        kind: ConductKind,
        /// Whether it is forbidden.
        forbidden: bool,
    },
    /// A ruling takes effect at a ply, at the position's occurrence.
    TakesEffect {
        /// The ply.
        ply: usize,
        /// The occurrence.
        occurrence: usize,
    },
    /// A cycle played once more after "must change": a loss.
    LossAfterMustChange {
        /// The ply.
        ply: usize,
        /// The occurrence.
        occurrence: usize,
    },
    /// The evidence of a ruling: when, and both sides' conducts.
    Evidence {
        /// When it takes effect.
        when: &'a str,
        /// Red's conduct.
        red: &'a str,
        /// Black's conduct.
        black: &'a str,
    },
    /// A warning: the loop played on brings a consequence.
    Warning {
        /// The plies more.
        plies: usize,
        /// The last move of the loop.
        last: &'a str,
        /// The side that plays it.
        by: Color,
        /// The occurrence the position reaches, if known.
        occurrence: Option<usize>,
        /// What it brings.
        what: &'a str,
    },
}

impl Phrase for ReportWord<'_> {
    fn zh(&self) -> String {
        zh(self)
    }

    fn en(&self) -> String {
        en(self)
    }
}

/// The Chinese words of a text report.
pub(crate) fn zh(w: &ReportWord<'_>) -> String {
    use ReportWord::*;
    match *w {
        RulesLine(n) => format!("规则：{}（{}）", n.zh, n.short),
        Start => "局面：".into(),
        ColumnPly => "步".into(),
        ColumnSide => "方".into(),
        ColumnMove => "着法".into(),
        ColumnIccs => "iccs".into(),
        ColumnLabels => "标签".into(),
        Side(c) => c.chinese().into(),
        LabelSeparator => "、".into(),
        ListSeparator => "；".into(),
        Line => "着法".into(),
        Note => "注：".into(),
        Protector => "根".into(),
        NotAChase => "不算捉".into(),
        PieceOn { piece, square } => format!("{}{square}", piece.chinese()),
        MovesHeading {
            ply,
            mover,
            book,
            threshold,
            ruling,
        } => format!(
            "第{ply}步后，{}走棋（{book}，局面第{threshold}次出现时裁决生效）。\n当前裁决：{ruling}\n",
            terms::side(mover).zh
        ),
        NoMoveMatters => "没有着法构成重复或导致裁决。\n".into(),
        Occurrence(n) => format!("第{n}次出现"),
        Banned => "  [禁着 banmoves]".into(),
        MustChange(c) => format!("{}须变着", terms::side(c).zh),
        Consequence { consequence, mover } => {
            let (me, them) = (terms::side(mover).zh, terms::side(!mover).zh);
            match consequence {
                crate::outlook::Consequence::None => "无".into(),
                crate::outlook::Consequence::Repeats => "重复，尚无新的裁决".into(),
                crate::outlook::Consequence::Draw => "判和".into(),
                crate::outlook::Consequence::MoverMustChange => format!("{me}须变着"),
                crate::outlook::Consequence::MoverLoses => format!("{me}判负"),
                crate::outlook::Consequence::OpponentMustChange => format!("{them}须变着"),
                crate::outlook::Consequence::OpponentLoses => format!("{them}判负"),
            }
        }
        Conduct {
            side,
            kind,
            forbidden,
        } => format!(
            "{}{}（{}）",
            terms::side(side).zh,
            terms::conduct(kind).zh,
            if forbidden { "禁止" } else { "允许" }
        ),
        TakesEffect { ply, occurrence } => format!("第{ply}步局面第{occurrence}次出现，裁决生效"),
        LossAfterMustChange { ply, occurrence } => format!(
            "第{ply}步局面第{occurrence}次出现：已须变着而再走一个循环，变着改判负"
        ),
        Evidence { when, red, black } => format!("{when}；{red}；{black}。"),
        Warning {
            plies,
            last,
            by,
            occurrence: Some(k),
            what,
        } => format!(
            "警告：照此循环再走{plies}步（至{}{last}），有局面将第{k}次出现：{what}",
            terms::side(by).zh
        ),
        Warning {
            plies,
            last,
            by,
            occurrence: None,
            what,
        } => format!(
            "警告：照此循环再走{plies}步（至{}{last}）：{what}",
            terms::side(by).zh
        ),
    }
}

/// The English words of a text report.
pub(crate) fn en(w: &ReportWord<'_>) -> String {
    use ReportWord::*;
    match *w {
        RulesLine(n) => format!("rules: {} ({})", n.short, n.en),
        Start => "start: ".into(),
        ColumnPly => "ply".into(),
        ColumnSide => "side".into(),
        ColumnMove => "move".into(),
        ColumnIccs => "iccs".into(),
        ColumnLabels => "labels".into(),
        Side(c) => c.english().into(),
        LabelSeparator => ", ".into(),
        ListSeparator => "; ".into(),
        Line => "line".into(),
        Note => "note:".into(),
        Protector => "protector".into(),
        NotAChase => "not a chase".into(),
        PieceOn { piece, square } => format!("{} {square}", piece.role.english()),
        MovesHeading {
            ply,
            mover,
            book,
            threshold,
            ruling,
        } => format!(
            "After ply {ply}, {} to move ({book}; a ruling takes effect at a position's occurrence {threshold}).\nRuling now: {ruling}\n",
            terms::side(mover).en
        ),
        NoMoveMatters => "No move repeats a position or brings a ruling.\n".into(),
        Occurrence(n) => format!("occurrence {n}"),
        Banned => "  [banned: banmoves]".into(),
        MustChange(c) => format!("{} must change", terms::side(c).en),
        Consequence { consequence, mover } => {
            let (me, them) = (terms::side(mover).en, terms::side(!mover).en);
            match consequence {
                crate::outlook::Consequence::None => "nothing".into(),
                crate::outlook::Consequence::Repeats => "repeats; no new ruling".into(),
                crate::outlook::Consequence::Draw => "draw".into(),
                crate::outlook::Consequence::MoverMustChange => format!("{me} must change"),
                crate::outlook::Consequence::MoverLoses => format!("{me} loses"),
                crate::outlook::Consequence::OpponentMustChange => format!("{them} must change"),
                crate::outlook::Consequence::OpponentLoses => format!("{them} loses"),
            }
        }
        Conduct {
            side,
            kind,
            forbidden,
        } => format!(
            "{}: {} ({})",
            terms::side(side).en,
            terms::conduct(kind).en,
            if forbidden { "forbidden" } else { "allowed" }
        ),
        TakesEffect { ply, occurrence } => {
            format!("takes effect at ply {ply}, the position's occurrence {occurrence}")
        }
        LossAfterMustChange { ply, occurrence } => format!(
            "at ply {ply}, the position's occurrence {occurrence}: the cycle played once more after \"must change\", so it is a loss"
        ),
        Evidence { when, red, black } => format!("{when}; {red}; {black}."),
        Warning {
            plies,
            last,
            by,
            occurrence: Some(k),
            what,
        } => format!(
            "warning: {plies} more {} round the same loop (to {last} by {}): a position occurs for the {} time: {what}",
            plies_word(plies),
            terms::side(by).en,
            ordinal(k)
        ),
        Warning {
            plies,
            last,
            by,
            occurrence: None,
            what,
        } => format!(
            "warning: {plies} more {} round the same loop (to {last} by {}): {what}",
            plies_word(plies),
            terms::side(by).en
        ),
    }
}

fn plies_word(n: usize) -> &'static str {
    if n == 1 {
        "ply"
    } else {
        "plies"
    }
}

fn ordinal(k: usize) -> String {
    match k {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        5 => "fifth".into(),
        k => format!("{k}th"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terms::Lang;

    #[test]
    fn a_warning_counts_plies_and_names_the_occurrence() {
        let w = ReportWord::Warning {
            plies: 1,
            last: "h2e2",
            by: Color::Red,
            occurrence: Some(3),
            what: "draw",
        };
        assert_eq!(
            w.get(Lang::En),
            "warning: 1 more ply round the same loop (to h2e2 by Red): a position occurs for the third time: draw"
        );
        assert_eq!(
            w.get(Lang::Zh),
            "警告：照此循环再走1步（至红方h2e2），有局面将第3次出现：draw"
        );
        let w = ReportWord::Warning {
            plies: 4,
            last: "h2e2",
            by: Color::Red,
            occurrence: None,
            what: "draw",
        };
        assert_eq!(
            w.get(Lang::En),
            "warning: 4 more plies round the same loop (to h2e2 by Red): draw"
        );
    }

    #[test]
    fn a_conduct_says_forbidden_or_allowed() {
        let c = ReportWord::Conduct {
            side: Color::Black,
            kind: ConductKind::Idle,
            forbidden: false,
        };
        assert!(
            c.get(Lang::En).ends_with(" (allowed)"),
            "{}",
            c.get(Lang::En)
        );
        assert!(c.get(Lang::Zh).starts_with("黑方"), "{}", c.get(Lang::Zh));
        assert!(c.get(Lang::Zh).ends_with("（允许）"), "{}", c.get(Lang::Zh));
    }
}
