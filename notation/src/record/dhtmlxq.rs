//! DhtmlXQ / UBB game blocks, as embedded in web pages and forum posts:
//! `[DhtmlXQ]…[/DhtmlXQ]` (or `[DhtmlXQHTML]`) holding `[DhtmlXQ_field]value[/DhtmlXQ_field]`
//! pairs. `binit` places the 32 pieces (two digits `x y` each, `x` column 0–8 from the left,
//! `y` row 0–9 from Black's side, `99` = captured; Red chariot, horse, elephant, advisor,
//! general, advisor, elephant, horse, chariot, two cannons, five soldiers, then Black's);
//! `movelist` is four digits per move (`x y` from, `x y` to). A variation
//! `move_P_S_V` is line `V` branching off line `P` (0 = main line) at ply `S` (its first move
//! is an alternative to ply `S` of line `P`); `commentS` / `commentV_S` comment ply `S` of
//! the main line / of line `V` (`comment0` is the game comment).

use std::collections::HashMap;

use super::builder::GameBuilder;
use super::tree::{listed_piece, RawMove, Tree};
use super::{ErrorKind, GameResult, ReadGame, RecordError};
use crate::{Setup, Square};

/// Field name → PGN tag name.
fn tag_name(field: &str) -> Option<&'static str> {
    Some(match field {
        "title" => "Title",
        "event" => "Event",
        "date" => "Date",
        "place" => "Site",
        "round" => "Round",
        "table" => "Table",
        "red" => "Red",
        "redteam" => "RedTeam",
        "black" => "Black",
        "blackteam" => "BlackTeam",
        "open" => "Opening",
        "timerule" => "TimeControl",
        "group" => "Group",
        "type" => "Type",
        "gametype" => "GameType",
        "other" => "Other",
        "class" => "Class",
        "refer" => "Source",
        "owner" => "Owner",
        "author" => "Author",
        _ => return None,
    })
}

/// A field: name (after `DhtmlXQ_`), value, byte offset of the value.
struct Field<'a> {
    name: &'a str,
    value: &'a str,
    offset: usize,
}

/// The fields of one block (`text` is the block content).
fn fields(text: &str, base: usize) -> Vec<Field<'_>> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(p) = text[i..].find("[DhtmlXQ_") {
        let start = i + p;
        let name_start = start + 9;
        let Some(close) = text[name_start..].find(']') else {
            break;
        };
        let name = &text[name_start..name_start + close];
        let value_start = name_start + close + 1;
        let end_tag = format!("[/DhtmlXQ_{name}]");
        // A value ends at its closing tag, or (in pages that omit them) at the next field.
        // The closing tag is looked for before the next field only: a search through the
        // rest of the text for every field without one made a long run of such fields
        // quadratic (the `large` fuzz target: 82 s for 1 MiB).
        let window = text[value_start..]
            .find("[DhtmlXQ")
            .unwrap_or(text.len() - value_start);
        let (value_end, next) = match text[value_start..value_start + window].find(&end_tag) {
            Some(e) => (value_start + e, value_start + e + end_tag.len()),
            None => (value_start + window, value_start + window),
        };
        out.push(Field {
            name,
            value: &text[value_start..value_end],
            offset: base + value_start,
        });
        i = next;
    }
    out
}

/// The text of every `[DhtmlXQ]` / `[DhtmlXQHTML]` block, with its offset; the whole text
/// when it has no block markers.
fn blocks(text: &str) -> Vec<Block<'_>> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(p) = text[i..].find("[DhtmlXQ") {
        let start = i + p;
        let after = &text[start..];
        let open = if after.starts_with("[DhtmlXQ]") {
            "[DhtmlXQ]"
        } else if after.starts_with("[DhtmlXQHTML]") {
            "[DhtmlXQHTML]"
        } else {
            i = start + 8;
            continue;
        };
        let close = if open == "[DhtmlXQ]" {
            "[/DhtmlXQ]"
        } else {
            "[/DhtmlXQHTML]"
        };
        let body = start + open.len();
        let found = text[body..].find(close);
        let end = found.map_or(text.len(), |e| body + e);
        out.push(Block {
            base: body,
            text: &text[body..end],
            closed: found.is_some(),
        });
        i = (end + close.len()).min(text.len());
    }
    if out.is_empty() && text.contains("[DhtmlXQ_") {
        out.push(Block {
            base: 0,
            text,
            closed: true,
        });
    }
    out
}

/// A `[DhtmlXQ]` block: where its content starts, the content, and whether its closing
/// tag was found (a block without one was cut short).
struct Block<'a> {
    base: usize,
    text: &'a str,
    closed: bool,
}

/// Reads every game block of a text or HTML page.
pub fn read(text: &str) -> Vec<ReadGame> {
    blocks(text)
        .into_iter()
        .enumerate()
        .map(|(index, block)| {
            let mut g = read_block(block.text, block.base, index);
            if !block.closed && g.error.is_none() {
                // The moves read are kept; what followed the cut is lost.
                let end = (block.base + block.text.len()) as u64;
                g.error = Some(
                    RecordError::new(
                        index,
                        ErrorKind::Truncated(
                            "the [DhtmlXQ] block has no closing [/DhtmlXQ]: the file is cut short"
                                .into(),
                        ),
                    )
                    .at_offset(end),
                );
            }
            g
        })
        .collect()
}

