//! The cycles of a growing line, kept up to date one position at a time: after every
//! position the same cycles as [`crate::graph::cycles`] finds on the whole line so far, with
//! work proportional to what the new position changes — the stretch it puts in force, the
//! periodic run it starts, the runs that run swallows — never the whole line again.
//!
//! [`crate::graph::cycles`] is made of three passes, each of which only ever changes its
//! result at the end of the line:
//!
//! - the stretches in force ([`crate::graph::stretches`]) are found walking the line: a
//!   position brings a new stretch or extends the last one;
//! - the periodic runs ([`crate::graph::periodic_runs`]) are found walking the line too: the
//!   run in progress goes on, or ends, and a repetition starts a new run, which swallows the
//!   runs that start inside it — always the last ones, since the runs kept start in order;
//! - runs of loops of the same length are joined left to right (only the last group grows);
//!   a group is kept when it reaches no threshold and meets no stretch in force.
//!
//! So the finished runs are a stack, their groups are a stack beside it (each run remembers
//! the group it joined, to undo the join when it is swallowed), and the place of the last
//! stretch in the sorted list of cycles is a count: the stretches that start before it and
//! the kept groups that end before it starts.

use crate::graph::{stretch, Run};

/// The cycles of a line that grows by one position at a time (keys are dense ids).
#[derive(Debug, Clone)]
pub(crate) struct OnlineCycles {
    threshold: usize,
    keys: Vec<u32>,
    /// Per index: the previous occurrence of the same key (`usize::MAX`: none).
    prev: Vec<usize>,
    /// Per key: its last occurrence, and how often it occurred.
    last_at: Vec<usize>,
    count: Vec<usize>,
    /// Stretches in force: how many start at each index, and the furthest end of those that
    /// start at each index.
    starts: Fenwick,
    ends: Fenwick,
    stretches: usize,
    /// The last stretch in force.
    last: Option<Run>,
    /// Finished periodic runs (starts strictly increasing) and their groups.
    raws: Vec<Raw>,
    groups: Vec<Group>,
    /// `kept[i]`: kept groups among `groups[..=i]`.
    kept: Vec<usize>,
    /// The periodic run in progress.
    cur: Option<Cur>,
    scratch: Counter,
}

/// What a new position did to the last stretch in force.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// Nothing.
    None,
    /// A new stretch came in force: [`OnlineCycles::last`].
    Created,
    /// The last stretch went on by one position.
    Extended,
}

#[derive(Debug, Clone, Copy)]
struct Group {
    run: Run,
    /// No position reaches the threshold in it.
    alone: bool,
    /// It meets a stretch in force.
    overlap: bool,
}

impl Group {
    fn kept(&self) -> bool {
        self.alone && !self.overlap
    }
}

#[derive(Debug, Clone, Copy)]
struct Raw {
    run: Run,
    /// The group on top before this run joined it (`None`: the run started its own group).
    joined: Option<Group>,
}

#[derive(Debug, Clone)]
struct Cur {
    run: Run,
    counts: Counter,
    reaches: bool,
}

impl OnlineCycles {
    /// No position yet.
    pub(crate) fn new(threshold: usize) -> OnlineCycles {
        OnlineCycles {
            threshold: threshold.max(2),
            keys: Vec::new(),
            prev: Vec::new(),
            last_at: Vec::new(),
            count: Vec::new(),
            starts: Fenwick::new(Fenwick::SUM),
            ends: Fenwick::new(Fenwick::MAX),
            stretches: 0,
            last: None,
            raws: Vec::new(),
            groups: Vec::new(),
            kept: Vec::new(),
            cur: None,
            scratch: Counter::default(),
        }
    }

    /// The keys so far.
    pub(crate) fn keys(&self) -> &[u32] {
        &self.keys
    }

    /// How often `key` occurred so far.
    pub(crate) fn occurrences(&self, key: u32) -> usize {
        self.count.get(key as usize).copied().unwrap_or(0)
    }

    /// The index of `key`'s last occurrence (0 when it never occurred).
    pub(crate) fn last_occurrence(&self, key: u32) -> usize {
        match self.last_at.get(key as usize) {
            Some(&i) if i != usize::MAX => i,
            _ => 0,
        }
    }

