//! A position as a text diagram, for explanations read on a terminal or a score sheet.

use qili_notation::{Position, Square};

use super::Lang;

/// The position as a text board, Black at the top, files `a`–`i` and ranks `9`–`0` as in
/// ICCS, then a legend. English: FEN letters (upper case Red, lower case Black) and `.` for
/// an empty point. Chinese: the characters of [`crate::terms::piece_glyph`] (Red's
/// chariot and horse 俥 傌, Black's cannon 砲, as on every board qili draws) and `＋` for an
/// empty point.
///
/// ```
/// use qili_analyzer::explain::{board_text, Lang};
/// use qili_notation::Position;
/// let b = board_text(&Position::startpos(), Lang::En);
/// assert!(b.lines().nth(1).unwrap().ends_with("r n b a k a b n r"));
/// ```
pub fn board_text(pos: &Position, lang: Lang) -> String {
    let mut s = String::new();
    match lang {
        Lang::En => s.push_str("    a b c d e f g h i\n"),
        Lang::Zh => s.push_str("    ａｂｃｄｅｆｇｈｉ\n"),
    }
    for rank in (0..10).rev() {
        s.push_str(&format!(" {rank}  "));
        let mut cells = Vec::with_capacity(9);
        for file in 0..9 {
            let piece = Square::from_xy(file, rank).and_then(|sq| pos.piece_at(sq));
            let cell = match (lang, piece) {
                (Lang::En, Some(p)) => p.char().to_string(),
                (Lang::En, None) => ".".to_string(),
                (Lang::Zh, Some(p)) => crate::terms::piece_glyph(p.color, p.role).to_string(),
                (Lang::Zh, None) => "＋".to_string(),
            };
            cells.push(cell);
        }
        let sep = match lang {
            Lang::En => " ",
            Lang::Zh => "",
        };
        s.push_str(&cells.join(sep));
        s.push('\n');
    }
    match lang {
        Lang::En => s.push_str(
            "    (upper case Red, lower case Black: K general, A advisor, B elephant, N horse, R chariot, C cannon, P soldier)\n",
        ),
        Lang::Zh => s.push_str("    （红方：帅仕相俥傌炮兵；黑方：将士象车马砲卒）\n"),
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_both_languages() {
        let p = Position::startpos();
        let en = board_text(&p, Lang::En);
        let lines: Vec<&str> = en.lines().collect();
        assert_eq!(lines.len(), 12, "{en}");
        assert_eq!(lines[1], " 9  r n b a k a b n r");
        assert_eq!(lines[3], " 7  . c . . . . . c .");
        assert_eq!(lines[10], " 0  R N B A K A B N R");
        let zh = board_text(&p, Lang::Zh);
        let lines: Vec<&str> = zh.lines().collect();
        assert_eq!(lines[1], " 9  车马象士将士象马车");
        assert_eq!(lines[3], " 7  ＋砲＋＋＋＋＋砲＋");
        assert_eq!(lines[8], " 2  ＋炮＋＋＋＋＋炮＋");
        assert_eq!(lines[10], " 0  俥傌相仕帅仕相傌俥");
        // Every row is nine cells wide (full-width characters in Chinese).
        for l in &lines[1..11] {
            assert_eq!(l.chars().count(), 4 + 9, "{l}");
        }
    }
}
