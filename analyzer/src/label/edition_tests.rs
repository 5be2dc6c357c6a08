//! Unit tests of the switches of the current CXA edition (docs/rules.md §8,
//! [`ChasePolicy`]): each under the 1999 values ([`cxa::CHASE`]), the current edition's
//! ([`cxa::CHASE_2020`]) and, where it helps to tell them apart, one switch alone. The
//! figures are the CXA rulebook's (图13, 图19 of `cxa-diagrams.jsonl`), the other
//! positions composed.

use std::cell::Cell;

use super::*;
use crate::rules::{cxa, Article};
use qili_notation::Iccs;

thread_local! {
    /// The chase rules the labeller applies in a test instead of its rule book's.
    pub(super) static POLICY: Cell<Option<ChasePolicy>> = const { Cell::new(None) };
}

/// Runs `f` with the labeller applying `policy`.
pub(super) fn with_policy<T>(policy: ChasePolicy, f: impl FnOnce() -> T) -> T {
    POLICY.with(|p| p.set(Some(policy)));
    let out = f();
    POLICY.with(|p| p.set(None));
    out
}

/// The positions of a line from `fen`: the start, then after each move; and the moves.
fn line(fen: &str, moves: &str) -> (Vec<Position>, Vec<Move>) {
    let mut pos = Position::from_fen(fen).unwrap();
    let (mut positions, mut mvs) = (vec![pos.clone()], Vec::new());
    for t in moves.split_whitespace() {
        let m = t.parse::<Iccs>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(&m);
        positions.push(pos.clone());
        mvs.push(m);
    }
    (positions, mvs)
}

/// The labels of the last move of `moves` under `policy`, knowing the position before the
/// move before it (`prior`) or not.
fn last(fen: &str, moves: &str, policy: ChasePolicy, prior: bool) -> MoveLabels {
    let (positions, mvs) = line(fen, moves);
    let n = mvs.len();
    let s = Settings::default();
    with_policy(policy, || {
        let mut mate = MateSearch::new();
        let (before, mv) = (&positions[n - 1], &mvs[n - 1]);
        if prior && n >= 2 {
            label_move_after(
                &positions[n - 2],
                before,
                mv,
                &s,
                CycleContext::default(),
                &mut mate,
            )
        } else {
            label_move_with(before, mv, &s, CycleContext::default(), &mut mate)
        }
    })
}

/// The articles of the idle label's evidence.
fn idle_articles(l: &MoveLabels) -> Vec<Article> {
    l.evidence
        .iter()
        .filter(|e| e.label == Label::Idle)
        .flat_map(|e| e.articles.iter().copied())
        .collect()
}

const ONLY_GENERAL: ChasePolicy = ChasePolicy {
    reply_threat_made_by_check_is_idle: false,
    root_chase_needs_complete_gain: false,
    ..cxa::CHASE_2020
};

const ONLY_REPLY: ChasePolicy = ChasePolicy {
    general_step_out_of_check_is_idle: false,
    root_chase_needs_complete_gain: false,
    ..cxa::CHASE_2020
};

/// 图13 (CXA2020 图13): Red's check 车五平六 takes the chariot off e6 and opens the e-file
/// for the black cannon; 将4平5 answers the check and threatens 车5平4 mate. 1999: 杀; the
/// current edition: 闲, by either switch (the reply is a step of the general, and the threat
/// is the check's doing).
const FIG13: &str = "3k1ab2/4a4/4c4/4R3p/3PC4/4r4/8P/9/9/5K3 w - - 0 1";

#[test]
fn fig13_reply_to_check_is_idle_in_the_current_edition() {
    let l = last(FIG13, "e6d6 d9e9", cxa::CHASE, true);
    assert_eq!(l.labels, [Label::MateThreat], "1999: {:?}", l.labels);

    let l = last(FIG13, "e6d6 d9e9", cxa::CHASE_2020, true);
    assert_eq!(l.labels, [Label::Idle]);
    assert_eq!(l.mate_line, None);
    assert_eq!(idle_articles(&l), [Article::Cxa28_9, Article::Cxa2020_26_1]);
    let idle = l.evidence.iter().find(|e| e.label == Label::Idle).unwrap();
    assert_eq!(
        idle.line.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        ["e4f4"]
    );

    let l = last(FIG13, "e6d6 d9e9", ONLY_GENERAL, true);
    assert_eq!(idle_articles(&l), [Article::Cxa28_9, Article::Cxa2020_26_1]);
    let l = last(FIG13, "e6d6 d9e9", ONLY_REPLY, true);
    assert_eq!(idle_articles(&l), [Article::Cxa28_9, Article::Cxa2020Fig13]);
    // Without the position before the check, the threat cannot be told to be the check's.
    let l = last(FIG13, "e6d6 d9e9", ONLY_REPLY, false);
    assert_eq!(l.labels, [Label::MateThreat]);
}