    /// The last stretch in force, if any.
    pub(crate) fn last(&self) -> Option<&Run> {
        self.last.as_ref()
    }

    /// Adds the next position (`key`: ids from 0 up, a new position taking the next id).
    pub(crate) fn push(&mut self, key: u32) -> Step {
        let t = self.keys.len();
        let k = key as usize;
        if k >= self.last_at.len() {
            self.last_at.resize(k + 1, usize::MAX);
            self.count.resize(k + 1, 0);
        }
        let before = self.last_at[k];
        self.keys.push(key);
        self.prev.push(before);
        self.last_at[k] = t;
        self.count[k] += 1;
        self.runs_step(t, before);
        self.stretch_step(t)
    }

    /// [`crate::graph::periodic_runs`], one position on.
    fn runs_step(&mut self, t: usize, before: usize) {
        let thr = self.threshold;
        if let Some(cur) = self.cur.as_mut() {
            if self.keys[t] == self.keys[t - cur.run.period] {
                cur.run.end = t;
                cur.reaches |= cur.counts.add(self.keys[t]) >= thr;
                return;
            }
        }
        if let Some(cur) = self.cur.take() {
            self.push_raw(cur.run, !cur.reaches);
        }
        if before == usize::MAX {
            return;
        }
        let p = t - before;
        let mut s = before;
        while s > 0 && self.keys[s - 1] == self.keys[s - 1 + p] {
            s -= 1;
        }
        // The new run swallows the finished runs that start inside it (the last ones).
        while self.raws.last().is_some() && self.raw_start(self.raws.len() - 1) >= s {
            self.pop_raw();
        }
        let mut counts = Counter::default();
        let mut reaches = false;
        for &key in &self.keys[s..=t] {
            reaches |= counts.add(key) >= thr;
        }
        self.cur = Some(Cur {
            run: Run {
                start: s,
                period: p,
                end: t,
                span: p,
            },
            counts,
            reaches,
        });
    }

    /// The start of finished run `i`.
    fn raw_start(&self, i: usize) -> usize {
        self.raws[i].run.start
    }

    /// Whether some position occurs `threshold` times in `run`.
    fn reaches(&mut self, run: &Run) -> bool {
        let thr = self.threshold;
        self.scratch.clear();
        let keys = &self.keys[run.start..=run.end];
        let scratch = &mut self.scratch;
        let found = keys.iter().any(|&k| scratch.add(k) >= thr);
        found
    }

    /// Whether `run` meets a stretch in force (`r.start < s.end && s.start < r.end`).
    fn overlaps(&self, run: &Run) -> bool {
        self.ends.query(run.end) > run.start
    }

    /// A periodic run finished: it joins the last group (same period, they meet, neither
    /// reaches the threshold) or starts its own.
    fn push_raw(&mut self, run: Run, alone: bool) {
        let joins = self.groups.last().is_some_and(|g| {
            g.run.period == run.period && run.start <= g.run.end && g.alone && alone
        });
        if joins {
            let Some(top) = self.groups.last().copied() else {
                return;
            };
            let mut g = top;
            g.run.end = g.run.end.max(run.end);
            g.run.span = g.run.end - g.run.start;
            g.alone = !self.reaches(&g.run);
            g.overlap = self.overlaps(&g.run);
            if let Some(last) = self.groups.last_mut() {
                *last = g;
            }
            self.raws.push(Raw {
                run,
                joined: Some(top),
            });
        } else {
            let overlap = self.overlaps(&run);
            self.groups.push(Group {
                run,
                alone,
                overlap,
            });
            self.raws.push(Raw { run, joined: None });
        }
        self.recount(self.groups.len() - 1);
    }

    /// Drops the last finished run (swallowed by a new one), undoing its join.
    fn pop_raw(&mut self) {
        let Some(raw) = self.raws.pop() else {
            return;
        };
        match raw.joined {
            Some(mut g) => {
                // Stretches may have come in force since: look again.
                g.overlap = self.overlaps(&g.run);
                if let Some(last) = self.groups.last_mut() {
                    *last = g;
                }
            }
            None => {
                self.groups.pop();
            }
        }
        self.kept.truncate(self.groups.len());
        if !self.groups.is_empty() {
            self.recount(self.groups.len() - 1);
        }
    }

