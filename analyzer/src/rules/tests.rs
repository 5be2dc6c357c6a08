//! Rule-book rules on positions, through the labeller: one test per rule a rule book sets.

use qili_notation::{Iccs, Position, Square};

use crate::label::{label_move, CycleContext, DismissReason, Label};
use crate::rules::{Article, RuleSet, Settings};

/// AXF r15 (docs/rules.md §3, §4.6: a rook attacked by a horse or cannon is chased whatever its
/// protection): the red horse on c3 chases the black chariot on d5, protected by the horse
/// on f6. Red's cannon blocks that horse's leg (e6): the chariot loses its last protector,
/// but the horse's attack stood and was a chase before, so it is no new chase (from chase
/// to chase). CXA keeps the general rule (Appendix, perpetual chase): the chase is new.
#[test]
fn axf_protection_taken_from_a_chariot_a_horse_attacks_is_no_new_chase() {
    let pos = Position::from_fen("4k4/9/9/5n3/3r5/9/2N6/4C4/9/4K4 w - - 0 1").unwrap();
    let m = "e2e6".parse::<Iccs>().unwrap().to_move(&pos).unwrap();
    let d5 = "d5".parse::<Square>().unwrap();
    let axf = Settings {
        rules: RuleSet::Axf,
        ..Settings::default()
    };
    let l = label_move(&pos, &m, &axf, CycleContext::default());
    assert!(!l.labels.contains(&Label::Chase), "{:?}", l.labels);
    assert!(
        l.dismissed.iter().any(|d| d.reason == DismissReason::NotNew
            && d.article == Article::AxfAppendixNonChase
            && d.chase.target == d5),
        "{:?}",
        l.dismissed
    );
    let l = label_move(&pos, &m, &Settings::default(), CycleContext::default());
    assert!(l.chases.iter().any(|c| c.target == d5), "{:?}", l.labels);
}
