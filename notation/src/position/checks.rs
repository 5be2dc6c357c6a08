//! Moves that give check: [`Position::gives_check`], the test of one move, and
//! [`Position::checking_moves_into`], the generator of a position's checking moves, with
//! the landing points it looks for along the lines through the opponent's general.

use super::attacks::{self, Bits, Board, CheckMask};
use super::geometry::{self, bit, HORSE_LEGS, REACH, SOLDIER_ORIGINS};
use super::Position;
use crate::{Move, Piece, Role, Square, SquareSet};

/// Point masks of [`Position::check_landings`].
#[derive(Default)]
struct CheckLandings {
    chariot: u128,
    cannon: u128,
    screen: u128,
    /// Whether a chariot, cannon or the facing general of the side to move already
    /// attacks the general along one of the lines.
    attacked: bool,
    /// The pieces of the side to move whose leaving alone would make an attack on the
    /// general (when nothing attacks it yet): along a line, by
    /// [`Position::check_landings`]; over a horse leg, by
    /// [`Position::checking_moves_into`].
    uncovering: u128,
}

impl Position {
    /// Appends the legal moves of the side to move that give check (after which the
    /// opponent's general is attacked), in the order of [`Position::legal_moves`] before
    /// its legality filter, that is of [`Position::pseudo_moves`]; a capture of the general
    /// is not a move and is never listed. The same moves as testing every legal move with
    /// [`Position::gives_check`], with less work: when nothing attacks the opponent's
    /// general yet, a move can only check by uncovering a line or a horse leg (a piece whose
    /// leaving alone attacks the general) or by the moved piece standing where it attacks
    /// the general or screens a cannon, so only those moves are tested.
    pub fn checking_moves_into(&self, out: &mut Vec<Move>) {
        let us = self.board.turn;
        let c = us.index();
        let g = self.board.generals[!us];
        let gi = g.index();
        let lines = geometry::MASKS.lines[gi];
        let occupied = self.board.occupied();
        let horse = Piece::new(us, Role::Horse);
        // Whether one of `p` stands on a point of `m`.
        let any_on = |m: u128, p: Piece| Bits::new(m & occupied).any(|i| self.board.is(i, p));
        let mut landings = self.check_landings(gi);
        // Where a horse attacks the general from, its leg being empty: no move of a piece
        // that uncovers nothing clears a leg, and a horse elsewhere attacks nothing more.
        // A leg that holds one of the mover's pieces with a horse of the mover behind it:
        // that piece's leaving uncovers the horse.
        let mut horse_origins = 0u128;
        for &(leg, origins) in &HORSE_LEGS[gi] {
            let leg = usize::from(leg);
            if self.board.is_empty_at(leg) {
                horse_origins |= origins;
            } else if self.board.is_color(leg, us) && any_on(origins, horse) {
                landings.uncovering |= bit(leg);
            }
        }
        let soldier_origins = SOLDIER_ORIGINS[c][gi];
        // The pieces attacking the general before the move, looked for only when the lines,
        // the horses or the soldiers show one (the general and the advisors stay in their
        // own palace and the elephants on their own side, away from the other general).
        let before = if landings.attacked
            || any_on(horse_origins, horse)
            || any_on(soldier_origins, Piece::new(us, Role::Soldier))
        {
            attacks::general_attackers(&self.board, g, us)
        } else {
            SquareSet::EMPTY
        };
        let check_mask = CheckMask::new(g, before);
        // The board the moves that may check are tried on (copied on first use: often no
        // move needs it). Each checking move found is tested for legality alone (a scan
        // of the mover's general with the move laid on the occupied mask, see
        // [`Position::keeps_general_safe`]): there are few, and the quick test of
        // [`Safety`] would first need the pieces attacking that general.
        let mut board: Option<Board> = None;
        let mut test = |m: Move, sure: bool| {
            if m.capture != Some(Role::General)
                && (sure
                    || self.gives_check_on(board.get_or_insert(self.board), &check_mask, g, &m))
                && self.keeps_general_safe(&m)
            {
                out.push(m);
            }
        };
        if !before.is_empty() {
            // The general is attacked already: any move may check.
            for (sq, _) in self.own_pieces() {
                self.each_pseudo_move_from(sq, |m| test(m, false));
            }
            return;
        }
        // Where a piece off the general's file and rank that uncovers nothing may give
        // check from, by role index: where its landing surely makes an attack (every such
        // move gives check). The general moves only in its palace, away from the other
        // general's lines and from the points a piece attacks it from (the palaces lie
        // five ranks apart).
        let off_lines = [
            0,
            landings.screen,
            landings.screen,
            landings.screen | horse_origins,
            landings.screen | landings.chariot,
            landings.screen | landings.cannon,
            landings.screen | soldier_origins,
        ];
        // The points whose pieces need more than `off_lines`.
        let special = landings.uncovering | lines;
        // The pieces of the side to move, from the mask of their points (gathered eight
        // bytes at a time): a piece's byte less the first byte of its side is its role
        // index (below 7; the test stays as a guard). Walking every occupied point instead
        // and skipping the opponent's pieces by their byte took more instructions and more
        // mispredicted branches (those skips follow the board; docs/performance.md).
        let first = attacks::code(Some(Piece::new(us, Role::General)));
        for f in Bits::new(self.board.occupied_by(us)) {
            let r = usize::from(self.board.code_at(f).wrapping_sub(first));
            if r >= 7 {
                continue;
            }
            let sq = Square::new_unchecked(f as u8);
            // Where a move of this piece can give check from: anywhere when its leaving
            // alone uncovers an attack (a line opens, a cannon keeps one screen of two, a
            // horse leg clears); for a piece on the general's file or rank (whose leaving
            // changes them), anywhere on them and where it attacks from; for any other
            // piece, the points of `off_lines`. Only the points the piece may reach count.
            let (to_mask, sure) = if special & bit(f) == 0 {
                let mask = off_lines[r];
                if mask == 0 {
                    continue;
                }
                if matches!(Role::ALL[r], Role::Chariot | Role::Cannon) {
                    self.line_checks(f, Role::ALL[r], gi, mask, &mut test);
                    continue;
                }
                (mask & REACH[c][r][f], true)
            } else if landings.uncovering & bit(f) != 0 {
                (u128::MAX, false)
            } else {
                let mask = match Role::ALL[r] {
                    // The general's own move checks only by uncovering: it attacks from its
                    // palace only the other general on an open file, which then attacks it
                    // back (an illegal move); and it cannot screen a cannon on the file
                    // without facing the other general.
                    Role::General => continue,
                    Role::Horse => lines | horse_origins,
                    // A soldier's step along its line through the general keeps the
                    // points there occupied but its own (a capture only changes the
                    // owner of one), and its other step leaves both lines: as its
                    // leaving uncovers nothing, it checks only from where it attacks.
                    Role::Soldier => soldier_origins,
                    // A chariot or cannon reaches the general's lines only along its
                    // own line through the general, and a quiet move there passes no
                    // piece: the pieces on that line keep their order and nothing
                    // attacks anew. Only a capture can check: a chariot's towards the
                    // general (away from it, the pieces between stay), a cannon's
                    // either way (away from the general, it jumps a piece that then
                    // screens it).
                    Role::Chariot => attacks::between_mask(gi, f) & occupied,
                    Role::Cannon => lines & occupied,
                    _ => lines,
                };
                (mask & REACH[c][r][f], false)
            };
            if to_mask == 0 {
                continue;
            }
            self.each_pseudo_move_into(sq, to_mask, |m| test(m, sure));
        }
    }

