//! Protection analysis (有根/无根/假根/少根, CXA 28.16, 29.3): who attacks a piece, who
//! protects it and whether each protector really can recapture, and the static exchange
//! evaluation (SEE) of capturing it.
//!
//! Everything is decided by playing **legal** moves on a copy of the board (copy-make):
//! pins, the flying-general rule, discovered checks, cannons whose screen appears or
//! disappears during the exchange and hidden (x-ray) protectors behind an attacker (暗根)
//! all follow from the legality of the moves and from recomputing the attackers of the
//! square after every capture. The exchange takes the least valuable legal capturer
//! first (trying every capturer of that value), and each side may stop instead of
//! capturing when going on does not gain ("stop when losing"). Material is compared with
//! [`Material::judge`], i.e. only by the equalities of CXA 25.3.

use qili_notation::{Color, Move, Piece, Position, Role, Square, SquareSet};
use serde::{Deserialize, Serialize};

use crate::material::{Balance, Material};

#[cfg(test)]
mod tests;

/// Longest capture sequence followed on one point.
const MAX_EXCHANGE: usize = 16;

/// Why a protector can or cannot recapture.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum ProtectorStatus {
    /// It can legally recapture (a real root, 真根).
    Real,
    /// It can legally recapture once the attacker has captured, though it did not guard
    /// the point before: a hidden root behind the attacker (暗根).
    Hidden,
    /// False root (假根): leaving its point exposes its own general to the listed pieces.
    Pinned {
        /// The pinning pieces.
        by: Vec<Square>,
    },
    /// False root (假根): the recapture would leave the two generals facing on an open file.
    FacesGenerals,
    /// False root (假根): the recapture itself leaves its general attacked (the general
    /// recapturing onto a guarded point, or a piece landing as a cannon's screen).
    ExposesGeneral {
        /// The pieces that would then attack the general.
        by: Vec<Square>,
    },
    /// False root (假根): a cannon whose screen was the capturing piece; after the capture
    /// it no longer reaches the point.
    ScreenLost,
    /// False root (假根): the capture gives check (often a discovered check) and the
    /// recapture does not answer it.
    MustAnswerCheck {
        /// The checking pieces.
        by: Vec<Square>,
    },
    /// False root (假根, CXA 28.16; docs/rules.md §3): the recapture is legal, but it allows
    /// the capturing side to mate at once, by `line` (found by the chase rules, which
    /// bound the search: `FALSE_ROOT_MATE_DEPTH`).
    AllowsMate {
        /// The mating line after the recapture, starting with the capturing side's check.
        line: Vec<qili_notation::Move>,
    },
}

/// The checks a mate after a recapture may take for the root to be false (CXA 28.16: the
/// root gives no real protection when its recapture is mated at once): one, a mate in one.
pub const FALSE_ROOT_MATE_DEPTH: u32 = 1;

impl ProtectorStatus {
    /// Whether the protector can really recapture.
    pub fn is_real(&self) -> bool {
        matches!(self, ProtectorStatus::Real | ProtectorStatus::Hidden)
    }

    /// A short English explanation.
    pub fn describe(&self) -> String {
        let list = |v: &[Square]| {
            v.iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            ProtectorStatus::Real => "real root".into(),
            ProtectorStatus::Hidden => "hidden root behind the attacker (暗根)".into(),
            ProtectorStatus::Pinned { by } => format!("false root: pinned by {}", list(by)),
            ProtectorStatus::FacesGenerals => {
                "false root: recapturing would face the generals".into()
            }
            ProtectorStatus::ExposesGeneral { by } => {
                format!(
                    "false root: recapturing exposes its general to {}",
                    list(by)
                )
            }
            ProtectorStatus::ScreenLost => {
                "false root: the capture removes the cannon's screen".into()
            }
            ProtectorStatus::MustAnswerCheck { by } => {
                format!(
                    "false root: the capture checks from {} and the recapture does not answer it",
                    list(by)
                )
            }
            ProtectorStatus::AllowsMate { line } => {
                format!(
                    "false root: the recapture allows mate: {}",
                    line.iter()
                        .map(|m| m.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                )
            }
        }
    }
}

/// One protector of a piece.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Protector {
    /// Where it stands.
    pub square: Square,
    /// Its kind.
    pub role: Role,
    /// Whether and why it can (not) recapture.
    #[serde(flatten)]
    pub status: ProtectorStatus,
}

