//! Move labels (docs/rules.md §3): check, mate threat, chase, exchange, offer, block, follow, idle.
//!
//! A move is judged on the position right after it, asking what the mover threatens if it
//! could move again at once (`Position::passed`). [`label_move`] returns every label that
//! applies, heaviest first, each with its evidence and the articles applied; threats that
//! look like chases but are not (not new, the general or a soldier alone, the capture gets
//! the mover mated, ...) are kept in [`MoveLabels::dismissed`] with the article that
//! dismisses them.

use std::borrow::Cow;

use qili_notation::{Color, Move, Position, Role, Square, SquareSet};
use serde::{Deserialize, Serialize};
use smallvec::{smallvec, SmallVec};

use crate::material::Material;
use crate::protection::{self, Protector};
use crate::settings::{Article, Settings};

mod cache;
mod key_point;
mod labeling;
pub mod mate;
mod novelty;
mod pair;
mod quiet;
mod sequence;
mod threat;

#[cfg(test)]
mod edition_tests;
#[cfg(test)]
mod tests;

pub use crate::settings::ChasePolicy;
pub(crate) use key_point::{is_key_point, void_when_chasing_elsewhere};
pub use labeling::Labeller;
pub use mate::MateSearch;

/// One label; declaration order is weight order, heaviest first (CXA 27.4, 细则12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Label {
    /// 将 (CXA 28.1).
    Check,
    /// 杀 (CXA 28.2).
    MateThreat,
    /// 捉 (CXA 28.3).
    Chase,
    /// 兑 (CXA 28.5).
    Exchange,
    /// 献 (CXA 28.6).
    Offer,
    /// 拦 (CXA 28.7).
    Block,
    /// 跟 (CXA 28.8).
    Follow,
    /// 闲 (CXA 28.9).
    Idle,
}

impl Label {
    /// Every label, heaviest first (declaration order).
    pub const ALL: [Label; 8] = [
        Label::Check,
        Label::MateThreat,
        Label::Chase,
        Label::Exchange,
        Label::Offer,
        Label::Block,
        Label::Follow,
        Label::Idle,
    ];

    /// Whether the label is an attack (打 = 将, 杀 or 捉; CXA 28.4).
    pub fn is_attack(self) -> bool {
        matches!(self, Label::Check | Label::MateThreat | Label::Chase)
    }

    /// The snake_case English name used in JSON (`check`, `mate_threat`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Label::Check => "check",
            Label::MateThreat => "mate_threat",
            Label::Chase => "chase",
            Label::Exchange => "exchange",
            Label::Offer => "offer",
            Label::Block => "block",
            Label::Follow => "follow",
            Label::Idle => "idle",
        }
    }
}

/// Why a chased piece counts as unprotected (docs/rules.md §3, 29.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Root {
    /// No protector at all (无根).
    Unprotected,
    /// Every protector is false (假根).
    FalseRoot,
    /// More attackers than effective protectors (少根).
    InsufficientRoot,
    /// Protected, but the exchange still gains (cheaper attacker, 细则3).
    GainsDespiteRoot,
    /// Protected and not winnable: only reported where a rule set still counts it (AXF r15).
    Protected,
}

impl Root {
    /// Every root status, in declaration order.
    pub const ALL: [Root; 5] = [
        Root::Unprotected,
        Root::FalseRoot,
        Root::InsufficientRoot,
        Root::GainsDespiteRoot,
        Root::Protected,
    ];

    /// The snake_case name used in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Root::Unprotected => "unprotected",
            Root::FalseRoot => "false_root",
            Root::InsufficientRoot => "insufficient_root",
            Root::GainsDespiteRoot => "gains_despite_root",
            Root::Protected => "protected",
        }
    }
}

/// How the material is won (CXA 29.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChaseForm {
    /// A direct capture that is not answered.
    Capture,
    /// A complete exchange that ends with a material gain.
    Exchange,
    /// A capture reached through an unbroken series of checks.
    CheckSeries,
}

/// A chase (捉) with its evidence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chase {
    /// The attacking pieces' points (after the move).
    pub attackers: Short<Square>,
    /// The chased piece's point (after the move).
    pub target: Square,
    /// The chased piece's role.
    pub target_role: Role,
    /// Why it counts as unprotected.
    pub root: Root,
    /// The winning line, starting with the mover's capture or check.
    pub line: Vec<Move>,
    /// How the material is won.
    pub form: ChaseForm,
    /// How many moves of `line` form the check series before the capture (0 unless
    /// `form` is `CheckSeries`).
    pub series_len: usize,
    /// The target's protectors when it is captured, with their status.
    pub protectors: Vec<Protector>,
    /// The net material the line wins for the mover.
    pub net: Material,
    /// The articles or diagrams applied.
    pub articles: Short<Article>,
    /// Remarks, e.g. an exception that may apply (worded by [`crate::terms::chase_note`]).
    pub notes: Vec<ChaseNote>,
}

