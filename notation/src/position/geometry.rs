//! Precomputed board geometry: for every point, the points a piece reaches from it (in
//! the generation order of [`super::Position::pseudo_moves_from`]) and the points a piece
//! attacks it from, with the leg or eye that must be empty. Built at compile time, so the
//! hot loops read small tables instead of doing bounds-checked coordinate arithmetic.

/// The four orthogonal steps, in generation order: file +1, file −1, rank +1, rank −1.
const ORTH: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four diagonal steps, in generation order.
const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// Horse steps with the leg (the orthogonal neighbour that must be empty), in generation order.
const HORSE: [((i8, i8), (i8, i8)); 8] = [
    ((1, 2), (0, 1)),
    ((-1, 2), (0, 1)),
    ((1, -2), (0, -1)),
    ((-1, -2), (0, -1)),
    ((2, 1), (1, 0)),
    ((2, -1), (1, 0)),
    ((-2, 1), (-1, 0)),
    ((-2, -1), (-1, 0)),
];

/// A short list of point indices (at most `N`).
#[derive(Clone, Copy)]
pub(super) struct List<const N: usize> {
    items: [u8; N],
    len: u8,
}

impl<const N: usize> List<N> {
    const EMPTY: List<N> = List {
        items: [0; N],
        len: 0,
    };

    const fn push(mut self, i: u8) -> List<N> {
        self.items[self.len as usize] = i;
        self.len += 1;
        self
    }

    /// The points, in order.
    #[inline(always)]
    pub(super) fn as_slice(&self) -> &[u8] {
        &self.items[..self.len as usize]
    }

    /// The points as a point mask.
    const fn mask(&self) -> u128 {
        let mut m = 0u128;
        let mut k = 0;
        while k < self.len as usize {
            m |= 1u128 << self.items[k];
            k += 1;
        }
        m
    }
}

/// A short list of `(point, leg)` pairs: the leg (or elephant eye) must be empty.
#[derive(Clone, Copy)]
pub(super) struct Pairs<const N: usize> {
    items: [(u8, u8); N],
    len: u8,
}

impl<const N: usize> Pairs<N> {
    const EMPTY: Pairs<N> = Pairs {
        items: [(0, 0); N],
        len: 0,
    };

    const fn push(mut self, i: u8, leg: u8) -> Pairs<N> {
        self.items[self.len as usize] = (i, leg);
        self.len += 1;
        self
    }

    /// The pairs, in order.
    #[inline(always)]
    pub(super) fn as_slice(&self) -> &[(u8, u8)] {
        &self.items[..self.len as usize]
    }

    /// The points (the first of each pair) as a point mask.
    const fn mask(&self) -> u128 {
        let mut m = 0u128;
        let mut k = 0;
        while k < self.len as usize {
            m |= 1u128 << self.items[k].0;
            k += 1;
        }
        m
    }
}

/// The index of `(file + df, rank + dr)` from point `sq`, or `None` off the board.
const fn offset(sq: usize, df: i8, dr: i8) -> Option<u8> {
    let f = (sq % 9) as i8 + df;
    let r = (sq / 9) as i8 + dr;
    if f >= 0 && f < 9 && r >= 0 && r < 10 {
        Some((r * 9 + f) as u8)
    } else {
        None
    }
}

/// Whether point `i` lies in the palace of colour index `c` (0 Red, 1 Black).
const fn in_palace(i: u8, c: usize) -> bool {
    let (f, r) = (i % 9, i / 9);
    f >= 3 && f <= 5 && if c == 0 { r <= 2 } else { r >= 7 }
}

/// Whether point `i` lies on the own side of the river of colour index `c`.
const fn is_home(i: u8, c: usize) -> bool {
    if c == 0 {
        i / 9 <= 4
    } else {
        i / 9 >= 5
    }
}

