//! Bounded search for a mate by an unbroken series of checks (连将杀, CXA 28.2), used for
//! the mate-threat label and for the safety condition of a chase (29.4, 细则7).
//!
//! The side to move may only play checking moves, at most `depth` of them; the defender
//! may play any legal move. Iterative deepening returns a shortest mate, and the defence
//! shown is the one that lasts longest. A node budget keeps the search bounded on any
//! position: when it runs out the search reports "no mate found".
//!
//! A forced check may be left out of the count ([`MateSearch::find_forced`]): a check that
//! leaves the defender a single legal reply does not count toward `depth`, as long as the
//! line holds at most `cap` checks in all (the rule book's
//! [`ChasePolicy::mate_forced_checks`](crate::settings::ChasePolicy::mate_forced_checks)).
//! Such a check costs the search one move list, not a branch, so the depth is paid for
//! where the defence has no choice only.

use qili_notation::{Move, Position};

use super::cache::{MoveCache, PositionMemo};

/// Most positions visited by one search before it gives up.
pub const NODE_BUDGET: u32 = 40_000;

/// A mate-by-checks search with reusable move buffers and a memo of solved subtrees.
///
/// The memo is exact: it keeps, per (position, side, remaining checks), the answer, the line
/// and the nodes the subtree cost, and replays a subtree only when the budget would not
/// have run out inside it; the answers are those of the search without the memo, whatever
/// the order of calls, only faster on transpositions and repeated searches.
pub struct MateSearch {
    bufs: Vec<Vec<Move>>,
    /// Move lists lent to the probe's defence nodes (the first answers to a check).
    spare: Vec<Vec<Move>>,
    nodes: u32,
    /// Solved subtrees per position, checks left ([`checks_key`]) and side (attacking or
    /// not).
    memo: PositionMemo<(u32, bool), Solved>,
    /// Answers of [`MateSearch::find`] per position, depth and forced checks allowed
    /// ([`checks_key`]): a search always gives the same answer for the same question, so a
    /// repeated question is answered at once.
    answers: PositionMemo<u32, MateLine>,
    /// What the probe of [`MateSearch::find`] proved, per position, forced checks left
    /// and side.
    facts: PositionMemo<(u32, bool), Fact>,
    /// Checking and legal moves per position, shared with the chase search.
    pub(crate) moves: MoveCache,
    /// The chase search's room, kept here between labellings.
    pub(crate) scratch: super::threat::Scratch,
    /// Whether the current search stopped somewhere only because it ran out of checks
    /// (a deeper search could find more there).
    cut: bool,
    /// Moves the attacker may not play, anywhere in the line (`from`, `to`): a same-kind
    /// pair's capture set aside (CXA2020 §3.1). Only a search made for
    /// [`MateSearch::find_without`] has any: its memos hold for them alone.
    aside: Vec<(qili_notation::Square, qili_notation::Square)>,
}

impl std::fmt::Debug for MateSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MateSearch")
            .field("memo", &self.memo.len())
            .field("answers", &self.answers.len())
            .finish()
    }
}

/// What [`MateSearch::find`] answers: a mating line, or none.
type MateLine = Option<Vec<Move>>;

/// The memo key of a node with `d` counted checks and `t` checks in all left (`t >= d`;
/// `t - d`: the forced checks it may still leave out of the count). With no forced check
/// allowed the key is `d`, as in the plain search.
#[inline]
fn checks_key(d: u32, t: u32) -> u32 {
    d | ((t - d) << 16)
}

/// A subtree searched to the end without hitting the budget.
struct Solved {
    found: bool,
    /// The moves it pushed onto the line (reversed, as the search pushes them).
    line: Vec<Move>,
    /// Nodes it visited.
    nodes: u32,
    /// Whether it stopped somewhere for want of checks.
    cut: bool,
}

/// What the probe of [`MateSearch::find`] proved of a position (attacker or defender to
/// move): a mate with more checks exists when one with fewer does, so two bounds say all.
#[derive(Clone, Copy)]
struct Fact {
    /// With this many checks or fewer, the attacker does not mate (0: nothing proved).
    no_mate_upto: u32,
    /// With this many checks or more, the attacker mates (`u32::MAX`: nothing proved).
    mate_from: u32,
}

