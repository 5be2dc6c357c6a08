//! The rule book's values: the rule sets, the analysis settings, the *(open)* choices,
//! what counts as a chase ([`ChasePolicy`]), which label decides a move's part in the
//! conduct ([`Reading`]), the CXA editions ([`cxa`]) and AXF's ([`axf`]) values, and the
//! article catalogue ([`Article`]). The labeller, conducts and verdicts read them; the rule
//! book's functions over labels, conducts and verdicts sit above them in [`crate::rules`],
//! which re-exports all of this (docs/design.md, "Layers").

use qili_notation::Role;
use serde::{Deserialize, Serialize};

pub mod articles;
pub mod axf;
pub mod cxa;

pub use articles::{Article, ParseArticleError};

/// Which repetition rules apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleSet {
    /// Chinese Xiangqi Association competition rules, the current edition (2011, re-issued
    /// 2020: docs/rules.md §8; [`cxa::CXA2020`]). The default.
    #[default]
    Cxa,
    /// Chinese Xiangqi Association competition rules, the 1999 edition (第24–29条, 棋例细则 as
    /// in the seeds; [`cxa::CXA1999`]): the rules under which games before 2011 were played.
    Cxa1999,
    /// Asian Xiangqi Federation rules (used by the WXF).
    Axf,
}

impl RuleSet {
    /// Every rule set, the default first.
    pub const ALL: [RuleSet; 3] = [RuleSet::Cxa, RuleSet::Cxa1999, RuleSet::Axf];

    /// `cxa`, `cxa1999` or `axf`.
    pub fn as_str(self) -> &'static str {
        match self {
            RuleSet::Cxa => "cxa",
            RuleSet::Cxa1999 => "cxa1999",
            RuleSet::Axf => "axf",
        }
    }

    /// Whether it is an edition of the CXA rules (what the two editions share: the
    /// definitions of 第28–29条, the heaviest reading, the conduct → verdict table but for
    /// the switches of [`cxa::Edition`]).
    pub const fn is_cxa(self) -> bool {
        matches!(self, RuleSet::Cxa | RuleSet::Cxa1999)
    }

    /// The CXA edition, for a CXA rule set.
    pub const fn edition(self) -> Option<&'static cxa::Edition> {
        match self {
            RuleSet::Cxa => Some(&cxa::CXA2020),
            RuleSet::Cxa1999 => Some(&cxa::CXA1999),
            RuleSet::Axf => None,
        }
    }

    /// The names reports print ([`cxa::Edition::names`], [`axf::NAMES`]).
    pub const fn names(self) -> Names {
        match self.edition() {
            Some(e) => e.names,
            None => axf::NAMES,
        }
    }
}

/// A text that names no [`RuleSet`]: the text, handed back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule set {0:?}: expected cxa, cxa1999 or axf")]
pub struct ParseRuleSetError(pub String);

impl std::str::FromStr for RuleSet {
    type Err = ParseRuleSetError;
    fn from_str(s: &str) -> Result<RuleSet, ParseRuleSetError> {
        match s.to_ascii_lowercase().as_str() {
            "cxa" | "cxa2020" | "cxa2011" => Ok(RuleSet::Cxa),
            "cxa1999" => Ok(RuleSet::Cxa1999),
            "axf" | "wxf" => Ok(RuleSet::Axf),
            _ => Err(ParseRuleSetError(s.to_owned())),
        }
    }
}

