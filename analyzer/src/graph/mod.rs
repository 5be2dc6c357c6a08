//! The position graph (docs/rules.md §1): one node per distinct position (placement and side to
//! move — [`Position`]'s `Eq`/`Hash`), one edge per move played. Lines (a game's main line,
//! variations of a record) join the same graph.
//!
//! A **cycle in force** is cut where docs/rules.md §1 says: when a position occurs for the N-th
//! time (N = the threshold), the stretch from the first of those N occurrences to the N-th,
//! whatever loops it is made of, and nothing before or after it ([`stretches_in`]); it goes on
//! for as long as the line repeats its pattern. Loops that never reach the threshold are
//! reported as *periodic runs*: a stretch of the line's positions `p[s..=e]` with
//! `p[t] == p[t - period]` for every `t` in `s + period ..= e`, `period` minimal. A cycle
//! whose pattern passes a position twice (different loops through the same position, a
//! rook chasing three pieces in turn) is flagged `intertwined`, and the strongly connected
//! region of the graph it lies in is reported with each side's moves inside it.
//!
//! Its parts: the graph and the lines' walks through it, here; the cycles of a line
//! ([`Run`], [`cycles()`], [`stretches_in`], [`periodic_runs`]), found on any sequence of keys, in
//! `cycles`; the strongly connected regions of the graph ([`Region`], [`RegionSize`]) in
//! `regions`.

mod cycles;
mod regions;

pub use cycles::{cycles, Run};
pub(crate) use cycles::{
    cycles_in, first_occurrence_keys_into, occurrence_indices, stretch, CycleRoom,
};
use regions::RegionRoom;
pub use regions::{Region, RegionSize};

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxHashSet;

use petgraph::graph::{DiGraph, NodeIndex};
use qili_notation::{Color, IllegalMove, Move, Position};

/// A line of play: a start position and the moves played from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Where the line starts.
    pub start: Position,
    /// The moves, in order.
    pub moves: Vec<Move>,
}

/// A move that is not legal where it is played: the line stops before it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply}: {illegal}")]
pub struct IllegalMoveAt {
    /// 1-based ply of the move.
    pub ply: usize,
    /// The move and the position it was tried in.
    pub illegal: IllegalMove,
}

/// An edge: one move played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// Which line it was played in.
    pub line: usize,
    /// 1-based ply in that line.
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// Who played it.
    pub mover: Color,
}

/// A line's walk through the graph.
#[derive(Debug, Clone)]
pub struct Walk {
    /// `positions[i]` stands after ply `i` (`positions[0]` is the start).
    pub positions: Vec<Position>,
    /// The node of each position.
    pub nodes: Vec<NodeIndex>,
    /// `moves[i]` is ply `i + 1`.
    pub moves: Vec<Move>,
    /// Where the line stopped on an illegal move, if it did.
    pub stopped: Option<IllegalMoveAt>,
}

/// The hash of a position in the graph's index: its Zobrist key, Fx-hashed.
fn position_hash(pos: &Position) -> u64 {
    rustc_hash::FxBuildHasher.hash_one(pos)
}

/// The distinct positions [`PositionGraph::add_line`] makes room for at most before it
/// adds a line (more grow as they come).
const RESERVED_NODES: usize = 1024;

/// The position graph.
#[derive(Debug, Clone, Default)]
pub struct PositionGraph {
    graph: DiGraph<Position, Played>,
    /// The node of each position, found by the position's hash and compared with the
    /// graph's copy: the graph holds the one copy of each position.
    index: HashTable<NodeIndex>,
    walks: Vec<Walk>,
    scc: Option<Vec<usize>>,
    /// The size of each strongly connected region, by component (computed with `scc`).
    sizes: Option<Vec<RegionSize>>,
    /// Room for finding and measuring the regions again.
    room: RegionRoom,
    /// Room for finding a line's cycles again.
    cycle_room: CycleRoom,
}

