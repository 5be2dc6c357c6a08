//! A move tree as binary formats store it (each node: a move, a comment, its children, the
//! first child being the main continuation), replayed into a [`GameBuilder`].

use super::builder::GameBuilder;
use super::ErrorKind;
use crate::Square;

/// A move as stored: two points, or why it cannot be decoded.
#[derive(Debug, Clone)]
pub(crate) enum RawMove {
    /// From, to.
    Squares(Square, Square),
    /// Not a move on the board.
    Bad(String),
}

/// A node of the tree.
#[derive(Debug, Clone)]
pub(crate) struct TreeNode {
    pub(crate) mv: RawMove,
    pub(crate) offset: u64,
    pub(crate) comment: Option<String>,
    pub(crate) children: Vec<usize>,
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
            }],
        }
    }

    /// Adds a node below `parent` (as its last child); returns its index.
    pub(crate) fn add(&mut self, parent: usize, mv: RawMove, offset: u64) -> usize {
        let i = self.nodes.len();
        self.nodes.push(TreeNode {
            mv,
            offset,
            comment: None,
            children: Vec::new(),
        });
        self.nodes[parent].children.push(i);
        i
    }

    /// Replays the tree: main continuation first, alternatives as variations.
    pub(crate) fn replay(&self, b: &mut GameBuilder) {
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
