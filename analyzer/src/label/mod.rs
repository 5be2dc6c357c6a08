//! Move labels (RULES.md §3): check, mate threat, chase, exchange, offer, block, follow, idle.
//!
//! STUB interface (to be replaced by the classifier): labels every move `check` or `idle`.

use qili_notation::{Color, Move, Position, Role, Square};
use serde::{Deserialize, Serialize};

use crate::rules::Settings;

/// One label; declaration order is weight order, heaviest first (CXA 27.4, 细则12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Label {
    /// 将 (CXA 28.1).
    Check,
    /// 杀 (CXA 28.2).
    MateThreat,
    /// 捉 (CXA 28.3).
    Chase,
    /// 兑 (CXA 28.5).
    Exchange,
    /// 献 (CXA 28.6).
    Offer,
    /// 拦 (CXA 28.7).
    Block,
    /// 跟 (CXA 28.8).
    Follow,
    /// 闲 (CXA 28.9).
    Idle,
}

impl Label {
    /// Whether the label is an attack (打 = 将, 杀 or 捉; CXA 28.4).
    pub fn is_attack(self) -> bool {
        matches!(self, Label::Check | Label::MateThreat | Label::Chase)
    }
}

/// Why a chased piece counts as unprotected (RULES.md §3, 29.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Root {
    /// No protector at all (无根).
    Unprotected,
    /// Every protector is false (假根).
    FalseRoot,
    /// More attackers than effective protectors (少根).
    InsufficientRoot,
    /// Protected, but the exchange still gains (cheaper attacker, 细则3).
    GainsDespiteRoot,
    /// Protected and not winnable: only reported where a rule set still counts it (AXF r15).
    Protected,
}

/// A chase (捉) with its evidence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chase {
    /// The attacking pieces' points.
    pub attackers: Vec<Square>,
    /// The chased piece's point (after the move).
    pub target: Square,
    /// The chased piece's role.
    pub target_role: Role,
    /// Why it counts as unprotected.
    pub root: Root,
    /// The winning line, starting with the mover's capture or check.
    pub line: Vec<Move>,
}

/// The labels of one move with their evidence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveLabels {
    /// The side that moved.
    pub side: Color,
    /// The move.
    pub mv: Move,
    /// Labels, heaviest first; never empty.
    pub labels: Vec<Label>,
    /// The chases, when `labels` contains `Chase`.
    pub chases: Vec<Chase>,
    /// The mating line, when `labels` contains `MateThreat`.
    pub mate_line: Option<Vec<Move>>,
}

impl MoveLabels {
    /// The heaviest label.
    pub fn primary(&self) -> Label {
        self.labels[0]
    }
}

/// Extra facts about the cycle a move is judged in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CycleContext {
    /// Both sides attack perpetually (长打对长打): a soldier alone then chases (CXA 27.2, 细则11).
    pub mutual_perpetual_attack: bool,
}

/// Labels the legal move `mv` played in `before`.
pub fn label_move(
    before: &Position,
    mv: &Move,
    settings: &Settings,
    cycle: CycleContext,
) -> MoveLabels {
    let _ = (settings, cycle);
    let after = before.after(mv);
    let label = if after.is_check() {
        Label::Check
    } else {
        Label::Idle
    };
    MoveLabels {
        side: before.turn(),
        mv: *mv,
        labels: vec![label],
        chases: Vec::new(),
        mate_line: None,
    }
}
