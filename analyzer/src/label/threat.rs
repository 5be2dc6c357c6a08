//! Threat sets (CXA 29.1, 29.3, 29.4): the material the side to move could win at once,
//! by a direct capture, a gaining exchange, or a capture reached through an unbroken
//! series of checks — each filtered by the chase rules of the rule set ([`ChasePolicy`]).
//!
//! A series counts only when it wins the target whatever the defender answers to each
//! check, and the whole sequence — what the checks and the answers capture, then the
//! exchange on the target — gains material (CXA 29.1 "能够通过连续照将吃子", 细则3).
//!
//! Pieces are identified by the point they stand on in the position the search starts
//! from, so that a piece that moves during a check series keeps its identity.

use qili_notation::{Move, Position, Role, Square, SquareSet};

use super::cache::PositionMemo;
use super::mate::MateSearch;
use super::pair::{self, Pairs};
use super::sequence;
use super::{Chase, ChaseForm, DismissReason, Dismissed, Root, Short};
use crate::material::Material;
use crate::protection::{self, Unprotected};
use crate::settings::{Article, ChasePolicy};

/// Most positions one threat search visits in check series before it stops looking.
pub const SERIES_BUDGET: u32 = 20_000;

/// Most answers of [`Ctx::won`] remembered by one labelling.
const WON_MEMO_CAP: usize = 1 << 16;

const NO_ID: u8 = u8::MAX;

/// Square → identity (the square the piece stood on where the search started).
type Ids = [u8; 90];

fn identity(pos: &Position) -> Ids {
    let mut ids = [NO_ID; 90];
    for (sq, _) in pos.pieces() {
        ids[sq.index()] = sq.index() as u8;
    }
    ids
}

fn play_ids(ids: &Ids, mv: &Move) -> Ids {
    let mut out = *ids;
    out[mv.to.index()] = out[mv.from.index()];
    out[mv.from.index()] = NO_ID;
    out
}

fn id_square(id: u8) -> Option<Square> {
    Square::new(id)
}

/// A threat found by the search, with the identity of its target.
#[derive(Debug, Clone)]
pub(crate) struct Found {
    pub id: Square,
    pub chase: Chase,
    /// How many checks the mover needs before the capture (0 for a direct threat; for a
    /// checking move, the checks after the opponent's answer): the fewest over all
    /// defences, found by iterative deepening, so it does not depend on move order.
    pub checks: u32,
    /// For a direct threat: the pieces that can capture the target at once (identities),
    /// each making one (attacker, target) pair for the novelty test (docs/rules.md §3). A set,
    /// not a list: the test asks of every pair, in no particular order.
    pub capturers: SquareSet,
}

/// The room the threat search of one labelling works in, kept from one labelling to the
/// next of a judgement (with the [`MateSearch`] that holds it) so that its buffers and its
/// memo do not grow again from nothing each time: the move buffers of the series search
/// and the memo of [`Ctx::won`], emptied for each labelling (its answers hold for one
/// labelling only).
pub(crate) struct Scratch {
    /// Move buffers for the levels of the series search.
    pool: Vec<Vec<Move>>,
    /// Answers of [`Ctx::won`] per (position, target, balance) for the labelling running:
    /// the series search meets the same nodes again at each deeper level, and the answer
    /// does not depend on the checks left (the rule set, the cycle context and the mate
    /// search's answers are fixed for the labelling).
    won_memo: PositionMemo<(Square, Material), Option<Material>>,
}

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch {
            pool: Vec::new(),
            won_memo: PositionMemo::new(WON_MEMO_CAP),
        }
    }
}

impl Scratch {
    /// How many positions its memo has room for without growing.
    pub(crate) fn capacity(&self) -> usize {
        self.won_memo.capacity()
    }
}

/// The state of one labelling: rules, bounds, and the mate search it borrows (with the
/// scratch space the search keeps for it: the move buffers of the series search and the
/// memo of [`Ctx::won`]). Borrowed rather than moved in and out: the search is a few
/// hundred bytes, copied twice per labelling otherwise.
pub(crate) struct Ctx<'m> {
    pub policy: ChasePolicy,
    pub mate_depth: u32,
    pub mutual: bool,
    /// Whether `mutual` decided anything so far (a soldier's lone threat under CXA): when
    /// not, the labels are the same in either cycle context.
    pub mutual_used: bool,
    pub mate: &'m mut MateSearch,
    nodes: u32,
    /// Whether the current series search stopped somewhere only because it ran out of
    /// checks (a deeper search could find more there).
    cut: bool,
    /// The pieces giving the check of a checking move whose threats are asked as if the
    /// mover could move again at once (AXF): the check the move gives does not make the
    /// target's protectors false (they could recapture but for that check).
    pub standing_check: SquareSet,
    /// Whether the search running is the probe of [`Self::deepen`], which only asks
    /// whether anything is won (so it may try the defender's answers in any order).
    probing: bool,
    /// Whether [`Self::deepen`] probes first (always, but in the tests that compare).
    pub probe: bool,
    /// The same-kind pairs of the position whose threats are being asked (CXA2020 §3.1):
    /// their captures are set aside there (as direct captures, inside the exchange on the
    /// target, as the first check of a series). Empty outside [`Self::threats_given`].
    pairs: Pairs,
}

/// Which kinds of piece take part in a threat (its capturers and the pieces that capture in
/// its exchange line).
#[derive(Clone, Copy)]
struct AttackerKinds {
    all_general: bool,
    all_soldier: bool,
    any_general: bool,
}

impl AttackerKinds {
    fn of(pos: &Position, attackers: impl IntoIterator<Item = Square>) -> AttackerKinds {
        let mut k = AttackerKinds {
            all_general: true,
            all_soldier: true,
            any_general: false,
        };
        for role in attackers
            .into_iter()
            .filter_map(|s| pos.piece_at(s).map(|p| p.role))
        {
            k.all_general &= role == Role::General;
            k.all_soldier &= role == Role::Soldier;
            k.any_general |= role == Role::General;
        }
        k
    }
}

/// What [`Ctx::filters`] decided: the filter that dismisses the threat (reason, article),
/// and the articles the chase cites for the filters it passed before.
#[derive(Default)]
struct Filtered {
    dismissed: Option<(DismissReason, Article)>,
    general_article: bool,
    soldier_article: bool,
}

impl Drop for Ctx<'_> {
    /// The answers of [`Ctx::won`] hold for one labelling only (the cycle context and the
    /// standing check are part of the question): the next labelling starts without them.
    fn drop(&mut self) {
        self.mate.scratch.won_memo.clear();
    }
}

