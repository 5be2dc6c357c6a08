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
            Finding::CaseMismatch { expected, ruled } => format!(
                "the case expects {} ({}), but the ruling is {} ({})",
                expected.result.as_str(),
                expected.status.as_str(),
                ruled.result.as_str(),
                ruled.status.as_str()
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

/// A line for `g` when a ruling settles it: the ruling, its articles and the recorded result.
pub fn ruling_text(g: &GameReport) -> Option<String> {
    let j = g.ruled.as_ref()?.judgement.as_deref()?;
    if j.ruling.status == crate::verdict::Status::None {
        return None;
    }
    let articles: Vec<&str> = j.ruling.articles.iter().map(|a| a.code()).collect();
    // Played past a ruling with changed moves: the cycle's ruling no longer decides the game
    // (the offender changed, as the rules ask); say so, not who would have won.
    let changed = g.findings.iter().find_map(|f| match f {
        super::Finding::PlayedPast {
            ply,
            side,
            continued: false,
            ..
        } => Some((*ply, *side)),
        _ => None,
    });
    let ruling = match changed {
        Some((ply, Some(side))) => format!(
            "{} had to change at ply {ply} and changed: the cycle no longer decides, the result comes from the rest of the game",
            side.english()
        ),
        Some((ply, None)) => format!(
            "ruling in force at ply {ply}, then the players changed moves: the cycle no longer decides, the result comes from the rest of the game"
        ),
        None => crate::html::ruling_text(j).en,
    };
    Some(format!(
        "{}#{}: {} [{}] (recorded: {})",
        g.file,
        g.index,
        ruling,
        articles.join(", "),
        g.recorded_text.as_deref().unwrap_or("none")
    ))
}