impl Fact {
    const UNKNOWN: Fact = Fact {
        no_mate_upto: 0,
        mate_from: u32::MAX,
    };

    /// Whether the attacker mates with `d` checks, when proved.
    fn answer(self, d: u32) -> Option<bool> {
        if d >= self.mate_from {
            Some(true)
        } else if d <= self.no_mate_upto && d > 0 {
            Some(false)
        } else {
            None
        }
    }
}

/// The order in which a search that only asks whether the attack succeeds tries the
/// defender's answers: captures first (the dearest piece first), then the general's own
/// moves, then the rest — the answers likeliest to refute the attack.
pub(crate) fn refutation_order(m: &Move) -> u8 {
    use qili_notation::Role;
    match m.capture {
        Some(Role::Chariot) => 0,
        Some(Role::Cannon | Role::Horse) => 1,
        Some(_) => 2,
        None if m.role == Role::General => 3,
        None => 4,
    }
}

/// Sorts `moves` by [`refutation_order`], keeping the order of moves with the same rank
/// (what the library's stable sort by that key gives): an insertion sort that ranks each
/// move once, where the library's ranks both moves again at every comparison.
pub(crate) fn sort_refutations(moves: &mut [Move]) {
    /// Longest list sorted here; a longer one (never met: a side has fewer legal moves)
    /// goes to the library's sort.
    const MOST: usize = 128;
    if moves.len() > MOST {
        moves.sort_by_key(refutation_order);
        return;
    }
    let mut ranks = [0u8; MOST];
    for i in 0..moves.len() {
        let (m, r) = (moves[i], refutation_order(&moves[i]));
        let mut j = i;
        while j > 0 && ranks[j - 1] > r {
            ranks[j] = ranks[j - 1];
            moves[j] = moves[j - 1];
            j -= 1;
        }
        ranks[j] = r;
        moves[j] = m;
    }
}

/// Probe subtrees cheaper than this are searched again rather than remembered (few
/// positions come back within a probe; measured, 8 to 64 change little).
const FACT_MIN_NODES: u32 = 16;
/// Subtrees cheaper than this are searched again rather than remembered.
const MEMO_MIN_NODES: u32 = 8;
/// Most subtrees remembered by one search object.
const MEMO_CAP: usize = 1 << 16;
/// Most answers remembered by one search object.
const ANSWER_CAP: usize = 1 << 16;

impl Default for MateSearch {
    fn default() -> MateSearch {
        MateSearch::new()
    }
}

impl MateSearch {
    /// A new search.
    pub fn new() -> MateSearch {
        MateSearch {
            bufs: Vec::new(),
            spare: Vec::new(),
            nodes: 0,
            memo: PositionMemo::new(MEMO_CAP),
            answers: PositionMemo::new(ANSWER_CAP),
            facts: PositionMemo::new(MEMO_CAP),
            moves: MoveCache::default(),
            scratch: super::threat::Scratch::default(),
            cut: false,
            aside: Vec::new(),
        }
    }

    /// Forgets everything it remembers (answers, solved subtrees, move lists), keeping
    /// the room its memos and buffers had: a search for another judgement, as
    /// [`MateSearch::new`] makes it, without growing its maps again from nothing.
    pub fn clear(&mut self) {
        self.nodes = 0;
        self.cut = false;
        self.memo.clear();
        self.answers.clear();
        self.facts.clear();
        self.moves.clear();
    }

    /// Whether clearing it keeps little enough room to be worth keeping for another
    /// judgement (a search that grew its maps for a long game is let go instead).
    pub(crate) fn worth_keeping(&self) -> bool {
        const MOST_POSITIONS: usize = 1 << 12;
        const MOST_MOVES: usize = 1 << 16;
        let (positions, moves) = self.moves.capacity();
        positions <= MOST_POSITIONS
            && moves <= MOST_MOVES
            && [
                self.memo.capacity(),
                self.answers.capacity(),
                self.facts.capacity(),
                self.scratch.capacity(),
            ]
            .iter()
            .all(|&c| c <= MOST_POSITIONS)
    }

    /// A mating line for the side to move made only of its checks (at most `depth` of
    /// them) and the defender's replies; `None` when there is none within the bounds.
    pub fn find(&mut self, pos: &Position, depth: u32) -> Option<Vec<Move>> {
        self.find_forced(pos, depth, depth)
    }