/// A remark on a chase or on a threat not counted as one: a typed value, worded in either
/// language by [`crate::terms::chase_note`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChaseNote {
    /// Before the move the target could be won only through a longer series of checks; the
    /// more immediate threat counts as new (open choice `threat_needing_fewer_checks_is_new`).
    FewerChecksIsNew,
    /// The attack stood before the move, while the mover was in check and could not carry it
    /// out: not new (open choice `attack_is_the_baseline`).
    StoodWhileInCheck,
    /// The attack stood before the move, while the capturer was held (pinned, the mover not
    /// in check) and could not legally carry it out: not new (open choice
    /// `attack_is_the_baseline`).
    StoodWhileHeld,
    /// The target is an advisor or elephant: CXA 27.3 (a defensive key point making a plain
    /// draw) may apply, and the move is not in its plain case (open choice
    /// `key_point_plain_case_only`: it does not parry a mate threat, or it also attacks).
    KeyPointNotDetected,
    /// The move occupies a defensive key point in 27.3's case, but its side chases elsewhere
    /// in the same cycle: it plays for more than a plain draw, and the threat counts as a
    /// chase again (27.3 not applied;
    /// [`ChasePolicy::key_point_void_when_chasing_elsewhere`]).
    KeyPointSideChasesElsewhere,
    /// Capturing with the piece on `mated` gets the mover mated at once, with the piece on
    /// `safe` it does not: the chase stands (CXA 29.4, 细则7).
    SafeCapturer {
        /// The capturer that gets the mover mated.
        mated: Square,
        /// A safe capturer.
        safe: Square,
    },
    /// The exchange on the target wins nothing on its own, but it takes away the guard of
    /// the piece on `second`, which the mover then wins: the whole sequence gains (CXA 29.1,
    /// 细则3; CXA2020 图4). The chase's line goes on with that capture.
    SecondPiece {
        /// The second piece's point.
        second: Square,
    },
    /// The attack stood before the move, but its capture could not win material then; the
    /// move makes the win real: a new chase
    /// ([`ChasePolicy::novelty_of_the_win`](crate::settings::ChasePolicy), CXA 28.3, 29.2,
    /// 细则2).
    WinMadeReal {
        /// Why the capture did not win before the move.
        before: NotWonBefore,
    },
}

/// Why a standing attack could not be carried out with gain before the move (CXA 28.3,
/// 29.2, 29.4, 细则2, 细则3, 细则7): the evidence of [`ChaseNote::WinMadeReal`]. Points are
/// those of the position before the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NotWonBefore {
    /// The capture was answered by mate (29.4, 细则7), the mating line starting with a
    /// check by the piece on `checker`.
    Mated {
        /// The opponent's piece giving the first check of the mating line.
        checker: Square,
    },
    /// The target had a real root then (the piece on `protector`), which the move cut
    /// (断根) or made false: the exchange did not gain.
    Rooted {
        /// The protector that could recapture before the move.
        protector: Square,
    },
    /// The target was protected through checks (docs/rules.md §3): after the capture, the
    /// opponent's piece on `protector` took the capturer back at the end of a series of
    /// checks (CXA 29.1), which the move cuts.
    RootThroughChecks {
        /// The opponent's piece that starts the series and takes back.
        protector: Square,
    },
    /// The capture lost more elsewhere: the opponent would have answered it by winning the
    /// mover's piece on `piece` with the piece on `by`, worth more than the target.
    LostElsewhere {
        /// The mover's piece left to be won.
        piece: Square,
        /// The opponent's piece that wins it.
        by: Square,
    },
}

/// A short list kept inside the evidence that holds it, on the heap only past 16 items (of a
/// byte each: articles, points), in the room a `Vec` takes. Every move labelled gets
/// evidence naming a piece or two and citing an article or two: a list of its own for each
/// was an allocation and a free per list and label.
pub type Short<T> = SmallVec<[T; 16]>;

/// A line of play kept inside the evidence that holds it, on the heap only past four moves
/// (a capture, an exchange), in the room a `Vec` takes; a chase's evidence copies its line.
pub type ShortLine = SmallVec<[Move; 4]>;

/// The evidence for one label.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evidence {
    /// The label it supports.
    pub label: Label,
    /// The articles or diagrams applied.
    pub articles: Short<Article>,
    /// The mover's pieces concerned (points after the move).
    pub pieces: Short<Square>,
    /// The opponent's pieces concerned.
    pub targets: Short<Square>,
    /// A line of play that shows it (mating line, exchange), if any.
    pub line: ShortLine,
    /// One English sentence (borrowed when it is always the same: a check's, an idle
    /// move's).
    pub detail: Cow<'static, str>,
}

