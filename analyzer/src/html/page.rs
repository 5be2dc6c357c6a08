//! Page layout: a ruling page (one game or case, one section per repetition cycle) and an
//! audit index page. Self-contained: inline CSS, inline SVG, no script, no network.

use std::fmt::Write;

use qili_notation::Color;

use super::svg::{board_svg, Diagram};
use super::{escape, Text};
use crate::label::Label;

const CSS: &str = include_str!("style.css");

/// One move of a cycle, drawn on the position after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// 1-based ply number in the record.
    pub ply: usize,
    /// The side that moved.
    pub side: Color,
    /// The move as written for the reader (e.g. `炮二平五 h2e2`).
    pub mv: String,
    /// Its labels, heaviest first.
    pub labels: Vec<Label>,
    /// The evidence for the labels, one line each.
    pub evidence: Vec<Text>,
    /// The board after the move, annotated.
    pub diagram: Diagram,
}

/// One side's conduct over a cycle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conduct {
    /// The side.
    pub side: Color,
    /// The classification (长将, 数捉一闲 …).
    pub summary: Text,
    /// Whether the conduct is forbidden (禁止着法).
    pub forbidden: bool,
}

/// One repetition cycle and its ruling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CycleSection {
    /// The heading (`循环 1` / `Cycle 1`, plies …).
    pub heading: Text,
    /// The repeated position, drawn large.
    pub repeated: Diagram,
    /// Caption of the repeated position (occurrences, plies).
    pub caption: Text,
    /// The repeated position as FEN.
    pub fen: String,
    /// Each side's conduct.
    pub conduct: Vec<Conduct>,
    /// The moves of the cycle.
    pub steps: Vec<Step>,
    /// The ruling of this cycle.
    pub verdict: Text,
    /// CSS kind of the ruling: `draw`, `loss`, `must-change` or `none`.
    pub verdict_kind: &'static str,
    /// The articles applied, as citations (`CXA 26.4`).
    pub cites: Vec<String>,
}

/// An article cited on the page, with its gist.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Article {
    /// The citation (`CXA 26.4`, `AXF r15 (D18–25)`).
    pub cite: String,
    /// What it says.
    pub text: Text,
}

/// A ruling page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// The page heading.
    pub title: Text,
    /// Facts shown under the heading (file, players, rules, recorded result …).
    pub meta: Vec<(Text, String)>,
    /// The overall ruling (`#verdict`).
    pub verdict: Text,
    /// CSS kind of the overall ruling: `draw`, `loss`, `must-change` or `none`.
    pub verdict_kind: &'static str,
    /// One section per cycle.
    pub cycles: Vec<CycleSection>,
    /// Further notes (natural move limit, open defaults that decided the outcome).
    pub notes: Vec<Text>,
    /// Every article cited (`#articles`).
    pub articles: Vec<Article>,
    /// The full explanation of the judgement (`#explanation`), as plain text.
    pub explanation: Option<Text>,
    /// A link back to an index page.
    pub back: Option<String>,
}

/// The Chinese and English name of a label.
pub fn label_text(l: Label) -> Text {
    let (zh, en) = match l {
        Label::Check => ("将", "check"),
        Label::MateThreat => ("杀", "mate threat"),
        Label::Chase => ("捉", "chase"),
        Label::Exchange => ("兑", "exchange offer"),
        Label::Offer => ("献", "offer"),
        Label::Block => ("拦", "block"),
        Label::Follow => ("跟", "follow"),
        Label::Idle => ("闲", "idle"),
    };
    Text::new(zh, en)
}

fn label_class(l: Label) -> &'static str {
    match l {
        Label::Check => "check",
        Label::MateThreat => "mate_threat",
        Label::Chase => "chase",
        Label::Exchange => "exchange",
        Label::Offer => "offer",
        Label::Block => "block",
        Label::Follow => "follow",
        Label::Idle => "idle",
    }
}

fn side_class(c: Color) -> &'static str {
    c.fold("side-red", "side-black")
}

/// `<span class="zh">…</span><span class="en">…</span>`, omitting an empty half.
fn bi(t: &Text) -> String {
    let mut s = String::new();
    if !t.zh.is_empty() {
        let _ = write!(
            s,
            r#"<span class="zh" lang="zh-Hans">{}</span>"#,
            escape(&t.zh)
        );
    }
    if !t.en.is_empty() {
        let _ = write!(s, r#"<span class="en" lang="en">{}</span>"#, escape(&t.en));
    }
    s
}

fn head(s: &mut String, title: &Text) {
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"zh-Hans\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"generator\" content=\"qili {}\">\n<title>{} · {}</title>\n<style>\n{CSS}</style>\n</head>\n<body>\n",
        env!("CARGO_PKG_VERSION"),
        escape(&title.zh),
        escape(&title.en)
    );
}