    /// [`Self::find`] where a check that leaves the defender a single legal reply does
    /// not count toward `depth`, the line holding at most `cap` checks in all (a `cap` of
    /// `depth` or less: [`Self::find`]). The mate-threat label's search (CXA 28.2, the
    /// rule book's [`ChasePolicy::mate_forced_checks`](crate::settings::ChasePolicy::mate_forced_checks)).
    pub fn find_forced(&mut self, pos: &Position, depth: u32, cap: u32) -> Option<Vec<Move>> {
        let total = cap.max(depth);
        let key = checks_key(depth, total);
        if let Some(answer) = self.answers.get(pos, &key) {
            return answer.clone();
        }
        let answer = self.search(pos, depth, total);
        self.answers.insert(pos, key, answer.clone());
        answer
    }

    /// [`Self::find`] with the attacker's moves `aside` (`from`, `to`: a same-kind pair's
    /// capture, CXA2020 §3.1) set aside anywhere in the line. The plain search first (its
    /// answer is remembered): when it finds no mate there is none without those moves
    /// either; when it does, the search is made again without them (another defence than
    /// the line shown may be met by a move set aside), in a search of its own, whose memos
    /// hold for those moves alone.
    pub fn find_without(
        &mut self,
        pos: &Position,
        depth: u32,
        aside: &[(qili_notation::Square, qili_notation::Square)],
    ) -> Option<Vec<Move>> {
        self.find_forced_without(pos, depth, depth, aside)
    }

    /// [`Self::find_without`] with the forced checks of [`Self::find_forced`].
    pub fn find_forced_without(
        &mut self,
        pos: &Position,
        depth: u32,
        cap: u32,
        aside: &[(qili_notation::Square, qili_notation::Square)],
    ) -> Option<Vec<Move>> {
        self.find_forced(pos, depth, cap)?;
        let mut own = MateSearch::new();
        own.aside = aside.to_vec();
        own.search(pos, depth, cap.max(depth))
    }

    /// Drops the moves set aside ([`Self::aside`]) from the attacker's checks.
    #[inline]
    fn drop_aside(&self, checks: &mut Vec<Move>) {
        if !self.aside.is_empty() {
            checks.retain(|m| !self.aside.iter().any(|&(f, t)| m.from == f && m.to == t));
        }
    }

    /// The search of [`Self::find_forced`], `total` (at least `depth`) checks in all.
    fn search(&mut self, pos: &Position, depth: u32, total: u32) -> Option<Vec<Move>> {
        if total >= 2 && self.refuted(pos, depth, total) {
            return None;
        }
        self.deepening_forced(pos, depth, total)
    }

    /// Iterative deepening: a shortest mate, the first in move order, against the longest
    /// defence (the answer of [`MateSearch::find`]).
    #[cfg(test)]
    pub(crate) fn deepening(&mut self, pos: &Position, depth: u32) -> Option<Vec<Move>> {
        self.deepening_forced(pos, depth, depth)
    }

    /// [`Self::deepening`] over the checks in all, up to `total` ([`Self::find_forced`]):
    /// the iteration of `t` checks counts at most `depth` of them, so up to `depth` it is
    /// the plain search (the same shortest mate), and beyond it only forced checks are
    /// added. The line found has the fewest checks in all.
    fn deepening_forced(&mut self, pos: &Position, depth: u32, total: u32) -> Option<Vec<Move>> {
        self.nodes = 0;
        for t in 1..=total {
            let mut line = Vec::new();
            self.cut = false;
            if self.attack(pos, t.min(depth), t, 0, &mut line) {
                line.reverse();
                return Some(line);
            }
            // A search that never ran out of checks saw the whole tree: deeper finds nothing.
            if self.nodes >= NODE_BUDGET || !self.cut {
                break;
            }
        }
        None
    }