impl std::fmt::Display for RuleSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The defaults docs/rules.md fixes where the sources are open. One place, cited by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct OpenChoices {
    /// CXA 27.3, 细则13 ("占据防守要点，立即构成简明和棋，附带产生的捉士相（象），按闲处理"):
    /// the exception is applied only in its plain case, read from the position as follows
    /// (the one place this reading is decided; docs/rules.md §3, §7). A move is in the
    /// plain case when
    /// - every piece it chases is an advisor or an elephant (the incidental threat), and it
    ///   neither checks nor threatens mate (its point is defence, not attack);
    /// - the mover was not in check, and the opponent, moving again in the position before
    ///   the move, could mate by checks ([`Settings::mate_depth`]): the mover faced a mate
    ///   threat;
    /// - after the move the opponent, to move, can no longer mate so — the point the move
    ///   occupies parries it — and has no chase either: no piece of the mover it could win
    ///   (a capture, a series of checks or an exchange that gains, CXA 29; novelty not
    ///   asked);
    /// - the mover is not ahead in material: every piece of both sides counted, the balance
    ///   is no gain by the equalities of CXA 25.3 (a side ahead keeps winning chances, and
    ///   its threat on the opponent's advisors or elephants is not incidental).
    ///
    /// "At once makes a plain draw" is read as "at once leaves the opponent nothing to
    /// play for, and the mover only holds": its mating attack parried, no material to win
    /// on either side's account. qili has no table of
    /// theoretical draws, and the sources give no other test; the point the move occupies
    /// is the defensive key point. Outside the plain case the
    /// chase stands, and a note says the exception may apply. With `false` the exception
    /// is applied to every move whose only chased pieces are advisors and elephants, made
    /// out of no check, that neither checks nor threatens mate, without the test of the
    /// mate parried. Either way, over a cycle a side that chases elsewhere holds no plain
    /// draw ([`ChasePolicy::key_point_void_when_chasing_elsewhere`]).
    pub key_point_plain_case_only: bool,
    /// AXF r19 (D39–41; the "D105" of other printings is not in the English edition, docs/rules.md §7): rank attacks on a chariot pinned by a horse above ordinary chases.
    pub axf_pinned_chariot_ranked_above_chase: bool,
    /// CXA 29.2 / 细则6 (novelty of a chase through a series of checks, CXA 29.1): a target
    /// that could already be won before the move, but only through a longer series of checks
    /// than now (e.g. a checking move that itself starts the series), is chased anew: the
    /// move made the threat more immediate. With `false`, any earlier series threat on the
    /// target makes the chase "not new" (从捉到捉). A direct threat is judged per (attacker,
    /// target) pair instead (docs/rules.md §3).
    pub threat_needing_fewer_checks_is_new: bool,
    /// docs/rules.md §3 (novelty, both rule sets): the baseline is the attack itself, not whether
    /// it could be carried out. An attack that stood before the move stood even if the mover
    /// was then in check and could not capture: a move that parries a check (a king step, a
    /// block) chases only through an attack it opens itself. With `false`, an attack that
    /// only becomes executable because the check is gone is a new chase.
    pub attack_is_the_baseline: bool,
    /// docs/rules.md §5 (AXF forbidden reading): a checking move that also renews
    /// the chase of a piece that every other move of the side chases counts as a chase, so
    /// the side perpetually chases that piece (unless every move checks: r6). With `false`
    /// it counts as a check, and the cycle is r12's "checks and one chase" (allowed).
    pub axf_check_that_chases_is_chase: bool,
}

impl Default for OpenChoices {
    /// The defaults of the rule books ([`cxa::OPEN_CHOICES`], [`axf::OPEN_CHOICES`],
    /// `ATTACK_IS_THE_BASELINE`).
    fn default() -> OpenChoices {
        OpenChoices {
            key_point_plain_case_only: cxa::KEY_POINT_PLAIN_CASE_ONLY,
            axf_pinned_chariot_ranked_above_chase: axf::PINNED_CHARIOT_RANKED_ABOVE_CHASE,
            threat_needing_fewer_checks_is_new: cxa::THREAT_NEEDING_FEWER_CHECKS_IS_NEW,
            attack_is_the_baseline: ATTACK_IS_THE_BASELINE,
            axf_check_that_chases_is_chase: axf::CHECK_THAT_CHASES_IS_CHASE,
        }
    }
}

/// *(open)* default of both rule sets, docs/rules.md §3 (novelty, CXA 29.2, 细则6): the baseline
/// of novelty is the attack itself, not whether it could be carried out
/// ([`OpenChoices::attack_is_the_baseline`]).
pub const ATTACK_IS_THE_BASELINE: bool = true;

/// One *(open)* choice of docs/rules.md: where the sources disagree or are silent, the default
/// qili applies and where it comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenChoice {
    /// The [`OpenChoices`] field (the name explanations print).
    pub name: &'static str,
    /// Its default.
    pub default: bool,
    /// The articles it reads.
    pub articles: &'static [Article],
    /// Where docs/rules.md leaves it open.
    pub open_in: &'static str,
}