    /// Recounts the kept groups from group `from` on.
    fn recount(&mut self, from: usize) {
        self.kept.truncate(from);
        for i in from..self.groups.len() {
            let before = i.checked_sub(1).map_or(0, |j| self.kept[j]);
            self.kept.push(before + usize::from(self.groups[i].kept()));
        }
    }

    /// [`crate::graph::stretches`], one position on.
    fn stretch_step(&mut self, t: usize) -> Step {
        let k = self.keys[t];
        if let Some(c) = self.last.as_mut() {
            if c.end + 1 == t && t >= c.span && self.keys[t - c.span] == k {
                c.end = t;
                self.ends.update(c.start, t);
                return Step::Extended;
            }
        }
        let thr = self.threshold;
        if self.count[k as usize] < thr {
            return Step::None;
        }
        // The last `threshold` occurrences of the key, oldest first.
        let mut occ = vec![t];
        while occ.len() < thr {
            let Some(&i) = occ.last() else { break };
            occ.push(self.prev[i]);
        }
        occ.reverse();
        let run = stretch(&self.keys, &occ);
        self.starts.update(run.start, 1);
        self.ends.update(run.start, run.end);
        self.stretches += 1;
        self.last = Some(run);
        // Every finished group that ends inside it meets it (they all start before its end).
        let mut i = self.groups.len();
        while i > 0 && self.groups[i - 1].run.end > run.start {
            i -= 1;
            self.groups[i].overlap = true;
        }
        if i < self.groups.len() {
            self.recount(i);
        }
        Step::Created
    }

    /// The index of the last stretch in force in the sorted list of cycles (by start, then
    /// end): the stretches that start before it, and the kept groups that end before it
    /// starts (a kept group cannot meet it, and none that starts before it ends later).
    pub(crate) fn last_index(&self) -> Option<usize> {
        let s = self.last?;
        let x = s.start;
        let before = self.starts.query(x);
        let j = self.groups.partition_point(|g| g.run.end <= x);
        // The run in progress cannot join such a group: it would run from before the
        // stretch to its end, so contain it, and reach the threshold.
        let kept = j.checked_sub(1).map_or(0, |i| self.kept[i]);
        Some(before + kept)
    }

    /// How many cycles the line has: the stretches in force and the kept groups (the run in
    /// progress counted as finished).
    pub(crate) fn total(&mut self) -> usize {
        if let Some(cur) = self.cur.take() {
            self.push_raw(cur.run, !cur.reaches);
        }
        self.stretches + self.kept.last().copied().unwrap_or(0)
    }
}

/// Counts of dense keys, cleared in time proportional to the keys counted.
#[derive(Debug, Clone, Default)]
struct Counter {
    counts: Vec<u32>,
    touched: Vec<u32>,
}

impl Counter {
    /// Counts `key` once more; returns its count.
    fn add(&mut self, key: u32) -> usize {
        let k = key as usize;
        if k >= self.counts.len() {
            self.counts.resize((k + 1).max(2 * self.counts.len()), 0);
        }
        if self.counts[k] == 0 {
            self.touched.push(key);
        }
        self.counts[k] += 1;
        self.counts[k] as usize
    }

    fn clear(&mut self) {
        for &k in &self.touched {
            self.counts[k as usize] = 0;
        }
        self.touched.clear();
    }
}

/// A Fenwick tree over indices that grow, combining by sum or by maximum: point updates,
/// queries over the indices below a bound.
#[derive(Debug, Clone)]
struct Fenwick {
    max: bool,
    tree: Vec<usize>,
    values: Vec<usize>,
}

impl Fenwick {
    const SUM: bool = false;
    const MAX: bool = true;

    fn new(max: bool) -> Fenwick {
        Fenwick {
            max,
            tree: Vec::new(),
            values: Vec::new(),
        }
    }

