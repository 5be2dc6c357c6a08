//! File names and messages made safe for a terminal: [`escape_controls`].

use std::borrow::Cow;

/// `text` with every control character written as an escape, so that a line of text
/// output stays one line and cannot drive the terminal: a newline in a file name would
/// forge a result line, an ESC sequence would recolour, move or retitle the screen.
/// `\n`, `\r` and `\t` become those two characters, other controls (C0, DEL, C1) `\x1b`,
/// and the bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069), which
/// reorder what is shown, `\u{202e}`. Borrowed when there is nothing to escape; escaping
/// twice changes nothing more.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() && (c as u32) < 0x100 => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c if needs_escape(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

fn needs_escape(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_once() {
        assert!(matches!(escape_controls("a/b.pgn#1"), Cow::Borrowed(_)));
        let e = escape_controls("a\nb\x1b[31m\u{7f}\u{9b}\u{202e}c\t");
        assert_eq!(e, "a\\nb\\x1b[31m\\x7f\\x9b\\u{202e}c\\t");
        assert_eq!(escape_controls(&e), e);
        assert_eq!(escape_controls("棋例 ü"), "棋例 ü");
    }
}
