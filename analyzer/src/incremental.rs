//! The incremental API for engines and servers: feed moves one at a time and ask, after
//! each, whether a ruling is in force and what it is — without re-analysing the history.
//!
//! How: positions before a capture can never recur (the material differs), so the line
//! splits into *segments* at captures and every cycle lies inside one. Each position of the
//! open segment goes into a hash set; a move whose position is new changes no cycle, so
//! the ruling stands and nothing is analysed. When a position repeats because the loop in
//! progress goes on, only that cycle's reach (occurrences, verdict) is updated, in time
//! proportional to its period; any other repetition judges the open segment again, through
//! a label cache shared by all calls (each (position, move) is classified once). A closed segment keeps its last cycle ruling. The natural move
//! limit is counted only once the open segment is long enough to reach it. The result is
//! the same as [`crate::judge`] on the whole line after every ply (tested on the corpus and
//! the vectors).
//!
//! ```
//! use qili_analyzer::{Incremental, Outcome, Settings, Status};
//! use qili_notation::{Iccs, Position};
//!
//! // Red's chariot checks from b9 and b8 for ever; Black's general shuffles d9 / d8.
//! let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/1R2K4 w - - 0 1")?;
//! let mut game = Incremental::new(start, Settings::default());
//! let line = ["b0b9", "d9d8", "b9b8", "d8d9", "b8b9", "d9d8", "b9b8", "d8d9", "b8b9"];
//! for (i, text) in line.iter().enumerate() {
//!     let mv = text.parse::<Iccs>()?.to_move(game.position())?;
//!     let ruling = game.push(mv)?;
//!     if i + 1 < line.len() {
//!         assert_eq!(ruling.status, Status::None, "no ruling before the third occurrence");
//!     }
//! }
//! // The position after b0b9 has now occurred three times: perpetual check loses.
//! assert_eq!(game.ruling().status, Status::Final);
//! assert_eq!(game.ruling().result, Outcome::BlackWins);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;

use qili_notation::{Color, IllegalMove, Move, Position};

use crate::judge::{extend_last_cycle, judge_with, Judgement, Ruling, RulingSource};
use crate::labeling::Labeller;
use crate::natural::natural_limit;
use crate::rules::Settings;
use crate::verdict::{Article, Outcome, Status};

/// A line of play judged move by move. See the [module documentation](self).
#[derive(Debug)]
pub struct Incremental {
    settings: Settings,
    pos: Position,
    ply: usize,
    /// Ply at which the open segment starts (0, or the ply of the last capture).
    seg_start: usize,
    /// Positions of the open segment (`seg_positions[0]` stands at `seg_start`).
    seg_positions: Vec<Position>,
    /// Moves of the open segment.
    seg_moves: Vec<Move>,
    /// How often each position of the open segment occurred.
    seen: HashMap<Position, usize>,
    labeller: Labeller,
    /// The judgement of the open segment, from its last repetition.
    seg_judgement: Option<Judgement>,
    /// Cycles in the closed segments.
    closed_cycles: usize,
    /// The latest in-force cycle of the closed segments: (decided ply, global index, ruling).
    closed_best: Option<(usize, usize, Ruling)>,
    /// Where the natural limit was first reached (global ply, claimant).
    natural: Option<(usize, Color)>,
    ruling: Ruling,
}

fn no_ruling() -> Ruling {
    Ruling {
        result: Outcome::None,
        status: Status::None,
        source: RulingSource::None,
        articles: Vec::new(),
    }
}

