//! Move generation checks: perft tables from a data file, legal_moves/is_legal agreement,
//! incremental Zobrist keys against full recomputation.

mod common;

use qili_notation::{
    parse_move, perft, write_move, zobrist, Color, Notation, Position, Role, Square,
};

/// The largest perft count run in `cargo test` (keeps the suite quick).
const NODE_CAP: u64 = 5_000_000;

fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

#[test]
fn perft_table() {
    let text = common::data("perft.txt");
    let mut ran = 0;
    for line in lines(&text) {
        let mut parts = line.split(';');
        let pos = Position::from_fen(parts.next().unwrap().trim()).unwrap();
        for entry in parts {
            let mut it = entry.split_whitespace();
            let depth: u32 = it.next().unwrap().parse().unwrap();
            let nodes: u64 = it.next().unwrap().parse().unwrap();
            if nodes > NODE_CAP {
                continue;
            }
            assert_eq!(perft(&pos, depth), nodes, "perft {depth} of {}", pos.fen());
            ran += 1;
        }
    }
    assert!(ran >= 6, "ran {ran} perft entries");
}

fn positions() -> Vec<Position> {
    let text = common::data("positions.txt");
    let mut out = Vec::new();
    for line in lines(&text) {
        out.push(Position::from_fen(line).unwrap_or_else(|e| panic!("{line}: {e}")));
    }
    // Grow the table with the positions two plies below each entry.
    let mut grown = out.clone();
    for p in &out {
        for m in p.legal_moves().iter().step_by(5) {
            let q = p.after(m);
            for m2 in q.legal_moves().iter().step_by(7) {
                grown.push(q.after(m2));
            }
            grown.push(q);
        }
    }
    grown
}

#[test]
fn legal_moves_agree_with_is_legal() {
    let roles = Role::ALL;
    let mut checked = 0u64;
    for pos in positions() {
        let legal = pos.legal_moves();
        for from in Square::all() {
            for to in Square::all() {
                // Every role/capture combination: only the one read off the board may be legal.
                let real = pos.move_from_squares(from, to);
                for role in roles {
                    let m = qili_notation::Move {
                        role,
                        from,
                        to,
                        capture: pos.piece_at(to).map(|p| p.role),
                    };
                    let expect = legal.contains(&m);
                    assert_eq!(pos.is_legal(&m), expect, "{m} ({role:?}) in {}", pos.fen());
                    if expect {
                        assert_eq!(Some(m), real);
                    }
                    checked += 1;
                }
            }
        }
        // Every legal move leaves the mover's general unattacked and the generals apart.
        for m in &legal {
            let after = pos.after(m);
            assert!(
                !after.is_general_attacked(pos.turn()),
                "{m} in {}",
                pos.fen()
            );
        }
        if legal.is_empty() {
            assert!(pos.is_checkmate() || pos.is_stalemate());
        }
    }
    assert!(checked > 1_000_000);
}

#[test]
fn zobrist_incremental_matches_recomputation() {
    for pos in positions() {
        assert_eq!(pos.zobrist(), zobrist::compute(&pos.board(), pos.turn()));
        for m in pos.legal_moves() {
            let after = pos.after(&m);
            assert_eq!(
                after.zobrist(),
                zobrist::compute(&after.board(), after.turn()),
                "{m}"
            );
            let reparsed = Position::from_fen(&after.fen()).unwrap();
            assert_eq!(reparsed, after);
            assert_eq!(reparsed.zobrist(), after.zobrist());
        }
    }
}

#[test]
fn facing_generals_pin_and_checks() {
    // The red horse on e4 stands between the generals: it may not move at all.
    let pos = Position::from_fen("4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1").unwrap();
    let e4: Square = "e4".parse().unwrap();
    assert!(pos.legal_moves_from(e4).is_empty());
    assert!(pos.pinned(qili_notation::Color::Red).contains(e4));
    // A chariot check on the e-file.
    let pos = Position::from_fen("5k3/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1").unwrap();
    assert!(!pos.is_check());
    let pos = Position::from_fen("5k3/9/9/9/9/9/9/9/3r5/3K5 w - - 0 1").unwrap();
    assert!(pos.is_check());
    assert_eq!(pos.checkers().count(), 1);
}

