//! CCBridge XML records (`.cbf`): `<ChineseChessRecord>` with a `<Head>` of named fields
//! (`Name`, `Contest`, `Date`, `Red`, `Black`, `FEN`, `RecordResult` …) and a `<MoveList>`
//! of `<Move value="xy-xy">` elements (`x` column 0–8 from the left, `y` row 0–9 from
//! Black's side; `00-00` is the start position), each optionally holding a CDATA comment;
//! `end="1"` marks the last move.
//!
//! The reader is a small XML scanner for exactly this shape: elements, attributes, text,
//! CDATA, comments and the five predefined entities.

use super::builder::GameBuilder;
use super::{ErrorKind, GameResult, ReadGame};
use crate::Square;

/// One XML event.
#[derive(Debug)]
enum Event<'a> {
    Open {
        name: &'a str,
        attrs: Vec<(&'a str, String)>,
        empty: bool,
    },
    Close(&'a str),
    Text(String),
}

/// Scans the next event from `s[*i..]`.
fn next_event<'a>(s: &'a str, i: &mut usize) -> Result<Option<Event<'a>>, (usize, String)> {
    let rest = &s[*i..];
    if rest.is_empty() {
        return Ok(None);
    }
    let at = *i;
    if let Some(r) = rest.strip_prefix("<![CDATA[") {
        let end = r
            .find("]]>")
            .ok_or((at, "unclosed CDATA section".to_owned()))?;
        *i += 9 + end + 3;
        return Ok(Some(Event::Text(r[..end].to_owned())));
    }
    if rest.starts_with("<!--") {
        let end = rest
            .find("-->")
            .ok_or((at, "unclosed XML comment".to_owned()))?;
        *i += end + 3;
        return next_event(s, i);
    }
    if rest.starts_with("<?") || rest.starts_with("<!") {
        let end = rest
            .find('>')
            .ok_or((at, "unclosed declaration".to_owned()))?;
        *i += end + 1;
        return next_event(s, i);
    }
    if let Some(r) = rest.strip_prefix('<') {
        let end = r.find('>').ok_or((at, "unclosed tag '<'".to_owned()))?;
        *i += 1 + end + 1;
        let inner = &r[..end];
        if let Some(name) = inner.strip_prefix('/') {
            return Ok(Some(Event::Close(name.trim())));
        }
        let (inner, empty) = match inner.strip_suffix('/') {
            Some(x) => (x, true),
            None => (inner, false),
        };
        let name_end = inner.find(char::is_whitespace).unwrap_or(inner.len());
        let name = &inner[..name_end];
        let mut attrs = Vec::new();
        let mut a = inner[name_end..].trim_start();
        while !a.is_empty() {
            let eq = a
                .find('=')
                .ok_or((at, format!("attribute without value in <{name}>")))?;
            let key = a[..eq].trim();
            let v = a[eq + 1..].trim_start();
            let q = v.chars().next().filter(|c| *c == '"' || *c == '\'');
            let q = q.ok_or((at, format!("unquoted attribute {key} in <{name}>")))?;
            let close = v[1..]
                .find(q)
                .ok_or((at, format!("unclosed attribute {key}")))?;
            attrs.push((key, unescape(&v[1..1 + close])));
            a = v[1 + close + 1..].trim_start();
        }
        return Ok(Some(Event::Open { name, attrs, empty }));
    }
    let end = rest.find('<').unwrap_or(rest.len());
    *i += end;
    Ok(Some(Event::Text(unescape(&rest[..end]))))
}

fn unescape(s: &str) -> String {
    if !s.contains('&') {
        return s.to_owned();
    }
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// Head field → tag name.
fn tag_name(field: &str) -> &str {
    match field {
        "Name" => "Title",
        "Contest" => "Event",
        "Commentator" => "Annotator",
        "RecordResult" => "Result",
        f => f,
    }
}

/// `xy-xy` → (from, to).
fn parse_value(v: &str) -> Option<(Square, Square)> {
    let b = v.as_bytes();
    if b.len() != 5 || b[2] != b'-' {
        return None;
    }
    let d = |c: u8| c.is_ascii_digit().then(|| (c - b'0') as i8);
    let from = Square::from_xy(d(b[0])?, 9 - d(b[1])?)?;
    let to = Square::from_xy(d(b[3])?, 9 - d(b[4])?)?;
    Some((from, to))
}

/// Reads a CBF document (one game).
pub fn read(xml: &str) -> ReadGame {
    let mut b = GameBuilder::new(0);
    let mut i = 0usize;
    let mut path: Vec<&str> = Vec::new();
    let mut text = String::new();
    let mut first_move = true;
    let mut ended = false;
    let mut in_move = false;
    loop {
        let ev = match next_event(xml, &mut i) {
            Ok(Some(ev)) => ev,
            Ok(None) => break,
            Err((at, msg)) => {
                b.syntax_error(ErrorKind::Syntax(msg), at as u64);
                break;
            }
        };
        match ev {
            Event::Open { name, attrs, empty } => {
                let at = i as u64;
                text.clear();
                if name == "Move" && path.last() == Some(&"MoveList") {
                    let value = attrs
                        .iter()
                        .find(|(k, _)| *k == "value")
                        .map(|(_, v)| v.as_str());
                    if ended {
                        b.syntax_error(
                            ErrorKind::Format(
                                "moves after the end of the line (variations) are not read".into(),
                            ),
                            at,
                        );
                    } else if first_move && value == Some("00-00") {
                        // The start position; its comment is the game comment.
                    } else {
                        match value.and_then(parse_value) {
                            Some((from, to)) => b.move_squares(from, to, at),
                            None => b.bad_move(
                                ErrorKind::Format(format!(
                                    "bad move value {:?}",
                                    value.unwrap_or("")
                                )),
                                at,
                            ),
                        }
                    }
                    first_move = false;
                    if attrs.iter().any(|(k, v)| *k == "end" && v == "1") {
                        ended = true;
                    }
                    in_move = !empty;
                    continue;
                }
                if !empty {
                    path.push(name);
                } else if path.last() == Some(&"Head") {
                    // An empty field.
                }
            }
            Event::Text(t) => text.push_str(&t),
            Event::Close(name) => {
                if name == "Move" && in_move {
                    in_move = false;
                    b.comment(&text);
                    text.clear();
                    continue;
                }
                if path.last() != Some(&name) {
                    b.syntax_error(ErrorKind::Syntax(format!("unexpected </{name}>")), i as u64);
                    break;
                }
                path.pop();
                if path.last() == Some(&"Head") {
                    let value = text.trim();
                    if name == "RecordResult" {
                        let r = match value {
                            "1" => GameResult::RedWins,
                            "2" => GameResult::BlackWins,
                            "3" => GameResult::Draw,
                            _ => GameResult::Unknown,
                        };
                        b.tagged_result(r, i as u64);
                    } else if !value.is_empty() {
                        b.tag(tag_name(name), value, i as u64);
                    }
                }
                text.clear();
            }
        }
    }
    if !path.is_empty() {
        b.syntax_error(
            ErrorKind::Syntax(format!("unclosed <{}>", path.last().expect("non-empty"))),
            xml.len() as u64,
        );
    }
    b.finish()
}
