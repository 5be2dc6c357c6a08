//! 中文说明：每条消息（`Message`）的中文措辞。

use qili_notation::{Color, Square};

use super::message::{Headline, Message};
use super::{move_text, Lang};
use crate::agreement::Agreement;
use crate::conduct::PieceRef;
use crate::terms;
use crate::verdict::{Article, OpenNote};

/// Explains `j` in Chinese (the default size, without naming the game).
pub fn explain(j: &crate::judge::Judgement) -> String {
    super::explain(j, Lang::Zh)
}

/// Explains `j` in Chinese in the detailed size.
pub fn explain_detail(j: &crate::judge::Judgement) -> String {
    super::explain_with(j, None, &super::Options::detail(Lang::Zh))
}

fn side(c: Color) -> &'static str {
    terms::side(c).zh
}

fn headline(h: Headline) -> String {
    let result = terms::outcome(h.result).zh;
    match h.must_change {
        Some(offender) => format!("{}必须变着；若再重复循环，{result}", side(offender)),
        None => result.to_string(),
    }
}

fn piece(p: &PieceRef, at: Option<Square>) -> String {
    let role = p.role.chinese(p.color);
    match at {
        Some(sq) if sq != p.home => format!("{role}{sq}（重复局面中在{}）", p.home),
        _ => format!("{role}{}", p.home),
    }
}

