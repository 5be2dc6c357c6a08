//! The board as an inline SVG: 9 × 10 points, the river (楚河 汉界), the palaces with their
//! diagonals, pieces as discs with their Chinese glyphs, and the annotations of a diagram.
//!
//! Red is always at the bottom. Coordinates: Black's file numbers 1–9 along the top, Red's
//! 九–一 along the bottom, ICCS files a–i and ranks 0–9 in small grey type.

use std::fmt::Write;

use qili_notation::{Color, Move, Piece, Position, Role, Square};

use super::escape;

/// Distance between two points.
const CELL: f64 = 56.0;
/// Left and right margin (room for the rank digits).
const SIDE: f64 = 52.0;
/// Top margin (room for Black's file numbers).
const TOP: f64 = 62.0;
/// Bottom margin (Red's file numerals and the ICCS letters).
const BOTTOM: f64 = 84.0;
/// Piece disc radius.
const RADIUS: f64 = 24.0;
/// Width of the drawing.
const WIDTH: f64 = SIDE * 2.0 + CELL * 8.0;
/// Height of the drawing.
const HEIGHT: f64 = TOP + BOTTOM + CELL * 9.0;

/// What an arrow shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArrowKind {
    /// A piece giving check → the general (将).
    Check,
    /// The first move of a mating line (杀).
    MateThreat,
    /// An attacker → the chased piece (捉).
    Chase,
    /// A later move of a winning or mating line (thin, dashed).
    Line,
    /// A real protector → the piece it protects (thin, dotted green).
    Protector,
    /// A false protector → the piece it cannot really protect (grey, dashed, crossed).
    FalseRoot,
}

impl ArrowKind {
    /// The CSS classes of the drawn element.
    fn class(self) -> &'static str {
        match self {
            ArrowKind::Check => "arrow check",
            ArrowKind::MateThreat => "arrow mate",
            ArrowKind::Chase => "arrow chase",
            ArrowKind::Line => "arrow line",
            ArrowKind::Protector => "link protector",
            ArrowKind::FalseRoot => "link false-root",
        }
    }

    /// Stroke colour, width, dash pattern, and whether a head is drawn.
    fn style(self) -> (&'static str, f64, Option<&'static str>, bool) {
        match self {
            ArrowKind::Check => ("#c62828", 6.0, None, true),
            ArrowKind::MateThreat => ("#6a1b9a", 6.0, None, true),
            ArrowKind::Chase => ("#e65100", 6.0, None, true),
            ArrowKind::Line => ("#6a1b9a", 3.0, Some("8 6"), true),
            ArrowKind::Protector => ("#2e7d32", 3.0, Some("2 6"), false),
            ArrowKind::FalseRoot => ("#616161", 3.0, Some("9 6"), false),
        }
    }
}

/// An arrow between two points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// Where it starts (the attacker, the protector, the moving piece).
    pub from: Square,
    /// Where it points (the target, the general, the protected piece).
    pub to: Square,
    /// What it shows.
    pub kind: ArrowKind,
}

/// What a ring around a point shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MarkKind {
    /// The chased piece.
    Target,
    /// A real protector (有根).
    Protector,
    /// A protector that cannot really recapture (假根): dashed ring and a cross.
    FalseRoot,
    /// A general in check.
    Checked,
    /// A pinned piece.
    Pinned,
}

impl MarkKind {
    fn class(self) -> &'static str {
        match self {
            MarkKind::Target => "mark target",
            MarkKind::Protector => "mark protector",
            MarkKind::FalseRoot => "mark false-root",
            MarkKind::Checked => "mark checked",
            MarkKind::Pinned => "mark pinned",
        }
    }
}

/// A ring around a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Mark {
    /// The point.
    pub square: Square,
    /// What it shows.
    pub kind: MarkKind,
}

