//! What a move would bring: the values of an outlook ([`crate::outlook`]), apart from the
//! function that computes them, so that the [`crate::Incremental`] judge's probe and
//! [`crate::outlook::outlook()`] both import them from below (docs/design.md, "Layers").

use qili_notation::{ByColor, Color, Move};
use serde::Serialize;

use crate::conduct::Conduct;
use crate::judge::Ruling;
use crate::rules::Settings;
use crate::verdict::{Outcome, Status, Verdict};

/// What [`crate::outlook::outlook()`] looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutlookOptions {
    /// For a move that repeats but decides nothing yet, play its loop once more and report
    /// the first ruling that would then take effect ([`MoveOutlook::warning`]).
    pub warnings: bool,
}

impl Default for OutlookOptions {
    fn default() -> OutlookOptions {
        OutlookOptions { warnings: true }
    }
}

/// What a move would bring, from the mover's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Consequence {
    /// It reaches no position of the line since the last capture, and no ruling takes
    /// effect with it.
    None,
    /// It makes a position occur again, but no ruling takes effect with it (the threshold
    /// is not reached, or the ruling in force stays as it is).
    Repeats,
    /// A draw takes effect (a cycle in which neither side must change, or the natural
    /// limit).
    Draw,
    /// The mover must change (变着): its conduct in the cycle is forbidden; playing the
    /// cycle once more loses.
    MoverMustChange,
    /// The mover loses (a perpetual check that loses at once, or a forbidden cycle played
    /// once more after a "must change").
    MoverLoses,
    /// The opponent must change.
    OpponentMustChange,
    /// The opponent loses.
    OpponentLoses,
}

impl Consequence {
    /// Every consequence, mildest first.
    pub const ALL: [Consequence; 7] = [
        Consequence::None,
        Consequence::Repeats,
        Consequence::Draw,
        Consequence::OpponentMustChange,
        Consequence::OpponentLoses,
        Consequence::MoverMustChange,
        Consequence::MoverLoses,
    ];

    /// What the ruling that took effect with a move of `mover` means for it (`effect`
    /// `None`: none took effect; `repeats`: the move reached a known position).
    pub fn of(mover: Color, effect: Option<&Effect>, repeats: bool) -> Consequence {
        let Some(r) = effect.map(|e| &e.ruling) else {
            return if repeats {
                Consequence::Repeats
            } else {
                Consequence::None
            };
        };
        let winner = match r.result {
            Outcome::RedWins => Color::Red,
            Outcome::BlackWins => Color::Black,
            Outcome::Draw => return Consequence::Draw,
            Outcome::None if repeats => return Consequence::Repeats,
            Outcome::None => return Consequence::None,
        };
        match (winner == mover, r.status) {
            (true, Status::MustChange) => Consequence::OpponentMustChange,
            (true, _) => Consequence::OpponentLoses,
            (false, Status::MustChange) => Consequence::MoverMustChange,
            (false, _) => Consequence::MoverLoses,
        }
    }

    /// The serialized name (`mover_must_change`).
    pub fn as_str(self) -> &'static str {
        match self {
            Consequence::None => "none",
            Consequence::Repeats => "repeats",
            Consequence::Draw => "draw",
            Consequence::MoverMustChange => "mover_must_change",
            Consequence::MoverLoses => "mover_loses",
            Consequence::OpponentMustChange => "opponent_must_change",
            Consequence::OpponentLoses => "opponent_loses",
        }
    }

    /// Whether a GUI forbids the move (UCCI `banmoves`): the moves that lose, and those
    /// that make the mover's own conduct a forbidden one it must change (变着) — the rules
    /// order it to change, and playing the cycle once more loses. A draw, a repetition
    /// below the threshold and a ruling against the opponent are the mover's right.
    pub fn banned(self) -> bool {
        matches!(self, Consequence::MoverLoses | Consequence::MoverMustChange)
    }
}

/// The repetition a move completes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repetition {
    /// How often the position reached would then have occurred since the last capture
    /// (2: the first repetition).
    pub occurrence: usize,
    /// The ply of its first occurrence (0: the start).
    pub first_ply: usize,
    /// The ply of its last occurrence so far.
    pub previous_ply: usize,
    /// The loop the move closes: the moves from its last occurrence to it, the move last.
    pub loop_moves: Vec<Move>,
}

