//! The ruling of one game, as the audit needs it: the decision that settles the record,
//! and the judgement behind it (from which the JSON writes `qili judge`'s `ruling`, `cycles`
//! and `natural_limit` objects).

use qili_notation::{Color, Move, Position};

use crate::judge::{judge, Judgement, RulingSource};
use crate::rules::Settings;
use crate::verdict;

/// What a ruling in force decides for the record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Draw (both sides allowed, or both forbidden).
    Draw,
    /// The side loses (it repeated a forbidden cycle once more, or checked perpetually).
    Loses(Color),
    /// The side must change its moves (forbidden against allowed, threshold just reached).
    MustChange(Color),
}

/// The ruling in force that settles the record (RULES.md §1: the last one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// What it decides.
    pub outcome: Outcome,
    /// The ply at which the ruling took its form (threshold reached, or cycle repeated).
    pub ply: usize,
    /// The last ply of the record that is still part of the cycle.
    pub last_ply: usize,
    /// Whether the cycle went on past the threshold (the offender went round it again after
    /// it had to change, or a perpetual check was repeated once more).
    pub continued: bool,
    /// The index of the cycle in the judgement.
    pub cycle: usize,
}

/// A game's ruling.
#[derive(Debug, Clone)]
pub struct Ruled {
    /// The ruling in force that settles the record, if any.
    pub decision: Option<Decision>,
    /// The ply at which the natural move limit was reached, if it was.
    pub natural_limit_ply: Option<usize>,
    /// The first loss in force (final) ruled on a stretch other than the one that decides
    /// the record, with the side that lost: the game went on past it (RULES.md §1: the last
    /// ruling in force decides).
    pub earlier_loss: Option<(usize, Color)>,
    /// The number of repetition cycles found.
    pub cycles: usize,
    /// The judgement (`None` for a game with no repeated position and no natural limit:
    /// nothing needed judging).
    pub judgement: Option<Box<Judgement>>,
}

/// The plies a captureless stretch must last before the natural limit can be reached.
fn natural_limit_possible(start: &Position, moves: &[Move], settings: &Settings) -> bool {
    let limit = settings.natural_limit as usize * 2;
    if limit == 0 {
        return false;
    }
    let mut quiet = start.halfmoves() as usize;
    for m in moves {
        quiet = if m.is_capture() { 0 } else { quiet + 1 };
        if quiet >= limit {
            return true;
        }
    }
    false
}

/// Rules a legal game. With `repeats` false (no position occurs often enough for the
/// caller's purpose) the game is only judged when a captureless stretch is long enough for
/// the natural limit; otherwise its cycles are counted, not labelled or ruled.
pub fn rule(start: &Position, moves: &[Move], settings: &Settings, repeats: bool) -> Ruled {
    let keys = super::game::zobrist_keys(start, moves);
    rule_keyed(start, moves, &keys, settings, repeats)
}

/// [`rule`] with the game's Zobrist keys (start position, then after every ply) at hand.
pub(crate) fn rule_keyed(
    start: &Position,
    moves: &[Move],
    keys: &[u64],
    settings: &Settings,
    repeats: bool,
) -> Ruled {
    if !repeats && !natural_limit_possible(start, moves, settings) {
        // The cycles `judge` would find, without labels.
        return Ruled {
            decision: None,
            natural_limit_ply: None,
            earlier_loss: None,
            cycles: crate::graph::cycles(keys, verdict::threshold(settings)).len(),
            judgement: None,
        };
    }
    let j = judge(start, moves, settings);
    Ruled {
        decision: decision(&j),
        natural_limit_ply: j.natural_limit.reached().map(|(p, _)| p),
        earlier_loss: earlier_loss(&j),
        cycles: j.cycles.len(),
        judgement: Some(Box::new(j)),
    }
}

