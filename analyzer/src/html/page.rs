//! Page layout: a ruling page (one game or case, one section per repetition cycle) and an
//! audit index page. Self-contained: inline CSS, inline SVG, no script, no network.

use std::fmt::Write;

use qili_notation::Color;

use super::svg::{board_svg_shared, Diagram, Reuse};
use super::words::{side_by_side, PageWord};
use super::{escape, Text};
use crate::label::Label;
use crate::terms::Phrase;

const CSS: &str = include_str!("style.css");

/// One move of a cycle, drawn on the position after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// 1-based ply number in the record.
    pub ply: usize,
    /// The move number of the score sheet (docs/rules.md §1).
    pub number: usize,
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
pub struct SideConduct {
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
    /// The cycle's index in the judgement (0-based).
    pub index: usize,
    /// The heading (`循环 1` / `Cycle 1`, plies …).
    pub heading: Text,
    /// The repeated position, drawn large.
    pub repeated: Diagram,
    /// Caption of the repeated position (occurrences, plies).
    pub caption: Text,
    /// The repeated position as FEN.
    pub fen: String,
    /// Each side's conduct.
    pub conduct: Vec<SideConduct>,
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
pub struct CitedArticle {
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
    pub articles: Vec<CitedArticle>,
    /// The full explanation of the judgement (`#explanation`), as plain text.
    pub explanation: Option<Text>,
    /// A link back to an index page.
    pub back: Option<String>,
}

/// The Chinese and English name of a label.
pub fn label_text(l: Label) -> Text {
    crate::terms::label(l).into()
}

fn side_class(c: Color) -> &'static str {
    c.fold("side-red", "side-black")
}

