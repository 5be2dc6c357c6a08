//! Natural-limit tests on long captureless sequences built here by shuffling pieces without
//! repeating a position.

use std::collections::HashSet;

use qili_notation::{Color, Move, Position};

use super::*;

struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// Plays `plies` moves from `start`, no position repeated; the move of ply `i` gives check
/// exactly when `check(i, mover)`. No move captures, except that from ply `capture_from` on
/// the first capture available is played (once).
fn shuffle(
    start: &Position,
    plies: usize,
    check: impl Fn(usize, Color) -> bool,
    capture_from: Option<usize>,
) -> (Vec<Position>, Vec<Move>) {
    let mut rng = Lcg(7);
    let mut pos = start.clone();
    let mut seen: HashSet<Position> = HashSet::from([pos.clone()]);
    let mut positions = vec![pos.clone()];
    let mut moves = Vec::new();
    for ply in 1..=plies {
        let mut legal = pos.legal_moves();
        for i in (1..legal.len()).rev() {
            legal.swap(i, (rng.next() as usize) % (i + 1));
        }
        let captured = moves.iter().any(|m: &Move| m.is_capture());
        let may_capture = !captured && capture_from.is_some_and(|c| ply >= c);
        let want_check = check(ply, pos.turn());
        legal.sort_by_key(|m| !(may_capture && m.is_capture()));
        let m = legal
            .into_iter()
            .find(|m| {
                let after = pos.after(m);
                (may_capture || !m.is_capture())
                    && m.capture != Some(qili_notation::Role::General)
                    && !seen.contains(&after)
                    && after.is_check() == want_check
                    && after.legal_moves().iter().any(|r| !r.is_capture())
            })
            .unwrap_or_else(|| panic!("generator stuck at ply {ply} in {}", pos.fen()));
        pos.play_unchecked(&m);
        seen.insert(pos.clone());
        positions.push(pos.clone());
        moves.push(m);
    }
    (positions, moves)
}

const FEN: &str = "1n2k4/9/2c6/9/9/9/9/4B4/4A4/RN1AK3R w - - 0 1";

fn start() -> Position {
    Position::from_fen(FEN).unwrap()
}

#[test]
fn sixty_moves_without_capture() {
    let (positions, moves) = shuffle(&start(), 121, |_, _| false, None);
    let nl = natural_limit(&positions[..120], &moves[..119], 60, 10);
    assert_eq!(nl.reached(), None);
    assert!(!nl.claims.red.holds && !nl.claims.black.holds);
    assert_eq!(
        (nl.claims.red.counted_moves, nl.claims.red.opponent_moves),
        (60, 59)
    );
    assert_eq!(nl.plies_without_capture, 119);
    let nl = natural_limit(&positions, &moves, 60, 10);
    assert_eq!(nl.claims.red.reached_at_ply, Some(120));
    assert_eq!(nl.claims.black.reached_at_ply, Some(120));
    assert_eq!(nl.reached(), Some((120, Color::Red)));
    assert!(nl.claims.red.holds && nl.claims.black.holds);
    assert_eq!(nl.last_capture_ply, None);
    // A lower limit (competitions may lower it).
    let nl = natural_limit(&positions, &moves, 40, 10);
    assert_eq!(nl.reached(), Some((80, Color::Red)));
    // Not applied.
    assert_eq!(natural_limit(&positions, &moves, 0, 10).reached(), None);
}

#[test]
fn a_capture_restarts_the_count() {
    let (positions, moves) = shuffle(&start(), 200, |_, _| false, Some(31));
    let c = moves
        .iter()
        .position(|m| m.is_capture())
        .expect("a capture was played")
        + 1;
    assert!((31..=80).contains(&c), "capture at ply {c}");
    let nl = natural_limit(&positions, &moves, 60, 10);
    assert_eq!(nl.last_capture_ply, Some(c));
    assert_eq!(nl.plies_without_capture, 200 - c);
    // Without the capture the limit would have been reached at ply 120; now 120 plies after it.
    assert_eq!(
        nl.reached().map(|r| r.0),
        Some(c + 120).filter(|&p| p <= 200)
    );
    let upto = c + 119;
    let nl = natural_limit(&positions[..=upto], &moves[..upto], 60, 10);
    assert_eq!(nl.reached(), None);
    assert_eq!(nl.plies_without_capture, 119);
}

#[test]
fn claimant_checks_count_for_ten_moves() {
    // Red checks with its moves 1, 3, 5, … (plies 1, 5, 9, …): 15 checks, 5 beyond the cap.
    let check = |ply: usize, mover: Color| mover == Color::Red && ply % 4 == 1 && ply < 60;
    let (positions, moves) = shuffle(&start(), 130, check, None);
    let nl = natural_limit(&positions, &moves, 60, 10);
    assert_eq!(nl.claims.red.checks, 15);
    // Black's claim: Red's checks all count for Black.
    assert_eq!(nl.claims.black.reached_at_ply, Some(120));
    // Red's claim: 5 of its moves do not count, so it needs 65 moves (ply 129).
    assert_eq!(nl.claims.red.reached_at_ply, Some(129));
    let nl = natural_limit(&positions[..121], &moves[..120], 60, 10);
    assert!(!nl.claims.red.holds && nl.claims.black.holds);
    assert_eq!(nl.claims.red.counted_moves, 55);
}

