//! English explanations.

use std::fmt::Write;

use qili_notation::{Color, Square};

use super::compose::Words;
use super::{move_text, Lang};
use crate::agreement::Agreement;
use crate::conduct::{CycleMove, PieceRef};
use crate::judge::{CycleJudgement, Judgement, RulingSource};
use crate::label::Label;
use crate::terms;
use crate::verdict::{Article, OpenNote, Outcome, Reason, Status, Verdict};
use qili_notation::Position;

/// Explains `j` in English (the default size, without naming the game).
pub fn explain(j: &Judgement) -> String {
    super::explain(j, Lang::En)
}

/// Explains `j` in English in the detailed size.
pub fn explain_detail(j: &Judgement) -> String {
    super::explain_with(j, None, &super::Options::detail(Lang::En))
}

fn side(c: Color) -> &'static str {
    terms::side(c).en
}

fn outcome(o: Outcome) -> &'static str {
    terms::outcome(o).en
}

/// `move 25 (ply 49)`.
fn at(j: &Judgement, ply: usize) -> String {
    super::ply_place(j.positions.first(), ply, Lang::En)
}

fn ruling(j: &Judgement) -> String {
    let mut s = String::new();
    match j.ruling.source {
        RulingSource::Cycle { index } => {
            let c = &j.cycles[index];
            let _ = writeln!(
                s,
                "Ruling ({}): {} — cycle {}, in force at {}.",
                j.settings.rules.names().short,
                verdict_headline(&c.verdict),
                index + 1,
                at(j, c.decided_ply().unwrap_or(c.run.end))
            );
            let _ = write!(s, "{}", reason(j, c));
        }
        RulingSource::NaturalLimit { ply, claimant } => {
            let _ = write!(
                s,
                "Ruling ({}): draw — the natural move limit of {} moves was reached at {} (a claim by {} holds there).",
                j.settings.rules.names().short,
                j.settings.natural_limit,
                at(j, ply),
                side(claimant)
            );
        }
        RulingSource::None => {
            let _ = write!(
                s,
                "Ruling ({}): none — no position of a cycle occurred {} times and the natural move limit was not reached.",
                j.settings.rules.names().short,
                crate::verdict::threshold(&j.settings)
            );
        }
    }
    s
}

/// The occurrence at which a ruling is in force (docs/rules.md §1).
fn threshold(j: &Judgement) -> usize {
    crate::verdict::threshold(&j.settings)
}

fn verdict_headline(v: &Verdict) -> String {
    match (v.status, v.reason) {
        (Status::MustChange, Reason::ForbiddenVsAllowed { offender, .. })
        | (Status::MustChange, Reason::BothForbiddenRanked { offender, .. })
        | (
            Status::MustChange,
            Reason::OneSidedPerpetualCheck {
                checker: offender, ..
            },
        ) => {
            format!(
                "{} must change; if it repeats the cycle, {}",
                side(offender),
                outcome(v.result)
            )
        }
        (Status::Final, _) => outcome(v.result).to_string(),
        _ => outcome(v.result).to_string(),
    }
}

