//! Attack queries on a bare board, table-driven (see [`super::geometry`]).

use std::ops::Index;

use super::geometry::{
    bit, direction, horse_leg, DIAG_NEIGHBOURS, ELEPHANT_ATTACKS, ELEPHANT_MOVES, ELEPHANT_ORIGINS,
    GENERAL_REACH, HOME, HORSE_ATTACKS, HORSE_MOVES, HORSE_ORIGINS, IN_PALACE, MASKS,
    ORTH_NEIGHBOURS, ORTH_NEIGHBOUR_MASKS, RAY_MASKS, REACH, SOLDIER_ATTACKS, SOLDIER_ORIGINS,
};
use crate::{ByColor, Color, Piece, Role, Square, SquareSet};

/// The placement: one byte per point (0 for an empty point, else the code of its piece,
/// see [`code`]), and the mask of the occupied points (kept in step by [`Board::set`]),
/// with which the line scans find the nearest pieces on a line at once. Bytes keep the
/// board small to copy and quick to compare (the label caches compare boards on every
/// hit).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Board {
    occupied: u128,
    codes: [u8; 90],
    /// The side to move (kept by [`super::Position`]).
    pub(super) turn: Color,
    /// The generals' points (kept by [`super::Position`]).
    pub(super) generals: ByColor<Square>,
}

/// The byte of a point: 0 when empty, else 1 + [`Piece::index`].
#[inline(always)]
pub(super) const fn code(p: Option<Piece>) -> u8 {
    match p {
        None => 0,
        Some(p) => 1 + p.index() as u8,
    }
}

/// The point contents of each byte [`code`] gives (and `None` for the unused bytes).
static DECODE: [Option<Piece>; 16] = {
    let mut t = [None; 16];
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 7 {
            let p = Piece::new(Color::ALL[c], Role::ALL[r]);
            t[code(Some(p)) as usize] = Some(p);
            r += 1;
        }
        c += 1;
    }
    t
};

/// The FEN letter of each byte [`code`] gives (and 0 for the empty point and the unused
/// bytes), so that [`Board::push_placement`] writes a letter without decoding the piece.
static CODE_LETTERS: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut c = 0;
    while c < 16 {
        if let Some(p) = DECODE[c] {
            t[c] = p.char() as u8;
        }
        c += 1;
    }
    t
};

impl Board {
    /// The board of a placement.
    pub(super) fn new(
        squares: [Option<Piece>; 90],
        turn: Color,
        generals: ByColor<Square>,
    ) -> Board {
        let mut board = Board {
            occupied: 0,
            codes: squares.map(code),
            turn,
            generals,
        };
        // The occupied points gathered from the bytes eight at a time, as
        // [`Board::occupied_by`] gathers the colours.
        board.occupied = board.gather(Board::occupied_byte);
        board
    }

    /// A bit per point, gathered from the point bytes eight at a time by `byte` (the bits
    /// of the eight bytes from `at`, as the low byte). The bytes are read in two 64-bit
    /// halves (bytes 0 to 63; 64 to 89, the last word overlapping the one before, both
    /// giving the same bits where they overlap), as shifts of 64-bit words cost fewer
    /// instructions than those of a `u128`.
    #[inline(always)]
    fn gather(&self, byte: impl Fn(&Board, usize) -> u64) -> u128 {
        let mut lo = 0u64;
        let mut k = 0;
        while k < 8 {
            lo |= byte(self, 8 * k) << (8 * k);
            k += 1;
        }
        let hi = byte(self, 64) | byte(self, 72) << 8 | byte(self, 80) << 16 | byte(self, 82) << 18;
        u128::from(lo) | u128::from(hi) << 64
    }

    /// The occupied-point bits of the eight bytes from `at`, as the low byte: adding 0x7f
    /// to a byte sets its bit 7 exactly when it is not zero (the codes are below 16, so no
    /// carry leaves a byte), then the bits are gathered into the top byte by one
    /// multiplication (byte `k`'s bit 7 lands on bit `56 + k`: the usual
    /// `0x0102_0408_1020_4080` divided by the 128 that bit 7 already weighs).
    #[inline(always)]
    fn occupied_byte(&self, at: usize) -> u64 {
        let mut w = [0u8; 8];
        w.copy_from_slice(&self.codes[at..at + 8]);
        (u64::from_le_bytes(w).wrapping_add(0x7f7f_7f7f_7f7f_7f7f) & 0x8080_8080_8080_8080)
            .wrapping_mul(0x0002_0408_1020_4081)
            >> 56
    }

    /// Whether `p` stands on point `i`.
    #[inline(always)]
    pub(super) fn is(&self, i: usize, p: Piece) -> bool {
        self.codes[i] == code(Some(p))
    }

    /// Whether one of `color`'s pieces stands on point `i` (its byte is one of the seven
    /// of that colour).
    #[inline(always)]
    pub(super) fn is_color(&self, i: usize, color: Color) -> bool {
        self.codes[i].wrapping_sub(code(Some(Piece::new(color, Role::General)))) < 7
    }

    /// The code of point `i` (0 when empty, else 1 + [`Piece::index`]; see
    /// [`crate::zobrist::BY_CODE`]).
    #[inline(always)]
    pub(super) fn code_at(&self, i: usize) -> u8 {
        self.codes[i]
    }

    /// Whether point `i` is empty.
    #[inline(always)]
    pub(super) fn is_empty_at(&self, i: usize) -> bool {
        self.codes[i] == 0
    }

    /// The mask of the occupied points.
    #[inline(always)]
    pub(super) fn occupied(&self) -> u128 {
        self.occupied
    }

    /// The mask of the points of `color`'s pieces. The bytes of Black's pieces (8 to 14)
    /// have bit 3 set and Red's (1 to 7) not: the bits are gathered eight bytes at a time
    /// ([`Board::gather`], [`Board::black_byte`]), fewer instructions than visiting every
    /// piece.
    #[inline(always)]
    pub(super) fn occupied_by(&self, color: Color) -> u128 {
        let black = self.gather(Board::black_byte);
        match color {
            Color::Black => black,
            Color::Red => self.occupied & !black,
        }
    }