/// `<span class="zh">…</span><span class="en">…</span>`, omitting an empty half.
fn bi(t: &Text) -> String {
    let mut s = String::new();
    if !t.zh.is_empty() {
        let _ = write!(s, r#"<span class="zh">{}</span>"#, escape(&t.zh));
    }
    if !t.en.is_empty() {
        let _ = write!(s, r#"<span class="en">{}</span>"#, escape(&t.en));
    }
    s
}

fn head(s: &mut String, title: &Text, stylesheet: Option<&str>) {
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"zh-Hans\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"generator\" content=\"qili {}\">\n<title>{} · {}</title>\n",
        env!("CARGO_PKG_VERSION"),
        escape(&title.zh),
        escape(&title.en)
    );
    match stylesheet {
        Some(href) => {
            let _ = writeln!(s, r#"<link rel="stylesheet" href="{}">"#, escape(href));
        }
        None => {
            let _ = write!(s, "<style>\n{CSS}</style>\n");
        }
    }
    s.push_str("</head>\n<body>\n");
}

/// The style sheet of every page, for [`ruling_page_linked`] (written beside the pages).
pub fn stylesheet() -> &'static str {
    CSS
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
    let items: [(&str, PageWord); 6] = [
        ("check", PageWord::KeyCheck),
        ("mate", PageWord::KeyMate),
        ("chase", PageWord::KeyChase),
        ("protector", PageWord::KeyProtector),
        ("false-root", PageWord::KeyFalseRoot),
        ("last-move", PageWord::KeyLastMove),
    ];
    s.push_str(r#"<div class="legend">"#);
    for (class, word) in items {
        let _ = write!(
            s,
            r#"<span class="key {class}">{}</span>"#,
            bi(&word.text())
        );
    }
    s.push_str("</div>\n");
}

fn conduct_table(s: &mut String, rows: &[SideConduct]) {
    let _ = write!(
        s,
        r#"<table class="conduct-table"><thead><tr><th>{}</th><th>{}</th><th></th></tr></thead><tbody>"#,
        side_by_side(PageWord::ColumnSide),
        side_by_side(PageWord::ColumnConduct)
    );
    for c in rows {
        let tag = if c.forbidden { "forbidden" } else { "allowed" };
        let word = PageWord::Forbidden(c.forbidden);
        let (zh, en) = (word.zh(), word.en());
        let _ = write!(
            s,
            r#"<tr class="conduct {}"><td class="{}">{}</td><td>{}</td><td><span class="tag {tag}">{zh} {en}</span></td></tr>"#,
            c.side.english().to_ascii_lowercase(),
            side_class(c.side),
            bi(&PageWord::Side(c.side).text()),
            bi(&c.summary)
        );
    }
    s.push_str("</tbody></table>\n");
}

fn step(s: &mut String, st: &Step, reuse: Reuse<'_>) {
    let colour = st.side.english().to_ascii_lowercase();
    let _ = write!(
        s,
        r#"<li class="step {colour}" id="ply-{}"><h3><span class="{}">{} {}</span> · <span class="ply">{}· {}</span></h3>"#,
        st.ply,
        side_class(st.side),
        st.side.chinese(),
        escape(&st.mv),
        crate::terms::numbered_place(st.number, st.ply, crate::terms::Lang::Zh),
        crate::terms::numbered_place(st.number, st.ply, crate::terms::Lang::En),
    );
    s.push_str(r#"<ul class="labels">"#);
    for l in &st.labels {
        let _ = write!(
            s,
            r#"<li class="label {}">{}</li>"#,
            l.name(),
            bi(&label_text(*l))
        );
    }
    s.push_str("</ul>");
    s.push_str(&board_svg_shared(&st.diagram, reuse));
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
    // The pieces that stand still through the cycle are drawn once, on the repeated
    // position, and reused by every move's board.
    let mut fixed = [false; 90];
    for (k, f) in fixed.iter_mut().enumerate() {
        let p = c.repeated.board[k];
        *f = p.is_some() && c.steps.iter().all(|st| st.diagram.board[k] == p);
    }
    let id = format!("cycle-{}-fixed", i + 1);
    s.push_str(&board_svg_shared(&c.repeated, Reuse::Define(&id, &fixed)));
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
        let _ = write!(s, r#"<p class="cites">{}: "#, side_by_side(PageWord::Cites));
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
        bi(&PageWord::MovesOfCycle.text())
    );
    for st in &c.steps {
        step(s, st, Reuse::Use(&id, &fixed));
    }
    s.push_str("</ol>\n</section>\n");
}

/// Renders a ruling page as a complete, self-contained HTML document.
pub fn ruling_page(p: &Page) -> String {
    render_ruling_page(p, None)
}

/// Renders a ruling page that links the style sheet at `href` ([`stylesheet`]) instead of
/// holding it: the pages of an audit share one.
pub fn ruling_page_linked(p: &Page, href: &str) -> String {
    render_ruling_page(p, Some(href))
}

fn render_ruling_page(p: &Page, stylesheet: Option<&str>) -> String {
    let mut s = String::with_capacity(32 * 1024 + p.cycles.len() * 32 * 1024);
    head(&mut s, &p.title, stylesheet);
    if !p.cycles.is_empty() {
        s.push_str(&super::svg::shared_defs());
    }
    s.push_str("<header>\n");
    if let Some(back) = &p.back {
        let _ = write!(
            s,
            r#"<p class="back"><a href="{}">{}</a></p>"#,
            escape(back),
            side_by_side(PageWord::BackToIndex)
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
    let _ = writeln!(s, "<h2>{}</h2>", bi(&PageWord::ArticlesApplied.text()));
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
        let _ = writeln!(s, "<h2>{}</h2>", bi(&PageWord::Explanation.text()));
        let _ = write!(
            s,
            r#"<div class="explanation"><pre lang="zh-Hans">{}</pre><pre lang="en">{}</pre></div>"#,
            board_cells(&e.zh),
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
    /// The folder of its file (rows are grouped by it).
    pub folder: String,
    /// The file's name.
    pub file: String,
    /// 1-based game number in the file.
    pub index: usize,
    /// The event (or a ruling case's title).
    pub name: String,
    /// The players, `Red – Black`.
    pub players: String,
    /// The recorded result as written.
    pub recorded: String,
    /// The ruling, or the reason the game could not be read.
    pub ruling: Text,
    /// What the audit found.
    pub finding: Text,
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
    /// Rulings in force by kind, with the count.
    pub by_ruling: Vec<(Text, usize)>,
    /// Findings by kind, with the count.
    pub by_finding: Vec<(Text, usize)>,
    /// The games listed (`#games`), in the order shown: disagreements first, then the
    /// other rulings, then unreadable games, each grouped by folder.
    pub rows: Vec<IndexRow>,
}

/// The Chinese explanation escaped, the cells of its text boards (rows of nine full-width
/// characters: the file letters, the pieces and the empty points `＋`) each in a
/// `<span class="cell">` one em wide, centred: a font may draw `＋` narrow at the left of
/// its cell beside a piece filling its own, and the columns then look ragged.
fn board_cells(text: &str) -> String {
    let wide =
        |c: char| ('\u{2E80}'..='\u{9FFF}').contains(&c) || ('\u{FF01}'..='\u{FF5E}').contains(&c);
    let mut out = String::with_capacity(text.len() * 2);
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches('\n');
        // A row: spaces, a rank digit (none for the letters' row), spaces, nine wide cells.
        let head = body.trim_end_matches(wide);
        let cells = &body[head.len()..];
        let is_row = cells.chars().count() == 9
            && head.chars().all(|c| c == ' ' || c.is_ascii_digit())
            && head.chars().filter(char::is_ascii_digit).count() <= 1
            && head.ends_with("  ");
        if !is_row {
            out.push_str(&escape(line));
            continue;
        }
        out.push_str(head);
        for c in cells.chars() {
            let class = if c == '＋' { "cell empty" } else { "cell" };
            let _ = write!(out, r#"<span class="{class}">{c}</span>"#);
        }
        out.push_str(&line[body.len()..]);
    }
    out
}

/// Sorting and filtering of the index (`#games`); without it the page reads as written.
const INDEX_SCRIPT: &str = r#"(function () {
  var table = document.getElementById('games'), body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.querySelectorAll('tr.game'));
  var heads = body.querySelectorAll('tr.group, tr.folder');
  var only = document.getElementById('only'), q = document.getElementById('q');
  var shown = document.getElementById('shown');
  document.getElementById('controls').hidden = false;
  var sorted = false;
  // Traditional characters folded to simplified ones (QILI_FOLD: pairs, traditional first),
  // so that a name matches however it is written, in the rows and in the query alike.
  var FOLD = {};
  for (var i = 0; i + 1 < QILI_FOLD.length; i += 2) { FOLD[QILI_FOLD[i]] = QILI_FOLD[i + 1]; }
  function fold(s) {
    var out = '';
    for (var i = 0; i < s.length; i++) { out += FOLD[s[i]] || s[i]; }
    return out.toLowerCase();
  }
  rows.forEach(function (r) { r.qiliText = fold(r.textContent); });
  function apply() {
    var k = only.value, t = fold(q.value.trim()), n = 0;
    rows.forEach(function (r) {
      var ok = (!k || r.getAttribute('data-kind') === k) &&
        (!t || r.qiliText.indexOf(t) >= 0);
      r.hidden = !ok;
      if (ok) n++;
    });
    Array.prototype.forEach.call(heads, function (h) {
      if (sorted) { h.hidden = true; return; }
      var x = h.nextElementSibling, any = false;
      while (x && !(x.classList.contains('group') || (h.classList.contains('folder') && x.classList.contains('folder')))) {
        if (x.classList.contains('game') && !x.hidden) { any = true; break; }
        x = x.nextElementSibling;
      }
      h.hidden = !any;
    });
    shown.textContent = n;
  }
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
    th.tabIndex = 0;
    th.addEventListener('click', function () {
      var up = th.getAttribute('aria-sort') !== 'ascending';
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (c) { c.removeAttribute('aria-sort'); });
      th.setAttribute('aria-sort', up ? 'ascending' : 'descending');
      var num = th.classList.contains('num');
      rows.sort(function (a, b) {
        var x = a.cells[i].textContent, y = b.cells[i].textContent;
        var c = num ? (parseFloat(x) || 0) - (parseFloat(y) || 0) : x.localeCompare(y);
        return up ? c : -c;
      });
      rows.forEach(function (r) { body.appendChild(r); });
      sorted = true;
      apply();
    });
  });
  only.addEventListener('change', apply);
  q.addEventListener('input', apply);
  // `#disagrees` (or any kind) in the address filters, on opening and when typed later.
  function fromHash() {
    if (location.hash.length > 1) { only.value = decodeURIComponent(location.hash.slice(1)); }
    apply();
  }
  window.addEventListener('hashchange', fromHash);
  fromHash();
})();
"#;

