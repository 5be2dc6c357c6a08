//! One side's conduct over a cycle (docs/rules.md §4; CXA 25.2, 28.10–28.15), from the labels of
//! its cycle moves, with the chased pieces followed through the cycle by identity.

use std::collections::BTreeSet;
use std::sync::Arc;

use qili_notation::{Color, Move, Position, Role, Square};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::label::{Label, MoveLabels};
use crate::settings::Reading;

/// A side's conduct over a cycle. Forbidden: the first six (for CXA); allowed: the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConductKind {
    /// 长将: every move checks (CXA 28.10).
    PerpetualCheck,
    /// 长杀: every move threatens mate (CXA 28.11).
    PerpetualMateThreat,
    /// 长捉: every move chases, one piece or several (CXA 28.12).
    PerpetualChase,
    /// 一将一杀: every move attacks; checks and mate threats.
    CheckAndMateThreat,
    /// 一将一捉: every move attacks; checks and chases (also with mate threats).
    CheckAndChase,
    /// 一杀一捉: every move attacks; mate threats and chases.
    MateThreatAndChase,
    /// 数将一闲: checks and at least one non-attacking move.
    ChecksAndIdle,
    /// 数杀一闲: mate threats (no check) and at least one non-attacking move.
    MateThreatsAndIdle,
    /// 数捉一闲: chases (no check or mate threat) and at least one non-attacking move.
    ChasesAndIdle,
    /// 长兑: every move offers an exchange (CXA 28.13).
    PerpetualExchange,
    /// 长献: every move is an offer.
    PerpetualOffer,
    /// 长拦: every move blocks.
    PerpetualBlock,
    /// 长跟: every move follows.
    PerpetualFollow,
    /// 闲: no attack at all.
    Idle,
}

impl ConductKind {
    /// Every kind, in declaration order.
    pub const ALL: [ConductKind; 14] = [
        ConductKind::PerpetualCheck,
        ConductKind::PerpetualMateThreat,
        ConductKind::PerpetualChase,
        ConductKind::CheckAndMateThreat,
        ConductKind::CheckAndChase,
        ConductKind::MateThreatAndChase,
        ConductKind::ChecksAndIdle,
        ConductKind::MateThreatsAndIdle,
        ConductKind::ChasesAndIdle,
        ConductKind::PerpetualExchange,
        ConductKind::PerpetualOffer,
        ConductKind::PerpetualBlock,
        ConductKind::PerpetualFollow,
        ConductKind::Idle,
    ];

    /// Every move of the side attacks (长打, CXA 28.14): the forbidden kinds of CXA 25.2.
    pub fn is_perpetual_attack(self) -> bool {
        self <= ConductKind::MateThreatAndChase
    }

    /// The serialized name (`perpetual_check`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            ConductKind::PerpetualCheck => "perpetual_check",
            ConductKind::PerpetualMateThreat => "perpetual_mate_threat",
            ConductKind::PerpetualChase => "perpetual_chase",
            ConductKind::CheckAndMateThreat => "check_and_mate_threat",
            ConductKind::CheckAndChase => "check_and_chase",
            ConductKind::MateThreatAndChase => "mate_threat_and_chase",
            ConductKind::ChecksAndIdle => "checks_and_idle",
            ConductKind::MateThreatsAndIdle => "mate_threats_and_idle",
            ConductKind::ChasesAndIdle => "chases_and_idle",
            ConductKind::PerpetualExchange => "perpetual_exchange",
            ConductKind::PerpetualOffer => "perpetual_offer",
            ConductKind::PerpetualBlock => "perpetual_block",
            ConductKind::PerpetualFollow => "perpetual_follow",
            ConductKind::Idle => "idle",
        }
    }

    /// Parses a serialized name.
    pub fn from_name(s: &str) -> Option<ConductKind> {
        ConductKind::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// A piece of the cycle, named by its point in the repeated position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PieceRef {
    /// Its side.
    pub color: Color,
    /// Its role.
    pub role: Role,
    /// Its point in the repeated position.
    pub home: Square,
}

/// A few pieces, kept in place up to five (in the room a `Vec` takes): a chase has an
/// attacker or two, a conduct a few targets and attackers, and a list of its own for each
/// was an allocation and a free per chase and conduct.
pub type Pieces = SmallVec<[PieceRef; 5]>;

