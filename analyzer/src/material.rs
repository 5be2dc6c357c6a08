//! Piece values and material balances (docs/rules.md §2, CXA 25.3).
//!
//! The rulebook fixes only equalities: chariot = 2 horses = 2 cannons = horse + cannon;
//! horse = cannon; advisor = elephant; a crossed soldier "floats". A balance is therefore
//! kept in three separate currencies — *minor units* (horse or cannon = 1, chariot = 2),
//! *guards* (advisor or elephant = 1) and *crossed soldiers* — and [`Material::judge`]
//! decides gain or loss from those equalities alone, plus the one ordering every
//! source takes for granted: a horse or cannon outweighs an advisor or elephant
//! (the cheaper-attacker case of CXA 细则3). No scalar scale is ever compared, so
//! "chariot for horse + cannon" is even, not a loss of one point.

use qili_notation::{Piece, Role, Square};
use serde::{Deserialize, Serialize};

/// A material count or balance (net, from one side's point of view).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Material {
    /// Minor units: horse = cannon = 1, chariot = 2.
    pub minors: i8,
    /// Advisors and elephants.
    pub guards: i8,
    /// Crossed soldiers.
    pub soldiers: i8,
    /// Chariots, also counted in `minors`: whether the pieces are one chariot or a horse and
    /// a cannon decides a soldier's trade (CXA2020 26.7: a soldier for a chariot gains; 25.3:
    /// a soldier for several pieces does not). Not serialized: the evidence prints the three
    /// currencies.
    #[serde(skip)]
    pub chariots: i8,
}

/// The outcome of comparing material.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Balance {
    /// Strictly more material.
    Gain,
    /// The same material by the equalities of CXA 25.3.
    Even,
    /// Strictly less material.
    Loss,
    /// Not comparable by the rules (a soldier traded against pieces, a horse against
    /// two guards): counts as no gain either way.
    Unclear,
}

impl Material {
    /// Nothing.
    pub const ZERO: Material = Material {
        minors: 0,
        guards: 0,
        soldiers: 0,
        chariots: 0,
    };

    /// The material value of `piece` standing on `sq` (zero for the general and an
    /// uncrossed soldier, which are not material).
    pub fn of(piece: Piece, sq: Square) -> Material {
        match piece.role {
            Role::Chariot => Material {
                minors: 2,
                chariots: 1,
                ..Material::ZERO
            },
            Role::Horse | Role::Cannon => Material {
                minors: 1,
                ..Material::ZERO
            },
            Role::Advisor | Role::Elephant => Material {
                guards: 1,
                ..Material::ZERO
            },
            Role::Soldier if !sq.rank().is_home(piece.color) => Material {
                soldiers: 1,
                ..Material::ZERO
            },
            Role::Soldier | Role::General => Material::ZERO,
        }
    }

    /// Whether a piece of this value is material (a possible chase target, CXA 25.3, 29.3).
    pub fn is_material(self) -> bool {
        self != Material::ZERO
    }

    /// Judges a net balance: is it a gain, even, a loss, or not comparable?
    pub fn judge(self) -> Balance {
        let (m, g) = (self.minors, self.guards);
        let pieces = if m == 0 && g == 0 {
            Balance::Even
        } else if m >= 0 && g >= 0 {
            Balance::Gain
        } else if m <= 0 && g <= 0 {
            Balance::Loss
        } else if m > 0 {
            // Minors won, guards lost: each minor unit outweighs one guard.
            if m >= -g {
                Balance::Gain
            } else {
                Balance::Unclear
            }
        } else if -m >= g {
            Balance::Loss
        } else {
            Balance::Unclear
        };
        let s = self.soldiers;
        match (pieces, s.signum()) {
            (Balance::Even, 1) => Balance::Gain,
            (Balance::Even, -1) => Balance::Loss,
            (b, 0) => b,
            (Balance::Gain, 1) => Balance::Gain,
            (Balance::Loss, -1) => Balance::Loss,
            // One soldier given for a chariot (one piece, not several) gains (CXA2020 26.7).
            _ if self.soldier_for_chariot() => Balance::Gain,
            _ if (-self).soldier_for_chariot() => Balance::Loss,
            // A soldier traded against pieces: its value floats (CXA 25.3).
            _ => Balance::Unclear,
        }
    }

    /// Whether this balance gives one crossed soldier and wins pieces worth at least a
    /// chariot, a chariot among them: a gain by CXA2020 26.7 ("a soldier given up to win a
    /// chariot"), which CXA 25.3 of 1999 does not contradict — it makes only one soldier
    /// for *several* pieces, or one piece for several soldiers, no gain (docs/rules.md §3).
    /// A soldier for a horse and a cannon stays unclear (several pieces, 25.3).
    pub fn soldier_for_chariot(self) -> bool {
        self.soldiers == -1
            && self.chariots >= 1
            && self.minors >= 2
            && self.guards >= 0
            && self.minors - 2 * self.chariots >= 0
    }

    /// Whether this balance is strictly better than `other` for the side it belongs to.
    pub fn better_than(self, other: Material) -> bool {
        (self - other).judge() == Balance::Gain
    }