/// The open choice shared by both rule sets.
pub const SHARED_OPEN_CHOICES: &[OpenChoice] = &[OpenChoice {
    name: "attack_is_the_baseline",
    default: ATTACK_IS_THE_BASELINE,
    articles: &[Article::Cxa29_2Xize6],
    open_in: "docs/rules.md §3, §7 (novelty: the baseline is the attack itself)",
}];

/// How the label that decides a move's part in the conduct is chosen when the move has
/// several (docs/rules.md §3, §5): the one place that knows it differs between the rule sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reading {
    /// CXA 27.4, 细则12: the heaviest label (将 > 杀 > 捉 > the idle kinds).
    #[default]
    Heaviest,
    /// AXF D53, D56 (docs/rules.md §3): the label that makes the conduct forbidden — a mate
    /// threat that also chases counts as a chase; a check that also renews the chase of a
    /// piece every other move chases counts as a chase when `check_that_chases_is_chase`.
    Forbidden {
        /// [`OpenChoices::axf_check_that_chases_is_chase`].
        check_that_chases_is_chase: bool,
    },
}

impl Reading {
    /// The reading of `settings`' rule set.
    pub fn of(settings: &Settings) -> Reading {
        settings.book().reading()
    }

    /// Whether a move's part in the conduct is its heaviest label alone, whatever lighter
    /// labels it has: then a check or a mate threat needs no chase search for the verdict
    /// ([`Scope::Verdict`](crate::label::Scope)).
    pub const fn counts_heaviest_only(self) -> bool {
        matches!(self, Reading::Heaviest)
    }
}

/// Settings of an analysis.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The rule set.
    pub rules: RuleSet,
    /// Occurrence count at which a ruling is in force (docs/rules.md §1; default 3).
    pub repetitions: u32,
    /// Natural move limit in moves (回合) without a capture (default 60).
    pub natural_limit: u32,
    /// Checks by the claimant count for at most this many moves (default 10).
    pub natural_limit_check_cap: u32,
    /// Mate-threat search: at most this many checking moves of the mover (default 4).
    pub mate_depth: u32,
    /// The *(open)* defaults.
    pub open: OpenChoices,
    /// A CXA edition built by hand in place of the rule set's own ([`EditionRef`]), for a
    /// study that turns an edition's switches on one at a time (the attribution of
    /// docs/real-games.md); `None`, the default: the rule set's edition. Read only under a
    /// CXA rule set; never read from or written to JSON.
    #[serde(skip)]
    pub edition: Option<EditionRef>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            rules: RuleSet::Cxa,
            repetitions: 3,
            natural_limit: 60,
            natural_limit_check_cap: 10,
            mate_depth: 4,
            open: OpenChoices::default(),
            edition: None,
        }
    }
}

impl Settings {
    /// The rule book of these settings: the rule set with its open choices (and the
    /// edition built by hand, if any: [`Settings::edition`]).
    pub fn book(&self) -> RuleBook {
        RuleBook::new(self.rules, self.open).with_edition(self.edition)
    }
}

/// A CXA edition built by hand ([`cxa::Edition`] with some switches changed: its fields are
/// public), made `'static` so that settings and rule books stay small and `Copy`. Two
/// references are equal when they are the same edition value (built by the same
/// [`EditionRef::new`]): caches keyed by a rule book then keep each edition apart.
///
/// ```
/// use qili_analyzer::{cxa, EditionRef, RuleSet, Settings};
///
/// // The 1999 edition with the one switch of 图6 (a perpetual check must change first).
/// let edition = cxa::Edition { perpetual_check_loses_at_once: false, ..cxa::CXA1999 };
/// let settings = Settings {
///     rules: RuleSet::Cxa1999,
///     edition: Some(EditionRef::new(edition)),
///     ..Settings::default()
/// };
/// assert!(!settings.book().edition().unwrap().perpetual_check_loses_at_once);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct EditionRef(&'static cxa::Edition);

impl EditionRef {
    /// A reference to `edition`, leaked: build each edition once (a study builds a few).
    pub fn new(edition: cxa::Edition) -> EditionRef {
        EditionRef(Box::leak(Box::new(edition)))
    }

    /// The edition.
    pub const fn get(self) -> &'static cxa::Edition {
        self.0
    }
}

impl PartialEq for EditionRef {
    fn eq(&self, other: &EditionRef) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for EditionRef {}

impl std::hash::Hash for EditionRef {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::ptr::hash(self.0, state)
    }
}

