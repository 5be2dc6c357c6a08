//! Whose numerals a move is written in, and the check that a record writes each move in
//! the numerals of the side to move.
//!
//! In the usual convention of the full notation Red writes Chinese numerals (`炮二平五`)
//! and Black digits (`马8进7`, `馬８進７`). The reader takes either for either side, so an
//! arbiter who skips a move while typing would get another game. [`NumeralCheck`] watches a
//! record's moves: when the record uses both styles, a move in the other side's style is a
//! [`WrongSide`] error; a record that writes both sides in one style is accepted
//! ([`NumeralVerdict::OneStyle`], worth a warning).
//!
//! ```
//! use qili_notation::chinese::{numeral_side, NumeralCheck, NumeralVerdict};
//! use qili_notation::{parse_move, Color, Position};
//!
//! assert_eq!(numeral_side("炮二平五"), Some(Color::Red));
//! assert_eq!(numeral_side("馬８進７"), Some(Color::Black));
//! assert_eq!(numeral_side("h2e2"), None);
//!
//! // Red to move, Black's style: the first move was skipped.
//! let mut check = NumeralCheck::default();
//! let pos = Position::startpos();
//! check.note(&pos, 1, "马８进７");
//! let m = parse_move(&pos, "马８进７", None)?;
//! check.note(&pos.after(&m), 2, "马二进三");
//! let NumeralVerdict::WrongSide(e) = check.verdict() else { panic!() };
//! assert_eq!(e.to_string(), "move 1, Red to move: 马８进７ is written as Black's move");
//! assert_eq!(e.chinese(), "第1回合，红方走：马８进７是黑方的写法");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use super::glyphs::{self, Digits};
use super::parse;
use crate::descriptive;
use crate::{Color, Notation, Position};

/// The side whose numerals the file and final number of a Chinese full-notation move are
/// written in: Red for Chinese numerals, Black for digits (ASCII or full-width). `None`
/// when `text` is not a Chinese full-notation move or mixes the two.
pub fn numeral_side(text: &str) -> Option<Color> {
    let text = text.trim();
    let digits = plain_digits(text).or_else(|| {
        descriptive::run(Notation::Chinese, text, parse::full_numerals)
            .ok()
            .and_then(|(_, d)| d)
    })?;
    Some(match digits {
        Digits::Chinese => Color::Red,
        Digits::Arabic => Color::Black,
    })
}

/// The digits of a plain four-character move (`炮二平五`), without the grammar.
fn plain_digits(text: &str) -> Option<Digits> {
    let mut chars = text.chars();
    glyphs::glyph(chars.next()?).piece?;
    let (_, file) = glyphs::glyph(chars.next()?).numeral?;
    glyphs::glyph(chars.next()?).direction?;
    let (_, number) = glyphs::glyph(chars.next()?).numeral?;
    (chars.next().is_none() && file == number).then_some(file)
}

/// A move written in the numerals of the side not to move, in a record that uses the
/// usual convention.
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[error("move {move_number}, {mover} to move: {text} is written as {}'s move", !*mover)]
pub struct WrongSide {
    /// The move number of the score sheet.
    pub move_number: u32,
    /// The 1-based ply, from the start of the record.
    pub ply: usize,
    /// The side to move.
    pub mover: Color,
    /// The move as written.
    pub text: String,
}

impl WrongSide {
    /// The message in Chinese: `第1回合，红方走：马８进７是黑方的写法`.
    pub fn chinese(&self) -> String {
        format!(
            "第{}回合，{}方走：{}是{}方的写法",
            self.move_number,
            self.mover.chinese(),
            self.text,
            (!self.mover).chinese()
        )
    }
}

/// What a record's numerals say, once all its moves are noted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumeralVerdict {
    /// Nothing to say: every Chinese move is in its side's numerals (or there are none).
    Usual,
    /// Both sides' moves are written in the numerals of this side: accepted, said once.
    OneStyle(Color),
    /// The record uses both styles (or only one side's moves are written), and this move,
    /// the first one, is in the other side's numerals.
    WrongSide(WrongSide),
}

impl fmt::Display for NumeralVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumeralVerdict::Usual => f.write_str("moves written in the usual numerals"),
            NumeralVerdict::OneStyle(c) => write!(
                f,
                "both sides' moves are written in {}'s numerals ({}): the side to move decides",
                c,
                c.fold("一…九", "1…9")
            ),
            NumeralVerdict::WrongSide(e) => e.fmt(f),
        }
    }
}

