//! The article catalogue: every article, rule or diagram that qili cites, as a value of
//! [`Article`] carrying its code (`CXA1999 26.4`, `CXA1999 细则6`, `CXA2020 26.9.2`,
//! `CXA2020 图26`, `AXF r27 (D63–66)`) and its short
//! title in Chinese and English. A citation is written as a variant, so an unknown or
//! misspelt article cannot compile; the code is what every output prints, the titles are
//! what explanations and teaching pages add to it.
//!
//! A few entries are joint citations, one code for two articles that the labels cite
//! together (`CXA1999 29.2, 细则6`, `AXF r15 (D18–25), r26 (D61–62)`).
//!
//! The CXA codes carry their edition: `CXA1999` for the articles of the 1999 text (the
//! seeds), which the labeller and both CXA rule books cite, the current one where its own
//! number is not known here (as continued in the 2011 edition); `CXA2020` for the article
//! numbers of the 2011/2020 edition that docs/rules.md §8 quotes and for its figures (`图N`).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

macro_rules! catalogue {
    ($($variant:ident = $code:literal, $zh:literal, $en:literal;)*) => {
        /// An article, rule or diagram cited by a label or a verdict.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Article {
            $(
                #[doc = concat!("`", $code, "`: ", $en, ".")]
                $variant,
            )*
        }

        impl Article {
            /// Every article of the catalogue, in catalogue order.
            pub const ALL: &'static [Article] = &[$(Article::$variant),*];

            /// The citation, as every output prints it (`CXA1999 26.4`).
            pub const fn code(self) -> &'static str {
                match self {
                    $(Article::$variant => $code,)*
                }
            }

            /// The short title in Chinese.
            pub const fn zh(self) -> &'static str {
                match self {
                    $(Article::$variant => $zh,)*
                }
            }

            /// The short title in English.
            pub const fn en(self) -> &'static str {
                match self {
                    $(Article::$variant => $en,)*
                }
            }
        }
    };
}