fn meta(s: &mut String, rows: &[(Text, String)]) {
    if rows.is_empty() {
        return;
    }
    s.push_str(r#"<dl class="meta">"#);
    for (k, v) in rows {
        let _ = write!(s, "<dt>{}</dt><dd>{}</dd>", bi(k), escape(v));
    }
    s.push_str("</dl>\n");
}

/// The colour key of the diagrams, drawn with the same strokes as the boards.
fn legend(s: &mut String) {
    let items: [(&str, &str, &str, &str, &str); 6] = [
        ("check", "#c62828", "", "将", "check"),
        ("mate", "#6a1b9a", "", "杀", "mate threat"),
        ("chase", "#e65100", "", "捉", "chase"),
        ("protector", "#2e7d32", "2 6", "根", "protector"),
        ("false-root", "#616161", "9 6", "假根", "false root"),
        ("last-move", "#1565c0", "6 4", "上一着", "last move"),
    ];
    s.push_str(r#"<div class="legend">"#);
    for (class, colour, dash, zh, en) in items {
        let dash = if dash.is_empty() {
            String::new()
        } else {
            format!(r#" stroke-dasharray="{dash}""#)
        };
        let _ = write!(
            s,
            r#"<span class="key {class}"><svg width="34" height="12" aria-hidden="true"><line x1="2" y1="6" x2="32" y2="6" stroke="{colour}" stroke-width="4"{dash}/></svg> {}</span>"#,
            bi(&Text::new(zh, en))
        );
    }
    s.push_str("</div>\n");
}

fn conduct_table(s: &mut String, rows: &[Conduct]) {
    s.push_str(r#"<table class="conduct-table"><thead><tr><th>方 · side</th><th>着法性质 · conduct</th><th></th></tr></thead><tbody>"#);
    for c in rows {
        let (tag, zh, en) = if c.forbidden {
            ("forbidden", "禁止", "forbidden")
        } else {
            ("allowed", "允许", "allowed")
        };
        let _ = write!(
            s,
            r#"<tr class="conduct {}"><td class="{}">{}</td><td>{}</td><td><span class="tag {tag}">{zh} {en}</span></td></tr>"#,
            c.side.english().to_ascii_lowercase(),
            side_class(c.side),
            bi(&Text::new(c.side.chinese(), c.side.english())),
            bi(&c.summary)
        );
    }
    s.push_str("</tbody></table>\n");
}

fn step(s: &mut String, st: &Step) {
    let colour = st.side.english().to_ascii_lowercase();
    let _ = write!(
        s,
        r#"<li class="step {colour}" id="ply-{}"><h3><span class="{}">{} {}</span> · <span class="ply">第{}步 · ply {}</span></h3>"#,
        st.ply,
        side_class(st.side),
        st.side.chinese(),
        escape(&st.mv),
        st.ply,
        st.ply
    );
    s.push_str(r#"<ul class="labels">"#);
    for l in &st.labels {
        let _ = write!(
            s,
            r#"<li class="label {}">{}</li>"#,
            label_class(*l),
            bi(&label_text(*l))
        );
    }
    s.push_str("</ul>");
    s.push_str(&board_svg(&st.diagram));
    if !st.evidence.is_empty() {
        s.push_str(r#"<ul class="evidence">"#);
        for e in &st.evidence {
            let _ = write!(s, "<li>{}</li>", bi(e));
        }
        s.push_str("</ul>");
    }
    s.push_str("</li>\n");
}

fn cycle(s: &mut String, i: usize, c: &CycleSection) {
    let _ = write!(
        s,
        "<section class=\"cycle\" id=\"cycle-{}\">\n<h2>{}</h2>\n",
        i + 1,
        bi(&c.heading)
    );
    s.push_str(r#"<div class="cycle-top"><figure class="main repeated">"#);
    s.push_str(&board_svg(&c.repeated));
    let _ = write!(
        s,
        r#"<figcaption>{}<br><code class="fen">{}</code></figcaption></figure>"#,
        bi(&c.caption),
        escape(&c.fen)
    );
    s.push_str(r#"<div class="conduct">"#);
    conduct_table(s, &c.conduct);
    let _ = write!(
        s,
        r#"<div class="verdict {}" id="cycle-{}-verdict">{}</div>"#,
        c.verdict_kind,
        i + 1,
        bi(&c.verdict)
    );
    if !c.cites.is_empty() {
        s.push_str(r#"<p class="cites">依据 · articles: "#);
        let cites: Vec<String> = c
            .cites
            .iter()
            .map(|a| format!(r#"<span class="cite">{}</span>"#, escape(a)))
            .collect();
        s.push_str(&cites.join(", "));
        s.push_str("</p>");
    }
    legend(s);
    s.push_str("</div></div>\n");
    let _ = write!(
        s,
        "<h3>{}</h3>\n<ol class=\"steps\">\n",
        bi(&Text::new("循环着法", "Moves of the cycle"))
    );
    for st in &c.steps {
        step(s, st);
    }
    s.push_str("</ol>\n</section>\n");
}

/// Renders a ruling page as a complete HTML document.
pub fn ruling_page(p: &Page) -> String {
    let mut s = String::with_capacity(64 * 1024 + p.cycles.len() * 96 * 1024);
    head(&mut s, &p.title);
    s.push_str("<header>\n");
    if let Some(back) = &p.back {
        let _ = write!(
            s,
            r#"<p class="back"><a href="{}">← 目录 · index</a></p>"#,
            escape(back)
        );
    }
    let _ = writeln!(s, "<h1>{}</h1>", bi(&p.title));
    meta(&mut s, &p.meta);
    s.push_str("</header>\n");
    let _ = writeln!(
        s,
        r#"<div class="verdict {}" id="verdict">{}</div>"#,
        p.verdict_kind,
        bi(&p.verdict)
    );
    if !p.notes.is_empty() {
        s.push_str(r#"<ul class="notes">"#);
        for n in &p.notes {
            let _ = write!(s, "<li>{}</li>", bi(n));
        }
        s.push_str("</ul>\n");
    }
    for (i, c) in p.cycles.iter().enumerate() {
        cycle(&mut s, i, c);
    }
    s.push_str("<section id=\"articles\">\n");
    let _ = writeln!(s, "<h2>{}</h2>", bi(&Text::new("条款", "Articles applied")));
    s.push_str(r#"<ul class="articles">"#);
    for a in &p.articles {
        let _ = write!(
            s,
            r#"<li><span class="cite">{}</span> {}</li>"#,
            escape(&a.cite),
            bi(&a.text)
        );
    }
    s.push_str("</ul>\n</section>\n");
    if let Some(e) = &p.explanation {
        s.push_str("<section id=\"explanation\">\n");
        let _ = writeln!(s, "<h2>{}</h2>", bi(&Text::new("裁决说明", "Explanation")));
        let _ = write!(
            s,
            r#"<div class="explanation"><pre lang="zh-Hans">{}</pre><pre lang="en">{}</pre></div>"#,
            escape(&e.zh),
            escape(&e.en)
        );
        s.push_str("\n</section>\n");
    }
    s.push_str("</body>\n</html>\n");
    s
}

/// How an audited game relates to its record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RowStatus {
    /// The ruling agrees with the recorded result (or nothing was ruled).
    Agrees,
    /// The ruling contradicts the recorded result.
    Disagrees,
    /// Worth a look (a ruling played past, a natural-limit draw) without contradicting.
    Noted,
    /// The game could not be read.
    Error,
}

impl RowStatus {
    fn class(self) -> &'static str {
        match self {
            RowStatus::Agrees => "agrees",
            RowStatus::Disagrees => "disagrees",
            RowStatus::Noted => "noted",
            RowStatus::Error => "error",
        }
    }
}

/// One game of an audit index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexRow {
    /// The file.
    pub file: String,
    /// 1-based game number in the file.
    pub index: usize,
    /// Event and players.
    pub name: String,
    /// The recorded result as written.
    pub recorded: String,
    /// The ruling, or the reason the game could not be read.
    pub ruling: Text,
    /// Agreement with the record.
    pub status: RowStatus,
    /// Relative link to the game's ruling page.
    pub link: Option<String>,
}

/// An audit index page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexPage {
    /// The heading.
    pub title: Text,
    /// Summary figures.
    pub summary: Vec<(Text, String)>,
    /// The games listed (`#games`).
    pub rows: Vec<IndexRow>,
}

/// Renders an audit index page.
pub fn index_page(p: &IndexPage) -> String {
    let mut s = String::with_capacity(16 * 1024 + p.rows.len() * 512);
    head(&mut s, &p.title);
    let _ = writeln!(s, "<header>\n<h1>{}</h1>", bi(&p.title));
    meta(&mut s, &p.summary);
    s.push_str("</header>\n<table id=\"games\"><thead><tr><th>#</th><th>文件 · file</th><th>对局 · game</th><th>记录结果 · recorded</th><th>裁决 · ruling</th><th></th></tr></thead><tbody>\n");
    for r in &p.rows {
        let ruling = match &r.link {
            Some(l) => format!(r#"<a href="{}">{}</a>"#, escape(l), bi(&r.ruling)),
            None => bi(&r.ruling),
        };
        let status = match r.status {
            RowStatus::Agrees => "",
            RowStatus::Disagrees => "不符 · disagrees",
            RowStatus::Noted => "注意 · note",
            RowStatus::Error => "读取失败 · unreadable",
        };
        let _ = writeln!(
            s,
            r#"<tr class="{}"><td class="num">{}</td><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>"#,
            r.status.class(),
            r.index,
            escape(&r.file),
            escape(&r.name),
            escape(&r.recorded),
            ruling,
            status
        );
    }
    s.push_str("</tbody></table>\n</body>\n</html>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili_notation::Position;

    fn page() -> Page {
        let pos = Position::startpos();
        Page {
            title: Text::new("测试", "Test <page>"),
            meta: vec![(Text::new("规则", "rules"), "cxa".into())],
            verdict: Text::new("和棋", "Draw"),
            verdict_kind: "draw",
            cycles: vec![CycleSection {
                heading: Text::new("循环 1", "Cycle 1"),
                repeated: Diagram::new(&pos),
                caption: Text::new("重复局面", "Repeated position"),
                fen: pos.fen(),
                conduct: vec![
                    Conduct {
                        side: Color::Red,
                        summary: Text::new("长将", "perpetual check"),
                        forbidden: true,
                    },
                    Conduct {
                        side: Color::Black,
                        summary: Text::new("闲", "idle"),
                        forbidden: false,
                    },
                ],
                steps: vec![Step {
                    ply: 1,
                    side: Color::Red,
                    mv: "h2e2".into(),
                    labels: vec![Label::Check],
                    evidence: vec![Text::new("炮将军", "the cannon checks")],
                    diagram: Diagram::new(&pos),
                }],
                verdict: Text::new("红方判负", "Red loses"),
                verdict_kind: "loss",
                cites: vec!["CXA 26.1".into()],
            }],
            notes: vec![],
            articles: vec![Article {
                cite: "CXA 26.1".into(),
                text: Text::new("长将判负", "perpetual check loses"),
            }],
            explanation: Some(Text::new("说明", "explanation")),
            back: Some("index.html".into()),
        }
    }

    #[test]
    fn ruling_page_has_the_parts_a_reader_looks_for() {
        let html = ruling_page(&page());
        assert!(html.starts_with("<!DOCTYPE html>"));
        assert!(html.contains(r#"id="verdict""#));
        assert!(html.contains(r#"id="articles""#));
        assert!(html.contains(r#"id="explanation""#));
        assert!(html.contains(r#"id="cycle-1-verdict""#));
        assert_eq!(html.matches(r#"<svg class="board""#).count(), 2);
        assert!(html.contains(r#"<li class="label check">"#));
        assert!(html.contains("Test &lt;page&gt;"), "titles are escaped");
        assert!(
            !html
                .replace("http://www.w3.org/2000/svg", "")
                .contains("http"),
            "no network reference"
        );
        assert!(!html.contains("<script"), "no script");
    }

    #[test]
    fn index_page_lists_every_row() {
        let rows = (1..=3)
            .map(|i| IndexRow {
                file: format!("g{i}.pgn"),
                index: i,
                name: "event".into(),
                recorded: "1-0".into(),
                ruling: Text::new("和", "draw"),
                status: if i == 2 {
                    RowStatus::Disagrees
                } else {
                    RowStatus::Agrees
                },
                link: Some(format!("game-{i}.html")),
            })
            .collect();
        let html = index_page(&IndexPage {
            title: Text::new("审计", "Audit"),
            summary: vec![],
            rows,
        });
        assert!(html.contains(r#"<table id="games">"#));
        assert_eq!(html.matches("<tr class=").count(), 3);
        assert_eq!(html.matches(r#"<tr class="disagrees">"#).count(), 1);
        assert!(html.contains(r#"href="game-2.html""#));
    }
}
