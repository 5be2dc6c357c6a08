//! WinBoard/XBoard SAN for Xiangqi, as engine matches write it (`[Variant "xiangqi"]`):
//! `Cbg2`, `Hc7`, `c5`, `Rxb9`, `Ca9+`, `R0b2`.
//!
//! A piece letter (`K A E H R C P`, upper case for both sides; `B` and `N` are read too;
//! none for a soldier), the departure file (`a`–`i`) and/or rank (`0`–`9`) when another
//! piece of the kind could go to the same point, `x` for a capture, the destination point
//! in coordinates from Red's side (files `a`–`i` from Red's left, ranks `0`–`9` from Red's
//! back rank, as ICCS), and `+` for a check (`#` is read too). The reader takes `x` and
//! `+` as written without checking them, and a `-` between the departure and the
//! destination (`Hb0-c2`) as well.
//!
//! The writer disambiguates as SAN does: by file when the file tells the pieces apart,
//! else by rank, else by both; a soldier's capture always carries its file (`cxc5`).
//!
//! ```
//! use qili_notation::{winboard::WinBoard, Position};
//!
//! let pos = Position::startpos();
//! let m = "Cbg2".parse::<WinBoard>()?.to_move(&pos)?;
//! assert_eq!(m.to_string(), "b2g2");
//! assert_eq!(WinBoard::from_move(&pos, &m).to_string(), "Cbg2");
//! let m = "Hc2".parse::<WinBoard>()?.to_move(&pos)?;
//! assert_eq!(m.to_string(), "b0c2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::descriptive::{IllegalReason, ResolveError, SyntaxError, SyntaxErrorKind as K};
use crate::{File, Move, Notation, Position, Rank, Role, Square};

/// A move in WinBoard SAN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WinBoard {
    /// The kind of piece moving.
    pub role: Role,
    /// The departure file, when written.
    pub from_file: Option<File>,
    /// The departure rank, when written.
    pub from_rank: Option<Rank>,
    /// `x`: the move captures (as written; not checked by the reader).
    pub capture: bool,
    /// The destination.
    pub to: Square,
    /// `+` (or `#`): the move checks (as written; not checked by the reader).
    pub check: bool,
}

impl WinBoard {
    /// The legal move this text names in `pos` (for the side to move).
    pub fn to_move(&self, pos: &Position) -> Result<Move, ResolveError> {
        let fits: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| self.fits(m))
            .collect();
        match fits.as_slice() {
            [one] => Ok(*one),
            [] => Err(ResolveError::Illegal {
                text: self.to_string(),
                reason: IllegalReason::NotLegal,
            }),
            _ => Err(ResolveError::Ambiguous {
                text: self.to_string(),
                candidates: fits,
            }),
        }
    }

    fn fits(&self, m: &Move) -> bool {
        m.role == self.role
            && m.to == self.to
            && self.from_file.is_none_or(|f| m.from.file() == f)
            && self.from_rank.is_none_or(|r| m.from.rank() == r)
    }

    /// The canonical text of `m`, a legal move in `pos`.
    pub fn from_move(pos: &Position, m: &Move) -> WinBoard {
        let rivals: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|o| o.role == m.role && o.to == m.to && o.from != m.from)
            .collect();
        let (from_file, from_rank) = if rivals.is_empty() {
            // As SAN writes a pawn's capture: a soldier's with its file (`cxc5`).
            let soldier_takes = m.role == Role::Soldier && m.capture.is_some();
            (soldier_takes.then_some(m.from.file()), None)
        } else if rivals.iter().all(|o| o.from.file() != m.from.file()) {
            (Some(m.from.file()), None)
        } else if rivals.iter().all(|o| o.from.rank() != m.from.rank()) {
            (None, Some(m.from.rank()))
        } else {
            (Some(m.from.file()), Some(m.from.rank()))
        };
        WinBoard {
            role: m.role,
            from_file,
            from_rank,
            capture: m.capture.is_some(),
            to: m.to,
            check: pos.after(m).is_check(),
        }
    }
}

impl fmt::Display for WinBoard {
    /// `Cbg2`, `c5`, `Rxb9+`: no letter for a soldier.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.role != Role::Soldier {
            write!(f, "{}", self.role.wxf_char())?;
        }
        if let Some(file) = self.from_file {
            write!(f, "{}", file.char())?;
        }
        if let Some(rank) = self.from_rank {
            write!(f, "{}", rank.char())?;
        }
        if self.capture {
            f.write_str("x")?;
        }
        write!(f, "{}{}", self.to.file().char(), self.to.rank().char())?;
        if self.check {
            f.write_str("+")?;
        }
        Ok(())
    }
}

impl FromStr for WinBoard {
    type Err = SyntaxError;