/// A line known to be legal, with the position after each of its moves, as the reader
/// of a case plays it to test each move (see [`PositionGraph::add_played_line`]): the
/// graph then takes the positions and moves as they are, without playing the moves again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PlayedLine {
    /// `positions[i]` stands after ply `i` (`positions[0]` is the start).
    positions: Vec<Position>,
    /// `moves[i]` is ply `i + 1`.
    moves: Vec<Move>,
}

impl PlayedLine {
    /// The line of no move yet from `start`, with room for `moves` moves.
    pub(crate) fn new(start: Position, moves: usize) -> PlayedLine {
        let mut positions = Vec::with_capacity(moves + 1);
        positions.push(start);
        PlayedLine {
            positions,
            moves: Vec::with_capacity(moves),
        }
    }

    /// `moves` played from `start` as long as each is legal in turn, with where the line
    /// stopped on an illegal move.
    pub(crate) fn legal(start: &Position, moves: &[Move]) -> (PlayedLine, Option<IllegalMoveAt>) {
        let mut played = PlayedLine::new(start.clone(), moves.len());
        for (i, mv) in moves.iter().enumerate() {
            if !played.last().is_legal(mv) {
                let stopped = IllegalMoveAt {
                    ply: i + 1,
                    illegal: IllegalMove::new(*mv, played.last().clone()),
                };
                return (played, Some(stopped));
            }
            played.play(*mv);
        }
        (played, None)
    }

    /// The moves `moves`, legal in turn from `start`, played.
    pub(crate) fn replay(start: &Position, moves: &[Move]) -> PlayedLine {
        let mut line = PlayedLine::new(start.clone(), moves.len());
        for mv in moves {
            line.play(*mv);
        }
        line
    }

    /// The position the line starts from.
    pub(crate) fn start(&self) -> &Position {
        // Never empty: it starts with its start position.
        &self.positions[0]
    }

    /// The position the line has come to.
    pub(crate) fn last(&self) -> &Position {
        // Never empty: it starts with its start position.
        &self.positions[self.positions.len() - 1]
    }

    /// Plays `mv`, legal in [`PlayedLine::last`].
    #[inline]
    pub(crate) fn play(&mut self, mv: Move) {
        // Played on the copy in its place: a position is copied once.
        self.positions.push(self.last().clone());
        let n = self.positions.len();
        self.positions[n - 1].play_unchecked(&mv);
        self.moves.push(mv);
    }

    /// The moves played.
    pub(crate) fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The positions: the start, then the one after each move.
    pub(crate) fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played, the positions dropped.
    pub(crate) fn into_moves(self) -> Vec<Move> {
        self.moves
    }
}

impl PositionGraph {
    /// An empty graph.
    pub fn new() -> PositionGraph {
        PositionGraph::default()
    }

    /// Empties the graph for a new set of lines, keeping the room of its maps and lists
    /// when they are no larger than the room [`PositionGraph::add_line`] makes for a line:
    /// judging case after case, a batch then builds each case's graph without allocating
    /// it anew, and never holds more than that between cases.
    pub(crate) fn clear(&mut self) {
        if self.index.capacity() > RESERVED_NODES
            || self.graph.edge_count() > RESERVED_NODES
            || self.cycle_room.prev.capacity() > RESERVED_NODES
        {
            *self = PositionGraph::new();
            return;
        }
        self.graph.clear();
        self.index.clear();
        self.walks.clear();
        self.forget_regions();
    }

    /// A graph of the given lines.
    pub fn from_lines(lines: &[Line]) -> PositionGraph {
        let mut g = PositionGraph::new();
        for line in lines {
            g.add_line(&line.start, &line.moves);
        }
        g
    }

    fn node(&mut self, pos: &Position) -> NodeIndex {
        // Hashed once; a position seen is compared with the graph's copy, a new one copied
        // into the graph alone (the index holds node numbers).
        let hash = position_hash(pos);
        let graph = &self.graph;
        if let Some(&n) = self.index.find(hash, |n| graph[*n] == *pos) {
            return n;
        }
        let n = self.graph.add_node(pos.clone());
        let graph = &self.graph;
        self.index
            .insert_unique(hash, n, |n| position_hash(&graph[*n]));
        n
    }