    /// The Black-piece bits of the eight bytes from `at`, as the low byte: bit 3 of each
    /// byte kept, then all gathered into the top byte by one multiplication (byte `k`'s
    /// bit lands on bit `56 + k`, and no two partial products meet there: the constant is
    /// the usual `0x0102_0408_1020_4080` divided by the 8 that bit 3 already weighs).
    #[inline(always)]
    fn black_byte(&self, at: usize) -> u64 {
        let mut w = [0u8; 8];
        w.copy_from_slice(&self.codes[at..at + 8]);
        (u64::from_le_bytes(w) & 0x0808_0808_0808_0808).wrapping_mul(0x0020_4081_0204_0810) >> 56
    }

    /// Appends the placement field of a FEN (ASCII), the same text as
    /// [`crate::Setup::board_fen`] of [`Board::squares`], written from the bytes and the
    /// occupied mask: each rank's nine bits give the runs of empty points at once (the
    /// count of trailing zeros), and only the pieces are looked at, through
    /// [`CODE_LETTERS`].
    pub(super) fn push_placement(&self, s: &mut Vec<u8>) {
        // Nine points and a `/` per rank at most.
        let mut text = [0u8; 100];
        let mut n = 0;
        for rank in (0..10).rev() {
            let base = rank * 9;
            let mut row = (self.occupied >> base) as u32 & 0x1ff;
            let mut file = 0;
            while row != 0 {
                let gap = row.trailing_zeros() as usize;
                if gap > 0 {
                    text[n] = b'0' + gap as u8;
                    n += 1;
                }
                file += gap;
                text[n] = CODE_LETTERS[self.codes[base + file] as usize & 15];
                n += 1;
                file += 1;
                // At most nine: the row has nine bits.
                row >>= gap + 1;
            }
            if file < 9 {
                text[n] = b'0' + (9 - file) as u8;
                n += 1;
            }
            if rank > 0 {
                text[n] = b'/';
                n += 1;
            }
        }
        s.extend_from_slice(&text[..n]);
    }

    /// The placement.
    pub(super) fn squares(&self) -> [Option<Piece>; 90] {
        self.codes.map(|c| DECODE[c as usize & 15])
    }

    /// Puts `p` (or nothing) on point `i`.
    #[inline(always)]
    pub(super) fn set(&mut self, i: usize, p: Option<Piece>) {
        self.codes[i] = code(p);
        self.occupied = (self.occupied & !bit(i)) | (u128::from(p.is_some()) << i);
    }

    /// Moves the piece on `from` to `to` (capturing what stood there); returns what
    /// [`Board::unmake`] needs to take the move back.
    #[inline(always)]
    pub(super) fn make(&mut self, from: usize, to: usize) -> Undo {
        let undo = Undo {
            moved: self.codes[from],
            captured: self.codes[to],
            occupied: self.occupied,
        };
        self.codes[to] = undo.moved;
        self.codes[from] = 0;
        self.occupied = (self.occupied & !bit(from)) | bit(to);
        undo
    }

    /// Takes back [`Board::make`]`(from, to)`.
    #[inline(always)]
    pub(super) fn unmake(&mut self, from: usize, to: usize, undo: Undo) {
        self.codes[from] = undo.moved;
        self.codes[to] = undo.captured;
        self.occupied = undo.occupied;
    }

    /// The number of pieces strictly between `from` and `to`, which lies in direction `d`
    /// from it.
    #[inline(always)]
    pub(super) fn count_between(&self, from: usize, to: usize, d: usize) -> u32 {
        // The rays towards each other meet strictly between the points (see
        // [`between_mask`]).
        (self.occupied & RAY_MASKS[from][d] & RAY_MASKS[to][d ^ 1]).count_ones()
    }
}

/// What [`Board::make`] changed.
#[derive(Clone, Copy)]
pub(super) struct Undo {
    moved: u8,
    captured: u8,
    occupied: u128,
}

impl Index<usize> for Board {
    type Output = Option<Piece>;

    #[inline(always)]
    fn index(&self, i: usize) -> &Option<Piece> {
        &DECODE[self.codes[i] as usize & 15]
    }
}

/// The origins of the steppers' attacks on a point (horses, soldiers of each colour,
/// generals and advisors in the palace, elephants), all within two files and two ranks
/// of it, and the point's rank on either side, as masks of a 64-point window of the board: bit `k` stands for point
/// `base + k`, with `base` 20 points below the point (or 0 near the first ranks), so that
/// the window reaches 20 points beyond it too. The scans read these instead of the
/// `u128` masks of [`super::geometry`] (the same points, see the tests).
pub(super) struct Near {
    /// The first point of the window.
    pub(super) base: u8,
    /// Horse origins ([`HORSE_ORIGINS`]).
    pub(super) horse: u64,
    /// Soldier origins by colour ([`SOLDIER_ORIGINS`]).
    pub(super) soldier: [u64; 2],
    /// Orthogonal neighbours ([`ORTH_NEIGHBOUR_MASKS`]).
    pub(super) orth: u64,
    /// Diagonal neighbours (`MASKS.diagonal`).
    pub(super) diagonal: u64,
    /// Elephant origins ([`ELEPHANT_ORIGINS`]).
    pub(super) elephant: u64,
    /// The rank's two rays, towards higher then lower files ([`RAY_MASKS`] 0 and 1).
    pub(super) rank: [u64; 2],
}

