//! English explanations.

use std::fmt::Write;

use qili_notation::{Color, Square};

use super::{article_title, line_text, move_text, Lang};
use crate::conduct::{Conduct, ConductKind, CycleMove, PieceRef};
use crate::judge::{CycleJudgement, Judgement, RulingSource};
use crate::label::{Chase, Label, Root};
use crate::verdict::{Article, OpenNote, Outcome, Reason, Status, Verdict};

/// Explains `j` in English.
pub fn explain(j: &Judgement) -> String {
    let mut s = String::new();
    ruling(j, &mut s);
    if let Some(stop) = &j.stopped {
        let _ = writeln!(
            s,
            "The record stops at ply {}: {} is not legal in {}.",
            stop.ply, stop.mv, stop.fen
        );
    }
    if j.cycles.is_empty() {
        let _ = writeln!(s, "\nNo position repeats in the record.");
    }
    for (i, c) in j.cycles.iter().enumerate() {
        s.push('\n');
        cycle(j, i, c, &mut s);
    }
    s.push('\n');
    natural(j, &mut s);
    s
}

fn side(c: Color) -> &'static str {
    c.english()
}

fn outcome(o: Outcome) -> &'static str {
    match o {
        Outcome::RedWins => "Red wins",
        Outcome::BlackWins => "Black wins",
        Outcome::Draw => "draw",
        Outcome::None => "none",
    }
}

fn ruling(j: &Judgement, s: &mut String) {
    let r = &j.ruling;
    match r.source {
        RulingSource::Cycle { index } => {
            let c = &j.cycles[index];
            let _ = writeln!(
                s,
                "Ruling ({}): {} — from cycle {} (in force at ply {}).",
                j.settings.rules.as_str().to_uppercase(),
                verdict_headline(&c.verdict),
                index + 1,
                c.decided_ply().unwrap_or(c.run.end)
            );
            let _ = writeln!(s, "{}", reason(c));
        }
        RulingSource::NaturalLimit { ply, claimant } => {
            let _ = writeln!(
                s,
                "Ruling: draw — the natural move limit of {} moves was reached at ply {ply} (a claim by {} holds there).",
                j.settings.natural_limit,
                side(claimant)
            );
        }
        RulingSource::None => {
            let _ = writeln!(
                s,
                "Ruling: none — no cycle reached {} occurrences of its position and the natural move limit was not reached.",
                crate::verdict::threshold(&j.settings)
            );
        }
    }
    if !r.articles.is_empty() {
        let _ = writeln!(s, "Articles: {}.", articles(&r.articles));
    }
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

fn reason(c: &CycleJudgement) -> String {
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
                    c.conduct(other).kind.english()
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
                    " The record shows the cycle played once more (the position's occurrence {} at ply {}): {} loses.",
                    c.occurrences,
                    c.repeated_ply.unwrap_or(c.run.end),
                    side(offender)
                );
            } else {
                let _ = write!(t, " If {} plays the cycle once more, {} loses.", side(offender), side(offender));
            }
            t
        }
    }
}

fn articles(a: &[Article]) -> String {
    a.iter()
        .map(|a| match article_title(a.code(), Lang::En) {
            Some(t) => format!("{a} ({t})"),
            None => a.to_string(),
        })
        .collect::<Vec<_>>()
        .join("; ")
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
    match l {
        Label::Check => "check",
        Label::MateThreat => "mate threat",
        Label::Chase => "chase",
        Label::Exchange => "exchange offer",
        Label::Offer => "offer",
        Label::Block => "block",
        Label::Follow => "follow",
        Label::Idle => "idle",
    }
}

fn root(r: Root) -> &'static str {
    match r {
        Root::Unprotected => "unprotected",
        Root::FalseRoot => "false root: its protector cannot legally recapture",
        Root::InsufficientRoot => "insufficient root: more attackers than protectors",
        Root::GainsDespiteRoot => "protected, but the exchange still gains",
        Root::Protected => "protected",
    }
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
    let mut t = format!("{attackers} → {target} ({})", root(c.root));
    if !c.protectors.is_empty() {
        let ps: Vec<String> = c
            .protectors
            .iter()
            .map(|p| format!("{} {}: {}", p.role.english(), p.square, p.status.describe()))
            .collect();
        let _ = write!(t, ", protectors: {}", ps.join("; "));
    }
    if !c.line.is_empty() {
        let _ = write!(t, ", winning line {}", line_text(&c.line));
    }
    for n in &c.notes {
        let _ = write!(t, " [note: {n}]");
    }
    t
}

fn cycle_move(j: &Judgement, m: &CycleMove, s: &mut String) {
    let before = j.positions.get(m.ply - 1);
    let l = &m.labels;
    let mut t = format!(
        "    ply {:>3}  {}: {}",
        m.ply,
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
            super::dismissed_text(d.reason).0,
            d.article
        );
    }
    let _ = writeln!(s, "{t}");
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
        c.kind.english(),
        c.kind.chinese()
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
    let _ = write!(t, " — {}.", if forbidden { "forbidden" } else { "allowed" });
    t
}

