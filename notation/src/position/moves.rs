//! Move generation: pseudo-legal moves (by the geometry tables, or only those landing in a
//! mask), the legality tests ([`Position::keeps_general_safe`], [`MoveProbe`],
//! [`Position::is_legal`]), the legal moves and the quick answers to a check, and whether
//! any legal move is left.

use super::attacks::{self, Board, CheckMask, Safety};
use super::geometry::{
    self, bit, ADVISOR_MOVES, ELEPHANT_MOVES, GENERAL_MOVES, HORSE_MOVES, RAYS, REACH,
    SOLDIER_MOVES,
};
use super::Position;
use crate::{Move, Piece, Role, Square, SquareSet};

impl Position {
    /// Pseudo-legal moves of the piece on `from` (geometry only; own-general safety ignored).
    pub fn pseudo_moves_from(&self, from: Square, out: &mut Vec<Move>) {
        self.each_pseudo_move_from(from, |m| out.push(m));
    }

    /// Calls `out` with each pseudo-legal move of the piece on `from`, in the order of the
    /// geometry tables (orthogonal steps: file +1, file −1, rank +1, rank −1; diagonal and
    /// horse steps as listed there; soldiers forward, then sideways).
    #[inline]
    pub(super) fn each_pseudo_move_from<F: FnMut(Move)>(&self, from: Square, out: F) {
        self.each_pseudo_move_masked::<false, F>(from, 0, out)
    }

    /// [`Position::each_pseudo_move_from`], and when `MASKED` only the moves whose
    /// destination lies in `mask` (tested before the point is looked at).
    #[inline(always)]
    fn each_pseudo_move_masked<const MASKED: bool, F: FnMut(Move)>(
        &self,
        from: Square,
        mask: u128,
        mut out: F,
    ) {
        let Some(piece) = self.board[from.index()] else {
            return;
        };
        let color = piece.color;
        let f = from.index();
        let c = color.index();
        let board = &self.board;
        let push = |to: u8, out: &mut F| match board[to as usize] {
            _ if MASKED && mask & bit(to as usize) == 0 => {}
            None => out(Move {
                role: piece.role,
                from,
                to: Square::new_unchecked(to),
                capture: None,
            }),
            Some(t) if t.color != color => out(Move {
                role: piece.role,
                from,
                to: Square::new_unchecked(to),
                capture: Some(t.role),
            }),
            _ => {}
        };
        match piece.role {
            Role::General => {
                for &to in GENERAL_MOVES[c][f].as_slice() {
                    push(to, &mut out);
                }
                // Flying general: capture the enemy general across an open file.
                // (The first piece on the file towards it, read off the occupied mask.)
                let eg = self.board.generals[!color].index();
                if let Some(d) = geometry::direction(f, eg) {
                    if d >= 2
                        && attacks::nearest(board.occupied() & geometry::RAY_MASKS[f][d], d) == eg
                    {
                        push(eg as u8, &mut out);
                    }
                }
            }
            Role::Advisor => {
                for &to in ADVISOR_MOVES[c][f].as_slice() {
                    push(to, &mut out);
                }
            }
            Role::Elephant => {
                for &(to, eye) in ELEPHANT_MOVES[c][f].as_slice() {
                    if board[eye as usize].is_none() {
                        push(to, &mut out);
                    }
                }
            }
            Role::Horse => {
                for &(to, leg) in HORSE_MOVES[f].as_slice() {
                    if board[leg as usize].is_none() {
                        push(to, &mut out);
                    }
                }
            }
            Role::Chariot => {
                for ray in &RAYS[f] {
                    for &to in ray.as_slice() {
                        push(to, &mut out);
                        if board[to as usize].is_some() {
                            break;
                        }
                    }
                }
            }
            Role::Cannon => {
                for ray in &RAYS[f] {
                    let mut rest = ray.as_slice().iter();
                    for &to in rest.by_ref() {
                        if board[to as usize].is_some() {
                            break;
                        }
                        if MASKED && mask & bit(to as usize) == 0 {
                            continue;
                        }
                        out(Move {
                            role: Role::Cannon,
                            from,
                            to: Square::new_unchecked(to),
                            capture: None,
                        });
                    }
                    for &to in rest {
                        if let Some(t) = board[to as usize] {
                            if t.color != color && (!MASKED || mask & bit(to as usize) != 0) {
                                out(Move {
                                    role: Role::Cannon,
                                    from,
                                    to: Square::new_unchecked(to),
                                    capture: Some(t.role),
                                });
                            }
                            break;
                        }
                    }
                }
            }
            Role::Soldier => {
                for &to in SOLDIER_MOVES[c][f].as_slice() {
                    push(to, &mut out);
                }
            }
        }
    }

