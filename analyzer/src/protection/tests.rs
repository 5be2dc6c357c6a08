//! Unit tests of the protection analysis: one hand-built position per protection case.

use super::*;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// The protectors relative to the best capture, and the classification when it gains.
fn analyse(fen: &str, target: &str) -> (Exchange, Vec<Protector>, Option<Unprotected>) {
    let p = pos(fen);
    let t = sq(target);
    let ex = best_exchange(&p, t).expect("a legal capture");
    let prot = protectors(&p, t, &ex.first);
    let class = ex.gains().then(|| classify(&p, t, &ex, &prot));
    (ex, prot, class)
}

fn status(prot: &[Protector], at: &str) -> ProtectorStatus {
    prot.iter()
        .find(|p| p.square == sq(at))
        .unwrap_or_else(|| panic!("no protector on {at}: {prot:?}"))
        .status
        .clone()
}

#[test]
fn unprotected_piece_is_won_outright() {
    let (ex, prot, class) = analyse("4k4/9/9/9/R3n4/9/9/9/9/3K5 w - - 0 1", "e5");
    assert!(prot.is_empty());
    assert_eq!(class, Some(Unprotected::None));
    assert_eq!(ex.line.len(), 1);
    assert_eq!(
        ex.net,
        Material {
            minors: 1,
            ..Material::ZERO
        }
    );
}

#[test]
fn real_root_makes_the_capture_lose() {
    // A black chariot on e8 guards the horse: chariot for horse is a loss.
    let (ex, prot, class) = analyse("3k5/4r4/9/9/R3n4/9/9/9/9/5K3 w - - 0 1", "e5");
    assert_eq!(status(&prot, "e8"), ProtectorStatus::Real);
    assert_eq!(ex.balance, Balance::Loss);
    assert_eq!(class, None);
    assert_eq!(ex.line.len(), 2, "the chariot recaptures: {:?}", ex.line);
}

#[test]
fn false_root_by_pin() {
    // The horse on d7 guards e5 but is pinned against its general by the chariot on d0.
    let (ex, prot, class) = analyse("3k5/9/3n5/9/R3n4/9/9/9/9/3R1K3 w - - 0 1", "e5");
    assert_eq!(
        status(&prot, "d7"),
        ProtectorStatus::Pinned { by: vec![sq("d0")] }
    );
    assert_eq!(class, Some(Unprotected::FalseRoot));
    assert!(ex.gains());
}

#[test]
fn false_root_by_facing_generals() {
    // The horse on e7 is the only piece between the generals: it may not leave the file.
    let (_, prot, class) = analyse("4k4/9/4n4/2c6/9/9/9/9/9/2R1K4 w - - 0 1", "c6");
    assert_eq!(status(&prot, "e7"), ProtectorStatus::FacesGenerals);
    assert_eq!(class, Some(Unprotected::FalseRoot));
}

#[test]
fn false_root_when_the_capture_removes_the_cannons_screen() {
    // The black cannon on a5 guards e5 over the red chariot; once the chariot captures,
    // the cannon has no screen.
    let (ex, prot, class) = analyse("5k3/9/9/9/c1R1n4/9/9/9/9/3K5 w - - 0 1", "e5");
    assert_eq!(status(&prot, "a5"), ProtectorStatus::ScreenLost);
    assert_eq!(class, Some(Unprotected::FalseRoot));
    assert_eq!(ex.line.len(), 1);
}

#[test]
fn hidden_root_behind_the_attacker() {
    // The black chariot on a9 stands behind the red chariot: it recaptures (暗根).
    let (ex, prot, class) = analyse("r3k4/9/R8/9/9/n8/9/9/9/3K5 w - - 0 1", "a4");
    assert_eq!(status(&prot, "a9"), ProtectorStatus::Hidden);
    assert_eq!(class, None);
    assert_eq!(ex.balance, Balance::Loss);
}

#[test]
fn hidden_root_of_a_cannon_that_gets_its_screen() {
    // Cannon a9, horse a8, red chariot a6, black cannon a3: two screens before, one after.
    let (_, prot, class) = analyse("c3k4/n8/9/R8/9/9/c8/9/9/3K5 w - - 0 1", "a3");
    assert_eq!(status(&prot, "a9"), ProtectorStatus::Hidden);
    assert_eq!(class, None);
}

#[test]
fn insufficient_root_two_attackers_one_protector() {
    // Horse e5 guarded once (chariot e8), attacked by the horse d3 and the chariot a5.
    let (ex, prot, class) = analyse("3k5/4r4/9/9/R3n4/9/3N5/9/9/5K3 w - - 0 1", "e5");
    assert_eq!(status(&prot, "e8"), ProtectorStatus::Real);
    assert_eq!(class, Some(Unprotected::Insufficient));
    assert_eq!(
        ex.net,
        Material {
            minors: 1,
            ..Material::ZERO
        }
    );
    assert_eq!(ex.first.from, sq("d3"), "least valuable attacker first");
}