/// 图19 ply 4 (炮2平4 blocks the check 车五平六): Black threatened the same mate before the
/// check; the book calls the block 杀 — the threat is not the check's doing.
#[test]
fn fig19_reply_keeps_a_threat_that_stood_before_the_check() {
    let fen = "5aR2/3ka4/3cc4/3R5/9/2P3p2/2r6/4B4/4A2n1/2B1KA3 w - - 0 1";
    for policy in [cxa::CHASE, cxa::CHASE_2020, ONLY_REPLY] {
        let l = last(fen, "d6e6 d7b7 e6d6 b7d7", policy, true);
        assert_eq!(l.primary(), Label::MateThreat, "{:?}", l.labels);
    }
}

/// A composed position: the black chariot on e5 checks the red general on e1; 帅五平六 steps
/// out of the check and opens the e-file for the red chariot on e0, which now attacks the
/// unprotected black chariot. 1999: a chase (the chariot's attack is new); the current
/// edition: idle, the chase dismissed with CXA2020 26.1. A check it gave would stay.
#[test]
fn general_step_out_of_check_with_a_chase() {
    let fen = "5k3/9/9/9/4r4/9/9/9/4K4/4R4 w - - 0 1";
    let l = last(fen, "e1d1", cxa::CHASE, false);
    assert_eq!(l.primary(), Label::Chase, "{:?}", l.labels);
    assert_eq!(l.chases[0].target.to_string(), "e5");

    let l = last(fen, "e1d1", cxa::CHASE_2020, false);
    assert!(!l.labels.contains(&Label::Chase), "{:?}", l.labels);
    assert!(l.chases.is_empty());
    let d = l
        .dismissed
        .iter()
        .find(|d| d.reason == DismissReason::GeneralAnswersCheck)
        .expect("the chase is dismissed");
    assert_eq!(d.chase.target.to_string(), "e5");
    assert_eq!(d.article, Article::Cxa2020_26_1);
}

/// docs/rules.md §8, the soldier's clause: a soldier's move that chases together with
/// another piece is a chase in both editions (only soldiers alone are idle, 27.2).
#[test]
fn soldier_with_another_piece_chases_in_both_editions() {
    // 兵七平六 joins the red chariot on e2 against the unprotected black horse on e6.
    let fen = "5k3/9/9/2P1n4/9/9/9/4R4/9/3K5 w - - 0 1";
    for policy in [cxa::CHASE, cxa::CHASE_2020] {
        let l = last(fen, "c6d6", policy, false);
        assert_eq!(l.primary(), Label::Chase, "{:?}", l.labels);
        assert_eq!(l.chases[0].target.to_string(), "e6");
    }
}

/// docs/rules.md §8 (26.5) on a composed position: 车七进一 attacks the unprotected black
/// elephant on g5 along rank 5 and still guards the red horse on c3 against the black
/// chariot on a3 (the advisor on e8 keeps the chariot from checking on the e-file); taking
/// the elephant abandons the horse (an elephant for a horse: a loss).
/// 1999 (细则4): a chase; the current edition: idle, dismissed with CXA2020 26.5.
#[test]
fn root_chase_at_a_loss() {
    let fen = "4k4/4a4/9/9/6b2/2R6/r1N6/9/9/3K5 w - - 0 1";
    let l = last(fen, "c4c5", cxa::CHASE, false);
    assert_eq!(l.primary(), Label::Chase, "{:?}", l.labels);
    assert_eq!(l.chases[0].target.to_string(), "g5");

    let l = last(fen, "c4c5", cxa::CHASE_2020, false);
    assert!(!l.primary().is_attack(), "{:?} {:?}", l.labels, l.chases);
    let d = l
        .dismissed
        .iter()
        .find(|d| d.reason == DismissReason::RootAtLoss)
        .expect("the threat is dismissed");
    assert_eq!(d.chase.target.to_string(), "g5");
    assert_eq!(d.article, Article::Cxa2020_26_5);
    assert_eq!(d.chase.net.judge(), crate::material::Balance::Loss);
}

