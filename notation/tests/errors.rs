//! Errors hand back the value they refused: the move and the position of an illegal move,
//! the setup of an illegal position; their messages are the ones readers print.

use qili_notation::{
    Color, Error, Iccs, Placement, Position, PositionErrorKind, Setup, UcciPosition,
};

/// After 炮二平五 it is Black's move: Red's h2e2 again is refused.
fn after_h2e2() -> (Position, qili_notation::Move) {
    let mut pos = Position::startpos();
    let m = "h2e2".parse::<Iccs>().unwrap().to_move(&pos).unwrap();
    pos.play(&m).unwrap();
    (pos, m)
}

#[test]
fn illegal_move_hands_back_the_move_and_the_position() {
    let (mut pos, m) = after_h2e2();
    let before = pos.clone();
    let e = pos.play(&m).unwrap_err();
    assert_eq!(pos.fen(), before.fen(), "an illegal move changes nothing");
    assert_eq!(e.mv(), m);
    assert_eq!(e.position().fen(), before.fen());
    assert_eq!(
        e.to_string(),
        "illegal move h2e2 in rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    );
    let back = e.into_position();
    assert_eq!(back.fen(), before.fen());
    assert!(
        back.is_legal(&back.legal_moves()[0]),
        "a position to go on with"
    );
}

#[test]
fn replay_error_hands_back_the_coordinates_and_the_position() {
    let line: UcciPosition = "position startpos moves h2e2 h9g7 e2e9".parse().unwrap();
    let e = line.replay().unwrap_err();
    let Error::IllegalMove { ply, mv, position } = &e else {
        panic!("not an illegal move: {e:?}");
    };
    assert_eq!(*ply, 3);
    assert_eq!(*mv, "e2e9".parse::<Iccs>().unwrap());
    assert_eq!(
        position.fen(),
        "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
    );
    assert_eq!(
        e.to_string(),
        "ply 3: illegal move e2e9 in rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
    );
}

#[test]
fn position_error_hands_back_the_setup_and_every_reason() {
    // No red general, and a black soldier behind its start rank.
    let setup: Setup = "4k4/9/p8/9/9/9/9/9/9/9 w - - 0 1".parse().unwrap();
    for placement in [Placement::Strict, Placement::Loose] {
        let e = Position::from_setup(setup.clone(), placement).unwrap_err();
        assert_eq!(e.setup(), &setup);
        assert!(e
            .reasons
            .contains(&PositionErrorKind::MissingGeneral(Color::Red)));
        assert_eq!(
            e.reasons.len(),
            if placement == Placement::Strict { 2 } else { 1 },
            "{placement:?}: {e}"
        );
        assert_eq!(e.into_setup(), setup);
    }
    // The generals facing: found once the board has both, the setup still handed back.
    let facing: Setup = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1".parse().unwrap();
    let e = Position::try_from(facing.clone()).unwrap_err();
    assert_eq!(e.reasons, [PositionErrorKind::GeneralsFacing('e')]);
    assert_eq!(
        e.to_string(),
        "illegal position: the generals face each other on file e"
    );
    assert_eq!(e.into_setup(), facing);
}

#[test]
fn errors_stay_small() {
    // Boxed values keep the errors cheap to return (clippy's `result_large_err`: 128 bytes).
    assert!(std::mem::size_of::<qili_notation::IllegalMove>() <= 32);
    assert!(std::mem::size_of::<Error>() <= 64);
}

#[test]
fn ucci_errors_hand_back_the_text_refused() {
    use qili_notation::ucci::{UcciError, UcciErrorKind};
    let read = |line: &str| line.parse::<UcciPosition>().unwrap_err();
    let e = read("position foo");
    assert_eq!(e.kind, UcciErrorKind::Start(Some("foo".into())));
    assert_eq!(
        e.to_string(),
        "invalid UCCI position line at column 9: expected `startpos` or `fen`, found \"foo\""
    );
    let e = read("position");
    assert_eq!((e.kind.clone(), e.column), (UcciErrorKind::Start(None), 8));
    assert_eq!(
        e.to_string(),
        "invalid UCCI position line at column 8: expected `startpos` or `fen`"
    );
    assert_eq!(
        read("position fen moves h2e2"),
        UcciError {
            kind: UcciErrorKind::MissingFen,
            column: 9
        }
    );
    let e = read("position startpos h2e2");
    assert_eq!(e.kind, UcciErrorKind::Moves("h2e2".into()));
    assert_eq!(
        e.to_string(),
        "invalid UCCI position line at column 18: expected `moves`, found \"h2e2\""
    );
    let e = read("position fen 4k4/9/9/9/9/9/9/9/9/4X4 w moves");
    assert_eq!(
        e.kind,
        UcciErrorKind::Fen(qili_notation::FenErrorKind::UnknownLetter('X'))
    );
    assert_eq!(
        e.to_string(),
        "invalid UCCI position line at column 34: unknown piece letter 'X'"
    );
    let e = read("position startpos moves h2e2 h2x2");
    let UcciErrorKind::Move(m) = &e.kind else {
        panic!("not a move: {e:?}");
    };
    assert_eq!((m.text.as_str(), m.column, e.column), ("h2x2", 2, 31));
    assert_eq!(
        e.to_string(),
        "invalid UCCI position line at column 31: invalid ICCS move \"h2x2\" at column 2: expected e.g. h2e2 or H2-E2"
    );
}