    fn combine(&self, a: usize, b: usize) -> usize {
        if self.max {
            a.max(b)
        } else {
            a + b
        }
    }

    /// Adds (sum) or raises to (max) `v` at index `i`.
    fn update(&mut self, i: usize, v: usize) {
        if i >= self.values.len() {
            let n = (i + 1).max(2 * self.values.len()).max(64);
            self.values.resize(n, 0);
            // Rebuild over the new size, in linear time.
            self.tree = self.values.clone();
            for j in 1..=n {
                let p = j + (j & j.wrapping_neg());
                if p <= n {
                    self.tree[p - 1] = self.combine(self.tree[p - 1], self.tree[j - 1]);
                }
            }
        }
        self.values[i] = self.combine(self.values[i], v);
        let n = self.values.len();
        let mut j = i + 1;
        while j <= n {
            self.tree[j - 1] = self.combine(self.tree[j - 1], v);
            j += j & j.wrapping_neg();
        }
    }

    /// The sum or maximum over the indices below `i` (0 when there are none).
    fn query(&self, i: usize) -> usize {
        let mut j = i.min(self.values.len());
        let mut acc = 0;
        while j > 0 {
            acc = self.combine(acc, self.tree[j - 1]);
            j &= j - 1;
        }
        acc
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::cycles;

    /// The online cycles agree with `graph::cycles` on every prefix: the index of the last
    /// stretch in force and the number of cycles.
    fn check(keys: &[u32], threshold: usize) {
        let mut online = OnlineCycles::new(threshold);
        for t in 0..keys.len() {
            online.push(keys[t]);
            let all = cycles(&keys[..=t], threshold);
            let want = online.last().map(|s| {
                all.iter()
                    .position(|r| r.start == s.start && r.end == s.end && r.span == s.span)
                    .unwrap_or_else(|| panic!("{keys:?} at {t}: {s:?} not in {all:?}"))
            });
            assert_eq!(online.last_index(), want, "{keys:?} at {t}: {all:?}");
            let mut copy = online.clone();
            assert_eq!(copy.total(), all.len(), "{keys:?} at {t}: {all:?}");
        }
    }

    fn ids(s: &str) -> Vec<u32> {
        let mut map = std::collections::HashMap::new();
        s.chars()
            .map(|c| {
                let n = map.len() as u32;
                *map.entry(c).or_insert(n)
            })
            .collect()
    }

    #[test]
    fn examples_from_the_graph_tests() {
        for s in [
            "ABCDABCDA",
            "XABCDABCDAY",
            "YABACABACA",
            "ABABAXYZXYZX",
            "AXYZWABABA",
            "QRAxyzAuvwAB",
            "AxyzAxyzAuvwA",
            "AxyzAuvAB",
            "ZAbcdAefgAbcdAef",
            "AbcdAefghijkA",
            "AbAcAdA",
            "XYAbcAdefgAZW",
            "bAcdAefgbAcdA",
            "AxyzAuvwAxyzAuvwA",
        ] {
            for thr in [2, 3, 4] {
                check(&ids(s), thr);
            }
        }
    }

    /// Random walks on small alphabets: many overlapping runs, joins and swallows.
    #[test]
    fn random_walks_agree_on_every_prefix() {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..300 {
            let alphabet = 2 + round % 6;
            let len = 10 + (next() % 60) as usize;
            // A walk that often steps back (a loop) on a few keys.
            let mut keys: Vec<u32> = vec![0];
            while keys.len() < len {
                let r = next();
                let k = if r % 3 == 0 && keys.len() >= 2 {
                    keys[keys.len() - 2]
                } else if r % 5 == 0 && keys.len() >= 4 {
                    keys[keys.len() - 4]
                } else {
                    ((r >> 8) % alphabet as u64) as u32
                };
                keys.push(k);
            }
            // Dense ids in order of first occurrence.
            let mut map = std::collections::HashMap::new();
            let keys: Vec<u32> = keys
                .iter()
                .map(|k| {
                    let n = map.len() as u32;
                    *map.entry(*k).or_insert(n)
                })
                .collect();
            for thr in [2, 3] {
                check(&keys, thr);
            }
        }
    }
}