/// The chase rules of one rule set: every CXA/AXF difference of docs/rules.md §5 that concerns
/// single moves, one field per difference, each citing its rule ([`cxa::CHASE`],
/// [`axf::CHASE`]).
///
/// AXF r17/r18 (a chariot on a protected cannon is not a chase, on an unprotected one it
/// is) need no field: that is the general rule of 29.3. The part of AXF r27 saying that a
/// chariot confined to a cannon's line "does not chase by moving along that line" follows
/// from legality (such a chariot can only capture along its line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChasePolicy {
    /// The general may chase, alone or together with another piece: such a threat is never
    /// a forbidden chase. CXA: no — the general alone is idle (27.1, 细则9) but the general
    /// with another piece, or a piece using the general's power, does chase; AXF: yes (r28,
    /// D67–68, "the general may chase, alone or with another piece", read as a permission as
    /// the other AXF "may" rules are).
    pub general_chase_permitted: bool,
    /// Soldiers may chase: a threat by soldiers alone is never a forbidden chase. CXA: a
    /// soldier alone is idle except in mutual perpetual attack, 长打对长打 (27.2, 细则11);
    /// AXF: always permitted (r29, D69–70).
    pub soldier_chase_permitted: bool,
    /// A threat by soldiers alone chases when both sides attack on every move (长打对长打,
    /// 28.14): 1999 edition yes (27.2, 细则11 "发生互打时，兵（卒）叫吃子均按捉处理"); current
    /// edition no — a soldier's lone threat is idle in mutual attack too (`CXA2020 图14`: Red's
    /// soldier threatens the black chariot on every move while Black chases perpetually, the
    /// book labels the soldier's moves 闲 and Black must change; the soldier clauses of
    /// 2011/2020 26.1.x make a soldier's move a chase only together with another piece or
    /// through another piece's new chase, CXA2020.md §2.2). Read only where soldiers may not
    /// chase ([`Self::soldier_chase_permitted`] `false`); AXF: `false`, its soldiers may
    /// always chase (r29). When it is `false` the cycle context never changes a label.
    pub soldier_chases_in_mutual_attack: bool,
    /// A horse or cannon attacking a chariot chases even when the chariot is protected
    /// and the capture would lose material. CXA: no; AXF: yes (r15, D18–25; screen moves
    /// included, r26, D61–62).
    pub minor_on_chariot_always_chases: bool,
    /// A chariot held in place by a horse (horse-leg pin) is chased by any attack on it,
    /// whatever its protection. CXA: no; AXF: yes (r19, D39–41).
    pub horse_pinned_chariot_always_chased: bool,
    /// A chariot confined to a cannon's line (it screens the cannon from its general) and
    /// attacked by an opposing chariot is not in an offer (r24 does not apply): the attack
    /// chases it when it is unprotected, and protection in one of its positions breaks the
    /// perpetual chase as for any piece. CXA: no such rule; AXF: yes (r27, D63–66; by a
    /// horse or cannon it is chased whatever its protection, r15).
    pub cannon_confined_chariot_no_offer: bool,
    /// Two pieces of the same kind attacking each other, both able to capture: an offer,
    /// not a chase. CXA: no (the unprotected one is chased, 细则5); AXF: yes (r24, D51–55).
    pub same_kind_mutual_is_offer: bool,
    /// A same-kind pair that can take each other (chariot–chariot, horse–horse,
    /// cannon–cannon), the mover's piece protected, is an exchange offer (兑): the pair's
    /// capture is set aside when the mover's chases and mate threats are looked for — even
    /// when the enemy piece is unprotected, insufficiently protected only because another
    /// attacker joins, or the capture would be followed by a further gain; threats by other
    /// pieces still count, and a pair that cannot actually take each other chases again
    /// (CXA2020 §3.1: 图2, 9, 13, 21, 29, 30 and 30's variation; 图2 is the 1999 book's
    /// figure 三 for 细则3, "一捉一兑", so both editions). CXA: yes. AXF: no — r24 (D51–55)
    /// is its own version ([`Self::same_kind_mutual_is_offer`]: every capturer of the
    /// target's kind, no root asked), and a second attacker joining against a protected
    /// piece is no chase there anyway (r35, D86–89), so docs/rules.md rules the joined cases of
    /// 图21 and 图30 alike without this rule.
    pub same_kind_pair_is_exchange: bool,
    /// Several attackers against a protected piece (少根, more attackers than protectors)
    /// chase. CXA: yes (28.16, 29.3); AXF: no (r35, D86–89).
    pub insufficient_root_chases: bool,
    /// The forms of CXA 29.1 beyond the plain capture: a capture reached through a series
    /// of checks, and a protected piece won by an exchange (少根, a cheaper attacker, 细则3).
    /// CXA: yes; AXF: no — a chase is a capture threatened for the very next move, a threat
    /// that needs a check first is idle (r13 D14–16, r38 D97–98), and a piece with a real
    /// protector is not chased (docs/rules.md §3), except where a rule names the pair (r15, r19,
    /// r27).
    pub series_and_exchange_forms: bool,
    /// Taking away the last real protector of a chariot that a horse or cannon attacks
    /// makes that standing attack a new chase, as for any target (Appendix, perpetual
    /// chase: destroying protection is a new chase). Where the rule set chases such a
    /// chariot whatever its protection, the attack was a chase before the protector went,
    /// and it stays the same chase ([`ChasePolicy::protection_renews`]).
    pub protection_renews_minor_on_chariot: bool,
    /// Novelty is about the win, not only the attack (CXA 28.3, 29.2, 29.4, 细则2, 细则3,
    /// 细则7; docs/rules.md §3, figures 图3, 图10, 图12): an attack that stood before the move
    /// but could not then be carried out with gain — the capture was answered by mate, met a
    /// real root the move cuts, or lost more elsewhere (a piece of the mover left en prise) —
    /// is a new chase when the move makes the win real. CXA: yes; AXF: no — the same
    /// attacker still attacking the same target is no new chase even when the capture only
    /// just became profitable (D103, Appendix non-perpetual chase); only taking away the
    /// target's last real protector renews it (Appendix, perpetual chase).
    pub novelty_of_the_win: bool,
    /// A protector whose recapture allows the capturing side to mate at once is a false
    /// root (假根, CXA 28.16 "形式上是根，实际上起不到充分保护作用"; docs/rules.md §3). CXA: yes;
    /// AXF: no — a false protector is one that cannot legally recapture (r34, D83–85,
    /// docs/rules.md §3); applied under AXF it moved two CCPD games away from the peer engine's
    /// AXF ruling (全國賽對局譜/00009028, 中炮局/00002297), below the agreement AXF keeps.
    pub false_root_by_mate: bool,
    /// Occupying a defensive key point that at once makes a plain draw: the incidental
    /// threat on an advisor or elephant is idle (CXA 27.3, 细则13). The articles of the rule
    /// where the rule book has it — the first is the one a dismissed threat cites
    /// ([`DismissReason::DefensiveKeyPoint`](crate::label::DismissReason)): `CXA1999 27.3,
    /// 细则13` in both CXA editions (the current edition keeps the rule, its 2011/2020
    /// number is not known here: docs/rules.md, "Citations"), the current one adds the figure
    /// that shows it, `CXA2020 图18`. How "a plain draw" is read is the *(open)* choice
    /// [`OpenChoices::key_point_plain_case_only`], the one place it is decided. A chase on
    /// an advisor or elephant the rule does not dismiss carries a note that the exception
    /// may apply. AXF: `None`, no such rule (the AXF rules have none; docs/rules.md §8).
    pub defensive_key_point: Option<&'static [Article]>,
    /// The reading of "a plain draw" (简明和棋) of 27.3 over a cycle: a plain draw is a
    /// position the side only holds. A side that, in the same cycle, leaves the key point to
    /// chase — another of its moves has a chase that counts in the conduct
    /// ([`Reading::chases_count`](crate::settings::Reading)) — plays for more than a draw:
    /// its key-point moves' incidental threats on advisors or elephants count as chases
    /// again (27.3 not applied, [`ChaseNote::KeyPointSideChasesElsewhere`](crate::label::ChaseNote)).
    /// Checks, mate threats and idle moves on its other moves do not prevent the rule (CXA2020
    /// 图18: the chariot checks and goes back to the key point, a draw). Decided in one place,
    /// where a cycle's labels become the sides' conducts (`judge::rule_run`). CXA: yes (both
    /// editions); AXF: no (no such rule).
    pub key_point_void_when_chasing_elsewhere: bool,
    /// A step of the general that answers a check is idle even if a chase or a mate threat
    /// follows from it (docs/rules.md §8; CXA 2011/2020 26.1, cited `CXA2020 26.1`): its
    /// chases are dismissed ([`DismissReason::GeneralAnswersCheck`](crate::label::DismissReason))
    /// and its mate threat is not a label (the idle label's evidence keeps the mating line).
    /// A check it gives stays a check. 1999 edition: no such clause — the step is labelled as
    /// any move (27.1 makes only the general's own threat idle). AXF: no such rule, and the
    /// general may chase anyway (r28); a perpetual mate threat is allowed (r9): today's
    /// behaviour is kept. Under the 2020 values it decides 图13 ply 2 and 图18 ply 2 (将4平5,
    /// 杀 → 闲 as in the book; 图13's verdict is unchanged, 图18's turns from a draw to "Red
    /// must change" because its ply 3, 闲 in the book by 27.3, is still labelled 捉 here). The soldier's clause of the same article (a soldier's
    /// move that chases together with another piece, or after which another piece makes a
    /// new chase, is a chase) needs no field: both editions rule so here, because 27.2
    /// (细则11) makes only a threat by soldiers alone idle ([`DismissReason::SoldierChase`](crate::label::DismissReason)).
    pub general_step_out_of_check_is_idle: bool,
    /// A reply to a check is not a mate threat when the threat exists only because the
    /// checking side's own check made it (docs/rules.md §8, `CXA2020 图13` ply 2): the
    /// mating line stood in the position the reply was made in — its first move was there,
    /// the same piece from the same point, and was not legal only because of the check —
    /// and the reply takes no part in it (it moves no piece of the line and stands on no
    /// point the line's moves pass over or depend on). The reply then merely ends the
    /// check; the position alone cannot tell a threat the check created from one that stood
    /// before it as well, and both are read so. 1999 edition (细则13's example calls a
    /// similar move 杀): no. AXF: no such rule (a perpetual mate threat is allowed, r9):
    /// today's behaviour is kept. Under the 2020 values it decides 图13 ply 2 (with
    /// [`ChasePolicy::general_step_out_of_check_is_idle`]: the reply is a step of the general;
    /// verdict-neutral); not 图18 ply 2, whose mate threat stood before the check, nor 图19
    /// ply 4 (a block; the threat stood before the check: 杀 in the book).
    pub reply_threat_made_by_check_is_idle: bool,
    /// A root that chases at a loss is idle (docs/rules.md §8, `CXA2020 26.5`): when the
    /// capturer protects another piece of its side that the opponent cannot win before the
    /// capture and wins once the capturer has left (or been taken), the capture does not
    /// chase if taking costs more than it wins — the complete exchange, the opponent
    /// answering the capture either by going on with the exchange on the target or by taking
    /// the abandoned piece (whichever leaves the mover less), is a loss. An even or not
    /// comparable complete exchange still chases: the figures say so (图21 ply 3 and 图28
    /// ply 1, a chariot guarding a horse or cannon takes a horse or cannon; 图22 ply 1, a
    /// chariot guarding a horse takes a crossed soldier, whose value floats, 25.3: all
    /// chases in the book). When several pieces can capture, the threat stands if one of
    /// them is not at a loss. 1999 edition (细则4, "凡用作为根的子捉吃对方的子，也按捉处理"): no — a root's
    /// chase is a chase, judged on the target's point alone. AXF: no such rule (a chase is
    /// a capture threatened for the next move, judged on the target, docs/rules.md §3): today's
    /// behaviour is kept.
    pub root_chase_needs_complete_gain: bool,
    /// The citation of "mutual perpetual attack" (长打对长打, CXA 28.14), which decides
    /// whether a soldier's threat chases (27.2, 细则11); `None` where the rule set has no such
    /// notion (AXF: soldiers may always chase, r29).
    pub mutual_attack: Option<Article>,
    /// The citation for a threat by the general alone (CXA 27.1, 细则9; AXF r28).
    pub general_alone: Article,
    /// The citation for a threat by soldiers alone (CXA 27.2, 细则11; AXF r29).
    pub soldier_alone: Article,
    /// A capture that loses more elsewhere than it wins, the capturer holding a piece of
    /// its own on a line (被牵子捉子), is no chase: the gain is judged over the whole
    /// sequence (CXA 29.1 "完整交换得子", CXA2020 图23), and this is its citation. CXA:
    /// yes; AXF: `None` — a chase is a capture threatened for the very next move, judged by
    /// the target's protection (AXF S1, docs/rules.md §3), as for the exchange forms
    /// ([`ChasePolicy::series_and_exchange_forms`]).
    pub loses_elsewhere: Option<Article>,
    /// The fewest checks the 29.4 safety test of a capture (细则7: the capture must not get
    /// the mover mated at once) searches for a mate, whatever [`Settings::mate_depth`]
    /// says (the search uses the larger of the two). A CXA reference figure rules a capture
    /// unsafe because of a five-check mate (docs/rules.md §3): CXA 5. The test runs only on a
    /// capture that gains, so the deeper search is paid there alone (the mate-threat label
    /// and the check series keep [`Settings::mate_depth`]). AXF: the same 5 — its chase is
    /// a real threat (AXF S1), which a capture answered by mate is not, and AXF sets no
    /// depth of its own.
    pub capture_safety_checks: u32,
    /// The most checks in all of a mate threat's line (杀, CXA 28.2) when a forced check —
    /// one that leaves the defender a single legal reply — does not count toward
    /// [`Settings::mate_depth`]: the mover's checks that leave the defence a choice are
    /// counted as before, and the forced ones are free up to this cap (0, or no more than
    /// the depth: no check is free). A forced check adds one move list to the search, not
    /// a branch, so the depth is paid for where the defence has no choice only (CXA2020
    /// §3.6: a figure's mate threat, 图17 ply 4, is a mate of 7 checks, five of them
    /// forced). It applies to the mate-threat label and to the threats it is compared with
    /// (the reply's threat of CXA2020 图13, the threat a defensive key point parries,
    /// 27.3); the 29.4 safety test, the exchange offer (28.6) and the roots keep their
    /// depths. CXA (both editions): 7. AXF: 0 — AXF's mate threat keeps the plain depth
    /// (its vectors were not measured with it).
    pub mate_forced_checks: u32,
    /// A same-kind pair that fails only because the enemy's capture of the mover's piece
    /// would lose material (taken back with check and more won: CXA2020 图17) makes no
    /// exchange offer, and the mover's capture chases (docs/rules.md §3); with `true` that
    /// capture is still set aside in the search for the move's mate threat (CXA2020 §3.1:
    /// the pair's capture is set aside "when looking for chases and mate threats — even
    /// when … would be followed by a further gain"; a mate is such a gain). 图17 ply 3: the
    /// mate through the capture of the pair's chariot is not counted, and the move is 捉, as
    /// the book labels it. CXA (both editions): yes. AXF: no (it makes no such pairs,
    /// [`ChasePolicy::same_kind_pair_is_exchange`]).
    pub losing_pair_capture_starts_no_mate: bool,
}