/// A board to draw: the pieces, the last move, arrows and marks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagram {
    /// Pieces by point (`rank * 9 + file`).
    pub board: [Option<Piece>; 90],
    /// The side to move (shown in the accessible title).
    pub turn: Color,
    /// The move that led here, highlighted.
    pub last_move: Option<(Square, Square)>,
    /// Arrows, drawn in order above the pieces.
    pub arrows: Vec<Arrow>,
    /// Rings, drawn above the pieces and below the arrows.
    pub marks: Vec<Mark>,
    /// A short description (the SVG's `<title>`, read by screen readers).
    pub title: String,
}

impl Diagram {
    /// A bare diagram of `pos`.
    pub fn new(pos: &Position) -> Diagram {
        Diagram {
            board: pos.board(),
            turn: pos.turn(),
            last_move: None,
            arrows: Vec::new(),
            marks: Vec::new(),
            title: String::new(),
        }
    }

    /// Highlights `mv` as the move that led here.
    pub fn with_last_move(mut self, mv: &Move) -> Diagram {
        self.last_move = Some((mv.from, mv.to));
        self
    }

    /// Sets the accessible title.
    pub fn with_title(mut self, title: impl Into<String>) -> Diagram {
        self.title = title.into();
        self
    }
}

/// The pixel centre of a point.
fn centre(sq: Square) -> (f64, f64) {
    let x = SIDE + CELL * f64::from(sq.file().index());
    let y = TOP + CELL * f64::from(9 - sq.rank().index());
    (x, y)
}

fn px(x: f64, y: f64) -> (f64, f64) {
    (SIDE + CELL * x, TOP + CELL * y)
}

/// Draws `d` as an `<svg class="board">` element sized by its container (viewBox only).
pub fn board_svg(d: &Diagram) -> String {
    board(d, false)
}

/// Like [`board_svg`], for a page that holds [`shared_defs`] once: the grid and the pieces
/// are `<use>`d from there, so that a page of many boards stays small; `reuse` names the
/// pieces that stand still on all the boards of a cycle, drawn once.
pub(crate) fn board_svg_shared(d: &Diagram, reuse: Reuse<'_>) -> String {
    board_with(d, true, reuse)
}

/// Pieces shared by several boards of a page (those that do not move in a cycle).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Reuse<'a> {
    /// Every piece drawn.
    None,
    /// The pieces on the marked points are drawn in a group with this id.
    Define(&'a str, &'a [bool; 90]),
    /// The pieces on the marked points are the group with this id, `<use>`d.
    Use(&'a str, &'a [bool; 90]),
}

/// The grid and the fourteen pieces, drawn once per page in a hidden `<svg>`, for
/// [`board_svg_shared`].
pub(crate) fn shared_defs() -> String {
    let mut s = String::with_capacity(12 * 1024);
    s.push_str(r#"<svg class="qili-defs" width="0" height="0" aria-hidden="true" style="position:absolute"><defs><g id="q-grid">"#);
    grid_compact(&mut s);
    s.push_str("</g>");
    let _ = write!(
        s,
        r#"<g id="q-from">{}</g><g id="q-to">{}</g>"#,
        last_move_from(0.0, 0.0, "from"),
        last_move_to(0.0, 0.0, "to")
    );
    // Each side's disc once; the pieces take their font from the board's style sheet
    // (`svg.board .pieces`), inherited through `<use>`.
    for color in Color::ALL {
        let ink = ink(color);
        let _ = write!(
            s,
            r##"<g id="q-d{}"><circle r="{RADIUS}" fill="#fbeed3" stroke="{ink}" stroke-width="2.5"/><circle r="{}" fill="none" stroke="{ink}" stroke-width="1"/></g>"##,
            color.fold('r', 'b'),
            RADIUS - 4.0
        );
        for role in Role::ALL {
            let p = Piece::new(color, role);
            let _ = write!(
                s,
                r##"<g id="q-{}"><use href="#q-d{}"/><text y="1" fill="{ink}">{}</text></g>"##,
                piece_id(p),
                color.fold('r', 'b'),
                glyph(p)
            );
        }
    }
    s.push_str("</defs></svg>\n");
    s
}

fn ink(c: Color) -> &'static str {
    match c {
        Color::Red => "#b71c1c",
        Color::Black => "#1b1b1b",
    }
}

