//! Verdict tables on synthetic conducts.

use qili_notation::{ByColor, Color, Role};

use super::*;
use crate::conduct::tests::{cm, piece};
use crate::conduct::{classify, ConductKind, CycleMove, PieceRef};
use crate::label::Label::{self, *};
use crate::rules::RuleSet;

fn settings(rules: RuleSet) -> Settings {
    Settings {
        rules,
        ..Settings::default()
    }
}

/// A conduct of `side` from its move labels (no chases).
fn conduct(side: Color, labels: &[&[Label]]) -> Conduct {
    let moves: Vec<CycleMove> = labels
        .iter()
        .enumerate()
        .map(|(i, l)| cm(2 * i + 1, side, l, &[]))
        .collect();
    classify(side, &moves)
}

/// Labels producing each conduct kind.
fn labels_for(kind: ConductKind) -> Vec<&'static [Label]> {
    match kind {
        ConductKind::PerpetualCheck => vec![&[Check], &[Check]],
        ConductKind::PerpetualMateThreat => vec![&[MateThreat], &[MateThreat]],
        ConductKind::PerpetualChase => vec![&[Chase], &[Chase]],
        ConductKind::CheckAndMateThreat => vec![&[Check], &[MateThreat]],
        ConductKind::CheckAndChase => vec![&[Check], &[Chase]],
        ConductKind::MateThreatAndChase => vec![&[MateThreat], &[Chase]],
        ConductKind::ChecksAndIdle => vec![&[Check], &[Idle]],
        ConductKind::MateThreatsAndIdle => vec![&[MateThreat], &[Idle]],
        ConductKind::ChasesAndIdle => vec![&[Chase], &[Idle]],
        ConductKind::PerpetualExchange => vec![&[Exchange], &[Exchange]],
        ConductKind::PerpetualOffer => vec![&[Offer], &[Offer]],
        ConductKind::PerpetualBlock => vec![&[Block], &[Block]],
        ConductKind::PerpetualFollow => vec![&[Follow], &[Follow]],
        ConductKind::Idle => vec![&[Idle], &[Idle]],
    }
}

fn rule_on(rules: RuleSet, red: &Conduct, black: &Conduct, occurrences: usize) -> Verdict {
    rule_with(
        &settings(rules),
        red,
        black,
        occurrences,
        ByColor::default(),
    )
}

fn rule_with(
    s: &Settings,
    red: &Conduct,
    black: &Conduct,
    occurrences: usize,
    evidence: ByColor<SideEvidence>,
) -> Verdict {
    let input = VerdictInput {
        red,
        black,
        occurrences,
        mutual_perpetual_attack: false,
        soldier_chases: false,
        evidence,
    };
    rule(s, &input)
}

fn has(v: &Verdict, a: &str) -> bool {
    v.articles.iter().any(|x| x.code() == a)
}

#[test]
fn cxa_table_over_every_pair_of_conducts() {
    for rk in ConductKind::ALL {
        for bk in ConductKind::ALL {
            let red = conduct(Color::Red, &labels_for(rk));
            let black = conduct(Color::Black, &labels_for(bk));
            assert_eq!((red.kind, black.kind), (rk, bk));
            let v = rule_on(RuleSet::Cxa1999, &red, &black, 3);
            let (rf, bf) = (rk.is_perpetual_attack(), bk.is_perpetual_attack());
            let (rpc, bpc) = (
                rk == ConductKind::PerpetualCheck,
                bk == ConductKind::PerpetualCheck,
            );
            let expected = if rpc && bpc {
                (Outcome::Draw, Status::Final)
            } else if rpc {
                (Outcome::BlackWins, Status::Final)
            } else if bpc {
                (Outcome::RedWins, Status::Final)
            } else if rf == bf {
                (Outcome::Draw, Status::Final)
            } else if rf {
                (Outcome::BlackWins, Status::MustChange)
            } else {
                (Outcome::RedWins, Status::MustChange)
            };
            assert_eq!((v.result, v.status), expected, "{rk:?} vs {bk:?}");
            assert_eq!(v.forbidden, ByColor { red: rf, black: bf });
            assert!(!v.articles.is_empty());
            assert!(has(&v, "CXA1999 25.2"));
            if (rpc || bpc) && !(rpc && bpc) {
                assert!(
                    has(&v, "CXA1999 24.1") && has(&v, "CXA1999 26.1") && has(&v, "CXA1999 细则1"),
                    "{rk:?} vs {bk:?}"
                );
                assert_eq!(has(&v, "CXA1999 26.3"), if rpc { bf } else { rf });
            }
            if expected.1 == Status::MustChange {
                assert!(has(&v, "CXA1999 24.3") && has(&v, "CXA1999 26.4"));
                // One more repetition: the offender loses.
                let v4 = rule_on(RuleSet::Cxa1999, &red, &black, 4);
                assert_eq!((v4.result, v4.status), (expected.0, Status::Final));
                assert!(has(&v4, "CXA1999 4.1.7"));
                assert!(matches!(
                    v4.reason,
                    Reason::ForbiddenVsAllowed { repeated: true, .. }
                ));
            }
        }
    }
}

