//! The incremental API for engines and servers: feed moves one at a time and ask, after
//! each, whether a ruling is in force and what it is — without re-analysing the history.
//!
//! How: positions before a capture can never recur (the material differs), so the line
//! splits into *segments* at captures and every cycle lies inside one. The cycles of the
//! open segment are kept up to date one position at a time (`online`): a position brings a
//! new stretch in force, extends the last one, or changes neither, and the ruling of a
//! segment is that of its last stretch in force (the one whose ruling took its form last).
//! Only a new stretch is labelled and ruled (through a label cache shared by all calls, so
//! each (position, move) is classified once); a stretch that goes on is ruled again when
//! its repeated position occurs once more. A move to a new position costs a hash lookup and
//! a few array pushes. The work is proportional to the moves plus the stretches they close,
//! never the whole history again. A closed segment keeps its last cycle ruling and its count
//! of cycles. The natural move limit is counted once the open segment is long enough to
//! reach it. The result is the same as [`crate::judge()`] on the whole line after every ply
//! (tested on the corpus, the vectors and long random games).
//!
//! ```
//! use qili_analyzer::{Incremental, Outcome, Settings, Status};
//! use qili_notation::{Iccs, Position};
//!
//! // Red's chariot checks from b9 and b8 for ever; Black's general shuffles d9 / d8.
//! let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/1R2K4 w - - 0 1")?;
//! // Under the 1999 CXA text a one-sided perpetual check loses at once (24.1).
//! let settings = Settings { rules: qili_analyzer::RuleSet::Cxa1999, ..Settings::default() };
//! let mut game = Incremental::new(start, settings);
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

mod online;
mod probe;

use std::collections::HashMap;

use rustc_hash::FxHashMap;

use qili_notation::{IllegalMove, Move, Position};

use crate::judge::{judge_with, rule_new_run, Judgement, RuledRun, Ruling, RulingSource};
use crate::label::Labeller;
use crate::natural::NaturalCounter;
use crate::rules::Settings;
use crate::verdict::{self, Article, Outcome, Status};
use online::{OnlineCycles, Step};

