//! WXF game files as exported by PlayOK and other servers: `KEY value` header lines
//! (`FORMAT WXF`, `RED name ; rating ;;`, `BLACK …`, `RESULT 0-1`, `DATE`, `EVENT`, `FEN`),
//! then the moves between `START{` and `}END` (WXF, Black in lower case, numbered).
//!
//! ```
//! use qili_notation::record::wxf_file;
//! let g = wxf_file::read("FORMAT WXF\nRED a ; 1200 ;;\nRESULT 1-0\nSTART{\n 1. C2.5 h8+7\n}END\n");
//! assert!(g.is_ok());
//! assert_eq!(g.game.tag("Red"), Some("a"));
//! assert_eq!(g.game.moves.len(), 2);
//! ```

use super::builder::GameBuilder;
use super::pgn;
use super::{ErrorKind, GameResult, ReadGame, RecordError};
use crate::Setup;

/// Whether `text` looks like a WXF game file (a `FORMAT WXF` line first).
pub fn detect(text: &str) -> bool {
    let first = text
        .trim_start_matches('\u{feff}')
        .trim_start()
        .lines()
        .next()
        .unwrap_or("");
    let mut w = first.split_whitespace();
    w.next() == Some("FORMAT") && w.next().is_some_and(|f| f.eq_ignore_ascii_case("WXF"))
}

fn tag_name(key: &str) -> Option<&'static str> {
    Some(match key {
        "RED" => "Red",
        "BLACK" => "Black",
        "DATE" => "Date",
        "EVENT" => "Event",
        "GAME" => "Game",
        "SITE" => "Site",
        "ROUND" => "Round",
        "RESULT" => "Result",
        "FEN" => "FEN",
        _ => return None,
    })
}

/// Reads one game.
pub fn read(text: &str) -> ReadGame {
    let text = text.trim_start_matches('\u{feff}');
    let mut tags: Vec<(&'static str, String, usize)> = Vec::new();
    let mut offset = 0usize;
    let mut moves_at = None;
    for line in text.split_inclusive('\n') {
        let l = line.trim();
        if l.starts_with("START{") {
            moves_at = Some(offset + (line.len() - line.trim_start().len()) + 6);
            break;
        }
        let mut parts = l.splitn(2, char::is_whitespace);
        let key = parts.next().unwrap_or("");
        let value = parts.next().unwrap_or("").trim();
        // `name ; rating ;;`: the name.
        let value = value.split(';').next().unwrap_or("").trim();
        if let Some(name) = tag_name(key) {
            if !value.is_empty() {
                tags.push((name, value.to_owned(), offset));
            }
        }
        offset += line.len();
    }
    let mut setup = None;
    for (name, value, at) in &tags {
        if *name == "FEN" {
            match value.parse::<Setup>() {
                Ok(s) => setup = Some(s),
                Err(e) => {
                    return GameBuilder::failed(
                        RecordError::new(0, ErrorKind::Fen(e)).at_offset(*at as u64),
                    );
                }
            }
        }
    }
    let (body, start) = match moves_at {
        Some(s) => {
            let rest = &text[s..];
            (rest.find("}END").map_or(rest, |e| &rest[..e]), s)
        }
        None => ("", text.len()),
    };
    let mut source = String::from("[Format \"WXF\"]\n");
    let shift = source.len();
    source.push_str(body);
    let mut game = pgn::read_one(&source, setup.clone());
    game.game.tags.retain(|(k, _)| k != "Format");
    for (name, value, _) in tags.into_iter().rev() {
        game.game.tags.insert(0, (name.to_owned(), value));
    }
    if let Some(s) = setup {
        game.game.setup = s;
    }
    if game.game.result.is_none() {
        game.game.result = game.game.tag("Result").and_then(GameResult::parse);
    }
    game.map_offsets(|o| (o + start as u64).saturating_sub(shift as u64));
    game
}