#[test]
fn axf_differences() {
    let idle = conduct(Color::Black, &labels_for(ConductKind::Idle));
    // Perpetual mate threat, mixed attacks and checks with an idle move are allowed.
    for (k, art) in [
        (ConductKind::PerpetualMateThreat, "AXF r9 (D6–9)"),
        (ConductKind::CheckAndMateThreat, "AXF r11 (D11–12)"),
        (ConductKind::CheckAndChase, "AXF r12 (D13)"),
        (ConductKind::ChecksAndIdle, "AXF r13 (D14–16)"),
    ] {
        let red = conduct(Color::Red, &labels_for(k));
        let v = rule_on(RuleSet::Axf, &red, &idle, 3);
        assert_eq!(
            (v.result, v.status, v.reason),
            (Outcome::Draw, Status::Final, Reason::BothAllowed),
            "{k:?}"
        );
        assert!(has(&v, art), "{k:?}: {:?}", v.articles);
        assert!(has(&v, crate::rules::Article::AxfR5.code()));
        // The perpetual attacks among them are forbidden under CXA.
        let c = rule_on(RuleSet::Cxa1999, &red, &idle, 3);
        let cxa = if k.is_perpetual_attack() {
            (Outcome::BlackWins, Status::MustChange)
        } else {
            (Outcome::Draw, Status::Final)
        };
        assert_eq!((c.result, c.status), cxa, "{k:?}");
    }
    // Perpetual check loses; against checks with an idle move, r8 (D5) is cited. Like any
    // lone violation it is a must-change at the threshold (r6 D1–3 "R must change", r3),
    // final when the record shows the cycle played once more; under CXA it loses at once.
    let pc = conduct(Color::Red, &labels_for(ConductKind::PerpetualCheck));
    let checks = conduct(Color::Black, &labels_for(ConductKind::ChecksAndIdle));
    let v = rule_on(RuleSet::Axf, &pc, &checks, 3);
    assert_eq!(
        (v.result, v.status, v.reason),
        (
            Outcome::BlackWins,
            Status::MustChange,
            Reason::OneSidedPerpetualCheck {
                checker: Color::Red,
                repeated: false
            }
        )
    );
    assert!(has(&v, "AXF r8 (D5)") && has(&v, "AXF r6 (D1–3)") && has(&v, "AXF r3"));
    let again = rule_on(RuleSet::Axf, &pc, &checks, 4);
    assert_eq!(
        (again.result, again.status, again.reason),
        (
            Outcome::BlackWins,
            Status::Final,
            Reason::OneSidedPerpetualCheck {
                checker: Color::Red,
                repeated: true
            }
        )
    );
    let cxa = rule_on(RuleSet::Cxa1999, &pc, &checks, 3);
    assert_eq!(
        (cxa.result, cxa.status, cxa.reason),
        (
            Outcome::BlackWins,
            Status::Final,
            Reason::OneSidedPerpetualCheck {
                checker: Color::Red,
                repeated: false
            }
        )
    );
    let both = conduct(Color::Black, &labels_for(ConductKind::PerpetualCheck));
    assert_eq!(
        rule_on(RuleSet::Axf, &pc, &both, 3).reason,
        Reason::MutualPerpetualCheck
    );
}