/// A chase of one cycle move with its pieces named by identity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChaseRef {
    /// The attacking pieces.
    pub attackers: Pieces,
    /// The chased piece.
    pub target: PieceRef,
    /// Where the chased piece stands after the move.
    pub at: Square,
}

/// One cycle move as the conduct sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CycleMove {
    /// Its ply in the line.
    pub ply: usize,
    /// Its labels and evidence (shared with the label cache and the judgement's plies).
    pub labels: Arc<MoveLabels>,
    /// Its chases, pieces named by identity; one kept in place (a chasing move chases one
    /// piece most often).
    pub chases: SmallVec<[ChaseRef; 1]>,
}

impl CycleMove {
    /// The heaviest label (idle if the labeller returned none).
    pub fn primary(&self) -> Label {
        self.labels.labels.first().copied().unwrap_or(Label::Idle)
    }
}

/// One side's conduct over a cycle, with what it rests on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conduct {
    /// The side.
    pub side: Color,
    /// The classification.
    pub kind: ConductKind,
    /// The plies of the side's cycle moves (one period), kept in place up to two (a period
    /// of four plies, the commonest: one allocation and free less per conduct).
    pub plies: SmallVec<[usize; 2]>,
    /// Every piece the side's chasing moves pursue, in order of first appearance.
    pub targets: Pieces,
    /// Every piece that chases in those moves.
    pub attackers: Pieces,
    /// Pieces chased by every one of the side's moves (empty unless every move chases).
    pub constant_targets: Pieces,
    /// The pieces that chase the constant targets (two or more: they take turns).
    pub constant_target_attackers: Pieces,
    /// The plies of checking moves counted as chases by the AXF forbidden reading (they
    /// renew the chase of a piece every other move chases; the *(open)* choice
    /// `axf_check_that_chases_is_chase`, docs/rules.md §5). Empty under CXA.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checks_read_as_chases: Vec<usize>,
}

/// Follows every piece of a cycle by identity: its point in the repeated position.
#[derive(Debug, Clone)]
pub struct PieceTracker {
    /// The piece on each point now, by point index: a lookup per point, where a map by
    /// point searched and rebalanced on every move of every cycle.
    at: [Option<PieceRef>; Square::COUNT],
}

impl PieceTracker {
    /// Names every piece of `repeated` by its point there.
    pub fn new(repeated: &Position) -> PieceTracker {
        let mut at = [None; Square::COUNT];
        for (sq, p) in repeated.pieces() {
            if let Some(slot) = at.get_mut(sq.index()) {
                *slot = Some(PieceRef {
                    color: p.color,
                    role: p.role,
                    home: sq,
                });
            }
        }
        PieceTracker { at }
    }

    /// Plays `mv` on the tracked points.
    pub fn play(&mut self, mv: &Move) {
        // The piece on `to` is taken, then the one on `from` (if any) goes there.
        if let Some(to) = self.at.get_mut(mv.to.index()) {
            *to = None;
        }
        let moved = self.at.get_mut(mv.from.index()).and_then(Option::take);
        if let Some(to) = self.at.get_mut(mv.to.index()) {
            *to = moved;
        }
    }

    /// The piece on `sq` now.
    pub fn get(&self, sq: Square) -> Option<PieceRef> {
        self.at.get(sq.index()).copied().flatten()
    }

    /// The chases of `labels` (played, i.e. after [`PieceTracker::play`]) by identity.
    pub fn chases(&self, labels: &MoveLabels) -> SmallVec<[ChaseRef; 1]> {
        labels
            .chases
            .iter()
            .filter_map(|c| {
                Some(ChaseRef {
                    attackers: c.attackers.iter().filter_map(|&a| self.get(a)).collect(),
                    target: self.get(c.target)?,
                    at: c.target,
                })
            })
            .collect()
    }
}

/// Classifies `side`'s conduct from its cycle moves (`moves` may hold both sides' moves),
/// each move counted by its heaviest label (CXA 27.4, 细则12).
#[cfg(test)]
pub fn classify(side: Color, moves: &[CycleMove]) -> Conduct {
    classify_with(side, moves, Reading::Heaviest)
}

