//! The strongly connected regions of the position graph: which positions the lines can
//! go round between, found once per graph (Kosaraju's two searches, in room the graph
//! keeps), measured ([`RegionSize`]) or listed with each side's moves ([`Region`]).

use rustc_hash::FxHashSet;

use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::{Dfs, DfsPostOrder, EdgeRef, Reversed, VisitMap, Visitable};
use qili_notation::{ByColor, Move, Position};

use super::{Played, PositionGraph};

/// The strongly connected region of the graph around a cycle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Region {
    /// Number of distinct positions in the region.
    pub positions: usize,
    /// Each side's distinct moves inside the region, with the position they are played from.
    pub moves: ByColor<Vec<(Position, Move)>>,
}

/// The graph's map of visited positions.
type Visited = <DiGraph<Position, Played> as Visitable>::Map;

/// What the strongly connected regions are found and measured with, kept with its room
/// (and the lists of the last regions found, emptied) when the graph is emptied or grows:
/// judging case after case, a batch then finds each case's regions without allocating
/// anything anew.
#[derive(Debug, Clone, Default)]
pub(super) struct RegionRoom {
    /// Kosaraju's first search.
    post: DfsPostOrder<NodeIndex, Visited>,
    /// Kosaraju's second search.
    dfs: Dfs<NodeIndex, Visited>,
    /// The positions in the order the first search finished them.
    finished: Vec<NodeIndex>,
    /// The component of each position.
    comp: Vec<usize>,
    /// The size of each region.
    sizes: Vec<RegionSize>,
    /// The distinct moves inside a region.
    seen: FxHashSet<(NodeIndex, Move)>,
}

/// The size of a strongly connected region of the position graph.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RegionSize {
    /// Number of distinct positions in the region.
    pub positions: usize,
    /// Each side's number of distinct moves inside the region.
    pub moves: ByColor<usize>,
}

/// The strongly connected regions of a graph made of one walk through `nodes` (each of its
/// edges a step of the walk), numbered into `comp` (one entry per node, in the order the
/// walk first meets them); `last` is room. A step `i → i + 1` goes round a region when some
/// position stands both at or before `i` and at or after `i + 1`: only then can the walk
/// come back from `i + 1` to `i`. So the regions are the walk's stretches
/// `[first, last]` between a position's first and last times, joined where they overlap,
/// and every position outside them is a region of its own: the components Kosaraju's
/// searches find, under other numbers.
fn walk_components(nodes: &[NodeIndex], comp: &mut [usize], last: &mut Vec<NodeIndex>) {
    // The index of each position's last time, kept as a node index in the room of the
    // searches' list (same width, no allocation).
    last.clear();
    last.resize(comp.len(), NodeIndex::new(0));
    for (i, n) in nodes.iter().enumerate() {
        last[n.index()] = NodeIndex::new(i);
    }
    let mut c = 0;
    let mut reach = None;
    for (i, n) in nodes.iter().enumerate() {
        match reach {
            Some(r) if i <= r => {}
            Some(_) => {
                c += 1;
                reach = Some(i);
            }
            None => reach = Some(i),
        }
        reach = reach.max(Some(last[n.index()].index()));
        comp[n.index()] = c;
    }
}

impl PositionGraph {
    /// Forgets the regions found (the graph changed), keeping the room of their lists.
    pub(super) fn forget_regions(&mut self) {
        if let Some(comp) = self.scc.take() {
            self.room.comp = comp;
        }
        if let Some(sizes) = self.sizes.take() {
            self.room.sizes = sizes;
        }
    }

    fn components(&mut self) -> &Vec<usize> {
        if self.scc.is_none() {
            let g = &self.graph;
            let RegionRoom {
                post,
                dfs,
                finished,
                comp,
                ..
            } = &mut self.room;
            let mut comp = std::mem::take(comp);
            comp.clear();
            comp.resize(g.node_count(), usize::MAX);
            if let [walk] = self.walks.as_slice() {
                // One line: its walk is the whole graph (every node and edge), and the
                // regions are its stretches between a position's first and last times.
                walk_components(&walk.nodes, &mut comp, finished);
                self.scc = Some(comp);
                return self.scc.get_or_insert_with(Vec::new);
            }
            // Kosaraju's two searches, as petgraph's `kosaraju_scc` runs them: they walk with
            // an explicit stack, no recursion whose depth grows with the line (petgraph's
            // Tarjan recurses once per position of a chain). Each position is numbered with
            // its component as the second search reaches it, where `kosaraju_scc` gathers a
            // list per component (an allocation each: most components are one position).
            post.reset(g);
            finished.clear();
            for n in g.node_indices() {
                if !post.discovered.is_visited(&n) {
                    post.move_to(n);
                    while let Some(m) = post.next(Reversed(g)) {
                        finished.push(m);
                    }
                }
            }
            dfs.reset(g);
            let mut c = 0;
            for &n in finished.iter().rev() {
                if !dfs.discovered.is_visited(&n) {
                    dfs.move_to(n);
                    while let Some(m) = dfs.next(g) {
                        comp[m.index()] = c;
                    }
                    c += 1;
                }
            }
            self.scc = Some(comp);
        }
        self.scc.get_or_insert_with(Vec::new)
    }