/// A ruling that takes effect with a move.
#[derive(Debug, Clone, PartialEq)]
pub struct Effect {
    /// The ply of the move (1-based, counted over the whole line).
    pub ply: usize,
    /// The ruling of the line then (as [`crate::judge()`] gives it).
    pub ruling: Ruling,
    /// For a cycle: the occurrence of its repeated position that put the ruling in force —
    /// the threshold, or the one after it when "must change" became a loss because the
    /// cycle was played once more (`played_again`).
    pub occurrence: Option<usize>,
    /// The offender played the cycle once more after it had to change (CXA 24.3).
    pub played_again: bool,
    /// The cycle's verdict (reason, forbidden conducts, articles).
    pub verdict: Option<Verdict>,
    /// Both sides' conducts in the cycle, with their targets and attackers.
    pub conducts: Option<ByColor<Conduct>>,
}

/// The warning before the threshold: what playing the loop once more would bring.
#[derive(Debug, Clone, PartialEq)]
pub struct Warning {
    /// Plies after the move asked about until the ruling takes effect (the loop's length
    /// when the position reached takes it to its threshold).
    pub plies_more: usize,
    /// The move with which it takes effect.
    pub last_move: Move,
    /// The side that plays that move.
    pub by: Color,
    /// The ruling that would take effect.
    pub effect: Effect,
}

impl Warning {
    /// What the warning's ruling means for `mover` (the side asking).
    pub fn consequence(&self, mover: Color) -> Consequence {
        Consequence::of(mover, Some(&self.effect), true)
    }
}

/// One legal move and what it would bring.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveOutlook {
    /// The move.
    pub mv: Move,
    /// The repetition it completes, if any.
    pub repetition: Option<Repetition>,
    /// The ruling of the line after it (what [`crate::judge()`] says with it played).
    pub ruling: Ruling,
    /// The ruling that takes effect with it, if one does.
    pub effect: Option<Effect>,
    /// What that means for the mover.
    pub consequence: Consequence,
    /// For a move that repeats and decides nothing: the ruling that playing its loop once
    /// more would bring (with [`OutlookOptions::warnings`]).
    pub warning: Option<Warning>,
}

impl MoveOutlook {
    /// Whether a table of the moves that matter shows it: it repeats, or a ruling takes
    /// effect with it.
    pub fn matters(&self) -> bool {
        self.consequence != Consequence::None
    }

    /// Whether a GUI forbids it to `mover` (UCCI `banmoves`): its consequence is banned
    /// ([`Consequence::banned`]), or it leaves the opponent a reply that would put such a
    /// ruling against the mover in force (the warning's ruling takes effect with the very
    /// next ply, the opponent's) — the repeated position may recur by the opponent's move,
    /// and the mover's conduct is what the ruling is about.
    pub fn banned(&self, mover: Color) -> bool {
        self.consequence.banned()
            || self.warning.as_ref().is_some_and(|w| {
                w.plies_more == 1 && w.by != mover && w.consequence(mover).banned()
            })
    }
}

/// Every legal move of a position reached by a line, with what it would bring.
#[derive(Debug, Clone)]
pub struct Outlook {
    /// Plies played.
    pub ply: usize,
    /// The position now.
    pub fen: String,
    /// The side to move.
    pub mover: Color,
    /// The occurrence at which a ruling is in force.
    pub threshold: usize,
    /// The settings.
    pub settings: Settings,
    /// The ruling in force now.
    pub ruling: Ruling,
    /// Every legal move, in move-generation order.
    pub moves: Vec<MoveOutlook>,
}

impl Outlook {
    /// The moves a GUI forbids ([`MoveOutlook::banned`]).
    pub fn banned(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves
            .iter()
            .filter(|m| m.banned(self.mover))
            .map(|m| m.mv)
    }

    /// The UCCI command that forbids them: `banmoves h2e2 h9g7` (ICCS coordinates in lower
    /// case); `banmoves` alone when none is.
    pub fn ucci_banmoves(&self) -> String {
        let mut line = String::from("banmoves");
        for m in self.banned() {
            line.push(' ');
            line.push_str(&m.to_string().to_ascii_lowercase());
        }
        line
    }

    /// The move `mv`'s entry.
    pub fn get(&self, mv: &Move) -> Option<&MoveOutlook> {
        self.moves.iter().find(|m| m.mv == *mv)
    }
}