impl Incremental {
    /// Starts a line at `start`.
    pub fn new(start: Position, settings: Settings) -> Incremental {
        let mut inc = Incremental {
            settings,
            pos: start.clone(),
            ply: 0,
            seg_start: 0,
            seg_positions: vec![start.clone()],
            seg_moves: Vec::new(),
            seen: HashMap::from([(start, 1)]),
            labeller: Labeller::new(),
            seg_judgement: None,
            closed_cycles: 0,
            closed_best: None,
            natural: None,
            ruling: no_ruling(),
        };
        inc.update_natural();
        inc.ruling = inc.combine();
        inc
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Plies played.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The ruling in force now (status `None` when there is none).
    pub fn ruling(&self) -> &Ruling {
        &self.ruling
    }

    /// The judgement of the line since the last capture, as of its last repeated position
    /// (cycles, labels, evidence; plies counted from [`Incremental::segment_start`]). Its
    /// natural-limit part is as of the last full analysis; [`Incremental::ruling`] is the
    /// one to read.
    pub fn segment_judgement(&self) -> Option<&Judgement> {
        self.seg_judgement.as_ref()
    }

    /// The ply at which the segment of [`Incremental::segment_judgement`] starts.
    pub fn segment_start(&self) -> usize {
        self.seg_start
    }

    /// How many times the move classifier ran so far (each (position, move) once).
    pub fn classifier_calls(&self) -> usize {
        self.labeller.classifier_calls()
    }

    /// Plays `mv` and returns the ruling after it; an illegal move changes nothing.
    pub fn push(&mut self, mv: Move) -> Result<&Ruling, IllegalMove> {
        if !self.pos.is_legal(&mv) {
            return Err(IllegalMove {
                mv: mv.to_string(),
                fen: self.pos.fen(),
            });
        }
        self.pos.play_unchecked(&mv);
        self.ply += 1;
        if mv.is_capture() {
            self.close_segment();
        } else {
            self.seg_moves.push(mv);
        }
        self.seg_positions.push(self.pos.clone());
        let count = self.seen.entry(self.pos.clone()).or_default();
        let prior = *count;
        *count += 1;
        if prior > 0 {
            // The loop in progress just went on: update its reach only. Anything else
            // (a new cycle, a wider one): judge the open segment again.
            let extended = self.seg_judgement.as_mut().is_some_and(|j| {
                extend_last_cycle(
                    j,
                    &self.seg_positions,
                    &self.seg_moves,
                    &self.settings,
                    prior,
                )
            });
            if !extended {
                self.seg_judgement = Some(judge_with(
                    &self.seg_positions[0],
                    &self.seg_moves,
                    &self.settings,
                    &mut self.labeller,
                ));
            }
        }
        self.update_natural();
        self.ruling = self.combine();
        Ok(&self.ruling)
    }

    /// The capture just played ends the open segment: keep its latest in-force cycle and
    /// start a new segment at this ply (the caller pushes its first position).
    fn close_segment(&mut self) {
        if let Some(j) = self.seg_judgement.take() {
            if let Some(best) = best_cycle(&j, self.seg_start, self.closed_cycles) {
                self.closed_best = Some(best);
            }
            self.closed_cycles += j.cycles.len();
        }
        self.seg_start = self.ply;
        self.seg_positions.clear();
        self.seg_moves.clear();
        self.seen.clear();
    }

    /// Counts the natural limit on the open segment once it is long enough to be reached.
    fn update_natural(&mut self) {
        let n = self.settings.natural_limit as usize;
        if self.natural.is_some() || n == 0 {
            return;
        }
        let clock = if self.seg_start == 0 {
            self.seg_positions[0].halfmoves() as usize
        } else {
            0
        };
        if self.seg_moves.len() + clock < 2 * n {
            return;
        }
        let nl = natural_limit(
            &self.seg_positions,
            &self.seg_moves,
            self.settings.natural_limit,
            self.settings.natural_limit_check_cap,
        );
        self.natural = nl.reached().map(|(p, c)| (p + self.seg_start, c));
    }

    /// The ruling of the whole line: the latest in-force cycle, unless the natural limit
    /// was reached after it (as [`crate::judge`] decides).
    fn combine(&self) -> Ruling {
        let open = self
            .seg_judgement
            .as_ref()
            .and_then(|j| best_cycle(j, self.seg_start, self.closed_cycles));
        let cycle = open.or_else(|| self.closed_best.clone());
        match (cycle, self.natural) {
            (Some((p, index, r)), n) if !matches!(n, Some((q, _)) if q > p) => Ruling {
                source: RulingSource::Cycle { index },
                ..r
            },
            (_, Some((ply, claimant))) => Ruling {
                result: Outcome::Draw,
                status: Status::Final,
                source: RulingSource::NaturalLimit { ply, claimant },
                articles: vec![Article::Cxa4_2_4, Article::Cxa23_3],
            },
            _ => no_ruling(),
        }
    }
}

/// The latest in-force cycle of a segment judgement: (global decided ply, global index,
/// its ruling).
fn best_cycle(j: &Judgement, offset: usize, first_index: usize) -> Option<(usize, usize, Ruling)> {
    let (p, i) = j
        .cycles
        .iter()
        .enumerate()
        .filter(|(_, c)| c.in_force)
        .filter_map(|(i, c)| c.decided_ply().map(|p| (p, i)))
        .max()?;
    let v = &j.cycles[i].verdict;
    Some((
        p + offset,
        first_index + i,
        Ruling {
            result: v.result,
            status: v.status,
            source: RulingSource::Cycle {
                index: first_index + i,
            },
            articles: v.articles.clone(),
        },
    ))
}