#[test]
fn cheaper_attacker_gains_despite_root() {
    // A red horse attacks a chariot guarded by a chariot: still a gain (细则3).
    let (ex, _, class) = analyse("3k5/4r4/9/9/4r4/9/3N5/9/9/5K3 w - - 0 1", "e5");
    assert_eq!(class, Some(Unprotected::CheaperAttacker));
    assert_eq!(
        ex.net,
        Material {
            minors: 1,
            chariots: 1,
            ..Material::ZERO
        }
    );
}

#[test]
fn general_recapture_onto_a_guarded_point_is_false() {
    // The black general guards its advisor, but a red horse also covers e8.
    let p = pos("4k4/R3a4/9/3N5/9/9/9/9/9/3K5 w - - 0 1");
    let capture = p.move_from_squares(sq("a8"), sq("e8")).unwrap();
    let prot = protectors(&p, sq("e8"), &capture);
    assert_eq!(
        status(&prot, "e9"),
        ProtectorStatus::ExposesGeneral { by: vec![sq("d6")] }
    );
}

#[test]
fn discovered_check_stops_the_recapture() {
    // The red horse on e4 takes f6 and uncovers the chariot on e0: the black chariot on f9
    // may not recapture because it does not answer the check.
    let (ex, prot, class) = analyse("5r3/4k4/9/5c3/9/4N4/9/9/9/3KR4 w - - 0 1", "f6");
    assert_eq!(
        status(&prot, "f9"),
        ProtectorStatus::MustAnswerCheck { by: vec![sq("e0")] }
    );
    assert_eq!(class, Some(Unprotected::FalseRoot));
    assert!(ex.gains());
}

#[test]
fn exchange_stops_when_going_on_loses() {
    // Red horse takes a chariot-guarded horse; the chariot recaptures; red has nothing
    // more: an even trade, no gain.
    let (ex, _, class) = analyse("3k5/4r4/9/9/4n4/9/3N5/9/9/5K3 w - - 0 1", "e5");
    assert_eq!(ex.balance, Balance::Even);
    assert_eq!(class, None);
}

#[test]
fn pinned_attacker_cannot_capture() {
    // The red chariot on e3 is pinned against its general by the black chariot on e9...
    // it may still capture along the file, but not sideways.
    let p = pos("3kr4/9/9/9/9/9/4R1n2/9/9/4K4 w - - 0 1");
    assert!(legal_capturers(&p, sq("g3")).is_empty());
    assert!(best_exchange(&p, sq("g3")).is_none());
}

#[test]
fn horse_and_cannon_pins() {
    // The black chariot on e8 blocks the leg of the red horse on e7... no: the horse on d7
    // would attack the general on e9 if the chariot on d8 moved (leg d8).
    let p = pos("4k4/3r5/3N5/9/9/9/9/9/9/3K5 b - - 0 1");
    assert_eq!(
        pinned_by(&p, sq("d8"), Color::Black, Role::Horse),
        Some(sq("d7"))
    );
    assert_eq!(pinned_by(&p, sq("d8"), Color::Black, Role::Cannon), None);
    // Cannon e2, black chariot e6, black horse e7, general e9: the chariot is confined.
    let p = pos("4k4/9/4n4/4r4/9/9/9/4C4/9/3K5 b - - 0 1");
    assert_eq!(
        pinned_by(&p, sq("e6"), Color::Black, Role::Cannon),
        Some(sq("e2"))
    );
}

#[test]
fn no_panic_on_empty_or_own_points() {
    let p = pos("4k4/9/9/9/R3n4/9/9/9/9/3K5 w - - 0 1");
    assert!(best_exchange(&p, sq("e4")).is_none());
    assert!(best_exchange(&p, sq("a5")).is_none());
    assert!(
        best_exchange(&p, sq("e9")).is_none(),
        "the general is never a target"
    );
    assert!(
        exchange_from(&p, sq("d0"), sq("e5")).is_none(),
        "d0 does not attack e5"
    );
}

#[test]
fn the_defender_may_make_a_soldier_trade_for_two_pieces() {
    // The crossed soldier e6 takes the elephant e7; standing pat leaves Red an elephant up
    // (a gain), but the elephant g9 takes back and the chariot e4 takes it: Red ends with
    // two elephants for a soldier, which CXA 25.3 does not count as a gain. The defender
    // chooses that line, so the exchange wins nothing.
    let (ex, _, class) = analyse("5kb2/9/4b4/4P4/9/4R4/9/9/9/3K5 w - - 0 1", "e7");
    assert_eq!(ex.line.len(), 3, "{:?}", ex.line);
    assert!(!ex.gains(), "{:?}", ex.net);
    assert_eq!(class, None);
}