fn chaser(side: Color, chases: &[(PieceRef, PieceRef)]) -> Conduct {
    let moves: Vec<CycleMove> = chases
        .iter()
        .enumerate()
        .map(|(i, &c)| cm(2 * i + 1, side, &[Chase], &[c]))
        .collect();
    classify(side, &moves)
}

#[test]
fn axf_chase_patterns() {
    let rook = piece(Color::Red, Role::Chariot, "a0");
    let cannon = piece(Color::Red, Role::Cannon, "b2");
    let horse = piece(Color::Black, Role::Horse, "c7");
    let bcannon = piece(Color::Black, Role::Cannon, "h7");
    let idle = conduct(Color::Black, &labels_for(ConductKind::Idle));
    // One piece chasing one piece: forbidden; must change, then loses.
    let one = chaser(Color::Red, &[(rook, horse), (rook, horse)]);
    let v = rule_on(RuleSet::Axf, &one, &idle, 3);
    assert_eq!(
        (v.result, v.status),
        (Outcome::BlackWins, Status::MustChange)
    );
    assert!(has(&v, crate::rules::Article::AxfS2.code()) && has(&v, "AXF r3"));
    assert_eq!(rule_on(RuleSet::Axf, &one, &idle, 5).status, Status::Final);
    // One piece chasing two in turn: allowed (r32); still 长捉 under CXA.
    let two = chaser(Color::Red, &[(rook, horse), (rook, bcannon)]);
    assert_eq!(two.kind, ConductKind::PerpetualChase);
    let v = rule_on(RuleSet::Axf, &two, &idle, 3);
    assert_eq!(v.result, Outcome::Draw);
    assert!(has(&v, "AXF r32 (D76–80)"));
    assert_eq!(
        rule_on(RuleSet::Cxa1999, &two, &idle, 3).status,
        Status::MustChange
    );
    // Two pieces taking turns on one: forbidden (r33).
    let turns = chaser(Color::Red, &[(rook, horse), (cannon, horse)]);
    let v = rule_on(RuleSet::Axf, &turns, &idle, 3);
    assert_eq!(
        (v.result, v.status),
        (Outcome::BlackWins, Status::MustChange)
    );
    assert!(has(&v, "AXF r33 (D81–82)"));
    // A defender's check-and-chase does not excuse a perpetual chase (D37, D38, D50).
    let mixed = conduct(Color::Black, &labels_for(ConductKind::CheckAndChase));
    let v = rule_on(RuleSet::Axf, &one, &mixed, 3);
    assert_eq!(
        (v.result, v.status),
        (Outcome::BlackWins, Status::MustChange)
    );
    assert!(has(&v, "AXF D37") && has(&v, "AXF D50"));
    // Under CXA both are forbidden: draw.
    assert_eq!(
        rule_on(RuleSet::Cxa1999, &one, &mixed, 3).reason,
        Reason::BothForbidden
    );
    // Mutual perpetual chase: draw.
    let back = chaser(Color::Black, &[(horse, rook), (horse, rook)]);
    assert_eq!(
        rule_on(RuleSet::Axf, &one, &back, 3).reason,
        Reason::BothForbidden
    );
}