/// The lines from each point: `RAYS[sq][d]` lists the points met walking in direction
/// `ORTH[d]`, nearest first.
pub(super) static RAYS: [[List<9>; 4]; 90] = {
    let mut t = [[List::EMPTY; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = ORTH[d];
            let mut k = 1;
            while let Some(i) = offset(sq, df * k, dr * k) {
                t[sq][d] = t[sq][d].push(i);
                k += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// The lines from each point as point masks: `RAY_MASKS[sq][d]` has the points of
/// `RAYS[sq][d]`.
pub(super) static RAY_MASKS: [[u128; 4]; 90] = {
    let mut t = [[0u128; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            t[sq][d] = RAYS[sq][d].mask();
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Horse moves from each point: `(to, leg)` in generation order.
pub(super) static HORSE_MOVES: [Pairs<8>; 90] = {
    let mut t = [Pairs::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut k = 0;
        while k < 8 {
            let ((df, dr), (lf, lr)) = HORSE[k];
            if let (Some(to), Some(leg)) = (offset(sq, df, dr), offset(sq, lf, lr)) {
                t[sq] = t[sq].push(to, leg);
            }
            k += 1;
        }
        sq += 1;
    }
    t
};

/// Horse attacks on each point: `(horse, leg)` for every point a horse attacks it from.
pub(super) static HORSE_ATTACKS: [Pairs<8>; 90] = {
    let mut t = [Pairs::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut k = 0;
        while k < 8 {
            let ((df, dr), (lf, lr)) = HORSE[k];
            if let Some(h) = offset(sq, -df, -dr) {
                if let Some(leg) = offset(h as usize, lf, lr) {
                    t[sq] = t[sq].push(h, leg);
                }
            }
            k += 1;
        }
        sq += 1;
    }
    t
};

/// `HORSE_ORIGINS[sq]`: the points of [`HORSE_ATTACKS`]`[sq]` (where a horse attacks `sq`
/// from) as a point mask.
pub(super) static HORSE_ORIGINS: [u128; 90] = pair_masks(&HORSE_ATTACKS);

/// The leg of a horse on `h` attacking point `sq` (a point of [`HORSE_ORIGINS`]`[sq]`):
/// the neighbour of `h` one step along the move's long side, found from `sq - h` alone
/// (±7, ±11: two files and one rank; ±17, ±19: one file and two ranks).
#[inline(always)]
pub(super) fn horse_leg(sq: usize, h: usize) -> usize {
    // Indexed by `sq - h + 19`; only the eight horse offsets are read. 64 entries, so
    // that masking the index bounds it (an `& 63` instead of the multiplications of a
    // `% 39`).
    const STEP: [i8; 64] = {
        let mut t = [0i8; 64];
        t[19 + 19] = 9;
        t[19 + 17] = 9;
        t[19 - 17] = -9;
        t[0] = -9; // 19 - 19
        t[19 + 11] = 1;
        t[19 - 7] = 1;
        t[19 + 7] = -1;
        t[19 - 11] = -1;
        t
    };
    (h as isize + STEP[(sq + 19 - h) & 63] as isize) as usize
}

/// Elephant moves of each colour from each point: `(to, eye)` in generation order, only
/// to points on the elephant's own side.
pub(super) static ELEPHANT_MOVES: [[Pairs<4>; 90]; 2] = {
    let mut t = [[Pairs::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 90 {
            let mut k = 0;
            while k < 4 {
                let (df, dr) = DIAG[k];
                if let (Some(to), Some(eye)) = (offset(sq, 2 * df, 2 * dr), offset(sq, df, dr)) {
                    if is_home(to, c) {
                        t[c][sq] = t[c][sq].push(to, eye);
                    }
                }
                k += 1;
            }
            sq += 1;
        }
        c += 1;
    }
    t
};

/// Elephant attacks on each point: `(elephant, eye)` for the two-step diagonals.
pub(super) static ELEPHANT_ATTACKS: [Pairs<4>; 90] = {
    let mut t = [Pairs::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut k = 0;
        while k < 4 {
            let (df, dr) = DIAG[k];
            if let (Some(s), Some(eye)) = (offset(sq, 2 * df, 2 * dr), offset(sq, df, dr)) {
                t[sq] = t[sq].push(s, eye);
            }
            k += 1;
        }
        sq += 1;
    }
    t
};

/// Builds the one-step moves (`ORTH` or `DIAG`) that stay in each colour's palace.
const fn palace_steps(steps: [(i8, i8); 4]) -> [[List<4>; 90]; 2] {
    let mut t = [[List::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 90 {
            let mut k = 0;
            while k < 4 {
                let (df, dr) = steps[k];
                if let Some(to) = offset(sq, df, dr) {
                    if in_palace(to, c) {
                        t[c][sq] = t[c][sq].push(to);
                    }
                }
                k += 1;
            }
            sq += 1;
        }
        c += 1;
    }
    t
}

/// General steps of each colour from each point, in generation order, inside the palace.
pub(super) static GENERAL_MOVES: [[List<4>; 90]; 2] = palace_steps(ORTH);

/// Advisor steps of each colour from each point, in generation order, inside the palace.
pub(super) static ADVISOR_MOVES: [[List<4>; 90]; 2] = palace_steps(DIAG);

/// Builds the one-step neighbours (`ORTH` or `DIAG`) of each point on the board.
const fn neighbours(steps: [(i8, i8); 4]) -> [List<4>; 90] {
    let mut t = [List::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut k = 0;
        while k < 4 {
            let (df, dr) = steps[k];
            if let Some(to) = offset(sq, df, dr) {
                t[sq] = t[sq].push(to);
            }
            k += 1;
        }
        sq += 1;
    }
    t
}

/// Orthogonal neighbours of each point (where a general attacks it from).
pub(super) static ORTH_NEIGHBOURS: [List<4>; 90] = neighbours(ORTH);

/// Diagonal neighbours of each point (where an advisor attacks it from).
pub(super) static DIAG_NEIGHBOURS: [List<4>; 90] = neighbours(DIAG);

/// `ORTH_NEIGHBOUR_MASKS[sq]`: the points of [`ORTH_NEIGHBOURS`]`[sq]` as a point mask.
pub(super) static ORTH_NEIGHBOUR_MASKS: [u128; 90] = list_masks(&ORTH_NEIGHBOURS);

/// `ELEPHANT_ORIGINS[sq]`: the points of [`ELEPHANT_ATTACKS`]`[sq]` (where an elephant
/// attacks `sq` from; its eye is the midpoint) as a point mask.
pub(super) static ELEPHANT_ORIGINS: [u128; 90] = pair_masks(&ELEPHANT_ATTACKS);

/// `HOME[c][sq]`: whether point `sq` lies on the own side of the river of colour `c`.
pub(super) static HOME: [[bool; 90]; 2] = {
    let mut t = [[false; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 90 {
            t[c][sq] = is_home(sq as u8, c);
            sq += 1;
        }
        c += 1;
    }
    t
};

/// Soldier moves of each colour from each point: forward, then sideways (file −1, +1)
/// once across the river.
pub(super) static SOLDIER_MOVES: [[List<3>; 90]; 2] = {
    let mut t = [[List::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let fwd: i8 = if c == 0 { 1 } else { -1 };
        let mut sq = 0;
        while sq < 90 {
            if let Some(to) = offset(sq, 0, fwd) {
                t[c][sq] = t[c][sq].push(to);
            }
            if !is_home(sq as u8, c) {
                if let Some(to) = offset(sq, -1, 0) {
                    t[c][sq] = t[c][sq].push(to);
                }
                if let Some(to) = offset(sq, 1, 0) {
                    t[c][sq] = t[c][sq].push(to);
                }
            }
            sq += 1;
        }
        c += 1;
    }
    t
};

/// Soldier attacks of each colour on each point: the points a soldier of that colour
/// attacks it from (behind it, and beside it beyond the soldier's river).
pub(super) static SOLDIER_ATTACKS: [[List<3>; 90]; 2] = {
    let mut t = [[List::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let fwd: i8 = if c == 0 { 1 } else { -1 };
        let mut sq = 0;
        while sq < 90 {
            if let Some(s) = offset(sq, 0, -fwd) {
                t[c][sq] = t[c][sq].push(s);
            }
            if !is_home(sq as u8, c) {
                if let Some(s) = offset(sq, -1, 0) {
                    t[c][sq] = t[c][sq].push(s);
                }
                if let Some(s) = offset(sq, 1, 0) {
                    t[c][sq] = t[c][sq].push(s);
                }
            }
            sq += 1;
        }
        c += 1;
    }
    t
};

/// `IN_PALACE[c][sq]`: whether point `sq` lies in colour `c`'s palace.
pub(super) static IN_PALACE: [[bool; 90]; 2] = {
    let mut t = [[false; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 90 {
            t[c][sq] = in_palace(sq as u8, c);
            sq += 1;
        }
        c += 1;
    }
    t
};

/// `DIRECTIONS[g][s]`: the direction (index into the ray table) from `g` towards `s`
/// when they share a file or a rank, else 4. A table read takes fewer instructions than
/// the divisions by 9 that find the files and ranks.
static DIRECTIONS: [[u8; 90]; 90] = {
    let mut t = [[4u8; 90]; 90];
    let mut g = 0;
    while g < 90 {
        let mut d = 0;
        while d < 4 {
            let ray = &RAYS[g][d];
            let mut k = 0;
            while k < ray.len as usize {
                t[g][ray.items[k] as usize] = d as u8;
                k += 1;
            }
            d += 1;
        }
        g += 1;
    }
    t
};

/// The direction (index into the ray table) from `g` towards `s` when they share a file
/// or a rank, else `None`.
#[inline(always)]
pub(super) fn direction(g: usize, s: usize) -> Option<usize> {
    let d = DIRECTIONS[g][s] as usize;
    (d < 4).then_some(d)
}

/// Point masks (bit `i` for point `i`) around each point: the points on its file and
/// rank (itself excluded), its diagonal neighbours, and the points within two files and
/// two ranks of it (itself included).
pub(super) struct Masks {
    /// File and rank.
    pub(super) lines: [u128; 90],
    /// Diagonal neighbours.
    pub(super) diagonal: [u128; 90],
    /// Within two files and two ranks.
    pub(super) near: [u128; 90],
}

/// See [`Masks`].
pub(super) static MASKS: Masks = {
    let mut m = Masks {
        lines: [0; 90],
        diagonal: [0; 90],
        near: [0; 90],
    };
    let mut sq: usize = 0;
    while sq < 90 {
        let mut i: usize = 0;
        while i < 90 {
            let (df, dr) = ((i % 9).abs_diff(sq % 9), (i / 9).abs_diff(sq / 9));
            if i != sq && (df == 0 || dr == 0) {
                m.lines[sq] |= 1 << i;
            }
            if df == 1 && dr == 1 {
                m.diagonal[sq] |= 1 << i;
            }
            if df <= 2 && dr <= 2 {
                m.near[sq] |= 1 << i;
            }
            i += 1;
        }
        sq += 1;
    }
    m
};

/// `GENERAL_REACH[c][sq]`: the points of [`GENERAL_MOVES`]`[c][sq]` as a point mask.
pub(super) static GENERAL_REACH: [[u128; 90]; 2] = colour_masks(&GENERAL_MOVES);

/// The point masks of a table of lists per colour and point.
const fn colour_masks<const N: usize>(lists: &[[List<N>; 90]; 2]) -> [[u128; 90]; 2] {
    [list_masks(&lists[0]), list_masks(&lists[1])]
}

/// The point masks of a table of lists per point.
const fn list_masks<const N: usize>(lists: &[List<N>; 90]) -> [u128; 90] {
    let mut t = [0u128; 90];
    let mut sq = 0;
    while sq < 90 {
        t[sq] = lists[sq].mask();
        sq += 1;
    }
    t
}

/// The masks of the first points of a table of pairs per point.
const fn pair_masks<const N: usize>(pairs: &[Pairs<N>; 90]) -> [u128; 90] {
    let mut t = [0u128; 90];
    let mut sq = 0;
    while sq < 90 {
        t[sq] = pairs[sq].mask();
        sq += 1;
    }
    t
}

/// `SOLDIER_ORIGINS[c][sq]`: the points of [`SOLDIER_ATTACKS`]`[c][sq]` as a point mask.
pub(super) static SOLDIER_ORIGINS: [[u128; 90]; 2] = colour_masks(&SOLDIER_ATTACKS);

/// `REACH[c][role][sq]`: a mask of the points a piece of colour index `c` and role index
/// `role` standing on `sq` may ever move to (a superset for the general, whose flying
/// capture is along its whole file and rank here): no pseudo-legal move of it leads
/// anywhere else.
pub(super) static REACH: [[[u128; 90]; 7]; 2] = {
    let mut t = [[[0u128; 90]; 7]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 90 {
            let lines = MASKS.lines[sq];
            t[c][0][sq] = GENERAL_MOVES[c][sq].mask() | lines;
            t[c][1][sq] = ADVISOR_MOVES[c][sq].mask();
            t[c][2][sq] = ELEPHANT_MOVES[c][sq].mask();
            t[c][3][sq] = HORSE_MOVES[sq].mask();
            t[c][4][sq] = lines;
            t[c][5][sq] = lines;
            t[c][6][sq] = SOLDIER_MOVES[c][sq].mask();
            sq += 1;
        }
        c += 1;
    }
    t
};

/// The bit of point `i` in a `u128` point mask (`1 << i`, for `i` below 128).
#[inline(always)]
pub(super) fn bit(i: usize) -> u128 {
    crate::types::SQUARE_BITS[i & 127]
}

/// Horse attacks on each point grouped by leg: `HORSE_LEGS[sq][k]` is the diagonal
/// neighbour of `sq` in direction `DIAG[k]` (any point when it is off the board, its
/// mask being empty) and the mask of the points a horse attacks `sq` from over that leg.
/// The leg is a point, not a mask, so that whether it is empty is one byte's test.
pub(super) static HORSE_LEGS: [[(u8, u128); 4]; 90] = {
    let mut t = [[(0u8, 0u128); 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let attacks = &HORSE_ATTACKS[sq];
        let mut k = 0;
        while k < 4 {
            let (df, dr) = DIAG[k];
            if let Some(leg) = offset(sq, df, dr) {
                t[sq][k].0 = leg;
                let mut j = 0;
                while j < attacks.len as usize {
                    if attacks.items[j].1 == leg {
                        t[sq][k].1 |= 1u128 << attacks.items[j].0;
                    }
                    j += 1;
                }
            }
            k += 1;
        }
        sq += 1;
    }
    t
};
