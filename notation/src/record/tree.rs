//! A move tree as binary formats store it (each node: a move, a comment, its children, the
//! first child being the main continuation), replayed into a [`GameBuilder`].

use super::builder::GameBuilder;
use super::ErrorKind;
use crate::{Color, Piece, Role, Setup, Square};

/// The roles of one side's 16 pieces in the order XQF headers and DhtmlXQ `binit` list
/// them: chariot, horse, elephant, advisor, general, advisor, elephant, horse, chariot,
/// two cannons, five soldiers (Red's 16, then Black's).
const PIECE_ORDER: [Role; 16] = {
    use Role::*;
    [
        Chariot, Horse, Elephant, Advisor, General, Advisor, Elephant, Horse, Chariot, Cannon,
        Cannon, Soldier, Soldier, Soldier, Soldier, Soldier,
    ]
};

/// The piece of slot `i` (0..32) of a 32-piece list in [`PIECE_ORDER`].
pub(crate) fn listed_piece(i: usize) -> Piece {
    let color = if i < 16 { Color::Red } else { Color::Black };
    Piece::new(color, PIECE_ORDER[i % 16])
}

/// A move as stored: two points, or why it cannot be decoded.
#[derive(Debug, Clone)]
pub(crate) enum RawMove {
    /// From, to.
    Squares(Square, Square),
    /// Not a move on the board.
    Bad(String),
}

impl RawMove {
    /// The move between two stored point codes, decoded by `point`.
    pub(crate) fn from_points(from: u8, to: u8, point: impl Fn(u8) -> Option<Square>) -> RawMove {
        match (point(from), point(to)) {
            (Some(f), Some(t)) => RawMove::Squares(f, t),
            _ => RawMove::Bad(format!("move points {from} → {to} are off the board")),
        }
    }
}

/// A node of the tree.
#[derive(Debug, Clone)]
pub(crate) struct TreeNode {
    pub(crate) mv: RawMove,
    pub(crate) offset: u64,
    pub(crate) comment: Option<String>,
    pub(crate) children: Vec<usize>,
    /// Plies from the start position (0 for the root).
    pub(crate) ply: usize,
}

/// A tree of moves; node 0 is the root (the start position, no move).
#[derive(Debug, Clone)]
pub(crate) struct Tree {
    pub(crate) nodes: Vec<TreeNode>,
}

enum Task {
    Play(usize),
    Descend(usize),
    Begin(u64),
    End,
}

impl Tree {
    /// A tree holding only the root.
    pub(crate) fn new() -> Tree {
        Tree {
            nodes: vec![TreeNode {
                mv: RawMove::Bad(String::new()),
                offset: 0,
                comment: None,
                children: Vec::new(),
                ply: 0,
            }],
        }
    }

    /// Adds a node below `parent` (as its last child); returns its index.
    pub(crate) fn add(&mut self, parent: usize, mv: RawMove, offset: u64) -> usize {
        let i = self.nodes.len();
        let ply = self.nodes[parent].ply + 1;
        self.nodes.push(TreeNode {
            mv,
            offset,
            comment: None,
            children: Vec::new(),
            ply,
        });
        self.nodes[parent].children.push(i);
        i
    }

    /// Starts the game from `setup` and replays the tree into it. The side to move is the
    /// colour of the first moving piece; a start other than the standard one becomes a
    /// `FEN` tag at `fen_offset`.
    pub(crate) fn replay_from(&self, mut setup: Setup, fen_offset: u64, b: &mut GameBuilder) {
        if let Some(&first) = self.nodes[0].children.first() {
            if let RawMove::Squares(from, _) = self.nodes[first].mv {
                if let Some(p) = setup.board[from.index()] {
                    setup.turn = p.color;
                }
            }
        }
        if setup != Setup::startpos() {
            b.tag("FEN", &setup.to_string(), fen_offset);
        }
        b.set_setup(setup);
        self.replay(b);
    }

    /// Replays the tree: main continuation first, alternatives as variations.
    fn replay(&self, b: &mut GameBuilder) {
        if let Some(c) = &self.nodes[0].comment {
            b.comment(c);
        }
        let mut stack = vec![Task::Descend(0)];
        while let Some(task) = stack.pop() {
            match task {
                Task::Play(i) => {
                    let n = &self.nodes[i];
                    match &n.mv {
                        RawMove::Squares(from, to) => b.move_squares(*from, *to, n.offset),
                        RawMove::Bad(msg) => b.bad_move(ErrorKind::Format(msg.clone()), n.offset),
                    }
                    if let Some(c) = &n.comment {
                        b.comment(c);
                    }
                }
                Task::Descend(i) => {
                    let ch = &self.nodes[i].children;
                    if ch.is_empty() {
                        continue;
                    }
                    stack.push(Task::Descend(ch[0]));
                    for &alt in ch[1..].iter().rev() {
                        stack.push(Task::End);
                        stack.push(Task::Descend(alt));
                        stack.push(Task::Play(alt));
                        stack.push(Task::Begin(self.nodes[alt].offset));
                    }
                    stack.push(Task::Play(ch[0]));
                }
                Task::Begin(off) => b.begin_variation(off),
                Task::End => {
                    b.end_variation();
                }
            }
        }
    }
}

/// Builds a [`Tree`] stored in pre-order (XQF, CBR): each record is a node, the first one
/// the root; flags on a record say whether its continuation follows it and whether an
/// alternative to it follows once its whole continuation has been read.
pub(crate) struct PreOrder {
    /// The node the next record continues from; `None` before the root.
    parent: Option<usize>,
    /// Parents of alternatives still to read.
    pending: Vec<usize>,
}

impl PreOrder {
    /// Before the root record.
    pub(crate) fn new() -> PreOrder {
        PreOrder {
            parent: None,
            pending: Vec::new(),
        }
    }

    /// The node the next record continues from; `None` before the root.
    pub(crate) fn parent(&self) -> Option<usize> {
        self.parent
    }

    /// Adds the record read at `offset`: the root (whose move is ignored) first, then the
    /// moves `mv` decodes. Returns the node.
    pub(crate) fn add(
        &mut self,
        tree: &mut Tree,
        offset: u64,
        mv: impl FnOnce() -> RawMove,
    ) -> usize {
        match self.parent {
            None => 0,
            Some(p) => tree.add(p, mv(), offset),
        }
    }

    /// Moves on after `node`, whose record says whether a continuation and an alternative
    /// follow. Returns false when the tree is complete.
    pub(crate) fn advance(&mut self, node: usize, continues: bool, alternative: bool) -> bool {
        if let (true, Some(p)) = (alternative, self.parent) {
            self.pending.push(p);
        }
        self.parent = if continues {
            Some(node)
        } else {
            self.pending.pop()
        };
        self.parent.is_some()
    }
}
