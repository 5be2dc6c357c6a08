//! Before the move ([`crate::outlook`]): every legal move of the current position with what
//! it would bring, read from this very judge. A move that reaches a position of the open
//! segment is played in a fork of the judge (its label cache lent, so whatever it labels
//! serves the line later); a move that reaches no known position leaves every cycle as it
//! is, so it costs a hash lookup, unless the natural limit could be reached by it.

use qili_notation::{ByColor, Move, Position};

use super::Incremental;
use crate::conduct::Conduct;
use crate::consequence::{
    Consequence, Effect, MoveOutlook, Outlook, OutlookOptions, Repetition, Warning,
};
use crate::judge::RulingSource;
use crate::label::Labeller;
use crate::verdict::{OpenNote, Verdict};

impl Incremental {
    /// Every legal move of the current position and what it would bring under the judge's
    /// settings: the repetition it completes, the ruling after it (what [`crate::judge()`]
    /// says of the line with the move played), and for a move that repeats but decides
    /// nothing yet, the ruling that playing the loop once more would bring (`options`).
    /// See [`crate::outlook`].
    pub fn outlook(&mut self, options: &OutlookOptions) -> Outlook {
        let mover = self.pos.turn();
        let near_limit = self.natural_limit_near();
        let mut moves = Vec::new();
        for mv in self.pos.legal_moves() {
            let after = self.pos.after(&mv);
            let known = if mv.is_capture() {
                None
            } else {
                self.lookup(&after)
            };
            if known.is_none() && !near_limit {
                moves.push(MoveOutlook {
                    mv,
                    repetition: None,
                    ruling: self.ruling.clone(),
                    effect: None,
                    consequence: Consequence::None,
                    warning: None,
                });
                continue;
            }
            let repetition = known.map(|id| {
                let previous = self.cycles.last_occurrence(id);
                Repetition {
                    occurrence: self.cycles.occurrences(id) + 1,
                    first_ply: self.seg_start + self.first[id as usize],
                    previous_ply: self.seg_start + previous,
                    loop_moves: self.seg_moves[previous..]
                        .iter()
                        .copied()
                        .chain(std::iter::once(mv))
                        .collect(),
                }
            });
            let mut fork = self.fork();
            let played = fork.push(mv).is_ok();
            let effect = if played { fork.effect() } else { None };
            let consequence = Consequence::of(mover, effect.as_ref(), repetition.is_some());
            let ruling = fork.ruling.clone();
            let warning = match (&repetition, &effect) {
                (Some(r), None) if options.warnings => fork.play_loop_again(&r.loop_moves),
                _ => None,
            };
            moves.push(MoveOutlook {
                mv,
                repetition,
                ruling,
                effect,
                consequence,
                warning,
            });
            self.take_back_labels(fork);
        }
        Outlook {
            ply: self.ply,
            fen: self.pos.fen(),
            mover,
            threshold: crate::verdict::threshold(&self.settings),
            settings: self.settings.clone(),
            ruling: self.ruling.clone(),
            moves,
        }
    }

    /// The id of `pos` when it occurred in the open segment (what [`Incremental::enter`]
    /// would find), without entering it.
    fn lookup(&self, pos: &Position) -> Option<u32> {
        match self.ids.get(&pos.zobrist()) {
            None => None,
            Some(&id) if self.seg_positions[self.first[id as usize]] == *pos => Some(id),
            Some(_) => self.collided.get(pos).copied(),
        }
    }

    /// Whether one more capture-free ply could reach the natural limit (the count
    /// [`Incremental::update_natural`] starts at).
    fn natural_limit_near(&self) -> bool {
        let n = self.settings.natural_limit as usize;
        if self.natural.is_some() || n == 0 {
            return false;
        }
        let clock = if self.seg_start == 0 {
            self.seg_positions[0].halfmoves() as usize
        } else {
            0
        };
        self.seg_moves.len() + 1 + clock >= 2 * n
    }