catalogue! {
    Cxa4_1_7 = "CXA1999 4.1.7", "走棋违反禁例，应变着而不变，判负", "a forbidden move not changed when it must be loses";
    Cxa4_2_4 = "CXA1999 4.2.4", "连续60回合（可酌减）双方均未吃子，和棋", "60 moves (or fewer, by competition) without a capture: draw";
    Cxa23_3 = "CXA1999 23.3", "自然限着和棋经审核属实即判和；提出方的将军最多计10着", "a natural-limit claim is verified; the claimant's checks count for at most 10 moves";
    Cxa24_1 = "CXA1999 24.1", "一方长将，立即判负", "a side that checks perpetually loses at once";
    Cxa24_2 = "CXA1999 24.2", "双方均为允许着法或禁止着法，不变作和，立即判和", "both allowed or both forbidden: draw";
    Cxa24_3 = "CXA1999 24.3", "一方禁止着法另一方允许着法，犯禁方必须变着，再重复一次循环即判负", "forbidden against allowed: the offender must change; one more cycle loses";
    Cxa25_2 = "CXA1999 25.2", "长将、长杀、长捉、一将一杀、一将一捉、一杀一捉为禁止着法；闲着、数将一闲等为允许着法", "perpetual attacks are forbidden; conduct with an idle move is allowed";
    Cxa26_1 = "CXA1999 26.1", "任何情况下均不允许单方面长将", "a one-sided perpetual check is never allowed";
    Cxa26_2 = "CXA1999 26.2", "双方均为允许着法，不变作和", "both allowed: draw if neither changes";
    Cxa26_3 = "CXA1999 26.3", "双方均为禁止着法（不包括一方为长将），不变作和", "both forbidden (no one-sided perpetual check): draw";
    Cxa26_4 = "CXA1999 26.4", "一方禁止着法，另一方允许着法，前者变着，不变判负", "forbidden against allowed: the forbidden side changes or loses";
    Cxa27_1 = "CXA1999 27.1", "帅（将）与其他子同时捉或借帅（将）之力捉，按捉处理", "the general with another piece, or lending its power, chases";
    Cxa27_2 = "CXA1999 27.2", "兵（卒）叫吃按闲；形成相互长打时按捉", "a soldier's threat is idle, but a chase in mutual perpetual attack";
    Cxa27_3 = "CXA1999 27.3", "占据防守要点立即构成简明和棋，附带捉士相按闲", "occupying a defensive key point for a plain draw: the incidental threat on an advisor or elephant is idle";
    Cxa28_1 = "CXA1999 28.1", "将：走子后攻击对方的将（帅）", "check: the move attacks the opponent's general";
    Cxa28_2 = "CXA1999 28.2", "杀：走子后再走一步可将死对方", "mate threat: moving again, the mover could mate";
    Cxa28_3 = "CXA1999 28.3", "捉：走子后再走一步可吃子得子", "chase: moving again, the mover could win material";
    Cxa28_5 = "CXA1999 28.5", "兑：送子给对方吃，可吃回同等子力", "exchange offer: an even exchange is offered";
    Cxa28_6 = "CXA1999 28.6", "献：无根子送给对方同类子吃", "offer: an unprotected piece put where a piece of its kind can take it";
    Cxa28_7 = "CXA1999 28.7", "拦：阻拦对方棋子的行动路线", "block: the move cuts a line of an opponent piece";
    Cxa28_8 = "CXA1999 28.8", "跟：牵制或跟随对方有根子", "follow: the move keeps a protected opponent piece pinned or watched";
    Cxa28_9 = "CXA1999 28.9", "闲：不属于将、杀、捉的着法", "idle: neither check, mate threat nor chase";
    Cxa28_10 = "CXA1999 28.10", "长将：连续不停照将而形成循环", "perpetual check";
    Cxa28_11 = "CXA1999 28.11", "长杀：连续不停杀着而形成循环", "perpetual mate threat";
    Cxa28_12 = "CXA1999 28.12", "长捉：连续追捉一子或数子而形成循环", "perpetual chase of one piece or several";
    Cxa28_13 = "CXA1999 28.13", "长兑（长献、长拦、长跟）", "perpetual exchange offer (offer, block, follow)";
    Cxa28_14 = "CXA1999 28.14", "长打对长打：双方步步是打", "mutual perpetual attack";
    Cxa28_15 = "CXA1999 28.15", "长打对非长打", "perpetual attack against non-perpetual attack";
    Cxa28_16 = "CXA1999 28.16", "假根子、少根子按无根子处理", "a falsely or insufficiently protected piece counts as unprotected";
    Cxa29_1 = "CXA1999 29.1", "捉的形式：直接吃子、连续照将吃子、完整交换得子", "forms of a chase: direct capture, capture through checks, a gaining exchange";
    Cxa29_3 = "CXA1999 29.3", "被捉的子须是无根子（含假根子、少根子）", "the chased piece must be unprotected (false and insufficient roots included)";
    Cxa29_4 = "CXA1999 29.4", "吃子后立即被将死，不算捉", "a capture after which the mover is mated at once is no chase";
    Cxa2020_26_9 = "CXA2020 26.9", "双方均为禁止着法时，按禁止着法的轻重排序，较重一方须变着；同等则作和", "both forbidden: forbidden conduct is ranked, the side of the lower rank must change; the same rank draws";
    Cxa2020_26_9_2 = "CXA2020 26.9.2", "一方单独长捉车，另一方联合捉，前者变着", "one side chases the chariot alone, the other jointly: the former changes";
    Cxa2020_26_9_3 = "CXA2020 26.9.3", "一方单独长捉无根子，另一方联合捉，前者变着", "one side chases unprotected pieces alone, the other jointly: the former changes";
    Cxa2020Fig3 = "CXA2020 图3", "双方长捉同等，不变作和", "figure 3: both sides chase perpetually with the same rank: draw";
    Cxa2020Fig6 = "CXA2020 图6", "单方面长将，长将方必须变着", "figure 6: a one-sided perpetual check: the checker must change";
    Cxa2020Fig10 = "CXA2020 图10", "长捉车对单子长捉无根子，捉车方变着", "figure 10: chasing only the chariot against chasing an unprotected piece with one piece: the chariot chaser changes";
    Cxa2020Fig25 = "CXA2020 图25", "长捉按每着都捉的子定等级：仅一着兼捉的另一子不改变等级", "figure 25: a perpetual chase is ranked by the pieces it chases on every move: another piece chased by one move only does not change the rank";
    Cxa2020Fig26 = "CXA2020 图26", "长捉车对联合捉、捉少根子，捉车方变着", "figure 26: chasing only the chariot against a joint chase of an insufficiently protected piece: the chariot chaser changes";
    CxaXize1 = "CXA1999 细则1", "不许可单方面长将", "no one-sided perpetual check";
    CxaXize3 = "CXA1999 细则3", "预计下一着能在子力价值上得子，按捉处理", "a threat to gain material is a chase";
    CxaXize5 = "CXA1999 细则5", "捉子兼具兑、献、送吃，也按捉处理", "a chase that also offers is still a chase";
    CxaXize7 = "CXA1999 细则7", "吃子后立即被将死，不按捉处理", "a capture after which the mover is mated at once is no chase";
    CxaXize8 = "CXA1999 细则8", "双方均为禁止着法（不包括单方面长将），不变作和", "both forbidden (no one-sided perpetual check): draw";
    CxaXize9 = "CXA1999 细则9", "其他棋子和帅（将）同时捉吃，按捉处理", "another piece with the general chases";
    CxaXize11 = "CXA1999 细则11", "发生互打时，兵（卒）叫吃子均按捉处理", "in mutual attack a soldier's threat is a chase";
    CxaXize13 = "CXA1999 细则13", "占据防守要点立即形成简明和棋，附带捉士相按闲", "defensive key point: incidental advisor/elephant threat is idle";
    Cxa27_1Xize9 = "CXA1999 27.1, 细则9", "帅（将）单独捉子按闲，与其他子同时捉按捉", "the general alone is idle; with another piece it chases";
    Cxa27_2Xize11 = "CXA1999 27.2, 细则11", "兵（卒）叫吃按闲，互打时按捉", "a soldier's threat is idle, but a chase in mutual attack";
    Cxa27_3Xize13 = "CXA1999 27.3, 细则13", "占据防守要点立即构成简明和棋，附带产生的捉士相（象）按闲", "occupying a defensive key point that at once makes a plain draw: the incidental threat on an advisor or elephant is idle";
    Cxa29_2Xize2 = "CXA1999 29.2, 细则2", "捉须是走子后新产生的威胁", "a chase is a threat the move creates";
    Cxa29_2Xize6 = "CXA1999 29.2, 细则6", "走子前已有的威胁不是新捉（从捉到捉）", "a threat that stood before the move is no new chase";
    Cxa29_4Xize7 = "CXA1999 29.4, 细则7", "吃子后立即被将死，不算捉", "a capture after which the mover is mated at once is no chase";
    Cxa2020_26_1 = "CXA2020 26.1", "将（帅）应将的走动按闲，即使随之产生捉或杀", "a step of the general that answers a check is idle, even if a chase or mate threat follows";
    Cxa2020_26_5 = "CXA2020 26.5", "作为根的子捉子，完整交换不能得子的按闲", "a piece that is a root chases only if the complete exchange gains";
    Cxa2020Fig11 = "CXA2020 图11", "单子长捉无根子对联合捉（一子捉、另一子牵制其根），单子捉方变着", "figure 11: a lone chase of an unprotected piece against a joint chase (one piece attacks, another pins the target's protector): the lone chaser changes";
    Cxa2020Fig13 = "CXA2020 图13", "应将后的杀势仅由对方照将造成，按闲", "a reply to a check whose mate threat only the check created is idle";
    Cxa2020Fig14 = "CXA2020 图14", "兵（卒）单独叫吃按闲，双方互打时亦按闲", "a threat by soldiers alone is idle, in mutual perpetual attack too";
    Cxa2020Fig2 = "CXA2020 图2", "同类子可以互吃、本方子有根，为兑：其互吃不算捉、杀（一捉一兑；1999年版细则3图三）", "a same-kind pair that can take each other, the mover's piece protected, is an exchange offer: its capture is no chase or mate threat (the 1999 edition's figure 3 for 细则3)";
    Cxa2020_26_7 = "CXA2020 26.7", "以兵换车算得子（一兵换数子、一子换数兵不算得子）", "a soldier given up to win a chariot is a gain (a soldier for several pieces, or a piece for several soldiers, is not)";
    Cxa29_2WinMadeReal = "CXA1999 28.3, 29.2, 细则2", "原已存在的攻击，走子前吃子不能得子（被将死、有根、或别处失子更多），走子后能够得子，按新捉处理", "a standing attack that could not win material before the move (the capture was answered by mate, met a real root, or lost more elsewhere) and can after it is a new chase";
    Cxa2020Fig4 = "CXA2020 图4", "吃子去掉另一子的保护，整个着法序列得子，按捉处理", "a capture that takes away a second piece's guard gains over the whole sequence: a chase";
    Cxa2020Fig18 = "CXA2020 图18", "回到防守要点解除对方杀势，附带捉象按闲", "figure 18: a move back to the defensive key point that parries the opponent's mate threat is idle, its threat on an elephant incidental";
    Cxa2020Fig23 = "CXA2020 图23", "被牵子捉子：吃子后对方在别处得更多子力，按闲处理", "a capture by a piece that holds its own piece (被牵子捉子) loses more elsewhere: idle";
    AxfS1Check = "AXF S1 (check)", "将：走子后下一着可吃对方将（帅）", "check: after the move the opponent's king could be captured next move";
    AxfS1MateThreat = "AXF S1 (threat to checkmate)", "杀：走子后形成可将死对方的着法", "threat to checkmate: the move sets up a sequence leading to mate";
    AxfS1Chase = "AXF S1 (chase)", "捉：走子后下一着可以吃对方将（帅）以外的子，且吃子是真实的威胁", "chase: after the move the mover could capture a piece other than the king next move, as a real threat";
    AxfS1Protected = "AXF S1 (protected; r34, D83–85)", "假根子（保护子不能合法吃回）按无根子处理", "a false protector (one that cannot legally recapture) leaves the piece unprotected";
    AxfS1Offer = "AXF S1 (exchange offer, sacrifice)", "兑、献：送子给对方吃", "exchange offer or sacrifice: a piece put where it can be taken";
    AxfS1Block = "AXF S1 (block)", "拦：阻止对方棋子沿某线行动", "block: the move stops an enemy piece moving along a line";
    AxfS1Idle = "AXF S1 (idle)", "闲：不属于将、杀、捉、兑、拦、献的着法", "idle: neither check, threat to checkmate, chase, exchange, block nor sacrifice";
    AxfS1NewAttack = "AXF S1 (a new attack; Appendix, perpetual chase)", "捉须是走子后新产生的攻击（包括移动炮架、破坏保护）", "a chase is an attack the move creates (moving a screen or destroying protection included)";
    AxfAppendixNonChase = "AXF Appendix (non-perpetual chase)", "原已存在的攻击不是新捉", "an attack that already stood is no new chase";
    AxfS2 = "AXF S2", "长将、长捉为犯禁；一方犯禁须变着，双方犯禁或均不犯禁作和", "perpetual check and perpetual chase violate; a lone violator must change, two violators or none draw";
    AxfR3 = "AXF r3", "犯禁方须变着；经指示后仍重复者判负", "the violator must change; one who repeats the violation loses";
    AxfR5 = "AXF r5", "双方均不犯禁且不变着，作和", "neither side violates and neither changes: draw";
    AxfR6 = "AXF r6 (D1–3)", "长将（一子或数子）任何情况下判负", "perpetual check with one piece or several loses, always";
    AxfR7 = "AXF r7 (D4)", "双方长将作和", "both sides checking perpetually: draw";
    AxfR8 = "AXF r8 (D5)", "两将对一将，长将方判负", "two checks against one check back: the perpetual checker loses";
    AxfR9 = "AXF r9 (D6–9)", "长杀允许", "perpetual mate threat is allowed";
    AxfR11 = "AXF r11 (D11–12)", "一将一杀允许", "one check and one mate threat is allowed";
    AxfR12 = "AXF r12 (D13)", "一将一捉、数将一捉允许", "one check and one chase, or several checks and a chase, is allowed";
    AxfR13 = "AXF r13 (D14–16)", "一将一闲允许", "one check and one idle move is allowed";
    AxfR15 = "AXF r15 (D18–25)", "马炮攻车，车有根亦算捉", "a horse or cannon attacking a chariot chases even when it is protected";
    AxfR15R26 = "AXF r15 (D18–25), r26 (D61–62)", "马炮攻车（含移动炮架），车有根亦算捉", "a horse or cannon attacking a chariot (screen moves included) chases even when it is protected";
    AxfR19 = "AXF r19 (D39–41)", "被马牵制不能动的车不得长捉", "a chariot pinned by a horse may not be perpetually attacked";
    AxfR22 = "AXF r22 (D48, reconstructed)", "车马互捉，双方均为长捉，作和", "rook and knight chasing one another: both chase perpetually, draw";
    AxfR24 = "AXF r24 (D51–55)", "同类子可以互吃，为兑，不算捉", "two pieces of a kind that can take each other: an offer, not a chase";
    AxfR25 = "AXF r25 (D56–60)", "炮借移动炮架捉马、士、象、过河兵算捉", "a cannon chasing by moving its screen chases";
    AxfR26 = "AXF r26 (D61–62)", "炮借移动炮架攻车算捉", "a cannon attacking a chariot by moving its screen chases";
    AxfR27 = "AXF r27 (D63–66)", "被炮牵制于线上的车，不得被车长捉（一处有根除外），不得被马炮长捉", "a chariot confined to a cannon's line may not be perpetually chased by a chariot unless protected in one position, nor ever by a horse or cannon";
    AxfR28 = "AXF r28 (D67–68)", "帅（将）可以捉子", "the general may chase";
    AxfR29 = "AXF r29 (D69–70)", "兵（卒）可以捉子", "soldiers may chase";
    AxfR32 = "AXF r32 (D76–80)", "一子捉两子或以上、两子轮捉两子或以上，允许", "one piece chasing two or more, or two taking turns on two or more: allowed";
    AxfR33 = "AXF r33 (D81–82)", "两子或以上轮捉一子，禁止", "two or more pieces taking turns on one piece: forbidden";
    AxfR34 = "AXF r34 (D83–85, reconstructed)", "保护子失去作用（假根）按无根子处理，长捉禁止", "a piece whose protector has lost its effect counts as unprotected: its perpetual chase is forbidden";
    AxfR35 = "AXF r35 (D86–89)", "两子或以上攻有根子，不算捉", "several attackers on a protected piece: no chase";
    AxfR36 = "AXF r36 (D90–93)", "捉兼兑仍算捉", "offering an exchange while chasing is still chasing";
    AxfR38 = "AXF r38 (D97–98)", "长要将吃子（先将后吃）作和", "a perpetual threat to check and then capture is a draw";
    AxfR39 = "AXF r39 (D99–100)", "长拦作和", "a perpetual block is a draw";
    AxfR40 = "AXF r40 (D101–104)", "长兑、长献作和", "perpetually offering an exchange or a sacrifice is a draw";
    AxfD37 = "AXF D37", "守方的将捉兼施不免除对方长捉之责", "a defender's mixed check and chase does not excuse a perpetual chase";
    AxfD38 = "AXF D38", "同上", "the same";
    AxfD50 = "AXF D50", "同上", "the same";
}