/// Why a threat is not a chase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DismissReason {
    /// The threat existed before the move (从捉到捉, CXA 29.2, 细则6).
    NotNew,
    /// Only the general threatens: idle under CXA (27.1, 细则9).
    GeneralChase,
    /// Only soldiers threaten, outside mutual perpetual attack: idle under CXA (27.2, 细则11).
    SoldierChase,
    /// Capturing gets the mover mated at once (CXA 29.4, 细则7).
    MatedAfterCapture,
    /// Two pieces of a kind attacking each other: an offer (AXF r24).
    SameKindMutual,
    /// Several pieces attacking a protected piece (AXF r35).
    SeveralAttackers,
    /// The general's step answers a check: idle even if a chase follows (CXA2020 26.1;
    /// [`ChasePolicy::general_step_out_of_check_is_idle`]).
    GeneralAnswersCheck,
    /// The capturer is a root of another piece, and the complete exchange — the opponent
    /// taking the piece it abandons — does not gain (CXA2020 26.5;
    /// [`ChasePolicy::root_chase_needs_complete_gain`]).
    RootAtLoss,
    /// The capture of a same-kind pair that can take each other, the mover's piece
    /// protected: an exchange offer, its capture set aside (CXA2020 §3.1, 图2).
    SameKindPair,
    /// The capture lets the opponent win more elsewhere than it wins (the capturer held a
    /// piece of its own, 被牵子捉子, CXA2020 图23): the line is the capture, then the
    /// opponent's exchange on that piece.
    LosesElsewhere,
    /// The move occupies a defensive key point that at once makes a plain draw: it parries
    /// the opponent's mate threat, and its threat on an advisor or elephant is incidental,
    /// idle (CXA 27.3, 细则13; [`ChasePolicy::defensive_key_point`]; the reading of "a plain
    /// draw": [`OpenChoices::key_point_plain_case_only`](crate::settings::OpenChoices)). The
    /// dismissed threat's `line` is the opponent's mating line the move parries.
    DefensiveKeyPoint,
}

impl DismissReason {
    /// Every reason, in declaration order (worded by [`crate::terms::dismiss`]).
    pub const ALL: [DismissReason; 11] = [
        DismissReason::NotNew,
        DismissReason::GeneralChase,
        DismissReason::SoldierChase,
        DismissReason::MatedAfterCapture,
        DismissReason::SameKindMutual,
        DismissReason::SeveralAttackers,
        DismissReason::GeneralAnswersCheck,
        DismissReason::RootAtLoss,
        DismissReason::SameKindPair,
        DismissReason::LosesElsewhere,
        DismissReason::DefensiveKeyPoint,
    ];
}

/// A threat that is not a chase, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dismissed {
    /// The threat, as it would have been reported.
    pub chase: Chase,
    /// Why it is not a chase.
    pub reason: DismissReason,
    /// The article applied.
    pub article: Article,
    /// For `MatedAfterCapture`: the opponent's mating line after the capture; for
    /// `LosesElsewhere`: the capture, then the opponent's exchange elsewhere; for
    /// `DefensiveKeyPoint`: the opponent's mating line before the move, which the move
    /// parries (empty when the plain case is not asked: `key_point_plain_case_only` off).
    pub line: Vec<Move>,
}

/// The labels of one move with their evidence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveLabels {
    /// The side that moved.
    pub side: Color,
    /// The move.
    pub mv: Move,
    /// Labels, heaviest first; never empty.
    pub labels: Vec<Label>,
    /// The chases, when `labels` contains `Chase`.
    pub chases: Vec<Chase>,
    /// The mating line, when `labels` contains `MateThreat`.
    pub mate_line: Option<Vec<Move>>,
    /// The evidence for each label, in label order.
    pub evidence: Vec<Evidence>,
    /// Threats that are not chases, with the article that says so.
    pub dismissed: Vec<Dismissed>,
    /// Whether every label was asked for. `false` only for a move labelled with
    /// [`Scope::Verdict`] whose heaviest label alone decides its part in the conduct: it then
    /// carries that label with its evidence, and no chases, lighter labels or dismissed
    /// threats. Not serialized.
    #[serde(skip, default = "complete_by_default")]
    pub complete: bool,
}

const fn complete_by_default() -> bool {
    true
}

/// How much of a move's labels to build.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Scope {
    /// Every label with its evidence, and the threats dismissed.
    #[default]
    Full,
    /// What the verdict needs: where the rule book counts a move by its heaviest label alone
    /// ([`Reading::counts_heaviest_only`](crate::settings::Reading::counts_heaviest_only), CXA
    /// 27.4, 细则12), a check or a mate threat is not searched for chases, exchanges or
    /// offers, and the labels are marked incomplete ([`MoveLabels::complete`]).
    Verdict,
}

impl MoveLabels {
    /// The heaviest label.
    pub fn primary(&self) -> Label {
        self.labels[0]
    }
}

impl ChaseNote {
    /// The note on an attack that stood before the move but could not be carried out: the
    /// mover was in check, or (`in_check` false) the capturer was held.
    pub const fn stood(in_check: bool) -> ChaseNote {
        if in_check {
            ChaseNote::StoodWhileInCheck
        } else {
            ChaseNote::StoodWhileHeld
        }
    }

    /// Whether this is the note of an attack that stood but could not be carried out (the
    /// open choice `attack_is_the_baseline` decided).
    pub const fn is_stood(self) -> bool {
        matches!(
            self,
            ChaseNote::StoodWhileInCheck | ChaseNote::StoodWhileHeld
        )
    }
}

