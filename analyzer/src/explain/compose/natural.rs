//! The natural move limit paragraph in both languages (CXA 4.2.4, 23.3).

use qili_notation::Color;

use super::{ply_place, punct};
use crate::judge::Judgement;
use crate::rules::Article;
use crate::terms::Lang;
use crate::terms::Term;

/// The natural-limit paragraph: the limit, the plies without a capture, each side's claim.
pub(super) fn natural(lang: Lang, j: &Judgement, s: &mut String) {
    let zh = lang == Lang::Zh;
    let p = punct(lang);
    let nl = &j.natural_limit;
    let at = |ply: usize| ply_place(j.positions.first(), ply, lang);
    let side = |c: Color| crate::terms::side(c).get(lang);
    if nl.limit == 0 {
        s.push_str(Term::new("自然限着：不适用。", "Natural move limit: not applied.").get(lang));
        s.push('\n');
        return;
    }
    let since = match (nl.last_capture_ply, zh) {
        (Some(c), false) => format!("since the capture at {}", at(c)),
        (Some(c), true) => format!("自{}吃子以来", at(c)),
        (None, _) => Term::new("自开始以来", "since the start")
            .get(lang)
            .to_owned(),
    };
    let (limit, cap, quiet) = (nl.limit, nl.check_cap, nl.plies_without_capture);
    let (nl_article, claim) = (Article::Cxa4_2_4, Article::Cxa23_3.local());
    s.push_str(&if zh {
        format!("自然限着：{limit}回合未吃子为和（提出方的将军最多计{cap}着）；棋谱结束时{since}已有{quiet}步未吃子（{nl_article}、{claim}）。")
    } else {
        format!("Natural move limit: {limit} moves without a capture (the claimant's checks count for at most {cap} moves); {quiet} plies without a capture at the end, {since} ({nl_article}, {claim}).")
    });
    s.push('\n');
    for c in Color::ALL {
        let cl = &nl.claims[c];
        let (me, other) = (side(c), side(!c));
        let (counted, opponent) = (cl.counted_moves, cl.opponent_moves);
        let mut t = if zh {
            format!("  {me}提出：")
        } else {
            format!("  A claim by {me}: ")
        };
        if cl.holds {
            t.push_str(&if zh {
                format!("属实（计{counted}着，{other}{opponent}着")
            } else {
                format!("holds ({counted} counted moves against {other}'s {opponent}")
            });
            if let Some(r) = cl.reached_at_ply {
                t.push_str(&if zh {
                    format!("；{}首次达到", at(r))
                } else {
                    format!("; first reached at {}", at(r))
                });
            }
            t.push_str(Term::new("）", ")").get(lang));
        } else {
            if let Some(r) = cl.reached_at_ply {
                t.push_str(&if zh {
                    format!("{}曾达到限着，但其后有吃子；现在", at(r))
                } else {
                    format!(
                        "the limit was reached at {}, but a capture followed; now ",
                        at(r)
                    )
                });
            }
            t.push_str(&if zh {
                format!("不属实：只计{counted}着，需{limit}着")
            } else {
                format!("fails: {counted} of {limit} moves counted")
            });
            if cl.checks > cap as usize {
                let (moves, checks) = (cl.moves, cl.checks);
                t.push_str(&if zh {
                    format!("（{me}走了{moves}着，其中将军{checks}着，只计{cap}着）")
                } else {
                    format!(" ({me} made {moves} moves, {checks} of them checks, of which only {cap} count)")
                });
            }
            if opponent < limit as usize {
                t.push_str(&if zh {
                    format!("；{other}只走了{opponent}着")
                } else {
                    format!("; {other} has made {opponent} moves")
                });
            }
        }
        t.push_str(p.stop);
        s.push_str(&t);
        s.push('\n');
    }
}