fn reason(j: &Judgement, c: &CycleJudgement) -> String {
    let v = &c.verdict;
    match v.reason {
        Reason::OneSidedPerpetualCheck { checker, repeated } => {
            let other = !checker;
            let mut t = if v.status == Status::MustChange {
                format!(
                    "{} checks perpetually and {} does not: a perpetual check is a violation in all circumstances, so {} must change (变着), from the position's occurrence {} on. If {} plays the cycle once more (the position's occurrence {}), {} loses.",
                    side(checker),
                    side(other),
                    side(checker),
                    threshold(j),
                    side(checker),
                    threshold(j) + 1,
                    side(checker)
                )
            } else if repeated {
                format!(
                    "{} checks perpetually and {} does not: {} must change (变着). The record shows the cycle played once more (the position's occurrence {} at {}): {} loses.",
                    side(checker),
                    side(other),
                    side(checker),
                    c.occurrences,
                    at(j, c.repeated_ply.unwrap_or(c.run.end)),
                    side(checker)
                )
            } else {
                format!(
                    "{} checks perpetually and {} does not: the perpetual checker loses at once.",
                    side(checker),
                    side(other)
                )
            };
            if v.forbidden[other] {
                let _ = write!(
                    t,
                    " {}'s own conduct ({}) is forbidden too, but a one-sided perpetual check is never excused.",
                    side(other),
                    terms::conduct(c.conduct(other).kind).en
                );
            }
            t
        }
        Reason::MutualPerpetualCheck => "Both sides check perpetually: draw.".to_string(),
        Reason::BothAllowed => "Both sides' conduct is allowed: draw if neither changes.".to_string(),
        Reason::BothForbidden => "Both sides' conduct is forbidden (and neither is a one-sided perpetual check): draw if neither changes.".to_string(),
        Reason::ForbiddenVsAllowed { offender, repeated }
        | Reason::BothForbiddenRanked {
            offender, repeated, ..
        } => {
            let mut t = match v.reason {
                Reason::BothForbiddenRanked { rank, above, .. } => format!(
                    "Both sides chase perpetually, both forbidden, but {} {} and {} {}: by the ranking of forbidden chases, {} must change (变着)",
                    side(offender),
                    rank.en(),
                    side(!offender),
                    above.en(),
                    side(offender)
                ),
                _ => format!(
                    "{}'s conduct is forbidden, {}'s is allowed: {} must change (变着)",
                    side(offender),
                    side(!offender),
                    side(offender)
                ),
            };
            if !repeated {
                let _ = write!(t, ", from the position's occurrence {} on", threshold(j));
            }
            t.push('.');
            if repeated {
                let _ = write!(
                    t,
                    " The record shows the cycle played once more (the position's occurrence {} at {}): {} loses.",
                    c.occurrences,
                    at(j, c.repeated_ply.unwrap_or(c.run.end)),
                    side(offender)
                );
            } else {
                let _ = write!(
                    t,
                    " If {} plays the cycle once more (the position's occurrence {}), {} loses.",
                    side(offender),
                    threshold(j) + 1,
                    side(offender)
                );
            }
            t
        }
    }
}

fn piece(p: &PieceRef, at: Option<Square>) -> String {
    match at {
        Some(sq) if sq != p.home => format!(
            "{} {} ({} in the repeated position)",
            p.role.english(),
            sq,
            p.home
        ),
        _ => format!("{} {}", p.role.english(), p.home),
    }
}

fn label_name(l: Label) -> &'static str {
    terms::label(l).en
}

fn open_note(j: &Judgement, n: &OpenNote) -> String {
    match n {
        OpenNote::KeyPointPlainCaseOnly { side: c, target } => format!(
            "(open) {} is applied only in its plain case (a move that parries the opponent's mate threat and leaves it nothing to win, chasing only advisors or elephants: a plain draw as docs/rules.md §7 reads it); {}'s threat on the {} therefore counts as a chase. Default `key_point_plain_case_only`.",
            Article::Cxa27_3,
            side(*c),
            piece(target, None)
        ),
        OpenNote::KeyPointPlainDraw { side: c, ply } => format!(
            "(open) {}'s move(s) at {} occupy a defensive key point: each parries the opponent's mate threat, and its threat on an advisor or elephant is incidental, idle ({}). \"A plain draw\" is read as the mate threat parried, the opponent left nothing to win; counted as a chase, {}'s conduct would be forbidden. Default `key_point_plain_case_only` (docs/rules.md §7).",
            side(*c),
            at(j, *ply),
            Article::Cxa27_3Xize13,
            side(*c)
        ),
        OpenNote::PinnedChariotRankedAboveChase { side: c, target } => format!(
            "(open) AXF r19: attacking a chariot pinned by a horse ({}) ranks above an ordinary chase, so {} is the offender although both sides chase. Default `axf_pinned_chariot_ranked_above_chase`.",
            piece(target, None),
            side(*c)
        ),
        OpenNote::CheckThatChasesIsChase { side: c, ply } => format!(
            "(open) AXF forbidden reading: {}'s check(s) at {} also renew the chase of the piece every other move chases and count as chases, so the conduct is a perpetual chase. Default `axf_check_that_chases_is_chase` (docs/rules.md §7).",
            side(*c),
            at(j, *ply)
        ),
        OpenNote::AttackIsTheBaseline { side: c, ply } => format!(
            "(open) {}'s move(s) at {} left standing attacks that could not be carried out before them (the mover was in check, or the capturer was held); they are not new chases: the baseline is the attack itself, not whether it could be carried out. Default `attack_is_the_baseline` (docs/rules.md §7).",
            side(*c),
            at(j, *ply)
        ),
    }
}

