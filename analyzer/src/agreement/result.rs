//! What a record says the result was, read from the many ways records write it.

use qili_notation::Color;
use serde::Serialize;

/// A game result as a record writes it (the result a ruling is compared with).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordedResult {
    /// Red won (`1-0`, 红胜).
    RedWins,
    /// Black won (`0-1`, 黑胜).
    BlackWins,
    /// Draw (`1/2-1/2`, 和).
    Draw,
}

impl RecordedResult {
    /// Every result.
    pub const ALL: [RecordedResult; 3] = [
        RecordedResult::RedWins,
        RecordedResult::BlackWins,
        RecordedResult::Draw,
    ];

    /// The result in which `loser` lost.
    pub fn loss_of(loser: Color) -> RecordedResult {
        loser.fold(RecordedResult::BlackWins, RecordedResult::RedWins)
    }

    /// The side that lost, if any.
    pub fn loser(self) -> Option<Color> {
        match self {
            RecordedResult::RedWins => Some(Color::Black),
            RecordedResult::BlackWins => Some(Color::Red),
            RecordedResult::Draw => None,
        }
    }

    /// PGN notation: `1-0`, `0-1`, `1/2-1/2`.
    pub fn pgn(self) -> &'static str {
        match self {
            RecordedResult::RedWins => "1-0",
            RecordedResult::BlackWins => "0-1",
            RecordedResult::Draw => "1/2-1/2",
        }
    }

    /// Chinese: 红胜, 黑胜, 和棋: the words of the same ruled outcome
    /// ([`crate::terms::outcome`]).
    pub fn chinese(self) -> &'static str {
        use crate::verdict::Outcome;
        crate::terms::outcome(match self {
            RecordedResult::RedWins => Outcome::RedWins,
            RecordedResult::BlackWins => Outcome::BlackWins,
            RecordedResult::Draw => Outcome::Draw,
        })
        .zh
    }

    /// Reads a result as records write it: PGN (`1-0`, `0-1`, `1/2-1/2`, `½-½`), Chinese
    /// (`红胜`, `紅勝`, `黑胜`, `和`, `和棋`, `红负`, `先胜`, `先负`, `先和`), English words
    /// (`red wins`, `black_wins`, `draw`, `red loses`). `*`, empty and anything else: `None`.
    pub fn parse(text: &str) -> Option<RecordedResult> {
        let t: String = text
            .trim()
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| match c {
                '–' | '—' | '－' | '：' | ':' => '-',
                '０' => '0',
                '１' => '1',
                '½' => 'h',
                '_' => '-',
                c => c.to_ascii_lowercase(),
            })
            .collect();
        let pgn = match t.as_str() {
            "1-0" => Some(RecordedResult::RedWins),
            "0-1" => Some(RecordedResult::BlackWins),
            "1/2-1/2" | "h-h" | "0.5-0.5" | "=" => Some(RecordedResult::Draw),
            _ => None,
        };
        if pgn.is_some() {
            return pgn;
        }
        let red = ["红", "紅", "red", "先"].iter().any(|w| t.starts_with(w));
        let black = ["黑", "black", "后", "後"].iter().any(|w| t.starts_with(w));
        let won = ["胜", "勝", "win", "won", "赢", "贏"]
            .iter()
            .any(|w| t.contains(w));
        let lost = ["负", "負", "lose", "lost", "loss", "输", "輸"]
            .iter()
            .any(|w| t.contains(w));
        let drawn = ["和", "draw", "drawn"].iter().any(|w| t.contains(w));
        match (red, black, won, lost, drawn) {
            (_, _, false, false, true) => Some(RecordedResult::Draw),
            (true, false, true, false, _) => Some(RecordedResult::RedWins),
            (true, false, false, true, _) => Some(RecordedResult::BlackWins),
            (false, true, true, false, _) => Some(RecordedResult::BlackWins),
            (false, true, false, true, _) => Some(RecordedResult::RedWins),
            _ => None,
        }
    }
}

impl std::fmt::Display for RecordedResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.pgn())
    }
}

#[cfg(test)]
mod tests {
    use super::RecordedResult::{self, *};

    #[test]
    fn reads_the_usual_spellings() {
        for (text, want) in [
            ("1-0", Some(RedWins)),
            (" 0-1 ", Some(BlackWins)),
            ("1/2-1/2", Some(Draw)),
            ("½-½", Some(Draw)),
            ("红胜", Some(RedWins)),
            ("紅負", Some(BlackWins)),
            ("黑胜", Some(BlackWins)),
            ("先负", Some(BlackWins)),
            ("和棋", Some(Draw)),
            ("和", Some(Draw)),
            ("red_wins", Some(RedWins)),
            ("Black loses", Some(RedWins)),
            ("draw", Some(Draw)),
            ("*", None),
            ("", None),
            ("unknown", None),
        ] {
            assert_eq!(RecordedResult::parse(text), want, "{text:?}");
        }
    }

    #[test]
    fn loser_and_loss_of_agree() {
        for c in qili_notation::Color::ALL {
            assert_eq!(RecordedResult::loss_of(c).loser(), Some(c));
        }
        assert_eq!(Draw.loser(), None);
    }
}