    /// Whether a player would rather end an exchange with `self` than with `other`: a
    /// strict gain by the equalities, or — where the rules do not compare (a soldier
    /// against a piece) — the usual scale (horse/cannon 4, advisor/elephant/crossed soldier
    /// 2). Used only for the choices inside an exchange (recapture or stop); whether an
    /// exchange gains is always decided by [`Material::judge`].
    pub fn preferable_to(self, other: Material) -> bool {
        let d = self - other;
        match d.judge() {
            Balance::Gain => true,
            Balance::Unclear => {
                4 * i32::from(d.minors) + 2 * i32::from(d.guards) + 2 * i32::from(d.soldiers) > 0
            }
            Balance::Even | Balance::Loss => false,
        }
    }

    /// A cheap total order for trying the least valuable piece first (never used to
    /// decide a gain): uncrossed soldier 1, crossed soldier / advisor / elephant 2,
    /// horse / cannon 4, chariot 9, general 100.
    pub fn order_key(piece: Piece, sq: Square) -> u8 {
        match piece.role {
            Role::Soldier if sq.rank().is_home(piece.color) => 1,
            Role::Soldier | Role::Advisor | Role::Elephant => 2,
            Role::Horse | Role::Cannon => 4,
            Role::Chariot => 9,
            Role::General => 100,
        }
    }
}

impl std::ops::Add for Material {
    type Output = Material;
    fn add(self, o: Material) -> Material {
        Material {
            minors: self.minors.saturating_add(o.minors),
            guards: self.guards.saturating_add(o.guards),
            soldiers: self.soldiers.saturating_add(o.soldiers),
            chariots: self.chariots.saturating_add(o.chariots),
        }
    }
}

impl std::ops::Sub for Material {
    type Output = Material;
    fn sub(self, o: Material) -> Material {
        self + (-o)
    }
}

impl std::ops::Neg for Material {
    type Output = Material;
    fn neg(self) -> Material {
        Material {
            minors: self.minors.saturating_neg(),
            guards: self.guards.saturating_neg(),
            soldiers: self.soldiers.saturating_neg(),
            chariots: self.chariots.saturating_neg(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili_notation::Color;

    fn of(role: Role) -> Material {
        Material::of(Piece::new(Color::Red, role), "e5".parse().unwrap())
    }

    #[test]
    fn equalities_of_25_3() {
        let (r, n, c, a, b) = (
            of(Role::Chariot),
            of(Role::Horse),
            of(Role::Cannon),
            of(Role::Advisor),
            of(Role::Elephant),
        );
        assert_eq!((r - n - c).judge(), Balance::Even);
        assert_eq!((r - n - n).judge(), Balance::Even);
        assert_eq!((n - c).judge(), Balance::Even);
        assert_eq!((a - b).judge(), Balance::Even);
        assert_eq!((r - n).judge(), Balance::Gain);
        assert_eq!((n - r).judge(), Balance::Loss);
        assert_eq!((n - a).judge(), Balance::Gain);
        assert_eq!((a - n).judge(), Balance::Loss);
        // A horse against advisor + elephant is not decided by the rules.
        assert_eq!((n - a - b).judge(), Balance::Unclear);
        assert_eq!((r - a - b).judge(), Balance::Gain);
    }

    #[test]
    fn soldier_floats() {
        let p = Material::of(Piece::new(Color::Red, Role::Soldier), "e5".parse().unwrap());
        let home = Material::of(Piece::new(Color::Red, Role::Soldier), "e4".parse().unwrap());
        assert_eq!(home, Material::ZERO);
        assert!(!home.is_material());
        assert_eq!(p.judge(), Balance::Gain);
        assert_eq!((p - p).judge(), Balance::Even);
        // One soldier for several pieces, one piece for several soldiers: no gain either way.
        assert_eq!(
            (of(Role::Advisor) + of(Role::Elephant) - p).judge(),
            Balance::Unclear
        );
        assert_eq!((p + p - of(Role::Horse)).judge(), Balance::Unclear);
        // A soldier for a chariot gains (CXA2020 26.7); for a horse and a cannon, several
        // pieces, it stays unclear (25.3); two soldiers for a chariot too.
        let (r, n, c) = (of(Role::Chariot), of(Role::Horse), of(Role::Cannon));
        assert_eq!((r - p).judge(), Balance::Gain);
        assert!((r - p).soldier_for_chariot());
        assert_eq!((p - r).judge(), Balance::Loss);
        assert_eq!((n + c - p).judge(), Balance::Unclear);
        assert_eq!((r - p - p).judge(), Balance::Unclear);
        assert_eq!((r - n - p).judge(), Balance::Unclear);
        assert_eq!((of(Role::Horse) + p).judge(), Balance::Gain);
        // Inside an exchange a horse is still worth taking for a soldier.
        assert!((of(Role::Horse) - p).preferable_to(Material::ZERO));
        assert!(!(p - of(Role::Horse)).preferable_to(Material::ZERO));
    }

    #[test]
    fn general_is_not_material() {
        assert!(!of(Role::General).is_material());
    }
}
