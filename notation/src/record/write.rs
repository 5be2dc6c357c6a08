//! Writing games: PGN with the moves in any notation.

use std::fmt::Write as _;

use super::{Game, Node};
use crate::movetext::{write_move, Notation};
use crate::{Position, Setup};

/// The `Format` tag value of a notation.
pub fn format_tag(notation: Notation) -> &'static str {
    match notation {
        Notation::Iccs => "ICCS",
        Notation::Wxf => "WXF",
        Notation::Chinese | Notation::ChineseShort => "Chinese",
        Notation::WinBoard => "WinBoard",
    }
}

enum Item<'a> {
    Line {
        nodes: &'a [Node],
        pos: Box<Position>,
        force_number: bool,
    },
    Open,
    Close,
}

/// Writes a game as PGN: its tags (with `Format` set to the notation and `FEN` when the
/// game does not start from the standard position), the move tree with comments, NAGs and
/// variations, and the result. A start position that is not legal leaves the moves out.
pub fn pgn(game: &Game, notation: Notation) -> String {
    let mut out = String::new();
    for (k, v) in &game.tags {
        if k.eq_ignore_ascii_case("Format")
            || k.eq_ignore_ascii_case("FEN")
            || (notation == Notation::WinBoard && k.eq_ignore_ascii_case("Variant"))
        {
            continue;
        }
        let _ = writeln!(out, "[{} \"{}\"]", tag_name(k), tag_value(v));
    }
    let _ = writeln!(out, "[Format \"{}\"]", format_tag(notation));
    if notation == Notation::WinBoard {
        // What WinBoard/XBoard reads a Xiangqi game by.
        let _ = writeln!(out, "[Variant \"xiangqi\"]");
    }
    if game.setup != Setup::startpos() {
        let _ = writeln!(out, "[FEN \"{}\"]", game.setup);
    }
    out.push('\n');
    let mut tokens: Vec<String> = Vec::new();
    for c in &game.comments {
        tokens.push(comment(c));
    }
    // A position drawn loosely is written as it was read.
    if let Ok((start, _)) = Position::from_setup(game.setup.clone(), crate::Placement::Loose) {
        let mut stack = vec![Item::Line {
            nodes: &game.moves,
            pos: Box::new(start),
            force_number: true,
        }];
        while let Some(item) = stack.pop() {
            match item {
                Item::Open => tokens.push("(".into()),
                Item::Close => tokens.push(")".into()),
                Item::Line {
                    nodes,
                    pos,
                    force_number,
                } => {
                    let Some((n, rest)) = nodes.split_first() else {
                        continue;
                    };
                    let mut force = force_number;
                    for c in &n.comments_before {
                        tokens.push(comment(c));
                        force = true;
                    }
                    let num = pos.fullmoves();
                    let text = write_move(&pos, &n.mv, notation);
                    tokens.push(match (pos.turn(), force) {
                        (crate::Color::Red, _) => format!("{num}. {text}"),
                        (crate::Color::Black, true) => format!("{num}... {text}"),
                        (crate::Color::Black, false) => text,
                    });
                    for nag in &n.nags {
                        tokens.push(format!("${nag}"));
                    }
                    for c in &n.comments_after {
                        tokens.push(comment(c));
                    }
                    let after = pos.after(&n.mv);
                    let interrupted = !n.comments_after.is_empty() || !n.variations.is_empty();
                    stack.push(Item::Line {
                        nodes: rest,
                        pos: Box::new(after),
                        force_number: interrupted,
                    });
                    for v in n.variations.iter().rev() {
                        stack.push(Item::Close);
                        stack.push(Item::Line {
                            nodes: v,
                            pos: pos.clone(),
                            force_number: true,
                        });
                        stack.push(Item::Open);
                    }
                }
            }
        }
    }
    tokens.push(game.result.map_or("*", |r| r.pgn()).to_owned());
    // Fill lines up to 80 columns (counting characters).
    let mut col = 0;
    for (i, t) in tokens.iter().enumerate() {
        let w = t.chars().count();
        let glue = i > 0 && tokens[i - 1] == "(" || t == ")";
        if i > 0 && !glue {
            if col + 1 + w > 80 {
                out.push('\n');
                col = 0;
            } else {
                out.push(' ');
                col += 1;
            }
        }
        out.push_str(t);
        col += w;
    }
    out.push_str("\n\n");
    out
}

/// A tag name as PGN reads it back: letters, digits, `_` and `-`; any other character
/// (space, bracket, quote, control) becomes `_`, and an empty name is `_` (a record format
/// may carry names PGN cannot: an empty XML element, say).
fn tag_name(k: &str) -> String {
    let name: String = k
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if name.is_empty() {
        "_".into()
    } else {
        name
    }
}

/// A tag value as PGN writes it: backslash and quote escaped, and line breaks and other
/// control characters (which would end the tag line or start a new game) as spaces.
fn tag_value(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn comment(c: &str) -> String {
    format!("{{{}}}", c.replace('}', "）"))
}
