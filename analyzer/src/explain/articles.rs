//! Short titles of the cited articles, rules and diagrams.

use super::Lang;

const TITLES: &[(&str, &str, &str)] = &[
    ("CXA 4.1.7", "走棋违反禁例，应变着而不变，判负", "a forbidden move not changed when it must be loses"),
    ("CXA 4.2.4", "连续60回合（可酌减）双方均未吃子，和棋", "60 moves (or fewer, by competition) without a capture: draw"),
    ("CXA 23.3", "自然限着和棋经审核属实即判和；提出方的将军最多计10着", "a natural-limit claim is verified; the claimant's checks count for at most 10 moves"),
    ("CXA 24.1", "一方长将，立即判负", "a side that checks perpetually loses at once"),
    ("CXA 24.2", "双方均为允许着法或禁止着法，不变作和，立即判和", "both allowed or both forbidden: draw"),
    ("CXA 24.3", "一方禁止着法另一方允许着法，犯禁方必须变着，再重复一次循环即判负", "forbidden against allowed: the offender must change; one more cycle loses"),
    ("CXA 25.2", "长将、长杀、长捉、一将一杀、一将一捉、一杀一捉为禁止着法；闲着、数将一闲等为允许着法", "perpetual attacks are forbidden; conduct with an idle move is allowed"),
    ("CXA 26.1", "任何情况下均不允许单方面长将", "a one-sided perpetual check is never allowed"),
    ("CXA 26.2", "双方均为允许着法，不变作和", "both allowed: draw if neither changes"),
    ("CXA 26.3", "双方均为禁止着法（不包括一方为长将），不变作和", "both forbidden (no one-sided perpetual check): draw"),
    ("CXA 26.4", "一方禁止着法，另一方允许着法，前者变着，不变判负", "forbidden against allowed: the forbidden side changes or loses"),
    ("CXA 27.1", "帅（将）与其他子同时捉或借帅（将）之力捉，按捉处理", "the general with another piece, or lending its power, chases"),
    ("CXA 27.2", "兵（卒）叫吃按闲；形成相互长打时按捉", "a soldier's threat is idle, but a chase in mutual perpetual attack"),
    ("CXA 27.3", "占据防守要点立即构成简明和棋，附带捉士相按闲", "occupying a defensive key point for a plain draw: the incidental threat on an advisor or elephant is idle"),
    ("CXA 28.9", "闲：不属于将、杀、捉的着法", "idle: neither check, mate threat nor chase"),
    ("CXA 28.10", "长将：连续不停照将而形成循环", "perpetual check"),
    ("CXA 28.11", "长杀：连续不停杀着而形成循环", "perpetual mate threat"),
    ("CXA 28.12", "长捉：连续追捉一子或数子而形成循环", "perpetual chase of one piece or several"),
    ("CXA 28.13", "长兑（长献、长拦、长跟）", "perpetual exchange offer (offer, block, follow)"),
    ("CXA 28.14", "长打对长打：双方步步是打", "mutual perpetual attack"),
    ("CXA 28.15", "长打对非长打", "perpetual attack against non-perpetual attack"),
    ("CXA 28.16", "假根子、少根子按无根子处理", "a falsely or insufficiently protected piece counts as unprotected"),
    ("CXA 29.1", "捉的形式：直接吃子、连续照将吃子、完整交换得子", "forms of a chase: direct capture, capture through checks, a gaining exchange"),
    ("CXA 细则1", "不许可单方面长将", "no one-sided perpetual check"),
    ("CXA 细则3", "预计下一着能在子力价值上得子，按捉处理", "a threat to gain material is a chase"),
    ("CXA 细则5", "捉子兼具兑、献、送吃，也按捉处理", "a chase that also offers is still a chase"),
    ("CXA 细则8", "双方均为禁止着法（不包括单方面长将），不变作和", "both forbidden (no one-sided perpetual check): draw"),
    ("CXA 细则9", "其他棋子和帅（将）同时捉吃，按捉处理", "another piece with the general chases"),
    ("CXA 细则11", "发生互打时，兵（卒）叫吃子均按捉处理", "in mutual attack a soldier's threat is a chase"),
    ("CXA 细则13", "占据防守要点立即形成简明和棋，附带捉士相按闲", "defensive key point: incidental advisor/elephant threat is idle"),
    ("AXF D1–4", "长将判负；双方长将判和", "perpetual check loses; mutual perpetual check draws"),
    ("AXF D5", "两将对一将，长将方判负", "two checks against one check back: the perpetual checker loses"),
    ("AXF r9 (D6–9)", "长杀允许", "perpetual mate threat is allowed"),
    ("AXF r11 (D11–12)", "一将一杀允许", "one check and one mate threat is allowed"),
    ("AXF r12 (D13)", "一将一捉、数将一捉允许", "one check and one chase, or several checks and a chase, is allowed"),
    ("AXF r13 (D14–16)", "一将一闲允许", "one check and one idle move is allowed"),
    ("AXF r15 (D18–25)", "马炮攻车，车有根亦算捉", "a horse or cannon attacking a chariot chases even when it is protected"),
    ("AXF r19 (D39–41)", "被马牵制不能动的车不得长捉", "a chariot pinned by a horse may not be perpetually attacked"),
    ("AXF D105", "被牵制的车攻击他子亦算捉", "a pinned chariot attacking other pieces chases"),
    ("AXF r25 (D56–60)", "炮借移动炮架捉马、士、象、过河兵算捉", "a cannon chasing by moving its screen chases"),
    ("AXF r26 (D61–62)", "炮借移动炮架攻车算捉", "a cannon attacking a chariot by moving its screen chases"),
    ("AXF r28 (D67–68)", "帅（将）可以捉子", "the general may chase"),
    ("AXF r29 (D69–70)", "兵（卒）可以捉子", "soldiers may chase"),
    ("AXF r32 (D76–80)", "一子捉两子或以上、两子轮捉两子或以上，允许", "one piece chasing two or more, or two taking turns on two or more: allowed"),
    ("AXF r33 (D81–82)", "两子或以上轮捉一子，禁止", "two or more pieces taking turns on one piece: forbidden"),
    ("AXF r36 (D90–93)", "捉兼兑仍算捉", "offering an exchange while chasing is still chasing"),
    ("AXF D37", "守方的将捉兼施不免除对方长捉之责", "a defender's mixed check and chase does not excuse a perpetual chase"),
    ("AXF D38", "同上", "the same"),
    ("AXF D50", "同上", "the same"),
    ("AXF general rule (forbidden perpetual attack)", "长打（长将、长捉）禁止，犯禁方须变着，不变判负", "perpetual attack (check, chase) is forbidden; the offender must change or lose"),
    ("AXF general rule (no violation: draw)", "双方均未犯禁，不变作和", "nobody violates: draw if nobody changes"),
];

/// The short title of an article in `lang`, if known.
pub fn article_title(code: &str, lang: Lang) -> Option<&'static str> {
    TITLES.iter().find(|t| t.0 == code).map(|t| match lang {
        Lang::Zh => t.1,
        Lang::En => t.2,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn titles_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for t in super::TITLES {
            assert!(seen.insert(t.0), "{}", t.0);
        }
    }
}
