//! Labelling the moves of a cycle: a cache per (position, move, context), and the one place
//! where the cycle context (长打对长打, CXA 27.2, 细则11) is decided.

use std::collections::HashMap;

use qili_notation::{Color, Move, Position, Role};

use crate::label::{label_move_context, CycleContext, Label, MateSearch, MoveLabels};
use crate::rules::Settings;

/// Labels moves through [`crate::label_move`], each (position, move, context) once, with
/// one mate search whose answers serve every move it labels.
#[derive(Debug, Default)]
pub struct Labeller {
    /// Labels per (position, move, mutual perpetual attack), with whether the context
    /// decided anything (when not, they serve the other context too).
    cache: HashMap<(Position, Move, bool), (MoveLabels, bool)>,
    mate: MateSearch,
    calls: usize,
}

impl Labeller {
    /// An empty cache.
    pub fn new() -> Labeller {
        Labeller::default()
    }

    /// How many times the classifier actually ran.
    pub fn classifier_calls(&self) -> usize {
        self.calls
    }

    /// The labels of `mv` played in `before` (legal).
    pub fn label(
        &mut self,
        before: &Position,
        mv: &Move,
        settings: &Settings,
        cx: CycleContext,
    ) -> MoveLabels {
        let mut key = (before.clone(), *mv, !cx.mutual_perpetual_attack);
        if let Some((l, false)) = self.cache.get(&key) {
            return l.clone();
        }
        key.2 = cx.mutual_perpetual_attack;
        if let Some((l, _)) = self.cache.get(&key) {
            return l.clone();
        }
        self.calls += 1;
        let (mut l, used) = label_move_context(before, mv, settings, cx, &mut self.mate);
        if l.labels.is_empty() {
            l.labels.push(Label::Idle);
        }
        self.cache.insert(key, (l.clone(), used));
        l
    }

    /// Labels one period of a cycle: `moves[i]` is played in `positions[i]`. Decides the cycle
    /// context — both sides attack in every move, a soldier's lone threat counting as an
    /// attack (CXA 27.2, 细则11) — and returns it with the labels under it.
    pub fn label_cycle(
        &mut self,
        positions: &[Position],
        moves: &[Move],
        settings: &Settings,
    ) -> (CycleContext, Vec<MoveLabels>) {
        let plain = CycleContext {
            mutual_perpetual_attack: false,
        };
        let labels: Vec<MoveLabels> = positions
            .iter()
            .zip(moves)
            .map(|(p, m)| self.label(p, m, settings, plain))
            .collect();
        let attack = |l: &MoveLabels| l.primary_or_idle().is_attack();
        // A move that does not attack can only become one through a soldier's lone threat.
        let may_turn = labels
            .iter()
            .zip(positions)
            .zip(moves)
            .all(|((l, p), m)| attack(l) || soldier_may_capture(&p.after(m), p.turn()));
        if !may_turn {
            return (plain, labels);
        }
        let mutual = CycleContext {
            mutual_perpetual_attack: true,
        };
        let relabelled: Vec<MoveLabels> = positions
            .iter()
            .zip(moves)
            .map(|(p, m)| self.label(p, m, settings, mutual))
            .collect();
        if relabelled.iter().all(attack) {
            (mutual, relabelled)
        } else {
            (plain, labels)
        }
    }
}

/// Whether a soldier of `side` could capture a piece other than the general in `after`
/// (geometry only): the only way a non-attacking move turns into a chase under 细则11.
fn soldier_may_capture(after: &Position, side: Color) -> bool {
    let mut buf = Vec::new();
    after
        .pieces()
        .filter(|(_, p)| p.color == side && p.role == Role::Soldier)
        .any(|(sq, _)| {
            buf.clear();
            after.pseudo_moves_from(sq, &mut buf);
            buf.iter()
                .any(|m| matches!(m.capture, Some(r) if r != Role::General))
        })
}

trait PrimaryOrIdle {
    fn primary_or_idle(&self) -> Label;
}

impl PrimaryOrIdle for MoveLabels {
    fn primary_or_idle(&self) -> Label {
        self.labels.first().copied().unwrap_or(Label::Idle)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili_notation::Iccs;

    #[test]
    fn cache_labels_each_position_move_once() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/4K4/5R3 w - - 0 1").unwrap();
        let m = "f0f1".parse::<Iccs>().unwrap().to_move(&pos).unwrap();
        let mut l = Labeller::new();
        let s = Settings::default();
        let a = l.label(&pos, &m, &s, CycleContext::default());
        let b = l.label(&pos, &m, &s, CycleContext::default());
        assert_eq!(a, b);
        assert_eq!(l.classifier_calls(), 1);
    }
}