/// [`Near`] for each point.
pub(super) static NEAR: [Near; 90] = {
    const fn window(m: u128, base: usize) -> u64 {
        (m >> base) as u64
    }
    let mut t = [const {
        Near {
            base: 0,
            horse: 0,
            soldier: [0; 2],
            orth: 0,
            diagonal: 0,
            elephant: 0,
            rank: [0; 2],
        }
    }; 90];
    let mut s = 0usize;
    while s < 90 {
        let base = s.saturating_sub(20);
        t[s] = Near {
            base: base as u8,
            horse: window(HORSE_ORIGINS[s], base),
            soldier: [
                window(SOLDIER_ORIGINS[0][s], base),
                window(SOLDIER_ORIGINS[1][s], base),
            ],
            orth: window(ORTH_NEIGHBOUR_MASKS[s], base),
            diagonal: window(MASKS.diagonal[s], base),
            elephant: window(ELEPHANT_ORIGINS[s], base),
            rank: [window(RAY_MASKS[s][0], base), window(RAY_MASKS[s][1], base)],
        };
        s += 1;
    }
    t
};

/// The points of a `u128` mask, lowest first, walked as its two 64-bit halves: finding
/// and clearing a bit of a `u64` takes fewer instructions than of a `u128`.
#[derive(Clone, Copy)]
pub(super) struct Bits {
    lo: u64,
    hi: u64,
}

impl Bits {
    /// The points of `m`.
    #[inline(always)]
    pub(super) fn new(m: u128) -> Bits {
        Bits {
            lo: m as u64,
            hi: (m >> 64) as u64,
        }
    }
}

impl Iterator for Bits {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.lo != 0 {
            let i = self.lo.trailing_zeros() as usize;
            self.lo &= self.lo - 1;
            Some(i)
        } else if self.hi != 0 {
            let i = 64 + self.hi.trailing_zeros() as usize;
            self.hi &= self.hi - 1;
            Some(i)
        } else {
            None
        }
    }
}

/// The nearest point of the non-empty mask `m` of points on the line in direction `d`
/// (directions 0 and 2 walk up the point indices, 1 and 3 down).
#[inline(always)]
pub(super) fn nearest(m: u128, d: usize) -> usize {
    if d & 1 == 0 {
        m.trailing_zeros() as usize
    } else {
        127 - m.leading_zeros() as usize
    }
}

/// Walks the line from `sq` in direction `d` and reports `by`'s chariot (first piece met),
/// cannon (second piece met) or, on a file towards a general target, general (first piece
/// met), the pieces standing on the points of `occupied` (the board's occupied mask, or
/// that mask with a piece lifted, see [`scan_occupied`]). Calls `found` for each; returns
/// `true` as soon as it does.
#[inline(always)]
fn scan_ray(
    board: &Board,
    occupied: u128,
    sq: usize,
    d: usize,
    by: Color,
    target_is_general: bool,
    found: &mut impl FnMut(Square) -> bool,
) -> bool {
    scan_line(
        board,
        occupied & RAY_MASKS[sq][d],
        d,
        by,
        target_is_general,
        found,
    )
}

/// [`scan_ray`] on `line`, the pieces standing on the ray in direction `d` (as they stand
/// on `board`, or with some of them taken away).
#[inline(always)]
fn scan_line(
    board: &Board,
    line: u128,
    d: usize,
    by: Color,
    target_is_general: bool,
    found: &mut impl FnMut(Square) -> bool,
) -> bool {
    let vertical = d >= 2;
    if line == 0 {
        return false;
    }
    // The first piece on the line: a chariot (or a facing general) attacks.
    let i = nearest(line, d);
    if (board.is(i, Piece::new(by, Role::Chariot))
        || (vertical && target_is_general && board.is(i, Piece::new(by, Role::General))))
        && found(Square::new_unchecked(i as u8))
    {
        return true;
    }
    // The second piece: a cannon attacks over the screen. The rest of the line lies beyond
    // the first piece: walking up the indices, it is the line without its lowest bit;
    // walking down, the line on the ray from the first piece, a table read (fewer
    // instructions than clearing a `u128` bit).
    let rest = if d & 1 == 0 {
        line & (line - 1)
    } else {
        line & RAY_MASKS[i][d]
    };
    if rest == 0 {
        return false;
    }
    let i = nearest(rest, d);
    board.is(i, Piece::new(by, Role::Cannon)) && found(Square::new_unchecked(i as u8))
}

/// Calls `found` for each of `by`'s pieces attacking `sq`; stops early when it returns
/// `true`. Returns whether it stopped.
#[inline(always)]
pub(super) fn scan_attackers(
    board: &Board,
    sq: Square,
    by: Color,
    found: impl FnMut(Square) -> bool,
) -> bool {
    scan::<false>(board, sq, by, found)
}

/// [`scan_attackers`] when `sq` is the point of the general of `!by` (inside its palace):
/// the scan then knows the target is a general (the flying general counts) and skips the
/// general, the advisors and the elephants of `by`, which stay on their own side.
#[inline(always)]
pub(super) fn scan_general_attackers(
    board: &Board,
    sq: Square,
    by: Color,
    found: impl FnMut(Square) -> bool,
) -> bool {
    scan::<true>(board, sq, by, found)
}

/// [`scan_attackers`], or [`scan_general_attackers`] when `GENERAL`.
#[inline(always)]
fn scan<const GENERAL: bool>(
    board: &Board,
    sq: Square,
    by: Color,
    found: impl FnMut(Square) -> bool,
) -> bool {
    scan_occupied::<GENERAL, true, false>(board, board.occupied, sq, by, found)
}

/// The points of `by`'s pieces other than its general that could capture on `sq` (see
/// [`scan_attackers`]): the capturers a search lists besides the general's own moves,
/// without looking for the general.
pub(super) fn capturers(board: &Board, sq: Square, by: Color) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    scan_occupied::<false, false, false>(board, board.occupied, sq, by, |s| {
        set.insert(s);
        false
    });
    set
}