/// The best exchange on one point for the side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    /// The capture that starts it.
    pub first: Move,
    /// The whole principal line of captures, starting with `first`.
    pub line: Vec<Move>,
    /// Net material for the side that starts, by the end of the line.
    pub net: Material,
    /// [`Material::judge`] of `net`.
    pub balance: Balance,
    /// The defender's pieces attacking the point after `first` (the exchange finds them
    /// for its second capture; [`protectors_of`] reads them), or [`UNKNOWN`] after a
    /// capture by the general.
    defenders: SquareSet,
}

impl Exchange {
    /// Whether the side that starts wins material.
    pub fn gains(&self) -> bool {
        self.balance == Balance::Gain
    }
}

/// A set of points that stands for "not known" (no real set has the bits beyond the 90
/// points).
const UNKNOWN: SquareSet = SquareSet(u128::MAX);

/// A principal line without heap allocation.
#[derive(Clone, Copy)]
struct Pv {
    len: usize,
    moves: [Move; MAX_EXCHANGE],
}

const NO_MOVE: Move = Move {
    role: Role::General,
    from: Square::new_unchecked(0),
    to: Square::new_unchecked(0),
    capture: None,
};

impl Pv {
    fn new() -> Pv {
        Pv {
            len: 0,
            moves: [NO_MOVE; MAX_EXCHANGE],
        }
    }

    fn set(&mut self, first: Move, rest: &Pv) {
        self.moves[0] = first;
        let n = rest.len.min(MAX_EXCHANGE - 1);
        self.moves[1..=n].copy_from_slice(&rest.moves[..n]);
        self.len = n + 1;
    }
}

/// The capture of the piece on `to` by the piece on `from` (both assumed present).
fn capture_move(pos: &Position, from: Square, to: Square) -> Option<Move> {
    pos.move_from_squares(from, to)
}

/// Plays the capture `from`×`to` if it is legal for the side to move; `None` otherwise.
/// `attackers` already guarantees the geometry, so only general safety is checked.
/// The position after it is built first and its general looked at (the same test as
/// [`Position::keeps_general_safe`], which would copy the board once more): nearly every
/// capture is legal and goes on to that position. Inlined: the position is then built
/// where the caller keeps it rather than copied out.
#[inline(always)]
fn legal_capture(pos: &Position, from: Square, to: Square) -> Option<(Move, Position)> {
    let mv = capture_move(pos, from, to)?;
    if mv.capture == Some(Role::General) {
        return None;
    }
    let next = pos.after(&mv);
    (!next.is_general_attacked(pos.turn())).then_some((mv, next))
}

/// The capture `from`×`to` if it is legal for the side to move (see [`legal_capture`]),
/// tested without building the position after it.
fn legal_capture_move(pos: &Position, from: Square, to: Square) -> Option<Move> {
    let mv = capture_move(pos, from, to)?;
    (mv.capture != Some(Role::General) && pos.keeps_general_safe(&mv)).then_some(mv)
}

/// `by`'s pieces attacking `t` in `after`, the position after the capture `from`×`t`,
/// given `before`, those attacking `t` before it: the same set as `after.attackers(t, by)`
/// (a test compares them), mostly without scanning the board again
/// ([`Position::attackers_through`]). A general landing on `t` may be attacked by the
/// other general across the file: scanned.
fn attackers_after(
    after: &Position,
    before: SquareSet,
    by: Color,
    from: Square,
    t: Square,
) -> SquareSet {
    if after.piece_at(t).is_none_or(|p| p.role == Role::General) {
        return after.attackers(t, by);
    }
    after.attackers_through(before, by, t, from)
}