impl<'m> Ctx<'m> {
    /// A context that uses `mate` (and what it remembers from earlier searches, and the
    /// room its [`Scratch`] has). The memo of [`Self::won`] holds for one labelling: it is
    /// emptied when the context is dropped.
    pub fn with_mate(
        policy: ChasePolicy,
        mate_depth: u32,
        mutual: bool,
        mate: &'m mut MateSearch,
    ) -> Ctx<'m> {
        Ctx {
            policy,
            mate_depth,
            mutual,
            mutual_used: false,
            mate,
            nodes: 0,
            cut: false,
            standing_check: SquareSet::EMPTY,
            probing: false,
            probe: true,
            pairs: Pairs::new(),
        }
    }

    /// The same-kind pairs of `pos` whose captures the rule set sets aside
    /// ([`ChasePolicy::same_kind_pair_is_exchange`]): none where it does not.
    pub fn pairs(&mut self, pos: &Position) -> Pairs {
        if self.policy.same_kind_pair_is_exchange {
            pair::same_kind_pairs(self, pos)
        } else {
            Pairs::new()
        }
    }

    /// [`Self::pairs`], and apart the pairs whose capture chases only because the enemy's
    /// capture would lose material, when the rule book sets their capture aside for mate
    /// threats all the same
    /// ([`ChasePolicy::losing_pair_capture_starts_no_mate`]; none otherwise).
    pub fn pairs_and_losing(&mut self, pos: &Position) -> (Pairs, Pairs) {
        if self.policy.same_kind_pair_is_exchange {
            let losing_too = self.policy.losing_pair_capture_starts_no_mate;
            pair::same_kind_pairs_and_losing(self, pos, losing_too)
        } else {
            (Pairs::new(), Pairs::new())
        }
    }

    /// A protector held only by the check the move itself gives ([`Self::standing_check`])
    /// is real: the threat is asked as if the mover could move again at once.
    fn standing_check_aside(&self, protectors: &mut [crate::protection::Protector]) {
        if self.standing_check.is_empty() {
            return;
        }
        for p in protectors {
            if let crate::protection::ProtectorStatus::MustAnswerCheck { by } = &p.status {
                if by.iter().all(|s| self.standing_check.contains(*s)) {
                    p.status = crate::protection::ProtectorStatus::Real;
                }
            }
        }
    }

    /// The target's protection is judged capture by capture (a protector is a piece that can
    /// take back after *that* capture, docs/rules.md §3): when the best exchange `best` meets a
    /// real protector but another capturer's gaining capture leaves the target with no real
    /// one (no protector, or false ones only), that capture is the threat. A chariot that
    /// takes a horse whose only protector is a cannon screened by the chariot itself wins it
    /// outright, whatever the other capturers' exchanges. Returns the exchange, its
    /// protectors and, when it gains, how it overcomes the protection.
    fn weakest_protection(
        &self,
        pos: &Position,
        t: Square,
        capturers: SquareSet,
        best: protection::Exchange,
        aside: SquareSet,
    ) -> (
        protection::Exchange,
        Vec<crate::protection::Protector>,
        Option<Unprotected>,
    ) {
        let judged = |ex: &protection::Exchange| {
            let mut protectors = protection::protectors_of(pos, t, ex);
            self.standing_check_aside(&mut protectors);
            let class = ex
                .gains()
                .then(|| protection::classify(pos, t, ex, &protectors));
            (protectors, class)
        };
        let unprotected =
            |c: Option<Unprotected>| matches!(c, Some(Unprotected::None | Unprotected::FalseRoot));
        let (protectors, class) = judged(&best);
        if class.is_none() || unprotected(class) {
            return (best, protectors, class);
        }
        for c in capturers {
            if c == best.first.from {
                continue;
            }
            let Some(other) = protection::exchange_from_capturer_aside(pos, c, t, aside) else {
                continue;
            };
            let (p, k) = judged(&other);
            if unprotected(k) {
                return (other, p, k);
            }
        }
        (best, protectors, class)
    }

    /// The threats of the side to move in `pos` against the targets in `wanted` (points of
    /// `pos`), with the threats the chase rules dismiss.
    pub fn threats(&mut self, pos: &Position, wanted: SquareSet) -> (Vec<Found>, Vec<Dismissed>) {
        let pairs = self.pairs(pos);
        self.threats_given(pos, wanted, pairs)
    }

    /// [`Self::threats`] given the same-kind pairs of `pos` ([`Self::pairs`]), whose
    /// captures are set aside (CXA2020 §3.1).
    pub fn threats_given(
        &mut self,
        pos: &Position,
        wanted: SquareSet,
        pairs: Pairs,
    ) -> (Vec<Found>, Vec<Dismissed>) {
        // The answers of `won` depend on the pairs: none is kept across a search with them.
        let fresh = !pairs.is_empty();
        if fresh {
            self.mate.scratch.won_memo.clear();
        }
        self.pairs = pairs;
        let out = self.threats_of(pos, wanted);
        self.pairs.clear();
        if fresh {
            self.mate.scratch.won_memo.clear();
        }
        out
    }

    /// Whether the side to move in `pos`, which has just lost `lost` on `on`, has a line
    /// that starts by taking back on `on` and gains on the whole, that loss counted (a
    /// recapture with check that wins more, 29.1, 细则3): the capture it answers lost
    /// material. Asked of a same-kind pair's capture ([`pair::same_kind_pairs`]), with no
    /// pair set aside.
    ///
    /// A line that starts on `on` is either a direct threat on the piece standing there (a
    /// direct threat's line starts with the capture of its target) or a series whose first
    /// check takes on `on`. When no check of the side to move lands there, the direct threat
    /// on `on` alone is judged: the series search over every target, whose hits could not
    /// start on `on`, is not run (the same answer, most of the work spared).
    pub(crate) fn retaking_gains(&mut self, pos: &Position, on: Square, lost: Material) -> bool {
        let saved = std::mem::take(&mut self.pairs);
        let (nodes, cut) = (self.nodes, self.cut);
        let mut checks = self.take_buf();
        self.mate.moves.checks_into(pos, &mut checks);
        let check_lands = checks.iter().any(|m| m.to == on);
        self.mate.scratch.pool.push(checks);
        let found = if check_lands && self.policy.series_and_exchange_forms {
            let them = !pos.turn();
            let targets: SquareSet = pos
                .pieces()
                .filter(|&(sq, p)| p.color == them && Material::of(p, sq).is_material())
                .map(|(sq, _)| sq)
                .collect();
            self.threats_of(pos, targets).0
        } else {
            self.nodes = 0;
            self.direct_all(pos, &identity(pos), [on].into_iter().collect(), None)
        };
        (self.nodes, self.cut) = (nodes, cut);
        self.pairs = saved;
        found.iter().any(|f| {
            f.chase.line.first().is_some_and(|m| m.to == on)
                && (f.chase.net - lost).judge() == crate::material::Balance::Gain
        })
    }

    /// [`Self::threats`], the pairs of `pos` known ([`Self::pairs`]).
    fn threats_of(&mut self, pos: &Position, wanted: SquareSet) -> (Vec<Found>, Vec<Dismissed>) {
        self.nodes = 0;
        let ids = identity(pos);
        let mut dismissed = Vec::new();
        let mut found = self.direct_all(pos, &ids, wanted, Some(&mut dismissed));
        if !self.policy.series_and_exchange_forms {
            // AXF: a chase is a capture threatened for the very next move; a threat that
            // needs a check first is idle (r13 D14–16, r38 D97–98).
            return (found, dismissed);
        }
        let mut rest = wanted;
        for f in &found {
            rest.remove(f.id);
        }
        let hits = self.deepen(1..=self.mate_depth, rest, |s, d, rest| {
            s.series(pos, &ids, d, rest, 0, Material::ZERO)
        });
        self.judge_hits(pos, hits, &mut found, &mut dismissed, |hit| {
            hit.prefix.first().map(|m| vec![m.from]).unwrap_or_default()
        });
        (found, dismissed)
    }

    /// The threats of a checking move: `after` is the position after it (the opponent to
    /// move, in check). The mover cannot "move again" while the general is attacked, so
    /// the check counts as the first of a series (29.1): a target is threatened when, whatever
    /// the opponent answers, the mover then wins it (directly or by further checks).
    pub fn after_check(
        &mut self,
        after: &Position,
        wanted: SquareSet,
    ) -> (Vec<Found>, Vec<Dismissed>) {
        self.nodes = 0;
        let ids = identity(after);
        let lead: Vec<Square> = after.checkers().collect();
        let mut replies = self.take_buf();
        self.mate.moves.legal_into(after, &mut replies);
        // Over the checks still needed after the answer.
        // AXF: only what the mover captures at once after the answer, no further checks
        // (r13 D14–16, r38 D97–98).
        let most = if self.policy.series_and_exchange_forms {
            self.mate_depth.max(1)
        } else {
            1
        };
        let hits = if replies.is_empty() {
            Vec::new()
        } else {
            self.deepen(0..=most - 1, wanted, |s, d, rest| {
                s.won_against_every_reply(after, &ids, &replies, rest, d, 1, &[], Material::ZERO)
            })
        };
        self.mate.scratch.pool.push(replies);
        let (mut found, mut dismissed) = (Vec::new(), Vec::new());
        self.judge_hits(after, hits, &mut found, &mut dismissed, |_| lead.clone());
        (found, dismissed)
    }

    /// Iterative deepening over `depths` (checks allowed): each target among `rest` is
    /// reported with the fewest checks that win it. Stops when every target is found, the
    /// budget is spent, or a search was nowhere cut short for want of checks (a deeper
    /// one would see the same tree).
    ///
    /// When there are several depths, one search with the most checks comes first: when it
    /// sees its whole tree within the budget and wins nothing, no shallower search wins
    /// anything either (a target won with fewer checks is won with more: the defender's
    /// answers are the same, the mover only has more ways), so there is nothing to deepen
    /// for. Most threat searches find no series at all; this spares them the shallower
    /// levels. Otherwise the deepening runs from the same node count (the answers
    /// [`Self::won`] remembered in the probe are the ones it would compute), for the
    /// targets the probe won alone: a target the whole tree does not win is won at no
    /// shallower depth either. Each target's part of the search (the nodes where it is
    /// still wanted) is the same with or without the others, so the deepening finds the
    /// same hits, with the same lines, in a tree that is part of the one it searched
    /// before. Only the budget could tell them apart: the smaller tree may finish within
    /// it where the larger one would have run out (then it finds more, never less). The
    /// probe may meet a soldier's lone threat that a deepening stopped by the budget would
    /// not have met; `mutual_used` then says the context mattered when it did not, which
    /// only costs the labeller a second labelling under the other context, with the labels
    /// that context gives. (Under the other context every search runs the same until the
    /// first question whose answer differs, which this one asked, so `mutual_used` is
    /// never missed.)
    fn deepen(
        &mut self,
        depths: std::ops::RangeInclusive<u32>,
        mut rest: SquareSet,
        mut search: impl FnMut(&mut Ctx<'m>, u32, SquareSet) -> Vec<Hit>,
    ) -> Vec<Hit> {
        let mut hits = Vec::new();
        let (first, last) = (*depths.start(), *depths.end());
        if self.probe && last > first && !rest.is_empty() && self.nodes < SERIES_BUDGET {
            let start = self.nodes;
            self.cut = false;
            self.probing = true;
            let probe = search(self, last, rest);
            self.probing = false;
            if probe.is_empty() && self.nodes < SERIES_BUDGET {
                return hits;
            }
            if self.nodes < SERIES_BUDGET {
                // The probe saw its whole tree: what it did not win is not won.
                rest = probe.iter().map(|h| h.id).collect();
            }
            self.nodes = start;
        }
        for d in depths {
            if rest.is_empty() || self.nodes >= SERIES_BUDGET {
                break;
            }
            self.cut = false;
            for mut hit in search(self, d, rest) {
                rest.remove(hit.id);
                hit.checks = d;
                hits.push(hit);
            }
            if !self.cut {
                break;
            }
        }
        hits
    }

    /// Judges each series hit in full on `root` (see [`Self::judge_series`]), sorting it
    /// into chases and dismissed threats; `lead` gives the points of the pieces that start
    /// each hit's series.
    fn judge_hits(
        &mut self,
        root: &Position,
        hits: Vec<Hit>,
        found: &mut Vec<Found>,
        dismissed: &mut Vec<Dismissed>,
        lead: impl Fn(&Hit) -> Vec<Square>,
    ) {
        for hit in hits {
            match self.judge_series(root, &hit, &lead(&hit)) {
                Some(Ok(chase)) => found.push(Found {
                    id: hit.id,
                    chase,
                    checks: hit.checks,
                    capturers: SquareSet::EMPTY,
                }),
                Some(Err(d)) => dismissed.push(d),
                None => {}
            }
        }
    }

    /// Direct threats (capture or exchange) on every wanted target.
    fn direct_all(
        &mut self,
        pos: &Position,
        ids: &Ids,
        wanted: SquareSet,
        mut dismissed: Option<&mut Vec<Dismissed>>,
    ) -> Vec<Found> {
        let mut out = Vec::new();
        for sq in attacked_targets(pos, ids, wanted) {
            let Some(id) = id_square(ids[sq.index()]) else {
                continue;
            };
            let mut legal = SquareSet::EMPTY;
            let aside = pair::aside_at(&self.pairs, pos, sq);
            let threat = self.direct_capturers(pos, sq, Material::ZERO, true, &mut legal, aside);
            if !aside.is_empty() && !matches!(threat, Some(Ok(_))) {
                // The pair's capture set aside, what would have been a chase is kept with
                // the rule that sets it aside (CXA2020 §3.1, 图2).
                let mut all = SquareSet::EMPTY;
                let full = self.direct_capturers(
                    pos,
                    sq,
                    Material::ZERO,
                    true,
                    &mut all,
                    SquareSet::EMPTY,
                );
                if let (Some(Ok(mut chase)), Some(v)) = (full, dismissed.as_deref_mut()) {
                    chase.target = id;
                    v.push(Dismissed {
                        chase,
                        reason: DismissReason::SameKindPair,
                        article: Article::Cxa2020Fig2,
                        line: Vec::new(),
                    });
                }
            }
            match threat {
                Some(Ok(mut chase)) => {
                    let capturers = legal
                        .into_iter()
                        .filter_map(|s| id_square(ids[s.index()]))
                        .collect();
                    // Report pieces by identity (their points where the search started),
                    // in place: the list is the chase's own.
                    chase.target = id;
                    chase
                        .attackers
                        .retain_mut(|s| match id_square(ids[s.index()]) {
                            Some(id) => {
                                *s = id;
                                true
                            }
                            None => false,
                        });
                    out.push(Found {
                        id,
                        chase,
                        checks: 0,
                        capturers,
                    })
                }
                Some(Err(d)) => {
                    if let Some(v) = dismissed.as_deref_mut() {
                        v.push(d);
                    }
                }
                None => {}
            }
        }
        out
    }

    /// Whether the side to move threatens the piece on `t` directly (`None` when it does
    /// not, `Err` when it does but the chase rules dismiss the threat), at the end of a
    /// check series that has so far won `series` (net, for the side to move; zero for a
    /// direct threat): another capturer chosen by the 29.4 test must make the whole
    /// sequence gain. The chase's `net` is the capture's own (the caller adds the series').
    fn direct_net(
        &mut self,
        pos: &Position,
        t: Square,
        series: Material,
    ) -> Option<Result<Chase, Dismissed>> {
        let mut legal = SquareSet::EMPTY;
        let aside = pair::aside_at(&self.pairs, pos, t);
        self.direct_capturers(pos, t, series, false, &mut legal, aside)
    }

    /// [`Self::direct_net`], also putting into `legal` the pieces that can capture the
    /// target at once (when it is attacked); `attacked`: the side to move is known to
    /// attack `t` (the caller found it so); `aside`: the mover's pieces whose capture of
    /// the target is set aside (same-kind pairs, CXA2020 §3.1), which take no part in the
    /// exchange on it.
    fn direct_capturers(
        &mut self,
        pos: &Position,
        t: Square,
        series: Material,
        attacked: bool,
        legal: &mut SquareSet,
        aside: SquareSet,
    ) -> Option<Result<Chase, Dismissed>> {
        let us = pos.turn();
        let victim = pos.piece_at(t)?;
        if victim.color == us || !Material::of(victim, t).is_material() {
            return None;
        }
        if !attacked && !pos.is_attacked(t, us) {
            return None;
        }
        let (best, capturers) = protection::best_exchange_and_capturers_aside(pos, t, aside);
        *legal = capturers;
        if capturers.is_empty() {
            return None;
        }
        // Every article a chase may come to cite (the root, the rule-set filters, novelty, a
        // series) fits in the list's place: citing them never allocates.
        let mut articles: Short<Article> = Short::new();
        articles.extend_from_slice(&[Article::Cxa29_1, Article::Cxa29_3]);
        let special = self.always_chased(pos, t, capturers);
        let best = best?;
        let (mut ex, mut protectors, mut class) =
            self.weakest_protection(pos, t, capturers, best, aside);
        if class.is_none() && special.is_none() && self.policy.false_root_by_mate {
            // Roots that take back only to be mated are false (28.16, 假根).
            if let Some((outright, p)) = self.mated_roots(pos, t, capturers) {
                (ex, protectors, class) = (outright, p, Some(Unprotected::FalseRoot));
            }
        }
        let mut second: Option<(Vec<Move>, sequence::Second)> = None;
        let root = if let Some(class) = class {
            if !self.policy.series_and_exchange_forms
                && special.is_none()
                && class == Unprotected::CheaperAttacker
                && capturers.count() < 2
            {
                // AXF: a piece with a real protector is not chased (docs/rules.md §3); the
                // cheaper-attacker gain of CXA 细则3 is CXA's.
                return None;
            }
            match class {
                Unprotected::None => Root::Unprotected,
                Unprotected::FalseRoot => {
                    articles.push(Article::Cxa28_16);
                    Root::FalseRoot
                }
                Unprotected::Insufficient => {
                    articles.push(Article::Cxa28_16);
                    Root::InsufficientRoot
                }
                Unprotected::CheaperAttacker => {
                    articles.push(Article::CxaXize3);
                    Root::GainsDespiteRoot
                }
            }
        } else if let Some(article) = special {
            articles.push(article);
            Root::Protected
        } else if let Some(s) = self.second_piece(pos, t, &ex, attacked) {
            articles.extend_from_slice(&[Article::CxaXize3, Article::Cxa2020Fig4]);
            second = Some(s);
            Root::GainsDespiteRoot
        } else {
            return None;
        };
        if ex.gains() {
            if let Some(article) = special {
                articles.push(article);
            }
        }
        let mut attackers: Short<Square> = capturers.into_iter().collect();
        for m in ex.line.iter().step_by(2) {
            if !attackers.contains(&m.from) {
                attackers.push(m.from);
            }
        }
        let form = if ex.line.len() == 1 || root == Root::Protected {
            ChaseForm::Capture
        } else {
            ChaseForm::Exchange
        };
        let mut chase = Chase {
            attackers,
            target: t,
            target_role: victim.role,
            root,
            // The exchange's own line: what is asked of it later is its first capture.
            line: std::mem::take(&mut ex.line),
            form,
            series_len: 0,
            protectors,
            net: ex.net,
            articles,
            notes: Vec::new(),
        };
        if let Some((line, s)) = second {
            // The line goes on with the second piece's exchange (CXA2020 图4).
            chase.line = line;
            chase.net = s.net;
            chase.form = ChaseForm::Exchange;
            chase
                .notes
                .push(super::ChaseNote::SecondPiece { second: s.target });
        }
        if self.policy.cannon_confined_chariot_no_offer
            && victim.role == Role::Chariot
            && capturers
                .into_iter()
                .any(|c| pos.piece_at(c).is_some_and(|p| p.role == Role::Chariot))
            && protection::pinned_by(pos, t, victim.color, Role::Cannon).is_some()
        {
            chase.articles.push(Article::AxfR27);
        }
        if self.policy.defensive_key_point.is_some()
            && matches!(victim.role, Role::Advisor | Role::Elephant)
        {
            chase.notes.push(super::ChaseNote::KeyPointNotDetected);
        }
        // The rule-set filters, each with its article.
        let kinds = AttackerKinds::of(pos, chase.attackers.iter().copied());
        // Several attackers against a real protector (少根; under AXF also a cheaper
        // attacker helped by another, r35).
        let several = root == Root::InsufficientRoot
            || (!self.policy.series_and_exchange_forms && root == Root::GainsDespiteRoot);
        let filtered = self.filters(pos, t, capturers, kinds, several, special);
        if filtered.general_article {
            chase.articles.push(self.policy.general_alone_article());
        }
        if filtered.soldier_article {
            chase.articles.push(self.policy.soldier_alone_article());
        }
        if let Some((reason, article)) = filtered.dismissed {
            return Some(Err(Dismissed {
                chase,
                reason,
                article,
                line: Vec::new(),
            }));
        }
        // CXA2020 26.5: a root that chases at a loss is idle.
        if self.policy.root_chase_needs_complete_gain && special.is_none() {
            match root_at_loss(pos, t, &ex, capturers, series) {
                Ok(None) => {}
                Ok(Some(other)) => {
                    chase.line.clone_from(&other.line);
                    chase.net = other.net;
                    ex = other;
                }
                Err(total) => {
                    chase.net = total;
                    return Some(Err(Dismissed {
                        chase,
                        reason: DismissReason::RootAtLoss,
                        article: Article::Cxa2020_26_5,
                        line: Vec::new(),
                    }));
                }
            }
        }
        // 被牵子捉子 (CXA2020 图23): the capture must not lose more elsewhere than it wins.
        // CXA only: AXF judges the capture by the target's protection (AXF S1).
        let held = self
            .policy
            .loses_elsewhere
            .filter(|_| root != Root::Protected);
        if let Some(article) = held {
            if let Some(lost) = sequence::counter_capture(pos, t, &ex) {
                match self.holds_elsewhere(pos, t, &ex, capturers, series) {
                    Some(other) => {
                        chase.line.clone_from(&other.line);
                        chase.net = other.net;
                        ex = other;
                    }
                    None => {
                        let mut line = vec![ex.first];
                        line.extend_from_slice(&lost.exchange.line);
                        return Some(Err(Dismissed {
                            chase,
                            reason: DismissReason::LosesElsewhere,
                            article,
                            line,
                        }));
                    }
                }
            }
        }
        // 29.4, 细则7: after the capture the mover must not be mated at once.
        match self.safe_capture(pos, t, &ex, capturers, special.is_some(), series, aside) {
            Ok(None) => {}
            Ok(Some(other)) => {
                chase.notes.push(super::ChaseNote::SafeCapturer {
                    mated: ex.first.from,
                    safe: other.first.from,
                });
                chase.line = other.line;
                chase.net = other.net;
            }
            Err(line) => {
                return Some(Err(Dismissed {
                    chase,
                    reason: DismissReason::MatedAfterCapture,
                    article: Article::Cxa29_4Xize7,
                    line,
                }));
            }
        }
        cite_soldier_for_chariot(&mut chase);
        Some(Ok(chase))
    }

    /// CXA 28.16 (假根; docs/rules.md §3): a capture of the piece on `t` that does not gain
    /// because a protector takes back wins it outright when every real protector's
    /// recapture allows the capturing side to mate at once (within
    /// [`protection::FALSE_ROOT_MATE_DEPTH`] checks): those protectors are false
    /// ([`ProtectorStatus::AllowsMate`](protection::ProtectorStatus), with the mating line).
    /// Returns the capture not taken back and the protectors, for the first capturer (of
    /// `capturers`) for which it holds. Asked only of a protected target the exchange does
    /// not win, so the mate searches it costs are spent there only.
    fn mated_roots(
        &mut self,
        pos: &Position,
        t: Square,
        capturers: SquareSet,
    ) -> Option<(protection::Exchange, Vec<crate::protection::Protector>)> {
        'capturer: for c in capturers {
            let Some(mv) = pos.move_from_squares(c, t) else {
                continue;
            };
            let mut protectors = protection::protectors(pos, t, &mv);
            self.standing_check_aside(&mut protectors);
            if !protectors.iter().any(|p| p.status.is_real()) {
                continue;
            }
            let p1 = pos.after(&mv);
            for p in protectors.iter_mut().filter(|p| p.status.is_real()) {
                let Some(rec) = p1.move_from_squares(p.square, t) else {
                    continue 'capturer;
                };
                if !p1.is_legal(&rec) {
                    continue 'capturer;
                }
                // A same-kind pair's capture is set aside in mating lines too (CXA2020 §3.1).
                let after = p1.after(&rec);
                let mate = if self.pairs.is_empty() {
                    self.mate.find(&after, protection::FALSE_ROOT_MATE_DEPTH)
                } else {
                    let aside: Vec<(Square, Square)> =
                        self.pairs.iter().map(|p| (p.mine, p.theirs)).collect();
                    self.mate
                        .find_without(&after, protection::FALSE_ROOT_MATE_DEPTH, &aside)
                };
                match mate {
                    Some(line) => p.status = protection::ProtectorStatus::AllowsMate { line },
                    None => continue 'capturer,
                }
            }
            return Some((protection::outright(pos, mv, t)?, protectors));
        }
        None
    }

    /// CXA 29.1, 细则3 (CXA2020 图4): for a target `t` attacked in the position asked
    /// (`attacked`: not at the end of a check series, where the search would pay for it at
    /// every node), an exchange `ex` that wins nothing on its own but leaves a second piece
    /// without its guard ([`sequence::follow_up`]). The forms of 29.1 beyond the plain
    /// capture are CXA's ([`ChasePolicy::series_and_exchange_forms`]): under AXF a protected
    /// piece is not chased (docs/rules.md §3).
    fn second_piece(
        &self,
        pos: &Position,
        t: Square,
        ex: &protection::Exchange,
        attacked: bool,
    ) -> Option<(Vec<Move>, sequence::Second)> {
        if !attacked || !self.policy.series_and_exchange_forms {
            return None;
        }
        sequence::follow_up(pos, t, ex)
    }

    /// 被牵子捉子 (CXA2020 图23): the capture of `ex` lets the opponent win more elsewhere;
    /// another capturer's exchange that gains (with `series`, what a check series before it
    /// won) and does not, if any.
    fn holds_elsewhere(
        &self,
        pos: &Position,
        t: Square,
        ex: &protection::Exchange,
        capturers: SquareSet,
        series: Material,
    ) -> Option<protection::Exchange> {
        capturers
            .into_iter()
            .filter(|&c| c != ex.first.from)
            .find_map(|c| {
                let other = protection::exchange_from_capturer(pos, c, t)?;
                (other.gains()
                    && gains_with(series, other.net)
                    && sequence::counter_capture(pos, t, &other).is_none())
                .then_some(other)
            })
    }

    /// 29.4, 细则7: winning the target must not get the mover mated at once; when several
    /// pieces can capture it, the threat stands if one of them captures safely (docs/rules.md
    /// §3). `Ok(None)`: the capture of `ex` is safe; `Ok(Some(other))`: it is not, but
    /// `other` (another capturer's exchange that still wins — together with `series`, what a
    /// check series before it won, CXA 细则3 — or any capture of a target chased whatever
    /// its protection when `special`) is; `Err(line)`: every capture gets the mover mated,
    /// `line` after the capture of `ex`.
    #[allow(clippy::too_many_arguments)]
    fn safe_capture(
        &mut self,
        pos: &Position,
        t: Square,
        ex: &protection::Exchange,
        capturers: SquareSet,
        special: bool,
        series: Material,
        aside: SquareSet,
    ) -> Result<Option<protection::Exchange>, Vec<Move>> {
        let depth = self.mate_depth.max(self.policy.capture_safety_checks);
        let Some(line) = self.mate.find(&pos.after(&ex.first), depth) else {
            return Ok(None);
        };
        for c in capturers {
            if c == ex.first.from {
                continue;
            }
            let Some(other) = protection::exchange_from_capturer_aside(pos, c, t, aside) else {
                continue;
            };
            if !(other.gains() && gains_with(series, other.net) || special) {
                continue;
            }
            if self.mate.find(&pos.after(&other.first), depth).is_none() {
                return Ok(Some(other));
            }
        }
        Err(line)
    }

    /// The rule-set filters of a threat on `t` once its protection is known, in the order
    /// they apply: several attackers against an insufficient root (AXF r35), the general
    /// alone (CXA 27.1, AXF r28), soldiers alone (CXA 27.2, AXF r29), the same kind both ways
    /// (AXF r24). The first that dismisses the threat gives the reason and the article; the
    /// articles the chase cites for the filters passed before are flagged. The 29.4 test
    /// comes after (it needs the mate search).
    fn filters(
        &mut self,
        pos: &Position,
        t: Square,
        capturers: SquareSet,
        kinds: AttackerKinds,
        insufficient_root: bool,
        special: Option<Article>,
    ) -> Filtered {
        let mut out = Filtered::default();
        let dismiss = |out: Filtered, reason: DismissReason, article: Article| Filtered {
            dismissed: Some((reason, article)),
            ..out
        };
        if insufficient_root && !self.policy.insufficient_root_chases && special.is_none() {
            return dismiss(out, DismissReason::SeveralAttackers, Article::AxfR35);
        }
        let role_of = |s: Square| pos.piece_at(s).map(|p| p.role);
        // AXF r28/r29: the general and soldiers may chase; a threat only they can carry out
        // (no other piece of the mover can capture the target) is permitted.
        let only_general_or_soldiers = capturers
            .into_iter()
            .all(|s| matches!(role_of(s), Some(Role::General | Role::Soldier)));
        let general_permitted = self.policy.general_chase_permitted
            && only_general_or_soldiers
            && capturers
                .into_iter()
                .any(|s| role_of(s) == Some(Role::General));
        if general_permitted || kinds.all_general {
            let a = self.policy.general_alone_article();
            return dismiss(out, DismissReason::GeneralChase, a);
        }
        out.general_article = kinds.any_general;
        let soldier_permitted = self.policy.soldier_chase_permitted && only_general_or_soldiers;
        if soldier_permitted || kinds.all_soldier {
            // The cycle context decides only where a soldier may chase in mutual attack.
            let mutual_chases = !soldier_permitted && self.policy.soldier_chases_in_mutual_attack;
            self.mutual_used |= mutual_chases;
            if !mutual_chases || !self.mutual {
                let a = self.policy.soldier_alone_article();
                return dismiss(out, DismissReason::SoldierChase, a);
            }
            out.soldier_article = true;
        }
        if self.policy.same_kind_mutual_is_offer && self.same_kind_mutual(pos, t, capturers) {
            return dismiss(out, DismissReason::SameKindMutual, Article::AxfR24);
        }
        out
    }

    /// The AXF rule under which a chariot on `t` is chased whatever its protection.
    fn always_chased(&self, pos: &Position, t: Square, capturers: SquareSet) -> Option<Article> {
        let victim = pos.piece_at(t)?;
        if victim.role != Role::Chariot || capturers.is_empty() {
            return None;
        }
        let roles = || capturers.filter_map(|s| pos.piece_at(s).map(|p| p.role));
        if self.policy.minor_on_chariot_always_chases
            && roles().any(|r| matches!(r, Role::Horse | Role::Cannon))
        {
            return Some(Article::AxfR15R26);
        }
        if self.policy.horse_pinned_chariot_always_chased
            && protection::pinned_by(pos, t, victim.color, Role::Horse).is_some()
        {
            return Some(Article::AxfR19);
        }
        None
    }

    /// AXF r24: every capturer is of the target's kind and the target could capture it back.
    fn same_kind_mutual(&self, pos: &Position, t: Square, capturers: SquareSet) -> bool {
        let Some(victim) = pos.piece_at(t) else {
            return false;
        };
        // AXF r27 (D63–66): a chariot confined to a cannon's line is not offered an exchange.
        if self.policy.cannon_confined_chariot_no_offer
            && victim.role == Role::Chariot
            && protection::pinned_by(pos, t, victim.color, Role::Cannon).is_some()
        {
            return false;
        }
        let back = pos.passed();
        !capturers.is_empty()
            && capturers.into_iter().all(|c| {
                pos.piece_at(c).is_some_and(|p| p.role == victim.role)
                    && protection::legal_capturers(&back, c).contains(t)
            })
    }

    /// The targets among `want` that the mover wins whatever the opponent answers in `pos`
    /// (the opponent to move, `replies` its legal moves; `bal` what the series has won so
    /// far, net for the mover): for each reply, [`Self::series`] with `d` further checks; a
    /// target stays only while every reply so far loses it (29.1: "能够通过连续照将吃子" —
    /// the defender chooses the answer to each check). Each hit's line starts with `lead`,
    /// then the reply that leaves the mover the least (the first of those on ties).
    #[allow(clippy::too_many_arguments)]
    fn won_against_every_reply(
        &mut self,
        pos: &Position,
        ids: &Ids,
        replies: &[Move],
        mut want: SquareSet,
        d: u32,
        ply: usize,
        lead: &[Move],
        bal: Material,
    ) -> Vec<Hit> {
        if d == 0 {
            // No further checks: a target is won after a reply only if the cheap test says
            // the mover gains it there. Intersect the cheap tests over every reply first, so
            // that the full judgement (protectors, 29.4's mate search) runs only for targets
            // that survive them all: the same targets, found with less work. An intersection
            // does not depend on the order of the replies: they are not sorted for it.
            want = self.gained_after_every_reply(pos, ids, replies, want, bal);
            if want.is_empty() {
                self.cut = true; // as the series below would have said
                return Vec::new();
            }
        }
        // The probe of `deepen` only asks whether anything is won: the defender's answers
        // are tried from the likeliest refutations, which ends the search sooner.
        let mut ordered = Vec::new();
        let replies = if self.probing {
            ordered = self.take_buf();
            ordered.extend_from_slice(replies);
            super::mate::sort_refutations(&mut ordered);
            &ordered[..]
        } else {
            replies
        };
        let mut common: Option<Vec<Hit>> = None;
        for r in replies {
            let after = pos.after(r);
            // A reply that captures (the checker, or a piece the series left hanging)
            // costs the mover what it takes.
            let bal = bal - taken(pos, r);
            let sub = self.series(&after, &play_ids(ids, r), d, want, ply, bal);
            let c = match common.take() {
                None => sub
                    .into_iter()
                    .map(|mut h| {
                        h.prefix.splice(0..0, lead.iter().copied().chain([*r]));
                        h
                    })
                    .collect(),
                Some(mut c) => {
                    c.retain_mut(|h| {
                        let Some(s) = sub.iter().find(|s| s.id == h.id) else {
                            return false;
                        };
                        // The principal line follows the defender's best answer: the one
                        // that leaves the mover the least.
                        if h.net.preferable_to(s.net) {
                            h.prefix.clear();
                            h.prefix.extend(lead.iter().copied().chain([*r]));
                            h.prefix.extend_from_slice(&s.prefix);
                            h.net = s.net;
                        }
                        true
                    });
                    c
                }
            };
            want = c.iter().map(|h| h.id).collect();
            common = Some(c);
            if want.is_empty() {
                break;
            }
        }
        if self.probing {
            self.mate.scratch.pool.push(ordered);
        }
        common.unwrap_or_default()
    }

    /// The targets among `want` (identities) that the cheap test ([`Self::gains`]) says the
    /// mover gains after every reply in `replies` (the opponent to move in `pos`; `bal` what
    /// the series has won before them).
    fn gained_after_every_reply(
        &self,
        pos: &Position,
        ids: &Ids,
        replies: &[Move],
        mut want: SquareSet,
        bal: Material,
    ) -> SquareSet {
        let them = pos.turn();
        for r in replies {
            if want.is_empty() {
                break;
            }
            let after = pos.after(r);
            let ids = play_ids(ids, r);
            let bal = bal - taken(pos, r);
            let mut kept = SquareSet::EMPTY;
            for sq in after.occupied_by(them) {
                if let Some(id) = id_square(ids[sq.index()]) {
                    if want.contains(id) && self.gains(&after, sq, bal) {
                        kept.insert(id);
                    }
                }
            }
            want = kept;
        }
        want
    }

    /// Targets (by identity) won through a series of at most `d` checks from `pos` (the
    /// mover to move; `bal`: what the series has won so far, net for the mover), each with
    /// the check series (one principal line) that leads to the winning capture. A target
    /// counts only when every defence leads to a capture that passes the full judgement and
    /// the whole sequence — the checks, the answers and the capture's exchange — gains
    /// material (细则3: "在子力价值上构成得子").
    #[allow(clippy::too_many_arguments)]
    fn series(
        &mut self,
        pos: &Position,
        ids: &Ids,
        d: u32,
        wanted: SquareSet,
        ply: usize,
        bal: Material,
    ) -> Vec<Hit> {
        self.nodes += 1;
        if crate::stop::tick() {
            self.nodes = self.nodes.max(SERIES_BUDGET);
        }
        let mut found = Vec::new();
        if ply > 0 {
            for sq in pos.occupied_by(!pos.turn()) {
                if let Some(id) = id_square(ids[sq.index()]) {
                    // Cheap test first; then the full judgement (rule-set filters, 29.4),
                    // so that a target counts only if it is won in every branch.
                    if !wanted.contains(id) {
                        continue;
                    }
                    if let Some(net) = self.won(pos, sq, bal) {
                        found.push(Hit {
                            id,
                            prefix: Vec::new(),
                            checks: 0,
                            net,
                        });
                    }
                }
            }
        }
        if d == 0 {
            self.cut = true;
            return found;
        }
        if self.nodes >= SERIES_BUDGET {
            return found;
        }
        let mut remaining = wanted;
        for f in &found {
            remaining.remove(f.id);
        }
        if remaining.is_empty() {
            return found;
        }
        let mut checks = self.take_buf();
        self.mate.moves.checks_into(pos, &mut checks);
        let mut replies = self.take_buf();
        for &m in &checks {
            if remaining.is_empty() || self.nodes >= SERIES_BUDGET {
                break;
            }
            // A same-kind pair's capture is set aside, also as a check of a series
            // (CXA2020 §3.1, 图13).
            if pair::is_pair_capture(&self.pairs, &m) {
                continue;
            }
            let next = pos.after(&m);
            let ids1 = play_ids(ids, &m);
            let bal = bal + taken(pos, &m);
            let won = if self.probing {
                self.probe_replies(&next, &ids1, remaining, d - 1, ply + 2, m, bal)
            } else {
                self.mate.moves.legal_into(&next, &mut replies);
                if replies.is_empty() {
                    continue; // mate: the mate-threat label covers it
                }
                self.won_against_every_reply(
                    &next,
                    &ids1,
                    &replies,
                    remaining,
                    d - 1,
                    ply + 2,
                    &[m],
                    bal,
                )
            };
            for h in won {
                remaining.remove(h.id);
                found.push(h);
            }
        }
        self.mate.scratch.pool.push(checks);
        self.mate.scratch.pool.push(replies);
        found
    }

    /// [`Self::won_against_every_reply`] for the probe, after the check `lead` (`next`:
    /// the opponent to answer it): the targets won whatever the answer, the answers that
    /// capture a checker or move the general tried first, without generating the others
    /// when one of them already saves every target. Only the targets found are of use to
    /// the probe, and a target won against every answer is won against every one of each
    /// part, so the parts are searched one after the other, the second for what the first
    /// left. A mate (no answer) wins nothing: the mate-threat label covers it.
    #[allow(clippy::too_many_arguments)]
    fn probe_replies(
        &mut self,
        next: &Position,
        ids: &Ids,
        want: SquareSet,
        d: u32,
        ply: usize,
        lead: Move,
        bal: Material,
    ) -> Vec<Hit> {
        let mut quick = self.take_buf();
        let all = self.mate.moves.first_answers_into(next, &mut quick);
        let mut want = want;
        let mut won = Vec::new();
        if !quick.is_empty() {
            won = self.won_against_every_reply(next, ids, &quick, want, d, ply, &[lead], bal);
            if won.is_empty() || all {
                self.mate.scratch.pool.push(quick);
                return won;
            }
            want = won.iter().map(|h| h.id).collect();
        }
        let mut rest = self.take_buf();
        self.mate.moves.legal_into(next, &mut rest);
        rest.retain(|r| !quick.contains(r));
        if !rest.is_empty() {
            won = self.won_against_every_reply(next, ids, &rest, want, d, ply, &[lead], bal);
        }
        self.mate.scratch.pool.push(quick);
        self.mate.scratch.pool.push(rest);
        won
    }

    /// An empty move buffer from the pool.
    fn take_buf(&mut self) -> Vec<Move> {
        let mut b = self.mate.scratch.pool.pop().unwrap_or_default();
        b.clear();
        b
    }

    /// Whether the side to move wins the piece on `t` at the end of a check series that has
    /// won `bal` so far: the cheap test ([`Self::gains`]) and then the full judgement
    /// ([`Self::direct_net`] is `Some(Ok(_))`), without building the evidence (the same
    /// answers and the same searches, in the same order). `Some(net)`: it does, and the
    /// whole sequence nets `net`.
    fn won(&mut self, pos: &Position, t: Square, bal: Material) -> Option<Material> {
        // The first questions, cheaper than the memo: most targets met in a series are not
        // even attacked.
        if !in_reach(pos, t) {
            return None;
        }
        // The standing check (AXF) is part of the question; the series search that asks
        // runs under CXA only, where it is always empty.
        if !self.standing_check.is_empty() {
            return self.won_judged(pos, t, bal);
        }
        if let Some(&answer) = self.mate.scratch.won_memo.get(pos, &(t, bal)) {
            return answer;
        }
        let answer = self.won_judged(pos, t, bal);
        self.mate.scratch.won_memo.insert(pos, (t, bal), answer);
        answer
    }

    /// [`Self::won`] without the memo, for a target [`in_reach`].
    fn won_judged(&mut self, pos: &Position, t: Square, bal: Material) -> Option<Material> {
        let aside = pair::aside_at(&self.pairs, pos, t);
        let (ex, capturers) = protection::best_exchange_and_capturers_aside(pos, t, aside);
        let ex = ex?;
        let special = if capturers.is_empty() {
            None
        } else {
            self.always_chased(pos, t, capturers)
        };
        // The cheap test of `gains`.
        if !(ex.gains() && gains_with(bal, ex.net)) && special.is_none() {
            return None;
        }
        // The decisions of `direct`: a capturer, the rule-set filters, 29.4.
        if capturers.is_empty() {
            return None;
        }
        // The protectors are looked at only where a 少根 could dismiss the threat.
        let insufficient =
            ex.gains() && !self.policy.insufficient_root_chases && special.is_none() && {
                let mut protectors = protection::protectors_of(pos, t, &ex);
                self.standing_check_aside(&mut protectors);
                matches!(
                    protection::classify(pos, t, &ex, &protectors),
                    Unprotected::Insufficient | Unprotected::CheaperAttacker
                )
            };
        let line_attackers = ex.line.iter().step_by(2).map(|m| m.from);
        let kinds = AttackerKinds::of(pos, capturers.into_iter().chain(line_attackers));
        if self
            .filters(pos, t, capturers, kinds, insufficient, special)
            .dismissed
            .is_some()
        {
            return None;
        }
        // CXA2020 26.5, as in `direct_capturers`.
        let ex = if self.policy.root_chase_needs_complete_gain && special.is_none() {
            match root_at_loss(pos, t, &ex, capturers, bal) {
                Ok(None) => ex,
                Ok(Some(other)) => other,
                Err(_) => return None,
            }
        } else {
            ex
        };
        match self.safe_capture(pos, t, &ex, capturers, special.is_some(), bal, aside) {
            Ok(None) => Some(bal + ex.net),
            Ok(Some(other)) => Some(bal + other.net),
            Err(_) => None,
        }
    }

    /// Cheap test: does the side to move win material on `t`, the whole sequence gaining
    /// with `bal` (what a check series before it won), or, under AXF, attack a chariot that
    /// counts whatever its protection?
    fn gains(&self, pos: &Position, t: Square, bal: Material) -> bool {
        if !in_reach(pos, t) {
            return false;
        }
        // The capturers come with the exchange (the pieces it starts from).
        match protection::best_exchange_and_capturers(pos, t) {
            (Some(ex), _) if ex.gains() && gains_with(bal, ex.net) => true,
            (Some(_), capturers) => self.always_chased(pos, t, capturers).is_some(),
            (None, _) => false,
        }
    }

    /// Judges a series hit in full on the position where the capture is made.
    /// `lead` are the root points of the pieces that start the series (the checkers).
    fn judge_series(
        &mut self,
        root: &Position,
        hit: &Hit,
        lead: &[Square],
    ) -> Option<Result<Chase, Dismissed>> {
        let mut pos = root.clone();
        let mut ids = identity(root);
        // What the series wins or gives on the way, net for the mover (the side that makes
        // the capture at the end of the prefix).
        let mover = if hit.prefix.len().is_multiple_of(2) {
            root.turn()
        } else {
            !root.turn()
        };
        let mut bal = Material::ZERO;
        for m in &hit.prefix {
            let v = taken(&pos, m);
            bal = if pos.turn() == mover {
                bal + v
            } else {
                bal - v
            };
            ids = play_ids(&ids, m);
            pos.play_unchecked(m);
        }
        let t = Square::all().find(|s| ids[s.index()] == hit.id.index() as u8)?;
        let to_root = |c: &mut Chase| {
            c.line.splice(0..0, hit.prefix.iter().copied());
            c.series_len = hit.prefix.len();
            c.form = ChaseForm::CheckSeries;
            c.target = hit.id;
            let mut attackers = Short::from_slice(lead);
            for a in c.attackers.iter().filter_map(|s| id_square(ids[s.index()])) {
                if !attackers.contains(&a) {
                    attackers.push(a);
                }
            }
            c.attackers = attackers;
            c.articles.insert(0, Article::Cxa28_3);
            // The net of the whole line: the series' captures, then the exchange.
            c.net = bal + c.net;
            c.articles.retain(|a| *a != Article::Cxa2020_26_7);
            cite_soldier_for_chariot(c);
        };
        Some(match self.direct_net(&pos, t, bal)? {
            Ok(mut c) => {
                to_root(&mut c);
                Ok(c)
            }
            Err(mut d) => {
                to_root(&mut d.chase);
                Err(d)
            }
        })
    }
}

