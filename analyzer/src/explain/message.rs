//! The sentences of an explanation as typed messages: what is said is decided once, here, as a
//! sequence of [`Message`]s with their arguments (sides, outcomes, places on the score sheet,
//! articles, counts); how each is said is a table per language, [`super::zh::message`] and
//! [`super::en::message`], each one `match` over the keys with no control flow of its own.
//! A new verdict reason or fact is one variant here, one line in its composition below, and
//! one entry in each table (the compiler asks for both).

use qili_notation::{Color, Move, Position, Role, Square};

use super::Lang;
use crate::agreement::Agreement;
use crate::conduct::{ConductKind, CycleMove};
use crate::graph::IllegalMoveAt;
use crate::judge::{CycleJudgement, Judgement, RulingSource};
use crate::label::{DismissReason, Label, Root};
use crate::settings::cxa::ChaseRank;
use crate::settings::Settings;
use crate::verdict::{Article, OpenNote, Outcome, Reason, Status, Verdict};

/// A place on the score sheet (`第25回合（第49步）`, `move 25 (ply 49)`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Place<'a> {
    /// The start position of the game (`None`: the usual start).
    pub start: Option<&'a Position>,
    /// The 1-based ply.
    pub ply: usize,
}

impl Place<'_> {
    /// The place in `lang` ([`crate::terms::ply_place`]).
    pub fn get(self, lang: Lang) -> String {
        crate::terms::ply_place(self.start, self.ply, lang)
    }
}

/// A verdict's headline: the outcome, and the side that must change first if any.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Headline {
    /// The side that must change (a must-change ruling), if any.
    pub must_change: Option<Color>,
    /// The outcome (for a must-change ruling: if the side does not change).
    pub result: Outcome,
}