    /// A copy of the judge to play moves in, with this judge's label cache lent to it
    /// (given back by [`Incremental::take_back_labels`]).
    fn fork(&mut self) -> Incremental {
        Incremental {
            settings: self.settings.clone(),
            pos: self.pos.clone(),
            ply: self.ply,
            seg_start: self.seg_start,
            seg_positions: self.seg_positions.clone(),
            seg_moves: self.seg_moves.clone(),
            ids: self.ids.clone(),
            first: self.first.clone(),
            collided: self.collided.clone(),
            cycles: self.cycles.clone(),
            last: self.last.clone(),
            last_repeat: self.last_repeat,
            seg_judgement: None,
            labeller: std::mem::replace(&mut self.labeller, Labeller::new()),
            closed_cycles: self.closed_cycles,
            closed_best: self.closed_best.clone(),
            counter: self.counter.clone(),
            natural: self.natural,
            ruling: self.ruling.clone(),
        }
    }

    /// Takes back the label cache lent to `fork`, with what it labelled.
    fn take_back_labels(&mut self, mut fork: Incremental) {
        std::mem::swap(&mut self.labeller, &mut fork.labeller);
    }

    /// The ruling that took effect with the last move, if one did: a cycle of the open
    /// segment whose verdict took its present form at this ply (the threshold reached, or
    /// the cycle played once more after it), or the natural limit reached at this ply.
    fn effect(&self) -> Option<Effect> {
        match self.ruling.source {
            RulingSource::Cycle { .. } => {
                let last = self.last.as_ref()?;
                let decided = last.decided_ply()? + self.seg_start;
                (decided == self.ply).then(|| Effect {
                    ply: self.ply,
                    ruling: self.ruling.clone(),
                    occurrence: Some(last.occurrence_indices.len()),
                    played_again: last.repeated_ply.is_some(),
                    verdict: Some(shift_verdict(&last.verdict, self.seg_start)),
                    conducts: Some(ByColor {
                        red: shift_conduct(&last.red, self.seg_start),
                        black: shift_conduct(&last.black, self.seg_start),
                    }),
                })
            }
            RulingSource::NaturalLimit { ply, .. } if ply == self.ply => Some(Effect {
                ply,
                ruling: self.ruling.clone(),
                occurrence: None,
                played_again: false,
                verdict: None,
                conducts: None,
            }),
            _ => None,
        }
    }

    /// Plays `loop_moves` (the loop just closed: from the previous occurrence of the
    /// position reached to it) once more, up to the first ruling that takes effect: the
    /// warning before the threshold (`moves_more` counts the plies after the move asked
    /// about).
    fn play_loop_again(&mut self, loop_moves: &[Move]) -> Option<Warning> {
        for (i, mv) in loop_moves.iter().enumerate() {
            let by = self.pos.turn();
            self.push(*mv).ok()?;
            if let Some(effect) = self.effect() {
                return Some(Warning {
                    plies_more: i + 1,
                    last_move: *mv,
                    by,
                    effect,
                });
            }
        }
        None
    }
}

/// `conduct` (its plies counted from the open segment's start) with its plies counted over
/// the whole line, as [`crate::judge()`] counts them.
fn shift_conduct(conduct: &Conduct, by: usize) -> Conduct {
    let mut c = conduct.clone();
    c.plies.iter_mut().for_each(|p| *p += by);
    c.checks_read_as_chases.iter_mut().for_each(|p| *p += by);
    c
}

/// `verdict` with the plies of its notes counted over the whole line.
fn shift_verdict(verdict: &Verdict, by: usize) -> Verdict {
    let mut v = verdict.clone();
    for note in &mut v.open {
        match note {
            OpenNote::CheckThatChasesIsChase { ply, .. }
            | OpenNote::AttackIsTheBaseline { ply, .. }
            | OpenNote::KeyPointPlainDraw { ply, .. } => *ply += by,
            OpenNote::KeyPointPlainCaseOnly { .. }
            | OpenNote::PinnedChariotRankedAboveChase { .. } => {}
        }
    }
    v
}
