//! The ruling of a cycle from its labelled moves: the parts of its judgement no corpus case
//! reaches on its own.

use super::*;
use qili_notation::Role;

use crate::conduct::tests::{cm, piece};
use crate::conduct::ConductKind;
use crate::label::{ChaseNote, DismissReason, Dismissed, Label};
use crate::rules::Reading;
use crate::verdict::SideEvidence;

use super::run::soldier_chases;

/// A cycle of `moves` ruled under CXA, its repeated position met three times.
fn ruled(moves: Vec<CycleMove>, mutual: bool) -> RuledRun {
    ruled_under(&Settings::default(), moves, mutual)
}

/// A cycle of `moves` ruled under `settings`, its repeated position met three times.
fn ruled_under(settings: &Settings, moves: Vec<CycleMove>, mutual: bool) -> RuledRun {
    let context = CycleContext {
        mutual_perpetual_attack: mutual,
    };
    RuledRun::new(settings, context, false, moves, vec![0, 4, 8], |_, _| {
        SideEvidence::default()
    })
}

fn incomplete(mut m: CycleMove) -> CycleMove {
    Arc::make_mut(&mut m.labels).complete = false;
    m
}

/// A non-attacking move whose threat was not new only because the mover, in check,
/// could not carry it out (the open baseline of novelty).
fn parry(ply: usize, side: Color) -> CycleMove {
    let (a, t) = (
        piece(side, Role::Chariot, "a0"),
        piece(!side, Role::Horse, "a5"),
    );
    let mut m = cm(ply, side, &[Label::Idle], &[(a, t)]);
    let labels = Arc::make_mut(&mut m.labels);
    let mut chase = labels.chases.pop().unwrap();
    chase.notes.push(ChaseNote::StoodWhileInCheck);
    labels.dismissed.push(Dismissed {
        chase,
        reason: DismissReason::NotNew,
        article: Article::Cxa29_2Xize6,
        line: Vec::new(),
    });
    m.chases.clear();
    m
}

/// Under 长打对长打 a soldier's threat is a chase (CXA 27.2, 细则11) where the move's chases
/// count: under the heaviest reading (CXA 27.4, 细则12) not in a check, whose check alone
/// counts; under AXF's forbidden reading in a check too.
#[test]
fn soldier_chases_are_read_where_chases_count() {
    use Color::{Black, Red};
    let (soldier, target) = (
        piece(Red, Role::Soldier, "e5"),
        piece(Black, Role::Horse, "e6"),
    );
    // The soldier stands on e5 after every move of the line.
    let line = vec![Position::from_fen("3k5/9/9/4n4/4P4/9/9/9/9/4K4 w - - 0 1").unwrap(); 5];
    let check_chasing = |ply| {
        cm(
            ply,
            Red,
            &[Label::Check, Label::Chase],
            &[(soldier, target)],
        )
    };
    let chasing = |ply| cm(ply, Red, &[Label::Chase], &[(soldier, target)]);
    let mutual = CycleContext {
        mutual_perpetual_attack: true,
    };
    let heaviest = Reading::Heaviest;
    let forbidden = Settings {
        rules: crate::rules::RuleSet::Axf,
        ..Settings::default()
    }
    .book()
    .reading();
    assert!(!forbidden.counts_heaviest_only());
    let in_check = [check_chasing(1), check_chasing(3)];
    assert!(!soldier_chases(&mutual, &in_check, &line, heaviest));
    assert!(soldier_chases(&mutual, &in_check, &line, forbidden));
    let alone = [check_chasing(1), chasing(3)];
    assert!(soldier_chases(&mutual, &alone, &line, heaviest));
    // Outside 长打对长打 a soldier's threat is idle (27.2): never read.
    let plain = CycleContext {
        mutual_perpetual_attack: false,
    };
    assert!(!soldier_chases(&plain, &alone, &line, heaviest));
}

#[test]
fn incomplete_labels_are_completed_where_they_could_decide() {
    use Color::{Black, Red};
    let cxa = Settings::default().book();
    let (none, red) = (
        ByColor::new_with(|_| false),
        ByColor {
            red: true,
            black: false,
        },
    );
    let check = |ply| incomplete(cm(ply, Red, &[Label::Check], &[]));
    let idle = |ply| cm(ply, Black, &[Label::Idle], &[]);
    let chase = |ply| {
        let (a, t) = (
            piece(Black, Role::Horse, "b9"),
            piece(Red, Role::Cannon, "c7"),
        );
        cm(ply, Black, &[Label::Chase], &[(a, t)])
    };
    // Red checks perpetually against idle moves: its checks' other labels decide nothing.
    let plain = ruled(vec![check(1), idle(2), check(3), idle(4)], false);
    assert_eq!(plain.red.kind, ConductKind::PerpetualCheck);
    assert_eq!(plain.needs_full_labels(cxa), none);
    // The same labels complete: nothing to relabel whatever the context.
    let complete = |mut m: CycleMove| {
        Arc::make_mut(&mut m.labels).complete = true;
        m
    };
    let full = ruled(
        vec![complete(check(1)), chase(2), complete(check(3)), chase(4)],
        true,
    );
    assert_eq!(full.needs_full_labels(cxa), none);
    // 长打对长打: a check counts as a check alone (CXA 27.4, 细则12), so a soldier's
    // threat it also makes could not count as a chase (27.2, 细则11): nothing to complete.
    let mutual = ruled(vec![check(1), chase(2), check(3), chase(4)], true);
    assert_eq!(mutual.needs_full_labels(cxa), none);
    let black_threat = |ply| incomplete(cm(ply, Black, &[Label::MateThreat], &[]));
    let both = ruled(
        vec![check(1), black_threat(2), check(3), black_threat(4)],
        true,
    );
    assert_eq!(both.needs_full_labels(cxa), none);
    // Checks and a parry: Red is not forbidden and every move attacks or parries, so its
    // checks' dismissed threats could name the first parry.
    let parried = ruled(vec![check(1), idle(2), parry(3, Red), idle(4)], false);
    assert_eq!(parried.red.kind, ConductKind::ChecksAndIdle);
    assert_eq!(parried.needs_full_labels(cxa), red);
    // A chased chariot: whether a horse holds it reads every move of the chasing side.
    let chariot = |ply| {
        let (a, t) = (
            piece(Red, Role::Horse, "b0"),
            piece(Black, Role::Chariot, "c2"),
        );
        cm(ply, Red, &[Label::Chase], &[(a, t)])
    };
    let held = || {
        vec![
            chariot(1),
            idle(2),
            incomplete(cm(3, Red, &[Label::MateThreat], &[])),
            idle(4),
        ]
    };
    let axf = Settings {
        rules: crate::rules::RuleSet::Axf,
        ..Settings::default()
    };
    assert_eq!(
        ruled_under(&axf, held(), false).needs_full_labels(axf.book()),
        red
    );
    // CXA has no such rule: the chariot's chase decides nothing more there.
    assert_eq!(ruled(held(), false).needs_full_labels(cxa), none);
}