/// `by`'s pieces attacking `t` before the capture `capture` (onto `t`, by the other
/// colour), given `after`, those attacking `t` after it: [`attackers_after`] the other way
/// round, the same set as `before.attackers(t, by)` (a test compares them).
fn attackers_before(
    before: &Position,
    after: SquareSet,
    by: Color,
    capture: &Move,
    t: Square,
) -> SquareSet {
    if capture.role == Role::General {
        return before.attackers(t, by);
    }
    before.attackers_through(after, by, t, capture.from)
}

/// The pieces of the side to move that can legally capture on `t` right now.
pub fn legal_capturers(pos: &Position, t: Square) -> SquareSet {
    let side = pos.turn();
    match pos.piece_at(t) {
        Some(p) if p.color != side && p.role != Role::General => {}
        _ => return SquareSet::EMPTY,
    }
    pos.attackers(t, side)
        .filter(|&from| legal_capture_move(pos, from, t).is_some())
        .collect()
}

/// The capturers of `t` for the side to move, least valuable first; `known`: their set,
/// or [`UNKNOWN`].
fn ordered_attackers(
    pos: &Position,
    t: Square,
    known: SquareSet,
    aside: SquareSet,
) -> ([Square; 16], [u8; 16], usize) {
    let side = pos.turn();
    let set = if known == UNKNOWN {
        pos.attackers(t, side)
    } else {
        known
    };
    let set = SquareSet(set.0 & !aside.0);
    let mut sqs = [Square::new_unchecked(0); 16];
    let mut keys = [0u8; 16];
    let mut n = 0;
    for sq in set {
        if n == 16 {
            break;
        }
        let Some(p) = pos.piece_at(sq) else { continue };
        let k = Material::order_key(p, sq);
        let mut i = n;
        while i > 0 && keys[i - 1] > k {
            sqs[i] = sqs[i - 1];
            keys[i] = keys[i - 1];
            i -= 1;
        }
        sqs[i] = sq;
        keys[i] = k;
        n += 1;
    }
    (sqs, keys, n)
}

/// The value, for the side to move, of going on capturing on `t` (never below standing
/// pat). Least valuable legal capturers first; all capturers of that value are tried.
///
/// `acc` is what the side to move has won so far in the exchange and `defender` tells
/// whether it is the side whose piece was attacked first. Whether the exchange gains is
/// decided by the equalities of CXA 25.3 on the whole line ([`Material::judge`]), so each
/// side first chooses by that: the defender prefers a continuation that leaves the
/// attacker no gain (a soldier traded for two elephants is no gain, 25.3, although the
/// usual scale calls it even with standing pat after the soldier took one), the attacker
/// one that leaves it a gain; only then does [`Material::preferable_to`] decide.
/// `known`: the side to move's attackers of `t`, or [`UNKNOWN`]; `aside`: pieces that take
/// no part in the exchange (a same-kind pair's capture set aside, CXA2020 §3.1).
#[allow(clippy::too_many_arguments)]
fn swap(
    pos: &Position,
    t: Square,
    depth: usize,
    pv: &mut Pv,
    acc: Material,
    defender: bool,
    known: SquareSet,
    aside: SquareSet,
) -> Material {
    pv.len = 0;
    if depth == 0 {
        return Material::ZERO;
    }
    let Some(victim) = pos.piece_at(t) else {
        return Material::ZERO;
    };
    if victim.role == Role::General || victim.color == pos.turn() {
        return Material::ZERO;
    }
    let won = Material::of(victim, t);
    let (sqs, keys, n) = ordered_attackers(pos, t, known, aside);
    // Whether the attacker ends with a gain when the side to move ends on `x`.
    let attacker_gains = |x: Material| {
        let mine = acc + x;
        let attackers = if defender { -mine } else { mine };
        attackers.judge() == Balance::Gain
    };
    let better = |v: Material, best: Material| match (attacker_gains(v), attacker_gains(best)) {
        (a, b) if a != b => a != defender,
        _ => v.preferable_to(best),
    };
    let mut best = Material::ZERO;
    let mut i = 0;
    while i < n {
        let key = keys[i];
        let mut any_legal = false;
        while i < n && keys[i] == key {
            if let Some((mv, next)) = legal_capture(pos, sqs[i], t) {
                any_legal = true;
                let mut sub = Pv::new();
                let v = won
                    - swap(
                        &next,
                        t,
                        depth - 1,
                        &mut sub,
                        -(acc + won),
                        !defender,
                        UNKNOWN,
                        aside,
                    );
                if better(v, best) {
                    best = v;
                    pv.set(mv, &sub);
                }
            }
            i += 1;
        }
        if any_legal {
            break;
        }
    }
    best
}

