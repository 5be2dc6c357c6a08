//! 中文说明。

use std::fmt::Write;

use qili_notation::{Color, Square};

use super::{article_title, line_text, move_text, Lang};
use crate::conduct::{Conduct, ConductKind, CycleMove, PieceRef};
use crate::judge::{CycleJudgement, Judgement, RulingSource};
use crate::label::{Chase, Label, Root};
use crate::verdict::{Article, OpenNote, Outcome, Reason, Status, Verdict};

/// Explains `j` in Chinese.
pub fn explain(j: &Judgement) -> String {
    let mut s = String::new();
    ruling(j, &mut s);
    if let Some(stop) = &j.stopped {
        let _ = writeln!(
            s,
            "棋谱在第{}步中止：{} 在局面 {} 中不合法。",
            stop.ply, stop.mv, stop.fen
        );
    }
    if j.cycles.is_empty() {
        let _ = writeln!(s, "\n棋谱中没有重复局面。");
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
    c.fold("红方", "黑方")
}

fn outcome(o: Outcome) -> &'static str {
    match o {
        Outcome::RedWins => "红胜",
        Outcome::BlackWins => "黑胜",
        Outcome::Draw => "和棋",
        Outcome::None => "无裁决",
    }
}

fn ruling(j: &Judgement, s: &mut String) {
    let r = &j.ruling;
    let rules = match j.settings.rules {
        crate::rules::RuleSet::Cxa => "中国象棋协会规则",
        crate::rules::RuleSet::Axf => "亚洲象棋联合会规则",
    };
    match r.source {
        RulingSource::Cycle { index } => {
            let c = &j.cycles[index];
            let _ = writeln!(
                s,
                "裁决（{rules}）：{}——依据循环{}（第{}步起生效）。",
                verdict_headline(&c.verdict),
                index + 1,
                c.decided_ply().unwrap_or(c.run.end)
            );
            let _ = writeln!(s, "{}", reason(c));
        }
        RulingSource::NaturalLimit { ply, claimant } => {
            let _ = writeln!(
                s,
                "裁决：和棋——第{ply}步达到自然限着{}回合（{}提出即属实）。",
                j.settings.natural_limit,
                side(claimant)
            );
        }
        RulingSource::None => {
            let _ = writeln!(
                s,
                "裁决：无——没有循环的重复局面出现{}次，也未达到自然限着。",
                crate::verdict::threshold(&j.settings)
            );
        }
    }
    if !r.articles.is_empty() {
        let _ = writeln!(s, "依据：{}。", articles(&r.articles));
    }
}

fn verdict_headline(v: &Verdict) -> String {
    match (v.status, v.reason) {
        (Status::MustChange, Reason::ForbiddenVsAllowed { offender, .. }) => {
            format!(
                "{}必须变着；若再重复循环，{}",
                side(offender),
                outcome(v.result)
            )
        }
        _ => outcome(v.result).to_string(),
    }
}

fn reason(c: &CycleJudgement) -> String {
    let v = &c.verdict;
    match v.reason {
        Reason::OneSidedPerpetualCheck { checker } => {
            let other = !checker;
            let mut t = format!(
                "{}长将，{}不是长将：单方面长将，立即判负。",
                side(checker),
                side(other)
            );
            if v.forbidden[other] {
                let _ = write!(
                    t,
                    "{}的着法（{}）虽也属禁止着法，但不能免除单方面长将之责。",
                    side(other),
                    c.conduct(other).kind.chinese()
                );
            }
            t
        }
        Reason::MutualPerpetualCheck => "双方长将：不变作和。".to_string(),
        Reason::BothAllowed => "双方均为允许着法：不变作和。".to_string(),
        Reason::BothForbidden => "双方均为禁止着法（不包括单方面长将）：不变作和。".to_string(),
        Reason::ForbiddenVsAllowed { offender, repeated } => {
            let mut t = format!(
                "{}为禁止着法，{}为允许着法：{}必须变着。",
                side(offender),
                side(!offender),
                side(offender)
            );
            if repeated {
                let _ = write!(
                    t,
                    "棋谱显示循环又重复了一次（第{}步，局面第{}次出现）：{}判负。",
                    c.repeated_ply.unwrap_or(c.run.end),
                    c.occurrences,
                    side(offender)
                );
            } else {
                let _ = write!(t, "若{}再重复一次循环，即判负。", side(offender));
            }
            t
        }
    }
}