impl Article {
    /// The article of `code`, if the catalogue has it.
    pub fn from_code(code: &str) -> Option<Article> {
        Article::ALL.iter().copied().find(|a| a.code() == code)
    }

    /// The code without its rule-set prefix (`23.3`, `细则11`), for a second article cited
    /// beside a first (`CXA1999 4.2.4、23.3`).
    pub fn local(self) -> &'static str {
        let c = self.code();
        c.strip_prefix("CXA1999 ")
            .or_else(|| c.strip_prefix("CXA2020 "))
            .or_else(|| c.strip_prefix("AXF "))
            .unwrap_or(c)
    }
}

impl std::fmt::Display for Article {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// A text that is the code of no [`Article`]: the text, handed back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown article {0:?}")]
pub struct ParseArticleError(pub String);

impl std::str::FromStr for Article {
    type Err = ParseArticleError;
    fn from_str(s: &str) -> Result<Article, ParseArticleError> {
        Article::from_code(s).ok_or_else(|| ParseArticleError(s.to_owned()))
    }
}

impl Serialize for Article {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Article {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Article, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::Article;

    #[test]
    fn codes_are_unique_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for &a in Article::ALL {
            assert!(seen.insert(a.code()), "{}", a.code());
            assert_eq!(a.code().parse::<Article>(), Ok(a));
            assert!(!a.zh().is_empty() && !a.en().is_empty(), "{}", a.code());
        }
        assert!("CXA1999 26.5".parse::<Article>().is_err());
        assert!("CXA 26.4".parse::<Article>().is_err());
    }

    /// An unknown code is handed back, quoted in the message.
    #[test]
    fn unknown_code_is_handed_back() {
        let e = "CXA 26.4".parse::<Article>().unwrap_err();
        assert_eq!(e, super::ParseArticleError("CXA 26.4".into()));
        assert_eq!(e.to_string(), "unknown article \"CXA 26.4\"");
    }

    #[test]
    fn local_drops_the_rule_set() {
        assert_eq!(Article::Cxa23_3.local(), "23.3");
        assert_eq!(Article::CxaXize11.local(), "细则11");
        assert_eq!(Article::AxfR27.local(), "r27 (D63–66)");
        assert_eq!(Article::Cxa2020_26_9_2.local(), "26.9.2");
    }

    #[test]
    fn serializes_as_its_code() {
        let json = serde_json::to_string(&Article::Cxa29_2Xize6).unwrap();
        assert_eq!(json, "\"CXA1999 29.2, 细则6\"");
        assert_eq!(
            serde_json::from_str::<Article>(&json).unwrap(),
            Article::Cxa29_2Xize6
        );
    }
}
