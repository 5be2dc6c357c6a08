//! Round trips of every notation: for every legal move of every fixture position (and of
//! positions reached by playing from the start), `from_move` → `Display` → `FromStr` →
//! `to_move` gives the move back, in every notation and style, for both colours.

mod common;

use qili_notation::{
    movetext, Abbreviated, Chinese, ChineseStyle, Iccs, Move, Notation, Position, Wxf, WxfStyle,
};

/// The board turned round: ranks reversed, colours swapped, the other side to move.
fn swap_colours(fen: &str) -> String {
    let mut parts = fen.split(' ');
    let board = parts.next().unwrap();
    let turn = parts.next().unwrap_or("w");
    let rows: Vec<String> = board
        .split('/')
        .rev()
        .map(|r| {
            r.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let turn = if turn == "b" { "w" } else { "b" };
    format!("{} {turn} - - 0 1", rows.join("/"))
}

/// The board mirrored left to right.
fn mirror(fen: &str) -> String {
    let mut parts = fen.split(' ');
    let board = parts.next().unwrap();
    let rest: Vec<&str> = parts.collect();
    let rows: Vec<String> = board
        .split('/')
        .map(|r| {
            let mut cells = Vec::new();
            for c in r.chars() {
                match c.to_digit(10) {
                    Some(n) => cells.extend((0..n).map(|_| '1')),
                    None => cells.push(c),
                }
            }
            cells.reverse();
            let mut out = String::new();
            let mut empty = 0;
            for c in cells {
                if c == '1' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    format!("{} {}", rows.join("/"), rest.join(" "))
}

fn fixture_positions() -> Vec<Position> {
    let text = common::data("notation_positions.txt");
    let mut out = Vec::new();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        for fen in [
            line.to_owned(),
            swap_colours(line),
            mirror(line),
            mirror(&swap_colours(line)),
        ] {
            let pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            out.push(pos);
        }
    }
    out
}

/// Positions of a few deterministic pseudo-random games from the start.
fn played_positions() -> Vec<Position> {
    let mut out = Vec::new();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..12 {
        let mut pos = Position::startpos();
        for _ in 0..90 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            out.push(pos.clone());
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = moves[(seed >> 33) as usize % moves.len()];
            pos.play_unchecked(&m);
        }
    }
    out
}

const CHINESE_STYLES: [ChineseStyle; 4] = [
    ChineseStyle {
        traditional: false,
        fullwidth_digits: false,
    },
    ChineseStyle {
        traditional: true,
        fullwidth_digits: false,
    },
    ChineseStyle {
        traditional: false,
        fullwidth_digits: true,
    },
    ChineseStyle {
        traditional: true,
        fullwidth_digits: true,
    },
];

const WXF_STYLES: [WxfStyle; 4] = [
    WxfStyle {
        fullwidth: false,
        lowercase: false,
        equals_for_traverse: false,
    },
    WxfStyle {
        fullwidth: true,
        lowercase: false,
        equals_for_traverse: true,
    },
    WxfStyle {
        fullwidth: false,
        lowercase: true,
        equals_for_traverse: false,
    },
    WxfStyle {
        fullwidth: true,
        lowercase: true,
        equals_for_traverse: false,
    },
];

#[derive(Default)]
struct Tally {
    moves: usize,
    texts: usize,
    chinese_tandems: usize,
    chinese_tandems_with_file: usize,
    soldier_indexes: usize,
    short_with_direction: usize,
}

fn check(pos: &Position, m: &Move, t: &mut Tally) {
    let ctx = || format!("{m} in {}", pos.fen());
    t.moves += 1;

    let c = Chinese::from_move(pos, m);
    for style in CHINESE_STYLES {
        let text = c.display(style).to_string();
        let back: Chinese = text
            .parse()
            .unwrap_or_else(|e| panic!("{text}: {e} ({})", ctx()));
        assert_eq!(back.to_move(pos), Ok(*m), "{text} ({})", ctx());
        t.texts += 1;
    }
    assert_eq!(
        c.to_string().parse::<Chinese>().unwrap(),
        c,
        "{c} reads back as written"
    );
    if let qili_notation::Origin::Tandem { place, file } = c.origin {
        t.chinese_tandems += 1;
        t.chinese_tandems_with_file += file.is_some() as usize;
        t.soldier_indexes += matches!(place, qili_notation::Tandem::Nth(_)) as usize;
    }

    let a = Abbreviated::from_move(pos, m);
    for style in CHINESE_STYLES {
        let text = a.display(style).to_string();
        let back: Abbreviated = text
            .parse()
            .unwrap_or_else(|e| panic!("{text}: {e} ({})", ctx()));
        assert_eq!(back.to_move(pos), Ok(*m), "{text} ({})", ctx());
        t.texts += 1;
    }
    t.short_with_direction += a.direction.is_some() as usize;

    let w = Wxf::from_move(pos, m);
    for style in WXF_STYLES {
        let text = w.display(style).to_string();
        let back: Wxf = text
            .parse()
            .unwrap_or_else(|e| panic!("{text}: {e} ({})", ctx()));
        assert_eq!(back.to_move(pos), Ok(*m), "{text} ({})", ctx());
        t.texts += 1;
    }

    let i = Iccs::from_move(m);
    assert_eq!(i.to_string().parse::<Iccs>().unwrap().to_move(pos), Ok(*m));

    // The dispatcher, with and without a hint, reads every canonical text back.
    for n in Notation::TRY_ORDER {
        let text = movetext::write_move(pos, m, n);
        assert_eq!(
            movetext::parse_move(pos, &text, Some(n)),
            Ok(*m),
            "{n:?} {text} ({})",
            ctx()
        );
        assert_eq!(
            movetext::parse_move(pos, &text, None),
            Ok(*m),
            "unhinted {text} ({})",
            ctx()
        );
    }
}

#[test]
fn round_trip_fixture_positions() {
    let mut t = Tally::default();
    for pos in fixture_positions() {
        for m in pos.legal_moves() {
            check(&pos, &m, &mut t);
        }
    }
    eprintln!("fixtures: {} moves, {} texts, {} tandems ({} with file, {} indexed), {} abbreviated with direction", t.moves, t.texts, t.chinese_tandems, t.chinese_tandems_with_file, t.soldier_indexes, t.short_with_direction);
    assert!(t.moves > 1200, "{} moves", t.moves);
    // The fixtures must exercise every tandem form.
    assert!(
        t.chinese_tandems > 200,
        "{} tandem moves",
        t.chinese_tandems
    );
    assert!(
        t.chinese_tandems_with_file > 40,
        "{} tandems with a file",
        t.chinese_tandems_with_file
    );
    assert!(
        t.soldier_indexes > 20,
        "{} indexed soldiers",
        t.soldier_indexes
    );
    assert!(
        t.short_with_direction > 50,
        "{} abbreviated with direction",
        t.short_with_direction
    );
}

#[test]
fn round_trip_played_positions() {
    let mut t = Tally::default();
    for pos in played_positions() {
        for m in pos.legal_moves() {
            check(&pos, &m, &mut t);
        }
    }
    eprintln!("played: {} moves, {} texts", t.moves, t.texts);
    assert!(t.moves > 20_000, "{} moves", t.moves);
}