/// The label that decides each of `own`'s moves under `reading`, with the plies of the
/// checking moves the forbidden reading counts as chases.
fn decisive(own: &[&CycleMove], reading: Reading) -> (Vec<Label>, Vec<usize>) {
    let mut prim: Vec<Label> = own.iter().map(|m| m.primary()).collect();
    let Reading::Forbidden {
        check_that_chases_is_chase,
    } = reading
    else {
        return (prim, Vec::new());
    };
    let chases = |m: &CycleMove| m.labels.labels.contains(&Label::Chase);
    // AXF D53, D56: a mate threat that also chases counts as a chase.
    for (p, m) in prim.iter_mut().zip(own) {
        if *p == Label::MateThreat && chases(m) {
            *p = Label::Chase;
        }
    }
    let mut read = Vec::new();
    if !check_that_chases_is_chase || prim.iter().all(|&p| p == Label::Check) {
        return (prim, read); // all checks: r6 either way
    }
    // The pieces chased by every move that is not a check (all of them must chase).
    let mut common: Option<BTreeSet<PieceRef>> = None;
    for (p, m) in prim.iter().zip(own) {
        if *p == Label::Check {
            continue;
        }
        if *p != Label::Chase {
            return (prim, read);
        }
        let t: BTreeSet<PieceRef> = m.chases.iter().map(|c| c.target).collect();
        common = Some(match common {
            None => t,
            Some(c) => c.intersection(&t).copied().collect(),
        });
    }
    let common = common.unwrap_or_default();
    for (p, m) in prim.iter_mut().zip(own) {
        if *p == Label::Check && chases(m) && m.chases.iter().any(|c| common.contains(&c.target)) {
            *p = Label::Chase;
            read.push(m.ply);
        }
    }
    (prim, read)
}

/// [`classify`] with the moves counted by `reading` (the rule set's choice, docs/rules.md §3).
pub fn classify_with(side: Color, moves: &[CycleMove], reading: Reading) -> Conduct {
    let own: Vec<&CycleMove> = moves.iter().filter(|m| m.labels.side == side).collect();
    let (prim, checks_read_as_chases) = decisive(&own, reading);
    let has = |l: Label| prim.contains(&l);
    let all = |l: Label| !prim.is_empty() && prim.iter().all(|&p| p == l);
    let all_attack = !prim.is_empty() && prim.iter().all(|p| p.is_attack());
    let (check, mate, chase) = (has(Label::Check), has(Label::MateThreat), has(Label::Chase));
    let kind = if prim.is_empty() {
        ConductKind::Idle
    } else if all_attack {
        match (check, mate, chase) {
            (true, false, false) => ConductKind::PerpetualCheck,
            (false, true, false) => ConductKind::PerpetualMateThreat,
            (false, false, true) => ConductKind::PerpetualChase,
            (true, true, false) => ConductKind::CheckAndMateThreat,
            (false, true, true) => ConductKind::MateThreatAndChase,
            _ => ConductKind::CheckAndChase,
        }
    } else if check {
        ConductKind::ChecksAndIdle
    } else if mate {
        ConductKind::MateThreatsAndIdle
    } else if chase {
        ConductKind::ChasesAndIdle
    } else if all(Label::Exchange) {
        ConductKind::PerpetualExchange
    } else if all(Label::Offer) {
        ConductKind::PerpetualOffer
    } else if all(Label::Block) {
        ConductKind::PerpetualBlock
    } else if all(Label::Follow) {
        ConductKind::PerpetualFollow
    } else {
        ConductKind::Idle
    };

    let chasing: Vec<&CycleMove> = own
        .iter()
        .zip(&prim)
        .filter(|(_, &p)| p == Label::Chase)
        .map(|(m, _)| *m)
        .collect();
    let mut targets = Pieces::new();
    let mut attackers = Pieces::new();
    for m in &chasing {
        for c in &m.chases {
            push_unique(&mut targets, c.target);
            for &a in &c.attackers {
                push_unique(&mut attackers, a);
            }
        }
    }
    let mut constant_targets = Pieces::new();
    let mut constant_target_attackers = Pieces::new();
    if !chasing.is_empty() && chasing.len() == own.len() {
        // Each move's chases are few: looked through in place, not gathered in a set each.
        for &t in &targets {
            if chasing
                .iter()
                .all(|m| m.chases.iter().any(|c| c.target == t))
            {
                constant_targets.push(t);
                for m in &chasing {
                    for c in m.chases.iter().filter(|c| c.target == t) {
                        for &a in &c.attackers {
                            push_unique(&mut constant_target_attackers, a);
                        }
                    }
                }
            }
        }
    }
    Conduct {
        side,
        kind,
        plies: own.iter().map(|m| m.ply).collect(),
        targets,
        attackers,
        constant_targets,
        constant_target_attackers,
        checks_read_as_chases,
    }
}