    /// Adds a line; returns its number. Stops at the first illegal move (recorded in the walk).
    /// Each move is tested and played, then the line is added as played
    /// (`PositionGraph::add_played_line`).
    pub fn add_line(&mut self, start: &Position, moves: &[Move]) -> usize {
        let (played, stopped) = PlayedLine::legal(start, moves);
        let line = self.add_played_line(played);
        self.walks[line].stopped = stopped;
        line
    }

    /// [`PositionGraph::add_line`] for moves known to be legal in turn from `start` (as
    /// [`crate::input::read_move_list`] gives them): the same line, without testing each
    /// move's legality again.
    #[cfg(test)]
    pub(crate) fn add_legal_line(&mut self, start: &Position, moves: &[Move]) -> usize {
        self.add_played_line(PlayedLine::replay(start, moves))
    }

    /// [`PositionGraph::add_line`] for a line already played (each move legal in turn):
    /// the same line, its walk made of the line's positions and moves as they are.
    pub(crate) fn add_played_line(&mut self, played: PlayedLine) -> usize {
        let line = self.walks.len();
        let PlayedLine { positions, moves } = played;
        // Room for the line at once: a node per ply, an edge per move; and for its distinct
        // positions up to a bound (a long line may repeat a few).
        let distinct = positions.len().min(RESERVED_NODES);
        let graph = &self.graph;
        self.index.reserve(distinct, |n| position_hash(&graph[*n]));
        self.graph.reserve_nodes(distinct);
        self.graph.reserve_edges(moves.len());
        // A node per position, in the line's order (a line always has its start position).
        let nodes: Vec<NodeIndex> = positions.iter().map(|p| self.node(p)).collect();
        let steps = moves.iter().zip(nodes.windows(2)).zip(&positions);
        for (i, ((mv, pair), from)) in steps.enumerate() {
            self.graph.add_edge(
                pair[0],
                pair[1],
                Played {
                    line,
                    ply: i + 1,
                    mv: *mv,
                    mover: from.turn(),
                },
            );
        }
        self.walks.push(Walk {
            positions,
            nodes,
            moves,
            stopped: None,
        });
        self.forget_regions();
        line
    }

    /// The walk of line `line`.
    pub fn walk(&self, line: usize) -> Option<&Walk> {
        self.walks.get(line)
    }

    /// The walk of line `line`, its positions, moves and stop taken out of the graph (which
    /// keeps the nodes: [`PositionGraph::cycles`], [`PositionGraph::intertwined`] and the
    /// regions still see the line; [`PositionGraph::walk`] then has no positions).
    pub(crate) fn take_walk(&mut self, line: usize) -> Option<Walk> {
        let w = self.walks.get_mut(line)?;
        Some(Walk {
            positions: std::mem::take(&mut w.positions),
            nodes: w.nodes.clone(),
            moves: std::mem::take(&mut w.moves),
            stopped: w.stopped.take(),
        })
    }

    /// Number of distinct positions.
    pub fn node_count(&self) -> usize {
        self.graph.node_count()
    }

    /// Number of moves played (all lines).
    pub fn edge_count(&self) -> usize {
        self.graph.edge_count()
    }

    /// The cycles of line `line` for a ruling `threshold` (see `cycles()`), in order.
    pub fn cycles(&self, line: usize, threshold: usize) -> Vec<Run> {
        self.walks
            .get(line)
            .map(|w| cycles(&w.nodes, threshold))
            .unwrap_or_default()
    }

    /// [`PositionGraph::cycles`], found in the room the graph keeps for them.
    pub(crate) fn cycles_in_room(&mut self, line: usize, threshold: usize) -> Vec<Run> {
        match self.walks.get(line) {
            Some(w) => cycles_in(&w.nodes, threshold, &mut self.cycle_room),
            None => Vec::new(),
        }
    }