    /// Where a piece of the side to move, coming from off the opponent's general's file and
    /// rank (on point `gi`) and nothing attacking that general yet, can land to give check
    /// along them: on each of the four lines from the general, a chariot on the empty
    /// points before the first piece or on that piece when it is the opponent's; a cannon
    /// between the first and the second piece or on the second when it is the opponent's;
    /// any piece on the empty points before a first piece that is the mover's cannon (it
    /// screens it). Landing anywhere else on the lines adds a piece beyond a screen or
    /// between a cannon and its screen, and attacks nothing more. (When something attacks
    /// the general along a line already, which the landings also tell, they are unused.)
    /// Also the mover's pieces on the lines whose leaving alone makes an attack along them
    /// (see [`CheckLandings::uncovering`]).
    fn check_landings(&self, gi: usize) -> CheckLandings {
        let us = self.board.turn;
        let occupied = self.board.occupied();
        let theirs = |i: usize| self.board.is_color(i, !us);
        let ours = |i: usize| self.board.is_color(i, us);
        let cannon = Piece::new(us, Role::Cannon);
        let mut l = CheckLandings::default();
        for d in 0..4 {
            let ray = geometry::RAY_MASKS[gi][d];
            let blockers = ray & occupied;
            if blockers == 0 {
                l.chariot |= ray;
                continue;
            }
            let p1 = attacks::nearest(blockers, d);
            let beyond = |p: usize| geometry::RAY_MASKS[p][d];
            // Between the general and the first piece: the rays towards each other meet
            // there (direction `d ^ 1` is the opposite of `d`).
            let before_p1 = ray & geometry::RAY_MASKS[p1][d ^ 1];
            l.chariot |= before_p1 | if theirs(p1) { bit(p1) } else { 0 };
            // The first piece attacks when it is the mover's chariot, or its general facing.
            l.attacked |= self.board.is(p1, Piece::new(us, Role::Chariot))
                || (d >= 2 && self.board.is(p1, Piece::new(us, Role::General)));
            if self.board.is(p1, cannon) {
                l.screen |= before_p1;
            }
            let rest = blockers & beyond(p1);
            if rest == 0 {
                l.cannon |= beyond(p1);
            } else {
                let p2 = attacks::nearest(rest, d);
                l.cannon |= (beyond(p1) & geometry::RAY_MASKS[p2][d ^ 1])
                    | if theirs(p2) { bit(p2) } else { 0 };
                // The second piece attacks when it is the mover's cannon.
                l.attacked |= self.board.is(p2, cannon);
                // With nothing attacking along the line, the mover's first piece uncovers
                // a chariot (or its general, on the file) second or a cannon third, and
                // its second piece a cannon third (the first piece then screens it).
                if ours(p1) || ours(p2) {
                    let rest = rest & beyond(p2);
                    let cannon_third =
                        rest != 0 && self.board.is(attacks::nearest(rest, d), cannon);
                    if ours(p1)
                        && (cannon_third
                            || self.board.is(p2, Piece::new(us, Role::Chariot))
                            || (d >= 2 && self.board.is(p2, Piece::new(us, Role::General))))
                    {
                        l.uncovering |= bit(p1);
                    }
                    if cannon_third && ours(p2) {
                        l.uncovering |= bit(p2);
                    }
                }
            }
        }
        l
    }