#[test]
fn axf_pinned_chariot_open_choice() {
    let horse = piece(Color::Red, Role::Horse, "c2");
    let chariot = piece(Color::Black, Role::Chariot, "c5");
    let rcannon = piece(Color::Red, Role::Cannon, "h2");
    let red = chaser(Color::Red, &[(horse, chariot), (horse, chariot)]);
    let black = chaser(Color::Black, &[(chariot, rcannon), (chariot, rcannon)]);
    let mut ev: ByColor<SideEvidence> = ByColor::default();
    ev.red.horse_pinned_chariots.push(chariot);
    let s = settings(RuleSet::Axf);
    let v = rule_with(&s, &red, &black, 3, ev.clone());
    assert_eq!(
        (v.result, v.status),
        (Outcome::BlackWins, Status::MustChange)
    );
    assert_eq!(
        v.open,
        vec![OpenNote::PinnedChariotRankedAboveChase {
            side: Color::Red,
            target: chariot
        }]
    );
    assert!(has(&v, "AXF r19 (D39–41)"));
    assert_eq!(
        v.forbidden,
        ByColor {
            red: true,
            black: false
        }
    );
    // With the open choice off: mutual chase, draw.
    let mut off = s.clone();
    off.open.axf_pinned_chariot_ranked_above_chase = false;
    let v = rule_with(&off, &red, &black, 3, ev);
    assert_eq!((v.result, v.reason), (Outcome::Draw, Reason::BothForbidden));
    assert!(v.open.is_empty());
}

#[test]
fn axf_pinned_chariot_outranks_rotation() {
    // One chariot chasing a horse-pinned chariot and a cannon in turn: r32 would allow it;
    // with the open choice the attack on the pinned chariot is forbidden (r19).
    let rook = piece(Color::Red, Role::Chariot, "e2");
    let pinned = piece(Color::Black, Role::Chariot, "f8");
    let cannon = piece(Color::Black, Role::Cannon, "e6");
    let red = chaser(Color::Red, &[(rook, pinned), (rook, cannon)]);
    let idle = conduct(Color::Black, &labels_for(ConductKind::Idle));
    let mut ev: ByColor<SideEvidence> = ByColor::default();
    ev.red.horse_pinned_chariots.push(pinned);
    let s = settings(RuleSet::Axf);
    let v = rule_with(&s, &red, &idle, 3, ev.clone());
    assert_eq!(
        (v.result, v.status),
        (Outcome::BlackWins, Status::MustChange)
    );
    assert_eq!(
        v.open,
        vec![OpenNote::PinnedChariotRankedAboveChase {
            side: Color::Red,
            target: pinned
        }]
    );
    assert!(has(&v, "AXF r19 (D39–41)"));
    let mut off = s.clone();
    off.open.axf_pinned_chariot_ranked_above_chase = false;
    let v = rule_with(&off, &red, &idle, 3, ev);
    assert_eq!((v.result, v.reason), (Outcome::Draw, Reason::BothAllowed));
    assert!(has(&v, "AXF r32 (D76–80)"));
}

#[test]
fn cxa_key_point_open_choice() {
    let rook = piece(Color::Red, Role::Chariot, "a0");
    let advisor = piece(Color::Black, Role::Advisor, "d9");
    let idle = conduct(Color::Black, &labels_for(ConductKind::Idle));
    let red = chaser(Color::Red, &[(rook, advisor), (rook, advisor)]);
    let v = rule_on(RuleSet::Cxa1999, &red, &idle, 3);
    assert_eq!(v.status, Status::MustChange);
    assert_eq!(
        v.open,
        vec![OpenNote::KeyPointPlainCaseOnly {
            side: Color::Red,
            target: advisor
        }]
    );
    assert!(has(&v, "CXA1999 27.3"));
    let horse = piece(Color::Black, Role::Horse, "c7");
    let red = chaser(Color::Red, &[(rook, horse), (rook, horse)]);
    assert!(rule_on(RuleSet::Cxa1999, &red, &idle, 3).open.is_empty());
}

#[test]
fn threshold_is_at_least_two() {
    let s = Settings {
        repetitions: 0,
        ..Settings::default()
    };
    assert_eq!(threshold(&s), 2);
    let s = Settings {
        repetitions: 5,
        ..Settings::default()
    };
    assert_eq!(threshold(&s), 5);
}

#[test]
fn repeated_items_are_kept_once_where_they_first_come() {
    let mut items = vec![3, 1, 3, 2, 1, 1, 4, 2];
    first_occurrences(&mut items);
    assert_eq!(items, [3, 1, 2, 4]);
    let mut none: Vec<u8> = Vec::new();
    first_occurrences(&mut none);
    assert!(none.is_empty());
}