/// 26.5 leaves a root's chase a chase when taking does not cost more than it wins: the
/// corpus case of 细则4 (a cannon for the abandoned horse: even), as the book's 图21, 图22 and
/// 图28 rule.
#[test]
fn root_chase_even_is_still_a_chase() {
    let fen = "2r1k4/9/9/2N6/9/9/7c1/2R6/9/5K3 w - - 0 1";
    for policy in [cxa::CHASE, cxa::CHASE_2020] {
        let l = last(fen, "c2c3", policy, false);
        assert_eq!(l.primary(), Label::Chase, "{:?}", l.labels);
        assert_eq!(l.chases[0].target.to_string(), "h3");
    }
}

/// Another capturer that abandons nothing keeps the threat a chase.
#[test]
fn root_chase_at_a_loss_with_a_second_capturer() {
    // The red horse on e4 also attacks the elephant on g5, and abandons nothing.
    let fen = "4k4/4a4/9/9/6b2/2R1N4/r1N6/9/9/3K5 w - - 0 1";
    let l = last(fen, "c4c5", cxa::CHASE_2020, false);
    assert_eq!(l.primary(), Label::Chase, "{:?}", l.labels);
    assert_eq!(l.chases[0].target.to_string(), "g5");
}

/// 图18 ply 2 (将4平5 answers 车五平六): 1999: 杀; the current edition: 闲, by the general's
/// switch alone. Black threatened mate before the check too (the start position, which ply 4
/// returns to, is 杀 in the book), so the reply's switch does not apply.
#[test]
fn fig18_reply_to_check_is_idle_in_the_current_edition() {
    let fen = "3k1a3/4a4/b3b4/9/9/4R4/4n4/3Ar4/3KA4/9 w - - 0 1";
    let l = last(fen, "e4d4 d9e9", cxa::CHASE, true);
    assert_eq!(l.primary(), Label::MateThreat, "{:?}", l.labels);
    let l = last(fen, "e4d4 d9e9", ONLY_GENERAL, true);
    assert_eq!(idle_articles(&l), [Article::Cxa28_9, Article::Cxa2020_26_1]);
    let l = last(fen, "e4d4 d9e9", ONLY_REPLY, true);
    assert_eq!(l.primary(), Label::MateThreat, "{:?}", l.labels);
    let l = last(fen, "e4d4 d9e9", cxa::CHASE_2020, true);
    assert_eq!(l.labels, [Label::Idle]);
}

/// 图17 ply 3 (后车退一, CXA2020 §3.1): Red's chariot on b7, protected by b9, and Black's
/// unprotected chariot on c7 can take each other, but Black's capture would be taken back
/// with check and the chariot on h7 would fall: no exchange offer, and b7c7 chases. The mate
/// through that capture (b7c7 d7d8 c7c8 d8d7 b9b7) is set aside under both editions
/// (`losing_pair_capture_starts_no_mate`): 捉, as the book; without the switch, 杀.
/// Ply 4 (将4退1): Black's mate of seven checks, five of them forced, is found with four
/// counted (`mate_forced_checks`): 杀, as the book; with the cap at the depth, none.
#[test]
fn fig17_pair_capture_starts_no_mate_and_forced_checks_are_free() {
    const FIG17: &str = "1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w - - 0 1";
    for policy in [cxa::CHASE, cxa::CHASE_2020] {
        let l = last(FIG17, "b7b8 d8d7 b8b7", policy, true);
        assert_eq!(l.primary(), Label::Chase, "{:?}", l.labels);
        assert_eq!(l.mate_line, None);
        let counted = ChasePolicy {
            losing_pair_capture_starts_no_mate: false,
            ..policy
        };
        let l = last(FIG17, "b7b8 d8d7 b8b7", counted, true);
        assert_eq!(l.primary(), Label::MateThreat, "{:?}", l.labels);
        assert!(l.labels.contains(&Label::Chase));

        let l = last(FIG17, "b7b8 d8d7 b8b7 d7d8", policy, true);
        assert_eq!(l.primary(), Label::MateThreat, "{:?}", l.labels);
        assert_eq!(l.mate_line.as_ref().map(Vec::len), Some(13));
        let plain = ChasePolicy {
            mate_forced_checks: 0,
            ..policy
        };
        let l = last(FIG17, "b7b8 d8d7 b8b7 d7d8", plain, true);
        assert_ne!(l.primary(), Label::MateThreat, "{:?}", l.labels);
    }
}