impl NumeralVerdict {
    /// The message in Chinese.
    pub fn chinese(&self) -> String {
        match self {
            NumeralVerdict::Usual => "着法数字符合惯例".into(),
            NumeralVerdict::OneStyle(c) => format!(
                "双方着法都用{}方的数字（{}）书写：按轮走方解读",
                c.chinese(),
                c.fold("一…九", "1…9")
            ),
            NumeralVerdict::WrongSide(e) => e.chinese(),
        }
    }
}

/// Watches the numerals of a record's moves (see the module doc).
#[derive(Debug, Clone, Default)]
pub struct NumeralCheck {
    /// `seen[mover][side written]`.
    seen: [[bool; 2]; 2],
    first_wrong: Option<WrongSide>,
}

impl NumeralCheck {
    /// Notes the move `text`, the `ply`-th of the record, played in `pos` (before it).
    /// Returns whether it is written in the other side's numerals.
    pub fn note(&mut self, pos: &Position, ply: usize, text: &str) -> bool {
        let Some(written) = numeral_side(text) else {
            return false;
        };
        let mover = pos.turn();
        self.seen[mover.index()][written.index()] = true;
        if written != mover && self.first_wrong.is_none() {
            self.first_wrong = Some(WrongSide {
                move_number: pos.fullmoves(),
                ply,
                mover,
                text: text.trim().to_owned(),
            });
        }
        written != mover
    }

    /// Whether the moves noted so far are of both sides and all written in `style`'s
    /// numerals (a record in one style, where `style`'s numerals say nothing about the side).
    pub fn one_style_so_far(&self, style: Color) -> bool {
        let [red, black] = self.seen;
        let (s, other) = (style.index(), (!style).index());
        red[s] && black[s] && !red[other] && !black[other]
    }