fn articles(a: &[Article]) -> String {
    a.iter()
        .map(|a| match article_title(a.code(), Lang::Zh) {
            Some(t) => format!("{a}（{t}）"),
            None => a.to_string(),
        })
        .collect::<Vec<_>>()
        .join("；")
}

fn role(p: &PieceRef) -> &'static str {
    p.role.chinese(p.color)
}

fn piece(p: &PieceRef, at: Option<Square>) -> String {
    match at {
        Some(sq) if sq != p.home => format!("{}{}（重复局面中在{}）", role(p), sq, p.home),
        _ => format!("{}{}", role(p), p.home),
    }
}

fn label_name(l: Label) -> &'static str {
    match l {
        Label::Check => "将",
        Label::MateThreat => "杀",
        Label::Chase => "捉",
        Label::Exchange => "兑",
        Label::Offer => "献",
        Label::Block => "拦",
        Label::Follow => "跟",
        Label::Idle => "闲",
    }
}

fn root(r: Root) -> &'static str {
    match r {
        Root::Unprotected => "无根",
        Root::FalseRoot => "假根：保护子不能合法反吃",
        Root::InsufficientRoot => "少根：攻击子多于保护子",
        Root::GainsDespiteRoot => "有根，但交换后仍得子",
        Root::Protected => "有根",
    }
}

fn chase(c: &Chase, r: Option<&crate::conduct::ChaseRef>, j: &Judgement, ply: usize) -> String {
    let after = j.positions.get(ply);
    let attackers = c
        .attackers
        .iter()
        .map(|&a| match after.and_then(|p| p.piece_at(a)) {
            Some(p) => format!("{}{a}", p.role.chinese(p.color)),
            None => a.to_string(),
        })
        .collect::<Vec<_>>()
        .join("、");
    let target = match r {
        Some(r) => piece(&r.target, Some(c.target)),
        None => {
            let color = j.positions.get(ply).map_or(Color::Black, |p| p.turn());
            format!("{}{}", c.target_role.chinese(color), c.target)
        }
    };
    let mut t = format!("{attackers}捉{target}（{}）", root(c.root));
    if !c.protectors.is_empty() {
        let color = j.positions.get(ply).map_or(Color::Black, |p| p.turn());
        let ps: Vec<String> = c
            .protectors
            .iter()
            .map(|p| {
                format!(
                    "{}{}（{}）",
                    p.role.chinese(color),
                    p.square,
                    super::protector_zh(&p.status)
                )
            })
            .collect();
        let _ = write!(t, "，保护子：{}", ps.join("、"));
    }
    if !c.line.is_empty() {
        let _ = write!(t, "，得子着法 {}", line_text(&c.line));
    }
    t
}

fn cycle_move(j: &Judgement, m: &CycleMove, s: &mut String) {
    let before = j.positions.get(m.ply - 1);
    let l = &m.labels;
    let mut t = format!(
        "    第{:>3}步  {}：{}",
        m.ply,
        move_text(before, &l.mv),
        label_name(m.primary())
    );
    let rest: Vec<&str> = l.labels.iter().skip(1).map(|&x| label_name(x)).collect();
    if !rest.is_empty() {
        let _ = write!(t, "（兼{}）", rest.join("、"));
    }
    if let Some(line) = &l.mate_line {
        let _ = write!(t, "——杀着 {}", line_text(line));
    }
    if !l.chases.is_empty() {
        let cs: Vec<String> = l
            .chases
            .iter()
            .enumerate()
            .map(|(i, c)| chase(c, m.chases.get(i), j, m.ply))
            .collect();
        let _ = write!(t, "——{}", cs.join("；"));
    }
    for d in &l.dismissed {
        let color = j.positions.get(m.ply).map_or(Color::Black, |p| p.turn());
        let _ = write!(
            t,
            "——不算捉：{}{}（{}，{}）",
            d.chase.target_role.chinese(color),
            d.chase.target,
            super::dismissed_text(d.reason).1,
            d.article
        );
    }
    let _ = writeln!(s, "{t}");
}