fn push_unique(v: &mut Pieces, x: PieceRef) {
    if !v.contains(&x) {
        v.push(x);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::label::{Chase, Root};

    pub(crate) fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    pub(crate) fn piece(color: Color, role: Role, home: &str) -> PieceRef {
        PieceRef {
            color,
            role,
            home: sq(home),
        }
    }

    /// The tracker follows each piece as a map by point does: through moves, captures and
    /// a piece coming back to its point.
    #[test]
    fn tracker_follows_pieces_as_a_map_by_point() {
        let start = Position::from_fen(
            "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1",
        )
        .unwrap();
        let mut tracker = PieceTracker::new(&start);
        let mut map: std::collections::BTreeMap<Square, PieceRef> = start
            .pieces()
            .map(|(sq, p)| (sq, piece(p.color, p.role, &sq.to_string())))
            .collect();
        let mut pos = start.clone();
        // The cannon and the chariot shuffle (back to their points), the chariot steps
        // back, the cannon takes it, and a knight moves.
        for m in [
            "c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7a8", "a2a8", "c7b9",
        ] {
            let mv = m
                .parse::<qili_notation::Iccs>()
                .unwrap()
                .to_move(&pos)
                .unwrap();
            pos.play(&mv).unwrap();
            tracker.play(&mv);
            map.remove(&mv.to);
            if let Some(p) = map.remove(&mv.from) {
                map.insert(mv.to, p);
            }
            for sq in Square::all() {
                assert_eq!(tracker.get(sq), map.get(&sq).copied(), "{m} {sq}");
            }
        }
        assert!(tracker.get(sq("a8")).is_some_and(|p| p.home == sq("c2")));
    }

    /// A synthetic cycle move: `side` plays with `labels`, chasing `chases` (attacker → target).
    pub(crate) fn cm(
        ply: usize,
        side: Color,
        labels: &[Label],
        chases: &[(PieceRef, PieceRef)],
    ) -> CycleMove {
        let mv = Move {
            role: Role::Chariot,
            from: sq("a0"),
            to: sq("a1"),
            capture: None,
        };
        CycleMove {
            ply,
            labels: Arc::new(MoveLabels {
                side,
                mv,
                labels: labels.to_vec(),
                chases: chases
                    .iter()
                    .map(|(a, t)| Chase {
                        attackers: smallvec::smallvec![a.home],
                        target: t.home,
                        target_role: t.role,
                        root: Root::Unprotected,
                        line: Vec::new(),
                        form: crate::label::ChaseForm::Capture,
                        series_len: 0,
                        protectors: Vec::new(),
                        net: crate::material::Material::default(),
                        articles: crate::label::Short::new(),
                        notes: Vec::new(),
                    })
                    .collect(),
                mate_line: None,
                evidence: Vec::new(),
                dismissed: Vec::new(),
                complete: true,
            }),
            chases: chases
                .iter()
                .map(|&(a, t)| ChaseRef {
                    attackers: smallvec::smallvec![a],
                    target: t,
                    at: t.home,
                })
                .collect(),
        }
    }

    fn kind(labels: &[&[Label]]) -> ConductKind {
        let moves: Vec<CycleMove> = labels
            .iter()
            .enumerate()
            .map(|(i, l)| cm(2 * i + 1, Color::Red, l, &[]))
            .collect();
        classify(Color::Red, &moves).kind
    }

    use Label::*;

    #[test]
    fn conduct_table() {
        assert_eq!(
            kind(&[&[Check], &[Check, Chase]]),
            ConductKind::PerpetualCheck
        );
        assert_eq!(
            kind(&[&[MateThreat], &[MateThreat]]),
            ConductKind::PerpetualMateThreat
        );
        assert_eq!(
            kind(&[&[Chase], &[Chase, Exchange]]),
            ConductKind::PerpetualChase
        );
        assert_eq!(
            kind(&[&[Check], &[MateThreat]]),
            ConductKind::CheckAndMateThreat
        );
        assert_eq!(kind(&[&[Check], &[Chase]]), ConductKind::CheckAndChase);
        assert_eq!(
            kind(&[&[Check], &[Check], &[Chase]]),
            ConductKind::CheckAndChase
        );
        assert_eq!(
            kind(&[&[Check], &[MateThreat], &[Chase]]),
            ConductKind::CheckAndChase
        );
        assert_eq!(
            kind(&[&[MateThreat], &[Chase]]),
            ConductKind::MateThreatAndChase
        );
        assert_eq!(
            kind(&[&[Check], &[Check], &[Idle]]),
            ConductKind::ChecksAndIdle
        );
        assert_eq!(
            kind(&[&[Check], &[Chase], &[Idle]]),
            ConductKind::ChecksAndIdle
        );
        assert_eq!(
            kind(&[&[MateThreat], &[Block]]),
            ConductKind::MateThreatsAndIdle
        );
        assert_eq!(
            kind(&[&[Chase], &[Chase], &[Exchange]]),
            ConductKind::ChasesAndIdle
        );
        assert_eq!(
            kind(&[&[Exchange], &[Exchange]]),
            ConductKind::PerpetualExchange
        );
        assert_eq!(kind(&[&[Offer]]), ConductKind::PerpetualOffer);
        assert_eq!(kind(&[&[Block], &[Block]]), ConductKind::PerpetualBlock);
        assert_eq!(kind(&[&[Follow], &[Follow]]), ConductKind::PerpetualFollow);
        assert_eq!(kind(&[&[Follow], &[Block]]), ConductKind::Idle);
        assert_eq!(kind(&[&[Idle], &[Idle]]), ConductKind::Idle);
        assert_eq!(kind(&[&[]]), ConductKind::Idle);
        assert_eq!(kind(&[]), ConductKind::Idle);
    }

    #[test]
    fn names_round_trip() {
        for k in ConductKind::ALL {
            assert_eq!(ConductKind::from_name(k.as_str()), Some(k));
            assert_eq!(
                serde_json::to_value(k).unwrap(),
                serde_json::Value::from(k.as_str())
            );
            assert_eq!(
                k.is_perpetual_attack(),
                k <= ConductKind::MateThreatAndChase
            );
        }
    }

    #[test]
    fn constant_targets_and_taking_turns() {
        let rook = piece(Color::Red, Role::Chariot, "a0");
        let cannon = piece(Color::Red, Role::Cannon, "b2");
        let horse = piece(Color::Black, Role::Horse, "c7");
        let cannon_b = piece(Color::Black, Role::Cannon, "h7");
        // One rook chasing one horse.
        let c = classify(
            Color::Red,
            &[
                cm(1, Color::Red, &[Chase], &[(rook, horse)]),
                cm(3, Color::Red, &[Chase], &[(rook, horse)]),
            ],
        );
        assert_eq!(c.constant_targets[..], [horse]);
        assert_eq!(c.constant_target_attackers[..], [rook]);
        // Two pieces taking turns on one horse.
        let c = classify(
            Color::Red,
            &[
                cm(1, Color::Red, &[Chase], &[(rook, horse)]),
                cm(3, Color::Red, &[Chase], &[(cannon, horse)]),
            ],
        );
        assert_eq!(c.constant_targets[..], [horse]);
        assert_eq!(c.constant_target_attackers[..], [rook, cannon]);
        // One rook chasing two pieces in turn: no constant target.
        let c = classify(
            Color::Red,
            &[
                cm(1, Color::Red, &[Chase], &[(rook, horse)]),
                cm(3, Color::Red, &[Chase], &[(rook, cannon_b)]),
            ],
        );
        assert!(c.constant_targets.is_empty());
        assert_eq!(c.targets[..], [horse, cannon_b]);
        // Black's moves are ignored for Red's conduct.
        let c = classify(
            Color::Red,
            &[
                cm(1, Color::Red, &[Chase], &[(rook, horse)]),
                cm(2, Color::Black, &[Idle], &[]),
            ],
        );
        assert_eq!(c.kind, ConductKind::PerpetualChase);
        assert_eq!(c.plies[..], [1]);
    }

    #[test]
    fn tracker_follows_moves() {
        let pos = Position::startpos();
        let mut t = PieceTracker::new(&pos);
        let m = pos.move_from_squares(sq("b0"), sq("c2")).unwrap();
        t.play(&m);
        assert_eq!(t.get(sq("c2")), Some(piece(Color::Red, Role::Horse, "b0")));
        assert_eq!(t.get(sq("b0")), None);
    }
}