/// The note on a threat not counted as new because the attack stood before the move, when
/// the mover (in check) could not carry it out (docs/rules.md §7, `attack_is_the_baseline`);
/// [`ChaseNote::StoodWhileHeld`] when the capturer was pinned instead.
pub const PARRY_NOTE: ChaseNote = ChaseNote::StoodWhileInCheck;

/// Extra facts about the cycle a move is judged in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CycleContext {
    /// Both sides attack perpetually (长打对长打): a soldier alone then chases (CXA 27.2, 细则11).
    pub mutual_perpetual_attack: bool,
}

/// Labels the legal move `mv` played in `before`. A move that is not legal there gets the
/// single label `idle` with evidence saying so (no panic).
pub fn label_move(
    before: &Position,
    mv: &Move,
    settings: &Settings,
    cycle: CycleContext,
) -> MoveLabels {
    label_move_with(before, mv, settings, cycle, &mut MateSearch::new())
}

/// [`label_move`] with a mate search kept by the caller: the answers it remembers serve
/// every later move labelled with it (the labels are the same as with a fresh search).
pub fn label_move_with(
    before: &Position,
    mv: &Move,
    settings: &Settings,
    cycle: CycleContext,
    mate: &mut MateSearch,
) -> MoveLabels {
    label_move_context(before, mv, settings, cycle, mate, Scope::Full, false, None).0
}

/// [`label_move_with`] for a move played right after another: `prior` is the position
/// the previous move was played in (the opponent to move there). Only a reply to a check
/// asks it, under a rule book whose mate threat made by the check is idle
/// ([`ChasePolicy::reply_threat_made_by_check_is_idle`], CXA2020 图13): the threat was made
/// by the check when the replying side did not threaten mate in `prior`. Without it
/// ([`label_move_with`]) such a threat counts.
pub fn label_move_after(
    prior: &Position,
    before: &Position,
    mv: &Move,
    settings: &Settings,
    cycle: CycleContext,
    mate: &mut MateSearch,
) -> MoveLabels {
    label_move_context(
        before,
        mv,
        settings,
        cycle,
        mate,
        Scope::Full,
        false,
        Some(prior),
    )
    .0
}

/// Whether the labels of a move played in `before` may depend on the position before it
/// (`prior`, [`label_move_after`]): a reply to a check under a rule book whose mate threat
/// made by the check is idle.
pub(crate) fn depends_on_prior(before: &Position, settings: &Settings) -> bool {
    policy_of(settings).reply_threat_made_by_check_is_idle && before.is_check()
}

/// The chase rules the labeller applies under `settings`: its rule book's.
#[cfg(not(test))]
fn policy_of(settings: &Settings) -> ChasePolicy {
    settings.book().chase()
}

/// The chase rules the labeller applies under `settings`: its rule book's, or in the unit
/// tests the policy [`edition_tests::with_policy`] sets (the switches of an edition not wired to a
/// rule set yet, one at a time).
#[cfg(test)]
fn policy_of(settings: &Settings) -> ChasePolicy {
    edition_tests::POLICY
        .with(|p| p.get())
        .unwrap_or_else(|| settings.book().chase())
}

