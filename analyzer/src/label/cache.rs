//! Move lists remembered per position for the searches of one judgement: the checking moves
//! and the legal moves of a position are asked for again and again (iterative deepening,
//! the chase search and the mate search walking the same check series), and each is a pure
//! function of the position, so a remembered list is the list itself.

use std::hash::BuildHasher;

use hashbrown::hash_table::{Entry, HashTable};
use qili_notation::{Move, Position, SquareSet};

/// A hash map for keys made of a position (whose hash is its Zobrist key, already uniformly
/// spread) and a few small numbers: Fx hashing (`rustc-hash`), far cheaper than SipHash.
pub(crate) type KeyMap<K, V> = rustc_hash::FxHashMap<K, V>;

/// Answers remembered per position, each under a small key (checks left, side, target…):
/// keyed by the position alone, so that a lookup copies no position. Holds at most `cap`
/// answers; once full it keeps what it has and takes no more.
pub(crate) struct PositionMemo<K, V> {
    map: KeyMap<Position, Answers<K, V>>,
    len: usize,
    cap: usize,
}

/// The answers remembered for one position: most positions are asked one question, whose
/// answer is kept inline (no list to allocate).
enum Answers<K, V> {
    One(K, V),
    Many(Vec<(K, V)>),
}

impl<K: PartialEq, V> Answers<K, V> {
    fn get(&self, key: &K) -> Option<&V> {
        match self {
            Answers::One(k, v) => (k == key).then_some(v),
            Answers::Many(list) => list.iter().find(|(k, _)| k == key).map(|(_, v)| v),
        }
    }

    /// Puts `value` under `key`, replacing an answer under the same key; whether it is
    /// a new answer.
    fn put(&mut self, key: K, value: V) -> bool {
        let (answers, added) = match std::mem::replace(self, Answers::Many(Vec::new())) {
            Answers::One(k, _) if k == key => (Answers::One(k, value), false),
            Answers::One(k, v) => (Answers::Many(vec![(k, v), (key, value)]), true),
            Answers::Many(mut list) => {
                let added = match list.iter_mut().find(|(k, _)| *k == key) {
                    Some(old) => {
                        old.1 = value;
                        false
                    }
                    None => {
                        list.push((key, value));
                        true
                    }
                };
                (Answers::Many(list), added)
            }
        };
        *self = answers;
        added
    }
}

impl<K: PartialEq, V> PositionMemo<K, V> {
    /// An empty memo for at most `cap` answers.
    pub fn new(cap: usize) -> PositionMemo<K, V> {
        PositionMemo {
            map: KeyMap::default(),
            len: 0,
            cap,
        }
    }

    /// The answer remembered for (`pos`, `key`).
    #[inline]
    pub fn get(&self, pos: &Position, key: &K) -> Option<&V> {
        self.map.get(pos)?.get(key)
    }

    /// Whether it can take another answer.
    pub fn has_room(&self) -> bool {
        self.len < self.cap
    }

    /// Remembers `value` for (`pos`, `key`), replacing an answer under the same key; nothing
    /// when full.
    pub fn insert(&mut self, pos: &Position, key: K, value: V) {
        if !self.has_room() {
            return;
        }
        // One lookup finds the position's answers or the place for them.
        match self.map.entry(pos.clone()) {
            std::collections::hash_map::Entry::Occupied(mut known) => {
                if known.get_mut().put(key, value) {
                    self.len += 1;
                }
            }
            std::collections::hash_map::Entry::Vacant(slot) => {
                self.len += 1;
                slot.insert(Answers::One(key, value));
            }
        }
    }

    /// How many answers it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Forgets every answer, keeping the room it had.
    pub fn clear(&mut self) {
        self.map.clear();
        self.len = 0;
    }

    /// How many positions it has room for without growing.
    pub fn capacity(&self) -> usize {
        self.map.capacity()
    }
}

/// Most positions remembered per kind of list.
const CAP: usize = 1 << 17;
/// Most moves held by all remembered lists together.
const ARENA_CAP: usize = 1 << 21;

/// Where a remembered list lies in the arena.
#[derive(Clone, Copy)]
struct Span {
    start: u32,
    len: u32,
}

/// The answers of a position remembered: every legal move, or only the first answers to a
/// check ([`Position::quick_evasions_into`]) while the others were never asked for, with
/// the pieces giving check it found (handed to [`Position::legal_moves_knowing_into`] when
/// the others are asked for, which then need not look for them again).
#[derive(Clone, Copy)]
enum Replies {
    All(Span),
    First(Span, SquareSet),
}

/// Values per position, in a hash table (`hashbrown`'s) whose lookup hands back the place
/// of a position it lacks: a list generated after a miss is remembered there, without
/// looking the position up again.
struct PositionTable<V> {
    table: HashTable<(Position, V)>,
}

