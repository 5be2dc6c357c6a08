//! Plain-text lines for the games worth a line in a text audit: unreadable games and
//! rulings that contradict the record.

use super::game::{Finding, GameReport};

/// A line for `g` when it failed or disagrees with its record; `None` otherwise.
pub fn game_text(g: &GameReport) -> Option<String> {
    let place = format!("{}#{}", g.file, g.index);
    if let Some(f) = &g.error {
        return Some(format!(
            "{place}: unreadable ({}): {}",
            f.kind.as_str(),
            f.message
        ));
    }
    let parts: Vec<String> = g
        .findings
        .iter()
        .filter(|f| f.is_disagreement())
        .map(|f| match f {
            Finding::DrawShouldBeLoss { loser } => {
                format!(
                    "recorded a draw, but {} loses by the repetition rules",
                    loser.english()
                )
            }
            Finding::WrongSide {
                recorded_loser,
                ruled_loser,
            } => format!(
                "recorded a loss for {}, but {} loses by the repetition rules",
                recorded_loser.english(),
                ruled_loser.english()
            ),
            other => other.kind().to_owned(),
        })
        .collect();
    if parts.is_empty() {
        None
    } else {
        Some(format!("{place}: {}", parts.join("; ")))
    }
}