fn pieces(ps: &[PieceRef]) -> String {
    ps.iter()
        .map(|p| piece(p, None))
        .collect::<Vec<_>>()
        .join("、")
}

fn conduct(c: &Conduct, forbidden: bool) -> String {
    let mut t = format!("{}：{}", side(c.side), c.kind.chinese());
    let chase_kind = matches!(
        c.kind,
        ConductKind::PerpetualChase
            | ConductKind::CheckAndChase
            | ConductKind::MateThreatAndChase
            | ConductKind::ChasesAndIdle
    );
    if chase_kind && !c.targets.is_empty() {
        let _ = write!(t, "，所捉之子：{}", pieces(&c.targets));
        if !c.constant_targets.is_empty() {
            if c.constant_target_attackers.len() >= 2 {
                let _ = write!(
                    t,
                    "；{}轮流捉{}",
                    pieces(&c.constant_target_attackers),
                    pieces(&c.constant_targets)
                );
            } else if c.targets.len() > 1 {
                let _ = write!(t, "；每着都捉{}", pieces(&c.constant_targets));
            }
        } else if c.kind == ConductKind::PerpetualChase {
            t.push_str("；轮流捉不同的子");
        }
        let _ = write!(t, "（捉子者：{}）", pieces(&c.attackers));
    }
    let _ = write!(
        t,
        "——{}。",
        if forbidden {
            "禁止着法"
        } else {
            "允许着法"
        }
    );
    t
}

