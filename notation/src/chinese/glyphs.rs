//! The characters of the Chinese notations: piece names (simplified, traditional and the
//! usual variants), numerals (Chinese, ASCII and full-width digits), direction and tandem
//! words.

use crate::descriptive::{fold_width, Direction, Tandem};
use crate::{Color, Role};

/// How a number was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Digits {
    /// 一 … 九 (Red's numbers).
    Chinese,
    /// 1 … 9, ASCII or full-width (Black's numbers).
    Arabic,
}

/// A piece name: its role, and its colour when the glyph is one side's own.
pub(crate) fn piece(c: char) -> Option<(Role, Option<Color>)> {
    use Color::{Black, Red};
    use Role::*;
    Some(match c {
        '帅' | '帥' => (General, Some(Red)),
        '将' | '將' => (General, Some(Black)),
        '仕' => (Advisor, Some(Red)),
        '士' => (Advisor, Some(Black)),
        '相' => (Elephant, Some(Red)),
        '象' => (Elephant, Some(Black)),
        '马' | '馬' => (Horse, None),
        '傌' | '㐷' => (Horse, Some(Red)),
        '车' | '車' => (Chariot, None),
        '俥' | '伡' => (Chariot, Some(Red)),
        '炮' => (Cannon, None),
        '砲' | '包' => (Cannon, Some(Black)),
        '兵' => (Soldier, Some(Red)),
        '卒' => (Soldier, Some(Black)),
        _ => return None,
    })
}

/// What one character can stand for in a move (any of these, or none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Glyph {
    /// As [`piece`].
    pub piece: Option<(Role, Option<Color>)>,
    /// As [`numeral`].
    pub numeral: Option<(u8, Digits)>,
    /// As [`direction`].
    pub direction: Option<Direction>,
}

impl Glyph {
    fn of(c: char) -> Glyph {
        Glyph {
            piece: piece(c),
            numeral: numeral(c),
            direction: direction(c),
        }
    }
}

/// First code point of the CJK Unified Ideographs block, where the words of moves are.
const CJK_START: u32 = 0x4E00;
/// Code points in that block.
const CJK_LEN: usize = 0x5200;

/// The characters [`piece`], [`numeral`] and [`direction`] give a meaning to (a test
/// checks that no other character has one).
const GLYPH_CHARS: &str =
    "帅帥将將仕士相象马馬傌㐷车車俥伡炮砲包兵卒一二三四五六七八九〇进進上退下平";

/// [`Glyph::of`] for every ideograph of the block: an index per code point into the
/// distinct glyphs (0 is the empty one).
struct Table {
    index: Vec<u8>,
    glyphs: Vec<Glyph>,
}

fn table() -> &'static Table {
    use std::sync::OnceLock;
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Table {
            index: vec![0; CJK_LEN],
            glyphs: vec![Glyph::of('\0')],
        };
        for c in GLYPH_CHARS.chars() {
            let i = (c as u32).wrapping_sub(CJK_START) as usize;
            if i < CJK_LEN && t.glyphs.len() < 256 {
                t.index[i] = t.glyphs.len() as u8;
                t.glyphs.push(Glyph::of(c));
            }
        }
        t
    })
}

/// [`piece`], [`numeral`] and [`direction`] of `c` at once (by table for ideographs and
/// digits, without a chain of comparisons).
pub(crate) fn glyph(c: char) -> Glyph {
    let i = (c as u32).wrapping_sub(CJK_START) as usize;
    if i < CJK_LEN {
        let t = table();
        return t.glyphs[usize::from(t.index[i])];
    }
    let digit = match c {
        '0'..='9' => c as u32 - '0' as u32,
        '０'..='９' => c as u32 - '０' as u32,
        _ => return Glyph::of(c),
    };
    Glyph {
        piece: None,
        numeral: Some((digit as u8, Digits::Arabic)),
        direction: None,
    }
}

/// The glyph of a piece.
pub(crate) fn piece_glyph(role: Role, color: Color, traditional: bool) -> char {
    match (role, color, traditional) {
        (Role::General, Color::Red, false) => '帅',
        (Role::General, Color::Red, true) => '帥',
        (Role::General, Color::Black, false) => '将',
        (Role::General, Color::Black, true) => '將',
        (Role::Advisor, Color::Red, _) => '仕',
        (Role::Advisor, Color::Black, _) => '士',
        (Role::Elephant, Color::Red, _) => '相',
        (Role::Elephant, Color::Black, _) => '象',
        (Role::Horse, _, false) => '马',
        (Role::Horse, _, true) => '馬',
        (Role::Chariot, _, false) => '车',
        (Role::Chariot, _, true) => '車',
        (Role::Cannon, _, _) => '炮',
        (Role::Soldier, Color::Red, _) => '兵',
        (Role::Soldier, Color::Black, _) => '卒',
    }
}

/// The Chinese numerals 一 … 九.
const CHINESE: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// A numeral 0–9 and how it was written (0 is read so that it can be reported as out of range).
pub(crate) fn numeral(c: char) -> Option<(u8, Digits)> {
    if let Some(i) = CHINESE.iter().position(|&x| x == c) {
        return Some((i as u8 + 1, Digits::Chinese));
    }
    match fold_width(c) {
        d @ '0'..='9' => Some((d as u8 - b'0', Digits::Arabic)),
        '〇' => Some((0, Digits::Chinese)),
        _ => None,
    }
}

/// The Chinese numeral of 1–9 (`?` outside).
pub(crate) fn chinese_numeral(n: u8) -> char {
    CHINESE
        .get((n as usize).wrapping_sub(1))
        .copied()
        .unwrap_or('?')
}

/// The ASCII digit of 1–9 (`?` outside).
pub(crate) fn ascii_digit(n: u8) -> char {
    if (1..=9).contains(&n) {
        (b'0' + n) as char
    } else {
        '?'
    }
}

/// 进 退 平 (with 進 and the old 上/下).
pub(crate) fn direction(c: char) -> Option<Direction> {
    match c {
        '进' | '進' | '上' => Some(Direction::Advance),
        '退' | '下' => Some(Direction::Retreat),
        '平' => Some(Direction::Traverse),
        _ => None,
    }
}

/// The word of a direction.
pub(crate) fn direction_word(d: Direction, traditional: bool) -> char {
    match (d, traditional) {
        (Direction::Advance, false) => '进',
        (Direction::Advance, true) => '進',
        (Direction::Retreat, _) => '退',
        (Direction::Traverse, _) => '平',
    }
}

/// 前 中 后 (後).
pub(crate) fn place(c: char) -> Option<Tandem> {
    match c {
        '前' => Some(Tandem::Front),
        '中' => Some(Tandem::Middle),
        '后' | '後' => Some(Tandem::Rear),
        _ => None,
    }
}

/// The word of a place in a tandem (一…五 for [`Tandem::Nth`]).
pub(crate) fn place_word(t: Tandem, traditional: bool) -> char {
    match (t, traditional) {
        (Tandem::Front, _) => '前',
        (Tandem::Middle, _) => '中',
        (Tandem::Rear, false) => '后',
        (Tandem::Rear, true) => '後',
        (Tandem::Nth(n), _) => chinese_numeral(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table gives what the three functions give, for every character.
    #[test]
    fn glyph_agrees_with_the_functions() {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            assert_eq!(glyph(c), Glyph::of(c), "{c:?}");
        }
        assert!(table().glyphs.len() < 256);
    }
}