#[test]
fn halfmove_clock_of_the_start_counts() {
    let fen = FEN.replace(" 0 1", " 100 1");
    let s = Position::from_fen(&fen).unwrap();
    let (positions, moves) = shuffle(&s, 20, |_, _| false, None);
    let nl = natural_limit(&positions, &moves, 60, 10);
    assert_eq!(nl.plies_without_capture, 120);
    // 100 plies before the record: Black made the last of them; Red 50, Black 50.
    assert_eq!(nl.claims.red.reached_at_ply, Some(20));
}

#[test]
fn judge_rules_a_draw_by_the_natural_limit() {
    let (positions, moves) = shuffle(&start(), 120, |_, _| false, None);
    let j = crate::judge::judge(&positions[0], &moves, &crate::Settings::default());
    assert!(j.cycles.is_empty());
    assert_eq!(j.ruling.result, crate::Outcome::Draw);
    assert_eq!(
        j.ruling.source,
        crate::judge::RulingSource::NaturalLimit {
            ply: 120,
            claimant: Color::Red
        }
    );
    assert!(j
        .ruling
        .articles
        .iter()
        .any(|a| a.code() == "CXA1999 4.2.4"));
    let en = crate::explain::en::explain(&j);
    assert!(
        en.contains("natural move limit of 60 moves was reached at move 60 (ply 120)"),
        "{en}"
    );
}

/// The count asking every position whether it is check, as `natural_limit_with` did before
/// it skipped the stretches where no claim can hold.
fn asking_every_ply(
    positions: &[Position],
    moves: &[Move],
    limit: u32,
    check_cap: u32,
) -> NaturalLimit {
    let mut counter = NaturalCounter::new(positions.first(), limit, check_cap);
    for (i, w) in positions.windows(2).enumerate() {
        let capture = moves.get(i).is_some_and(|m| m.is_capture());
        counter.push(w[0].turn(), capture, !capture && w[1].is_check());
    }
    counter.report()
}

#[test]
fn checks_asked_only_where_they_can_count_give_the_same_report() {
    // Checks before and after a capture at ply 31 or later, with clocks at the start.
    let check = |ply: usize, mover: Color| mover == Color::Red && ply % 4 == 1 && ply < 56;
    let mut skipped = false;
    for clock in [0, 7, 100] {
        let fen = FEN.replace(" 0 1", &format!(" {clock} 1"));
        let s = Position::from_fen(&fen).unwrap();
        let (positions, moves) = shuffle(&s, 60, check, Some(31));
        assert!(moves.iter().any(|m| m.is_capture()), "the line captures");
        for plies in [0, 1, 20, 30, 31, 32, 45, 60] {
            let (ps, ms) = (&positions[..=plies], &moves[..plies]);
            for limit in [0, 1, 2, 3, 5, 10, 15, 16, 60] {
                for cap in [0, 1, 3, 10] {
                    let mut asked = 0;
                    let lazy = natural_limit_with(ps, ms, limit, cap, |i| {
                        asked += 1;
                        ps[i].is_check()
                    });
                    let every = asking_every_ply(ps, ms, limit, cap);
                    assert_eq!(
                        lazy, every,
                        "clock {clock}, {plies} plies, limit {limit}, cap {cap}"
                    );
                    let captureless = ms.iter().filter(|m| !m.is_capture()).count();
                    assert!(asked <= captureless);
                    skipped |= asked < captureless;
                }
            }
        }
    }
    assert!(skipped, "some stretch was counted without asking");
}

#[test]
fn no_claim_out_of_reach() {
    // The same lines: where `claim_within_reach` says no claim can hold, none is reached,
    // and where a claim is reached, it said one could.
    let check = |ply: usize, mover: Color| mover == Color::Red && ply % 4 == 1 && ply < 56;
    let (mut out_of_reach, mut reached) = (0, 0);
    for clock in [0, 7, 100, 119, 120] {
        let fen = FEN.replace(" 0 1", &format!(" {clock} 1"));
        let s = Position::from_fen(&fen).unwrap();
        let (positions, moves) = shuffle(&s, 60, check, Some(31));
        for plies in [0, 1, 20, 30, 31, 32, 45, 60] {
            let (ps, ms) = (&positions[..=plies], &moves[..plies]);
            for limit in [0, 1, 2, 3, 5, 10, 15, 16, 60] {
                let within = claim_within_reach(&s, ms, limit);
                let got = natural_limit_with(ps, ms, limit, 10, |i| ps[i].is_check()).reached();
                assert!(
                    within || got.is_none(),
                    "clock {clock}, {plies} plies, limit {limit}: {got:?}"
                );
                out_of_reach += usize::from(!within);
                reached += usize::from(got.is_some());
            }
        }
    }
    assert!(out_of_reach > 0 && reached > 0, "{out_of_reach} {reached}");
}
