//! The cycles of a line (docs/rules.md §1), found on any sequence of keys (a line's nodes in the
//! position graph, or anything else that compares): the stretches in force ([`stretches_in`]),
//! the periodic runs below the threshold ([`periodic_runs`]), and the cycles made of both
//! ([`cycles`]), each a [`Run`]; the occurrences of a run's repeated position
//! ([`run_occurrences`]); and the room ([`CycleRoom`]) they are found in, kept from one line
//! to the next. Their definitions are in the [`graph`](super) module's documentation.

use std::hash::{BuildHasher, Hash};

use hashbrown::HashTable;
#[cfg(test)]
use rustc_hash::FxHashMap;

/// A cycle on a line: a stretch in force (the repeated position's last N occurrences and
/// the moves between them, extended while the line repeats its pattern), or a periodic run
/// of positions below the threshold, or several such runs of loops of the same length joined
/// where they meet (see `cycles`). `start` is always an occurrence of its repeated
/// position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Run {
    /// Index of the first occurrence of the repeated position (0 = the start position).
    pub start: usize,
    /// Plies between two consecutive occurrences (when they are evenly spaced; else the
    /// span).
    pub period: usize,
    /// Index of the last position of the run.
    pub end: usize,
    /// Plies from `start` whose moves make up the cycle, the pattern the run repeats:
    /// `period` when one loop is played again and again; the whole stretch when different
    /// loops make it up (the position then occurs more than once inside the pattern).
    pub span: usize,
}

impl Run {
    /// How often the repeated position `p[start]` occurs in the run, when its occurrences
    /// are evenly spaced (`run_occurrences` counts them in every case).
    pub fn occurrences(&self) -> usize {
        1 + (self.end - self.start) / self.period
    }

    /// The index of the `k`-th occurrence (1-based) of the repeated position, if the run
    /// could reach it (it may lie beyond the end of the run).
    pub fn occurrence_index(&self, k: usize) -> Option<usize> {
        k.checked_sub(1)?
            .checked_mul(self.period)?
            .checked_add(self.start)
    }

    /// The plies whose moves make up the cycle: `start + 1 ..= start + span`.
    pub fn cycle_plies(&self) -> std::ops::RangeInclusive<usize> {
        self.start + 1..=self.start + self.span
    }

    /// Whether the cycle joins loops that differ (see `cycles`).
    pub fn joined(&self) -> bool {
        self.span != self.period
    }
}

/// How often the repeated position of a run — the position it starts from, `keys[run.start]`
/// — occurs in it. This is the one repeated position of a cycle: the one a stretch in force
/// was cut for (see `cycles`), the one every output names and draws.
#[cfg(test)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunOccurrences {
    /// Indices of the repeated position's occurrences in the run (the first is `run.start`).
    pub indices: Vec<usize>,
    /// The index of its `threshold`-th occurrence.
    pub in_force: Option<usize>,
    /// The index of its `threshold + 1`-th occurrence.
    pub repeated: Option<usize>,
    /// The largest number of occurrences of one position in the run.
    pub most: usize,
}

/// Counts the occurrences of the repeated position of `run` inside it (see
/// [`RunOccurrences`]).
#[cfg(test)]
pub fn run_occurrences<K: Eq + Hash + Copy>(
    keys: &[K],
    run: &Run,
    threshold: usize,
) -> RunOccurrences {
    let indices = occurrence_indices(keys, run);
    let mut count: FxHashMap<K, usize> = FxHashMap::default();
    for k in keys.iter().take(run.end.saturating_add(1)).skip(run.start) {
        *count.entry(*k).or_default() += 1;
    }
    RunOccurrences {
        in_force: indices.get(threshold.wrapping_sub(1)).copied(),
        repeated: indices.get(threshold).copied(),
        most: count.values().copied().max().unwrap_or(0),
        indices,
    }
}

/// The indices of the occurrences of the repeated position of `run` inside it
/// ([`RunOccurrences::indices`]; the judgement asks for nothing else of
/// [`run_occurrences`], which also counts every other position).
pub(crate) fn occurrence_indices<K: Eq + Copy>(keys: &[K], run: &Run) -> Vec<usize> {
    let Some(first) = keys.get(run.start) else {
        return Vec::new();
    };
    let stretch = keys
        .iter()
        .enumerate()
        .take(run.end.saturating_add(1))
        .skip(run.start);
    stretch
        .filter(|&(_, k)| k == first)
        .map(|(i, _)| i)
        .collect()
}

