//! Plain move lists as typed from a score sheet: moves in any notation separated by spaces,
//! new lines or commas, with or without move numbers, an optional leading FEN line
//! (`FEN` or `FEN,` first), and an optional result (`1-0`, `红胜` …) at the end.
//!
//! ```
//! use qili_notation::record::text;
//! let g = text::read("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\nh2e2\nh9g7\n1-0");
//! assert!(g.is_ok());
//! assert_eq!(g.game.moves.len(), 2);
//! ```

use super::{builder::GameBuilder, pgn, ErrorKind, ReadGame, RecordError};
use crate::Setup;

/// Reads one game from a move list.
pub fn read(text: &str) -> ReadGame {
    let text = text.trim_start_matches('\u{feff}');
    let lead = text.len() - text.trim_start().len();
    let body = &text[lead..];
    // A FEN first: up to the end of the line or a comma.
    let first_end = body.find(['\n', ',', '，']).unwrap_or(body.len());
    let delimiter = body[first_end..].chars().next().map_or(0, char::len_utf8);
    let first = body[..first_end].trim();
    let (setup, start) = if looks_like_fen(first) {
        match first.parse::<Setup>() {
            Ok(s) => (Some(s), lead + first_end + delimiter),
            Err(e) => {
                let mut g = GameBuilder::failed(
                    RecordError::new(0, ErrorKind::Fen(e)).at_offset(lead as u64),
                );
                g.game.set_tag("FEN", first);
                return g;
            }
        }
    } else {
        (None, lead)
    };
    let rest = text.get(start.min(text.len())..).unwrap_or("");
    // Commas separate moves; replace them by spaces of the same byte length.
    let cleaned: String = rest
        .chars()
        .map(|c| match c {
            ',' => ' ',
            '，' => '\u{3000}',
            c => c,
        })
        .collect();
    let mut game = pgn::read_one(&cleaned, setup.clone());
    game.map_offsets(|o| o + start as u64);
    if let Some(s) = setup {
        // The moves were read from the leading FEN unless the text goes on with a PGN
        // `[FEN]` tag of its own: the game keeps the start its moves were read from.
        if game.game.setup == s {
            game.game.set_tag("FEN", first);
        } else {
            game.warnings.push(
                RecordError::new(
                    0,
                    ErrorKind::Format("a FEN tag replaces the leading FEN line".into()),
                )
                .at_offset(lead as u64),
            );
        }
    }
    game
}

fn looks_like_fen(s: &str) -> bool {
    s.split_whitespace()
        .next()
        .is_some_and(|p| p.matches('/').count() == 9)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEADING: &str = "9/3k5/4c4/4N4/9/6R2/9/5p3/4r4/5K3 w";
    const TAGGED: &str = "3aka3/2c1n4/4bP3/9/4N4/9/9/9/9/4K4 w";

    #[test]
    fn a_fen_tag_after_the_fen_line_is_the_start_of_the_moves() {
        let g = read(&format!("{LEADING}\n[FEN \"{TAGGED}\"]\n 1. e5d7"));
        assert!(g.is_ok(), "{:?}", g.error);
        assert_eq!(g.game.setup, TAGGED.parse::<Setup>().unwrap());
        assert_eq!(g.game.tag("FEN"), Some(TAGGED));
        assert_eq!(g.warnings.len(), 1);
        assert!(g.warnings[0]
            .to_string()
            .contains("replaces the leading FEN"));
        // Without the tag the leading line is the start, and the same move is illegal.
        let g = read(&format!("{LEADING}\n 1. e5d7"));
        assert_eq!(g.game.setup, LEADING.parse::<Setup>().unwrap());
        assert_eq!(g.game.tag("FEN"), Some(LEADING));
        assert!(g.game.moves.is_empty() && g.error.is_some());
    }
}