    /// All pseudo-legal moves of the side to move.
    pub fn pseudo_moves(&self, out: &mut Vec<Move>) {
        for (sq, _) in self.own_pieces() {
            self.pseudo_moves_from(sq, out);
        }
    }

    /// Calls `out` with each pseudo-legal move of the piece on `from` whose destination lies
    /// in `mask`, in the order of [`Position::each_pseudo_move_from`]; a chariot's or a
    /// cannon's lines are read off the occupied mask, so the points outside `mask` are
    /// never visited.
    #[inline]
    pub(super) fn each_pseudo_move_into<F: FnMut(Move)>(&self, from: Square, mask: u128, out: F) {
        match self.board[from.index()] {
            // Every destination: the tables' walk is quicker than the masks.
            _ if mask == u128::MAX => self.each_pseudo_move_from(from, out),
            Some(p) if matches!(p.role, Role::Chariot | Role::Cannon) => {
                self.line_moves(from, p, mask, out)
            }
            _ => self.each_pseudo_move_masked::<true, F>(from, mask, out),
        }
    }

    /// The pseudo-legal moves of the chariot or cannon `piece` on `from` whose destination
    /// lies in `mask`, ray by ray in the order of the geometry tables (nearest point first),
    /// read off the occupied mask.
    #[inline(always)]
    fn line_moves<F: FnMut(Move)>(&self, from: Square, piece: Piece, mask: u128, mut out: F) {
        let f = from.index();
        let occupied = self.board.occupied();
        let mv = |to: usize, capture: Option<Role>| Move {
            role: piece.role,
            from,
            to: Square::new_unchecked(to as u8),
            capture,
        };
        for d in 0..4 {
            let ray = geometry::RAY_MASKS[f][d];
            if ray & mask == 0 {
                continue;
            }
            let nearest = |m: u128| attacks::nearest(m, d);
            let blockers = ray & occupied;
            // The empty points before the first piece, and the point a capture would take.
            let (quiet, target) = if blockers == 0 {
                (ray, None)
            } else {
                let b = nearest(blockers);
                // Between `from` and the first piece (the rays towards each other meet
                // there), and the pieces beyond it.
                let before = ray & geometry::RAY_MASKS[b][d ^ 1];
                let target = if piece.role == Role::Chariot {
                    Some(b)
                } else {
                    let rest = blockers & geometry::RAY_MASKS[b][d];
                    (rest != 0).then(|| nearest(rest))
                };
                (before, target)
            };
            let mut q = quiet & mask;
            while q != 0 {
                let to = nearest(q);
                // The points beyond `to`: `q` without its lowest bit walking up the
                // indices, the ray from `to` walking down (no `u128` bit to clear).
                q = if d & 1 == 0 {
                    q & (q - 1)
                } else {
                    q & geometry::RAY_MASKS[to][d]
                };
                out(mv(to, None));
            }
            if let Some(t) = target {
                if mask & bit(t) != 0 {
                    if let Some(victim) = self.board[t].filter(|v| v.color != piece.color) {
                        out(mv(t, Some(victim.role)));
                    }
                }
            }
        }
    }

    /// Whether the pseudo-legal move `m` keeps the mover's general safe. `safety`: the
    /// quick test prepared from the pieces attacking the mover's general now. A general
    /// move is tested with a scan; any other move is decided by the quick test or, failing
    /// that, by [`Position::keeps_general_safe_tested`].
    #[inline(always)]
    fn keeps_general_safe_on(&self, m: &Move, safety: &Safety) -> bool {
        if m.role != Role::General {
            let g = self.board.generals[self.board.turn];
            if let Some(known) = safety.quick(g, m.from.index(), m.to.index()) {
                return known;
            }
        }
        self.keeps_general_safe_tested(m)
    }