/// The cycles of a sequence of keys for a ruling `threshold` (docs/rules.md §1), in order of their
/// first position (then of their last):
///
/// - a **stretch in force** wherever a position occurs for the `threshold`-th time or later
///   and the line is not simply going on with the stretch before: it runs from the first of
///   those `threshold` occurrences to the last, whatever loops it is made of (the threshold
///   counts positions, not loops), and nothing before or after it; it then extends for as
///   long as the line repeats its pattern (see [`stretches_in`]);
/// - a **cycle below the threshold** for every loop played ([`periodic_runs`]; runs of loops
///   of the same length that meet are joined, the loops intertwining) in which no position
///   reaches the threshold and which shares no move with a stretch in force.
pub fn cycles<K: Eq + Hash + Copy>(keys: &[K], threshold: usize) -> Vec<Run> {
    let mut ids = Vec::new();
    first_occurrence_keys_into(keys, &mut HashTable::new(), &mut ids);
    cycles_in(&ids, threshold, &mut CycleRoom::default())
}

/// Each of `keys` named by the index of its first occurrence, written into `out`: equal
/// keys, equal names, so the cycles are the same, and the names are dense keys for
/// [`cycles_in`]. `table` holds the indices of the keys met (both are emptied first and
/// keep their room: a batch keys line after line without allocating anew).
pub(crate) fn first_occurrence_keys_into<K: Eq + Hash>(
    keys: &[K],
    table: &mut HashTable<usize>,
    out: &mut Vec<usize>,
) {
    let hash = |k: &K| rustc_hash::FxBuildHasher.hash_one(k);
    table.clear();
    out.clear();
    out.reserve(keys.len());
    for (i, k) in keys.iter().enumerate() {
        let first = table
            .entry(hash(k), |&f| keys[f] == *k, |&f| hash(&keys[f]))
            .or_insert(i);
        out.push(*first.get());
    }
}

/// A key of a line's positions that is also a small index: equal positions, equal keys,
/// and the keys of a line no more than a few times its length (a position graph's node, or
/// the index of a position's first occurrence). The cycles are found with tables indexed
/// by it rather than hash maps.
pub(crate) trait DenseKey: Copy + Eq {
    /// The index.
    fn id(self) -> usize;
}

impl DenseKey for usize {
    #[inline]
    fn id(self) -> usize {
        self
    }
}

impl DenseKey for petgraph::graph::NodeIndex {
    #[inline]
    fn id(self) -> usize {
        self.index()
    }
}

/// The maps and lists [`cycles`] is found with, kept (emptied) from one line to the next:
/// judging case after case, a batch then finds each case's cycles without allocating them
/// anew.
#[derive(Debug, Clone, Default)]
pub(crate) struct CycleRoom {
    /// Per key, its last occurrence and how many there were ([`stretches_in`]).
    at: Vec<(usize, usize)>,
    /// Per index, the previous occurrence of the same position ([`stretches_in`]).
    pub(super) prev: Vec<usize>,
    /// A stretch's occurrences of its position ([`stretches_in`]).
    occ: Vec<usize>,
    /// Per key, its last occurrence ([`periodic_runs`]).
    last: Vec<usize>,
    /// The periodic runs ([`periodic_runs`]).
    runs: Vec<Run>,
    /// The periodic runs, those that meet joined.
    loops: Vec<Run>,
    /// Per key, its occurrences in a run ([`reaches`]); all zero between two runs.
    count: Vec<usize>,
}