/// CXA2020 26.5 ([`ChasePolicy::root_chase_needs_complete_gain`]): whether the capture
/// that starts `ex` (a gaining exchange on `t` for the side to move in `pos`, after a check
/// series that won `series`) is made by a root that abandons a piece it protects, so that
/// taking costs more than it wins: the complete exchange is a loss ([`Balance::Loss`](crate::material::Balance);
/// an even or not comparable one — a crossed soldier against a horse, 25.3 — still
/// chases: 图21 ply 3, 图22 ply 1, 图28 ply 1). A piece is abandoned when the capturer attacks its
/// point (guards it), the opponent could not win it before the capture, and can once the
/// capturer has taken: the opponent, answering the capture, either goes on with the
/// exchange on `t` or takes the abandoned piece, whichever leaves the mover less.
/// `Ok(None)`: the capture abandons nothing that costs the gain; `Ok(Some(other))`: it
/// does, but `other`, another capturer's gaining exchange, is not at a loss; `Err(total)`:
/// every capture is at a loss, `total` the complete net of `ex`'s.
fn root_at_loss(
    pos: &Position,
    t: Square,
    ex: &protection::Exchange,
    capturers: SquareSet,
    series: Material,
) -> Result<Option<protection::Exchange>, Material> {
    let at_loss = |n: Material| (series + n).judge() == crate::material::Balance::Loss;
    let total = match complete_net(pos, t, ex) {
        Some(total) if at_loss(total) => total,
        _ => return Ok(None),
    };
    for c in capturers {
        if c == ex.first.from {
            continue;
        }
        let Some(other) = protection::exchange_from_capturer(pos, c, t) else {
            continue;
        };
        if !gains_with(series, other.net) {
            continue;
        }
        match complete_net(pos, t, &other) {
            Some(n) if at_loss(n) => {}
            _ => return Ok(Some(other)),
        }
    }
    Err(total)
}