    /// The moves of the mover's chariot or cannon (`role`) on `f`, off the file and rank
    /// of the opponent's general on `gi`, to the points of `mask` (on those lines), each
    /// passed to `out` as a sure check. Such a piece reaches the general's lines only where
    /// its own rank and file cross them: the point on its rank first, then the one on its
    /// file, the order of [`Position::line_moves`] (ranks' rays before files'). A chariot
    /// reaches a point with nothing between, a cannon an empty one so too and an
    /// opponent's piece over one screen.
    #[inline(always)]
    fn line_checks(
        &self,
        f: usize,
        role: Role,
        gi: usize,
        mask: u128,
        out: &mut impl FnMut(Move, bool),
    ) {
        let (file, rank, g_file, g_rank) = (f % 9, f / 9, gi % 9, gi / 9);
        for to in [rank * 9 + g_file, g_rank * 9 + file] {
            if mask & bit(to) == 0 {
                continue;
            }
            let between = (attacks::between_mask(f, to) & self.board.occupied()).count_ones();
            let capture = match self.board[to] {
                None if between == 0 => None,
                Some(t)
                    if t.color != self.board.turn && between == u32::from(role == Role::Cannon) =>
                {
                    Some(t.role)
                }
                _ => continue,
            };
            let m = Move {
                role,
                from: Square::new_unchecked(f as u8),
                to: Square::new_unchecked(to as u8),
                capture,
            };
            out(m, true);
        }
    }

    /// Whether playing the pseudo-legal move `m` attacks the opponent's general, i.e.
    /// whether `self.after(m).is_check()`, without building the position. For many
    /// moves of one position, [`Position::probe`] is faster.
    pub fn gives_check(&self, m: &Move) -> bool {
        let mut board = self.board;
        board.make(m.from.index(), m.to.index());
        attacks::is_general_attacked(
            &board,
            self.board.generals[!self.board.turn],
            self.board.turn,
        )
    }

    /// Whether the pseudo-legal move `m` attacks the opponent's general, on `g`: decided by
    /// `mask` (prepared for `g`) or tested on `board` (this position's placement, restored
    /// before returning).
    #[inline(always)]
    pub(super) fn gives_check_on(
        &self,
        board: &mut Board,
        mask: &CheckMask,
        g: Square,
        m: &Move,
    ) -> bool {
        let us = self.board.turn;
        let (from, to) = (m.from.index(), m.to.index());
        if mask.surely_not(from, to) {
            return false;
        }
        let undo = board.make(from, to);
        let check = if from == g.index() || to == g.index() {
            attacks::is_general_attacked(board, g, us)
        } else {
            attacks::attacked_after(board, g, from, to, us, mask.before)
        };
        board.unmake(from, to, undo);
        check
    }
}