/// [`label_move_with`] within `scope`, also telling whether the cycle context decided
/// anything: when it did not, the labels are the same under the other context. `legal`:
/// the caller knows the move to be legal (it is then not tested again); `prior`: the
/// position the previous move was played in, if known ([`label_move_after`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn label_move_context(
    before: &Position,
    mv: &Move,
    settings: &Settings,
    cycle: CycleContext,
    mate: &mut MateSearch,
    scope: Scope,
    legal: bool,
    prior: Option<&Position>,
) -> (MoveLabels, bool) {
    let side = before.turn();
    debug_assert!(!legal || before.is_legal(mv), "{mv} is not legal here");
    if !legal && !before.is_legal(mv) {
        let labels = MoveLabels {
            side,
            mv: *mv,
            labels: vec![Label::Idle],
            chases: Vec::new(),
            mate_line: None,
            evidence: vec![Evidence {
                label: Label::Idle,
                articles: Short::new(),
                pieces: Short::new(),
                targets: Short::new(),
                line: ShortLine::new(),
                detail: format!("{mv} is not a legal move here: not labelled").into(),
            }],
            dismissed: Vec::new(),
            complete: true,
        };
        return (labels, false);
    }
    let after = before.after(mv);
    let policy = policy_of(settings);
    // A check or a mate threat is all the verdict asks of a move counted by its heaviest
    // label (CXA 27.4, 细则12).
    let heaviest_decides =
        scope == Scope::Verdict && settings.book().reading().counts_heaviest_only();
    // CXA2020 26.1 (docs/rules.md §8): a step of the general that answers a check is idle
    // even if a chase or a mate threat follows from it.
    let general_out_of_check =
        policy.general_step_out_of_check_is_idle && mv.role == Role::General && before.is_check();
    // A mate threat a rule of the book does not count, with its line and the article.
    let mut threat_aside: Option<(Vec<Move>, Article)> = None;
    let mut ctx = threat::Ctx::with_mate(
        policy,
        settings.mate_depth,
        cycle.mutual_perpetual_attack,
        mate,
    );
    // Every move gets a label and its evidence, most one to three: made with the room for
    // them at once rather than grown on the first push.
    let mut out = MoveLabels {
        side,
        mv: *mv,
        labels: Vec::with_capacity(4),
        chases: Vec::new(),
        mate_line: None,
        evidence: Vec::with_capacity(4),
        dismissed: Vec::new(),
        complete: true,
    };
    let targets: SquareSet = after
        .pieces()
        .filter(|&(sq, p)| p.color != side && Material::of(p, sq).is_material())
        .map(|(sq, _)| sq)
        .collect();
    if after.is_check() {
        // 将 (28.1), the heaviest label (27.4). The mover cannot "move again" while the
        // opponent's general is attacked: its chases are what it wins after any answer to
        // the check (the check starts a series, 29.1); no mate threat is asked for.
        let standing = after.checkers();
        out.labels.push(Label::Check);
        out.evidence.push(Evidence {
            label: Label::Check,
            articles: smallvec![Article::Cxa28_1],
            pieces: standing.collect(),
            targets: smallvec![after.general(!side)],
            line: ShortLine::new(),
            detail: "the move attacks the opponent's general".into(),
        });
        if heaviest_decides {
            out.complete = false;
        } else {
            let passed = after.passed();
            let (now, dismissed) = if policy.series_and_exchange_forms {
                ctx.after_check(&after, targets)
            } else {
                // AXF: a chase is a capture threatened for the very next move, no series:
                // what the checking move attacks, as if it could move again at once (the
                // check that also chases, docs/rules.md §5; its part in the conduct is the
                // forbidden reading's).
                ctx.standing_check = standing;
                let found = ctx.threats(&passed, targets);
                ctx.standing_check = SquareSet::EMPTY;
                found
            };
            let moved = Moved {
                before,
                after: &after,
                passed: &passed,
                standing,
            };
            new_chases(&moved, now, dismissed, &mut ctx, &settings.open, &mut out);
        }
    } else {
        let passed = after.passed();
        // A same-kind pair's capture is set aside for mate threats and chases alike
        // (CXA2020 §3.1, 图29); the capture of a pair whose trade the enemy would lose
        // chases, and is set aside for mate threats where the rule book says so (图17).
        let (pairs, losing) = ctx.pairs_and_losing(&passed);
        // The forced checks of the rule book are free up to its cap (CXA2020 §3.6).
        let (depth, cap) = (settings.mate_depth, policy.mate_forced_checks);
        let found = if pairs.is_empty() && losing.is_empty() {
            ctx.mate.find_forced(&passed, depth, cap)
        } else {
            let aside: SmallVec<[(Square, Square); 2]> = pairs
                .iter()
                .chain(&losing)
                .map(|p| (p.mine, p.theirs))
                .collect();
            ctx.mate.find_forced_without(&passed, depth, cap, &aside)
        };
        let found = match found {
            Some(line) if general_out_of_check => {
                threat_aside = Some((line, Article::Cxa2020_26_1));
                None
            }
            // CXA2020 图13 (docs/rules.md §8): the threat stood in the position the reply to
            // the check was made in, the reply takes no part in it, and it was not there
            // before the check.
            Some(line)
                if policy.reply_threat_made_by_check_is_idle
                    && series_stood(before, &after, mv, &line)
                    && prior.is_some_and(|p| {
                        p.turn() != side
                            && !p.is_check()
                            && ctx.mate.find_forced(&p.passed(), depth, cap).is_none()
                    }) =>
            {
                threat_aside = Some((line, Article::Cxa2020Fig13));
                None
            }
            other => other,
        };
        if let Some(line) = found {
            out.labels.push(Label::MateThreat);
            out.evidence.push(Evidence {
                label: Label::MateThreat,
                articles: smallvec![Article::Cxa28_2],
                pieces: line.first().map(|m| smallvec![m.from]).unwrap_or_default(),
                targets: smallvec![after.general(!side)],
                detail: {
                    let mut d = String::with_capacity(56);
                    d.push_str("moving again, the mover mates with ");
                    push_count(&mut d, line.len().div_ceil(2));
                    d.push_str(" check(s)");
                    d.into()
                },
                line: ShortLine::from_slice(&line),
            });
            out.mate_line = Some(line);
        }
        if heaviest_decides && out.mate_line.is_some() {
            out.complete = false;
        } else {
            if !pairs.is_empty() {
                pair::exchange(before, mv, &pairs, &mut ctx, &mut out);
            }
            let (now, dismissed) = ctx.threats_given(&passed, targets, pairs);
            let moved = Moved {
                before,
                after: &after,
                passed: &passed,
                standing: SquareSet::EMPTY,
            };
            new_chases(&moved, now, dismissed, &mut ctx, &settings.open, &mut out);
        }
    }
    if general_out_of_check && !out.chases.is_empty() {
        out.labels.retain(|l| *l != Label::Chase);
        out.evidence.retain(|e| e.label != Label::Chase);
        for chase in out.chases.drain(..) {
            out.dismissed.push(Dismissed {
                chase,
                reason: DismissReason::GeneralAnswersCheck,
                article: Article::Cxa2020_26_1,
                line: Vec::new(),
            });
        }
    }
    // CXA 27.3, 细则13: a defensive key point's incidental threat on an advisor or elephant.
    if let Some(line) = key_point::parried(
        &mut ctx,
        &settings.open,
        before,
        &after,
        &out,
        settings.mate_depth,
    ) {
        key_point::dismiss(&policy, line, &mut out);
    }
    if out.complete {
        quiet::exchange_and_offer(&after, mv, &mut ctx, &mut out);
    }
    if !out.labels.iter().any(|l| l.is_attack()) {
        quiet::block(before, &after, mv, &mut out);
        quiet::follow(&after, mv, &mut out);
    }
    if let Some((line, article)) = threat_aside {
        // The mate threat set aside is the idle label's evidence, whatever else the move is.
        out.labels.push(Label::Idle);
        let detail = if article == Article::Cxa2020_26_1 {
            "the general's step answers a check: the mate threat that follows is not counted"
        } else {
            "a reply to a check: the mate threat stood once the check was answered, and the \
             reply takes no part in it (the check made it): not counted"
        };
        out.evidence.push(Evidence {
            label: Label::Idle,
            articles: smallvec![Article::Cxa28_9, article],
            pieces: line.first().map(|m| smallvec![m.from]).unwrap_or_default(),
            targets: smallvec![after.general(!side)],
            line: ShortLine::from_slice(&line),
            detail: detail.into(),
        });
    } else if out.labels.is_empty() {
        out.labels.push(Label::Idle);
        out.evidence.push(Evidence {
            label: Label::Idle,
            articles: smallvec![Article::Cxa28_9],
            pieces: smallvec![mv.to],
            targets: Short::new(),
            line: ShortLine::new(),
            detail: "no check, mate threat or chase".into(),
        });
    }
    out.labels.sort();
    out.labels.dedup();
    out.evidence.sort_by_key(|e| e.label);
    let used = ctx.mutual_used;
    drop(ctx);
    settings.book().cite_labels(&mut out);
    (out, used)
}