impl ChasePolicy {
    /// The chase rules of `rules` (with the default open choices).
    pub fn of(rules: RuleSet) -> ChasePolicy {
        RuleBook::new(rules, OpenChoices::default()).chase()
    }

    /// The citation for a threat by the general alone.
    pub fn general_alone_article(&self) -> Article {
        self.general_alone
    }

    /// The citation for a threat by soldiers alone.
    pub fn soldier_alone_article(&self) -> Article {
        self.soldier_alone
    }

    /// Whether taking away the target's last real protector makes a standing attack of an
    /// `attacker` on a `target` a new chase (docs/rules.md §3, Appendix perpetual chase): only
    /// where protection decides whether the attack chases.
    pub fn protection_renews(&self, attacker: Role, target: Role) -> bool {
        self.protection_renews_minor_on_chariot
            || !(target == Role::Chariot && matches!(attacker, Role::Horse | Role::Cannon))
    }
}

/// The names of a rule set, as reports print them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Names {
    /// The short name with the edition (`CXA 2011/2020`, `CXA 1999`, `AXF`).
    pub short: &'static str,
    /// The Chinese name (`中国象棋协会规则（2011/2020年版）`).
    pub zh: &'static str,
    /// The English name (`Chinese Xiangqi Association, 2011/2020 edition`).
    pub en: &'static str,
}