/// What the audit finds when `j` is compared with the `recorded` result (the findings an
/// audit of the same record reports; explanations say from them whether the ruling agrees).
pub fn compare_judgement(
    j: &Judgement,
    recorded: Option<super::GameResult>,
) -> Vec<super::Finding> {
    let ruled = Ruled {
        decision: decision(j),
        natural_limit_ply: j.natural_limit.reached().map(|(p, _)| p),
        earlier_loss: earlier_loss(j),
        cycles: j.cycles.len(),
        judgement: None,
    };
    super::game::compare(&ruled, recorded, j.moves.len())
}

/// The first final loss ruled on a cycle in force that does not decide the record.
fn earlier_loss(j: &Judgement) -> Option<(usize, Color)> {
    let deciding = match j.ruling.source {
        RulingSource::Cycle { index } => Some(index),
        _ => None,
    };
    use verdict::{Outcome as O, Status as S};
    j.cycles
        .iter()
        .enumerate()
        .filter(|&(i, c)| c.in_force && Some(i) != deciding && c.verdict.status == S::Final)
        .filter_map(|(_, c)| {
            let loser = match c.verdict.result {
                O::RedWins => Color::Black,
                O::BlackWins => Color::Red,
                _ => return None,
            };
            Some((c.decided_ply()?, loser))
        })
        .min()
}

/// The decision of a judgement whose ruling comes from a cycle in force.
fn decision(j: &Judgement) -> Option<Decision> {
    let RulingSource::Cycle { index } = j.ruling.source else {
        return None;
    };
    let c = j.cycles.get(index)?;
    use verdict::{Outcome as O, Status as S};
    let outcome = match (j.ruling.status, j.ruling.result) {
        (S::Final, O::Draw) => Outcome::Draw,
        (S::Final, O::RedWins) => Outcome::Loses(Color::Black),
        (S::Final, O::BlackWins) => Outcome::Loses(Color::Red),
        (S::MustChange, O::RedWins) => Outcome::MustChange(Color::Black),
        (S::MustChange, O::BlackWins) => Outcome::MustChange(Color::Red),
        _ => return None,
    };
    Some(Decision {
        outcome,
        ply: c.decided_ply()?,
        last_ply: c.run.end,
        continued: c.repeated_ply.is_some() || c.occurrences > verdict::threshold(&j.settings),
        cycle: index,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::{Finding, GameResult};
    use qili_notation::Iccs;

    #[test]
    fn a_loss_in_force_that_the_game_went_past_is_a_finding() {
        // Red checks perpetually (a loss in force at ply 8, CXA 24.1), then both sides shuffle
        // their generals: a draw in force at ply 16 decides the record (RULES.md §1).
        let start = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/5K3 w - - 0 1").unwrap();
        let text =
            "a8a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 f0f1 d9e9 f1f0 e9d9 f0f1 d9e9 f1f0 e9d9";
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for s in text.split(' ') {
            let m = s.parse::<Iccs>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(&m);
            moves.push(m);
        }
        // CXA 1999: the perpetual check loses at once (under 2011/2020 it must change, 图6).
        let settings = Settings {
            rules: crate::rules::RuleSet::Cxa1999,
            ..Settings::default()
        };
        let j = judge(&start, &moves, &settings);
        assert_eq!(j.ruling.result, verdict::Outcome::Draw, "{:?}", j.ruling);
        let findings = compare_judgement(&j, Some(GameResult::Draw));
        assert!(
            findings.contains(&Finding::PlayedPastLoss {
                ply: 8,
                loser: Color::Red
            }),
            "{findings:?}"
        );
        assert!(
            !findings.iter().any(Finding::is_disagreement),
            "{findings:?}"
        );
        // Cut at the loss, the loss decides: no earlier loss to report.
        let j = judge(&start, &moves[..8], &settings);
        let findings = compare_judgement(&j, Some(GameResult::Draw));
        assert!(
            !findings
                .iter()
                .any(|f| matches!(f, Finding::PlayedPastLoss { .. })),
            "{findings:?}"
        );
    }
}