/// The positions of the probe tests: the data file's positions, short lines from
/// positions with checks, double checks, pins, facing generals, cannon screens and horse
/// legs, and every position reached by a check.
fn probe_positions() -> Vec<Position> {
    let bench = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
        // A cannon check appears when a screen steps onto the e-file; the e4 horse is
        // pinned by the facing generals; the d8 horse's leg is d9's neighbour.
        "3k5/3n5/9/9/4N4/9/9/9/4C4/4K4 w - - 0 1",
        "3ak4/4a4/4b4/9/4c4/9/4R4/9/3K5/9 b - - 0 1",
        // Double checks: the e5 horse uncovers the chariot; a chariot on e5 both checks
        // and screens the e1 cannon.
        "4k4/9/9/9/4N4/9/9/4R4/9/3K5 w - - 0 1",
        "4k4/9/9/9/6R2/9/9/9/4C4/3K5 w - - 0 1",
        // A triple check (chariot, horse, cannon) with a black chariot that cannot help.
        "R3k4/8r/3NP4/9/4C4/9/9/9/9/3K5 b - - 0 1",
        // The e5 cannon, first on the black general's file, checks only by capturing away
        // from it (e3, over the e4 soldier, which then screens it).
        "4k4/9/9/9/4C4/4P4/4p4/9/9/3K5 w - - 0 1",
        // The f9 soldier, on the black general's rank, checks by stepping next to it
        // (e9) or by leaving it, the h9 cannon then having one screen: capturing away
        // from the general (g9) does. Without the cannon, only the step next to it.
        "3k1PbC1/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        "3k1Pb2/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        // Uncovered checks: the f9 horse, second on the black general's rank, leaves the
        // h9 cannon one screen; the f8 chariot, on a leg of the e9 general, frees the f7
        // horse.
        "3krN1C1/9/9/9/9/9/9/9/9/5K3 w - - 0 1",
        "4k4/5R3/5N3/9/9/9/9/9/9/3K5 w - - 0 1",
    ];
    // The checking moves of the last three, by destination.
    for (fen, want) in [
        (bench[8], &["e3"][..]),
        (bench[9], &["e9", "g9"][..]),
        (bench[10], &["e9"][..]),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let mut checks = Vec::new();
        pos.checking_moves_into(&mut checks);
        let to: Vec<_> = checks.iter().map(|m| m.to.to_string()).collect();
        assert_eq!(to, want, "{fen}");
    }
    let triple = Position::from_fen(bench[7]).unwrap();
    assert_eq!(triple.checkers().count(), 3, "{}", triple.fen());
    let mut all = positions();
    for fen in bench {
        let root = Position::from_fen(fen).unwrap();
        for m in root.legal_moves() {
            let p = root.after(&m);
            all.extend(p.legal_moves().iter().map(|r| p.after(r)));
            all.push(p);
        }
        all.push(root);
    }
    // And every position reached by a check (the side to move in check).
    let checked: Vec<Position> = all
        .iter()
        .flat_map(|p| p.legal_moves().into_iter().map(|m| p.after(&m)))
        .filter(Position::is_check)
        .collect();
    all.extend(checked);
    all
}