/// The best capture sequence on `t` for the side to move, trying every legal first
/// capture: one that gains first, then the most on the usual scale (the cheapest first
/// on ties). `None` when no legal capture exists or `t`
/// does not hold an opponent piece other than the general.
pub fn best_exchange(pos: &Position, t: Square) -> Option<Exchange> {
    best_exchange_and_capturers(pos, t).0
}

/// [`best_exchange`] and [`legal_capturers`] at once (the capturers are those the exchanges
/// start with).
pub fn best_exchange_and_capturers(pos: &Position, t: Square) -> (Option<Exchange>, SquareSet) {
    best_exchange_and_capturers_aside(pos, t, SquareSet::EMPTY)
}

/// [`best_exchange_and_capturers`] with the pieces on `aside` taking no part in the
/// exchange, neither as first capturer nor later (a same-kind pair's capture set aside,
/// CXA2020 §3.1): the capturers returned are the others.
pub fn best_exchange_and_capturers_aside(
    pos: &Position,
    t: Square,
    aside: SquareSet,
) -> (Option<Exchange>, SquareSet) {
    let mut capturers = SquareSet::EMPTY;
    match pos.piece_at(t) {
        Some(victim) if victim.color != pos.turn() && victim.role != Role::General => {}
        _ => return (None, capturers),
    }
    let (sqs, _, n) = ordered_attackers(pos, t, UNKNOWN, aside);
    let mut best: Option<Exchange> = None;
    for &from in &sqs[..n] {
        // `ordered_attackers` gives the geometry: only the mover's safety is tested.
        let Some((mv, next)) = legal_capture(pos, from, t) else {
            continue;
        };
        capturers.insert(from);
        let Some(ex) = exchange_after(pos, mv, &next, t, aside) else {
            continue;
        };
        // A first capture that gains beats one that does not (CXA 25.3 on the whole line);
        // only then the usual scale decides.
        if best.as_ref().is_none_or(|b| {
            (ex.gains() && !b.gains()) || (ex.gains() == b.gains() && ex.net.preferable_to(b.net))
        }) {
            best = Some(ex);
        }
    }
    (best, capturers)
}

/// The exchange on `t` that starts with the side to move capturing with the piece on
/// `from`; `None` when that capture is not legal (or `t` holds no capturable piece).
pub fn exchange_from(pos: &Position, from: Square, t: Square) -> Option<Exchange> {
    let side = pos.turn();
    let victim = pos.piece_at(t)?;
    if victim.color == side || victim.role == Role::General {
        return None;
    }
    // The capture's geometry and the mover's safety, for this one capturer.
    let mv = pos.move_from_squares(from, t).filter(|m| pos.is_legal(m))?;
    exchange_of(pos, mv, t, SquareSet::EMPTY)
}

/// [`exchange_from`] for a piece `from` known to capture on `t` legally (one of
/// [`legal_capturers`]): the legality test is not made again.
pub(crate) fn exchange_from_capturer(pos: &Position, from: Square, t: Square) -> Option<Exchange> {
    exchange_from_capturer_aside(pos, from, t, SquareSet::EMPTY)
}

/// [`exchange_from_capturer`] with the pieces on `aside` taking no part in the rest of the
/// exchange (see [`best_exchange_and_capturers_aside`]).
pub(crate) fn exchange_from_capturer_aside(
    pos: &Position,
    from: Square,
    t: Square,
    aside: SquareSet,
) -> Option<Exchange> {
    exchange_of(pos, capture_move(pos, from, t)?, t, aside)
}