/// The complete net of the exchange `ex` on `t` for the side to move in `pos` when its
/// first capturer abandons a piece it protects ([`root_at_loss`]): the worse for the mover
/// of going on with the exchange on `t` and of the opponent taking the abandoned piece
/// (its own exchange there) instead of recapturing. `None` when the capture abandons no
/// piece.
fn complete_net(pos: &Position, t: Square, ex: &protection::Exchange) -> Option<Material> {
    let us = pos.turn();
    let root = ex.first.from;
    let won = pos.piece_at(t).map(|p| Material::of(p, t))?;
    let guarded: SquareSet = pos
        .occupied_by(us)
        .filter(|&sq| {
            sq != root
                && pos
                    .piece_at(sq)
                    .is_some_and(|p| Material::of(p, sq).is_material())
                && pos.attackers(sq, us).contains(root)
        })
        .collect();
    if guarded.is_empty() {
        return None;
    }
    let (stay, took) = (pos.passed(), pos.after(&ex.first));
    let mut worst: Option<Material> = None;
    for sq in guarded {
        let gains = |p: &Position| protection::best_exchange(p, sq).filter(|e| e.gains());
        if gains(&stay).is_some() {
            // Lost whether or not the capturer leaves: not abandoned by it.
            continue;
        }
        let Some(e) = gains(&took) else {
            continue;
        };
        let instead = won - e.net;
        if worst.is_none_or(|w| w.preferable_to(instead)) {
            worst = Some(instead);
        }
    }
    let instead = worst?;
    Some(if ex.net.preferable_to(instead) {
        instead
    } else {
        ex.net
    })
}