    /// Whether the period of `run` on `line` passes a position twice (loops intertwine).
    pub fn intertwined(&self, line: usize, run: &Run) -> bool {
        let Some(w) = self.walks.get(line) else {
            return false;
        };
        if run.joined() {
            return true;
        }
        let mut seen = FxHashSet::with_capacity_and_hasher(run.span, Default::default());
        (run.start..run.start + run.span).any(|i| w.nodes.get(i).is_some_and(|n| !seen.insert(*n)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use petgraph::visit::EdgeRef;
    use qili_notation::ByColor;

    /// The moves of `texts` (ICCS) played in turn from `start`.
    fn iccs_line(start: &Position, texts: &[&str]) -> Vec<Move> {
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for t in texts {
            let mv = t
                .parse::<qili_notation::Iccs>()
                .unwrap()
                .to_move(&pos)
                .unwrap();
            pos.play(&mv).unwrap();
            moves.push(mv);
        }
        moves
    }

    /// The graph's edges (source, target, what was played), in its order.
    fn edges(g: &PositionGraph) -> Vec<(NodeIndex, NodeIndex, Played)> {
        g.graph
            .edge_references()
            .map(|e| (e.source(), e.target(), *e.weight()))
            .collect()
    }

    #[test]
    fn graph_of_a_shuffle_with_a_variation() {
        let start = Position::startpos();
        let moves = iccs_line(&start, &["b0c2", "b9c7", "c2b0", "c7b9"].repeat(2));
        let mut g = PositionGraph::new();
        let line = g.add_line(&start, &moves);
        assert_eq!(g.node_count(), 4);
        assert_eq!(g.edge_count(), 8);
        assert_eq!(
            g.cycles(line, 3),
            vec![Run {
                start: 0,
                period: 4,
                end: 8,
                span: 4
            }]
        );
        assert!(!g.intertwined(line, &g.cycles(line, 3)[0]));
        // A variation: the other horse shuffles from the same start; joins at the start node.
        let vmoves = iccs_line(&start, &["h0g2", "h9g7", "g2h0", "g7h9"]);
        let v = g.add_line(&start, &vmoves);
        assert_eq!(g.node_count(), 7);
        assert_eq!(
            g.cycles(v, 3),
            vec![Run {
                start: 0,
                period: 4,
                end: 4,
                span: 4
            }]
        );
        let region = g.region(line, 0).unwrap();
        assert_eq!(region.positions, 7);
        assert_eq!(region.moves[Color::Red].len(), 4);
        assert_eq!(region.moves[Color::Black].len(), 4);
        // The sizes measured once for every region agree with the listed region, from any
        // position of it, and after a line is added.
        let size = g.region_size(line, 0).unwrap();
        assert_eq!(size.positions, 7);
        assert_eq!(size.moves, ByColor { red: 4, black: 4 });
        assert_eq!(g.region_size(v, 2), Some(size));
        let w = g.add_line(&start, &moves[..1]);
        assert_eq!(g.region_size(w, 0), Some(size));
        assert_eq!(g.region_size(w, 5), None);
    }

    #[test]
    fn illegal_move_stops_the_line() {
        let start = Position::startpos();
        let pos = start.clone();
        let good = "b0c2"
            .parse::<qili_notation::Iccs>()
            .unwrap()
            .to_move(&pos)
            .unwrap();
        let mut g = PositionGraph::new();
        let line = g.add_line(&start, &[good, good]);
        let w = g.walk(line).unwrap();
        assert_eq!(w.moves.len(), 1);
        let stop = w.stopped.as_ref().expect("stopped");
        assert_eq!(stop.ply, 2);
        // The move and the position it was tried in, typed; the message as before.
        let mut after = start.clone();
        after.play_unchecked(&good);
        assert_eq!(stop.illegal.mv(), good);
        assert_eq!(stop.illegal.position(), &after);
        assert_eq!(
            stop.to_string(),
            format!("ply 2: illegal move b0c2 in {}", after.fen())
        );
    }

    #[test]
    fn a_line_known_legal_is_the_line_checked() {
        // Two lines sharing positions, each repeating: the graph and the walks built
        // without the legality test are those built with it.
        let start = Position::startpos();
        let line = |texts: &[&str]| iccs_line(&start, texts);
        let knights = ["h0g2", "h9g7", "g2h0", "g7h9"].repeat(3);
        let cannons = [
            &["h0g2", "h9g7"][..],
            &["h2h1", "h7h8", "h1h2", "h8h7"].repeat(2),
        ]
        .concat();
        let lines = [line(&knights), line(&cannons)];
        let (mut checked, mut known) = (PositionGraph::new(), PositionGraph::new());
        for moves in &lines {
            assert_eq!(
                checked.add_line(&start, moves),
                known.add_legal_line(&start, moves)
            );
        }
        assert_eq!(known.graph.node_count(), checked.graph.node_count());
        assert_eq!(edges(&known), edges(&checked));
        assert_eq!(edges(&known).len(), knights.len() + cannons.len());
        for (n, moves) in lines.iter().enumerate() {
            let (k, c) = (known.walk(n).unwrap(), checked.walk(n).unwrap());
            assert_eq!(k.positions, c.positions);
            assert_eq!(k.nodes, c.nodes);
            assert_eq!(k.moves, c.moves);
            assert_eq!(&k.moves, moves);
            assert!(k.stopped.is_none() && c.stopped.is_none());
            assert_eq!(known.cycles(n, 3), checked.cycles(n, 3));
            assert!(!known.cycles(n, 3).is_empty());
        }
    }

    /// A graph emptied and built again is the graph built new: the same nodes, edges,
    /// walk, cycles and regions; and one grown beyond a line's room does not keep it.
    #[test]
    fn a_cleared_graph_is_a_new_graph() {
        let start = Position::startpos();
        let line = |texts: &[&str]| iccs_line(&start, texts);
        let knights = line(&["h0g2", "h9g7", "g2h0", "g7h9"].repeat(3));
        let cannons = line(&["h2h1", "h7h8", "h1h2", "h8h7"].repeat(2));
        let mut reused = PositionGraph::new();
        reused.add_legal_line(&start, &knights);
        assert!(reused.region_size(0, 0).is_some());
        assert!(!reused.cycles_in_room(0, 3).is_empty());
        reused.clear();
        let mut new = PositionGraph::new();
        for g in [&mut reused, &mut new] {
            assert_eq!(g.add_legal_line(&start, &cannons), 0);
        }
        assert_eq!(edges(&reused), edges(&new));
        assert_eq!(reused.node_count(), new.node_count());
        let (r, n) = (reused.walk(0).unwrap(), new.walk(0).unwrap());
        assert_eq!(
            (&r.positions, &r.nodes, &r.moves),
            (&n.positions, &n.nodes, &n.moves)
        );
        assert!(reused.walk(1).is_none());
        assert_eq!(reused.cycles(0, 3), new.cycles(0, 3));
        assert_eq!(reused.cycles_in_room(0, 3), new.cycles(0, 3));
        assert_eq!(reused.region_size(0, 2), new.region_size(0, 2));
        assert_eq!(reused.region(0, 2), new.region(0, 2));
        // A line of more distinct positions than a line's room: the room is not kept.
        let mut pos = start.clone();
        let mut long = Vec::new();
        while long.len() <= RESERVED_NODES {
            let Some(&mv) = pos.legal_moves().first() else {
                break;
            };
            pos.play(&mv).unwrap();
            long.push(mv);
        }
        assert!(long.len() > RESERVED_NODES);
        let mut big = PositionGraph::new();
        big.add_legal_line(&start, &long);
        big.clear();
        assert!(
            big.index.capacity() <= RESERVED_NODES,
            "{}",
            big.index.capacity()
        );
        assert_eq!((big.node_count(), big.edge_count()), (0, 0));
    }
}