/// Whether the attack of one piece on the target on `t` stood in `before` (the mover to
/// move), the piece standing on `from` there and on `now` in `passed` (after the move, the
/// mover to move again; `standing`: the pieces giving the check the move gives): `None` when it did not — the piece did not reach the target, or
/// the target had a real protector against its capture then and has none now (the move
/// took away its last real protector, Appendix, perpetual chase — where protection decides
/// whether the attack chases, [`ChasePolicy::protection_renews`]); `Some(parried)` when it
/// did, `parried` telling whether the mover could not carry it out then (in check, or the
/// capturer held), which only counts with
/// [`OpenChoices::attack_is_the_baseline`](crate::settings::OpenChoices).
#[allow(clippy::too_many_arguments)]
fn attack_stood(
    before: &Position,
    passed: &Position,
    standing: SquareSet,
    from: Square,
    now: Square,
    t: Square,
    open: &crate::settings::OpenChoices,
    policy: &ChasePolicy,
) -> Option<bool> {
    if !before.attackers(t, before.turn()).contains(from) {
        return None;
    }
    let (Some(attacker), Some(victim)) = (before.piece_at(from), before.piece_at(t)) else {
        return None;
    };
    let real = |pos: &Position, from: Square| {
        let capture = Move {
            role: attacker.role,
            from,
            to: t,
            capture: Some(victim.role),
        };
        // A protector held only by the check the move gives (`standing`) could recapture
        // but for that check: it counts as real.
        protection::protectors(pos, t, &capture)
            .iter()
            .any(|p| match &p.status {
                protection::ProtectorStatus::MustAnswerCheck { by } => {
                    by.iter().all(|s| standing.contains(*s))
                }
                s => s.is_real(),
            })
    };
    if policy.protection_renews(attacker.role, victim.role)
        && real(before, from)
        && !real(passed, now)
    {
        return None;
    }
    let executable =
        crate::protection::legal_capturers(before, t).contains(from) && !before.is_check();
    if executable {
        return Some(false);
    }
    // The attack stood but could not be carried out (the mover was in check, or the
    // capturer was held): not new only with the open choice.
    open.attack_is_the_baseline.then_some(true)
}

