//! English explanations.

use std::fmt::Write;

use qili_notation::{Color, Square};

use super::compose::{Agreement, Words};
use super::{article_title, line_text, move_text, GameInfo, Lang};
use crate::conduct::{Conduct, ConductKind, CycleMove, PieceRef};
use crate::judge::{CycleJudgement, Judgement, RulingSource};
use crate::label::{Chase, Label};
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
    format!("move {} (ply {ply})", super::move_number(j, ply))
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

fn verdict_headline(v: &Verdict) -> String {
    match (v.status, v.reason) {
        (Status::MustChange, Reason::ForbiddenVsAllowed { offender, .. }) => {
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
        Reason::OneSidedPerpetualCheck { checker } => {
            let other = !checker;
            let mut t = format!(
                "{} checks perpetually and {} does not: the perpetual checker loses at once.",
                side(checker),
                side(other)
            );
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
        Reason::ForbiddenVsAllowed { offender, repeated } => {
            let mut t = format!(
                "{}'s conduct is forbidden, {}'s is allowed: {} must change (变着).",
                side(offender),
                side(!offender),
                side(offender)
            );
            if repeated {
                let _ = write!(
                    t,
                    " The record shows the cycle played once more (the position's occurrence {} at {}): {} loses.",
                    c.occurrences,
                    at(j, c.repeated_ply.unwrap_or(c.run.end)),
                    side(offender)
                );
            } else {
                let _ = write!(t, " If {} plays the cycle once more, {} loses.", side(offender), side(offender));
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

fn chase(c: &Chase, r: Option<&crate::conduct::ChaseRef>, j: &Judgement, ply: usize) -> String {
    let after = j.positions.get(ply);
    let attackers = c
        .attackers
        .iter()
        .map(|&a| match after.and_then(|p| p.piece_at(a)) {
            Some(p) => format!("{} {a}", p.role.english()),
            None => a.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" and ");
    let target = match r {
        Some(r) => piece(&r.target, Some(c.target)),
        None => format!("{} {}", c.target_role.english(), c.target),
    };
    let mut t = format!("{attackers} → {target} ({})", terms::root_reason(c.root).en);
    if !c.protectors.is_empty() {
        let ps: Vec<String> = c
            .protectors
            .iter()
            .map(|p| {
                format!(
                    "{} {}: {}",
                    p.role.english(),
                    p.square,
                    terms::protector(&p.status, Lang::En)
                )
            })
            .collect();
        let _ = write!(t, ", protectors: {}", ps.join("; "));
    }
    if !c.line.is_empty() {
        let _ = write!(t, ", winning line {}", line_text(&c.line));
    }
    t
}

fn cycle_move(j: &Judgement, m: &CycleMove) -> String {
    let before = j.positions.get(m.ply - 1);
    let l = &m.labels;
    let mut t = format!(
        "    {}  {}: {}",
        at(j, m.ply),
        move_text(before, &l.mv),
        label_name(m.primary())
    );
    let rest: Vec<&str> = l.labels.iter().skip(1).map(|&x| label_name(x)).collect();
    if !rest.is_empty() {
        let _ = write!(t, " (also {})", rest.join(", "));
    }
    if let Some(line) = &l.mate_line {
        let _ = write!(t, " — mating line {}", line_text(line));
    }
    if !l.chases.is_empty() {
        let cs: Vec<String> = l
            .chases
            .iter()
            .enumerate()
            .map(|(i, c)| chase(c, m.chases.get(i), j, m.ply))
            .collect();
        let _ = write!(t, " — {}", cs.join("; "));
    }
    for d in &l.dismissed {
        let _ = write!(
            t,
            " — not a chase: {} {} ({}, {})",
            d.chase.target_role.english(),
            d.chase.target,
            terms::dismiss(d.reason).en,
            d.article
        );
    }
    t
}

fn pieces(ps: &[PieceRef]) -> String {
    ps.iter()
        .map(|p| piece(p, None))
        .collect::<Vec<_>>()
        .join(", ")
}

fn conduct(c: &Conduct, forbidden: bool) -> String {
    let mut t = format!(
        "{}: {} ({})",
        side(c.side),
        terms::conduct(c.kind).en,
        terms::conduct(c.kind).zh
    );
    let chase_kind = matches!(
        c.kind,
        ConductKind::PerpetualChase
            | ConductKind::CheckAndChase
            | ConductKind::MateThreatAndChase
            | ConductKind::ChasesAndIdle
    );
    if chase_kind && !c.targets.is_empty() {
        let _ = write!(t, " of {}", pieces(&c.targets));
        if !c.constant_targets.is_empty() {
            if c.constant_target_attackers.len() >= 2 {
                let _ = write!(
                    t,
                    "; {} take turns on {}",
                    pieces(&c.constant_target_attackers),
                    pieces(&c.constant_targets)
                );
            } else if c.targets.len() > 1 {
                let _ = write!(t, "; {} chased in every move", pieces(&c.constant_targets));
            }
        } else if c.kind == ConductKind::PerpetualChase {
            let _ = write!(t, "; the chases go to different pieces in turn");
        }
        let _ = write!(t, " [by {}]", pieces(&c.attackers));
    }
    let _ = write!(t, " — {}.", terms::forbidden(forbidden).en);
    t
}

fn open_note(n: &OpenNote) -> String {
    match n {
        OpenNote::KeyPointPlainCaseOnly { side: c, target } => format!(
            "(open) {} is applied only in its plain case (a defensive key point giving a known theoretical draw); {}'s threat on the {} therefore counts as a chase. Default `key_point_plain_case_only`.",
            Article::Cxa27_3,
            side(*c),
            piece(target, None)
        ),
        OpenNote::PinnedChariotRankedAboveChase { side: c, target } => format!(
            "(open) AXF r19: attacking a chariot pinned by a horse ({}) ranks above an ordinary chase, so {} is the offender although both sides chase. Default `axf_pinned_chariot_ranked_above_chase`.",
            piece(target, None),
            side(*c)
        ),
        OpenNote::CheckThatChasesIsChase { side: c, ply } => format!(
            "(open) AXF forbidden reading: {}'s check(s) at ply {} also renew the chase of the piece every other move chases and count as chases, so the conduct is a perpetual chase. Default `axf_check_that_chases_is_chase` (docs/rules.md §7).",
            side(*c),
            ply
        ),
        OpenNote::AttackIsTheBaseline { side: c, ply } => format!(
            "(open) {}'s move(s) at ply {} answered a check; attacks that stood before them are not new chases: the baseline is the attack itself, not whether it could be carried out. Default `attack_is_the_baseline` (docs/rules.md §7).",
            side(*c),
            ply
        ),
    }
}

fn natural(j: &Judgement, s: &mut String) {
    let nl = &j.natural_limit;
    if nl.limit == 0 {
        let _ = writeln!(s, "Natural move limit: not applied.");
        return;
    }
    let since = match nl.last_capture_ply {
        Some(p) => format!("since the capture at {}", at(j, p)),
        None => "since the start".to_string(),
    };
    let _ = writeln!(
        s,
        "Natural move limit: {} moves without a capture (the claimant's checks count for at most {} moves); {} plies without a capture at the end, {since} ({}, {}).",
        nl.limit,
        nl.check_cap,
        nl.plies_without_capture,
        Article::Cxa4_2_4,
        Article::Cxa23_3.local()
    );
    for c in Color::ALL {
        let cl = &nl.claims[c];
        let mut t = format!("  A claim by {}: ", side(c));
        if cl.holds {
            let _ = write!(
                t,
                "holds ({} counted moves against {}'s {}",
                cl.counted_moves,
                side(!c),
                cl.opponent_moves
            );
            if let Some(p) = cl.reached_at_ply {
                let _ = write!(t, "; first reached at {}", at(j, p));
            }
            t.push_str(").");
        } else {
            if let Some(p) = cl.reached_at_ply {
                let _ = write!(
                    t,
                    "the limit was reached at {}, but a capture followed; now ",
                    at(j, p)
                );
            }
            let _ = write!(
                t,
                "fails: {} of {} moves counted",
                cl.counted_moves, nl.limit
            );
            if cl.checks > nl.check_cap as usize {
                let _ = write!(
                    t,
                    " ({} made {} moves, {} of them checks, of which only {} count)",
                    side(c),
                    cl.moves,
                    cl.checks,
                    nl.check_cap
                );
            }
            if cl.opponent_moves < nl.limit as usize {
                let _ = write!(t, "; {} has made {} moves", side(!c), cl.opponent_moves);
            }
            t.push('.');
        }
        let _ = writeln!(s, "{t}");
    }
}

/// The English words of an explanation.
pub(crate) struct En;

impl Words for En {
    fn lang(&self) -> Lang {
        Lang::En
    }

    fn game(&self, g: &GameInfo) -> Option<String> {
        let mut parts = Vec::new();
        if let Some(src) = &g.source {
            parts.push(src.clone());
        }
        let mut what: Vec<String> = [&g.event, &g.date].into_iter().flatten().cloned().collect();
        match (&g.red, &g.black) {
            (None, None) => {}
            (r, b) => what.push(format!(
                "Red {} – Black {}",
                r.as_deref().unwrap_or("?"),
                b.as_deref().unwrap_or("?")
            )),
        }
        if !what.is_empty() {
            parts.push(what.join(", "));
        }
        parts.push(format!(
            "recorded result {}",
            g.result.as_deref().unwrap_or("none")
        ));
        Some(format!("Game: {}.", parts.join("; ")))
    }

    fn ruling(&self, j: &Judgement) -> String {
        ruling(j)
    }

    fn agreement(&self, a: &Agreement) -> Option<String> {
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
                crate::audit::finding_text(f).en
            ),
            Agreement::Noted(r, f) => format!(
                "Recorded result {r}; note: {}.",
                crate::audit::finding_text(f).en
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

    fn no_repetition(&self) -> &'static str {
        "No position repeats in the record."
    }

    fn position_heading(&self, j: &Judgement, i: usize, c: &CycleJudgement) -> String {
        let places: Vec<String> = c
            .occurrence_indices
            .iter()
            .map(|&p| {
                if p == 0 {
                    "the start".to_owned()
                } else {
                    format!("after {}", at(j, p))
                }
            })
            .collect();
        format!(
            "Cycle {}: the repeated position, {} times: {}.",
            i + 1,
            c.occurrence_indices.len(),
            places.join(", ")
        )
    }

    fn fen(&self, fen: &str) -> String {
        format!("  FEN {fen}")
    }

    fn sheet_heading(&self, j: &Judgement, c: &CycleJudgement) -> String {
        let (first, last) = (c.run.start + 1, c.run.start + c.run.span);
        format!(
            "  The cycle's moves, moves {}–{} (plies {first}–{last}):",
            super::move_number(j, first),
            super::move_number(j, last)
        )
    }

    fn sheet_move(&self, before: Option<&Position>, m: &CycleMove) -> String {
        format!(
            "{} {}",
            move_text(before, &m.labels.mv),
            label_name(m.primary())
        )
    }

    fn conduct(&self, c: &Conduct, forbidden: bool) -> String {
        conduct(c, forbidden)
    }

    fn verdict(&self, j: &Judgement, c: &CycleJudgement) -> String {
        let codes: Vec<&str> = c.verdict.articles.iter().map(|a| a.code()).collect();
        format!(
            "Verdict: {} — {} [{}]",
            verdict_headline(&c.verdict),
            reason(j, c),
            codes.join(", ")
        )
    }

    fn articles(&self, a: &[Article]) -> String {
        let mut s = "Articles:".to_owned();
        for a in a {
            match article_title(a.code(), Lang::En) {
                Some(t) => s.push_str(&format!("\n  {a} — {t}")),
                None => s.push_str(&format!("\n  {a}")),
            }
        }
        s
    }

    fn open_decided(&self, names: &[&str]) -> String {
        format!(
            "An open default decided this ruling: {} (docs/rules.md, \"Open choices\"; --detail says how).",
            names
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }

    fn other_cycles(&self) -> &'static str {
        "Other cycles (one line each; --all-cycles expands them):"
    }

    fn cycle_line(&self, j: &Judgement, i: usize, c: &CycleJudgement) -> String {
        let (first, last) = (c.run.start + 1, c.run.start + c.run.span);
        let force = match c.in_force_ply {
            Some(p) => format!("in force at {}", at(j, p)),
            None => format!("{} occurrences, not in force", c.occurrences),
        };
        format!(
            "Cycle {}, moves {}–{} (plies {first}–{last}): {force}; Red {}, Black {}: {}.",
            i + 1,
            super::move_number(j, first),
            super::move_number(j, last),
            terms::conduct(c.red.kind).en,
            terms::conduct(c.black.kind).en,
            if c.in_force {
                verdict_headline(&c.verdict)
            } else {
                format!("would be {}", verdict_headline(&c.verdict))
            }
        )
    }

    fn evidence_heading(&self) -> &'static str {
        "  Evidence, move by move:"
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
        if c.context.mutual_perpetual_attack {
            v.push(format!(
                "Both sides attack in every move (mutual perpetual attack, {}).",
                Article::Cxa28_14
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

    fn evidence(&self, j: &Judgement, m: &CycleMove) -> String {
        cycle_move(j, m)
    }

    fn notes_heading(&self) -> &'static str {
        "Open choices and notes (each once):"
    }

    fn open_note(&self, n: &OpenNote) -> String {
        open_note(n)
    }

    fn natural(&self, j: &Judgement, s: &mut String) {
        natural(j, s)
    }

    fn rules_pointer(&self, j: &Judgement) -> String {
        let section = j.settings.book().names().short;
        format!("The rules as qili applies them: docs/rules.md ({section}).")
    }
}
