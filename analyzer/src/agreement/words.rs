//! The words of the comparison with the record, in Chinese and English.

use qili_notation::Position;

use super::Finding;
use crate::terms::{Lang, Text};

/// The words of a ruling kind of the summary (`draw`, `red_loses`, …).
/// ([`crate::terms::ruling_kind`]; an unknown name stands for itself).
pub(crate) fn ruling_kind_text(kind: &str) -> Text {
    crate::terms::ruling_kind(kind).map_or_else(|| Text::new(kind, kind), Text::from)
}

/// The bilingual text of a finding in a game that starts at `start` (for the move numbers).
pub(crate) fn finding_text(f: &Finding, start: Option<&Position>) -> Text {
    let at = |ply: usize| {
        Text::new(
            crate::terms::ply_place(start, ply, Lang::Zh),
            crate::terms::ply_place(start, ply, Lang::En),
        )
    };
    match *f {
        Finding::DrawShouldBeLoss { loser } => Text::new(
            format!("记录为和棋，但{}方应判负", loser.chinese()),
            format!("recorded a draw, but {} should have lost", loser.english()),
        ),
        Finding::WrongSide {
            recorded_loser,
            ruled_loser,
        } => Text::new(
            format!(
                "记录{}方负，但应判{}方负",
                recorded_loser.chinese(),
                ruled_loser.chinese()
            ),
            format!(
                "recorded a loss for {}, but {} loses",
                recorded_loser.english(),
                ruled_loser.english()
            ),
        ),
        Finding::WinOverDrawRuling { winner } => Text::new(
            format!("循环判和，记录却为{}胜", winner.chinese()),
            format!(
                "the cycle is ruled a draw, the record a win for {}",
                winner.english()
            ),
        ),
        Finding::PlayedPast {
            ply,
            continued: false,
            ..
        } => Text::new(
            format!("{}裁决生效后变着续弈", at(ply).zh),
            format!(
                "ruling in force at {}; the players changed moves",
                at(ply).en
            ),
        ),
        Finding::PlayedPast {
            ply,
            continued: true,
            ..
        } => Text::new(
            format!("{}裁决生效后仍循环", at(ply).zh),
            format!(
                "ruling in force at {}; the players went round the cycle again",
                at(ply).en
            ),
        ),
        Finding::PlayedPastLoss { ply, loser } => Text::new(
            format!(
                "{}{}方已被判负（裁决生效），对局仍继续；以最后生效的裁决为准",
                at(ply).zh,
                loser.chinese()
            ),
            format!(
                "{} lost at {} (a ruling in force) and the game went on; the last ruling in force decides",
                loser.english(),
                at(ply).en
            ),
        ),
        Finding::NaturalLimit { ply } => Text::new(
            format!("{}达到自然限着", at(ply).zh),
            format!("natural move limit reached at {}", at(ply).en),
        ),
        Finding::AdjudicationDiffers { recorded, ruled } => {
            let ruled_kind = ruling_kind_text(super::outcome_name(ruled));
            let (zh, en) = match ruled {
                None => ("qili 在棋谱结束时无生效裁决".to_owned(), "qili has no ruling in force at the end of the record".to_owned()),
                Some(_) => (format!("qili 裁决：{}", ruled_kind.zh), format!("qili rules: {}", ruled_kind.en)),
            };
            Text::new(
                format!("引擎裁判按重复规则判为 {}，但{}", recorded.pgn(), zh),
                format!(
                    "the engine arbiter adjudicated {} on a repetition rule, but {}",
                    recorded.pgn(),
                    en
                ),
            )
        }
        Finding::CaseMismatch { expected, ruled } => Text::new(
            format!(
                "案例预期 {} {}，裁决为 {} {}",
                expected.result.as_str(),
                expected.status.as_str(),
                ruled.result.as_str(),
                ruled.status.as_str()
            ),
            format!(
                "the case expects {} ({}), the ruling is {} ({})",
                expected.result.as_str(),
                expected.status.as_str(),
                ruled.result.as_str(),
                ruled.status.as_str()
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agreement::RecordedResult;
    use crate::terms::{finding_kind, outcome, ruling_kind};
    use std::collections::HashSet;

    #[test]
    fn results_findings_and_ruling_kinds_have_words() {
        let results: HashSet<&str> = RecordedResult::ALL.iter().map(|r| r.chinese()).collect();
        assert_eq!(results.len(), RecordedResult::ALL.len());
        assert_eq!(
            RecordedResult::Draw.chinese(),
            outcome(crate::verdict::Outcome::Draw).zh
        );
        let findings: HashSet<&str> = Finding::KINDS
            .iter()
            .map(|k| {
                finding_kind(k)
                    .unwrap_or_else(|| panic!("no words for {k}"))
                    .zh
            })
            .collect();
        assert_eq!(findings.len(), Finding::KINDS.len());
        let rulings = [
            "draw",
            "red_loses",
            "black_loses",
            "red_must_change",
            "black_must_change",
        ];
        for k in rulings {
            assert!(ruling_kind(k).is_some(), "{k}");
            assert_eq!(ruling_kind_text(k).en, ruling_kind(k).unwrap().en);
        }
        assert_eq!(finding_kind("no_such_kind"), None);
        assert_eq!(ruling_kind_text("other").zh, "other");
    }

    #[test]
    fn findings_give_the_move_and_the_ply() {
        let t = finding_text(&Finding::NaturalLimit { ply: 49 }, None);
        assert_eq!(t.en, "natural move limit reached at move 25 (ply 49)");
        assert_eq!(t.zh, "第25回合（第49步）达到自然限着");
        let past = Finding::PlayedPast {
            ply: 147,
            side: Some(qili_notation::Color::Black),
            continued: true,
            left_cycle: false,
        };
        let black = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1").unwrap();
        let t = finding_text(&past, Some(&black));
        assert_eq!(
            t.en,
            "ruling in force at move 74 (ply 147); the players went round the cycle again"
        );
        assert_eq!(t.zh, "第74回合（第147步）裁决生效后仍循环");
    }
}
