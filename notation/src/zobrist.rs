//! Zobrist keys: one random 64-bit key per piece and point, and one for Black to move.
//!
//! The table is computed at compile time with splitmix64, so keys are stable across
//! runs and platforms. [`crate::Position`] updates its key incrementally; tests check it
//! against [`compute`].

use crate::{Color, Piece, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build() -> ([[u64; 90]; 14], u64) {
    let mut table = [[0u64; 90]; 14];
    let mut state = 0x5149_4C49_u64; // "QILI"
    let mut p = 0;
    while p < 14 {
        let mut s = 0;
        while s < 90 {
            let (ns, v) = splitmix(state);
            state = ns;
            table[p][s] = v;
            s += 1;
        }
        p += 1;
    }
    let (_, side) = splitmix(state);
    (table, side)
}

const KEYS: ([[u64; 90]; 14], u64) = build();

/// The key of `piece` standing on `sq`.
#[inline]
pub const fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.0[piece.index()][sq.index()]
}

/// The keys by point content as [`crate::Position`]'s board codes it: row 0 (an empty
/// point) all zero, row `1 + piece.index()` the keys of that piece, row 15 unused (zero).
/// A move's key change is then read off the moved and captured codes without decoding
/// them, an empty destination adding nothing.
pub(crate) static BY_CODE: [[u64; 90]; 16] = {
    let mut t = [[0u64; 90]; 16];
    let mut p = 0;
    while p < 14 {
        t[p + 1] = KEYS.0[p];
        p += 1;
    }
    t
};

/// The key toggled when Black is to move.
#[inline]
pub const fn side_key() -> u64 {
    KEYS.1
}

/// Computes a key from scratch: every piece on its point, plus the side key when Black moves.
pub fn compute(board: &[Option<Piece>; 90], turn: Color) -> u64 {
    let mut k = 0;
    for (i, p) in board.iter().enumerate() {
        if let Some(p) = p {
            k ^= piece_key(*p, Square::new_unchecked(i as u8));
        }
    }
    if turn == Color::Black {
        k ^= side_key();
    }
    k
}