    /// Whether one search with all `depth` checks, without iterative deepening, sees the
    /// whole tree and finds no mate in it. Then no shallower search finds one either (its
    /// tree is part of this one), so iterative deepening answers "no mate" too, whatever
    /// its budget: most positions have no mate, and this spares them the shallower
    /// iterations. The probe only asks whether there is a mate, so it tries the
    /// defender's answers from the likeliest refutations ([`refutation_order`]) and keeps
    /// its own memo of proved facts ([`Fact`]), apart from the memo of the deepening, whose
    /// lines and node counts depend on the order of the moves. When the probe finds a mate
    /// or runs out of budget, iterative deepening runs as before.
    fn refuted(&mut self, pos: &Position, depth: u32, total: u32) -> bool {
        self.nodes = 0;
        self.probe_attack(pos, depth, total, 0) == Some(false)
    }

    /// The checks left after the check that led to `after` (the defender to move), with
    /// `d` counted and `t` in all before it: a check that leaves a single legal reply is
    /// not counted while `t` leaves room for it ([`Self::find_forced`]).
    #[inline]
    fn spend(&mut self, after: &Position, d: u32, t: u32) -> (u32, u32) {
        if t > d && self.single_reply(after) {
            (d, t - 1)
        } else {
            (d - 1, t - 1)
        }
    }

    /// Whether the side to move in `pos` (in check) has exactly one legal move. The first
    /// answers (the general's moves and the captures of a checker, which the probe asks
    /// next anyway) tell most positions: two of them are two replies; all the legal moves
    /// are listed only when they do not.
    fn single_reply(&mut self, pos: &Position) -> bool {
        let mut replies = self.spare.pop().unwrap_or_default();
        replies.clear();
        let all = self.moves.first_answers_into(pos, &mut replies);
        let single = if all || replies.len() >= 2 {
            replies.len() == 1
        } else {
            self.moves.legal_into(pos, &mut replies);
            replies.len() == 1
        };
        self.spare.push(replies);
        single
    }

    /// The probe, attacker to move: whether it mates with at most `d` counted checks, `t`
    /// in all; `None` when the budget ran out.
    fn probe_attack(&mut self, pos: &Position, d: u32, t: u32, ply: usize) -> Option<bool> {
        let key = (t - d, true);
        if let Some(known) = self.facts.get(pos, &key).and_then(|f| f.answer(d)) {
            return Some(known);
        }
        self.nodes += 1;
        if crate::stop::tick() {
            self.nodes = self.nodes.max(NODE_BUDGET);
        }
        if self.nodes >= NODE_BUDGET {
            return None;
        }
        if d == 0 {
            return Some(false);
        }
        let start = self.nodes;
        let mut checks = self.buf(ply);
        self.moves.checks_into(pos, &mut checks);
        self.drop_aside(&mut checks);
        let mut mates = Some(false);
        if t == 1 {
            if self.mating_check(pos, &checks).is_some() {
                mates = Some(true);
            }
        } else {
            // A check that mates at once loses the defence with no answer to try.
            for m in &checks {
                let after = pos.after(m);
                let (nd, nt) = self.spend(&after, d, t);
                if nd == 0 {
                    // The last counted check: only a mate at once is left to it.
                    if !self.moves.has_legal_move_in_check(&after) {
                        mates = Some(true);
                        break;
                    }
                    continue;
                }
                match self.probe_defend(&after, nd, nt, ply + 1) {
                    Some(false) => {}
                    other => {
                        mates = other;
                        break;
                    }
                }
            }
        }
        self.bufs[ply] = checks;
        self.learn(pos, (t - d, true), d, mates, start);
        mates
    }

    /// The probe, defender to move (in check): whether every answer loses to a mate within
    /// `d` more checks (`Some(true)` when there is no answer: mate); `None` when the budget
    /// ran out.
    fn probe_defend(&mut self, pos: &Position, d: u32, t: u32, ply: usize) -> Option<bool> {
        let key = (t - d, false);
        if let Some(known) = self.facts.get(pos, &key).and_then(|f| f.answer(d)) {
            return Some(known);
        }
        self.nodes += 1;
        let start = self.nodes;
        // The captures of a checker and the general's moves first, without generating the
        // other answers: one of them refutes the attack in most defence nodes.
        let mut quick = self.spare.pop().unwrap_or_default();
        quick.clear();
        let all = self.moves.first_answers_into(pos, &mut quick);
        sort_refutations(&mut quick);
        let mut lost = self.lost_to_every(pos, &quick, d, t, ply);
        if lost == Some(true) && !all {
            let mut replies = self.buf(ply);
            self.moves.legal_into(pos, &mut replies);
            replies.retain(|r| !quick.contains(r));
            sort_refutations(&mut replies);
            lost = self.lost_to_every(pos, &replies, d, t, ply);
            self.bufs[ply] = replies;
        }
        self.spare.push(quick);
        self.learn(pos, key, d, lost, start);
        lost
    }