/// The Chinese words of one message.
pub(crate) fn message(m: &Message) -> String {
    let zh = Lang::Zh;
    match *m {
        Message::Headline(h) => headline(h),
        Message::RulingByCycle {
            settings,
            headline: h,
            cycle,
            at,
        } => format!(
            "裁决（{}）：{}——依据循环{}，{}起生效。\n",
            settings.book().names().zh,
            headline(h),
            cycle + 1,
            at.get(zh)
        ),
        Message::RulingByNaturalLimit {
            settings,
            at,
            claimant,
        } => format!(
            "裁决（{}）：和棋——{}达到自然限着{}回合（{}提出即属实）。",
            settings.book().names().zh,
            at.get(zh),
            settings.natural_limit,
            side(claimant)
        ),
        Message::NoRuling {
            settings,
            threshold,
        } => format!(
            "裁决（{}）：无——没有循环的重复局面出现{threshold}次，也未达到自然限着。",
            settings.book().names().zh
        ),
        Message::CheckerMustChange { checker, threshold } => format!(
            "{c}长将，{}不是长将：长将在任何情况下都是犯禁，{c}必须变着（局面第{threshold}次出现时生效）；若再重复一次循环（局面第{}次出现），即判负。",
            side(!checker),
            threshold + 1,
            c = side(checker),
        ),
        Message::CheckerMustChangeClause { checker } => format!(
            "{c}长将，{}不是长将：{c}必须变着",
            side(!checker),
            c = side(checker)
        ),
        Message::CheckerLosesAtOnce { checker } => format!(
            "{}长将，{}不是长将：单方面长将，立即判负。",
            side(checker),
            side(!checker)
        ),
        Message::CheckNotExcused { side: s, conduct } => format!(
            "{}的着法（{}）虽也属禁止着法，但不能免除单方面长将之责。",
            side(s),
            terms::conduct(conduct).zh
        ),
        Message::MutualPerpetualCheck => "双方长将：不变作和。".to_string(),
        Message::BothAllowed => "双方均为允许着法：不变作和。".to_string(),
        Message::BothForbidden => "双方均为禁止着法（不包括单方面长将）：不变作和。".to_string(),
        Message::RankedMustChange {
            offender,
            rank,
            above,
        } => format!(
            "双方长捉，均为禁止着法，但{o}{}，{}{}：按禁止着法的轻重，{o}必须变着",
            rank.zh(),
            side(!offender),
            above.zh(),
            o = side(offender)
        ),
        Message::ForbiddenMustChange { offender } => format!(
            "{o}为禁止着法，{}为允许着法：{o}必须变着",
            side(!offender),
            o = side(offender)
        ),
        Message::FromOccurrence { threshold } => format!("（局面第{threshold}次出现时生效）"),
        Message::Stop => "。".to_string(),
        Message::PlayedOnceMore {
            side: s,
            occurrences,
            at,
        } => format!(
            "棋谱显示循环又重复了一次（{}，局面第{occurrences}次出现）：{}判负。",
            at.get(zh),
            side(s)
        ),
        Message::LosesIfRepeated {
            side: s,
            occurrence,
        } => format!(
            "若{}再重复一次循环（局面第{occurrence}次出现），即判负。",
            side(s)
        ),
        Message::Agreement { agreement, start } => match agreement {
            Agreement::NotRecorded => "棋谱未记录结果。".to_owned(),
            Agreement::NoRuling(r) => {
                format!("没有生效的裁决：棋例不决定记录的结果（{r}）。")
            }
            Agreement::Agrees(r) => format!("记录结果（{r}）与裁决相符。"),
            Agreement::Consistent(r) => format!("记录结果（{r}）与裁决不矛盾。"),
            Agreement::Disagrees(r, f) => format!(
                "记录结果（{r}）与裁决不符：{}。",
                crate::agreement::finding_text(f, start).zh
            ),
            Agreement::Noted(r, f) => format!(
                "记录结果 {r}；注意：{}。",
                crate::agreement::finding_text(f, start).zh
            ),
        },
        Message::Stopped { stop, at } => format!(
            "棋谱在{}中止：{} 在局面 {} 中不合法。",
            at.get(zh),
            stop.illegal.mv(),
            stop.illegal.position().fen()
        ),
        Message::SheetMove { before, mv, label } => {
            let mv = match before {
                Some(pos) => qili_notation::write_move(pos, mv, qili_notation::Notation::Chinese),
                None => move_text(None, mv),
            };
            format!("{mv}（{}）", terms::label(label).zh)
        }
        Message::Joined { period } => format!("由不同的{period}步循环在交汇处连成。"),
        Message::Period { period, end } => {
            format!("每循环{period}步；循环延续至{}。", end.get(zh))
        }
        Message::InForce { threshold, at } => format!(
            "已生效：{}该局面第{threshold}次出现（生效次数{threshold}）。",
            at.get(zh)
        ),
        Message::NotInForce {
            occurrences,
            threshold,
        } => format!("未生效：局面出现{occurrences}次，生效次数为{threshold}；以上为届时的裁决。"),
        Message::Intertwined {
            positions,
            red,
            black,
        } => format!(
            "多个循环交织：该区域共有{positions}个局面；区域内红方有{red}种着法，黑方有{black}种着法。"
        ),
        Message::MutualAttack { article } => format!("双方步步是打（长打对长打，{article}）。"),
        Message::SoldierChases => format!(
            "因此兵（卒）叫吃按捉处理（{}，{}）。",
            Article::Cxa27_2,
            Article::CxaXize11.local()
        ),
        Message::LeftCycle { side: s, at } => format!("{}{}走出了循环。", side(s), at.get(zh)),
        Message::Players { red, black } => format!("红方{red} 对 黑方{black}"),
        Message::RecordedResult { result } => format!("记录结果 {}", result.unwrap_or("无")),
        Message::AfterPly(at) => format!("{}后", at.get(zh)),
        Message::Start => "开始局面".to_owned(),
        Message::GameHeading => "对局".to_owned(),
        Message::VerdictHeading => "裁决".to_owned(),
        Message::ArticlesHeading => "依据：".to_owned(),
        Message::NoRepetition => "棋谱中没有重复局面。".to_owned(),
        Message::OtherCycles => "其他循环（每个一行；--all-cycles 展开）：".to_owned(),
        Message::OpenChoices => "待定规则与注释（各列一次）：".to_owned(),
        Message::EvidenceHeading => "  逐着证据：".to_owned(),
        Message::CycleHeading {
            cycle,
            times,
            places,
        } => format!("循环{}：重复局面出现{times}次：{places}。", cycle + 1),
        Message::CycleMoves { span } => format!("  循环着法：{span}："),
        Message::CycleLine {
            cycle,
            span,
            force,
            red,
            black,
            verdict,
        } => format!(
            "循环{}，{span}：{force}；红方{}，黑方{}：{verdict}。",
            cycle + 1,
            terms::conduct(red).zh,
            terms::conduct(black).zh
        ),
        Message::InForceAt(at) => format!("{}生效", at.get(zh)),
        Message::NotInForceAfter { occurrences } => format!("局面出现{occurrences}次，未生效"),
        Message::WouldBe(h) => format!("届时应判{}", headline(h)),
        Message::OpenDecided { list } => format!("本裁决取决于待定规则的默认处理：{list}（见 docs/rules.md「待定规则」；--detail 说明其内容）。"),
        Message::RulesPointer { section } => {
            format!("qili 所用规则的说明：docs/rules.md（{section}）。")
        }
        Message::SinceCapture(at) => format!("自{}吃子以来", at.get(zh)),
        Message::SinceStart => "自开始以来".to_owned(),
        Message::NaturalLimit {
            limit,
            cap,
            quiet,
            since,
        } => format!(
            "自然限着：{limit}回合未吃子为和（提出方的将军最多计{cap}着）；棋谱结束时{since}已有{quiet}步未吃子（{}、{}）。",
            Article::Cxa4_2_4,
            Article::Cxa23_3.local()
        ),
        Message::ClaimBy(c) => format!("  {}提出：", side(c)),
        Message::ClaimHolds {
            counted,
            other,
            opponent,
        } => format!("属实（计{counted}着，{}{opponent}着", side(other)),
        Message::ClaimFirstReached(at) => format!("；{}首次达到", at.get(zh)),
        Message::ClaimHoldsEnd => "）".to_owned(),
        Message::ClaimReachedThenCaptured(at) => {
            format!("{}曾达到限着，但其后有吃子；现在", at.get(zh))
        }
        Message::ClaimFails { counted, limit } => format!("不属实：只计{counted}着，需{limit}着"),
        Message::ClaimChecksCapped {
            side: s,
            moves,
            checks,
            cap,
        } => format!(
            "（{}走了{moves}着，其中将军{checks}着，只计{cap}着）",
            side(s)
        ),
        Message::ClaimOpponentMoves { other, opponent } => {
            format!("；{}只走了{opponent}着", side(other))
        }
        Message::PieceName { role, color, at } => format!("{}{at}", role.chinese(color)),
        Message::PieceMoved { name, home } => format!("{name}（重复局面中在{home}）"),
        Message::ConductHead { side: s, kind } => {
            format!("{}：{}", side(s), terms::conduct(kind).zh)
        }
        Message::ChasedTargets { targets } => format!("，所捉之子：{targets}"),
        Message::TakeTurns { by, constant } => format!("；{by}轮流捉{constant}"),
        Message::ChasedEveryMove { constant } => format!("；每着都捉{constant}"),
        Message::ChasedBy { by } => format!("（捉子者：{by}）"),
        Message::Chase {
            attackers,
            target,
            root,
        } => format!("{attackers}捉{target}（{}）", terms::root_reason(root).zh),
        Message::Protector { name, status } => format!("{name}（{status}）"),
        Message::Protectors { list } => format!("，保护子：{list}"),
        Message::WinningLine { line } => format!("，得子着法 {line}"),
        Message::AlsoLabels { rest } => format!("（兼{rest}）"),
        Message::NotAChase {
            name,
            reason,
            article,
        } => format!("不算捉：{name}（{}，{article}）", terms::dismiss(reason).zh),
        Message::ParriedLine { line } => format!("，所解杀着 {line}"),
        Message::ShortCheckMustChange(c) => format!(
            "{}方单方面长将，必须变着；不变再循环即判负",
            c.chinese()
        ),
        Message::ShortCheckRepeated(c) => format!("{}方长将不变，再次循环，判负", c.chinese()),
        Message::ShortCheckLoses(c) => format!("{}方单方面长将，判负", c.chinese()),
        Message::ShortMutualCheck => "双方长将，和棋".to_owned(),
        Message::ShortBothAllowed => "双方均为允许着法，不变作和".to_owned(),
        Message::ShortBothForbidden => "双方均为禁止着法，不变作和".to_owned(),
        Message::ShortRankedMustChange(c) => format!(
            "双方长捉，{}方较重，必须变着；不变再循环即判负",
            c.chinese()
        ),
        Message::ShortRankedRepeated(c) => {
            format!("双方长捉，{}方须变着而不变，再次循环，判负", c.chinese())
        }
        Message::ShortForbiddenMustChange(c) => format!(
            "{}方为禁止着法，必须变着；不变再循环即判负",
            c.chinese()
        ),
        Message::ShortForbiddenRepeated(c) => {
            format!("{}方禁止着法不变，再次循环，判负", c.chinese())
        }
        Message::Open { note, start } => {
            let at = |ply: usize| terms::ply_place(start, ply, zh);
            match note {
                OpenNote::KeyPointPlainCaseOnly { side: c, target } => format!(
                    "（待定规则的默认处理）{} 只在简明情形（着法解除对方杀势、对方无子可得、只捉士相（象）、本方子力不占优：docs/rules.md §7 对“简明和棋”的解读）下适用；因此{}对{}的攻击按捉处理。默认选项 `key_point_plain_case_only`。",
                    Article::Cxa27_3,
                    side(*c),
                    piece(target, None)
                ),
                OpenNote::KeyPointPlainDraw { side: c, ply } => format!(
                    "（待定规则的默认处理）{}{}的着法占据防守要点：解除对方杀势，附带产生的捉士相（象）按闲处理（{}）。“简明和棋”解读为解除对方杀势、对方无子可得、本方子力不占优；若按捉计，{}为禁止着法。默认选项 `key_point_plain_case_only`（docs/rules.md §7）。",
                    side(*c),
                    at(*ply),
                    Article::Cxa27_3Xize13,
                    side(*c)
                ),
                OpenNote::PinnedChariotRankedAboveChase { side: c, target } => format!(
                    "（待定规则的默认处理）AXF r19：攻击被马牵制的车（{}）重于一般的捉，因此双方虽都在捉，{}为犯禁方。默认选项 `axf_pinned_chariot_ranked_above_chase`。",
                    piece(target, None),
                    side(*c)
                ),
                OpenNote::CheckThatChasesIsChase { side: c, ply } => format!(
                    "（待定规则的默认处理）AXF 犯禁解读：{}{}的将军同时再捉其余各着都在捉的子，按捉计，故为长捉。默认选项 `axf_check_that_chases_is_chase`（docs/rules.md §7）。",
                    side(*c),
                    at(*ply)
                ),
                OpenNote::AttackIsTheBaseline { side: c, ply } => format!(
                    "（待定规则的默认处理）{}{}的着法之前已存在、但当时不能吃子（走子方被将军，或吃子的子被牵制）的攻击，不算新捉：判断是否为新捉以攻击本身为准，而非当时能否吃子。默认选项 `attack_is_the_baseline`（docs/rules.md §7）。",
                    side(*c),
                    at(*ply)
                ),
            }
        }
    }
}