/// [`cycles`], found in `room`.
pub(crate) fn cycles_in<K: DenseKey>(
    keys: &[K],
    threshold: usize,
    room: &mut CycleRoom,
) -> Vec<Run> {
    let threshold = threshold.max(2);
    // Room for every key in the tables, the counts all zero.
    let ids = keys.iter().map(|k| k.id()).max().map_or(0, |m| m + 1);
    room.count.clear();
    room.count.resize(ids, 0);
    let mut out = stretches_in(keys, threshold, ids, room);
    let in_force = out.len();
    periodic_runs_into(keys, ids, &mut room.last, &mut room.runs);
    let CycleRoom {
        runs, loops, count, ..
    } = room;
    loops.clear();
    for &r in runs.iter() {
        if let Some(last) = loops.last_mut() {
            if last.period == r.period
                && r.start <= last.end
                && !reaches(keys, last, threshold, count)
                && !reaches(keys, &r, threshold, count)
            {
                last.end = last.end.max(r.end);
                last.span = last.end - last.start;
                continue;
            }
        }
        loops.push(r);
    }
    for r in loops.iter() {
        let overlaps = out[..in_force]
            .iter()
            .any(|s| r.start < s.end && s.start < r.end);
        if !overlaps && !reaches(keys, r, threshold, count) {
            out.push(*r);
        }
    }
    out.sort_by_key(|r| (r.start, r.end));
    out
}

/// Whether some position occurs `threshold` times inside `run` (counted in `count`, a zero
/// per key, left all zero).
fn reaches<K: DenseKey>(keys: &[K], run: &Run, threshold: usize, count: &mut [usize]) -> bool {
    let stretch = keys
        .get(run.start..keys.len().min(run.end.saturating_add(1)))
        .unwrap_or_default();
    let (mut counted, mut reached) = (0, false);
    for k in stretch {
        counted += 1;
        let c = &mut count[k.id()];
        *c += 1;
        if *c >= threshold {
            reached = true;
            break;
        }
    }
    for k in &stretch[..counted] {
        count[k.id()] = 0;
    }
    reached
}

/// The stretches in force of a sequence of keys (docs/rules.md §1): walking the line, each time a
/// position occurs for the `threshold`-th time or later, the stretch from the first of its
/// last `threshold` occurrences to this one — unless the line only goes on with the pattern
/// of the stretch before (the position equals the one a pattern's length earlier, that
/// stretch reached the position before), which then extends instead: the cycle played on.
///
/// Each stretch's `span` is the length of its pattern (the least `p` with `k[i] = k[i + p]`
/// across it): one loop when the same loop was played each time, the whole stretch when
/// different loops make it up. Its `period` is the spacing of the repeated position's
/// occurrences when they are evenly spaced, else the span.
///
/// Found in `room`, kept from one line to the next.
fn stretches_in<K: DenseKey>(
    keys: &[K],
    threshold: usize,
    ids: usize,
    room: &mut CycleRoom,
) -> Vec<Run> {
    let threshold = threshold.max(2);
    // Per position, its last occurrence and how many there were; per index, the previous
    // occurrence of the same position (the occurrences are a chain, not a list each).
    let CycleRoom { at, prev, occ, .. } = room;
    at.clear();
    at.resize(ids, (usize::MAX, 0));
    prev.clear();
    prev.resize(keys.len(), usize::MAX);
    let mut out: Vec<Run> = Vec::new();
    for (t, k) in keys.iter().enumerate() {
        let (last, count) = &mut at[k.id()];
        prev[t] = *last;
        *last = t;
        *count += 1;
        let count = *count;
        if let Some(c) = out.last_mut() {
            let goes_on = c.end + 1 == t && t >= c.span && keys[t - c.span] == *k;
            // The line goes on with the cycle's pattern: every position reaching the
            // threshold again is the same cycle played on (its stretch the cycle shifted
            // along, or reaching back before it), not a new stretch.
            if goes_on {
                c.end = t;
                continue;
            }
        }
        if count >= threshold {
            // The last `threshold` occurrences, in order.
            occ.clear();
            let mut i = t;
            while occ.len() < threshold {
                occ.push(i);
                i = prev[i];
            }
            occ.reverse();
            out.push(stretch(keys, occ));
        }
    }
    out
}

/// The stretch between the first and the last of `occ` (occurrences of one position).
pub(crate) fn stretch<K: Eq + Copy>(keys: &[K], occ: &[usize]) -> Run {
    let (f, t) = (occ[0], occ[occ.len() - 1]);
    let len = t - f;
    let span = least_period(&keys[f..=t]).clamp(1, len.max(1));
    let d = occ[1] - occ[0];
    let even = occ.windows(2).all(|w| w[1] - w[0] == d);
    let period = if span < len || !even { span } else { d };
    Run {
        start: f,
        period,
        end: t,
        span,
    }
}