    /// The size of the strongly connected region containing position `index` of line
    /// `line`: every region is measured once, in one pass over the graph, so asking for each
    /// cycle of a long game costs no more than the graph (where [`PositionGraph::region`],
    /// which lists the moves, walks the whole graph each time).
    pub fn region_size(&mut self, line: usize, index: usize) -> Option<RegionSize> {
        let node = *self.walks.get(line)?.nodes.get(index)?;
        if self.sizes.is_none() {
            self.components();
            let comp = self.scc.as_deref().unwrap_or_default();
            let count = comp
                .iter()
                .copied()
                .filter(|&c| c != usize::MAX)
                .max()
                .map_or(0, |m| m + 1);
            let mut sizes = std::mem::take(&mut self.room.sizes);
            sizes.clear();
            sizes.resize(count, RegionSize::default());
            // No more distinct moves than edges: room for them at once.
            let seen = &mut self.room.seen;
            seen.clear();
            seen.reserve(self.graph.edge_count());
            // Every position has its region; each edge (one list of them all, not each
            // position's own) counts when both its ends lie in one region.
            for &c in comp {
                sizes[c].positions += 1;
            }
            for e in self.graph.raw_edges() {
                let (n, c) = (e.source(), comp[e.source().index()]);
                if comp[e.target().index()] == c && seen.insert((n, e.weight.mv)) {
                    sizes[c].moves[e.weight.mover] += 1;
                }
            }
            self.sizes = Some(sizes);
        }
        let c = *self.scc.as_ref()?.get(node.index())?;
        self.sizes.as_ref()?.get(c).copied()
    }

    /// The strongly connected region containing position `index` of line `line`.
    pub fn region(&mut self, line: usize, index: usize) -> Option<Region> {
        let node = *self.walks.get(line)?.nodes.get(index)?;
        let comp = self.components().clone();
        let c = comp[node.index()];
        let mut region = Region {
            positions: 0,
            moves: ByColor::new_with(|_| Vec::new()),
        };
        let mut seen = FxHashSet::default();
        for n in self.graph.node_indices().filter(|n| comp[n.index()] == c) {
            region.positions += 1;
            for e in self.graph.edges(n) {
                if comp[e.target().index()] == c && seen.insert((n, e.weight().mv)) {
                    region.moves[e.weight().mover].push((self.graph[n].clone(), e.weight().mv));
                }
            }
        }
        Some(region)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On walks of every shape over a few positions (a pseudo-random sequence of node
    /// numbers), the regions of one walk group the positions as Kosaraju's searches of the
    /// walk's graph do.
    #[test]
    fn walk_regions_are_the_strongly_connected_components() {
        let mut seed = 0x2545_f491_u64;
        let mut next = |n: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) % n
        };
        let mut joined = 0;
        for _ in 0..500 {
            let kinds = 1 + next(12) as usize;
            let len = 1 + next(40) as usize;
            let walk: Vec<usize> = (0..len).map(|_| next(kinds as u64) as usize).collect();
            // Nodes numbered in the order the walk first meets them, as the graph adds them.
            let mut number = vec![usize::MAX; kinds];
            let mut g = DiGraph::<(), ()>::new();
            let nodes: Vec<NodeIndex> = walk
                .iter()
                .map(|&k| {
                    if number[k] == usize::MAX {
                        number[k] = g.add_node(()).index();
                    }
                    NodeIndex::new(number[k])
                })
                .collect();
            for w in nodes.windows(2) {
                g.add_edge(w[0], w[1], ());
            }
            let mut comp = vec![usize::MAX; g.node_count()];
            walk_components(&nodes, &mut comp, &mut Vec::new());
            let mut want = vec![usize::MAX; g.node_count()];
            for (c, scc) in petgraph::algo::kosaraju_scc(&g).iter().enumerate() {
                for n in scc {
                    want[n.index()] = c;
                }
            }
            for a in 0..comp.len() {
                for b in 0..comp.len() {
                    assert_eq!(
                        comp[a] == comp[b],
                        want[a] == want[b],
                        "walk {walk:?}: nodes {a} and {b}"
                    );
                }
                joined += usize::from(comp.iter().filter(|&&c| c == comp[a]).count() > 1);
            }
        }
        assert!(
            joined > 100,
            "the walks make regions of several positions ({joined})"
        );
    }
}
