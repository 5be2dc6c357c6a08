//! The words of the comparison with the record, in Chinese and English.

use qili_notation::Position;

use super::Finding;
use crate::terms::{Lang, Phrase, Text};

/// The words of a ruling kind of the summary (`draw`, `red_loses`, …).
/// ([`crate::terms::ruling_kind`]; an unknown name stands for itself).
pub(crate) fn ruling_kind_text(kind: &str) -> Text {
    crate::terms::ruling_kind(kind).map_or_else(|| Text::same(kind), Text::from)
}

/// The bilingual text of a finding in a game that starts at `start` (for the move numbers).
pub(crate) fn finding_text(f: &Finding, start: Option<&Position>) -> Text {
    FindingWord { finding: f, start }.text()
}

/// A finding as words: the finding (its kind and arguments are the key) and the start of its
/// game (for the move numbers), worded by [`zh`] and [`en`], one `match` each.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FindingWord<'a> {
    /// The finding.
    pub finding: &'a Finding,
    /// The game's start position (`None`: the usual start).
    pub start: Option<&'a Position>,
}

impl Phrase for FindingWord<'_> {
    fn zh(&self) -> String {
        zh(self.finding, self.start)
    }

    fn en(&self) -> String {
        en(self.finding, self.start)
    }
}

/// The Chinese words of a finding.
fn zh(f: &Finding, start: Option<&Position>) -> String {
    let at = |ply: usize| crate::terms::ply_place(start, ply, Lang::Zh);
    match *f {
        Finding::DrawShouldBeLoss { loser } => {
            format!("记录为和棋，但{}方应判负", loser.chinese())
        }
        Finding::WrongSide {
            recorded_loser,
            ruled_loser,
        } => format!(
            "记录{}方负，但应判{}方负",
            recorded_loser.chinese(),
            ruled_loser.chinese()
        ),
        Finding::WinOverDrawRuling { winner } => {
            format!("循环判和，记录却为{}胜", winner.chinese())
        }
        Finding::PlayedPast {
            ply,
            continued: false,
            ..
        } => format!("{}裁决生效后变着续弈", at(ply)),
        Finding::PlayedPast {
            ply,
            continued: true,
            ..
        } => format!("{}裁决生效后仍循环", at(ply)),
        Finding::PlayedPastLoss { ply, loser } => format!(
            "{}{}方已被判负（裁决生效），对局仍继续；以最后生效的裁决为准",
            at(ply),
            loser.chinese()
        ),
        Finding::NaturalLimit { ply } => format!("{}达到自然限着", at(ply)),
        Finding::AdjudicationDiffers { recorded, ruled } => {
            let ruled = match ruled {
                None => "qili 在棋谱结束时无生效裁决".to_owned(),
                Some(_) => format!(
                    "qili 裁决：{}",
                    ruling_kind_text(super::outcome_name(ruled)).zh
                ),
            };
            format!("引擎裁判按重复规则判为 {}，但{ruled}", recorded.pgn())
        }
        Finding::CaseMismatch { expected, ruled } => format!(
            "案例预期 {} {}，裁决为 {} {}",
            expected.result.as_str(),
            expected.status.as_str(),
            ruled.result.as_str(),
            ruled.status.as_str()
        ),
    }
}

/// The English words of a finding.
fn en(f: &Finding, start: Option<&Position>) -> String {
    let at = |ply: usize| crate::terms::ply_place(start, ply, Lang::En);
    match *f {
        Finding::DrawShouldBeLoss { loser } => {
            format!("recorded a draw, but {} should have lost", loser.english())
        }
        Finding::WrongSide {
            recorded_loser,
            ruled_loser,
        } => format!(
            "recorded a loss for {}, but {} loses",
            recorded_loser.english(),
            ruled_loser.english()
        ),
        Finding::WinOverDrawRuling { winner } => format!(
            "the cycle is ruled a draw, the record a win for {}",
            winner.english()
        ),
        Finding::PlayedPast {
            ply,
            continued: false,
            ..
        } => format!("ruling in force at {}; the players changed moves", at(ply)),
        Finding::PlayedPast {
            ply,
            continued: true,
            ..
        } => format!(
            "ruling in force at {}; the players went round the cycle again",
            at(ply)
        ),
        Finding::PlayedPastLoss { ply, loser } => format!(
            "{} lost at {} (a ruling in force) and the game went on; the last ruling in force decides",
            loser.english(),
            at(ply)
        ),
        Finding::NaturalLimit { ply } => format!("natural move limit reached at {}", at(ply)),
        Finding::AdjudicationDiffers { recorded, ruled } => {
            let ruled = match ruled {
                None => "qili has no ruling in force at the end of the record".to_owned(),
                Some(_) => format!(
                    "qili rules: {}",
                    ruling_kind_text(super::outcome_name(ruled)).en
                ),
            };
            format!(
                "the engine arbiter adjudicated {} on a repetition rule, but {ruled}",
                recorded.pgn()
            )
        }
        Finding::CaseMismatch { expected, ruled } => format!(
            "the case expects {} ({}), the ruling is {} ({})",
            expected.result.as_str(),
            expected.status.as_str(),
            ruled.result.as_str(),
            ruled.status.as_str()
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