/// Cites CXA2020 26.7 on a chase whose line gains only because one soldier given for a
/// chariot gains ([`Material::soldier_for_chariot`]; 25.3 alone leaves it unclear).
fn cite_soldier_for_chariot(chase: &mut Chase) {
    if chase.net.soldier_for_chariot() {
        chase.articles.push(Article::Cxa2020_26_7);
    }
}

/// Whether the side to move attacks on `t` an opponent's piece that counts as material:
/// the first condition of winning it.
fn in_reach(pos: &Position, t: Square) -> bool {
    let us = pos.turn();
    pos.piece_at(t).is_some_and(|victim| {
        victim.color != us && Material::of(victim, t).is_material() && pos.is_attacked(t, us)
    })
}

/// The points of the opponent's pieces (of the side to move in `pos`) whose identity is in
/// `wanted` and that the side to move attacks, in board order: most targets of a direct
/// threat are not even attacked, and one pass over the attackers finds those that are.
fn attacked_targets(pos: &Position, ids: &Ids, wanted: SquareSet) -> SquareSet {
    let us = pos.turn();
    let points: SquareSet = pos
        .occupied_by(!us)
        .filter(|sq| id_square(ids[sq.index()]).is_some_and(|id| wanted.contains(id)))
        .collect();
    // A scan per point is cheaper for a few points, one pass over the attackers for more.
    if points.count() <= FEW_TARGETS {
        return points.filter(|&t| pos.is_attacked(t, us)).collect();
    }
    pos.attacked_among(points, us)
}

/// Up to this many points, [`attacked_targets`] scans each for attackers: a scan costs
/// about 150 instructions and [`Position::attacked_among`] about 700 (measured on the bench
/// cases), so the two meet near five.
const FEW_TARGETS: usize = 5;

/// The material a move takes (zero when it captures nothing).
fn taken(pos: &Position, m: &Move) -> Material {
    pos.piece_at(m.to)
        .filter(|p| p.color != pos.turn())
        .map_or(Material::ZERO, |p| Material::of(p, m.to))
}

/// Whether an exchange that nets `net` gains once added to `series`, what a check series
/// before it won or gave (CXA 29.1, 细则3: the gain is the net of the whole sequence).
fn gains_with(series: Material, net: Material) -> bool {
    (series + net).judge() == crate::material::Balance::Gain
}

/// A target won through a series of checks: its identity and the checks and replies
/// played before the capture, against the defender's best answers.
#[derive(Debug, Clone)]
struct Hit {
    id: Square,
    prefix: Vec<Move>,
    checks: u32,
    /// What the whole line nets for the mover: the series' captures and the exchange.
    net: Material,
}