/// The least `p >= 1` with `s[i] == s[i + p]` wherever both exist (prefix function).
fn least_period<K: Eq>(s: &[K]) -> usize {
    let m = s.len();
    if m < 2 {
        return m;
    }
    let mut pi = vec![0usize; m];
    for i in 1..m {
        let mut k = pi[i - 1];
        while k > 0 && s[i] != s[k] {
            k = pi[k - 1];
        }
        if s[i] == s[k] {
            k += 1;
        }
        pi[i] = k;
    }
    m - pi[m - 1]
}

/// The periodic runs of a sequence of keys (see the [`graph`](super) module's documentation):
/// greedy from the left, each run started at the earliest repetition with its minimal period
/// and extended backwards as far as the period holds; runs swallowed by a later, wider one are
/// dropped.
#[cfg(test)]
pub fn periodic_runs<K: Eq + Hash + Copy>(keys: &[K]) -> Vec<Run> {
    let (mut runs, mut ids) = (Vec::new(), Vec::new());
    first_occurrence_keys_into(keys, &mut HashTable::new(), &mut ids);
    periodic_runs_into(&ids, keys.len(), &mut Vec::new(), &mut runs);
    runs
}

/// [`periodic_runs`], written into `runs` (emptied first), with `last` for a table of each
/// key's last occurrence (keys below `ids`).
fn periodic_runs_into<K: DenseKey>(
    keys: &[K],
    ids: usize,
    last: &mut Vec<usize>,
    runs: &mut Vec<Run>,
) {
    last.clear();
    last.resize(ids, usize::MAX);
    runs.clear();
    let mut cur: Option<Run> = None;
    for t in 0..keys.len() {
        let before = std::mem::replace(&mut last[keys[t].id()], t);
        let prev = (before != usize::MAX).then_some(before);
        if let Some(r) = cur.as_mut() {
            if keys[t] == keys[t - r.period] {
                r.end = t;
                continue;
            }
            runs.push(*r);
            cur = None;
        }
        if let Some(i) = prev {
            let p = t - i;
            let mut s = i;
            while s > 0 && keys[s - 1] == keys[s - 1 + p] {
                s -= 1;
            }
            runs.retain(|r| !(r.start >= s && r.end <= t));
            cur = Some(Run {
                start: s,
                period: p,
                end: t,
                span: p,
            });
        }
    }
    runs.extend(cur);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(s: &str) -> Vec<(usize, usize, usize, usize)> {
        let keys: Vec<char> = s.chars().collect();
        periodic_runs(&keys)
            .iter()
            .map(|r| (r.start, r.period, r.end, r.occurrences()))
            .collect()
    }

    #[test]
    fn simple_loop() {
        // A B C D A B C D A: period 4, A three times.
        assert_eq!(runs("ABCDABCDA"), vec![(0, 4, 8, 3)]);
        assert_eq!(runs("XABCDABCDA"), vec![(1, 4, 9, 3)]);
        assert_eq!(runs("XABCDABCDAY"), vec![(1, 4, 9, 3)]);
        assert_eq!(runs("ABCD"), vec![]);
    }

    #[test]
    fn loop_entered_in_the_middle_extends_backwards() {
        // Y A B A C A B A C A: the period-4 run starts at the first A.
        assert_eq!(runs("YABACABACA"), vec![(1, 4, 9, 3)]);
    }

    #[test]
    fn distinct_loops_are_distinct_cycles() {
        // A loop of period 2, then a change and a loop of period 3.
        assert_eq!(runs("ABABAXYZXYZX"), vec![(0, 2, 4, 3), (5, 3, 11, 3)]);
    }

    #[test]
    fn long_detour_then_short_loop() {
        // A … A then A B A B A: the short loop is its own cycle, occurring three times.
        let r = runs("AXYZWABABA");
        assert!(r.contains(&(5, 2, 9, 3)), "{r:?}");
    }

    #[test]
    fn intertwined_loops_count_every_position() {
        // Period 8 (A x A y … twice through different paths): A occurs three times.
        // A x y z A u v w A: two different loops of length 4 from A, each played once: the
        // runs meet at the middle A and join; A occurs three times.
        let keys: Vec<char> = "QRAxyzAuvwAB".chars().collect();
        assert_eq!(periodic_runs(&keys).len(), 2);
        let r = cycles(&keys, 3);
        assert_eq!(
            r,
            vec![Run {
                start: 2,
                period: 4,
                end: 10,
                span: 8
            }]
        );
        assert!(r[0].joined());
        assert_eq!(r[0].cycle_plies(), 3..=10);
        let o = run_occurrences(&keys, &r[0], 3);
        assert_eq!((o.indices, o.in_force), (vec![2, 6, 10], Some(10)));
        // A loop in force on its own, then another loop back to the same position: the
        // fourth occurrence is judged over the stretch from the second (docs/rules.md §1).
        let keys: Vec<char> = "AxyzAxyzAuvwA".chars().collect();
        let r = cycles(&keys, 3);
        assert_eq!(
            r.iter()
                .map(|r| (r.start, r.end, r.span))
                .collect::<Vec<_>>(),
            vec![(0, 8, 4), (4, 12, 8)]
        );
        assert!(!r[0].joined() && r[1].joined());
        // Loops of different lengths: the position occurs three times, in force.
        let keys: Vec<char> = "AxyzAuvAB".chars().collect();
        let r = cycles(&keys, 3);
        assert_eq!(
            r,
            vec![Run {
                start: 0,
                period: 7,
                end: 7,
                span: 7
            }]
        );
        let o = run_occurrences(&keys, &r[0], 3);
        assert_eq!((o.indices, o.in_force), (vec![0, 4, 7], Some(7)));
        let keys: Vec<char> = "ZAbcdAefgAbcdAef".chars().collect();
        let r = periodic_runs(&keys);
        assert_eq!(
            r,
            vec![Run {
                start: 1,
                period: 8,
                end: 15,
                span: 8
            }]
        );
        let o = run_occurrences(&keys, &r[0], 3);
        assert_eq!(o.indices, vec![1, 5, 9, 13]);
        assert_eq!((o.in_force, o.repeated, o.most), (Some(9), Some(13), 4));
        assert_eq!(r[0].occurrences(), 2);
        // A plain loop: the first position decides.
        let keys: Vec<char> = "ABCDABCDA".chars().collect();
        let o = run_occurrences(
            &keys,
            &Run {
                start: 0,
                period: 4,
                end: 8,
                span: 4,
            },
            3,
        );
        assert_eq!(
            (o.indices, o.in_force, o.repeated),
            (vec![0, 4, 8], Some(8), None)
        );
        let o = run_occurrences(
            &keys,
            &Run {
                start: 0,
                period: 4,
                end: 8,
                span: 4,
            },
            4,
        );
        assert_eq!((o.indices.len(), o.in_force), (3, None));
    }

    fn stretch_list(s: &str, n: usize) -> Vec<(usize, usize, usize, usize)> {
        let keys: Vec<char> = s.chars().collect();
        cycles(&keys, n)
            .iter()
            .map(|r| (r.start, r.period, r.end, r.span))
            .collect()
    }

    #[test]
    fn the_threshold_counts_positions_not_loops() {
        // docs/rules.md §1: A comes back through a loop of 4 plies, then one of 8: its third
        // occurrence puts the whole stretch in force, both loops in it.
        assert_eq!(stretch_list("AbcdAefghijkA", 3), vec![(0, 12, 12, 12)]);
        // Three different loops of 2 plies from A: in force at A's third occurrence.
        assert_eq!(stretch_list("AbAcAdA", 3), vec![(0, 2, 4, 4), (2, 2, 6, 4)]);
        // With N = 4 the same line reaches the threshold once, at A's fourth occurrence.
        assert_eq!(stretch_list("AbAcAdA", 4), vec![(0, 2, 6, 6)]);
    }

    #[test]
    fn the_stretch_leaves_out_the_moves_before_and_after_it() {
        // A detour X Y before A's first occurrence and Z W after its third: neither belongs
        // to the stretch, which runs from A's first occurrence to its third.
        let keys: Vec<char> = "XYAbcAdefgAZW".chars().collect();
        let r = cycles(&keys, 3);
        assert_eq!(r.len(), 1, "{r:?}");
        assert_eq!((r[0].start, r[0].end), (2, 10));
        assert_eq!(r[0].cycle_plies(), 3..=10);
        // A pattern of 8 plies that passes A twice (b A c d A e f g): A reaches its third
        // occurrence first, at index 9; the move into A at ply 1 is not part of the stretch
        // (a periodic run of the pattern starts at b, index 0).
        let keys: Vec<char> = "bAcdAefgbAcdA".chars().collect();
        assert_eq!(periodic_runs(&keys)[0].start, 0);
        let r = cycles(&keys, 3);
        assert_eq!(
            r,
            vec![Run {
                start: 1,
                period: 8,
                end: 12,
                span: 8
            }]
        );
        let o = run_occurrences(&keys, &r[0], 3);
        assert_eq!(o.indices, vec![1, 4, 9, 12]);
        assert_eq!((o.in_force, o.repeated), (Some(9), Some(12)));
    }

    #[test]
    fn a_stretch_goes_on_while_its_pattern_repeats() {
        // Different loops of one length (x y z / u v w) played in turn: one stretch in force
        // at A's third occurrence, extended as the pattern repeats, A counted each time.
        let keys: Vec<char> = "AxyzAuvwAxyzAuvwA".chars().collect();
        let r = cycles(&keys, 3);
        assert_eq!(
            r,
            vec![Run {
                start: 0,
                period: 4,
                end: 16,
                span: 8
            }]
        );
        let o = run_occurrences(&keys, &r[0], 3);
        assert_eq!(o.indices, vec![0, 4, 8, 12, 16]);
        assert_eq!((o.in_force, o.repeated), (Some(8), Some(12)));
    }

    #[test]
    fn least_period_of_a_stretch() {
        let p = |s: &str| least_period(&s.chars().collect::<Vec<_>>());
        assert_eq!(p("AbcAbcA"), 3);
        assert_eq!(p("AbcAdeA"), 6);
        assert_eq!(p("A"), 1);
        assert_eq!(p("AbAbA"), 2);
    }

    #[test]
    fn occurrence_index() {
        let r = Run {
            start: 1,
            period: 4,
            end: 9,
            span: 4,
        };
        assert_eq!(r.occurrence_index(3), Some(9));
        assert_eq!(r.occurrence_index(4), Some(13));
        assert_eq!(r.occurrence_index(0), None);
        assert_eq!(r.occurrence_index(usize::MAX), None);
        assert_eq!(r.cycle_plies(), 2..=5);
    }

    /// The occurrences of a run's repeated position, found without counting the others,
    /// are those [`run_occurrences`] gives, for every cycle of lines of joined, intertwined
    /// and plain loops.
    #[test]
    fn occurrence_indices_are_those_of_run_occurrences() {
        for line in [
            "ABCDABCDA",
            "QRAxyzAuvwAB",
            "AxyzAxyzAuvwA",
            "AxyzAuvAB",
            "ZAbcdAefgAbcdAef",
            "ABABAXYZXYZX",
        ] {
            let keys: Vec<char> = line.chars().collect();
            let runs = cycles(&keys, 3);
            assert!(!runs.is_empty(), "{line}");
            for r in runs.iter().chain(&periodic_runs(&keys)) {
                let plain = run_occurrences(&keys, r, 3).indices;
                assert_eq!(occurrence_indices(&keys, r), plain, "{line} {r:?}");
            }
        }
    }

    /// The cycles found in one room, line after line, are those found for each line alone.
    #[test]
    fn cycles_found_in_a_kept_room_are_found_alone() {
        let mut room = CycleRoom::default();
        for s in [
            "ABCDABCDA",
            "QRAxyzAuvwAB",
            "AxyzAxyzAuvwA",
            "AB",
            "",
            "ABABAXYZXYZX",
            "AxyzAuvAB",
            "YABACABACA",
        ] {
            // The room's tables indexed by the characters' codes (keys that are not the
            // order of first occurrence, with gaps), against the cycles of the characters.
            let chars: Vec<char> = s.chars().collect();
            let keys: Vec<usize> = chars.iter().map(|&c| c as usize).collect();
            for threshold in [2, 3, 4] {
                let alone = cycles(&chars, threshold);
                assert_eq!(cycles_in(&keys, threshold, &mut room), alone, "{s}");
            }
        }
    }
}