/// A line of play judged move by move. See the [crate documentation](crate).
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
    /// A dense id per distinct position of the open segment, by Zobrist key (the position
    /// checked against the id's first occurrence), and by position for the rare position
    /// whose key another position of the segment already has.
    ids: FxHashMap<u64, u32>,
    first: Vec<usize>,
    collided: HashMap<Position, u32>,
    /// The cycles of the open segment.
    cycles: OnlineCycles,
    /// The last stretch in force of the open segment, ruled.
    last: Option<RuledRun>,
    /// Moves of the open segment up to its last repeated position.
    last_repeat: usize,
    /// [`Incremental::segment_judgement`], once asked for.
    seg_judgement: Option<Judgement>,
    labeller: Labeller,
    /// Cycles in the closed segments.
    closed_cycles: usize,
    /// The latest in-force cycle of the closed segments: (decided ply, global index, ruling).
    closed_best: Option<(usize, usize, Ruling)>,
    /// The natural-limit count of the open segment, once it is long enough to matter.
    counter: Option<NaturalCounter>,
    /// Where the natural limit was first reached (global ply, claimant).
    natural: Option<(usize, qili_notation::Color)>,
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
        let threshold = verdict::threshold(&settings);
        let mut inc = Incremental {
            settings,
            pos: start.clone(),
            ply: 0,
            seg_start: 0,
            seg_positions: Vec::new(),
            seg_moves: Vec::new(),
            ids: FxHashMap::default(),
            first: Vec::new(),
            collided: HashMap::new(),
            cycles: OnlineCycles::new(threshold),
            last: None,
            last_repeat: 0,
            seg_judgement: None,
            labeller: Labeller::new(),
            closed_cycles: 0,
            closed_best: None,
            counter: None,
            natural: None,
            ruling: no_ruling(),
        };
        inc.enter(start);
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
    /// (cycles, labels, evidence; plies counted from [`Incremental::segment_start`]), or
    /// `None` when no position of it repeated. It is made when asked for (a full judgement
    /// of the segment, through the shared label cache), then kept until the next move.
    pub fn segment_judgement(&mut self) -> Option<&Judgement> {
        if self.last_repeat == 0 {
            return None;
        }
        if self.seg_judgement.is_none() {
            self.seg_judgement = Some(judge_with(
                &self.seg_positions[0],
                &self.seg_moves[..self.last_repeat],
                &self.settings,
                &mut self.labeller,
            ));
        }
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
            return Err(IllegalMove::new(mv, self.pos.clone()));
        }
        self.pos.play_unchecked(&mv);
        self.ply += 1;
        self.seg_judgement = None;
        if mv.is_capture() {
            self.close_segment();
        } else {
            self.seg_moves.push(mv);
        }
        let (repeated, step) = self.enter(self.pos.clone());
        if repeated {
            self.last_repeat = self.seg_moves.len();
        }
        match step {
            Step::None => {}
            Step::Created => {
                let run = self.cycles.last().copied();
                self.last = run.map(|run| {
                    rule_new_run(
                        &run,
                        self.cycles.keys(),
                        &self.seg_positions,
                        &self.seg_moves,
                        &mut self.labeller,
                        &self.settings,
                    )
                });
            }
            Step::Extended => {
                // The repeated position occurs once more: rule again.
                let keys = self.cycles.keys();
                let t = keys.len() - 1;
                if let (Some(run), Some(last)) = (self.cycles.last(), self.last.as_mut()) {
                    if keys[t] == keys[run.start] {
                        last.occurrence_indices.push(t);
                        last.rule(&self.settings);
                    }
                }
            }
        }
        self.update_natural();
        self.ruling = self.combine();
        Ok(&self.ruling)
    }

    /// Enters `pos` as the next position of the open segment: whether it occurred before in
    /// the segment, and what it did to the cycles.
    fn enter(&mut self, pos: Position) -> (bool, Step) {
        let index = self.seg_positions.len();
        let next = self.first.len() as u32;
        let (id, repeated) = match self.ids.get(&pos.zobrist()) {
            None => {
                self.ids.insert(pos.zobrist(), next);
                (next, false)
            }
            Some(&id) if self.seg_positions[self.first[id as usize]] == pos => (id, true),
            Some(_) => match self.collided.get(&pos) {
                Some(&id) => (id, true),
                None => {
                    self.collided.insert(pos.clone(), next);
                    (next, false)
                }
            },
        };
        if !repeated {
            self.first.push(index);
        }
        self.seg_positions.push(pos);
        (repeated, self.cycles.push(id))
    }

    /// The capture just played ends the open segment: keep its latest in-force cycle and
    /// its number of cycles, and start a new segment at this ply (the caller enters its
    /// first position).
    fn close_segment(&mut self) {
        if let Some(best) = self.open_best() {
            self.closed_best = Some(best);
        }
        let threshold = verdict::threshold(&self.settings);
        let mut cycles = std::mem::replace(&mut self.cycles, OnlineCycles::new(threshold));
        self.closed_cycles += cycles.total();
        self.last = None;
        self.last_repeat = 0;
        self.seg_start = self.ply;
        self.seg_positions.clear();
        self.seg_moves.clear();
        self.ids.clear();
        self.first.clear();
        self.collided.clear();
        self.counter = None;
    }

    /// Counts the natural limit on the open segment once it is long enough to be reached:
    /// the count starts over the segment so far, then goes on one ply at a time.
    fn update_natural(&mut self) {
        let n = self.settings.natural_limit as usize;
        if self.natural.is_some() || n == 0 {
            return;
        }
        let first = &self.seg_positions[0];
        let clock = if self.seg_start == 0 {
            first.halfmoves() as usize
        } else {
            0
        };
        if self.seg_moves.len() + clock < 2 * n {
            return;
        }
        let counter = self.counter.get_or_insert_with(|| {
            // Count the segment up to its last ply (pushed below).
            let start = (self.seg_start == 0).then_some(first);
            let mut c = NaturalCounter::new(
                start,
                self.settings.natural_limit,
                self.settings.natural_limit_check_cap,
            );
            for w in self.seg_positions[..self.seg_positions.len() - 1].windows(2) {
                c.push(w[0].turn(), false, w[1].is_check());
            }
            c
        });
        let k = self.seg_positions.len() - 1;
        if k > 0 {
            let after = &self.seg_positions[k];
            counter.push(self.seg_positions[k - 1].turn(), false, after.is_check());
        }
        self.natural = counter.reached().map(|(p, c)| (p + self.seg_start, c));
    }

    /// The latest in-force cycle of the open segment: (global decided ply, global index,
    /// its ruling).
    fn open_best(&self) -> Option<(usize, usize, Ruling)> {
        let last = self.last.as_ref()?;
        let p = last.decided_ply()?;
        let index = self.closed_cycles + self.cycles.last_index()?;
        let v = &last.verdict;
        Some((
            p + self.seg_start,
            index,
            Ruling {
                result: v.result,
                status: v.status,
                source: RulingSource::Cycle { index },
                articles: v.articles.clone(),
            },
        ))
    }

    /// The ruling of the whole line: the latest in-force cycle, unless the natural limit
    /// was reached after it (as [`crate::judge()`] decides).
    fn combine(&self) -> Ruling {
        let cycle = self.open_best().or_else(|| self.closed_best.clone());
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