    /// The board test of [`Position::keeps_general_safe`]. A general move is tested on the
    /// destination with the general lifted (see [`attacks::general_step_attacked`]); any
    /// other by a scan of the mover's general with the move laid on the occupied mask
    /// (see [`attacks::general_attacked_after`]). Neither makes the move on a board: a
    /// whole scan without a board to change costs fewer instructions than making the move
    /// and re-testing only the checkers and the lines and legs it changes.
    #[inline(never)]
    fn keeps_general_safe_tested(&self, m: &Move) -> bool {
        let us = self.board.turn;
        let (from, to) = (m.from.index(), m.to.index());
        if m.role == Role::General {
            return !attacks::general_step_attacked(&self.board, from, m.to, !us);
        }
        !attacks::general_attacked_after(&self.board, self.board.generals[us], from, to, !us)
    }

    /// Whether the pseudo-legal move `m` keeps the mover's general safe: after it, no
    /// enemy piece attacks the mover's general (the generals do not face each other).
    /// For many moves of one position, [`Position::probe`] is faster.
    pub fn keeps_general_safe(&self, m: &Move) -> bool {
        self.keeps_general_safe_tested(m)
    }

    /// The quick legality test for the side to move (from the pieces giving check).
    fn safety(&self) -> Safety {
        Safety::new(self.board.generals[self.board.turn], self.checkers())
    }