fn piece_id(p: Piece) -> String {
    format!("{}{}", p.color.fold('r', 'b'), p.role.char())
}

fn board(d: &Diagram, shared: bool) -> String {
    board_with(d, shared, Reuse::None)
}

fn board_with(d: &Diagram, shared: bool, reuse: Reuse<'_>) -> String {
    let mut s = String::with_capacity(16 * 1024);
    let title = if d.title.is_empty() {
        format!("{} to move", d.turn.english())
    } else {
        d.title.clone()
    };
    let _ = write!(
        s,
        r#"<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" data-turn="{}"><title>{}</title>"#,
        d.turn.english().to_ascii_lowercase(),
        escape(&title)
    );
    if shared {
        s.push_str(r##"<use href="#q-grid"/>"##);
    } else {
        grid(&mut s);
    }
    last_move(&mut s, d, shared);
    for a in d
        .arrows
        .iter()
        .filter(|a| matches!(a.kind, ArrowKind::Protector | ArrowKind::FalseRoot))
    {
        arrow(&mut s, a);
    }
    pieces(&mut s, d, shared, reuse);
    for m in &d.marks {
        mark(&mut s, m);
    }
    for a in d
        .arrows
        .iter()
        .filter(|a| !matches!(a.kind, ArrowKind::Protector | ArrowKind::FalseRoot))
    {
        arrow(&mut s, a);
    }
    s.push_str("</svg>");
    s
}

fn line(s: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) {
    let _ = write!(s, r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#);
}

/// Background, frame, lines, palaces, river, point markers and coordinates.
fn grid(s: &mut String) {
    let _ = write!(
        s,
        r##"<rect class="wood" x="0" y="0" width="{WIDTH}" height="{HEIGHT}" rx="10" fill="#f2d9a6"/>"##
    );
    let (x0, y0) = px(0.0, 0.0);
    let (x1, y1) = px(8.0, 9.0);
    let _ = write!(
        s,
        r##"<rect class="frame" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#5d4037" stroke-width="3"/>"##,
        x0 - 7.0,
        y0 - 7.0,
        x1 - x0 + 14.0,
        y1 - y0 + 14.0
    );
    s.push_str(r##"<g class="grid" stroke="#5d4037" stroke-width="1.6" stroke-linecap="square">"##);
    for r in 0..10 {
        line(s, px(0.0, f64::from(r)), px(8.0, f64::from(r)));
    }
    for f in 0..9 {
        let f = f64::from(f);
        if f == 0.0 || f == 8.0 {
            line(s, px(f, 0.0), px(f, 9.0));
        } else {
            line(s, px(f, 0.0), px(f, 4.0));
            line(s, px(f, 5.0), px(f, 9.0));
        }
    }
    // Palaces: Black's at the top (rows 0–2 of the drawing), Red's at the bottom.
    for top in [0.0, 7.0] {
        line(s, px(3.0, top), px(5.0, top + 2.0));
        line(s, px(5.0, top), px(3.0, top + 2.0));
    }
    // Point markers of the soldiers' and cannons' starting points.
    for (f, r) in [
        (1, 2),
        (7, 2),
        (1, 7),
        (7, 7),
        (0, 3),
        (2, 3),
        (4, 3),
        (6, 3),
        (8, 3),
        (0, 6),
        (2, 6),
        (4, 6),
        (6, 6),
        (8, 6),
    ] {
        point_marker(s, f, r);
    }
    s.push_str("</g>");
    let (_, ry) = px(0.0, 4.5);
    let (lx, _) = px(2.0, 0.0);
    let (rx, _) = px(6.0, 0.0);
    let _ = write!(
        s,
        r##"<g class="river" fill="#6d4c41" font-size="30" text-anchor="middle" dominant-baseline="central" font-family="{GLYPH_FONTS}"><text x="{lx}" y="{ry}" letter-spacing="18">{chu}</text><text x="{rx}" y="{ry}" letter-spacing="18">{han}</text></g>"##,
        chu = crate::terms::RIVER[0],
        han = crate::terms::RIVER[1],
    );
    coordinates(s);
}

/// The same drawing as [`grid`], in few elements: the lines, palaces and point markers as
/// one path, the coordinates in groups that carry their style once.
fn grid_compact(s: &mut String) {
    let _ = write!(
        s,
        r##"<rect class="wood" x="0" y="0" width="{WIDTH}" height="{HEIGHT}" rx="10" fill="#f2d9a6"/>"##
    );
    let (x0, y0) = px(0.0, 0.0);
    let (x1, y1) = px(8.0, 9.0);
    let _ = write!(
        s,
        r##"<rect class="frame" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#5d4037" stroke-width="3"/>"##,
        x0 - 7.0,
        y0 - 7.0,
        x1 - x0 + 14.0,
        y1 - y0 + 14.0
    );
    let mut d = String::with_capacity(2048);
    for r in 0..10 {
        let (x, y) = px(0.0, f64::from(r));
        let _ = write!(d, "M{x} {y}H{x1}");
    }
    for f in 0..9 {
        let f = f64::from(f);
        let (x, _) = px(f, 0.0);
        if f == 0.0 || f == 8.0 {
            let _ = write!(d, "M{x} {y0}V{y1}");
        } else {
            let (_, a) = px(f, 4.0);
            let (_, b) = px(f, 5.0);
            let _ = write!(d, "M{x} {y0}V{a}M{x} {b}V{y1}");
        }
    }
    for top in [0.0, 7.0] {
        let (ax, ay) = px(3.0, top);
        let (bx, by) = px(5.0, top + 2.0);
        let _ = write!(d, "M{ax} {ay}L{bx} {by}M{bx} {ay}L{ax} {by}");
    }
    for (f, r) in MARKERS {
        let (cx, cy) = px(f64::from(f), f64::from(r));
        let (gap, len) = (5.0, 10.0);
        for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            if (f == 0 && dx < 0.0) || (f == 8 && dx > 0.0) {
                continue;
            }
            let (x, y) = (cx + dx * gap, cy + dy * gap);
            let _ = write!(d, "M{} {y}h{}v{}", x + dx * len, -dx * len, dy * len);
        }
    }
    let _ = write!(
        s,
        r##"<path class="grid" d="{d}" fill="none" stroke="#5d4037" stroke-width="1.6" stroke-linecap="square"/>"##
    );
    let (_, ry) = px(0.0, 4.5);
    let (lx, _) = px(2.0, 0.0);
    let (rx, _) = px(6.0, 0.0);
    let _ = write!(
        s,
        r##"<g class="river" fill="#6d4c41" font-size="30" text-anchor="middle" dominant-baseline="central" font-family="{GLYPH_FONTS}"><text x="{lx}" y="{ry}" letter-spacing="18">{chu}</text><text x="{rx}" y="{ry}" letter-spacing="18">{han}</text></g>"##,
        chu = crate::terms::RIVER[0],
        han = crate::terms::RIVER[1],
    );
    // One text per row of coordinates: a list of x (or y) places one glyph at each.
    let xs: Vec<String> = (0..9)
        .map(|f| px(f64::from(f), 0.0).0.to_string())
        .collect();
    let xs = xs.join(" ");
    let ys: Vec<String> = (0..10u8)
        .map(|r| px(0.0, f64::from(9 - r)).1.to_string())
        .collect();
    let _ = write!(
        s,
        r##"<g class="coords" text-anchor="middle" dominant-baseline="central" font-family="{GLYPH_FONTS}" font-size="20"><text x="{xs}" y="{}" fill="#3e2723">123456789</text><text x="{xs}" y="{}" fill="#b71c1c">{}</text><g fill="#8d6e63" font-size="15" font-family="sans-serif"><text x="{xs}" y="{}">abcdefghi</text><text x="{}" y="{}">0123456789</text></g></g>"##,
        TOP - 44.0,
        HEIGHT - BOTTOM + 44.0,
        NUMERALS.concat(),
        HEIGHT - BOTTOM + 68.0,
        // One x per digit: with a single x, the digits after the first would follow one
        // another rightwards (each only moved down), into the board's edge.
        vec![(SIDE - 40.0).to_string(); 10].join(" "),
        ys.join(" ")
    );
}

/// The starting points of the soldiers and cannons, marked with corner ticks.
const MARKERS: [(i32, i32); 14] = [
    (1, 2),
    (7, 2),
    (1, 7),
    (7, 7),
    (0, 3),
    (2, 3),
    (4, 3),
    (6, 3),
    (8, 3),
    (0, 6),
    (2, 6),
    (4, 6),
    (6, 6),
    (8, 6),
];

/// The little corner ticks around a starting point of a soldier or cannon.
fn point_marker(s: &mut String, f: i32, r: i32) {
    let (cx, cy) = px(f64::from(f), f64::from(r));
    let (gap, len) = (5.0, 10.0);
    for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        if (f == 0 && dx < 0.0) || (f == 8 && dx > 0.0) {
            continue;
        }
        let (x, y) = (cx + dx * gap, cy + dy * gap);
        let _ = write!(
            s,
            r#"<polyline fill="none" points="{},{} {x},{y} {x},{}"/>"#,
            x + dx * len,
            y,
            y + dy * len
        );
    }
}

const GLYPH_FONTS: &str = "'Noto Serif CJK SC','Noto Sans CJK SC','Source Han Serif SC','WenQuanYi Zen Hei','WenQuanYi Micro Hei','AR PL UKai CN','KaiTi','STKaiti','SimSun',serif";
const NUMERALS: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];

