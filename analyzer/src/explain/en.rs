//! English explanations: the English words of each message of an explanation (`Message`).

use qili_notation::{Color, Square};

use super::message::{Headline, Message};
use super::{move_text, Lang};
use crate::agreement::Agreement;
use crate::conduct::PieceRef;
use crate::terms;
use crate::verdict::{Article, OpenNote};

/// Explains `j` in English (the default size, without naming the game).
pub fn explain(j: &crate::judge::Judgement) -> String {
    super::explain(j, Lang::En)
}

/// Explains `j` in English in the detailed size.
pub fn explain_detail(j: &crate::judge::Judgement) -> String {
    super::explain_with(j, None, &super::Options::detail(Lang::En))
}

fn side(c: Color) -> &'static str {
    terms::side(c).en
}

fn headline(h: Headline) -> String {
    let result = terms::outcome(h.result).en;
    match h.must_change {
        Some(offender) => format!(
            "{} must change; if it repeats the cycle, {result}",
            side(offender)
        ),
        None => result.to_string(),
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

/// The English words of one message.
pub(crate) fn message(m: &Message) -> String {
    let en = Lang::En;
    match *m {
        Message::Headline(h) => headline(h),
        Message::RulingByCycle {
            settings,
            headline: h,
            cycle,
            at,
        } => format!(
            "Ruling ({}): {} — cycle {}, in force at {}.\n",
            settings.rules.names().short,
            headline(h),
            cycle + 1,
            at.get(en)
        ),
        Message::RulingByNaturalLimit {
            settings,
            at,
            claimant,
        } => format!(
            "Ruling ({}): draw — the natural move limit of {} moves was reached at {} (a claim by {} holds there).",
            settings.rules.names().short,
            settings.natural_limit,
            at.get(en),
            side(claimant)
        ),
        Message::NoRuling {
            settings,
            threshold,
        } => format!(
            "Ruling ({}): none — no position of a cycle occurred {threshold} times and the natural move limit was not reached.",
            settings.rules.names().short
        ),
        Message::CheckerMustChange { checker, threshold } => format!(
            "{c} checks perpetually and {} does not: a perpetual check is a violation in all circumstances, so {c} must change (变着), from the position's occurrence {threshold} on. If {c} plays the cycle once more (the position's occurrence {}), {c} loses.",
            side(!checker),
            threshold + 1,
            c = side(checker),
        ),
        Message::CheckerMustChangeClause { checker } => format!(
            "{c} checks perpetually and {} does not: {c} must change (变着)",
            side(!checker),
            c = side(checker)
        ),
        Message::CheckerLosesAtOnce { checker } => format!(
            "{} checks perpetually and {} does not: the perpetual checker loses at once.",
            side(checker),
            side(!checker)
        ),
        Message::CheckNotExcused { side: s, conduct } => format!(
            " {}'s own conduct ({}) is forbidden too, but a one-sided perpetual check is never excused.",
            side(s),
            terms::conduct(conduct).en
        ),
        Message::MutualPerpetualCheck => "Both sides check perpetually: draw.".to_string(),
        Message::BothAllowed => "Both sides' conduct is allowed: draw if neither changes.".to_string(),
        Message::BothForbidden => "Both sides' conduct is forbidden (and neither is a one-sided perpetual check): draw if neither changes.".to_string(),
        Message::RankedMustChange {
            offender,
            rank,
            above,
        } => format!(
            "Both sides chase perpetually, both forbidden, but {o} {} and {} {}: by the ranking of forbidden chases, {o} must change (变着)",
            rank.en(),
            side(!offender),
            above.en(),
            o = side(offender)
        ),
        Message::ForbiddenMustChange { offender } => format!(
            "{o}'s conduct is forbidden, {}'s is allowed: {o} must change (变着)",
            side(!offender),
            o = side(offender)
        ),
        Message::FromOccurrence { threshold } => {
            format!(", from the position's occurrence {threshold} on")
        }
        Message::Stop => ".".to_string(),
        Message::PlayedOnceMore {
            side: s,
            occurrences,
            at,
        } => format!(
            " The record shows the cycle played once more (the position's occurrence {occurrences} at {}): {} loses.",
            at.get(en),
            side(s)
        ),
        Message::LosesIfRepeated {
            side: s,
            occurrence,
        } => format!(
            " If {s} plays the cycle once more (the position's occurrence {occurrence}), {s} loses.",
            s = side(s)
        ),
        Message::Agreement { agreement, start } => match agreement {
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
                crate::agreement::finding_text(f, start).en
            ),
            Agreement::Noted(r, f) => format!(
                "Recorded result {r}; note: {}.",
                crate::agreement::finding_text(f, start).en
            ),
        },
        Message::Stopped { stop, at } => format!(
            "The record stops at {}: {} is not legal in {}.",
            at.get(en),
            stop.illegal.mv(),
            stop.illegal.position().fen()
        ),
        Message::SheetMove { before, mv, label } => {
            format!("{} {}", move_text(before, mv), terms::label(label).en)
        }
        Message::Joined { period } => {
            format!("Different loops of {period} plies, joined where they meet.")
        }
        Message::Period { period, end } => format!(
            "Period {period} plies; the cycle runs through {}.",
            end.get(en)
        ),
        Message::InForce { threshold, at } => format!(
            "In force: occurrence {threshold} at {} (threshold {threshold}).",
            at.get(en)
        ),
        Message::NotInForce {
            occurrences,
            threshold,
        } => format!(
            "Not in force: {occurrences} occurrences, the threshold is {threshold}; what would be ruled is shown."
        ),
        Message::Intertwined {
            positions,
            red,
            black,
        } => format!(
            "Loops intertwine: the region holds {positions} positions; Red plays {red} and Black {black} distinct moves inside it."
        ),
        Message::MutualAttack { article } => {
            format!("Both sides attack in every move (mutual perpetual attack, {article}).")
        }
        Message::SoldierChases => format!(
            "A soldier's threat therefore counts as a chase ({}).",
            Article::Cxa27_2Xize11
        ),
        Message::LeftCycle { side: s, at } => {
            format!("{} left the cycle with {}.", side(s), at.get(en))
        }
        Message::Players { red, black } => format!("Red {red} – Black {black}"),
        Message::RecordedResult { result } => {
            format!("recorded result {}", result.unwrap_or("none"))
        }
        Message::AfterPly(at) => format!("after {}", at.get(en)),
        Message::Start => "the start".to_owned(),
        Message::GameHeading => "Game".to_owned(),
        Message::VerdictHeading => "Verdict".to_owned(),
        Message::ArticlesHeading => "Articles:".to_owned(),
        Message::NoRepetition => "No position repeats in the record.".to_owned(),
        Message::OtherCycles => "Other cycles (one line each; --all-cycles expands them):".to_owned(),
        Message::OpenChoices => "Open choices and notes (each once):".to_owned(),
        Message::EvidenceHeading => "  Evidence, move by move:".to_owned(),
        Message::CycleHeading {
            cycle,
            times,
            places,
        } => format!(
            "Cycle {}: the repeated position, {times} times: {places}.",
            cycle + 1
        ),
        Message::CycleMoves { span } => format!("  The cycle's moves, {span}:"),
        Message::CycleLine {
            cycle,
            span,
            force,
            red,
            black,
            verdict,
        } => format!(
            "Cycle {}, {span}: {force}; Red {}, Black {}: {verdict}.",
            cycle + 1,
            terms::conduct(red).en,
            terms::conduct(black).en
        ),
        Message::InForceAt(at) => format!("in force at {}", at.get(en)),
        Message::NotInForceAfter { occurrences } => {
            format!("{occurrences} occurrences, not in force")
        }
        Message::WouldBe(h) => format!("would be {}", headline(h)),
        Message::OpenDecided { list } => format!("An open default decided this ruling: {list} (docs/rules.md, \"Open choices\"; --detail says how)."),
        Message::RulesPointer { section } => {
            format!("The rules as qili applies them: docs/rules.md ({section}).")
        }
        Message::SinceCapture(at) => format!("since the capture at {}", at.get(en)),
        Message::SinceStart => "since the start".to_owned(),
        Message::NaturalLimit {
            limit,
            cap,
            quiet,
            since,
        } => format!(
            "Natural move limit: {limit} moves without a capture (the claimant's checks count for at most {cap} moves); {quiet} plies without a capture at the end, {since} ({}, {}).",
            Article::Cxa4_2_4,
            Article::Cxa23_3.local()
        ),
        Message::ClaimBy(c) => format!("  A claim by {}: ", side(c)),
        Message::ClaimHolds {
            counted,
            other,
            opponent,
        } => format!(
            "holds ({counted} counted moves against {}'s {opponent}",
            side(other)
        ),
        Message::ClaimFirstReached(at) => format!("; first reached at {}", at.get(en)),
        Message::ClaimHoldsEnd => ")".to_owned(),
        Message::ClaimReachedThenCaptured(at) => format!(
            "the limit was reached at {}, but a capture followed; now ",
            at.get(en)
        ),
        Message::ClaimFails { counted, limit } => {
            format!("fails: {counted} of {limit} moves counted")
        }
        Message::ClaimChecksCapped {
            side: s,
            moves,
            checks,
            cap,
        } => format!(
            " ({} made {moves} moves, {checks} of them checks, of which only {cap} count)",
            side(s)
        ),
        Message::ClaimOpponentMoves { other, opponent } => {
            format!("; {} has made {opponent} moves", side(other))
        }
        Message::PieceName { role, at, .. } => format!("{} {at}", role.english()),
        Message::PieceMoved { name, home } => {
            format!("{name} ({home} in the repeated position)")
        }
        Message::ConductHead { side: s, kind } => {
            let k = terms::conduct(kind);
            format!("{}: {} ({})", side(s), k.en, k.zh)
        }
        Message::ChasedTargets { targets } => format!(" of {targets}"),
        Message::TakeTurns { by, constant } => format!("; {by} take turns on {constant}"),
        Message::ChasedEveryMove { constant } => format!("; {constant} chased in every move"),
        Message::ChasedBy { by } => format!(" [by {by}]"),
        Message::Chase {
            attackers,
            target,
            root,
        } => format!("{attackers} → {target} ({})", terms::root_reason(root).en),
        Message::Protector { name, status } => format!("{name}: {status}"),
        Message::Protectors { list } => format!(", protectors: {list}"),
        Message::WinningLine { line } => format!(", winning line {line}"),
        Message::AlsoLabels { rest } => format!(" (also {rest})"),
        Message::NotAChase {
            name,
            reason,
            article,
        } => format!("not a chase: {name} ({}, {article})", terms::dismiss(reason).en),
        Message::ParriedLine { line } => format!(", parried mating line {line}"),
        Message::ShortCheckMustChange(c) => format!(
            "{c} checks perpetually: {c} must change, and loses on one more cycle",
            c = c.english()
        ),
        Message::ShortCheckRepeated(c) => format!(
            "{c} repeated the perpetual check: {c} loses",
            c = c.english()
        ),
        Message::ShortCheckLoses(c) => {
            format!("{c} checks perpetually: {c} loses", c = c.english())
        }
        Message::ShortMutualCheck => "both sides check perpetually: draw".to_owned(),
        Message::ShortBothAllowed => "both sides' moves are allowed: draw".to_owned(),
        Message::ShortBothForbidden => "both sides' moves are forbidden: draw".to_owned(),
        Message::ShortRankedMustChange(c) => format!(
            "both sides chase perpetually, {c}'s chase is the heavier: {c} must change, and loses on one more cycle",
            c = c.english()
        ),
        Message::ShortRankedRepeated(c) => format!(
            "{c} repeated the heavier chase: {c} loses",
            c = c.english()
        ),
        Message::ShortForbiddenMustChange(c) => format!(
            "{c}'s moves are forbidden: {c} must change, and loses on one more cycle",
            c = c.english()
        ),
        Message::ShortForbiddenRepeated(c) => format!(
            "{c} repeated the forbidden cycle: {c} loses",
            c = c.english()
        ),
        Message::Open { note, start } => {
            let at = |ply: usize| terms::ply_place(start, ply, en);
            match note {
                OpenNote::KeyPointPlainCaseOnly { side: c, target } => format!(
                    "(open) {} is applied only in its plain case (a move that parries the opponent's mate threat and leaves it nothing to win, chasing only advisors or elephants, by a side not ahead in material: a plain draw as docs/rules.md §7 reads it); {}'s threat on the {} therefore counts as a chase. Default `key_point_plain_case_only`.",
                    Article::Cxa27_3,
                    side(*c),
                    piece(target, None)
                ),
                OpenNote::KeyPointPlainDraw { side: c, ply } => format!(
                    "(open) {}'s move(s) at {} occupy a defensive key point: each parries the opponent's mate threat, and its threat on an advisor or elephant is incidental, idle ({}). \"A plain draw\" is read as the mate threat parried, the opponent left nothing to win, the side not ahead in material; counted as a chase, {}'s conduct would be forbidden. Default `key_point_plain_case_only` (docs/rules.md §7).",
                    side(*c),
                    at(*ply),
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
                    at(*ply)
                ),
                OpenNote::AttackIsTheBaseline { side: c, ply } => format!(
                    "(open) {}'s move(s) at {} left standing attacks that could not be carried out before them (the mover was in check, or the capturer was held); they are not new chases: the baseline is the attack itself, not whether it could be carried out. Default `attack_is_the_baseline` (docs/rules.md §7).",
                    side(*c),
                    at(*ply)
                ),
            }
        }
    }
}