    /// A [`MoveProbe`]: legality and check tests for many pseudo-legal moves of this
    /// position, sharing the work that does not depend on the move.
    pub fn probe(&self) -> MoveProbe<'_> {
        MoveProbe {
            pos: self,
            board: self.board,
            safety: self.safety(),
            checking: None,
        }
    }

    /// Appends the legal moves of the side to move to `out`, in the order of filtering
    /// [`Position::pseudo_moves`] with `swap_remove` (an illegal move's place taken by the
    /// last move left, which is tested in turn): the order the searches were tuned with.
    /// In check by one or two pieces, `Position::evasions_into` lists them.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        self.legal_moves_with(&self.safety(), None, out);
    }

    /// [`Position::legal_moves_into`] knowing `quick`, the moves
    /// [`Position::quick_evasions_into`] lists here, and `checkers`, the pieces giving check
    /// it returned: the quick evasions are the legal moves of the general and the legal
    /// captures of a checker, so such a move is legal when it is among them, without a test
    /// of the board; and the checkers are not looked for again.
    pub fn legal_moves_knowing_into(
        &self,
        quick: &[Move],
        checkers: SquareSet,
        out: &mut Vec<Move>,
    ) {
        let safety = Safety::new(self.board.generals[self.board.turn], checkers);
        self.legal_moves_with(&safety, Some(quick), out);
    }

    /// [`Position::legal_moves_into`] with `safety` made from the pieces giving check, and
    /// the quick evasions when they are known: [`Position::evasions_into`] in check by one
    /// or two pieces, else the filtered pseudo-legal moves.
    #[inline(always)]
    fn legal_moves_with(&self, safety: &Safety, quick: Option<&[Move]>, out: &mut Vec<Move>) {
        if safety.lists_answers() {
            self.evasions_into(safety, quick, out);
        } else {
            self.filtered_pseudo_moves(safety, out);
        }
    }

    /// [`Position::legal_moves_into`] in check by one or two pieces (`safety`): each piece's
    /// moves generated only onto the points that may answer every check (see
    /// [`Safety::answer_mask`]; the general's all), in generation order, and then put in
    /// the filter's order. In check most pseudo-legal moves are illegal: generating and
    /// storing them to drop them again costs more than these two passes. `quick`: the
    /// quick evasions when they are known (see [`Position::legal_moves_knowing_into`]).
    fn evasions_into(&self, safety: &Safety, quick: Option<&[Move]>, out: &mut Vec<Move>) {
        let start = out.len();
        let g = self.board.generals[self.board.turn];
        for (sq, p) in self.own_pieces() {
            let mask = if sq == g {
                u128::MAX
            } else {
                answering_points(safety, sq, p)
            };
            if mask == 0 {
                continue;
            }
            self.each_pseudo_move_into(sq, mask, |m| {
                let legal = match quick {
                    Some(q)
                        if m.role == Role::General
                            || safety.checkers.0 & bit(m.to.index()) != 0 =>
                    {
                        q.contains(&m)
                    }
                    _ => self.keeps_general_safe_on(&m, safety),
                };
                if legal {
                    out.push(m);
                }
            });
        }
        let k = out.len() - start;
        if k == 0 || k > 128 {
            // None to order, or more than a mask holds (no game reaches that many).
            if k > 128 {
                out.truncate(start);
                self.filtered_pseudo_moves(safety, out);
            }
            return;
        }
        // The filter leaves a legal move whose index among the pseudo-legal moves lies
        // below `k` where it was: the pieces whose moves start below `k` are walked again
        // for those indices (each kept move met in turn among its piece's moves).
        let mut stay = 0u128;
        let mut index = 0usize;
        let mut next = start;
        for (sq, _) in self.own_pieces() {
            if index >= k {
                break;
            }
            self.each_pseudo_move_from(sq, |m| {
                if next < start + k && out[next] == m {
                    if index < k {
                        stay |= 1 << index;
                    }
                    next += 1;
                }
                index += 1;
            });
        }
        swap_removed_order(out, start, stay);
    }

    /// The pseudo-legal moves filtered by `safety` with `swap_remove`, appended to `out`.
    fn filtered_pseudo_moves(&self, safety: &Safety, out: &mut Vec<Move>) {
        let start = out.len();
        self.pseudo_moves(out);
        let mut i = start;
        while i < out.len() {
            if self.keeps_general_safe_on(&out[i], safety) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// Appends the legal moves of the side to move that capture a piece giving check or move
    /// the general: the answers to a check a search tries first when one refutation is
    /// enough. Each is a legal move (a subset of [`Position::legal_moves_into`]); nothing
    /// is appended when the side to move is not in check. Returns the pieces giving check
    /// ([`Position::checkers`]), for [`Position::legal_moves_knowing_into`].
    ///
    /// ```
    /// use qili_notation::Position;
    ///
    /// // Black's chariot checks from e1; the advisor takes it or the general steps aside.
    /// let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4r4/3AK4 w - - 0 1").unwrap();
    /// let mut quick = Vec::new();
    /// pos.quick_evasions_into(&mut quick);
    /// let legal = pos.legal_moves();
    /// assert!(!quick.is_empty() && quick.iter().all(|m| legal.contains(m)));
    /// assert!(quick.iter().any(|m| m.capture.is_some()));
    /// ```
    pub fn quick_evasions_into(&self, out: &mut Vec<Move>) -> SquareSet {
        let us = self.board.turn;
        let g = self.board.generals[us];
        let checkers = self.checkers();
        if checkers.is_empty() {
            return checkers;
        }
        // The general's moves: each destination scanned with the general lifted.
        self.each_pseudo_move_from(g, |m| {
            if !attacks::general_step_attacked(&self.board, g.index(), m.to, !us) {
                out.push(m);
            }
        });
        // The captures of a checker. Of a lone checker, a capture answers the check and
        // only the board test is left (the quick test would send it there); with more,
        // the quick test may tell that another checker still attacks.
        let quick = (checkers.0 & (checkers.0 - 1) != 0).then(|| Safety::new(g, checkers));
        for c in checkers {
            // The general's captures are among its moves.
            for a in attacks::capturers(&self.board, c, us) {
                if let Some(m) = self.move_from_squares(a, c) {
                    let safe = match &quick {
                        None => self.keeps_general_safe_tested(&m),
                        Some(safety) => self.keeps_general_safe_on(&m, safety),
                    };
                    if safe {
                        out.push(m);
                    }
                }
            }
        }
        checkers
    }

    /// The legal moves of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(64);
        self.legal_moves_into(&mut v);
        v
    }

    /// The legal moves of the piece on `from` (empty when it is not the mover's).
    pub fn legal_moves_from(&self, from: Square) -> Vec<Move> {
        let mut v = Vec::new();
        if matches!(self.piece_at(from), Some(p) if p.color == self.board.turn) {
            self.pseudo_moves_from(from, &mut v);
            let mut probe = self.probe();
            v.retain(|m| probe.keeps_general_safe(m));
        }
        v
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        self.has_legal_move_knowing(false)
    }

    /// [`Position::has_legal_move`] for a position whose side to move is known to be in
    /// check (after a checking move, say): the same answer, but the general's steps, the
    /// likeliest answers to a check, are tried before the pieces giving check are looked
    /// for, which is needed only when the general cannot step away. (Out of check it still
    /// answers right, after trying the general's steps first for nothing.)
    pub fn has_legal_move_in_check(&self) -> bool {
        self.has_legal_move_knowing(true)
    }

    /// [`Position::has_legal_move`], trying the general's steps before anything else when
    /// `known_check`.
    #[inline(always)]
    fn has_legal_move_knowing(&self, known_check: bool) -> bool {
        let us = self.board.turn;
        let g = self.board.generals[us];
        // In check, the general's own steps are the likeliest answers: try them first, each
        // destination scanned with the general lifted (no quick test is needed for them).
        let general_steps = || {
            let mut found = false;
            self.each_pseudo_move_from(g, |m| {
                found = found || !attacks::general_step_attacked(&self.board, g.index(), m.to, !us);
            });
            found
        };
        if known_check && general_steps() {
            return true;
        }
        let checkers = self.checkers();
        let in_check = !checkers.is_empty();
        if in_check && !known_check && general_steps() {
            return true;
        }
        // The general's steps tried already (whether or not it was in check) are not
        // tried again.
        let in_check = in_check || known_check;
        let mut found = false;
        let safety = Safety::new(g, checkers);
        let rest = self.own_pieces().filter(|&(sq, _)| !(in_check && sq == g));
        for (sq, p) in rest {
            let mask = answering_points(&safety, sq, p);
            if mask == 0 {
                continue;
            }
            self.each_pseudo_move_into(sq, mask, |m| {
                found = found || self.keeps_general_safe_on(&m, &safety);
            });
            if found {
                return true;
            }
        }
        false
    }

    /// Whether `m` is a legal move here: the mover's piece of `m.role` is on `m.from`,
    /// `m.capture` matches what stands on `m.to`, the geometry is right and the mover's
    /// general is safe afterwards. The geometry of the one move is tested directly (see
    /// `Position::reaches`), without generating the piece's other moves.
    pub fn is_legal(&self, m: &Move) -> bool {
        let (from, to) = (m.from.index(), m.to.index());
        let piece = match self.board[from] {
            Some(p) if p.color == self.board.turn && p.role == m.role => p,
            _ => return false,
        };
        match self.board[to] {
            Some(t) if t.color == piece.color => return false,
            t => {
                if t.map(|t| t.role) != m.capture {
                    return false;
                }
            }
        }
        self.reaches(piece, from, to) && self.keeps_general_safe(m)
    }

    /// Whether `piece`, standing on `from`, reaches `to` by its geometry (the target being
    /// empty or an enemy piece): the same moves as [`Position::pseudo_moves_from`] lists.
    #[inline]
    fn reaches(&self, piece: Piece, from: usize, to: usize) -> bool {
        let c = piece.color.index();
        let board = &self.board;
        let t = to as u8;
        match piece.role {
            Role::General => {
                GENERAL_MOVES[c][from].as_slice().contains(&t)
                    // Flying general: the enemy general across an open file.
                    || (to == self.board.generals[!piece.color].index()
                        && geometry::direction(from, to).is_some_and(|d| {
                            d >= 2 && self.pieces_between(from, to, d) == 0
                        }))
            }
            Role::Advisor => ADVISOR_MOVES[c][from].as_slice().contains(&t),
            Role::Elephant => ELEPHANT_MOVES[c][from]
                .as_slice()
                .iter()
                .any(|&(x, eye)| x == t && board[eye as usize].is_none()),
            Role::Horse => HORSE_MOVES[from]
                .as_slice()
                .iter()
                .any(|&(x, leg)| x == t && board[leg as usize].is_none()),
            Role::Chariot => {
                geometry::direction(from, to).is_some_and(|d| self.pieces_between(from, to, d) == 0)
            }
            Role::Cannon => geometry::direction(from, to).is_some_and(|d| {
                let screens = u32::from(board[to].is_some());
                self.pieces_between(from, to, d) == screens
            }),
            Role::Soldier => SOLDIER_MOVES[c][from].as_slice().contains(&t),
        }
    }

    /// The number of pieces strictly between `from` and `to`, which lies in direction `d`
    /// from it.
    #[inline]
    fn pieces_between(&self, from: usize, to: usize, d: usize) -> u32 {
        self.board.count_between(from, to, d)
    }

    /// Whether the side to move is checkmated (in check with no legal move).
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Whether the side to move has no legal move (困毙 or mate: a loss in Xiangqi either way).
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }
}

