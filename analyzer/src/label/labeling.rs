//! Labelling the moves of a cycle: a cache per (position, move, context), and the one place
//! where the cycle context (长打对长打, CXA 27.2, 细则11) is decided.

use std::collections::hash_map::Entry;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use qili_notation::{ByColor, Color, Move, Position, Role};

use crate::label::{label_move_context, CycleContext, Label, MateSearch, MoveLabels, Scope};
use crate::settings::{RuleBook, Settings};

/// What of the [`Settings`] the labels depend on: the rule book (the rule set with its open
/// choices) and the mate-search depth. A [`Labeller`] reused across settings keeps each
/// one's labels apart.
type LabelRules = (RuleBook, u32);

/// The labels a [`Labeller`] remembers: per (position, move, rules), the labels under each
/// cycle context (index: mutual perpetual attack), with whether the context decided
/// anything. Both contexts under one key: a lookup asks for both, with one hash.
///
/// The key's last part is the hash of the position before the previous move where the labels
/// may depend on it ([`crate::label::label_move_after`]: a reply to a check under a rule book
/// whose mate threat made by the check is idle), `None` elsewhere.
type LabelCache =
    FxHashMap<(Position, Move, LabelRules, Option<u64>), [Option<(Arc<MoveLabels>, bool)>; 2]>;

/// Labels moves through [`crate::label_move`], each (position, move, context, rules) once,
/// with one mate search whose answers serve every move it labels.
///
/// A labeller starts empty, as if new, but takes the maps of the last one dropped on the
/// same thread, cleared (`Maps`): a batch of judgements does not grow them again from
/// nothing for each. Nothing it remembered is kept, only the room.
#[derive(Debug)]
pub struct Labeller {
    /// Its maps, boxed so that they pass from one labeller to the next as a pointer (they
    /// are large); `None` only once dropped.
    maps: Option<Box<Maps>>,
    calls: usize,
    scope: Scope,
}

/// What a [`Labeller`] remembers, and what it hands on, cleared, to the next labeller of
/// its thread.
#[derive(Debug, Default)]
struct Maps {
    /// Labels per (position, move, mutual perpetual attack, rules), with whether the
    /// context decided anything (when not, they serve the other context too). Incomplete
    /// labels ([`Scope::Verdict`]) serve only that scope; complete ones serve both.
    cache: LabelCache,
    mate: MateSearch,
}

thread_local! {
    /// The cleared maps of the last [`Labeller`] dropped on the thread, for the next one.
    static SPARE: std::cell::RefCell<Option<Box<Maps>>> = const { std::cell::RefCell::new(None) };
}

/// Most labels whose room a dropped labeller's cache hands on.
const SPARE_LABELS: usize = 1 << 12;

impl Default for Labeller {
    fn default() -> Labeller {
        let spare = SPARE.with(|s| s.borrow_mut().take());
        // An analysis stopped before its end may have left unfinished answers in them.
        let spoiled = crate::stop::take_spoiled();
        let spare = spare.filter(|_| !spoiled);
        Labeller {
            maps: Some(spare.unwrap_or_default()),
            calls: 0,
            scope: Scope::default(),
        }
    }
}

impl Drop for Labeller {
    fn drop(&mut self) {
        let Some(mut maps) = self.maps.take() else {
            return;
        };
        if maps.cache.capacity() > SPARE_LABELS || !maps.mate.worth_keeping() {
            return;
        }
        maps.cache.clear();
        maps.mate.clear();
        // A thread being torn down has no spare any more: the maps are then just dropped.
        let _ = SPARE.try_with(|s| *s.borrow_mut() = Some(maps));
    }
}

impl Labeller {
    /// An empty cache, labelling in full.
    pub fn new() -> Labeller {
        Labeller::default()
    }

    /// An empty cache labelling within `scope`.
    pub fn with_scope(scope: Scope) -> Labeller {
        let mut labeller = Labeller::default();
        labeller.scope = scope;
        labeller
    }

    /// The scope it labels within.
    pub fn scope(&self) -> Scope {
        self.scope
    }

    /// Labels within `scope` from now on; returns the scope it replaces.
    pub fn set_scope(&mut self, scope: Scope) -> Scope {
        std::mem::replace(&mut self.scope, scope)
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
    ) -> Arc<MoveLabels> {
        self.label_known(before, mv, settings, cx, false, self.scope, None)
    }

    /// [`Labeller::label`] within `scope`; `legal`: the move is known to be legal (the
    /// classifier does not test it again); `prior`: the position the previous move was
    /// played in, if known ([`crate::label::label_move_after`]).
    #[allow(clippy::too_many_arguments)]
    fn label_known(
        &mut self,
        before: &Position,
        mv: &Move,
        settings: &Settings,
        cx: CycleContext,
        legal: bool,
        scope: Scope,
        prior: Option<&Position>,
    ) -> Arc<MoveLabels> {
        let rules = (settings.book(), settings.mate_depth);
        let serves = |l: &MoveLabels| l.complete || scope == Scope::Verdict;
        let prior = prior.filter(|_| crate::label::depends_on_prior(before, settings));
        let key = (before.clone(), *mv, rules, prior.map(Position::zobrist));
        let (this, other) = (
            usize::from(cx.mutual_perpetual_attack),
            usize::from(!cx.mutual_perpetual_attack),
        );
        let Maps { cache, mate } = &mut **self.maps.get_or_insert_with(Box::default);
        // One lookup finds the key's labels or the place for them (hashed once).
        let known = match cache.entry(key) {
            Entry::Occupied(known) => {
                let known = known.into_mut();
                if let Some((l, false)) = &known[other] {
                    if serves(l) {
                        return Arc::clone(l);
                    }
                }
                if let Some((l, _)) = &known[this] {
                    if serves(l) {
                        return Arc::clone(l);
                    }
                }
                known
            }
            Entry::Vacant(slot) => slot.insert([None, None]),
        };
        self.calls += 1;
        let (mut l, used) = label_move_context(before, mv, settings, cx, mate, scope, legal, prior);
        if l.labels.is_empty() {
            l.labels.push(Label::Idle);
        }
        let l = Arc::new(l);
        known[this] = Some((Arc::clone(&l), used));
        l
    }