fn coordinates(s: &mut String) {
    let _ = write!(
        s,
        r##"<g class="coords" text-anchor="middle" dominant-baseline="central" font-family="{GLYPH_FONTS}">"##
    );
    for f in 0..9u8 {
        let (x, _) = px(f64::from(f), 0.0);
        let _ = write!(
            s,
            r##"<text x="{x}" y="{}" font-size="20" fill="#3e2723">{}</text>"##,
            TOP - 44.0,
            f + 1
        );
        let _ = write!(
            s,
            r##"<text x="{x}" y="{}" font-size="20" fill="#b71c1c">{}</text>"##,
            HEIGHT - BOTTOM + 44.0,
            NUMERALS[usize::from(f)]
        );
        let _ = write!(
            s,
            r##"<text x="{x}" y="{}" font-size="15" fill="#8d6e63" font-family="sans-serif">{}</text>"##,
            HEIGHT - BOTTOM + 68.0,
            char::from(b'a' + f)
        );
    }
    for r in 0..10u8 {
        let (_, y) = px(0.0, f64::from(9 - r));
        let _ = write!(
            s,
            r##"<text x="{}" y="{y}" font-size="15" fill="#8d6e63" font-family="sans-serif">{r}</text>"##,
            SIDE - 40.0
        );
    }
    s.push_str("</g>");
}