/// The English words of an explanation.
pub(crate) struct En;

impl Words for En {
    fn lang(&self) -> Lang {
        Lang::En
    }

    fn ruling(&self, j: &Judgement) -> String {
        ruling(j)
    }

    fn agreement(&self, j: &Judgement, a: &Agreement) -> Option<String> {
        Some(match a {
            Agreement::NotRecorded => "No result is recorded.".to_owned(),
            Agreement::NoRuling(r) => format!(
                "No ruling is in force: the repetition rules do not decide the recorded result ({r})."
            ),
            Agreement::Agrees(r) => format!("The recorded result ({r}) agrees with the ruling."),
            Agreement::Consistent(r) => {
                format!("The recorded result ({r}) does not contradict the ruling.")
            }
            Agreement::Disagrees(r, f) => format!(
                "The recorded result ({r}) DISAGREES with the ruling: {}.",
                crate::agreement::finding_text(f, j.positions.first()).en
            ),
            Agreement::Noted(r, f) => format!(
                "Recorded result {r}; note: {}.",
                crate::agreement::finding_text(f, j.positions.first()).en
            ),
        })
    }

    fn stopped(&self, j: &Judgement) -> Option<String> {
        j.stopped.as_ref().map(|stop| {
            format!(
                "The record stops at {}: {} is not legal in {}.",
                at(j, stop.ply),
                stop.mv,
                stop.fen
            )
        })
    }

    fn sheet_move(&self, before: Option<&Position>, m: &CycleMove) -> String {
        format!(
            "{} {}",
            move_text(before, &m.labels.mv),
            label_name(m.primary())
        )
    }

    fn headline(&self, v: &Verdict) -> String {
        verdict_headline(v)
    }

    fn reason(&self, j: &Judgement, c: &CycleJudgement) -> String {
        reason(j, c)
    }

    fn cycle_facts(&self, j: &Judgement, c: &CycleJudgement) -> Vec<String> {
        let threshold = crate::verdict::threshold(&j.settings);
        let mut v = Vec::new();
        if c.run.joined() {
            v.push(format!(
                "Different loops of {} plies, joined where they meet.",
                c.run.period
            ));
        } else {
            v.push(format!(
                "Period {} plies; the cycle runs through {}.",
                c.run.period,
                at(j, c.run.end)
            ));
        }
        v.push(match c.in_force_ply {
            Some(p) => format!("In force: occurrence {threshold} at {} (threshold {threshold}).", at(j, p)),
            None => format!(
                "Not in force: {} occurrences, the threshold is {threshold}; what would be ruled is shown.",
                c.occurrences
            ),
        });
        if c.intertwined {
            v.push(format!(
                "Loops intertwine: the region holds {} positions; Red plays {} and Black {} distinct moves inside it.",
                c.region_positions, c.region_moves.red, c.region_moves.black
            ));
        }
        if let Some(article) = c
            .context
            .mutual_perpetual_attack
            .then(|| j.settings.book().chase().mutual_attack)
            .flatten()
        {
            v.push(format!(
                "Both sides attack in every move (mutual perpetual attack, {}).",
                article
            ));
        }
        if c.soldier_chases {
            v.push(format!(
                "A soldier's threat therefore counts as a chase ({}).",
                Article::Cxa27_2Xize11
            ));
        }
        if let Some(by) = c.left_by {
            v.push(format!(
                "{} left the cycle with {}.",
                side(by),
                at(j, c.run.end + 1)
            ));
        }
        v
    }

    fn open_note(&self, j: &Judgement, n: &OpenNote) -> String {
        open_note(j, n)
    }
}