/// The exchange on `t` that starts with the legal capture `mv` (`aside`: pieces that take
/// no part in it).
fn exchange_of(pos: &Position, mv: Move, t: Square, aside: SquareSet) -> Option<Exchange> {
    exchange_after(pos, mv, &pos.after(&mv), t, aside)
}

/// [`exchange_of`] given `next`, the position after `mv`.
fn exchange_after(
    pos: &Position,
    mv: Move,
    next: &Position,
    t: Square,
    aside: SquareSet,
) -> Option<Exchange> {
    let victim = pos.piece_at(t)?;
    let mut sub = Pv::new();
    let won = Material::of(victim, t);
    // The defender's attackers: swap's first question, kept for the protectors.
    let defenders = if mv.role == Role::General {
        UNKNOWN
    } else {
        next.attackers(t, victim.color)
    };
    let net = won
        - swap(
            next,
            t,
            MAX_EXCHANGE - 1,
            &mut sub,
            -won,
            true,
            defenders,
            aside,
        );
    // The line straight from the capture and the rest (no second principal line to fill).
    let rest = &sub.moves[..sub.len.min(MAX_EXCHANGE - 1)];
    let mut line = Vec::with_capacity(rest.len() + 1);
    line.push(mv);
    line.extend_from_slice(rest);
    Some(Exchange {
        first: mv,
        line,
        net,
        balance: net.judge(),
        defenders,
    })
}

/// The capture `mv` of the piece on `t` not taken back: the exchange when every protector's
/// recapture is false for a reason the exchange does not see (a recapture that allows mate,
/// [`ProtectorStatus::AllowsMate`]). `None` when `t` holds no capturable piece.
pub fn outright(pos: &Position, mv: Move, t: Square) -> Option<Exchange> {
    let victim = pos.piece_at(t)?;
    if victim.color == pos.turn() || victim.role == Role::General {
        return None;
    }
    let net = Material::of(victim, t);
    Some(Exchange {
        first: mv,
        line: vec![mv],
        net,
        balance: net.judge(),
        defenders: UNKNOWN,
    })
}

/// The protectors of the piece on `t` when the side to move captures it with `capture`:
/// every piece that guarded `t` before the capture or guards it after, with its status.
pub fn protectors(pos: &Position, t: Square, capture: &Move) -> Vec<Protector> {
    let formal = pos.attackers(t, !pos.turn());
    let p1 = pos.after(capture);
    let after = attackers_after(&p1, formal, !pos.turn(), capture.from, t);
    protectors_between(&p1, t, formal, after)
}

/// [`protectors`] relative to the first capture of `ex`, an exchange on `t` in `pos`: the
/// defender's attackers after it come with the exchange, those before it follow from them
/// (`attackers_before`).
pub fn protectors_of(pos: &Position, t: Square, ex: &Exchange) -> Vec<Protector> {
    if ex.defenders == UNKNOWN {
        return protectors(pos, t, &ex.first);
    }
    let formal = attackers_before(pos, ex.defenders, !pos.turn(), &ex.first, t);
    protectors_between(&pos.after(&ex.first), t, formal, ex.defenders)
}

/// The protectors of `t` in `p1` (the position after the capture, the defender to move),
/// given the defender's attackers of `t` before the capture (`formal`) and after it.
fn protectors_between(
    p1: &Position,
    t: Square,
    formal: SquareSet,
    after: SquareSet,
) -> Vec<Protector> {
    let all = SquareSet(formal.0 | after.0);
    // One allocation of the right size (most targets have one or two protectors).
    let mut out = Vec::with_capacity(all.count());
    for sq in all {
        let Some(piece) = p1.piece_at(sq) else {
            continue;
        };
        let status = if !after.contains(sq) {
            ProtectorStatus::ScreenLost
        } else {
            recapture_status(p1, sq, t, piece, formal.contains(sq))
        };
        out.push(Protector {
            square: sq,
            role: piece.role,
            status,
        });
    }
    out
}