/// The points a move of the mover's `piece` (not the general) on `sq` may land on and
/// still be legal, as far as [`Safety::answer_mask`] tells: in check by one or two
/// pieces, the answering points (none when it may never reach one: no move of it is
/// legal), else every point.
#[inline(always)]
fn answering_points(safety: &Safety, sq: Square, piece: Piece) -> u128 {
    match safety.answer_mask(sq.index()) {
        Some(m) if m & REACH[piece.color.index()][piece.role.index()][sq.index()] == 0 => 0,
        m => m.unwrap_or(u128::MAX),
    }
}

/// Puts the moves of `out` from `start` on, the moves a list keeps in their order there,
/// where filtering that list with `swap_remove` leaves them; `stay`: the indices in the
/// list, below the number kept `k`, of kept moves. That filter walks the list from the
/// front, and each removed move's place is taken by the last move left: a kept move
/// whose index lies below `k` stays where it was, and the places below `k` of the removed
/// ones are filled, lowest first, by the kept moves from `k` on, last first.
fn swap_removed_order(out: &mut Vec<Move>, start: usize, stay: u128) {
    let k = out.len() - start;
    let l = stay.count_ones() as usize;
    if l == k {
        return;
    }
    // The kept moves copied after them, and read back from there into their places.
    out.extend_from_within(start..);
    let src = start + k;
    let (mut a, mut b) = (0, k);
    for p in 0..k {
        let from = if stay & 1 << p != 0 {
            a += 1;
            a - 1
        } else {
            b -= 1;
            b
        };
        out[start + p] = out[src + from];
    }
    out.truncate(src);
}

/// Legality and check tests for many pseudo-legal moves of one position (see
/// [`Position::probe`]): the pieces attacking each general are found once, and each
/// move then costs only the lines and legs it changes.
pub struct MoveProbe<'a> {
    pos: &'a Position,
    board: Board,
    /// The quick legality test, from the pieces attacking the mover's general.
    safety: Safety,
    /// The mover's pieces attacking the opponent's general (found on first use).
    checking: Option<CheckMask>,
}

impl MoveProbe<'_> {
    /// Whether the pseudo-legal move `m` keeps the mover's general safe (see
    /// [`Position::keeps_general_safe`]).
    pub fn keeps_general_safe(&mut self, m: &Move) -> bool {
        self.pos.keeps_general_safe_on(m, &self.safety)
    }

    /// Whether the pseudo-legal move `m` attacks the opponent's general (see
    /// [`Position::gives_check`]).
    pub fn gives_check(&mut self, m: &Move) -> bool {
        let pos = self.pos;
        let us = pos.board.turn;
        let g = pos.board.generals[!us];
        let mask = self.checking.get_or_insert_with(|| {
            CheckMask::new(g, attacks::general_attackers(&pos.board, g, us))
        });
        pos.gives_check_on(&mut self.board, mask, g, m)
    }
}