    /// The probe, defender to move in `pos`: whether each of `replies` loses to a mate
    /// within `d` more checks (`Some(true)` for none), in their order; `None` when the
    /// budget ran out.
    fn lost_to_every(
        &mut self,
        pos: &Position,
        replies: &[Move],
        d: u32,
        t: u32,
        ply: usize,
    ) -> Option<bool> {
        for r in replies {
            match self.probe_attack(&pos.after(r), d, t, ply + 1) {
                Some(true) => {}
                other => return other,
            }
        }
        Some(true)
    }

    /// Remembers what the probe proved of (`pos`, forced checks left and `attacking`:
    /// `key`) with `d` checks, when the subtree was worth it (from `start` nodes on).
    /// Inline: most subtrees are not worth it, and the test is cheaper than the call.
    #[inline]
    fn learn(
        &mut self,
        pos: &Position,
        key: (u32, bool),
        d: u32,
        proved: Option<bool>,
        start: u32,
    ) {
        let Some(mates) = proved else {
            return;
        };
        if self.nodes - start < FACT_MIN_NODES {
            return;
        }
        self.remember(pos, key, d, mates);
    }

    /// [`Self::learn`] for a subtree worth remembering.
    fn remember(&mut self, pos: &Position, key: (u32, bool), d: u32, mates: bool) {
        let mut fact = self.facts.get(pos, &key).copied().unwrap_or(Fact::UNKNOWN);
        if mates {
            fact.mate_from = fact.mate_from.min(d);
        } else {
            fact.no_mate_upto = fact.no_mate_upto.max(d);
        }
        self.facts.insert(pos, key, fact);
    }

    #[inline]
    fn buf(&mut self, ply: usize) -> Vec<Move> {
        if self.bufs.len() <= ply {
            self.bufs.resize_with(ply + 1, Vec::new);
        }
        let mut b = std::mem::take(&mut self.bufs[ply]);
        b.clear();
        b
    }

    /// Attacker to move: can it mate with at most `d` counted checks, `t` in all? On
    /// success `line` holds the line in reverse order.
    fn attack(&mut self, pos: &Position, d: u32, t: u32, ply: usize, line: &mut Vec<Move>) -> bool {
        self.memoized(pos, checks_key(d, t), true, line, |s, line| {
            s.attack_search(pos, d, t, ply, line)
        })
    }

    /// Runs `search` (attack or defence of `pos` with the checks of key `d` left,
    /// [`checks_key`]) through the memo.
    fn memoized(
        &mut self,
        pos: &Position,
        d: u32,
        attacking: bool,
        line: &mut Vec<Move>,
        search: impl FnOnce(&mut MateSearch, &mut Vec<Move>) -> bool,
    ) -> bool {
        if let Some(s) = self.memo.get(pos, &(d, attacking)) {
            // Replayable only if the search without the memo would not have hit the budget.
            if self.nodes + s.nodes < NODE_BUDGET {
                self.nodes += s.nodes;
                self.cut |= s.cut;
                line.extend_from_slice(&s.line);
                return s.found;
            }
        }
        let (before, len) = (self.nodes, line.len());
        let outer_cut = std::mem::replace(&mut self.cut, false);
        let found = search(self, line);
        let cut = self.cut;
        self.cut |= outer_cut;
        let spent = self.nodes - before;
        if self.nodes < NODE_BUDGET && spent >= MEMO_MIN_NODES && self.memo.has_room() {
            let solved = Solved {
                found,
                line: line[len..].to_vec(),
                nodes: spent,
                cut,
            };
            // A subtree searched again (its replay would have run out of budget) replaces
            // its entry.
            self.memo.insert(pos, (d, attacking), solved);
        }
        found
    }