/// The shortcuts of the threat search agree with the plain functions on every point of
/// the positions above and of the positions one move from them (the protectors relative to
/// an exchange, [`protectors_of`], are [`protectors`] of its first capture): the legal capturers that
/// `best_exchange_and_capturers` collects while it looks for the best exchange are
/// `legal_capturers`, its exchange is one of the best that `exchange_from` gives over them,
/// and an exchange from a capturer known to be legal is `exchange_from`'s.
#[test]
fn shortcuts_agree_with_the_plain_functions() {
    let fens = [
        "3k5/4r4/9/9/R3n4/9/9/9/9/5K3 w - - 0 1",
        "3k5/9/3n5/9/R3n4/9/9/9/9/3R1K3 w - - 0 1",
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    ];
    let mut positions = Vec::new();
    for fen in fens {
        let root = pos(fen);
        positions.extend(root.legal_moves().iter().map(|m| root.after(m)));
        positions.push(root);
    }
    let mut exchanges = 0;
    for p in &positions {
        for t in Square::all() {
            let (best, capturers) = best_exchange_and_capturers(p, t);
            assert_eq!(capturers, legal_capturers(p, t), "{} {t}", p.fen());
            let plain: Vec<Exchange> = capturers
                .into_iter()
                .map(|c| {
                    let ex = exchange_from(p, c, t).expect("a legal capturer's exchange");
                    assert_eq!(exchange_from_capturer(p, c, t), Some(ex.clone()));
                    assert_eq!(
                        protectors_of(p, t, &ex),
                        protectors(p, t, &ex.first),
                        "{} {t}",
                        p.fen()
                    );
                    ex
                })
                .collect();
            let Some(best) = best else {
                assert!(plain.is_empty(), "{} {t}", p.fen());
                continue;
            };
            exchanges += 1;
            assert_eq!(best_exchange(p, t), Some(best.clone()));
            assert!(plain.contains(&best), "{} {t}: {best:?}", p.fen());
            assert!(
                !plain.iter().any(|ex| (ex.gains() && !best.gains())
                    || (ex.gains() == best.gains() && ex.net.preferable_to(best.net))),
                "{} {t}: a better exchange than {best:?}",
                p.fen()
            );
        }
    }
    assert!(
        exchanges > 100,
        "the positions hold exchanges to compare ({exchanges})"
    );
}

/// [`attackers_after`] gives the set [`Position::attackers`] finds on the board after the
/// capture, for both colours (and [`attackers_before`] the defender's set before it), for every capture (legal or not: a pinned piece's capture
/// changes the lines just the same) on every point of hand-built positions and of those
/// one move from them: captures along a line (x-ray chariots and cannons behind the
/// capturer, cannons losing their screen), from a horse leg or an elephant eye, and a
/// general landing on the point (the flying general).
#[test]
fn attackers_after_a_capture_agree_with_the_board() {
    let fens = [
        "3k5/4r4/9/9/R3n4/9/9/9/9/5K3 w - - 0 1",
        "3k5/9/3n5/9/R3n4/9/9/9/9/3R1K3 w - - 0 1",
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "c3k4/n8/9/R8/9/9/c8/9/9/3K5 w - - 0 1",
        "4k4/R3a4/9/3N5/9/9/9/9/9/3K5 w - - 0 1",
        "3ak4/4R4/9/9/9/9/9/9/9/4K4 b - - 0 1",
        "4k4/9/4n4/4r4/9/9/9/4C4/9/3K5 b - - 0 1",
        "4k4/4a4/3R1N3/2n6/9/9/9/9/9/3K5 b - - 0 1",
        "3k5/9/9/9/9/9/6N2/3n1r3/4A4/4K4 w - - 0 1",
    ];
    let mut positions = Vec::new();
    for fen in fens {
        let root = pos(fen);
        positions.extend(root.legal_moves().iter().map(|m| root.after(m)));
        positions.push(root);
    }
    let (mut on_lines, mut scanned) = (0, 0);
    for p in &positions {
        for t in Square::all() {
            if p.piece_at(t).is_none_or(|v| v.color == p.turn()) {
                continue;
            }
            for from in p.attackers(t, p.turn()) {
                let Some(mv) = p.move_from_squares(from, t) else {
                    continue;
                };
                let next = p.after(&mv);
                let (df, dr) = (
                    t.file().index().abs_diff(from.file().index()),
                    t.rank().index().abs_diff(from.rank().index()),
                );
                match (df, dr) {
                    (1, 1) => scanned += 1,
                    (0, _) | (_, 0) => on_lines += 1,
                    _ => {}
                }
                for c in Color::ALL {
                    assert_eq!(
                        attackers_after(&next, p.attackers(t, c), c, from, t),
                        next.attackers(t, c),
                        "{} {mv} {c:?}",
                        p.fen()
                    );
                }
                let them = !p.turn();
                assert_eq!(
                    attackers_before(p, next.attackers(t, them), them, &mv, t),
                    p.attackers(t, them),
                    "{} {mv} before",
                    p.fen()
                );
            }
        }
    }
    assert!(
        on_lines > 300 && scanned > 5,
        "every way is tested ({on_lines} on lines, {scanned} scanned)"
    );
}