/// The origin of the last move (a dashed outline) and its destination (corner brackets).
fn last_move(s: &mut String, d: &Diagram, shared: bool) {
    let Some((from, to)) = d.last_move else {
        return;
    };
    let (fx, fy) = centre(from);
    let (tx, ty) = centre(to);
    if shared {
        let _ = write!(
            s,
            r##"<use class="last-move from" href="#q-from" x="{fx}" y="{fy}"/><use class="last-move to" href="#q-to" x="{tx}" y="{ty}"/>"##
        );
        return;
    }
    s.push_str(&last_move_from(fx, fy, "last-move from"));
    s.push_str(&last_move_to(tx, ty, "last-move to"));
}

/// The dashed outline of the origin of the last move, centred on (`x`, `y`).
fn last_move_from(x: f64, y: f64, class: &str) -> String {
    let h = RADIUS + 2.0;
    format!(
        r##"<rect class="{class}" x="{}" y="{}" width="{}" height="{}" rx="8" fill="#1565c0" fill-opacity="0.12" stroke="#1565c0" stroke-width="2.5" stroke-dasharray="6 4"/>"##,
        x - h,
        y - h,
        2.0 * h,
        2.0 * h
    )
}

/// The corner brackets of the destination of the last move, centred on (`x`, `y`).
fn last_move_to(x: f64, y: f64, class: &str) -> String {
    let h = RADIUS + 5.0;
    let k = 10.0;
    let mut path = String::new();
    for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        let (cx, cy) = (x + dx * h, y + dy * h);
        let _ = write!(path, "M{} {cy}H{cx}V{}", cx - dx * k, cy - dy * k);
    }
    format!(
        r##"<path class="{class}" d="{path}" fill="none" stroke="#1565c0" stroke-width="3.5"/>"##
    )
}