    fn from_str(text: &str) -> Result<WinBoard, SyntaxError> {
        let err = |kind, at: usize| {
            let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
            SyntaxError::new(Notation::WinBoard, kind, text, at..end)
        };
        if text.is_empty() {
            return Err(err(K::Empty, 0));
        }
        if let Some(at) = text.find(|c: char| !c.is_ascii()) {
            return Err(err(K::ExpectedPiece, at));
        }
        let b = text.as_bytes();
        let mut end = b.len();
        let check = matches!(b[end - 1], b'+' | b'#');
        if check {
            end -= 1;
        }
        let (role, start) = match b[0] {
            c @ (b'K' | b'A' | b'E' | b'B' | b'H' | b'N' | b'R' | b'C' | b'P') => {
                (Role::from_char(c as char).expect("a piece letter"), 1)
            }
            b'a'..=b'i' | b'x' => (Role::Soldier, 0),
            _ => return Err(err(K::ExpectedPiece, 0)),
        };
        if end < start + 2 {
            return Err(err(K::ExpectedFile, end));
        }
        let to_file = File::from_char(b[end - 2] as char)
            .filter(|_| b[end - 2].is_ascii_lowercase())
            .ok_or_else(|| err(K::ExpectedFile, end - 2))?;
        let to_rank = rank(b[end - 1]).ok_or_else(|| err(K::ExpectedNumber, end - 1))?;
        // Between the letter and the destination: [file][rank][x or -].
        let mut mid = &b[start..end - 2];
        let mut capture = false;
        if let Some((&last, rest)) = mid.split_last() {
            if last == b'x' || last == b'-' {
                capture = last == b'x';
                mid = rest;
            }
        }
        let mut from_file = None;
        let mut from_rank = None;
        let mut i = 0;
        if let Some(&c) = mid.first() {
            if c.is_ascii_lowercase() {
                from_file =
                    Some(File::from_char(c as char).ok_or_else(|| err(K::ExpectedOrigin, start))?);
                i = 1;
            }
        }
        if let Some(&c) = mid.get(i) {
            from_rank = Some(rank(c).ok_or_else(|| err(K::ExpectedOrigin, start + i))?);
            i += 1;
        }
        if i < mid.len() {
            return Err(err(K::ExpectedOrigin, start + i));
        }
        Ok(WinBoard {
            role,
            from_file,
            from_rank,
            capture,
            to: Square::from_coords(to_file, to_rank),
            check,
        })
    }
}

fn rank(c: u8) -> Option<Rank> {
    c.is_ascii_digit().then(|| Rank::new(c - b'0')).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    /// The canonical text of every legal move reads back as that move, and as the same
    /// syntax, in positions along some lines (two pieces of a kind able to reach a point,
    /// captures, checks).
    #[test]
    fn every_legal_move_round_trips() {
        let fens = [
            crate::STARTPOS_FEN,
            "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1",
            // Two chariots on one file and one rank; cannons and soldiers side by side.
            "3k5/9/9/2P1P4/R1C1C4/9/9/R8/9/4K4 w - - 0 1",
            "r1bakabr1/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1CN4CN/9/R1BAKAB1R b - - 0 1",
        ];
        let mut checked = 0;
        for fen in fens {
            let mut p = pos(fen);
            for _ in 0..6 {
                let moves = p.legal_moves();
                for m in &moves {
                    let w = WinBoard::from_move(&p, m);
                    let text = w.to_string();
                    let back: WinBoard = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
                    assert_eq!(back, w, "{text}");
                    assert_eq!(back.to_move(&p), Ok(*m), "{text} in {}", p.fen());
                    checked += 1;
                }
                let Some(m) = moves.get(moves.len() / 2) else {
                    break;
                };
                p.play_unchecked(m);
            }
        }
        assert!(checked > 500, "{checked}");
    }

    #[test]
    fn spellings() {
        let start = Position::startpos();
        let table = [
            ("Cbg2", "b2g2"),
            ("Cb2g2", "b2g2"),
            ("Hc2", "b0c2"),
            ("Nc2", "b0c2"),
            ("Hb0-c2", "b0c2"),
            ("Ece2", "c0e2"),
            ("Bge2", "g0e2"),
            ("e4", "e3e4"),
            ("Cxh9", "h2h9"),
            ("Chxh9+", "h2h9"),
            ("Ra1", "a0a1"),
        ];
        for (text, iccs) in table {
            let m = text.parse::<WinBoard>().unwrap().to_move(&start);
            assert_eq!(m.map(|m| m.to_string()), Ok(iccs.to_owned()), "{text}");
        }
        // Two cannons can go to e2: the letter alone is ambiguous.
        assert!(matches!(
            "Ce2".parse::<WinBoard>().unwrap().to_move(&start),
            Err(ResolveError::Ambiguous { .. })
        ));
        assert!(matches!(
            "Ra5".parse::<WinBoard>().unwrap().to_move(&start),
            Err(ResolveError::Illegal { .. })
        ));
    }

    #[test]
    fn syntax_errors_say_where() {
        for (text, kind, at) in [
            ("", K::Empty, 0),
            ("Z5", K::ExpectedPiece, 0),
            ("炮5", K::ExpectedPiece, 0),
            ("C", K::ExpectedFile, 1),
            ("Cj2", K::ExpectedFile, 1),
            ("Cbz", K::ExpectedNumber, 2),
            ("Cqb2", K::ExpectedOrigin, 1),
            ("Cqq2", K::ExpectedFile, 2),
            ("Cb22e2", K::ExpectedOrigin, 3),
        ] {
            let e = text.parse::<WinBoard>().unwrap_err();
            assert_eq!((e.kind, e.span.start), (kind, at), "{text:?}");
            assert_eq!(e.notation, Notation::WinBoard);
        }
    }
}