/// Whether a threat through a series of checks found after `mv` stood before it, with the
/// attack as the baseline (docs/rules.md §3, [`OpenChoices::attack_is_the_baseline`]): the mover
/// was in check and `mv` answers it; the series' first check was there before the move as
/// a move of the same piece from the same point, and could not be played only because it
/// was not legal; and the moved piece takes no part in the series — it does not move in it,
/// and neither the point it left nor the point it reached lies on the path of a move of the
/// series (a line, a cannon's screen, a horse's leg, an elephant's eye). Such a series
/// merely became executable because the check is gone: the move does not create it. A
/// checking move is not judged so: its threat comes after the answer to a check that is
/// itself new.
fn series_stood(before: &Position, after: &Position, mv: &Move, line: &[Move]) -> bool {
    if !before.is_check() || after.is_check() {
        return false;
    }
    let Some(first) = line.first() else {
        return false;
    };
    if after
        .piece_at(first.from)
        .is_none_or(|p| p.color != before.turn())
    {
        return false;
    }
    let takes_part = line.iter().step_by(2).any(|m| {
        m.from == mv.to || {
            let path = path_of(m);
            path.contains(&mv.to) || path.contains(&mv.from)
        }
    });
    if takes_part {
        return false;
    }
    let mut pseudo = Vec::new();
    before.pseudo_moves_from(first.from, &mut pseudo);
    pseudo.contains(first) && !before.is_legal(first)
}

/// The points a move passes over or depends on: the points strictly between its ends on a
/// line (a chariot's path, a cannon's screen), a horse's leg, an elephant's eye.
fn path_of(m: &Move) -> Vec<Square> {
    let (fx, fy) = (m.from.file().index() as i8, m.from.rank().index() as i8);
    let (tx, ty) = (m.to.file().index() as i8, m.to.rank().index() as i8);
    let (dx, dy) = (tx - fx, ty - fy);
    let at = |x: i8, y: i8| Square::from_xy(x, y);
    match (dx.abs(), dy.abs()) {
        (0, _) | (_, 0) => {
            let (sx, sy) = (dx.signum(), dy.signum());
            let n = dx.abs().max(dy.abs());
            (1..n)
                .filter_map(|i| at(fx + sx * i, fy + sy * i))
                .collect()
        }
        (1, 2) => at(fx, fy + dy.signum()).into_iter().collect(),
        (2, 1) => at(fx + dx.signum(), fy).into_iter().collect(),
        (2, 2) => at(fx + dx / 2, fy + dy / 2).into_iter().collect(),
        _ => Vec::new(),
    }
}

/// Labels every move of a line from `start`; stops before the first move that is not legal.
pub fn label_line(
    start: &Position,
    moves: &[Move],
    settings: &Settings,
    cycle: CycleContext,
) -> Vec<MoveLabels> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    let mut mate = MateSearch::new();
    let mut prior: Option<Position> = None;
    for m in moves {
        if !pos.is_legal(m) {
            break;
        }
        let l = match &prior {
            Some(p) => label_move_after(p, &pos, m, settings, cycle, &mut mate),
            None => label_move_with(&pos, m, settings, cycle, &mut mate),
        };
        out.push(l);
        prior = Some(pos.clone());
        pos.play_unchecked(m);
    }
    out
}

/// A move with the positions around it: `before` it, `after` it, `passed` (after it with
/// the mover to move again), and the pieces giving the check it gives (`standing`).
#[derive(Clone, Copy)]
struct Moved<'a> {
    before: &'a Position,
    after: &'a Position,
    passed: &'a Position,
    standing: SquareSet,
}