impl<V> Default for PositionTable<V> {
    fn default() -> PositionTable<V> {
        PositionTable {
            table: HashTable::new(),
        }
    }
}

impl<V> PositionTable<V> {
    /// The hash of a position: its Zobrist key, Fx-hashed as [`KeyMap`] does.
    fn hash(pos: &Position) -> u64 {
        rustc_hash::FxBuildHasher.hash_one(pos)
    }

    fn get(&self, pos: &Position) -> Option<&V> {
        let found = self.table.find(Self::hash(pos), |(p, _)| p == pos);
        found.map(|(_, v)| v)
    }

    /// The value remembered for `pos`, or the place for one.
    #[inline]
    fn entry(&mut self, pos: &Position) -> Entry<'_, (Position, V)> {
        let hash = Self::hash(pos);
        self.table
            .entry(hash, |(p, _)| p == pos, |(p, _)| Self::hash(p))
    }

    /// Remembers `value` for `pos`, which it does not hold.
    fn insert_new(&mut self, pos: &Position, value: V) {
        let hash = Self::hash(pos);
        self.table
            .insert_unique(hash, (pos.clone(), value), |(p, _)| Self::hash(p));
    }

    fn len(&self) -> usize {
        self.table.len()
    }

    fn clear(&mut self) {
        self.table.clear();
    }

    fn capacity(&self) -> usize {
        self.table.capacity()
    }
}

/// Checking moves and legal moves per position, copied out into the caller's buffer. The
/// lists live in one arena; when it (or a map) is full, everything is forgotten at once.
///
/// A position's legal moves and first answers share one map (a search asking for either
/// looks it up once); `legal` and `quick` count the lists of each kind stored since the last
/// time everything was forgotten, as two maps would hold them (a position listed first
/// answers, then all its moves, counts in both), so that the cache forgets at the same
/// moments whichever way it keeps them: which list a search is given depends on it.
///
/// A list is looked up once: a miss keeps the place the lookup found, and the generated list
/// goes there unless it does not fit (then everything is forgotten and the list stored
/// afresh, [`MoveCache::store_afresh`]). Whether it fits is decided exactly as when the
/// list was stored by a second lookup: by the maps' counts before it and the arena's room
/// for it.
#[derive(Default)]
pub(crate) struct MoveCache {
    checks: PositionTable<Span>,
    replies: PositionTable<Replies>,
    legal: usize,
    quick: usize,
    arena: Vec<Move>,
}

impl std::fmt::Debug for MoveCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MoveCache")
            .field("checks", &self.checks.len())
            .field("legal", &self.legal)
            .field("quick", &self.quick)
            .finish()
    }
}

impl MoveCache {
    /// Puts the checking moves of the side to move in `pos` into `out` (replacing its
    /// contents), in the order of [`checking_moves`](super::mate::checking_moves).
    pub fn checks_into(&mut self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        let maps_room = self.maps_room();
        match self.checks.entry(pos) {
            Entry::Occupied(known) => {
                out.extend_from_slice(slice(&self.arena, known.get().1));
                return;
            }
            Entry::Vacant(place) => {
                pos.checking_moves_into(out);
                if let Some(s) = push(&mut self.arena, maps_room, out) {
                    place.insert((pos.clone(), s));
                    return;
                }
            }
        }
        if let Some(s) = self.store_afresh(out) {
            self.checks.insert_new(pos, s);
        }
    }

    /// Puts the legal moves of the side to move in `pos` into `out` (replacing its
    /// contents), in the order of [`Position::legal_moves_into`] (knowing the first answers
    /// when they are remembered, [`Position::legal_moves_knowing_into`]).
    pub fn legal_into(&mut self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        let maps_room = self.maps_room();
        match self.replies.entry(pos) {
            Entry::Occupied(mut known) => {
                match known.get().1 {
                    Replies::All(s) => {
                        out.extend_from_slice(slice(&self.arena, s));
                        return;
                    }
                    Replies::First(s, checkers) => {
                        pos.legal_moves_knowing_into(slice(&self.arena, s), checkers, out)
                    }
                }
                if let Some(s) = push(&mut self.arena, maps_room, out) {
                    known.get_mut().1 = Replies::All(s);
                    self.legal += 1;
                    return;
                }
            }
            Entry::Vacant(place) => {
                pos.legal_moves_into(out);
                if let Some(s) = push(&mut self.arena, maps_room, out) {
                    place.insert((pos.clone(), Replies::All(s)));
                    self.legal += 1;
                    return;
                }
            }
        }
        if let Some(s) = self.store_afresh(out) {
            self.replies.insert_new(pos, Replies::All(s));
            self.legal += 1;
        }
    }