/// [`scan`] with `occupied` standing for the board's occupied mask: the pieces are read
/// off `board` only on the points of `occupied`, the horse legs off `occupied` too when
/// `LEGS_ON_MASK` (else off `board`, one byte instead of a `u128` bit), and the elephant
/// eyes off `board`. Lifting a piece from a point that no line, leg or eye read here
/// passes through, or moving one of `!by`'s pieces when `found` refuses its destination
/// (the legs then read off the mask), is then a change of the mask alone (see
/// [`general_step_attacked`] and [`general_attacked_after`]).
/// Unless `OWN_GENERAL`, `by`'s general is not looked for (see [`capturers`]).
#[inline(always)]
fn scan_occupied<const GENERAL: bool, const OWN_GENERAL: bool, const LEGS_ON_MASK: bool>(
    board: &Board,
    occupied: u128,
    sq: Square,
    by: Color,
    mut found: impl FnMut(Square) -> bool,
) -> bool {
    let s = sq.index();
    let target_is_general = GENERAL || board.is(s, Piece::new(!by, Role::General));
    // The steppers attack from within two files and two ranks of `sq`, and the rank of
    // `sq` lies within eight points of it: both are read on a 64-point window of the
    // occupied mask (see [`NEAR`]), whose bits are found and cleared with 64-bit
    // instructions, fewer than on a `u128`.
    let near = &NEAR[s];
    let base = usize::from(near.base);
    let window = (occupied >> base) as u64;
    // The rank: chariot (first piece met), cannon (second piece met) each way (as
    // [`scan_line`] reads a line; no general attacks along a rank).
    let (chariot, cannon) = (Piece::new(by, Role::Chariot), Piece::new(by, Role::Cannon));
    for (d, &ray) in near.rank.iter().enumerate() {
        let line = ray & window;
        if line == 0 {
            continue;
        }
        // Walking up the indices (d = 0) the nearest piece is the lowest bit, down the
        // highest; the rest of the line lies beyond it.
        let (k, rest) = if d == 0 {
            (line.trailing_zeros(), line & (line - 1))
        } else {
            let k = 63 - line.leading_zeros();
            (k, line ^ (1 << k))
        };
        let i = base + k as usize;
        if board.is(i, chariot) && found(Square::new_unchecked(i as u8)) {
            return true;
        }
        if rest != 0 {
            let k = if d == 0 {
                rest.trailing_zeros()
            } else {
                63 - rest.leading_zeros()
            };
            let i = base + k as usize;
            if board.is(i, cannon) && found(Square::new_unchecked(i as u8)) {
                return true;
            }
        }
    }
    // The file: chariot, cannon, flying general.
    for d in 2..4 {
        if scan_ray(board, occupied, s, d, by, target_is_general, &mut found) {
            return true;
        }
    }
    // Horses: a horse reaches `sq` when its leg is empty. Only the occupied points they
    // attack from are looked at.
    let horse = Piece::new(by, Role::Horse);
    let mut origins = near.horse & window;
    while origins != 0 {
        let h = base + origins.trailing_zeros() as usize;
        origins &= origins - 1;
        let leg = horse_leg(s, h);
        if board.is(h, horse)
            && if LEGS_ON_MASK {
                occupied & bit(leg) == 0
            } else {
                board.is_empty_at(leg)
            }
            && found(Square::new_unchecked(h as u8))
        {
            return true;
        }
    }
    // Soldiers: only the occupied points they attack from are looked at.
    let soldier = Piece::new(by, Role::Soldier);
    let mut origins = near.soldier[by.index()] & window;
    while origins != 0 {
        let i = base + origins.trailing_zeros() as usize;
        origins &= origins - 1;
        if board.is(i, soldier) && found(Square::new_unchecked(i as u8)) {
            return true;
        }
    }
    if GENERAL {
        return false;
    }
    // General and advisors inside the palace, elephants on their own side: only the
    // occupied points they attack from are looked at.
    if IN_PALACE[by.index()][s] {
        let general = Piece::new(by, Role::General);
        let mut origins = if OWN_GENERAL { near.orth & window } else { 0 };
        while origins != 0 {
            let i = base + origins.trailing_zeros() as usize;
            origins &= origins - 1;
            if board.is(i, general) && found(Square::new_unchecked(i as u8)) {
                return true;
            }
        }
        let advisor = Piece::new(by, Role::Advisor);
        let mut origins = near.diagonal & window;
        while origins != 0 {
            let i = base + origins.trailing_zeros() as usize;
            origins &= origins - 1;
            if board.is(i, advisor) && found(Square::new_unchecked(i as u8)) {
                return true;
            }
        }
    }
    if HOME[by.index()][s] {
        let elephant = Piece::new(by, Role::Elephant);
        let mut origins = near.elephant & window;
        while origins != 0 {
            let e = base + origins.trailing_zeros() as usize;
            origins &= origins - 1;
            // The eye: the midpoint of the elephant's point and `sq`.
            if board.is(e, elephant)
                && board.is_empty_at((e + s) / 2)
                && found(Square::new_unchecked(e as u8))
            {
                return true;
            }
        }
    }
    false
}

/// `by`'s pieces attacking `t` on `board`, given `known`, their set on a board that differs
/// only at `through` and at `t` (see [`super::Position::attackers_through`]): a piece on
/// `through` changes only the chariot and cannon beyond the nearest point of the ray from
/// `t` through it, which are looked for again; a horse leg or an elephant eye changes what
/// steps, and the board is scanned; anywhere else it changes nothing.
pub(super) fn attackers_through(
    board: &Board,
    known: SquareSet,
    by: Color,
    t: Square,
    through: Square,
) -> SquareSet {
    let (ti, fi) = (t.index(), through.index());
    let kept = known.0 & !bit(fi);
    if let Some(d) = direction(ti, fi) {
        let beyond_nearest = RAY_MASKS[nearest(RAY_MASKS[ti][d], d)][d];
        let mut line = 0u128;
        scan_ray(board, board.occupied(), ti, d, by, false, &mut |s| {
            line |= bit(s.index());
            false
        });
        return SquareSet((kept & !beyond_nearest) | line);
    }
    if MASKS.diagonal[ti] & bit(fi) != 0 {
        let mut set = SquareSet::EMPTY;
        scan_attackers(board, t, by, |s| {
            set.insert(s);
            false
        });
        return set;
    }
    SquareSet(kept)
}

