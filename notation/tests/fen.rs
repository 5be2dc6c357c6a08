//! FEN tables: valid FENs round-trip; invalid ones fail for their stated reason.

use qili_notation::{Color, FenErrorKind, Position, PositionErrorKind, Role, Setup};

#[test]
fn valid_fens_round_trip() {
    let table = [
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            None,
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1",
            Some("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
        ),
        (
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w",
            Some("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
        ),
        ("4k4/9/9/9/9/9/9/9/9/3K5 b - - 12 40", None),
        (
            "4k4/9/9/9/9/9/9/9/9/3K5 b 3 7",
            Some("4k4/9/9/9/9/9/9/9/9/3K5 b - - 3 7"),
        ),
    ];
    for (fen, canonical) in table {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), canonical.unwrap_or(fen));
    }
}

#[test]
fn unreadable_fens_name_reason_and_column() {
    let table: [(&str, FenErrorKind, usize); 7] = [
        ("", FenErrorKind::Empty, 0),
        ("9/9/9", FenErrorKind::RowCount(3), 0),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
            FenErrorKind::RowLength { row: 10, len: 8 },
            50,
        ),
        (
            "rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            FenErrorKind::RowLength { row: 1, len: 10 },
            9,
        ),
        (
            "rnbakabnx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            FenErrorKind::UnknownLetter('x'),
            8,
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
            FenErrorKind::Turn("x".into()),
            60,
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - z 1",
            FenErrorKind::Counter("z".into()),
            66,
        ),
    ];
    assert_errors(table);
}

#[test]
fn fen_fields_split_at_any_white_space_and_columns_count_bytes() {
    // Unicode white space (a no-break space, an ideographic space, a vertical tab) parts
    // the fields as a space does.
    let spaced = "4k4/9/9/9/9/9/9/9/9/3K5\u{a0}b\u{3000}-\u{b}- 12\t40\r\n";
    let setup: Setup = spaced.parse().unwrap();
    assert_eq!(setup.fen(), "4k4/9/9/9/9/9/9/9/9/3K5 b - - 12 40");
    let table: [(&str, FenErrorKind, usize); 6] = [
        // A letter beyond ASCII is named whole, at its byte offset.
        (
            "4k4/9/9/9/9/9/9/9/9/3K4象 w",
            FenErrorKind::UnknownLetter('象'),
            23,
        ),
        // `0` is no count of empty points.
        (
            "4k4/9/9/9/9/9/9/9/9/03K5 w",
            FenErrorKind::UnknownLetter('0'),
            20,
        ),
        // The row count is checked before the rows.
        ("4x4/9/9/9/9/9/9/9/9/9/3K5 w", FenErrorKind::RowCount(11), 0),
        ("8/9/9 w", FenErrorKind::RowCount(3), 0),
        // Eleven whole rows are counted in full.
        ("9/9/9/9/9/9/9/9/9/9/9/9 w", FenErrorKind::RowCount(12), 0),
        // A field after a multi-byte space starts after its last byte.
        (
            "  4k4/9/9/9/9/9/9/9/9/3K5\u{3000}q",
            FenErrorKind::Turn("q".into()),
            28,
        ),
    ];
    assert_errors(table);
}