/// The rule book of one rule set under a set of open choices: the one value the labeller,
/// the judge, the verdict and the explanations ask how the rule sets differ. It is small
/// and `Copy`; caches of labels are keyed by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleBook {
    set: RuleSet,
    open: OpenChoices,
    custom: Option<EditionRef>,
}

impl RuleBook {
    /// The rule book of `set` with the open choices `open`.
    pub const fn new(set: RuleSet, open: OpenChoices) -> RuleBook {
        RuleBook {
            set,
            open,
            custom: None,
        }
    }

    /// This rule book with a CXA edition built by hand in place of the rule set's own
    /// ([`Settings::edition`]; `None`: the rule set's). Ignored under a rule set that is not
    /// CXA.
    pub const fn with_edition(self, edition: Option<EditionRef>) -> RuleBook {
        RuleBook {
            custom: edition,
            ..self
        }
    }

    /// The CXA edition it rules by: the one built by hand if any, else the rule set's;
    /// `None` under AXF.
    pub const fn edition(self) -> Option<&'static cxa::Edition> {
        match (self.set.edition(), self.custom) {
            (Some(_), Some(custom)) => Some(custom.get()),
            (own, _) => own,
        }
    }

    /// The rule set.
    pub const fn set(self) -> RuleSet {
        self.set
    }

    /// The open choices it is read with.
    pub const fn open(&self) -> &OpenChoices {
        &self.open
    }

    /// The rule set's names (its edition's).
    pub const fn names(self) -> Names {
        match self.edition() {
            Some(e) => e.names,
            None => axf::NAMES,
        }
    }

    /// What counts as a chase.
    pub const fn chase(self) -> ChasePolicy {
        match self.edition() {
            Some(e) => e.chase,
            None => axf::CHASE,
        }
    }

    /// Which label decides a move's part in the conduct.
    pub const fn reading(self) -> Reading {
        match self.set {
            RuleSet::Cxa | RuleSet::Cxa1999 => cxa::reading(&self.open),
            RuleSet::Axf => axf::reading(&self.open),
        }
    }

    /// The *(open)* choices of this rule set (and the shared ones), with their defaults.
    pub fn open_choices(self) -> impl Iterator<Item = &'static OpenChoice> {
        let own = match self.set {
            RuleSet::Cxa | RuleSet::Cxa1999 => cxa::OPEN_CHOICES,
            RuleSet::Axf => axf::OPEN_CHOICES,
        };
        own.iter().chain(SHARED_OPEN_CHOICES)
    }

    /// Whether its verdict reads which chased chariots a horse pins
    /// (`SideEvidence::horse_pinned_chariots`, AXF r19): CXA
    /// has no such rule, so that evidence is neither gathered nor completed for it.
    pub const fn reads_horse_pinned_chariots(self) -> bool {
        match self.set {
            RuleSet::Cxa | RuleSet::Cxa1999 => false,
            RuleSet::Axf => true,
        }
    }

    /// Whether its verdict ranks two forbidden perpetual chases (CXA2020 26.9, the
    /// [`cxa::Edition::ranking`] table): then each side's
    /// `SideEvidence::chase_rank` is gathered.
    pub const fn ranks_forbidden_chases(self) -> bool {
        match self.edition() {
            Some(e) => e.ranking.is_some(),
            None => false,
        }
    }

    /// The article of this rule set for what a label's article says: the labeller cites
    /// the definitions of CXA1999 28–29 (and the CXA2020 articles of the switches it
    /// applies), and AXF, which defines the same things elsewhere, names its own article
    /// (the terms of S1, the Appendix). Identity under both CXA editions: where the 2011/2020
    /// number of a 1999 article is not known here, the 1999 article is cited (docs/rules.md,
    /// "Citations"), and a switch of the current edition cites its own article where it
    /// applies.
    pub fn label_article(self, a: Article) -> Article {
        match self.edition() {
            Some(_) => a,
            None => axf::label_article(a),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{ParseRuleSetError, RuleSet};

    /// An unknown rule set is handed back as written, quoted in the message the CLI prints.
    #[test]
    fn unknown_rule_set_is_handed_back() {
        assert_eq!("WXF".parse::<RuleSet>(), Ok(RuleSet::Axf));
        let e = "Xyz".parse::<RuleSet>().unwrap_err();
        assert_eq!(e, ParseRuleSetError("Xyz".into()));
        assert_eq!(
            e.to_string(),
            "unknown rule set \"Xyz\": expected cxa, cxa1999 or axf"
        );
    }
}