/// Whether any of `by`'s pieces attacks `sq`.
pub(super) fn is_attacked(board: &Board, sq: Square, by: Color) -> bool {
    scan_attackers(board, sq, by, |_| true)
}

/// Whether any of `by`'s pieces attacks the general of `!by`, standing on `sq` (see
/// [`scan_general_attackers`]).
pub(super) fn is_general_attacked(board: &Board, sq: Square, by: Color) -> bool {
    scan_general_attackers(board, sq, by, |_| true)
}

/// Whether `by` attacks `to` once the general of `!by` on `from` has stepped there (a
/// general move): the scan of `to` with the general lifted off the occupied mask, without
/// making the move. No line from `to` passes through `to` itself, and `from`, an
/// orthogonal neighbour of `to` or on its file, is never a horse leg towards `to` (those
/// are its diagonal neighbours), so what stood on either point is never read.
#[inline(always)]
pub(super) fn general_step_attacked(board: &Board, from: usize, to: Square, by: Color) -> bool {
    scan_occupied::<true, true, false>(board, board.occupied & !bit(from), to, by, |_| true)
}

/// Whether `by` attacks the general of `!by` on `g` once a piece of `!by` other than
/// that general has moved from `from` to `to`: the scan of `g` with `from` emptied and
/// `to` filled on the occupied mask, without making the move (no board to copy, make and
/// take back). What stands on `to` now (nothing, or the piece the move captures) is read
/// as one of `by`'s and refused: after the move, `to` holds a piece of `!by`, which
/// blocks a line or screens a cannon as any piece does and attacks nothing. The horse
/// legs are read off the mask; the general scan reads no elephant eye.
#[inline(always)]
pub(super) fn general_attacked_after(
    board: &Board,
    g: Square,
    from: usize,
    to: usize,
    by: Color,
) -> bool {
    let occupied = (board.occupied & !bit(from)) | bit(to);
    scan_occupied::<true, true, true>(board, occupied, g, by, |s| s.index() != to)
}

/// The points of `by`'s pieces attacking the general of `!by`, standing on `sq` (see
/// [`scan_general_attackers`]).
pub(super) fn general_attackers(board: &Board, sq: Square, by: Color) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    scan_general_attackers(board, sq, by, |s| {
        set.insert(s);
        false
    });
    set
}

/// Whether `x` lies strictly between `a` and `b` on a shared file or rank.
#[inline(always)]
fn strictly_between(a: usize, b: usize, x: usize) -> bool {
    let (af, ar, bf, br, xf, xr) = (a % 9, a / 9, b % 9, b / 9, x % 9, x / 9);
    if ar == br {
        xr == ar && af.min(bf) < xf && xf < af.max(bf)
    } else if af == bf {
        xf == af && ar.min(br) < xr && xr < ar.max(br)
    } else {
        false
    }
}

/// Whether a move `from`→`to` (not a general move) can stop the piece on `c` from
/// attacking the general on `g`: by capturing it, by standing on or leaving a point of
/// the line between them, or by filling a point next to the general diagonally (a horse
/// leg or an elephant eye). When it cannot, the piece still attacks after the move.
#[inline(always)]
pub(super) fn may_answer(g: usize, c: usize, from: usize, to: usize) -> bool {
    to == c
        || strictly_between(g, c, to)
        || strictly_between(g, c, from)
        || MASKS.diagonal[g] & bit(to) != 0
}

/// The points strictly between `g` and `c` when they share a line, else none.
#[inline(always)]
pub(super) fn between_mask(g: usize, c: usize) -> u128 {
    let Some(d) = direction(g, c) else {
        return 0;
    };
    // The ray from `g` towards `c` meets the ray from `c` back towards `g` (direction
    // `d ^ 1`, the opposite one) on the points between them alone.
    RAY_MASKS[g][d] & RAY_MASKS[c][d ^ 1]
}

/// The quick part of the legality test of a non-general move of the side whose general
/// stands on `g`, prepared once per position from the pieces giving check: which moves
/// are surely legal, surely illegal, or need a board test.
///
/// Not in check, a move can only expose the general (see [`attacked_after`]) when
/// `from` or `to` lies on the general's file or rank (a line opens, a cannon screen
/// appears or goes, the generals come to face each other) or `from` is a diagonal
/// neighbour of the general (a horse leg or elephant eye); any other move is legal.
/// In check, a move that cannot answer some checker (see [`may_answer`]) is illegal.
/// Both are encoded as point masks.
#[derive(Clone, Copy)]
pub(super) struct Safety {
    /// The pieces attacking the general.
    pub(super) checkers: SquareSet,
    /// Not in check: a move neither leaving a point of `from_mask` nor filling one of
    /// `to_mask` is legal. In check: per checker (when there are at most two), a move
    /// neither filling a point of `.0` nor leaving one of `.1` leaves it attacking.
    from_mask: u128,
    to_mask: u128,
    answers: [(u128, u128); 2],
    /// The number of checkers (3 standing for 3 or more).
    n: u8,
}