fn pieces(s: &mut String, d: &Diagram, shared: bool, reuse: Reuse<'_>) {
    if shared {
        s.push_str(r#"<g class="pieces">"#);
    } else {
        s.push_str(&format!(
            r#"<g class="pieces" text-anchor="middle" dominant-baseline="central" font-family="{GLYPH_FONTS}" font-weight="bold">"#
        ));
    }
    let one = |s: &mut String, sq: Square, p: Piece| {
        let (x, y) = centre(sq);
        let class = match p.color {
            Color::Red => "red",
            Color::Black => "black",
        };
        let role = p.role.english();
        if shared {
            let _ = write!(
                s,
                r##"<use class="piece {class} {role}" href="#q-{}" x="{x}" y="{y}"/>"##,
                piece_id(p)
            );
        } else {
            let _ = write!(s, r#"<g class="piece {class} {role}" data-square="{sq}">"#);
            piece_shape(s, p, x, y);
            s.push_str("</g>");
        }
    };
    let fixed = match reuse {
        Reuse::None => None,
        Reuse::Define(id, fixed) => {
            let _ = write!(s, r#"<g id="{id}">"#);
            for sq in Square::all().filter(|sq| fixed[sq.index()]) {
                if let Some(p) = d.board[sq.index()] {
                    one(s, sq, p);
                }
            }
            s.push_str("</g>");
            Some(fixed)
        }
        Reuse::Use(id, fixed) => {
            let _ = write!(s, r##"<use href="#{id}"/>"##);
            Some(fixed)
        }
    };
    for sq in Square::all() {
        if fixed.is_some_and(|f| f[sq.index()]) {
            continue;
        }
        if let Some(p) = d.board[sq.index()] {
            one(s, sq, p);
        }
    }
    s.push_str("</g>");
}

/// A piece's disc, ring and glyph centred on (`x`, `y`).
fn piece_shape(s: &mut String, p: Piece, x: f64, y: f64) {
    let ink = match p.color {
        Color::Red => "#b71c1c",
        Color::Black => "#1b1b1b",
    };
    let _ = write!(
        s,
        r##"<circle cx="{x}" cy="{y}" r="{RADIUS}" fill="#fbeed3" stroke="{ink}" stroke-width="2.5"/><circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="{ink}" stroke-width="1"/><text x="{x}" y="{}" font-size="27" fill="{ink}">{}</text>"##,
        RADIUS - 4.0,
        y + 1.0,
        glyph(p)
    );
}

/// The glyph of a piece: the one set of every board ([`crate::terms::piece_glyph`]).
fn glyph(p: Piece) -> &'static str {
    crate::terms::piece_glyph(p.color, p.role)
}

fn mark(s: &mut String, m: &Mark) {
    let (x, y) = centre(m.square);
    let r = RADIUS + 5.0;
    let class = m.kind.class();
    let (colour, width, dash) = match m.kind {
        MarkKind::Target => ("#e65100", 4.0, ""),
        MarkKind::Protector => ("#2e7d32", 3.5, ""),
        MarkKind::Checked => ("#c62828", 4.5, ""),
        MarkKind::Pinned => ("#455a64", 3.0, r#" stroke-dasharray="3 4""#),
        MarkKind::FalseRoot => ("#616161", 3.0, r#" stroke-dasharray="6 5""#),
    };
    let _ = write!(
        s,
        r#"<g class="{class}" data-square="{}"><circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="{colour}" stroke-width="{width}"{dash}/>"#,
        m.square
    );
    if m.kind == MarkKind::FalseRoot {
        let (cx, cy, k) = (x + r * 0.72, y - r * 0.72, 4.2);
        let _ = write!(
            s,
            r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="10" fill="#ffffff" stroke="#c62828" stroke-width="2"/><path d="M{:.1} {:.1} L{:.1} {:.1} M{:.1} {:.1} L{:.1} {:.1}" stroke="#c62828" stroke-width="3" stroke-linecap="round"/>"##,
            cx - k,
            cy - k,
            cx + k,
            cy + k,
            cx + k,
            cy - k,
            cx - k,
            cy + k
        );
    }
    s.push_str("</g>");
}

fn arrow(s: &mut String, a: &Arrow) {
    if a.from == a.to {
        return;
    }
    let (x1, y1) = centre(a.from);
    let (x2, y2) = centre(a.to);
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    let (colour, width, dash, head) = a.kind.style();
    let start = RADIUS * 0.55;
    let end = if head { RADIUS + 2.0 } else { RADIUS + 4.0 };
    let (sx, sy) = (x1 + ux * start, y1 + uy * start);
    let (ex, ey) = (x2 - ux * end, y2 - uy * end);
    let dash = dash
        .map(|d| format!(r#" stroke-dasharray="{d}""#))
        .unwrap_or_default();
    let _ = write!(
        s,
        r#"<g class="{}" data-from="{}" data-to="{}" opacity="0.88">"#,
        a.kind.class(),
        a.from,
        a.to
    );
    let head_len = width * 2.6 + 4.0;
    let (lx, ly) = if head {
        (ex - ux * head_len * 0.8, ey - uy * head_len * 0.8)
    } else {
        (ex, ey)
    };
    let _ = write!(
        s,
        r#"<line x1="{sx:.1}" y1="{sy:.1}" x2="{lx:.1}" y2="{ly:.1}" stroke="{colour}" stroke-width="{width}" stroke-linecap="round"{dash}/>"#
    );
    if head {
        let hw = head_len * 0.6;
        let (bx, by) = (ex - ux * head_len, ey - uy * head_len);
        let _ = write!(
            s,
            r#"<polygon points="{ex:.1},{ey:.1} {:.1},{:.1} {:.1},{:.1}" fill="{colour}"/>"#,
            bx - uy * hw,
            by + ux * hw,
            bx + uy * hw,
            by - ux * hw
        );
    }
    if a.kind == ArrowKind::FalseRoot {
        let (mx, my) = ((sx + ex) / 2.0, (sy + ey) / 2.0);
        let k = 7.0;
        let _ = write!(
            s,
            r##"<path class="cross" d="M{:.1} {:.1} L{:.1} {:.1} M{:.1} {:.1} L{:.1} {:.1}" stroke="#c62828" stroke-width="3.5" stroke-linecap="round"/>"##,
            mx - k,
            my - k,
            mx + k,
            my + k,
            mx + k,
            my - k,
            mx - k,
            my + k
        );
    }
    s.push_str("</g>");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn start_position_has_32_pieces_and_both_river_words() {
        let svg = board_svg(&Diagram::new(&Position::startpos()));
        assert!(svg.starts_with(r#"<svg class="board""#));
        assert_eq!(svg.matches(r#"class="piece red"#).count(), 16);
        assert_eq!(svg.matches(r#"class="piece black"#).count(), 16);
        assert!(svg.contains("楚河") && svg.contains("汉界"));
        assert!(svg.contains(r#"data-square="e0""#), "red general on e0");
        assert!(!svg.contains("class=\"arrow"));
    }

    /// Issue 35, point 10: the rank digits stand each at the left margin, not one after the
    /// other into the board (a text with one x and ten y), and the pieces are drawn with the
    /// one glyph set of every board.
    #[test]
    fn rank_digits_each_have_their_place_and_pieces_the_one_glyph_set() {
        let defs = shared_defs();
        let end = defs.find(">0123456789</text>").expect("rank digits");
        let start = defs[..end].rfind("<text").unwrap();
        let tag = &defs[start..end];
        let xs = tag.split("x=\"").nth(1).unwrap().split('"').next().unwrap();
        let xs: Vec<f64> = xs.split(' ').map(|x| x.parse().unwrap()).collect();
        assert_eq!(xs.len(), 10, "{tag}");
        assert!(xs.iter().all(|&x| x + 10.0 < SIDE), "{tag}");
        let svg = board_svg(&Diagram::new(&Position::startpos()));
        for (glyph, n) in [
            ("俥", 2),
            ("车", 2),
            ("傌", 2),
            ("马", 2),
            ("砲", 2),
            ("炮", 2),
        ] {
            assert_eq!(
                svg.matches(&format!(">{glyph}</text>")).count(),
                n,
                "{glyph}"
            );
        }
        for text in [&svg, &defs] {
            assert!(!text.contains('車') && !text.contains('馬') && !text.contains('漢'));
        }
    }

    #[test]
    fn annotations_are_drawn_with_their_classes() {
        let pos = Position::startpos();
        let mut d = Diagram::new(&pos).with_title("test");
        d.last_move = Some((sq("h2"), sq("e2")));
        d.arrows.push(Arrow {
            from: sq("b2"),
            to: sq("b9"),
            kind: ArrowKind::Chase,
        });
        d.arrows.push(Arrow {
            from: sq("a9"),
            to: sq("b9"),
            kind: ArrowKind::Protector,
        });
        d.arrows.push(Arrow {
            from: sq("c9"),
            to: sq("b9"),
            kind: ArrowKind::FalseRoot,
        });
        d.arrows.push(Arrow {
            from: sq("e2"),
            to: sq("e9"),
            kind: ArrowKind::Check,
        });
        d.marks.push(Mark {
            square: sq("b9"),
            kind: MarkKind::Target,
        });
        d.marks.push(Mark {
            square: sq("c9"),
            kind: MarkKind::FalseRoot,
        });
        let svg = board_svg(&d);
        for class in [
            "arrow chase",
            "arrow check",
            "link protector",
            "link false-root",
            "mark target",
            "mark false-root",
            "last-move from",
            "last-move to",
        ] {
            assert!(svg.contains(&format!("class=\"{class}")), "{class} missing");
        }
        // Links are drawn under the pieces, attack arrows above them.
        let pieces = svg.find(r#"class="pieces""#).unwrap();
        assert!(svg.find("link protector").unwrap() < pieces);
        assert!(svg.find("arrow chase").unwrap() > pieces);
        assert!(svg.contains("<title>test</title>"));
    }

    #[test]
    fn a_degenerate_arrow_is_skipped() {
        let mut d = Diagram::new(&Position::startpos());
        d.arrows.push(Arrow {
            from: sq("a0"),
            to: sq("a0"),
            kind: ArrowKind::Chase,
        });
        assert!(!board_svg(&d).contains("arrow chase"));
    }
}