/// Each FEN of `table` is refused with its reason at its column.
fn assert_errors(table: impl IntoIterator<Item = (&'static str, FenErrorKind, usize)>) {
    for (fen, kind, column) in table {
        let err = fen.parse::<Setup>().expect_err(fen);
        assert_eq!((err.kind, err.column), (kind, column), "{fen}");
    }
}

fn reasons(fen: &str) -> Vec<PositionErrorKind> {
    let setup: Setup = fen.parse().unwrap();
    Position::try_from(setup).expect_err(fen).reasons
}

#[test]
fn illegal_positions_list_every_reason() {
    use PositionErrorKind::*;
    assert_eq!(
        reasons("9/9/9/9/9/9/9/9/9/4K4 w"),
        vec![MissingGeneral(Color::Black)]
    );
    assert_eq!(
        reasons("3kk4/9/9/9/9/9/9/9/9/3K5 w"),
        vec![TooManyGenerals(Color::Black, 2)]
    );
    // Advisor off its five points, elephant off its seven, soldier behind its start rank.
    let r = reasons("3k5/9/9/9/9/9/9/P8/1A5B1/4K4 w");
    assert_eq!(r.len(), 3, "{r:?}");
    assert!(r.iter().all(|k| matches!(k, ImpossibleSquare { .. })));
    // A general out of its palace.
    assert!(matches!(
        reasons("3k5/9/9/9/9/9/9/K8/9/9 w")[..],
        [ImpossibleSquare { .. }]
    ));
    assert_eq!(
        reasons("4k4/9/9/9/9/9/9/9/9/4K4 w"),
        vec![GeneralsFacing('e')]
    );
    // Black (not to move) in check from the red chariot.
    assert_eq!(
        reasons("4k4/9/9/9/9/9/9/9/4R4/3K5 w"),
        vec![OppositeCheck(Color::Black)]
    );
    assert_eq!(
        reasons("3k5/9/9/9/9/9/9/9/9/RRR1K4 w"),
        vec![TooManyPieces {
            color: Color::Red,
            role: Role::Chariot,
            count: 3,
            max: 2
        }]
    );
}

/// `Position::fen` and `Position::board_fen`, written straight from the board's bytes,
/// give exactly the text `Setup` writes from the decoded placement: over the positions of
/// the data table and those two plies below them, and over loose placements filled at
/// random, from nearly empty boards to full ranks (every run length of empty points, at
/// either end of a rank or between pieces), with counters of one to several digits.
#[test]
fn position_fen_agrees_with_setup_fen() {
    use qili_notation::{Piece, Placement, Square};

    let mut positions = Vec::new();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/positions.txt"
    ))
    .unwrap();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let p = Position::from_fen(line).unwrap();
        for m in p.legal_moves() {
            let q = p.after(&m);
            positions.extend(q.legal_moves().iter().step_by(3).map(|r| q.after(r)));
            positions.push(q);
        }
        positions.push(p);
    }
    // Loose placements: a small generator (xorshift) lays a share of the full set of
    // pieces that grows with the board number, half of them on one chosen rank (so that
    // ranks fill up), each on a random empty point; placements the position refuses
    // (generals facing, the side not to move in check) are drawn again.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut bag = Vec::new();
    for color in Color::ALL {
        for (role, count) in Role::ALL.into_iter().zip([0, 2, 2, 2, 2, 2, 5]) {
            bag.extend(std::iter::repeat_n(Piece::new(color, role), count));
        }
    }
    let mut loose = 0;
    for n in 0..6000u64 {
        for _try in 0..20 {
            let mut setup = Setup::empty();
            setup.board[3 + (next() % 3) as usize] = Some(Piece::new(Color::Red, Role::General));
            setup.board[84 + (next() % 3) as usize] = Some(Piece::new(Color::Black, Role::General));
            let rank = (next() % 10) as usize;
            for &p in &bag {
                if next() % 100 >= n % 101 {
                    continue;
                }
                let mut sq = if next() % 2 == 0 {
                    rank * 9 + (next() % 9) as usize
                } else {
                    (next() % 90) as usize
                };
                while setup.board[sq].is_some() {
                    sq = (sq + 1) % 90;
                }
                setup.board[sq] = Some(p);
            }
            setup.turn = Color::ALL[(n % 2) as usize];
            setup.halfmoves = (next() % 10u64.pow((n % 4) as u32 + 1)) as u32;
            setup.fullmoves = 1 + (next() % 10u64.pow((n % 5) as u32)) as u32;
            if let Ok((p, _)) = Position::from_setup(setup, Placement::Loose) {
                positions.push(p);
                loose += 1;
                break;
            }
        }
    }
    assert!(loose > 3000, "{loose} loose placements");
    let mut full_ranks = 0;
    for pos in &positions {
        let setup = Setup::from(pos);
        assert_eq!(pos.fen(), setup.fen());
        assert_eq!(pos.board_fen(), setup.board_fen());
        assert_eq!(pos.fen(), setup.to_string());
        full_ranks += (0..10)
            .filter(|&r| {
                (0..9).all(|f| {
                    pos.piece_at(Square::new((r * 9 + f) as u8).unwrap())
                        .is_some()
                })
            })
            .count();
    }
    assert!(positions.len() > 8_000, "{} positions", positions.len());
    assert!(full_ranks > 1_000, "{full_ranks} full ranks");
}