impl Safety {
    /// Prepares the test for the general on `g` attacked by `checkers`.
    pub(super) fn new(g: Square, checkers: SquareSet) -> Safety {
        let g = g.index();
        let (lines, diag) = (MASKS.lines[g], MASKS.diagonal[g]);
        let mut answers = [(0, 0); 2];
        // The first two checkers, lowest point first; `rest`: the others.
        let mut rest = checkers.0;
        let mut k = 0;
        while rest != 0 && k < 2 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            // Only a checker on the general's file or rank has points between.
            let between = if lines & bit(c) != 0 {
                between_mask(g, c)
            } else {
                0
            };
            answers[k] = (bit(c) | between | diag, between);
            k += 1;
        }
        Safety {
            checkers,
            from_mask: lines | diag,
            to_mask: lines,
            answers,
            n: if rest != 0 { 3 } else { k as u8 },
        }
    }

    /// Whether it knows the answering points ([`Safety::answer_mask`]): in check by one or
    /// two pieces.
    #[inline(always)]
    pub(super) fn lists_answers(&self) -> bool {
        matches!(self.n, 1 | 2)
    }

    /// In check by one or two pieces: the points a non-general move from `from` may land
    /// on without surely leaving a checker attacking (the moves [`Safety::quick`] does not
    /// call surely illegal); `None` for more checkers or none.
    #[inline(always)]
    pub(super) fn answer_mask(&self, from: usize) -> Option<u128> {
        match self.n {
            n @ (1 | 2) => Some(
                self.answers[..n as usize]
                    .iter()
                    .fold(
                        u128::MAX,
                        |m, &(t, f)| {
                            if f & bit(from) != 0 {
                                m
                            } else {
                                m & t
                            }
                        },
                    ),
            ),
            _ => None,
        }
    }

    /// For a non-general move `from`→`to`: `Some(true)` when it is surely legal,
    /// `Some(false)` when surely illegal, `None` when the board must be tested.
    #[inline(always)]
    pub(super) fn quick(&self, g: Square, from: usize, to: usize) -> Option<bool> {
        match self.n {
            0 => (self.from_mask & bit(from) == 0 && self.to_mask & bit(to) == 0).then_some(true),
            n @ (1 | 2) => {
                let unanswered = self.answers[..n as usize]
                    .iter()
                    .any(|&(t, f)| t & bit(to) == 0 && f & bit(from) == 0);
                unanswered.then_some(false)
            }
            _ => self
                .checkers
                .into_iter()
                .any(|c| !may_answer(g.index(), c.index(), from, to))
                .then_some(false),
        }
    }
}

/// The quick part of the test whether a move attacks the general on `g` (prepared once
/// per position): when nothing attacks the general before the move, a move can only
/// attack it when `from` lies on the general's file or rank or next to it diagonally
/// (uncovering a line, a horse leg or an elephant eye), or `to` lies on its file or rank
/// or within two files and two ranks of it (where the moved piece attacks from, or a
/// cannon screen appears); see [`attacked_after`].
#[derive(Clone, Copy)]
pub(super) struct CheckMask {
    /// The pieces attacking the general before the move.
    pub(super) before: SquareSet,
    from_mask: u128,
    to_mask: u128,
}

impl CheckMask {
    /// Prepares the test for the general on `g` attacked by `before`.
    pub(super) fn new(g: Square, before: SquareSet) -> CheckMask {
        let g = g.index();
        CheckMask {
            before,
            from_mask: MASKS.lines[g] | MASKS.diagonal[g],
            to_mask: MASKS.lines[g] | MASKS.near[g],
        }
    }

    /// Whether the move `from`→`to` surely does not attack the general.
    #[inline(always)]
    pub(super) fn surely_not(&self, from: usize, to: usize) -> bool {
        self.before.is_empty() && self.from_mask & bit(from) == 0 && self.to_mask & bit(to) == 0
    }
}

/// Whether `by`'s piece on `c` attacks `sq` (the attack of that one piece as
/// [`scan_attackers`] sees it).
pub(super) fn attacks_from(board: &Board, c: usize, sq: usize, by: Color) -> bool {
    let Some(p) = board[c] else {
        return false;
    };
    if p.color != by {
        return false;
    }
    // Pieces on the line strictly between `sq` and `c`, if they share a line.
    let between = |d: usize| board.count_between(sq, c, d);
    match p.role {
        Role::Chariot => direction(sq, c).is_some_and(|d| between(d) == 0),
        Role::Cannon => direction(sq, c).is_some_and(|d| between(d) == 1),
        Role::General => {
            let target_is_general =
                matches!(board[sq], Some(t) if t.role == Role::General && t.color != by);
            (target_is_general && direction(sq, c).is_some_and(|d| d >= 2 && between(d) == 0))
                || (IN_PALACE[by.index()][sq]
                    && ORTH_NEIGHBOURS[sq].as_slice().contains(&(c as u8)))
        }
        Role::Horse => HORSE_ATTACKS[sq]
            .as_slice()
            .iter()
            .any(|&(h, leg)| h as usize == c && board.is_empty_at(leg as usize)),
        Role::Soldier => SOLDIER_ATTACKS[by.index()][sq]
            .as_slice()
            .contains(&(c as u8)),
        Role::Advisor => {
            IN_PALACE[by.index()][sq] && DIAG_NEIGHBOURS[sq].as_slice().contains(&(c as u8))
        }
        Role::Elephant => {
            is_home_rank(sq, by)
                && ELEPHANT_ATTACKS[sq]
                    .as_slice()
                    .iter()
                    .any(|&(e, eye)| e as usize == c && board.is_empty_at(eye as usize))
        }
    }
}

/// Whether point `sq` lies on `color`'s own side of the river.
#[inline(always)]
fn is_home_rank(sq: usize, color: Color) -> bool {
    Square::new_unchecked(sq as u8).rank().is_home(color)
}