/// One sentence (or the part of one) of an explanation, with its arguments. The `Short…`
/// messages are the pages' (the `report` feature's): without it they are never built.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(not(feature = "report"), allow(dead_code))]
pub(crate) enum Message<'a> {
    /// A verdict's headline.
    Headline(Headline),
    /// The ruling comes from a cycle (a line of its own).
    RulingByCycle {
        /// The rule set.
        settings: &'a Settings,
        /// The verdict's headline.
        headline: Headline,
        /// The cycle's index.
        cycle: usize,
        /// Where the ruling took effect.
        at: Place<'a>,
    },
    /// The ruling comes from the natural move limit.
    RulingByNaturalLimit {
        /// The rule set.
        settings: &'a Settings,
        /// Where the limit was reached.
        at: Place<'a>,
        /// The side whose claim holds there.
        claimant: Color,
    },
    /// No ruling.
    NoRuling {
        /// The rule set.
        settings: &'a Settings,
        /// The occurrence at which a ruling is in force.
        threshold: usize,
    },
    /// A one-sided perpetual check, must change from the threshold on, loses if repeated.
    CheckerMustChange {
        /// The checking side.
        checker: Color,
        /// The occurrence at which the ruling is in force.
        threshold: usize,
    },
    /// A one-sided perpetual check: the checker must change (a clause; the record goes on).
    CheckerMustChangeClause {
        /// The checking side.
        checker: Color,
    },
    /// A one-sided perpetual check that loses at once.
    CheckerLosesAtOnce {
        /// The checking side.
        checker: Color,
    },
    /// The other side's conduct is forbidden too, which does not excuse the perpetual check.
    CheckNotExcused {
        /// The side that does not check perpetually.
        side: Color,
        /// Its conduct.
        conduct: ConductKind,
    },
    /// Both sides check perpetually.
    MutualPerpetualCheck,
    /// Both sides' conduct is allowed.
    BothAllowed,
    /// Both sides' conduct is forbidden.
    BothForbidden,
    /// Both sides chase perpetually, one chase ranked lower (a clause).
    RankedMustChange {
        /// The side whose chase ranks lower.
        offender: Color,
        /// Its rank.
        rank: ChaseRank,
        /// The other side's rank.
        above: ChaseRank,
    },
    /// One side's conduct forbidden, the other's allowed (a clause).
    ForbiddenMustChange {
        /// The side whose conduct is forbidden.
        offender: Color,
    },
    /// From which occurrence the must-change is in force (a clause).
    FromOccurrence {
        /// The occurrence.
        threshold: usize,
    },
    /// The end of a sentence.
    Stop,
    /// The record shows the cycle played once more: the side loses.
    PlayedOnceMore {
        /// The side that loses.
        side: Color,
        /// The occurrences of the position.
        occurrences: usize,
        /// Where the cycle was repeated.
        at: Place<'a>,
    },
    /// The side loses if it plays the cycle once more.
    LosesIfRepeated {
        /// The side.
        side: Color,
        /// The occurrence that would make it lose.
        occurrence: usize,
    },
    /// Whether the recorded result agrees with the ruling.
    Agreement {
        /// The agreement.
        agreement: &'a Agreement,
        /// The start position (for the places of findings).
        start: Option<&'a Position>,
    },
    /// The record stops on an illegal move.
    Stopped {
        /// The move and the position.
        stop: &'a IllegalMoveAt,
        /// Where.
        at: Place<'a>,
    },
    /// One move on the score sheet with its heaviest label.
    SheetMove {
        /// The position before it, if known.
        before: Option<&'a Position>,
        /// The move.
        mv: &'a Move,
        /// Its heaviest label.
        label: Label,
    },
    /// Detail: the cycle is joined from different loops.
    Joined {
        /// The period in plies.
        period: usize,
    },
    /// Detail: the cycle's period and where it runs to.
    Period {
        /// The period in plies.
        period: usize,
        /// The cycle's last ply.
        end: Place<'a>,
    },
    /// Detail: the cycle is in force.
    InForce {
        /// The occurrence at which it is.
        threshold: usize,
        /// Where.
        at: Place<'a>,
    },
    /// Detail: the cycle is not in force.
    NotInForce {
        /// The occurrences of its position.
        occurrences: usize,
        /// The occurrence at which a ruling is in force.
        threshold: usize,
    },
    /// Detail: loops intertwine in a region.
    Intertwined {
        /// The positions of the region.
        positions: usize,
        /// Red's distinct moves inside it.
        red: usize,
        /// Black's distinct moves inside it.
        black: usize,
    },
    /// Detail: mutual perpetual attack.
    MutualAttack {
        /// The article that says so.
        article: Article,
    },
    /// Detail: soldiers' threats count as chases.
    SoldierChases,
    /// Detail: a side left the cycle.
    LeftCycle {
        /// The side.
        side: Color,
        /// With the move at.
        at: Place<'a>,
    },
    /// The players of the game.
    Players {
        /// Red's player (`?` when not given).
        red: &'a str,
        /// Black's player.
        black: &'a str,
    },
    /// The result the record states.
    RecordedResult {
        /// As written; `None`: not recorded.
        result: Option<&'a str>,
    },
    /// The position after a ply (`after move 2 (ply 4)`).
    AfterPly(Place<'a>),
    /// The start position (where [`Message::AfterPly`] would say ply 0).
    Start,
    /// The heading of the game's line.
    GameHeading,
    /// The heading of a verdict's line.
    VerdictHeading,
    /// The heading of the articles cited (a list follows).
    ArticlesHeading,
    /// The record repeats no position.
    NoRepetition,
    /// The heading of the cycles not expanded.
    OtherCycles,
    /// The heading of the open choices and notes.
    OpenChoices,
    /// The heading of a cycle's evidence, move by move.
    EvidenceHeading,
    /// The heading of an expanded cycle: its repeated position and where it occurs.
    CycleHeading {
        /// The cycle's index.
        cycle: usize,
        /// The occurrences of its position.
        times: usize,
        /// Where they are (a list of [`Message::AfterPly`]).
        places: &'a str,
    },
    /// The heading of the cycle's moves.
    CycleMoves {
        /// Their plies on the score sheet.
        span: &'a str,
    },
    /// One cycle in one line.
    CycleLine {
        /// The cycle's index.
        cycle: usize,
        /// Its plies on the score sheet.
        span: &'a str,
        /// Whether and where it is in force ([`Message::InForceAt`], [`Message::NotInForceAfter`]).
        force: &'a str,
        /// Red's conduct.
        red: ConductKind,
        /// Black's conduct.
        black: ConductKind,
        /// The verdict ([`Message::Headline`] or [`Message::WouldBe`]).
        verdict: &'a str,
    },
    /// A cycle in force from a ply.
    InForceAt(Place<'a>),
    /// A cycle not in force, its position occurring so many times.
    NotInForceAfter {
        /// The occurrences.
        occurrences: usize,
    },
    /// What a cycle not in force would be ruled.
    WouldBe(Headline),
    /// An open default decided the ruling (named in the default size).
    OpenDecided {
        /// The options' names.
        list: &'a str,
    },
    /// Where the rules are written.
    RulesPointer {
        /// The rule set's section of docs/rules.md.
        section: &'static str,
    },
    /// The natural limit counts since a capture.
    SinceCapture(Place<'a>),
    /// The natural limit counts since the start.
    SinceStart,
    /// The natural limit: its value, the check cap, the plies without a capture.
    NaturalLimit {
        /// The limit in moves.
        limit: u32,
        /// The checks counted at most.
        cap: u32,
        /// The plies without a capture at the end.
        quiet: usize,
        /// Since when ([`Message::SinceCapture`], [`Message::SinceStart`]).
        since: &'a str,
    },
    /// A side's claim of the natural limit (the start of its line).
    ClaimBy(Color),
    /// The claim holds.
    ClaimHolds {
        /// The moves counted.
        counted: usize,
        /// The other side.
        other: Color,
        /// The other side's moves.
        opponent: usize,
    },
    /// The claim first held at a ply.
    ClaimFirstReached(Place<'a>),
    /// The end of [`Message::ClaimHolds`].
    ClaimHoldsEnd,
    /// The limit was reached once, then a capture followed.
    ClaimReachedThenCaptured(Place<'a>),
    /// The claim fails.
    ClaimFails {
        /// The moves counted.
        counted: usize,
        /// The limit.
        limit: u32,
    },
    /// The claimant's checks beyond the cap do not count.
    ClaimChecksCapped {
        /// The claimant.
        side: Color,
        /// Its moves.
        moves: usize,
        /// Its checks.
        checks: usize,
        /// The checks counted at most.
        cap: u32,
    },
    /// The other side has not made enough moves.
    ClaimOpponentMoves {
        /// The other side.
        other: Color,
        /// Its moves.
        opponent: usize,
    },
    /// A piece on a point (`horse g8`, `马g8`).
    PieceName {
        /// Its role.
        role: Role,
        /// Its side.
        color: Color,
        /// Its point.
        at: Square,
    },
    /// A piece named where it stands, with its point in the repeated position.
    PieceMoved {
        /// The piece where it stands ([`Message::PieceName`]).
        name: &'a str,
        /// Its point in the repeated position.
        home: Square,
    },
    /// A side's conduct (the start of its line).
    ConductHead {
        /// The side.
        side: Color,
        /// Its conduct.
        kind: ConductKind,
    },
    /// The pieces a conduct chases.
    ChasedTargets {
        /// The pieces.
        targets: &'a str,
    },
    /// Several pieces take turns chasing the same pieces.
    TakeTurns {
        /// The chasers.
        by: &'a str,
        /// The pieces chased in every move.
        constant: &'a str,
    },
    /// Pieces chased in every move.
    ChasedEveryMove {
        /// The pieces.
        constant: &'a str,
    },
    /// The pieces that chase.
    ChasedBy {
        /// The pieces.
        by: &'a str,
    },
    /// A chase: attackers, target and why it counts as unprotected.
    Chase {
        /// The attackers.
        attackers: &'a str,
        /// The target.
        target: &'a str,
        /// Its root.
        root: Root,
    },
    /// A protector with its status.
    Protector {
        /// The protector.
        name: &'a str,
        /// Its status ([`crate::terms::protector`]).
        status: &'a str,
    },
    /// The target's protectors.
    Protectors {
        /// The list of [`Message::Protector`].
        list: &'a str,
    },
    /// The line that wins material.
    WinningLine {
        /// In ICCS.
        line: &'a str,
    },
    /// The lighter labels of a move.
    AlsoLabels {
        /// The labels.
        rest: &'a str,
    },
    /// A threat that is not a chase.
    NotAChase {
        /// The target.
        name: &'a str,
        /// Why.
        reason: DismissReason,
        /// The article.
        article: Article,
    },
    /// After a key point's dismissed chase: the opponent's mating line it parries (27.3).
    ParriedLine {
        /// The line, in the move notation of the explanation.
        line: &'a str,
    },
    /// Page: a one-sided perpetual check must change, and loses on one more cycle.
    ShortCheckMustChange(Color),
    /// Page: a one-sided perpetual check repeated: the checker loses.
    ShortCheckRepeated(Color),
    /// Page: a one-sided perpetual check loses at once.
    ShortCheckLoses(Color),
    /// Page: both sides check perpetually.
    ShortMutualCheck,
    /// Page: both sides' moves are allowed.
    ShortBothAllowed,
    /// Page: both sides' moves are forbidden.
    ShortBothForbidden,
    /// Page: both chase, the side's chase ranks heavier: it must change.
    ShortRankedMustChange(Color),
    /// Page: the side repeated the heavier chase and loses.
    ShortRankedRepeated(Color),
    /// Page: the side's moves are forbidden: it must change.
    ShortForbiddenMustChange(Color),
    /// Page: the side repeated the forbidden cycle and loses.
    ShortForbiddenRepeated(Color),
    /// Detail: an open default decided.
    Open {
        /// The note.
        note: &'a OpenNote,
        /// The start position (for the places).
        start: Option<&'a Position>,
    },
}

/// `messages` in `lang`, one after the other.
pub(crate) fn render(lang: Lang, messages: &[Message]) -> String {
    messages.iter().map(|m| one(lang, m)).collect()
}

/// One message in `lang`.
pub(crate) fn one(lang: Lang, m: &Message) -> String {
    match lang {
        Lang::Zh => super::zh::message(m),
        Lang::En => super::en::message(m),
    }
}

fn place(j: &Judgement, ply: usize) -> Place<'_> {
    Place {
        start: j.positions.first(),
        ply,
    }
}

/// The ruling: its headline line, then its reason.
pub(crate) fn ruling(j: &Judgement) -> Vec<Message<'_>> {
    let settings = &j.settings;
    match j.ruling.source {
        RulingSource::Cycle { index } => {
            let c = &j.cycles[index];
            let mut v = vec![Message::RulingByCycle {
                settings,
                headline: headline(&c.verdict),
                cycle: index,
                at: place(j, c.decided_ply().unwrap_or(c.run.end)),
            }];
            v.extend(reason(j, c));
            v
        }
        RulingSource::NaturalLimit { ply, claimant } => vec![Message::RulingByNaturalLimit {
            settings,
            at: place(j, ply),
            claimant,
        }],
        RulingSource::None => vec![Message::NoRuling {
            settings,
            threshold: crate::verdict::threshold(settings),
        }],
    }
}

/// A verdict's headline.
pub(crate) fn headline(v: &Verdict) -> Headline {
    let must_change = match (v.status, v.reason) {
        (Status::MustChange, Reason::ForbiddenVsAllowed { offender, .. })
        | (Status::MustChange, Reason::BothForbiddenRanked { offender, .. })
        | (
            Status::MustChange,
            Reason::OneSidedPerpetualCheck {
                checker: offender, ..
            },
        ) => Some(offender),
        _ => None,
    };
    Headline {
        must_change,
        result: v.result,
    }
}

/// A cycle verdict's reason.
pub(crate) fn reason<'a>(j: &'a Judgement, c: &'a CycleJudgement) -> Vec<Message<'a>> {
    let v = &c.verdict;
    let threshold = crate::verdict::threshold(&j.settings);
    let played_once_more = |side| Message::PlayedOnceMore {
        side,
        occurrences: c.occurrences,
        at: place(j, c.repeated_ply.unwrap_or(c.run.end)),
    };
    match v.reason {
        Reason::OneSidedPerpetualCheck { checker, repeated } => {
            let other = !checker;
            let mut m = if v.status == Status::MustChange {
                vec![Message::CheckerMustChange { checker, threshold }]
            } else if repeated {
                vec![
                    Message::CheckerMustChangeClause { checker },
                    Message::Stop,
                    played_once_more(checker),
                ]
            } else {
                vec![Message::CheckerLosesAtOnce { checker }]
            };
            if v.forbidden[other] {
                m.push(Message::CheckNotExcused {
                    side: other,
                    conduct: c.conduct(other).kind,
                });
            }
            m
        }
        Reason::MutualPerpetualCheck => vec![Message::MutualPerpetualCheck],
        Reason::BothAllowed => vec![Message::BothAllowed],
        Reason::BothForbidden => vec![Message::BothForbidden],
        Reason::ForbiddenVsAllowed { offender, repeated }
        | Reason::BothForbiddenRanked {
            offender, repeated, ..
        } => {
            let mut m = vec![match v.reason {
                Reason::BothForbiddenRanked { rank, above, .. } => Message::RankedMustChange {
                    offender,
                    rank,
                    above,
                },
                _ => Message::ForbiddenMustChange { offender },
            }];
            if !repeated {
                m.push(Message::FromOccurrence { threshold });
            }
            m.push(Message::Stop);
            m.push(if repeated {
                played_once_more(offender)
            } else {
                Message::LosesIfRepeated {
                    side: offender,
                    occurrence: threshold + 1,
                }
            });
            m
        }
    }
}

/// A verdict in a few words, as the pages give it beside the cycle.
#[cfg(feature = "report")]
pub(crate) fn short_verdict(v: &Verdict) -> Message<'static> {
    match v.reason {
        Reason::OneSidedPerpetualCheck { checker, .. } if v.status == Status::MustChange => {
            Message::ShortCheckMustChange(checker)
        }
        Reason::OneSidedPerpetualCheck {
            checker,
            repeated: true,
        } => Message::ShortCheckRepeated(checker),
        Reason::OneSidedPerpetualCheck { checker, .. } => Message::ShortCheckLoses(checker),
        Reason::MutualPerpetualCheck => Message::ShortMutualCheck,
        Reason::BothAllowed => Message::ShortBothAllowed,
        Reason::BothForbidden => Message::ShortBothForbidden,
        Reason::BothForbiddenRanked {
            offender,
            repeated: false,
            ..
        } => Message::ShortRankedMustChange(offender),
        Reason::BothForbiddenRanked { offender, .. } => Message::ShortRankedRepeated(offender),
        Reason::ForbiddenVsAllowed {
            offender,
            repeated: false,
        } => Message::ShortForbiddenMustChange(offender),
        Reason::ForbiddenVsAllowed { offender, .. } => Message::ShortForbiddenRepeated(offender),
    }
}

/// Whether the record agrees.
pub(crate) fn agreement<'a>(j: &'a Judgement, a: &'a Agreement) -> Message<'a> {
    Message::Agreement {
        agreement: a,
        start: j.positions.first(),
    }
}

/// The record stopped on an illegal move.
pub(crate) fn stopped(j: &Judgement) -> Option<Message<'_>> {
    j.stopped.as_ref().map(|stop| Message::Stopped {
        stop,
        at: place(j, stop.ply),
    })
}