    /// Appends the answers to the check in `pos` that a search for one refutation tries
    /// first: every legal move when they are known (returns `true`), else
    /// [`Position::quick_evasions_into`] (`false`: the other legal moves are not listed).
    pub fn first_answers_into(&mut self, pos: &Position, out: &mut Vec<Move>) -> bool {
        let start = out.len();
        let maps_room = self.maps_room();
        let checkers = match self.replies.entry(pos) {
            Entry::Occupied(known) => {
                let (s, all) = match known.get().1 {
                    Replies::All(s) => (s, true),
                    Replies::First(s, _) => (s, false),
                };
                out.extend_from_slice(slice(&self.arena, s));
                return all;
            }
            Entry::Vacant(place) => {
                let checkers = pos.quick_evasions_into(out);
                if let Some(s) = push(&mut self.arena, maps_room, &out[start..]) {
                    place.insert((pos.clone(), Replies::First(s, checkers)));
                    self.quick += 1;
                    return false;
                }
                checkers
            }
        };
        if let Some(s) = self.store_afresh(&out[start..]) {
            self.replies.insert_new(pos, Replies::First(s, checkers));
            self.quick += 1;
        }
        false
    }

    /// Whether the side to move in `pos`, in check, has a legal move (from a remembered
    /// list when there is one; see [`Position::has_legal_move_in_check`]).
    pub fn has_legal_move_in_check(&self, pos: &Position) -> bool {
        match self.replies.get(pos) {
            Some(Replies::All(s)) => s.len > 0,
            Some(Replies::First(s, _)) => s.len > 0 || pos.has_legal_move_in_check(),
            None => pos.has_legal_move_in_check(),
        }
    }

    /// Forgets every list, keeping the room it had.
    pub fn clear(&mut self) {
        self.arena.clear();
        self.checks.clear();
        self.replies.clear();
        self.legal = 0;
        self.quick = 0;
    }

    /// How many positions and moves it has room for without growing (the largest of its
    /// maps, and its arena).
    pub fn capacity(&self) -> (usize, usize) {
        let maps = self.checks.capacity().max(self.replies.capacity());
        (maps, self.arena.capacity())
    }

    /// Whether every map can take another list (counted as in [`MoveCache`]).
    fn maps_room(&self) -> bool {
        self.checks.len() < CAP && self.legal < CAP && self.quick < CAP
    }

    /// Copies `moves` into the arena after forgetting everything, for a list that did not
    /// fit ([`push`]); nothing for a list longer than the whole arena.
    fn store_afresh(&mut self, moves: &[Move]) -> Option<Span> {
        if moves.len() > ARENA_CAP {
            return None;
        }
        self.clear();
        push(&mut self.arena, true, moves)
    }
}

fn slice(arena: &[Move], s: Span) -> &[Move] {
    &arena[s.start as usize..(s.start + s.len) as usize]
}

/// Copies `moves` into the arena when it and the maps (`maps_room`) have room for them.
fn push(arena: &mut Vec<Move>, maps_room: bool, moves: &[Move]) -> Option<Span> {
    if !maps_room || arena.len() + moves.len() > ARENA_CAP {
        return None;
    }
    let start = arena.len();
    arena.extend_from_slice(moves);
    Some(Span {
        start: start as u32,
        len: moves.len() as u32,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One answer per position is kept inline, more in a list; a key asked again replaces
    /// its answer without counting twice, and a full memo takes nothing more.
    #[test]
    fn memo_keeps_every_answer_under_its_key() {
        let start = Position::startpos();
        let other = start.passed();
        let mut memo = PositionMemo::new(4);
        memo.insert(&start, 1u32, "a");
        assert_eq!(memo.get(&start, &1), Some(&"a"));
        assert_eq!(memo.get(&start, &2), None);
        assert_eq!(memo.get(&other, &1), None);
        memo.insert(&start, 1, "b");
        assert_eq!((memo.get(&start, &1), memo.len()), (Some(&"b"), 1));
        memo.insert(&start, 2, "c");
        memo.insert(&start, 3, "d");
        memo.insert(&start, 2, "e");
        assert_eq!(memo.len(), 3);
        let answers: Vec<_> = (1..=3).map(|k| memo.get(&start, &k).copied()).collect();
        assert_eq!(answers, [Some("b"), Some("e"), Some("d")]);
        memo.insert(&other, 1, "f");
        assert!(!memo.has_room());
        memo.insert(&other, 2, "g");
        assert_eq!(
            (memo.get(&other, &1), memo.get(&other, &2)),
            (Some(&"f"), None)
        );
        memo.clear();
        assert_eq!((memo.len(), memo.get(&start, &1)), (0, None));
    }
}
