//! 中文说明。

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

/// Explains `j` in Chinese (the default size, without naming the game).
pub fn explain(j: &Judgement) -> String {
    super::explain(j, Lang::Zh)
}

/// Explains `j` in Chinese in the detailed size.
pub fn explain_detail(j: &Judgement) -> String {
    super::explain_with(j, None, &super::Options::detail(Lang::Zh))
}

fn side(c: Color) -> &'static str {
    terms::side(c).zh
}

fn outcome(o: Outcome) -> &'static str {
    terms::outcome(o).zh
}

/// `第25回合（第49步）`.
fn at(j: &Judgement, ply: usize) -> String {
    format!("第{}回合（第{ply}步）", super::move_number(j, ply))
}

fn rules_name(j: &Judgement) -> &'static str {
    j.settings.book().names().zh
}

fn ruling(j: &Judgement) -> String {
    let mut s = String::new();
    let rules = rules_name(j);
    match j.ruling.source {
        RulingSource::Cycle { index } => {
            let c = &j.cycles[index];
            let _ = writeln!(
                s,
                "裁决（{rules}）：{}——依据循环{}，{}起生效。",
                verdict_headline(&c.verdict),
                index + 1,
                at(j, c.decided_ply().unwrap_or(c.run.end))
            );
            let _ = write!(s, "{}", reason(j, c));
        }
        RulingSource::NaturalLimit { ply, claimant } => {
            let _ = write!(
                s,
                "裁决（{rules}）：和棋——{}达到自然限着{}回合（{}提出即属实）。",
                at(j, ply),
                j.settings.natural_limit,
                side(claimant)
            );
        }
        RulingSource::None => {
            let _ = write!(
                s,
                "裁决（{rules}）：无——没有循环的重复局面出现{}次，也未达到自然限着。",
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
                "{}必须变着；若再重复循环，{}",
                side(offender),
                outcome(v.result)
            )
        }
        _ => outcome(v.result).to_string(),
    }
}

fn reason(j: &Judgement, c: &CycleJudgement) -> String {
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
                    terms::conduct(c.conduct(other).kind).zh
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
                    "棋谱显示循环又重复了一次（{}，局面第{}次出现）：{}判负。",
                    at(j, c.repeated_ply.unwrap_or(c.run.end)),
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
    terms::label(l).zh
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
    let mut t = format!("{attackers}捉{target}（{}）", terms::root_reason(c.root).zh);
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
                    terms::protector(&p.status, Lang::Zh)
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

fn cycle_move(j: &Judgement, m: &CycleMove) -> String {
    let before = j.positions.get(m.ply - 1);
    let l = &m.labels;
    let mut t = format!(
        "    {}  {}：{}",
        at(j, m.ply),
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
            terms::dismiss(d.reason).zh,
            d.article
        );
    }
    t
}

fn pieces(ps: &[PieceRef]) -> String {
    ps.iter()
        .map(|p| piece(p, None))
        .collect::<Vec<_>>()
        .join("、")
}

fn conduct(c: &Conduct, forbidden: bool) -> String {
    let mut t = format!("{}：{}", side(c.side), terms::conduct(c.kind).zh);
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
    let _ = write!(t, "——{}。", terms::forbidden(forbidden).zh);
    t
}

fn open_note(n: &OpenNote) -> String {
    match n {
        OpenNote::KeyPointPlainCaseOnly { side: c, target } => format!(
            "（待定规则的默认处理）{} 只在简明情形（占据防守要点、已知理论和棋）下适用；因此{}对{}的攻击按捉处理。默认选项 `key_point_plain_case_only`。",
            Article::Cxa27_3,
            side(*c),
            piece(target, None)
        ),
        OpenNote::PinnedChariotRankedAboveChase { side: c, target } => format!(
            "（待定规则的默认处理）AXF r19：攻击被马牵制的车（{}）重于一般的捉，因此双方虽都在捉，{}为犯禁方。默认选项 `axf_pinned_chariot_ranked_above_chase`。",
            piece(target, None),
            side(*c)
        ),
        OpenNote::CheckThatChasesIsChase { side: c, ply } => format!(
            "（待定规则的默认处理）AXF 犯禁解读：{}第{}步的将军同时再捉其余各着都在捉的子，按捉计，故为长捉。默认选项 `axf_check_that_chases_is_chase`（docs/rules.md §7）。",
            side(*c),
            ply
        ),
        OpenNote::AttackIsTheBaseline { side: c, ply } => format!(
            "（待定规则的默认处理）{}第{}步应将（或解杀）后，原已存在的攻击不算新捉：判断是否为新捉以攻击本身为准，而非当时能否吃子。默认选项 `attack_is_the_baseline`（docs/rules.md §7）。",
            side(*c),
            ply
        ),
    }
}