/// Whether the protector on `sq` (side to move in `p1`) can legally recapture on `t`.
fn recapture_status(
    p1: &Position,
    sq: Square,
    t: Square,
    piece: Piece,
    formal: bool,
) -> ProtectorStatus {
    let them = piece.color;
    let Some(mv) = capture_move(p1, sq, t) else {
        return ProtectorStatus::Real;
    };
    // Most recaptures are safe: tested without building the position after them, which
    // only the false roots need.
    if p1.keeps_general_safe(&mv) {
        return if formal {
            ProtectorStatus::Real
        } else {
            ProtectorStatus::Hidden
        };
    }
    let p2 = p1.after(&mv);
    let g = p2.general(them);
    let checkers = p2.attackers(g, !them);
    let still = SquareSet(checkers.0 & p1.checkers().0);
    if !still.is_empty() {
        return ProtectorStatus::MustAnswerCheck {
            by: still.collect(),
        };
    }
    if checkers.contains(p2.general(!them)) {
        return ProtectorStatus::FacesGenerals;
    }
    if piece.role != Role::General {
        if let Some(lifted) = p1.without(sq) {
            if lifted.is_general_attacked(them) {
                let by = lifted.attackers(lifted.general(them), !them);
                if by.contains(lifted.general(!them)) {
                    return ProtectorStatus::FacesGenerals;
                }
                return ProtectorStatus::Pinned { by: by.collect() };
            }
        }
    }
    ProtectorStatus::ExposesGeneral {
        by: checkers.collect(),
    }
}

/// How a gaining capture overcomes the target's protection (29.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unprotected {
    /// No protector at all (无根).
    None,
    /// Every protector is false (假根).
    FalseRoot,
    /// More attackers than effective protectors (少根).
    Insufficient,
    /// Protected, but the first capturer is cheaper than the target (细则3).
    CheaperAttacker,
}

/// Classifies a gaining exchange on `t` given the protectors relative to its first capture.
pub fn classify(
    pos: &Position,
    t: Square,
    exchange: &Exchange,
    protectors: &[Protector],
) -> Unprotected {
    if protectors.is_empty() {
        return Unprotected::None;
    }
    if !protectors.iter().any(|p| p.status.is_real()) {
        return Unprotected::FalseRoot;
    }
    let target = pos
        .piece_at(t)
        .map(|p| Material::of(p, t))
        .unwrap_or_default();
    let from = exchange.first.from;
    let attacker = pos
        .piece_at(from)
        .map(|p| Material::of(p, t))
        .unwrap_or_default();
    if target.better_than(attacker) {
        Unprotected::CheaperAttacker
    } else {
        Unprotected::Insufficient
    }
}

/// The enemy piece of `role` that holds `color`'s piece on `sq` in place: lifting the
/// piece would let it attack `color`'s general. With [`Role::Horse`] this is a horse-leg
/// pin (AXF r19); with [`Role::Cannon`] the piece is confined to the cannon's line (AXF r27).
pub fn pinned_by(pos: &Position, sq: Square, color: Color, role: Role) -> Option<Square> {
    let lifted = pos.without(sq)?;
    let g = lifted.general(color);
    let before = pos.attackers(g, !color);
    lifted
        .attackers(g, !color)
        .find(|&a| lifted.piece_at(a).is_some_and(|p| p.role == role) && !before.contains(a))
}

/// Whether `x` lies strictly between `a` and `b` on one line.
pub fn between(a: Square, b: Square, x: Square) -> bool {
    let (af, ar) = (a.file().index() as i8, a.rank().index() as i8);
    let (bf, br) = (b.file().index() as i8, b.rank().index() as i8);
    let (xf, xr) = (x.file().index() as i8, x.rank().index() as i8);
    if af == bf && xf == af {
        (ar.min(br) < xr) && (xr < ar.max(br))
    } else if ar == br && xr == ar {
        (af.min(bf) < xf) && (xf < af.max(bf))
    } else {
        false
    }
}