/// One move on the score sheet.
pub(crate) fn sheet_move<'a>(before: Option<&'a Position>, m: &'a CycleMove) -> Message<'a> {
    Message::SheetMove {
        before,
        mv: &m.labels.mv,
        label: m.primary(),
    }
}

/// Detail: the cycle's facts, one message a line.
pub(crate) fn cycle_facts<'a>(j: &'a Judgement, c: &'a CycleJudgement) -> Vec<Message<'a>> {
    let threshold = crate::verdict::threshold(&j.settings);
    let mut v = Vec::new();
    v.push(if c.run.joined() {
        Message::Joined {
            period: c.run.period,
        }
    } else {
        Message::Period {
            period: c.run.period,
            end: place(j, c.run.end),
        }
    });
    v.push(match c.in_force_ply {
        Some(p) => Message::InForce {
            threshold,
            at: place(j, p),
        },
        None => Message::NotInForce {
            occurrences: c.occurrences,
            threshold,
        },
    });
    if c.intertwined {
        v.push(Message::Intertwined {
            positions: c.region_positions,
            red: c.region_moves.red,
            black: c.region_moves.black,
        });
    }
    if let Some(article) = c
        .context
        .mutual_perpetual_attack
        .then(|| j.settings.book().chase().mutual_attack)
        .flatten()
    {
        v.push(Message::MutualAttack { article });
    }
    if c.soldier_chases {
        v.push(Message::SoldierChases);
    }
    if let Some(side) = c.left_by {
        v.push(Message::LeftCycle {
            side,
            at: place(j, c.run.end + 1),
        });
    }
    v
}

/// Detail: an open-choice note of a verdict.
pub(crate) fn open_note<'a>(j: &'a Judgement, note: &'a OpenNote) -> Message<'a> {
    Message::Open {
        note,
        start: j.positions.first(),
    }
}