    fn attack_search(
        &mut self,
        pos: &Position,
        d: u32,
        t: u32,
        ply: usize,
        line: &mut Vec<Move>,
    ) -> bool {
        self.nodes += 1;
        if crate::stop::tick() {
            self.nodes = self.nodes.max(NODE_BUDGET);
        }
        if d == 0 || self.nodes >= NODE_BUDGET {
            return false;
        }
        let mut checks = self.buf(ply);
        self.moves.checks_into(pos, &mut checks);
        self.drop_aside(&mut checks);
        let found = self.attack_checks(pos, &checks, d, t, ply, line);
        self.bufs[ply] = checks;
        found
    }

    /// The first of `checks` (checking moves in `pos`) that leaves the defender no legal
    /// move.
    fn mating_check(&self, pos: &Position, checks: &[Move]) -> Option<Move> {
        checks
            .iter()
            .copied()
            .find(|m| !self.moves.has_legal_move_in_check(&pos.after(m)))
    }

    fn attack_checks(
        &mut self,
        pos: &Position,
        checks: &[Move],
        d: u32,
        t: u32,
        ply: usize,
        line: &mut Vec<Move>,
    ) -> bool {
        if let Some(m) = self.mating_check(pos, checks) {
            line.push(m);
            return true;
        }
        if t == 1 {
            self.cut |= !checks.is_empty();
            return false;
        }
        for m in checks {
            let after = pos.after(m);
            let (nd, nt) = self.spend(&after, d, t);
            if nd == 0 {
                self.cut = true;
                continue;
            }
            if self.defend(&after, nd, nt, ply + 1, line) {
                line.push(*m);
                return true;
            }
        }
        false
    }

    /// Defender to move (in check, with legal moves): does every reply lose to a mate
    /// within `d` more checks? On success `line` holds the longest defence, reversed.
    fn defend(&mut self, pos: &Position, d: u32, t: u32, ply: usize, line: &mut Vec<Move>) -> bool {
        self.memoized(pos, checks_key(d, t), false, line, |s, line| {
            s.defend_search(pos, d, t, ply, line)
        })
    }

    fn defend_search(
        &mut self,
        pos: &Position,
        d: u32,
        t: u32,
        ply: usize,
        line: &mut Vec<Move>,
    ) -> bool {
        self.nodes += 1;
        let mut replies = self.buf(ply);
        self.moves.legal_into(pos, &mut replies);
        let mut best: Option<Vec<Move>> = None;
        let mut ok = true;
        for r in &replies {
            let next = pos.after(r);
            let mut sub = Vec::new();
            if !self.attack(&next, d, t, ply + 1, &mut sub) {
                ok = false;
                break;
            }
            sub.push(*r);
            if best.as_ref().is_none_or(|b| sub.len() > b.len()) {
                best = Some(sub);
            }
        }
        self.bufs[ply] = replies;
        match (ok, best) {
            (true, Some(b)) => {
                line.extend(b);
                true
            }
            _ => false,
        }
    }
}

/// The checking moves of the side to move with the positions they lead to, in the order of
/// [`Position::checking_moves_into`] (which generates them without testing every move);
/// `buf` is scratch space.
#[cfg(test)]
pub fn checking_moves(pos: &Position, buf: &mut Vec<Move>) -> Vec<(Move, Position)> {
    buf.clear();
    pos.checking_moves_into(buf);
    buf.iter().map(|m| (*m, pos.after(m))).collect()
}