fn natural(j: &Judgement, s: &mut String) {
    let nl = &j.natural_limit;
    if nl.limit == 0 {
        let _ = writeln!(s, "自然限着：不适用。");
        return;
    }
    let since = match nl.last_capture_ply {
        Some(p) => format!("自{}吃子以来", at(j, p)),
        None => "自开始以来".to_string(),
    };
    let _ = writeln!(
        s,
        "自然限着：{}回合未吃子为和（提出方的将军最多计{}着）；棋谱结束时{since}已有{}步未吃子（{}、{}）。",
        nl.limit,
        nl.check_cap,
        nl.plies_without_capture,
        Article::Cxa4_2_4,
        Article::Cxa23_3.local()
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
                let _ = write!(t, "；{}首次达到", at(j, p));
            }
            t.push_str("）。");
        } else {
            if let Some(p) = cl.reached_at_ply {
                let _ = write!(t, "{}曾达到限着，但其后有吃子；现在", at(j, p));
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

/// The Chinese words of an explanation.
pub(crate) struct Zh;

impl Words for Zh {
    fn lang(&self) -> Lang {
        Lang::Zh
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
                "红方{} 对 黑方{}",
                r.as_deref().unwrap_or("？"),
                b.as_deref().unwrap_or("？")
            )),
        }
        if !what.is_empty() {
            parts.push(what.join("，"));
        }
        parts.push(format!("记录结果 {}", g.result.as_deref().unwrap_or("无")));
        Some(format!("对局：{}。", parts.join("；")))
    }

    fn ruling(&self, j: &Judgement) -> String {
        ruling(j)
    }

    fn agreement(&self, a: &Agreement) -> Option<String> {
        Some(match a {
            Agreement::NotRecorded => "棋谱未记录结果。".to_owned(),
            Agreement::NoRuling(r) => {
                format!("没有生效的裁决：棋例不决定记录的结果（{r}）。")
            }
            Agreement::Agrees(r) => format!("记录结果（{r}）与裁决相符。"),
            Agreement::Consistent(r) => format!("记录结果（{r}）与裁决不矛盾。"),
            Agreement::Disagrees(r, f) => format!(
                "记录结果（{r}）与裁决不符：{}。",
                crate::audit::finding_text(f).zh
            ),
            Agreement::Noted(r, f) => {
                format!("记录结果 {r}；注意：{}。", crate::audit::finding_text(f).zh)
            }
        })
    }

    fn stopped(&self, j: &Judgement) -> Option<String> {
        j.stopped.as_ref().map(|stop| {
            format!(
                "棋谱在{}中止：{} 在局面 {} 中不合法。",
                at(j, stop.ply),
                stop.mv,
                stop.fen
            )
        })
    }

    fn no_repetition(&self) -> &'static str {
        "棋谱中没有重复局面。"
    }

    fn position_heading(&self, j: &Judgement, i: usize, c: &CycleJudgement) -> String {
        let places: Vec<String> = c
            .occurrence_indices
            .iter()
            .map(|&p| {
                if p == 0 {
                    "开始局面".to_owned()
                } else {
                    format!("{}后", at(j, p))
                }
            })
            .collect();
        format!(
            "循环{}：重复局面出现{}次：{}。",
            i + 1,
            c.occurrence_indices.len(),
            places.join("、")
        )
    }

    fn fen(&self, fen: &str) -> String {
        format!("  FEN {fen}")
    }

    fn sheet_heading(&self, j: &Judgement, c: &CycleJudgement) -> String {
        let (first, last) = (c.run.start + 1, c.run.start + c.run.span);
        format!(
            "  循环着法：第{}–{}回合（第{first}–{last}步）：",
            super::move_number(j, first),
            super::move_number(j, last)
        )
    }

    fn sheet_move(&self, before: Option<&Position>, m: &CycleMove) -> String {
        let mv = match before {
            Some(pos) => {
                qili_notation::write_move(pos, &m.labels.mv, qili_notation::Notation::Chinese)
            }
            None => move_text(None, &m.labels.mv),
        };
        format!("{mv}（{}）", label_name(m.primary()))
    }

    fn conduct(&self, c: &Conduct, forbidden: bool) -> String {
        conduct(c, forbidden)
    }

    fn verdict(&self, j: &Judgement, c: &CycleJudgement) -> String {
        let codes: Vec<&str> = c.verdict.articles.iter().map(|a| a.code()).collect();
        format!(
            "裁决：{}——{}〔{}〕",
            verdict_headline(&c.verdict),
            reason(j, c),
            codes.join("，")
        )
    }

    fn articles(&self, a: &[Article]) -> String {
        let mut s = "依据：".to_owned();
        for a in a {
            match article_title(a.code(), Lang::Zh) {
                Some(t) => s.push_str(&format!("\n  {a}——{t}")),
                None => s.push_str(&format!("\n  {a}")),
            }
        }
        s
    }

    fn open_decided(&self, names: &[&str]) -> String {
        format!(
            "本裁决取决于待定规则的默认处理：{}（见 docs/rules.md「待定规则」；--detail 说明其内容）。",
            names
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join("、")
        )
    }

    fn other_cycles(&self) -> &'static str {
        "其他循环（每个一行；--all-cycles 展开）："
    }

    fn cycle_line(&self, j: &Judgement, i: usize, c: &CycleJudgement) -> String {
        let (first, last) = (c.run.start + 1, c.run.start + c.run.span);
        let force = match c.in_force_ply {
            Some(p) => format!("{}生效", at(j, p)),
            None => format!("局面出现{}次，未生效", c.occurrences),
        };
        format!(
            "循环{}，第{}–{}回合（第{first}–{last}步）：{force}；红方{}，黑方{}：{}。",
            i + 1,
            super::move_number(j, first),
            super::move_number(j, last),
            terms::conduct(c.red.kind).zh,
            terms::conduct(c.black.kind).zh,
            if c.in_force {
                verdict_headline(&c.verdict)
            } else {
                format!("届时应判{}", verdict_headline(&c.verdict))
            }
        )
    }

    fn evidence_heading(&self) -> &'static str {
        "  逐着证据："
    }

    fn cycle_facts(&self, j: &Judgement, c: &CycleJudgement) -> Vec<String> {
        let threshold = crate::verdict::threshold(&j.settings);
        let mut v = Vec::new();
        if c.run.joined() {
            v.push(format!("由不同的{}步循环在交汇处连成。", c.run.period));
        } else {
            v.push(format!(
                "每循环{}步；循环延续至{}。",
                c.run.period,
                at(j, c.run.end)
            ));
        }
        v.push(match c.in_force_ply {
            Some(p) => format!(
                "已生效：{}该局面第{threshold}次出现（生效次数{threshold}）。",
                at(j, p)
            ),
            None => format!(
                "未生效：局面出现{}次，生效次数为{threshold}；以上为届时的裁决。",
                c.occurrences
            ),
        });
        if c.intertwined {
            v.push(format!(
                "多个循环交织：该区域共有{}个局面；区域内红方有{}种着法，黑方有{}种着法。",
                c.region_positions, c.region_moves.red, c.region_moves.black
            ));
        }
        if c.context.mutual_perpetual_attack {
            v.push(format!(
                "双方步步是打（长打对长打，{}）。",
                Article::Cxa28_14
            ));
        }
        if c.soldier_chases {
            v.push(format!(
                "因此兵（卒）叫吃按捉处理（{}，{}）。",
                Article::Cxa27_2,
                Article::CxaXize11.local()
            ));
        }
        if let Some(by) = c.left_by {
            v.push(format!("{}{}走出了循环。", side(by), at(j, c.run.end + 1)));
        }
        v
    }

    fn evidence(&self, j: &Judgement, m: &CycleMove) -> String {
        cycle_move(j, m)
    }

    fn notes_heading(&self) -> &'static str {
        "待定规则与注释（各列一次）："
    }

    fn open_note(&self, n: &OpenNote) -> String {
        open_note(n)
    }

    fn natural(&self, j: &Judgement, s: &mut String) {
        natural(j, s)
    }

    fn rules_pointer(&self, j: &Judgement) -> String {
        let section = j.settings.book().names().short;
        format!("qili 所用规则的说明：docs/rules.md（{section}）。")
    }
}