/// After a move `from`→`to` has been made on `board` (neither point being `sq`, the point
/// of the general of `!by`): whether `by` attacks `sq`, given `before`, the points of `by`'s pieces that attacked `sq`
/// before the move.
///
/// An attacker after the move either attacked before (each of `before` that was not
/// captured is tested again), or is the moved piece, or attacks through a point the move
/// changed: along the lines from `sq` through `from` or `to` (a line opens, a cannon
/// screen appears or goes, a general comes to face the other), or over a horse leg or
/// elephant eye that `from` was. Soldiers, advisors and generals attack without passing
/// over any point, and a point that was filled (`to`) only blocks horses and elephants.
pub(super) fn attacked_after(
    board: &Board,
    sq: Square,
    from: usize,
    to: usize,
    by: Color,
    before: SquareSet,
) -> bool {
    let s = sq.index();
    for c in before {
        if c.index() != to && attacks_from(board, c.index(), s, by) {
            return true;
        }
    }
    // `sq` is the point of the general of `!by`: the lines are scanned for a general target.
    let mut found = |_| true;
    let dfrom = direction(s, from);
    if let Some(d) = dfrom {
        if scan_ray(board, board.occupied, s, d, by, true, &mut found) {
            return true;
        }
    }
    if let Some(d) = direction(s, to) {
        if Some(d) != dfrom && scan_ray(board, board.occupied, s, d, by, true, &mut found) {
            return true;
        }
    }
    if MASKS.diagonal[s] & bit(from) != 0 {
        let horse = Piece::new(by, Role::Horse);
        if HORSE_ATTACKS[s]
            .as_slice()
            .iter()
            .any(|&(h, leg)| leg as usize == from && board.is(h as usize, horse))
        {
            return true;
        }
        let elephant = Piece::new(by, Role::Elephant);
        if is_home_rank(s, by)
            && ELEPHANT_ATTACKS[s]
                .as_slice()
                .iter()
                .any(|&(e, eye)| eye as usize == from && board.is(e as usize, elephant))
        {
            return true;
        }
    }
    // The moved piece, when it is `by`'s, attacking from `to` (its line attacks were
    // found by the ray scans above).
    MASKS.near[s] & bit(to) != 0
        && matches!(board[to], Some(p) if p.color == by
            && !matches!(p.role, Role::Chariot | Role::Cannon))
        && attacks_from(board, to, s, by)
}