fn digits(s: &str) -> Vec<u8> {
    s.bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect()
}

fn read_block(block: &str, base: usize, index: usize) -> ReadGame {
    let mut b = GameBuilder::new(index);
    let fields = fields(block, base);
    let mut setup = Setup::startpos();
    let mut movelist: Option<&Field> = None;
    let mut variations: Vec<(usize, usize, usize, &Field)> = Vec::new();
    let mut comments: HashMap<(usize, usize), &str> = HashMap::new();
    for f in &fields {
        let value = f.value.trim();
        if let Some(name) = tag_name(f.name) {
            if !value.is_empty() {
                b.tag(name, value, f.offset as u64);
            }
        } else if f.name == "result" {
            if let Some(r) = GameResult::parse(value) {
                b.tagged_result(r, f.offset as u64);
            }
        } else if f.name == "binit" {
            let d = digits(value);
            if d.len() == 64 {
                setup = Setup::empty();
                for i in 0..32 {
                    let (x, y) = (d[2 * i], d[2 * i + 1]);
                    if x > 8 {
                        continue;
                    }
                    if let Some(sq) = Square::from_xy(x as i8, 9 - y as i8) {
                        setup.board[sq.index()] = Some(listed_piece(i));
                    }
                }
            } else {
                b.syntax_error(
                    ErrorKind::Format(format!("binit has {} digits, expected 64", d.len())),
                    f.offset as u64,
                );
            }
        } else if f.name == "movelist" {
            movelist = Some(f);
        } else if let Some(rest) = f.name.strip_prefix("move_") {
            let n: Vec<usize> = rest.split('_').filter_map(|x| x.parse().ok()).collect();
            if let [p, s, v] = n[..] {
                variations.push((p, s, v, f));
            }
        } else if let Some(rest) = f.name.strip_prefix("comment") {
            let n: Vec<usize> = rest.split('_').filter_map(|x| x.parse().ok()).collect();
            match n[..] {
                [s] => {
                    comments.insert((0, s), f.value);
                }
                [v, s] => {
                    comments.insert((v, s), f.value);
                }
                _ => {}
            }
        }
    }

    // Lines: id → (parent line, first ply, nodes by ply from the first).
    let mut tree = Tree::new();
    if let Some(c) = comments.get(&(0, 0)) {
        tree.nodes[0].comment = Some(clean_comment(c));
    }
    struct Line {
        parent: usize,
        start: usize,
        nodes: Vec<usize>,
    }
    let mut lines: HashMap<usize, Line> = HashMap::new();
    let node_at = |lines: &HashMap<usize, Line>, mut line: usize, ply: usize| -> Option<usize> {
        if ply == 0 {
            return Some(0);
        }
        for _ in 0..=lines.len() {
            let l = lines.get(&line)?;
            if ply >= l.start {
                return l.nodes.get(ply - l.start).copied();
            }
            line = l.parent;
        }
        None
    };
    let add_line = |tree: &mut Tree,
                    lines: &mut HashMap<usize, Line>,
                    id: usize,
                    parent: usize,
                    start: usize,
                    f: &Field|
     -> bool {
        let Some(mut at) = node_at(lines, parent, start - 1) else {
            return false;
        };
        let d = digits(f.value);
        let mut nodes = Vec::new();
        for (k, m) in d.chunks(4).enumerate() {
            let off = (f.offset + 4 * k) as u64;
            let mv = if m.len() == 4 && m[0] <= 8 && m[2] <= 8 {
                match (
                    Square::from_xy(m[0] as i8, 9 - m[1] as i8),
                    Square::from_xy(m[2] as i8, 9 - m[3] as i8),
                ) {
                    (Some(a), Some(z)) => RawMove::Squares(a, z),
                    _ => RawMove::Bad(format!("move {} is off the board", coords(m))),
                }
            } else {
                RawMove::Bad(format!("move {} is not four coordinates", coords(m)))
            };
            at = tree.add(at, mv, off);
            if let Some(c) = comments.get(&(id, start + k)) {
                tree.nodes[at].comment = Some(clean_comment(c));
            }
            nodes.push(at);
        }
        lines.insert(
            id,
            Line {
                parent,
                start,
                nodes,
            },
        );
        true
    };
    if let Some(f) = movelist {
        add_line(&mut tree, &mut lines, 0, 0, 1, f);
    } else {
        lines.insert(
            0,
            Line {
                parent: 0,
                start: 1,
                nodes: Vec::new(),
            },
        );
    }
    variations.sort_by_key(|v| v.2);
    let mut todo = variations;
    loop {
        let before = todo.len();
        todo.retain(|&(p, s, v, f)| s == 0 || !add_line(&mut tree, &mut lines, v, p, s, f));
        if todo.is_empty() || todo.len() == before {
            break;
        }
    }
    for (_, _, v, f) in todo {
        b.syntax_error(
            ErrorKind::Format(format!(
                "variation {v} branches off a move that does not exist"
            )),
            f.offset as u64,
        );
    }
    tree.replay_from(setup, base as u64, &mut b);
    b.finish()
}

/// Coordinates as written (`7747`).
fn coords(digits: &[u8]) -> String {
    digits.iter().map(|d| char::from(b'0' + d)).collect()
}

/// DhtmlXQ comments use `||` for line breaks.
fn clean_comment(c: &str) -> String {
    c.replace("||", "\n").trim().to_owned()
}