    /// [`Labeller::label_cycle`] for moves known to be legal in their positions (the moves
    /// of a judged line, which the position graph took only when legal): the classifier does
    /// not test their legality again. The moves of a side marked in `full` are labelled in
    /// full ([`Scope::Full`]) whatever the labeller's scope.
    pub(crate) fn label_legal_cycle(
        &mut self,
        positions: &[Position],
        moves: &[Move],
        settings: &Settings,
        full: ByColor<bool>,
    ) -> (CycleContext, Vec<Arc<MoveLabels>>) {
        self.label_cycle_known(positions, moves, settings, true, full)
    }

    /// Labels one period of a cycle: `moves[i]` is played in `positions[i]`. Decides the cycle
    /// context — both sides attack in every move, a soldier's lone threat counting as an
    /// attack (CXA 27.2, 细则11) — and returns it with the labels under it.
    pub fn label_cycle(
        &mut self,
        positions: &[Position],
        moves: &[Move],
        settings: &Settings,
    ) -> (CycleContext, Vec<Arc<MoveLabels>>) {
        self.label_cycle_known(positions, moves, settings, false, ByColor::default())
    }

    /// [`Labeller::label_cycle`]; `legal`: the moves are known to be legal; the moves of a
    /// side marked in `full` are labelled in full. The labels of the period are then read
    /// over the cycle: 27.3's plain draw — a side that chases elsewhere in it gets its
    /// key-point moves' threats back as chases
    /// ([`crate::label::void_when_chasing_elsewhere`]).
    fn label_cycle_known(
        &mut self,
        positions: &[Position],
        moves: &[Move],
        settings: &Settings,
        legal: bool,
        full: ByColor<bool>,
    ) -> (CycleContext, Vec<Arc<MoveLabels>>) {
        let (context, mut labels) = self.label_period(positions, moves, settings, legal, full);
        let book = settings.book();
        crate::label::void_when_chasing_elsewhere(&book.chase(), book.reading(), &mut labels);
        (context, labels)
    }

    /// Labels one period of a cycle move by move and decides its context (see
    /// [`Labeller::label_cycle`]).
    fn label_period(
        &mut self,
        positions: &[Position],
        moves: &[Move],
        settings: &Settings,
        legal: bool,
        full: ByColor<bool>,
    ) -> (CycleContext, Vec<Arc<MoveLabels>>) {
        let own = self.scope;
        let scope = |p: &Position| {
            if *full.get(p.turn()) {
                Scope::Full
            } else {
                own
            }
        };
        let plain = CycleContext {
            mutual_perpetual_attack: false,
        };
        // The position each move's previous move was played in: the one before it, and for
        // the first, the last of the period when it leads back to the first.
        // Asked only where the first move's labels may depend on it.
        let cyclic = match (positions.last(), moves.last(), positions.first()) {
            (Some(p), Some(m), Some(first))
                if crate::label::depends_on_prior(first, settings)
                    && p.after(m).zobrist() == first.zobrist() =>
            {
                Some(p)
            }
            _ => None,
        };
        let prior = |i: usize| if i == 0 { cyclic } else { positions.get(i - 1) };
        let labels: Vec<Arc<MoveLabels>> = positions
            .iter()
            .zip(moves)
            .enumerate()
            .map(|(i, (p, m))| self.label_known(p, m, settings, plain, legal, scope(p), prior(i)))
            .collect();
        let attack = |l: &Arc<MoveLabels>| l.primary_or_idle().is_attack();
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
        let relabelled: Vec<Arc<MoveLabels>> = positions
            .iter()
            .zip(moves)
            .enumerate()
            .map(|(i, (p, m))| self.label_known(p, m, settings, mutual, legal, scope(p), prior(i)))
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
    use crate::settings::RuleSet;
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

    /// A Labeller reused across rule sets gives each rule set's labels: a second chariot on a
    /// horse protected once is a chase under CXA (少根, 29.3) and not under AXF (r35).
    #[test]
    fn cache_is_keyed_by_the_rule_set() {
        let pos = Position::from_fen("2r1k4/9/9/2n6/9/9/2R6/9/9/R2K5 w - - 0 1").unwrap();
        let m = "a0a6".parse::<Iccs>().unwrap().to_move(&pos).unwrap();
        let cxa = Settings::default();
        let axf = Settings {
            rules: RuleSet::Axf,
            ..Settings::default()
        };
        let fresh = |s: &Settings| crate::label::label_move(&pos, &m, s, CycleContext::default());
        assert_ne!(
            fresh(&cxa).labels,
            fresh(&axf).labels,
            "the example must differ"
        );
        let mut l = Labeller::new();
        for s in [&cxa, &axf, &cxa, &axf] {
            let got = l.label(&pos, &m, s, CycleContext::default());
            assert_eq!(got.labels, fresh(s).labels, "{:?}", s.rules);
        }
        assert_eq!(l.classifier_calls(), 2);
    }
}
