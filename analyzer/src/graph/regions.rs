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
            for n in self.graph.node_indices() {
                let c = comp[n.index()];
                sizes[c].positions += 1;
                for e in self.graph.edges(n) {
                    if comp[e.target().index()] == c && seen.insert((n, e.weight().mv)) {
                        sizes[c].moves[e.weight().mover] += 1;
                    }
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