    /// The verdict on the moves noted so far.
    pub fn verdict(&self) -> NumeralVerdict {
        let Some(wrong) = &self.first_wrong else {
            return NumeralVerdict::Usual;
        };
        let [red, black] = self.seen;
        let both_sides = red.contains(&true) && black.contains(&true);
        for style in Color::ALL {
            let s = style.index();
            let other = (!style).index();
            if both_sides && red[s] && black[s] && !red[other] && !black[other] {
                return NumeralVerdict::OneStyle(style);
            }
        }
        NumeralVerdict::WrongSide(wrong.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_move;

    fn verdict(fen: &str, moves: &[&str]) -> NumeralVerdict {
        let mut pos = if fen == "startpos" {
            Position::startpos()
        } else {
            Position::from_fen(fen).unwrap()
        };
        let mut check = NumeralCheck::default();
        for (i, t) in moves.iter().enumerate() {
            check.note(&pos, i + 1, t);
            let m = parse_move(&pos, t, None).unwrap();
            pos.play_unchecked(&m);
        }
        check.verdict()
    }

    #[test]
    fn sides_of_numerals() {
        assert_eq!(numeral_side("炮二平五"), Some(Color::Red));
        assert_eq!(numeral_side(" 马8进7 "), Some(Color::Black));
        assert_eq!(numeral_side("馬８進７"), Some(Color::Black));
        assert_eq!(numeral_side("前炮平五"), Some(Color::Red));
        assert_eq!(numeral_side("前炮平5"), Some(Color::Black));
        assert_eq!(numeral_side("前兵四平五"), Some(Color::Red));
        // The tandem index is not a file: Black's 二7平6 is in digits.
        assert_eq!(numeral_side("二7平6"), Some(Color::Black));
        assert_eq!(numeral_side("马8进七"), None, "mixed");
        assert_eq!(numeral_side("h2e2"), None);
        assert_eq!(numeral_side("C2.5"), None);
        assert_eq!(numeral_side("炮25"), None, "abbreviated: digits for both");
    }

    #[test]
    fn the_usual_convention() {
        let v = verdict("startpos", &["炮二平五", "马８进７", "马二进三", "车9平8"]);
        assert_eq!(v, NumeralVerdict::Usual);
        assert_eq!(
            verdict("startpos", &["h2e2", "h9g7"]),
            NumeralVerdict::Usual
        );
    }

    #[test]
    fn a_skipped_move_is_the_other_sides_style() {
        let NumeralVerdict::WrongSide(e) = verdict("startpos", &["马８进７"]) else {
            panic!("one move in Black's style with Red to move");
        };
        assert_eq!((e.move_number, e.ply, e.mover), (1, 1, Color::Red));
        assert_eq!(
            e.to_string(),
            "move 1, Red to move: 马８进７ is written as Black's move"
        );
        // Skipped in the middle: Red's second move is written as Black's.
        let v = verdict("startpos", &["炮二平五", "马８进７", "马２进３"]);
        let NumeralVerdict::WrongSide(e) = v else {
            panic!("{v:?}")
        };
        assert_eq!((e.move_number, e.ply, e.mover), (2, 3, Color::Red));
        // From a FEN with Black to move at move 12.
        let v = verdict(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 12",
            &["马二进三"],
        );
        let NumeralVerdict::WrongSide(e) = v else {
            panic!("{v:?}")
        };
        assert_eq!((e.move_number, e.mover), (12, Color::Black));
        assert_eq!(e.chinese(), "第12回合，黑方走：马二进三是红方的写法");
    }

    #[test]
    fn one_style_for_both_sides_is_accepted() {
        let v = verdict("startpos", &["炮2平5", "马8进7", "马2进3"]);
        assert_eq!(v, NumeralVerdict::OneStyle(Color::Black));
        assert!(v.to_string().contains("Black's numerals"), "{v}");
        let v = verdict("startpos", &["炮二平五", "马八进七"]);
        assert_eq!(v, NumeralVerdict::OneStyle(Color::Red));
        assert!(v.chinese().contains("红方的数字"));
        // One style, but the other side's moves mix in the usual one: an error.
        let v = verdict("startpos", &["炮2平5", "马8进7", "马二进三"]);
        assert!(
            matches!(v, NumeralVerdict::WrongSide(ref e) if e.ply == 1),
            "{v:?}"
        );
    }

    /// Record files: the main line ends before the move in the other side's numerals,
    /// with that error (ply and byte offset); one style for both sides is a warning.
    #[test]
    fn records_are_checked_over_their_main_line() {
        use crate::record::{self, ErrorKind};
        let pgn = "[Event \"x\"]\n1. 炮二平五 马８进７ 2. 马２进３ 车９平８ *\n";
        let games = record::read_bytes(pgn.as_bytes(), "x.pgn").unwrap();
        let g = &games[0];
        assert_eq!(g.game.moves.len(), 2, "the moves before it are kept");
        let e = g.error.as_ref().expect("wrong side");
        assert_eq!(e.ply, Some(3));
        assert_eq!(e.byte_offset, Some(pgn.find("马２").unwrap() as u64));
        assert_eq!(e.kind.name(), "wrong_side");
        assert!(
            e.to_string().contains("move 2, Red to move: 马２进３"),
            "{e}"
        );
        // One style for both sides: read, one warning.
        let g = record::text::read("炮2平5 马8进7 马2进3 车9平8");
        assert!(g.is_ok(), "{:?}", g.error);
        assert_eq!(g.game.moves.len(), 4);
        assert_eq!(g.warnings.len(), 1);
        assert_eq!(g.warnings[0].kind, ErrorKind::OneStyle(Color::Black));
        // A variation in the other style does not count against the main line.
        let g = record::text::read("1. 炮二平五 (1. 炮2平5) 马8进7");
        assert!(
            g.is_ok() && g.warnings.is_empty(),
            "{:?} {:?}",
            g.error,
            g.warnings
        );
    }

    /// A move illegal for the side to move that is the other side's (one skipped or
    /// written twice) is that error, whether or not it would be legal for the other side.
    #[test]
    fn an_illegal_move_of_the_other_side_is_the_wrong_side() {
        use crate::record;
        let wrong = |text: &str| {
            let g = record::text::read(text);
            let e = g.error.expect("an error");
            match e.kind {
                crate::record::ErrorKind::Move(crate::MoveTextError::WrongSide(w)) => {
                    Some((w.move_number, w.ply, w.mover))
                }
                _ => None,
            }
        };
        // Red's numerals with Black to move: legal for Red (the issue's case) …
        let fen = "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1";
        assert_eq!(
            wrong(&format!("{fen}\n车一平三 马7进9 车三平一 车一平三")),
            Some((2, 4, Color::Black))
        );
        // … or illegal for Red as well (no rook on 三).
        assert_eq!(
            wrong(&format!("{fen}\n车一平三 马7进9 车三平一 车三平一")),
            Some((2, 4, Color::Black))
        );
        // Black's own numerals, illegal: an illegal move.
        assert_eq!(
            wrong(&format!("{fen}\n车一平三 马7进9 车三平一 马9进9")),
            None
        );
        // ICCS: no numerals, but legal for the other side.
        assert_eq!(wrong("h2e2 h0g2"), Some((1, 2, Color::Black)));
        // Illegal for both: an illegal move.
        assert_eq!(wrong("h2e2 h2e2"), None);
        // One style for both sides (digits): a digit move says nothing about the side.
        assert_eq!(wrong("炮2平5 马8进7 马2进3 马3进3"), None);
    }
}