fn open_note(n: &OpenNote) -> String {
    match n {
        OpenNote::KeyPointPlainCaseOnly { side: c, target } => format!(
            "(open) CXA 27.3 is applied only in its plain case (a defensive key point giving a known theoretical draw); {}'s threat on the {} therefore counts as a chase. Default `key_point_plain_case_only`.",
            side(*c),
            piece(target, None)
        ),
        OpenNote::PinnedChariotRankedAboveChase { side: c, target } => format!(
            "(open) AXF r19: attacking a chariot pinned by a horse ({}) ranks above an ordinary chase, so {} is the offender although both sides chase. Default `axf_pinned_chariot_ranked_above_chase`.",
            piece(target, None),
            side(*c)
        ),
        OpenNote::CheckThatChasesIsChase { side: c, ply } => format!(
            "(open) AXF forbidden reading: {}'s check(s) at ply {} also renew the chase of the piece every other move chases and count as chases, so the conduct is a perpetual chase. Default `axf_check_that_chases_is_chase` (RULES.md §5).",
            side(*c),
            ply
        ),
        OpenNote::AttackIsTheBaseline { side: c, ply } => format!(
            "(open) {}'s move(s) at ply {} answered a check; attacks that stood before them are not new chases: the baseline is the attack itself, not whether it could be carried out. Default `attack_is_the_baseline` (RULES.md §3).",
            side(*c),
            ply
        ),
    }
}

fn cycle(j: &Judgement, i: usize, c: &CycleJudgement, s: &mut String) {
    let run = c.run;
    let threshold = crate::verdict::threshold(&j.settings);
    let first = c.repeated_index();
    let fen = j.positions.get(first).map(|p| p.fen()).unwrap_or_default();
    let at = if first == 0 {
        "the start position".to_string()
    } else {
        format!("after ply {first}")
    };
    let _ = writeln!(s, "Cycle {}: repeated position ({at}): {fen}", i + 1);
    let plies: Vec<String> = c
        .occurrence_indices
        .iter()
        .map(|&i| {
            if i == 0 {
                "the start".to_string()
            } else {
                format!("ply {i}")
            }
        })
        .collect();
    if run.joined() {
        let _ = writeln!(
            s,
            "  Cycle plies {}–{}: different loops of {} plies, joined where they meet; the position stands at {} ({} times).",
            run.start + 1,
            run.start + run.span,
            run.period,
            plies.join(", "),
            c.occurrence_indices.len()
        );
    } else {
        let _ = writeln!(
            s,
            "  Cycle plies {}–{} (period {} plies); the position stands at {} ({} times); the cycle runs through ply {}.",
            run.start + 1,
            run.start + run.span,
            run.period,
            plies.join(", "),
            c.occurrence_indices.len(),
            run.end
        );
    }
    match c.in_force_ply {
        Some(p) => {
            let _ = writeln!(
                s,
                "  In force: occurrence {threshold} at ply {p} (threshold {threshold})."
            );
        }
        None => {
            let _ = writeln!(
                s,
                "  Not in force: {} occurrences, the threshold is {threshold}; what would be ruled is shown.",
                c.occurrences
            );
        }
    }
    if c.intertwined {
        let _ = writeln!(
            s,
            "  Loops intertwine: the region holds {} positions; Red plays {} and Black {} distinct moves inside it.",
            c.region_positions, c.region_moves.red, c.region_moves.black
        );
    }
    if c.context.mutual_perpetual_attack {
        let _ = writeln!(
            s,
            "  Both sides attack in every move (mutual perpetual attack, CXA 28.14)."
        );
    }
    if c.soldier_chases {
        let _ = writeln!(
            s,
            "  A soldier's threat therefore counts as a chase (CXA 27.2, 细则11)."
        );
    }
    for color in Color::ALL {
        let _ = writeln!(s, "  {}'s cycle moves:", side(color));
        for m in c.moves.iter().filter(|m| m.labels.side == color) {
            cycle_move(j, m, s);
        }
    }
    for color in Color::ALL {
        let _ = writeln!(
            s,
            "  {}",
            conduct(c.conduct(color), c.verdict.forbidden[color])
        );
    }
    let _ = writeln!(
        s,
        "  Verdict: {} — {}",
        verdict_headline(&c.verdict),
        reason(c)
    );
    let _ = writeln!(s, "  Articles: {}.", articles(&c.verdict.articles));
    for n in &c.verdict.open {
        let _ = writeln!(s, "  {}", open_note(n));
    }
    if let Some(by) = c.left_by {
        let _ = writeln!(s, "  {} left the cycle with ply {}.", side(by), run.end + 1);
    }
}

fn natural(j: &Judgement, s: &mut String) {
    let nl = &j.natural_limit;
    if nl.limit == 0 {
        let _ = writeln!(s, "Natural move limit: not applied.");
        return;
    }
    let since = match nl.last_capture_ply {
        Some(p) => format!("since the capture at ply {p}"),
        None => "since the start".to_string(),
    };
    let _ = writeln!(
        s,
        "Natural move limit: {} moves without a capture (the claimant's checks count for at most {} moves); {} plies without a capture at the end, {since} (CXA 4.2.4, 23.3).",
        nl.limit, nl.check_cap, nl.plies_without_capture
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
                let _ = write!(t, "; first reached at ply {p}");
            }
            t.push_str(").");
        } else {
            if let Some(p) = cl.reached_at_ply {
                let _ = write!(
                    t,
                    "the limit was reached at ply {p}, but a capture followed; now "
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
