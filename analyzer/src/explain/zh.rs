//! 中文说明。

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
    super::ply_place(j.positions.first(), ply, Lang::Zh)
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
        Reason::OneSidedPerpetualCheck { checker, repeated } => {
            let other = !checker;
            let mut t = if v.status == Status::MustChange {
                format!(
                    "{}长将，{}不是长将：长将在任何情况下都是犯禁，{}必须变着（局面第{}次出现时生效）；若再重复一次循环（局面第{}次出现），即判负。",
                    side(checker),
                    side(other),
                    side(checker),
                    threshold(j),
                    threshold(j) + 1
                )
            } else if repeated {
                format!(
                    "{}长将，{}不是长将：{}必须变着。棋谱显示循环又重复了一次（{}，局面第{}次出现）：{}判负。",
                    side(checker),
                    side(other),
                    side(checker),
                    at(j, c.repeated_ply.unwrap_or(c.run.end)),
                    c.occurrences,
                    side(checker)
                )
            } else {
                format!(
                    "{}长将，{}不是长将：单方面长将，立即判负。",
                    side(checker),
                    side(other)
                )
            };
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
        Reason::ForbiddenVsAllowed { offender, repeated }
        | Reason::BothForbiddenRanked {
            offender, repeated, ..
        } => {
            let mut t = match v.reason {
                Reason::BothForbiddenRanked { rank, above, .. } => format!(
                    "双方长捉，均为禁止着法，但{}{}，{}{}：按禁止着法的轻重，{}必须变着",
                    side(offender),
                    rank.zh(),
                    side(!offender),
                    above.zh(),
                    side(offender)
                ),
                _ => format!(
                    "{}为禁止着法，{}为允许着法：{}必须变着",
                    side(offender),
                    side(!offender),
                    side(offender)
                ),
            };
            if !repeated {
                let _ = write!(t, "（局面第{}次出现时生效）", threshold(j));
            }
            t.push('。');
            if repeated {
                let _ = write!(
                    t,
                    "棋谱显示循环又重复了一次（{}，局面第{}次出现）：{}判负。",
                    at(j, c.repeated_ply.unwrap_or(c.run.end)),
                    c.occurrences,
                    side(offender)
                );
            } else {
                let _ = write!(
                    t,
                    "若{}再重复一次循环（局面第{}次出现），即判负。",
                    side(offender),
                    threshold(j) + 1
                );
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

fn open_note(j: &Judgement, n: &OpenNote) -> String {
    match n {
        OpenNote::KeyPointPlainCaseOnly { side: c, target } => format!(
            "（待定规则的默认处理）{} 只在简明情形（着法解除对方杀势、对方无子可得、只捉士相（象）：docs/rules.md §7 对“简明和棋”的解读）下适用；因此{}对{}的攻击按捉处理。默认选项 `key_point_plain_case_only`。",
            Article::Cxa27_3,
            side(*c),
            piece(target, None)
        ),
        OpenNote::KeyPointPlainDraw { side: c, ply } => format!(
            "（待定规则的默认处理）{}{}的着法占据防守要点：解除对方杀势，附带产生的捉士相（象）按闲处理（{}）。“简明和棋”解读为解除对方杀势、对方无子可得；若按捉计，{}为禁止着法。默认选项 `key_point_plain_case_only`（docs/rules.md §7）。",
            side(*c),
            at(j, *ply),
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
            at(j, *ply)
        ),
        OpenNote::AttackIsTheBaseline { side: c, ply } => format!(
            "（待定规则的默认处理）{}{}的着法之前已存在、但当时不能吃子（走子方被将军，或吃子的子被牵制）的攻击，不算新捉：判断是否为新捉以攻击本身为准，而非当时能否吃子。默认选项 `attack_is_the_baseline`（docs/rules.md §7）。",
            side(*c),
            at(j, *ply)
        ),
    }
}

/// The Chinese words of an explanation.
pub(crate) struct Zh;

impl Words for Zh {
    fn lang(&self) -> Lang {
        Lang::Zh
    }

    fn ruling(&self, j: &Judgement) -> String {
        ruling(j)
    }

    fn agreement(&self, j: &Judgement, a: &Agreement) -> Option<String> {
        Some(match a {
            Agreement::NotRecorded => "棋谱未记录结果。".to_owned(),
            Agreement::NoRuling(r) => {
                format!("没有生效的裁决：棋例不决定记录的结果（{r}）。")
            }
            Agreement::Agrees(r) => format!("记录结果（{r}）与裁决相符。"),
            Agreement::Consistent(r) => format!("记录结果（{r}）与裁决不矛盾。"),
            Agreement::Disagrees(r, f) => format!(
                "记录结果（{r}）与裁决不符：{}。",
                crate::agreement::finding_text(f, j.positions.first()).zh
            ),
            Agreement::Noted(r, f) => {
                format!(
                    "记录结果 {r}；注意：{}。",
                    crate::agreement::finding_text(f, j.positions.first()).zh
                )
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

    fn sheet_move(&self, before: Option<&Position>, m: &CycleMove) -> String {
        let mv = match before {
            Some(pos) => {
                qili_notation::write_move(pos, &m.labels.mv, qili_notation::Notation::Chinese)
            }
            None => move_text(None, &m.labels.mv),
        };
        format!("{mv}（{}）", label_name(m.primary()))
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
        if let Some(article) = c
            .context
            .mutual_perpetual_attack
            .then(|| j.settings.book().chase().mutual_attack)
            .flatten()
        {
            v.push(format!("双方步步是打（长打对长打，{}）。", article));
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

    fn open_note(&self, j: &Judgement, n: &OpenNote) -> String {
        open_note(j, n)
    }
}