/// The legality filter and check test of [`qili_notation::MoveProbe`] (which re-test only
/// the checkers and the lines and legs a move changes) against building the position
/// after every pseudo-legal move: positions with checks, double checks, pins, facing
/// generals, cannon screens and horse legs, and the same positions with the turn passed
/// (so the side to move may already attack the other general).
#[test]
fn probe_agrees_with_playing_the_move() {
    let all = probe_positions();
    let (mut moves, mut in_check, mut double, mut checks, mut illegal, mut passed_check) =
        (0, 0, 0, 0, 0, 0);
    let (mut checking_lists, mut quick_lists) = (0, 0);
    let mut pseudo = Vec::new();
    for pos in &all {
        for q in [pos.clone(), pos.passed()] {
            let us = q.turn();
            pseudo.clear();
            q.pseudo_moves(&mut pseudo);
            let mut probe = q.probe();
            let n_checkers = q.checkers().count();
            in_check += usize::from(n_checkers > 0);
            double += usize::from(n_checkers > 1);
            passed_check += usize::from(q.is_general_attacked(!us));
            let mut expect_legal = pseudo.clone();
            let mut i = 0;
            while i < expect_legal.len() {
                if q.after(&expect_legal[i]).is_general_attacked(us) {
                    expect_legal.swap_remove(i);
                } else {
                    i += 1;
                }
            }
            for m in &pseudo {
                let after = q.after(m);
                let safe = !after.is_general_attacked(us);
                let check = after.is_check();
                assert_eq!(probe.keeps_general_safe(m), safe, "{m} in {}", q.fen());
                assert_eq!(q.keeps_general_safe(m), safe, "{m} in {}", q.fen());
                assert_eq!(probe.gives_check(m), check, "{m} in {}", q.fen());
                assert_eq!(q.gives_check(m), check, "{m} in {}", q.fen());
                moves += 1;
                checks += usize::from(check);
                illegal += usize::from(!safe);
            }
            assert_eq!(q.legal_moves(), expect_legal, "{}", q.fen());
            // The checking moves: the pseudo-legal moves, in their order, that are legal,
            // give check and do not capture the general.
            let expect_checks: Vec<_> = pseudo
                .iter()
                .filter(|m| {
                    let after = q.after(m);
                    m.capture != Some(Role::General)
                        && !after.is_general_attacked(us)
                        && after.is_check()
                })
                .copied()
                .collect();
            let mut got_checks = Vec::new();
            q.checking_moves_into(&mut got_checks);
            assert_eq!(got_checks, expect_checks, "checks in {}", q.fen());
            checking_lists += usize::from(!expect_checks.is_empty());
            // The quick evasions: in check, the legal moves of the general and the legal
            // captures of a checker, each once; nothing out of check.
            let checkers = q.checkers();
            let mut expect_quick: Vec<_> = expect_legal
                .iter()
                .filter(|m| {
                    !checkers.is_empty() && (m.role == Role::General || checkers.contains(m.to))
                })
                .copied()
                .collect();
            let mut got_quick = Vec::new();
            q.quick_evasions_into(&mut got_quick);
            let listed = got_quick.len();
            got_quick.sort_by_key(|m| (m.from, m.to));
            got_quick.dedup();
            expect_quick.sort_by_key(|m| (m.from, m.to));
            assert_eq!(
                got_quick.len(),
                listed,
                "a quick evasion twice in {}",
                q.fen()
            );
            assert_eq!(got_quick, expect_quick, "quick evasions in {}", q.fen());
            quick_lists += usize::from(!expect_quick.is_empty());
            assert_eq!(q.has_legal_move(), !expect_legal.is_empty(), "{}", q.fen());
            // Known to be in check or not, the same answer.
            assert_eq!(
                q.has_legal_move_in_check(),
                !expect_legal.is_empty(),
                "{}",
                q.fen()
            );
            for from in Square::all() {
                let mut expect: Vec<_> = expect_legal.iter().filter(|m| m.from == from).collect();
                let mut got = q.legal_moves_from(from);
                got.sort_by_key(|m| m.to);
                expect.sort_by_key(|m| m.to);
                assert_eq!(
                    got.iter().collect::<Vec<_>>(),
                    expect,
                    "{from} in {}",
                    q.fen()
                );
            }
        }
    }
    assert!(
        moves > 500_000 && in_check > 3_000 && double > 10 && checks > 100_000 && illegal > 100_000,
        "coverage: {moves} moves, {in_check} in check ({double} double), {checks} checks, \
         {illegal} illegal, {passed_check} with the other general attacked"
    );
    assert!(passed_check > 3_000, "{passed_check}");
    assert!(
        checking_lists > 10_000,
        "{checking_lists} positions with checking moves"
    );
    assert!(
        quick_lists > 3_000,
        "{quick_lists} positions with quick evasions"
    );
}