fn counts(s: &mut String, id: &str, heading: &Text, rows: &[(Text, usize)]) {
    let _ = write!(
        s,
        r#"<table class="counts" id="{id}"><thead><tr><th>{}</th><th class="num">{}</th></tr></thead><tbody>"#,
        bi(heading),
        side_by_side(PageWord::ColumnCount)
    );
    if rows.is_empty() {
        s.push_str(r#"<tr><td>—</td><td class="num">0</td></tr>"#);
    }
    for (t, n) in rows {
        let _ = write!(s, r#"<tr><td>{}</td><td class="num">{n}</td></tr>"#, bi(t));
    }
    s.push_str("</tbody></table>\n");
}

fn group_text(status: RowStatus) -> Text {
    PageWord::Group(status).text()
}

/// Renders an audit index page.
pub fn index_page(p: &IndexPage) -> String {
    let mut s = String::with_capacity(16 * 1024 + p.rows.len() * 512);
    head(&mut s, &p.title, None);
    let _ = writeln!(s, "<header>\n<h1>{}</h1>", bi(&p.title));
    meta(&mut s, &p.summary);
    s.push_str("</header>\n<section id=\"summary\" class=\"summary\">\n");
    let _ = writeln!(s, "<h2>{}</h2>", bi(&PageWord::Summary.text()));
    counts(
        &mut s,
        "by-ruling",
        &PageWord::ByRuling.text(),
        &p.by_ruling,
    );
    counts(
        &mut s,
        "by-finding",
        &PageWord::ByFinding.text(),
        &p.by_finding,
    );
    s.push_str("</section>\n<section id=\"list\">\n");
    let _ = writeln!(s, "<h2>{}</h2>", bi(&PageWord::Games.text()));
    let w = side_by_side;
    let _ = writeln!(
        s,
        concat!(
            r#"<p class="controls" id="controls" hidden><label>{} <select id="only">"#,
            r#"<option value="">{}</option><option value="disagrees">{}</option>"#,
            r#"<option value="noted">{}</option><option value="agrees">{}</option>"#,
            r#"<option value="error">{}</option></select></label> "#,
            r#"<label>{} <input id="q" type="search" size="24"></label> "#,
            r#"<span id="shown"></span> {}; {}</p>"#,
        ),
        w(PageWord::Show),
        w(PageWord::ShowAll),
        w(PageWord::ShowDisagrees),
        w(PageWord::ShowNoted),
        w(PageWord::ShowAgrees),
        w(PageWord::ShowErrors),
        w(PageWord::Search),
        w(PageWord::GamesShown),
        w(PageWord::ClickToSort),
    );
    let _ = writeln!(
        s,
        concat!(
            r#"<table id="games"><thead><tr><th>{}</th><th class="num">{}</th>"#,
            r#"<th>{}</th><th>{}</th><th>{}</th>"#,
            r#"<th>{}</th><th>{}</th></tr></thead><tbody>"#,
        ),
        w(PageWord::File),
        w(PageWord::ColumnNumber),
        w(PageWord::ColumnEvent),
        w(PageWord::ColumnPlayers),
        w(PageWord::ColumnRecorded),
        w(PageWord::ByRuling),
        w(PageWord::ByFinding),
    );
    let mut group = None;
    let mut folder: Option<&str> = None;
    for (i, r) in p.rows.iter().enumerate() {
        if group != Some(r.status) {
            group = Some(r.status);
            folder = None;
            let n = p.rows[i..]
                .iter()
                .take_while(|x| x.status == r.status)
                .count();
            let _ = writeln!(
                s,
                r#"<tr class="group {}"><th colspan="7">{} ({n})</th></tr>"#,
                r.status.class(),
                bi(&group_text(r.status))
            );
        }
        if folder != Some(r.folder.as_str()) {
            folder = Some(r.folder.as_str());
            let n = p.rows[i..]
                .iter()
                .take_while(|x| x.status == r.status && x.folder == r.folder)
                .count();
            let _ = writeln!(
                s,
                r#"<tr class="folder"><th colspan="7"><code>{}</code> ({n})</th></tr>"#,
                escape(&r.folder)
            );
        }
        let ruling = match &r.link {
            Some(l) => format!(r#"<a href="{}">{}</a>"#, escape(l), bi(&r.ruling)),
            None => bi(&r.ruling),
        };
        let _ = writeln!(
            s,
            r#"<tr class="game {0}" data-kind="{0}"><td class="file" title="{1}"><code>{2}</code></td><td class="num">{3}</td><td>{4}</td><td>{5}</td><td>{6}</td><td>{7}</td><td>{8}</td></tr>"#,
            r.status.class(),
            escape(&format!("{}/{}", r.folder, r.file)),
            escape(&r.file),
            r.index,
            escape(&r.name),
            escape(&r.players),
            escape(&r.recorded),
            ruling,
            bi(&r.finding)
        );
    }
    s.push_str("</tbody></table>\n</section>\n");
    let _ = writeln!(
        s,
        "<script>\nvar QILI_FOLD = \"{}\";\n{INDEX_SCRIPT}</script>",
        super::fold::PAIRS
    );
    s.push_str("</body>\n</html>\n");
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
                index: 0,
                heading: Text::new("循环 1", "Cycle 1"),
                repeated: Diagram::new(&pos),
                caption: Text::new("重复局面", "Repeated position"),
                fen: pos.fen(),
                conduct: vec![
                    SideConduct {
                        side: Color::Red,
                        summary: Text::new("长将", "perpetual check"),
                        forbidden: true,
                    },
                    SideConduct {
                        side: Color::Black,
                        summary: Text::new("闲", "idle"),
                        forbidden: false,
                    },
                ],
                steps: vec![Step {
                    ply: 1,
                    number: 1,
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
            articles: vec![CitedArticle {
                cite: "CXA 26.1".into(),
                text: Text::new("长将判负", "perpetual check loses"),
            }],
            explanation: Some(Text::new("说明", "explanation")),
            back: Some("index.html".into()),
        }
    }

    /// Issue 35, point 10: the cells of the Chinese text board each in a span of one em, the
    /// rest of the explanation escaped as it was.
    #[test]
    fn text_board_cells_are_spans() {
        let board = crate::explain::board_text(
            &qili_notation::Position::startpos(),
            crate::explain::Lang::Zh,
        );
        let text = format!("说明 <a>\n{board}FEN x\n");
        let html = board_cells(&text);
        assert_eq!(
            html.matches(r#"<span class="cell"#).count(),
            11 * 9,
            "{html}"
        );
        let empty = r#"<span class="cell empty">＋</span>"#;
        assert_eq!(html.matches(empty).count(), 90 - 32, "{html}");
        assert!(
            html.contains(r#" 9  <span class="cell">车</span><span class="cell">马</span>"#),
            "{html}"
        );
        assert!(html.starts_with("说明 &lt;a&gt;\n"));
        assert!(
            html.contains("（红方：帅仕相俥傌炮兵；黑方：将士象车马砲卒）\nFEN x\n"),
            "{html}"
        );
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
        let row = |i: usize, folder: &str, status| IndexRow {
            folder: folder.into(),
            file: format!("g{i}.pgn"),
            index: i,
            name: "event".into(),
            players: "A – B".into(),
            recorded: "1-0".into(),
            ruling: Text::new("和", "draw"),
            finding: Text::default(),
            status,
            link: Some(format!("g{i}.html")),
        };
        let rows = vec![
            row(2, "x", RowStatus::Disagrees),
            row(1, "x", RowStatus::Agrees),
            row(3, "y", RowStatus::Agrees),
        ];
        let html = index_page(&IndexPage {
            title: Text::new("审计", "Audit"),
            summary: vec![],
            by_ruling: vec![(Text::new("和棋", "draw"), 3)],
            by_finding: vec![],
            rows,
        });
        assert!(html.contains(r#"<table id="games">"#));
        assert_eq!(html.matches(r#"<tr class="game "#).count(), 3);
        assert_eq!(html.matches(r#"data-kind="disagrees""#).count(), 1);
        // Two groups (disagreements, other rulings); folders x, x again in the second
        // group, and y.
        assert_eq!(html.matches(r#"<tr class="group "#).count(), 2);
        assert_eq!(html.matches(r#"<tr class="folder">"#).count(), 3);
        assert!(html.contains("Disagreements with the record</span> (1)"));
        assert!(html.contains(r#"href="g2.html""#));
        assert!(html.contains(r#"<table class="counts" id="by-ruling">"#));
        // The game's number in its file, not a running count.
        assert!(html.contains(r#"<td class="num">3</td>"#));
        // The controls appear only when the script runs.
        assert!(html.contains(r#"<p class="controls" id="controls" hidden>"#));
        assert!(html.contains("<script>"));
    }
}