/// Convenience: [`MateSearch::find`] with a fresh search.
#[cfg(test)]
pub fn mate_by_checks(pos: &Position, depth: u32) -> Option<Vec<Move>> {
    MateSearch::new().find(pos, depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The direct generation of `checking_moves` finds every checking move (each legal move
    /// that leaves the opponent in check), none more.
    #[test]
    fn checking_moves_match_brute_force() {
        let fens = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
            "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
        ];
        let mut buf = Vec::new();
        let mut checked = 0;
        for fen in fens {
            let root = Position::from_fen(fen).unwrap();
            let mut positions = vec![root.clone()];
            for m in root.legal_moves() {
                let p = root.after(&m);
                positions.extend(p.legal_moves().iter().map(|r| p.after(r)));
                positions.push(p);
            }
            for pos in positions {
                let mut fast: Vec<Move> = checking_moves(&pos, &mut buf)
                    .into_iter()
                    .map(|(m, _)| m)
                    .collect();
                let mut slow: Vec<Move> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|m| pos.after(m).is_check())
                    .collect();
                fast.sort_by_key(|m| (m.from, m.to));
                slow.sort_by_key(|m| (m.from, m.to));
                assert_eq!(fast, slow, "{}", pos.fen());
                checked += slow.len();
            }
        }
        assert!(
            checked > 100,
            "the positions give checks to compare ({checked})"
        );
    }

    /// The ranking sort orders every list as the library's stable sort by the same key: the
    /// order the probes try the defender's answers in, on which their node counts depend.
    #[test]
    fn refutation_sort_is_the_stable_sort() {
        let fens = [
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
            "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
        ];
        let mut sorted = 0;
        for fen in fens {
            let root = Position::from_fen(fen).unwrap();
            for p in std::iter::once(root.clone())
                .chain(root.legal_moves().iter().map(|m| root.after(m)))
            {
                let moves = p.legal_moves();
                let mut want = moves.clone();
                want.sort_by_key(refutation_order);
                let mut got = moves.clone();
                sort_refutations(&mut got);
                assert_eq!(got, want, "{}", p.fen());
                sorted += usize::from(want != moves);
            }
        }
        assert!(sorted > 10, "the lists need sorting ({sorted})");
    }

    #[test]
    fn mate_in_one_and_none() {
        // Chariot ladder: a9 mates at once when b8 already holds rank 8.
        let pos = Position::from_fen("4k4/1R7/9/9/9/9/9/9/R8/3K5 w - - 0 1").unwrap();
        let line = mate_by_checks(&pos, 1).expect("mate in one");
        assert_eq!(line.len(), 1);
        assert_eq!(line[0].to.to_string(), "a9");
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1").unwrap();
        assert_eq!(mate_by_checks(&pos, 4), None);
    }

    /// Two chariots and the general on the d-file against a general and two advisors: a
    /// mate of seven checks, five of which leave a single reply. Counted each, four checks
    /// find nothing (nor six); with the forced checks free up to seven in all, four (even
    /// two) counted checks find it, and the line has the fewest checks in all (the plain search's seven);
    /// a cap of six does not reach it.
    #[test]
    fn forced_checks_are_free_up_to_the_cap() {
        let pos = Position::from_fen("4ka3/9/3a5/9/9/9/9/2R4R1/9/3K5 w - - 0 1").unwrap();
        assert_eq!(mate_by_checks(&pos, 4), None);
        assert_eq!(mate_by_checks(&pos, 6), None);
        let plain = mate_by_checks(&pos, 7).expect("mate in seven checks");
        assert_eq!(plain.len(), 13, "seven checks and six replies: {plain:?}");
        let mut search = MateSearch::new();
        let forced = search.find_forced(&pos, 4, 7).expect("four counted checks");
        assert_eq!(forced, plain);
        let single = (0..forced.len())
            .step_by(2)
            .filter(|&i| {
                let mut p = pos.clone();
                for m in &forced[..=i] {
                    p = p.after(m);
                }
                p.legal_moves().len() == 1
            })
            .count();
        assert_eq!(single, 5, "five checks leave a single reply: {forced:?}");
        assert_eq!(search.find_forced(&pos, 4, 6), None);
        // Two checks count: the one with three replies and the mating one.
        assert!(search.find_forced(&pos, 2, 7).is_some());
        assert_eq!(search.find_forced(&pos, 1, 7), None);
        // A mate within the depth is the plain search's line.
        let three = Position::from_fen("4k4/9/9/4p3p/9/9/9/1R7/R8/3K5 w - - 0 1").unwrap();
        assert_eq!(
            search.find_forced(&three, 4, 7),
            mate_by_checks(&three, 4),
            "the shortest mate first"
        );
    }

    #[test]
    fn three_check_mate_needs_depth_three() {
        let pos = Position::from_fen("4k4/9/9/4p3p/9/9/9/1R7/R8/3K5 w - - 0 1").unwrap();
        assert_eq!(mate_by_checks(&pos, 2), None);
        let line = mate_by_checks(&pos, 3).expect("mate in three checks");
        assert_eq!(line.len(), 5, "three checks and two replies: {line:?}");
    }
}