fn open_note(n: &OpenNote) -> String {
    match n {
        OpenNote::KeyPointPlainCaseOnly { side: c, target } => format!(
            "（待定规则的默认处理）CXA 27.3 只在简明情形（占据防守要点、已知理论和棋）下适用；因此{}对{}的攻击按捉处理。默认选项 `key_point_plain_case_only`。",
            side(*c),
            piece(target, None)
        ),
        OpenNote::PinnedChariotRankedAboveChase { side: c, target } => format!(
            "（待定规则的默认处理）AXF r19：攻击被马牵制的车（{}）重于一般的捉，因此双方虽都在捉，{}为犯禁方。默认选项 `axf_pinned_chariot_ranked_above_chase`。",
            piece(target, None),
            side(*c)
        ),
        OpenNote::CheckThatChasesIsChase { side: c, ply } => format!(
            "（待定规则的默认处理）AXF 犯禁解读：{}第{}步的将军同时再捉其余各着都在捉的子，按捉计，故为长捉。默认选项 `axf_check_that_chases_is_chase`（RULES.md §5）。",
            side(*c),
            ply
        ),
        OpenNote::AttackIsTheBaseline { side: c, ply } => format!(
            "（待定规则的默认处理）{}第{}步应将（或解杀）后，原已存在的攻击不算新捉：判断是否为新捉以攻击本身为准，而非当时能否吃子。默认选项 `attack_is_the_baseline`（RULES.md §3）。",
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
        "开始局面".to_string()
    } else {
        format!("第{first}步后")
    };
    let _ = writeln!(s, "循环{}：重复局面（{at}）：{fen}", i + 1);
    let plies: Vec<String> = c
        .occurrence_indices
        .iter()
        .map(|&i| {
            if i == 0 {
                "开始".to_string()
            } else {
                format!("第{i}步后")
            }
        })
        .collect();
    if run.joined() {
        let _ = writeln!(
            s,
            "  循环着法：第{}–{}步，由不同的{}步循环在交汇处连成；该局面出现于{}（共{}次）。",
            run.start + 1,
            run.start + run.span,
            run.period,
            plies.join("、"),
            c.occurrence_indices.len()
        );
    } else {
        let _ = writeln!(
            s,
            "  循环着法：第{}–{}步（每循环{}步）；该局面出现于{}（共{}次），循环延续至第{}步。",
            run.start + 1,
            run.start + run.span,
            run.period,
            plies.join("、"),
            c.occurrence_indices.len(),
            run.end
        );
    }
    match c.in_force_ply {
        Some(p) => {
            let _ = writeln!(
                s,
                "  已生效：第{p}步该局面第{threshold}次出现（生效次数{threshold}）。"
            );
        }
        None => {
            let _ = writeln!(
                s,
                "  未生效：局面出现{}次，生效次数为{threshold}；以下为届时的裁决。",
                c.occurrences
            );
        }
    }
    if c.intertwined {
        let _ = writeln!(
            s,
            "  多个循环交织：该区域共有{}个局面；区域内红方有{}种着法，黑方有{}种着法。",
            c.region_positions, c.region_moves.red, c.region_moves.black
        );
    }
    if c.context.mutual_perpetual_attack {
        let _ = writeln!(
            s,
            "  双方步步是打（长打对长打）：兵（卒）叫吃按捉处理（CXA 27.2，细则11）。"
        );
    }
    for color in Color::ALL {
        let _ = writeln!(s, "  {}循环着法：", side(color));
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
    let _ = writeln!(s, "  裁决：{}——{}", verdict_headline(&c.verdict), reason(c));
    let _ = writeln!(s, "  依据：{}。", articles(&c.verdict.articles));
    for n in &c.verdict.open {
        let _ = writeln!(s, "  {}", open_note(n));
    }
    if let Some(by) = c.left_by {
        let _ = writeln!(s, "  第{}步{}走出了循环。", run.end + 1, side(by));
    }
}

fn natural(j: &Judgement, s: &mut String) {
    let nl = &j.natural_limit;
    if nl.limit == 0 {
        let _ = writeln!(s, "自然限着：不适用。");
        return;
    }
    let since = match nl.last_capture_ply {
        Some(p) => format!("自第{p}步吃子以来"),
        None => "自开始以来".to_string(),
    };
    let _ = writeln!(
        s,
        "自然限着：{}回合未吃子为和（提出方的将军最多计{}着）；棋谱结束时{since}已有{}步未吃子（CXA 4.2.4、23.3）。",
        nl.limit, nl.check_cap, nl.plies_without_capture
    );
    for c in Color::ALL {
        let cl = &nl.claims[c];
        let mut t = format!("  {}提出：", side(c));
        if cl.holds {
            let _ = write!(
                t,
                "属实（计{}着，{}{}着",
                cl.counted_moves,
                side(!c),
                cl.opponent_moves
            );
            if let Some(p) = cl.reached_at_ply {
                let _ = write!(t, "；第{p}步首次达到");
            }
            t.push_str("）。");
        } else {
            if let Some(p) = cl.reached_at_ply {
                let _ = write!(t, "第{p}步曾达到限着，但其后有吃子；现在");
            }
            let _ = write!(t, "不属实：只计{}着，需{}着", cl.counted_moves, nl.limit);
            if cl.checks > nl.check_cap as usize {
                let _ = write!(
                    t,
                    "（{}走了{}着，其中将军{}着，只计{}着）",
                    side(c),
                    cl.moves,
                    cl.checks,
                    nl.check_cap
                );
            }
            if cl.opponent_moves < nl.limit as usize {
                let _ = write!(t, "；{}只走了{}着", side(!c), cl.opponent_moves);
            }
            t.push('。');
        }
        let _ = writeln!(s, "{t}");
    }
}