/// The direct geometry and safety test of [`Position::is_legal`] against generating the
/// moves (pseudo-legal moves kept when the position after them leaves the mover's general
/// unattacked), over a sample of the probe positions, some with the turn passed:
/// every from/to pair, every role and, besides the capture read off the board, a wrong one.
#[test]
fn is_legal_agrees_with_generated_moves() {
    let (mut legal, mut tried) = (0usize, 0usize);
    let mut pseudo = Vec::new();
    // A tenth of the positions (the test profile is slow); half of them also passed.
    for (k, pos) in probe_positions().iter().step_by(10).enumerate() {
        let passed = (k % 2 == 0).then(|| pos.passed());
        for q in std::iter::once(pos).chain(passed.as_ref()) {
            let us = q.turn();
            pseudo.clear();
            q.pseudo_moves(&mut pseudo);
            pseudo.retain(|m| !q.after(m).is_general_attacked(us));
            let mut table = vec![None; 90 * 90];
            for m in &pseudo {
                table[m.from.index() * 90 + m.to.index()] = Some(*m);
            }
            for from in Square::all() {
                // Every role from the mover's points; one from the others (all illegal).
                let roles = if matches!(q.piece_at(from), Some(p) if p.color == us) {
                    &Role::ALL[..]
                } else {
                    &Role::ALL[(from.index() % 7)..][..1]
                };
                for to in Square::all() {
                    let real = q.piece_at(to).map(|p| p.role);
                    let wrong = match real {
                        None => Some(Role::Chariot),
                        Some(_) => None,
                    };
                    for &role in roles {
                        for capture in [real, wrong] {
                            let m = qili_notation::Move {
                                role,
                                from,
                                to,
                                capture,
                            };
                            let expect = table[from.index() * 90 + to.index()] == Some(m);
                            assert_eq!(q.is_legal(&m), expect, "{m} ({role:?}) in {}", q.fen());
                            legal += usize::from(expect);
                            tried += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(
        legal > 30_000 && tried > 30_000_000,
        "{legal} legal of {tried}"
    );
}

/// Positions drawn loosely (read with [`Placement::Loose`]): each misplaced piece, and the
/// moves it has by its own rules (`from` → sorted destinations).
type PieceMoves<'a> = &'a [(&'a str, &'a [&'a str])];

const LOOSE: [(&str, PieceMoves); 5] = [
    // Red: advisor off its palace (d8), elephant off its points (d2), soldier behind its
    // start rank (c1, the eye of d2→b0).
    (
        "3k5/3A5/9/9/9/9/9/3B5/2P6/4K4 w",
        &[("d8", &[]), ("d2", &["b4", "f0", "f4"]), ("c1", &["c2"])],
    ),
    // Black: advisor on c8 (steps into its palace only), soldier behind its start rank
    // (c7, forward only), elephant off its points (e5; c7 is its own soldier's).
    (
        "3k5/2a6/2p6/9/4b4/9/9/9/9/4K4 b",
        &[("c8", &["d7"]), ("c7", &["c6"]), ("e5", &["g7"])],
    ),
    // Red elephant across the river (e6: back home only), soldier on an odd file of its
    // fourth rank (b3: forward only).
    (
        "4k4/9/9/4B4/9/9/1P7/9/9/3K5 w",
        &[("e6", &["c4", "g4"]), ("b3", &["b4"])],
    ),
    // Two elephants on file e (e0 is no elephant point): e0→g2 and e2→g4 both 相五进三,
    // so the writer names them 前/后.
    ("3k5/9/9/9/9/9/9/4B4/9/4BK3 w", &[("e0", &["c2", "g2"])]),
    // Two advisors on file d (d1 is no advisor point): d0→e1 and d1→e2 both 仕六进五.
    ("3k5/9/9/9/9/9/9/9/3A5/3AK4 w", &[("d1", &["e2"])]),
];

/// Perft by brute force: pseudo-legal moves kept when the mover's general is safe after.
fn naive_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut pseudo = Vec::new();
    pos.pseudo_moves(&mut pseudo);
    pseudo
        .iter()
        .filter(|m| !pos.after(m).is_general_attacked(pos.turn()))
        .map(|m| naive_perft(&pos.after(m), depth - 1))
        .sum()
}

#[test]
fn loose_placements_move_by_their_own_rules() {
    use qili_notation::{Placement, Setup};
    let mut checked = 0;
    for (fen, pieces) in LOOSE {
        let setup: Setup = fen.parse().unwrap();
        assert!(Position::try_from(setup.clone()).is_err(), "strict: {fen}");
        let (pos, misplaced) = Position::from_setup(setup, Placement::Loose).unwrap();
        let loose: Vec<String> = misplaced.iter().map(|m| m.square.to_string()).collect();
        for (from, want) in pieces.iter() {
            let sq: Square = from.parse().unwrap();
            if pos
                .piece_at(sq)
                .is_some_and(|p| !qili_notation::can_stand_on(p, sq))
            {
                assert!(
                    loose.contains(&from.to_string()),
                    "{from} reported in {fen}"
                );
            }
            let mut got: Vec<String> = pos
                .legal_moves_from(sq)
                .iter()
                .map(|m| m.to.to_string())
                .collect();
            got.sort();
            assert_eq!(got, *want, "moves of {from} in {fen}");
        }
        // The fast generator, is_legal and gives_check agree with brute force, here and
        // two plies below (perft 3).
        let mut below = vec![pos.clone()];
        for m in pos.legal_moves() {
            let q = pos.after(&m);
            below.extend(q.legal_moves().iter().map(|m2| q.after(m2)));
            below.push(q);
        }
        for q in &below {
            let mut pseudo = Vec::new();
            q.pseudo_moves(&mut pseudo);
            let mut want: Vec<_> = pseudo
                .iter()
                .copied()
                .filter(|m| !q.after(m).is_general_attacked(q.turn()))
                .collect();
            let mut got = q.legal_moves();
            want.sort_by_key(|m| (m.from.index(), m.to.index()));
            got.sort_by_key(|m| (m.from.index(), m.to.index()));
            assert_eq!(got, want, "{}", q.fen());
            for m in &pseudo {
                assert_eq!(q.is_legal(m), want.contains(m), "{m} in {}", q.fen());
            }
            for m in &got {
                assert_eq!(
                    q.gives_check(m),
                    q.after(m).is_check(),
                    "{m} in {}",
                    q.fen()
                );
                // Every notation writes a text that reads back as this move.
                for n in Notation::TRY_ORDER {
                    let text = write_move(q, m, n);
                    assert_eq!(
                        parse_move(q, &text, Some(n)),
                        Ok(*m),
                        "{text} in {}",
                        q.fen()
                    );
                }
            }
            checked += 1;
        }
        assert_eq!(perft(&pos, 3), naive_perft(&pos, 3), "perft 3 of {fen}");
    }
    assert!(checked > 40, "{checked} positions");
}

/// `Position::pieces` (read off the occupied mask in two 64-point halves) lists every
/// piece once, in board order, over the table positions and those below them (pieces on
/// both halves of the mask, and on the points where they meet).
#[test]
fn pieces_in_board_order() {
    let mut listed = 0;
    for pos in positions() {
        let want: Vec<_> = Square::all()
            .filter_map(|s| pos.piece_at(s).map(|p| (s, p)))
            .collect();
        let got: Vec<_> = pos.pieces().collect();
        assert_eq!(got, want, "{}", pos.fen());
        listed += got.len();
    }
    assert!(listed > 5_000, "{listed} pieces");
}

/// `attackers_through` gives the attackers the board scan finds, from the set of the
/// position on the other side of a capture: after it for both colours (the point left
/// empty), before it for the side captured (the capturer standing on the point), for every
/// capture of a non-general by a non-general in the probe positions: along lines, from
/// horse legs and elephant eyes, and from elsewhere.
#[test]
fn attackers_through_a_capture_agree_with_the_board() {
    let (mut lines, mut legs, mut others) = (0, 0, 0);
    for p in probe_positions() {
        for t in Square::all() {
            if p.piece_at(t)
                .is_none_or(|v| v.color == p.turn() || v.role == Role::General)
            {
                continue;
            }
            for from in p.attackers(t, p.turn()) {
                let Some(mv) = p.move_from_squares(from, t) else {
                    continue;
                };
                if mv.role == Role::General {
                    continue;
                }
                let next = p.after(&mv);
                let (df, dr) = (
                    t.file().index().abs_diff(from.file().index()),
                    t.rank().index().abs_diff(from.rank().index()),
                );
                match (df, dr) {
                    (0, _) | (_, 0) => lines += 1,
                    (1, 1) => legs += 1,
                    _ => others += 1,
                }
                for c in [Color::Red, Color::Black] {
                    assert_eq!(
                        next.attackers_through(p.attackers(t, c), c, t, from),
                        next.attackers(t, c),
                        "{} {mv} {c:?} after",
                        p.fen()
                    );
                }
                let them = !p.turn();
                assert_eq!(
                    p.attackers_through(next.attackers(t, them), them, t, from),
                    p.attackers(t, them),
                    "{} {mv} before",
                    p.fen()
                );
            }
        }
    }
    assert!(
        lines > 50 && legs > 0 && others > 10,
        "every way is tested ({lines} on lines, {legs} legs, {others} elsewhere)"
    );
}

/// The legal moves filtered from the pseudo-legal ones as the order of
/// [`Position::legal_moves_into`] is defined: with `swap_remove`.
fn filtered_legal_moves(pos: &Position) -> Vec<qili_notation::Move> {
    let mut out = Vec::new();
    pos.pseudo_moves(&mut out);
    let mut i = 0;
    while i < out.len() {
        if pos.keeps_general_safe(&out[i]) {
            i += 1;
        } else {
            out.swap_remove(i);
        }
    }
    out
}

/// In check (where the answers are generated directly, not filtered), the legal moves
/// come in the filter's order, also when the quick evasions are known: every position in check within two plies of the table's
/// positions, and the checks answered there.
#[test]
fn evasions_in_the_filters_order() {
    let mut checked = 0;
    let mut double = 0;
    let mut seen = std::collections::HashSet::new();
    for p in positions() {
        for m in p.legal_moves() {
            let q = p.after(&m);
            let replies = q.legal_moves();
            for r in &replies {
                let s = q.after(r);
                for pos in [&q, &s] {
                    if pos.is_check() && seen.insert(pos.fen()) {
                        let legal = pos.legal_moves();
                        assert_eq!(legal, filtered_legal_moves(pos), "{}", pos.fen());
                        let (mut quick, mut knowing) = (Vec::new(), Vec::new());
                        let checkers = pos.quick_evasions_into(&mut quick);
                        assert_eq!(checkers, pos.checkers(), "{}", pos.fen());
                        pos.legal_moves_knowing_into(&quick, checkers, &mut knowing);
                        assert_eq!(knowing, legal, "{}", pos.fen());
                        checked += 1;
                        double += usize::from(pos.checkers().0.count_ones() > 1);
                    }
                }
            }
        }
    }
    assert!(
        checked >= 200 && double >= 1,
        "{checked} in check, {double} double"
    );
}