/// The points of `targets` holding a piece that one of `by`'s pieces attacks: the occupied
/// points `p` of `targets` with [`is_attacked`]`(board, p, by)`, found from the attackers'
/// side in one pass over `by`'s pieces (each attack relation read the other way round:
/// the first piece on a chariot's line, the second on a cannon's, a horse's or an
/// elephant's point with its leg or eye empty, a soldier's, advisor's or general's step,
/// and the other general facing its own on a file). Cheaper than a scan per target when
/// there are several.
pub(super) fn attacked_among(board: &Board, targets: u128, by: Color) -> u128 {
    let targets = targets & board.occupied;
    if targets == 0 {
        return 0;
    }
    let c = by.index();
    let their_general = Piece::new(!by, Role::General);
    let mut hit = 0u128;
    for i in Bits::new(board.occupied_by(by)) {
        let Some(p) = board[i] else { continue };
        match p.role {
            Role::Chariot => {
                for (d, &ray) in RAY_MASKS[i].iter().enumerate() {
                    let line = board.occupied & ray;
                    if line != 0 {
                        hit |= bit(nearest(line, d));
                    }
                }
            }
            Role::Cannon => {
                for (d, &ray) in RAY_MASKS[i].iter().enumerate() {
                    let line = board.occupied & ray;
                    if line == 0 {
                        continue;
                    }
                    // The pieces beyond the first.
                    let rest = line & RAY_MASKS[nearest(line, d)][d];
                    if rest != 0 {
                        hit |= bit(nearest(rest, d));
                    }
                }
            }
            Role::Horse => {
                for &(to, leg) in HORSE_MOVES[i].as_slice() {
                    if board.is_empty_at(leg as usize) {
                        hit |= bit(to as usize);
                    }
                }
            }
            Role::Elephant => {
                for &(to, eye) in ELEPHANT_MOVES[c][i].as_slice() {
                    if board.is_empty_at(eye as usize) {
                        hit |= bit(to as usize);
                    }
                }
            }
            // A soldier's and an advisor's steps are where they attack.
            Role::Soldier | Role::Advisor => hit |= REACH[c][p.role.index()][i],
            Role::General => {
                hit |= GENERAL_REACH[c][i];
                // The flying general: the other general first on its file.
                for (d, &ray) in RAY_MASKS[i].iter().enumerate().skip(2) {
                    let line = board.occupied & ray;
                    if line != 0 {
                        let j = nearest(line, d);
                        if board.is(j, their_general) {
                            hit |= bit(j);
                        }
                    }
                }
            }
        }
        if hit & targets == targets {
            break;
        }
    }
    hit & targets
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    /// The positions of `fens` (read loosely) and those one and two plies below them.
    fn two_plies_deep(fens: &[&str]) -> Vec<Position> {
        let mut all = Vec::new();
        for fen in fens {
            let setup: crate::Setup = fen.parse().unwrap();
            let (root, _) = Position::from_setup(setup, crate::Placement::Loose).unwrap();
            for m in root.legal_moves() {
                let p = root.after(&m);
                all.extend(p.legal_moves().iter().map(|r| p.after(r)));
                all.push(p);
            }
            all.push(root);
        }
        all
    }

    /// The bare board of `pos`.
    fn board_of(pos: &Position) -> Board {
        let generals = ByColor::new_with(|c| pos.general(c));
        Board::new(pos.board(), pos.turn(), generals)
    }

    /// `attacked_among` finds, of every occupied point, those the scan says `by` attacks,
    /// for both colours, over positions two plies deep (checks, pins, facing generals,
    /// cannon screens, horse legs, elephant eyes) and loose placements.
    #[test]
    fn attacked_among_agrees_with_scan() {
        let fens = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
            "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
            "3k5/3n5/9/9/4N4/9/9/9/4C4/4K4 w - - 0 1",
            "3ak4/4a4/4b4/9/4c4/9/4R4/9/3K5/9 b - - 0 1",
            "4k4/9/9/9/4N4/9/9/4R4/9/3K5 w - - 0 1",
            "R3k4/8r/3NP4/9/4C4/9/9/9/9/3K5 b - - 0 1",
            "4k4/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1",
            // Loose placements: pieces off their points (advisor, elephant, soldiers).
            "3k5/3A5/9/9/9/9/9/3B5/2P6/4K4 w",
            "3k5/2a6/2p6/9/4b4/9/9/9/9/4K4 b",
        ];
        let mut checked = 0;
        for pos in two_plies_deep(&fens) {
            let board = board_of(&pos);
            for by in Color::ALL {
                let want = Square::all()
                    .filter(|&s| pos.piece_at(s).is_some() && pos.is_attacked(s, by))
                    .fold(0u128, |m, s| m | bit(s.index()));
                assert_eq!(
                    attacked_among(&board, u128::MAX, by),
                    want,
                    "{by:?} in {}",
                    pos.fen()
                );
                // A part of the targets: the answer is that part of the whole.
                let some = board.occupied() & 0x5555_5555_5555_5555_5555_5555;
                assert_eq!(attacked_among(&board, some, by), want & some);
                checked += want.count_ones();
            }
        }
        assert!(checked > 10_000, "{checked} attacked points");
    }

    /// `occupied_by` (gathered from the bytes eight at a time) has exactly the points of
    /// each colour's pieces, and the occupied mask `Board::new` gathers from the bytes the
    /// points of all of them, over positions two plies deep and loose placements, and over
    /// boards filled point by point (every point, the last ones included, holding each of
    /// the fourteen pieces in turn).
    #[test]
    fn occupied_by_agrees_with_the_pieces() {
        let fens = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
            "3k5/2a6/2p6/9/4b4/9/9/9/9/4K4 b",
        ];
        let mut boards: Vec<Board> = two_plies_deep(&fens).iter().map(board_of).collect();
        let start = board_of(&Position::startpos());
        for i in 0..90 {
            for p in 0..14 {
                let mut b = start;
                b.set(i, Some(Piece::new(Color::ALL[p / 7], Role::ALL[p % 7])));
                boards.push(b);
            }
        }
        for board in &boards {
            let occupied = (0..90)
                .filter(|&i| board[i].is_some())
                .fold(0u128, |m, i| m | bit(i));
            assert_eq!(board.occupied(), occupied);
            assert!(Board::new(board.squares(), board.turn, board.generals) == *board);
            for color in Color::ALL {
                let want = (0..90)
                    .filter(|&i| matches!(board[i], Some(p) if p.color == color))
                    .fold(0u128, |m, i| m | bit(i));
                assert_eq!(board.occupied_by(color), want);
            }
        }
        assert!(boards.len() > 2_000, "{} boards", boards.len());
    }

    /// The windows of [`NEAR`] hold every point of the `u128` masks they stand for (none
    /// falls outside a window).
    #[test]
    fn near_windows_hold_the_masks() {
        for s in 0..90 {
            let n = &NEAR[s];
            let back = |w: u64| u128::from(w) << n.base;
            assert_eq!(back(n.horse), HORSE_ORIGINS[s], "{s}");
            assert_eq!(back(n.soldier[0]), SOLDIER_ORIGINS[0][s], "{s}");
            assert_eq!(back(n.soldier[1]), SOLDIER_ORIGINS[1][s], "{s}");
            assert_eq!(back(n.orth), ORTH_NEIGHBOUR_MASKS[s], "{s}");
            assert_eq!(back(n.diagonal), MASKS.diagonal[s], "{s}");
            assert_eq!(back(n.elephant), ELEPHANT_ORIGINS[s], "{s}");
            assert_eq!(back(n.rank[0]), RAY_MASKS[s][0], "{s}");
            assert_eq!(back(n.rank[1]), RAY_MASKS[s][1], "{s}");
        }
    }

    /// Directions `d` and `d ^ 1` are opposite, so that the rays of two points on a line
    /// towards each other meet on the points strictly between them (what `between_mask`,
    /// `count_between` and the line scans read), and a ray from a point on another ray in
    /// the same direction is the rest of that ray beyond it.
    #[test]
    fn opposite_rays_meet_between() {
        let mut pairs = 0;
        for (a, rays) in RAY_MASKS.iter().enumerate() {
            for (d, &ray_mask) in rays.iter().enumerate() {
                let ray = ray_points(a, d);
                for (k, &b) in ray.iter().enumerate() {
                    let between = ray[..k].iter().fold(0u128, |m, &i| m | bit(i));
                    let beyond = ray[k + 1..].iter().fold(0u128, |m, &i| m | bit(i));
                    assert_eq!(ray_mask & RAY_MASKS[b][d ^ 1], between);
                    assert_eq!(between_mask(a, b), between);
                    assert_eq!(RAY_MASKS[b][d], beyond);
                    assert_eq!(direction(b, a), Some(d ^ 1));
                    pairs += 1;
                }
            }
        }
        // Nine other points on a point's file and eight on its rank.
        assert_eq!(pairs, 90 * 17);
    }

    /// The points of the ray from `a` in direction `d`, nearest first, stepped one point at a
    /// time (files +1, −1, ranks +1, −1).
    fn ray_points(a: usize, d: usize) -> Vec<usize> {
        let (df, dr) = [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)][d];
        let (mut f, mut r) = ((a % 9) as i32, (a / 9) as i32);
        let mut out = Vec::new();
        loop {
            f += df;
            r += dr;
            if !(0..9).contains(&f) || !(0..10).contains(&r) {
                return out;
            }
            out.push((r * 9 + f) as usize);
        }
    }

    /// `attacks_from` (one piece's attack, used to re-test checkers) agrees with the
    /// attacker scan on every point, for both colours, over positions two plies deep.
    #[test]
    fn attacks_from_agrees_with_scan() {
        let fens = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
            "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
            "3k5/3n5/9/9/4N4/9/9/9/4C4/4K4 w - - 0 1",
        ];
        let mut pairs = 0;
        for pos in two_plies_deep(&fens) {
            let board = board_of(&pos);
            for sq in Square::all() {
                for by in Color::ALL {
                    let set = pos.attackers(sq, by);
                    for c in Square::all() {
                        let one = attacks_from(&board, c.index(), sq.index(), by);
                        assert_eq!(one, set.contains(c), "{c} on {sq} in {}", pos.fen());
                        pairs += usize::from(one);
                    }
                }
            }
        }
        assert!(pairs > 100_000, "{pairs} attacking pairs");
    }
}
