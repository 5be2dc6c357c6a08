//! Self-contained teaching pages: HTML with inline SVG boards and inline CSS, no network.
//!
//! The renderer works on small plain types of its own — a [`Diagram`] (a board with
//! [`Arrow`]s and [`Mark`]s), a [`Page`] of [`CycleSection`]s with bilingual [`Text`] —
//! so that it knows nothing about how a ruling was reached; adapters elsewhere turn a
//! judgement or an audit into these types.
//!
//! Every element a reader (or a browser test) looks for has a stable class or id:
//! `svg.board`, `.piece.red`/`.piece.black`, `.arrow.check`, `.arrow.chase`, `.arrow.mate`,
//! `.link.protector`, `.link.false-root`, `.mark.protector`, `.mark.false-root`,
//! `.mark.target`, `.mark.checked`, `.last-move`, `#verdict`, `#articles`, `.cycle`,
//! `.step`, `#games`, `tr.game[data-kind]`, `#by-ruling`, `#by-finding` (index page).
//!
//! A page with boards holds the grid and the pieces once (a hidden `svg.qili-defs`) and its
//! boards `<use>` them; the pieces that stand still through a cycle are drawn once, on the
//! repeated position. An audit's pages link one style sheet (`qili.css`).

mod annotate;
mod fold;
mod judgement;
mod page;
mod svg;
mod words;

pub use annotate::{annotate_move, piece_text};
pub use fold::fold;
pub use judgement::{judgement_page, ruling_text, verdict_kind, verdict_text};
pub use page::{
    index_page, label_text, ruling_page, ruling_page_linked, stylesheet, CitedArticle,
    CycleSection, IndexPage, IndexRow, Page, RowStatus, SideConduct, Step,
};
pub use svg::{board_svg, Arrow, ArrowKind, Diagram, Mark, MarkKind};
pub(crate) use words::PageWord;

/// A text in Chinese and English (kept in [`crate::terms`], with the vocabulary).
pub use crate::terms::Text;

/// Escapes `s` for HTML text and attribute values.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escapes_markup() {
        assert_eq!(
            escape(r#"<a href="x">&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;"
        );
    }
}