/// The chases of the move: threats after it (`now`) that did not exist before it
/// (29.2, 细则2, 细则6; docs/rules.md §3).
///
/// A direct threat is judged per (attacker, target) pair, pieces matched by identity (the
/// moved piece is the same piece on its new point): it is new when one of its capturers did
/// not attack the target before the move (AXF r33 D42), or when the move took away the
/// target's last real protector (Appendix, perpetual chase). The baseline is the attack
/// itself, not whether it could be carried out ([`OpenChoices::attack_is_the_baseline`]):
/// an attack that stood while the mover was in check, or while its capture would have been
/// answered by mate, stood. A threat through a series of checks (CXA 29.1) is compared per
/// target with the threats before the move.
fn new_chases(
    moved: &Moved,
    now: Vec<threat::Found>,
    dismissed: Vec<Dismissed>,
    ctx: &mut threat::Ctx<'_>,
    open: &crate::settings::OpenChoices,
    out: &mut MoveLabels,
) {
    let mv = out.mv;
    let Moved {
        before,
        after,
        passed,
        standing,
    } = *moved;
    let series = now.iter().any(|f| f.capturers.is_empty());
    let policy = ctx.policy;
    let prev = if series {
        let wanted: SquareSet = now.iter().map(|f| f.id).collect();
        ctx.threats(before, wanted).0
    } else {
        Vec::new()
    };
    for f in now {
        let mut chase = f.chase;
        let (existed, note) = if f.capturers.is_empty() {
            let fewer = open.threat_needing_fewer_checks_is_new;
            let existed = prev
                .iter()
                .any(|p| p.id == f.id && !(fewer && f.checks < p.checks));
            let note = prev
                .iter()
                .any(|p| p.id == f.id)
                .then_some(ChaseNote::FewerChecksIsNew);
            if !existed
                && open.attack_is_the_baseline
                && series_stood(before, after, &mv, &chase.line)
            {
                // `series_stood` holds only for a move out of check.
                (true, Some(PARRY_NOTE))
            } else {
                (existed, if existed { None } else { note })
            }
        } else {
            let old = |a: Square| {
                let from = if a == mv.to { mv.from } else { a };
                attack_stood(before, passed, standing, from, a, f.id, open, &policy)
            };
            // Whether every capturer's attack stood, and whether one of them could not be
            // carried out then.
            let (mut all_stood, mut any_parried) = (true, false);
            for a in f.capturers {
                match old(a) {
                    None => {
                        all_stood = false;
                        break;
                    }
                    Some(parried) => any_parried |= parried,
                }
            }
            // The move makes the target's protection insufficient (少根, 28.16, 29.3): a
            // piece it brings in backs up the capture, which won nothing before the move.
            // The mirror of taking away the last real protector: a new chase (29.2, 细则2).
            let backed_up = chase.root == Root::InsufficientRoot
                && !before.is_check()
                && protection::best_exchange(before, f.id).is_none_or(|e| !e.gains());
            let mut existed = !backed_up && all_stood;
            let parried = existed && any_parried;
            let mut note = parried.then_some(ChaseNote::stood(before.is_check()));
            // Novelty is about the win (CXA 28.3, 29.2, 细则2): an attack that could be
            // carried out before the move but won nothing then is new when the move makes
            // the win real.
            if existed && !parried && policy.novelty_of_the_win {
                let first = chase.line.first().copied();
                if let Some(why) =
                    first.and_then(|m| novelty::not_won_before(ctx, before, passed, f.id, &m))
                {
                    existed = false;
                    chase.articles.push(Article::Cxa29_2WinMadeReal);
                    note = Some(ChaseNote::WinMadeReal { before: why });
                }
            }
            (existed, note)
        };
        if existed {
            chase.notes.extend(note);
            out.dismissed.push(Dismissed {
                chase,
                reason: DismissReason::NotNew,
                article: Article::Cxa29_2Xize6,
                line: Vec::new(),
            });
        } else {
            chase.articles.push(Article::Cxa29_2Xize2);
            chase.notes.extend(note);
            out.chases.push(chase);
        }
    }
    // A threat the move makes that is no chase only because a same-kind pair's capture is
    // set aside: the move offers that exchange (兑, CXA2020 §3.1, 图21, 图30).
    for d in &dismissed {
        if d.reason != DismissReason::SameKindPair {
            continue;
        }
        let t = d.chase.target;
        let new = d.chase.attackers.iter().any(|&a| {
            let from = if a == mv.to { mv.from } else { a };
            attack_stood(before, passed, standing, from, a, t, open, &policy).is_none()
        });
        let named = out
            .evidence
            .iter()
            .any(|e| e.label == Label::Exchange && e.targets.contains(&t));
        if new && !named {
            out.labels.push(Label::Exchange);
            out.evidence.push(pair::set_aside_evidence(&d.chase));
        }
    }
    if out.dismissed.is_empty() {
        // Most moves have no threat found not new: the list is taken as it is.
        out.dismissed = dismissed;
    } else {
        out.dismissed.extend(dismissed);
    }
    if !out.chases.is_empty() {
        out.labels.push(Label::Chase);
        out.evidence.extend(out.chases.iter().map(chase_evidence));
    }
}

/// The evidence of the chase label for the chase `c`.
pub(crate) fn chase_evidence(c: &Chase) -> Evidence {
    let how = match c.form {
        ChaseForm::Capture => "capture",
        ChaseForm::Exchange => "exchange",
        ChaseForm::CheckSeries => "series of checks",
    };
    // "threatens to win the {role} on {point} by {how} ({root})", put together without the
    // formatting machinery (a chase's evidence is built for every move labelled).
    let (role, root) = (c.target_role.english(), c.root.name());
    let mut detail = String::with_capacity(34 + role.len() + how.len() + root.len());
    detail.push_str("threatens to win the ");
    detail.push_str(role);
    detail.push_str(" on ");
    push_point(&mut detail, c.target);
    detail.push_str(" by ");
    detail.push_str(how);
    detail.push_str(" (");
    detail.push_str(root);
    detail.push(')');
    Evidence {
        label: Label::Chase,
        articles: c.articles.clone(),
        pieces: c.attackers.clone(),
        targets: smallvec![c.target],
        line: ShortLine::from_slice(&c.line),
        detail: detail.into(),
    }
}

/// Appends the ICCS name of `sq` (`e4`), as its `Display` writes it. The evidence
/// sentences are put together with this and [`push_count`] rather than `format!`: they are
/// built for every move labelled.
fn push_point(out: &mut String, sq: Square) {
    out.push(sq.file().char());
    out.push(sq.rank().char());
}

/// Appends `n` in decimal, as its `Display` writes it.
fn push_count(out: &mut String, n: usize) {
    out.push_str(itoa::Buffer::new().format(n));
}
