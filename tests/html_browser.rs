//! The HTML pages in a real browser: headless Chromium renders what `qili audit --html`
//! writes; the rendered DOM must hold the boards, arrows and verdict, and a screenshot must
//! show a drawn page (many colours, the red of the pieces, the wood of the board).
//!
//! Skips with a note when Chromium is not installed, except under CI (`CI` set), where
//! `.ci/run` installs it and its absence is a failure.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const QILI: &str = env!("CARGO_BIN_EXE_qili");

fn chromium() -> Option<PathBuf> {
    let candidates = [
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/usr/lib/chromium/chromium",
    ];
    let found = candidates.iter().map(PathBuf::from).find(|p| p.exists());
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium is missing under CI: .ci/run should have installed it"
        );
        eprintln!("note: chromium not found; skipping the browser test (apt-get install chromium)");
    }
    found
}

/// A fresh directory under the system temp dir.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qili-browser-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs Chromium headless on `page` with the extra `args`; returns its stdout.
fn run_chromium(chromium: &Path, page: &Path, args: &[String]) -> String {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let profile = temp_dir(&format!("profile-{}", RUNS.fetch_add(1, Ordering::Relaxed)));
    let mut cmd = Command::new(chromium);
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
    ])
    .arg(format!("--user-data-dir={}", profile.display()));
    if args.iter().any(|a| a.starts_with("--screenshot")) {
        // Under load, headless Chromium can capture a frame whose tiles are not all painted
        // yet (a CI run caught the index cut off half-way down a row): run every compositor
        // stage before the frame is drawn, and let the page settle first.
        cmd.args([
            "--run-all-compositor-stages-before-draw",
            "--virtual-time-budget=2000",
        ]);
    }
    cmd.args(args).arg(format!("file://{}", page.display()));
    // Output goes to a file: a pipe left unread would fill and stall Chromium.
    let dump = profile.with_extension("out");
    cmd.stdin(Stdio::null())
        .stdout(std::fs::File::create(&dump).expect("output file"))
        .stderr(Stdio::null());
    let mut child = cmd.spawn().expect("start chromium");
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if child.try_wait().expect("wait for chromium").is_some() {
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("chromium did not finish within 120 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let out = std::fs::read(&dump).expect("chromium output");
    let _ = std::fs::remove_dir_all(&profile);
    let _ = std::fs::remove_file(&dump);
    String::from_utf8_lossy(&out).into_owned()
}

/// Decodes an RGB(A) PNG: (width, height, pixels as RGB).
fn decode_png(path: &Path) -> (u32, u32, Vec<[u8; 3]>) {
    let file = std::fs::File::open(path).expect("screenshot written");
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("image size")];
    let info = reader.next_frame(&mut buf).expect("PNG frame");
    let channels = info.color_type.samples();
    assert!(
        channels >= 3,
        "colour screenshot expected, got {:?}",
        info.color_type
    );
    let pixels = buf[..info.buffer_size()]
        .chunks_exact(channels)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    (info.width, info.height, pixels)
}

/// Audits the bundled sample games with `--html` and returns the pages' folder.
/// `qili audit corpus/games --html` into a fresh directory of its own (`name`): the tests
/// run in parallel.
fn audit_pages(name: &str) -> PathBuf {
    let out = temp_dir(name);
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/games");
    let status = Command::new(QILI)
        .arg("audit")
        .arg(&games)
        .arg("--html")
        .arg(&out)
        .stdout(Stdio::null())
        .status()
        .expect("run qili audit");
    assert!(
        matches!(status.code(), Some(0 | 1)),
        "qili audit failed: {status}"
    );
    out
}

/// The pixel figures of a screenshot that tell a drawn page from a blank one.
fn check_screenshot(shot: &Path, size: (u32, u32)) {
    let (w, h, pixels) = decode_png(shot);
    assert_eq!((w, h), size);
    let mut colours = std::collections::HashSet::new();
    let (mut sum, mut sum2) = (0f64, 0f64);
    let mut red_ink = 0;
    let mut wood = 0;
    for p in &pixels {
        colours.insert([p[0] >> 3, p[1] >> 3, p[2] >> 3]);
        let l = 0.299 * f64::from(p[0]) + 0.587 * f64::from(p[1]) + 0.114 * f64::from(p[2]);
        sum += l;
        sum2 += l * l;
        if p[0] > 150 && p[1] < 70 && p[2] < 70 {
            red_ink += 1;
        }
        if (220..=250).contains(&p[0]) && (195..=230).contains(&p[1]) && (140..=185).contains(&p[2])
        {
            wood += 1;
        }
    }
    let n = pixels.len() as f64;
    let variance = sum2 / n - (sum / n).powi(2);
    eprintln!(
        "{}: {} colours, luminance variance {variance:.0}, {red_ink} red px, {wood} wood px",
        shot.display(),
        colours.len()
    );
    assert!(
        colours.len() >= 40,
        "only {} distinct colours: blank page?",
        colours.len()
    );
    assert!(
        variance > 200.0,
        "luminance variance {variance:.0}: blank page?"
    );
    assert!(
        red_ink > 300,
        "red pieces or check arrows visible ({red_ink} px)"
    );
    assert!(
        wood as f64 > n * 0.05,
        "the wooden board covers a good part of the page ({wood} px)"
    );
}

#[test]
fn judge_page_of_a_corpus_game_renders_in_chromium() {
    let Some(chromium) = chromium() else { return };
    let dir = temp_dir("judge");
    let page = dir.join("judge.html");
    let game = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus/games/perpetual-check-recorded-draw.pgn");
    let text = std::fs::read_to_string(&game).unwrap();
    let fen = text
        .lines()
        .find_map(|l| l.strip_prefix("[FEN \""))
        .unwrap()
        .trim_end_matches("\"]");
    let out = Command::new(QILI)
        .args([
            "judge",
            "--rules",
            "cxa1999",
            "--format",
            "html",
            "--fen",
            fen,
            "--moves",
            "a8a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9",
        ])
        .output()
        .expect("run qili judge");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(&page, &out.stdout).unwrap();
    let dom = run_chromium(&chromium, &page, &["--dump-dom".into()]);
    assert!(
        dom.contains(r#"<div class="verdict loss" id="verdict">"#),
        "a loss verdict"
    );
    assert!(
        dom.contains("Red checks perpetually"),
        "the verdict names the perpetual checker"
    );
    assert!(dom.contains("CXA1999 24.1"), "the article is cited");
    assert_eq!(
        dom.matches(r#"class="arrow check""#).count(),
        2,
        "one check arrow on each of Red's two cycle moves"
    );
    assert_eq!(
        dom.matches(r#"<svg class="board""#).count(),
        5,
        "the repeated position and four cycle moves"
    );
    let shot = dir.join("judge.png");
    run_chromium(
        &chromium,
        &page,
        &[
            "--window-size=1280,1100".into(),
            format!("--screenshot={}", shot.display()),
        ],
    );
    check_screenshot(&shot, (1280, 1100));
    if std::env::var_os("QILI_KEEP_SCREENSHOT").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn audit_pages_render_in_chromium() {
    let Some(chromium) = chromium() else { return };
    let pages = audit_pages("pages");
    let index = pages.join("index.html");
    assert!(index.exists(), "index.html written");

    // The index lists the games with repetitions and links their pages.
    let dom = run_chromium(&chromium, &index, &["--dump-dom".into()]);
    assert!(
        dom.contains(r#"<table id="games">"#),
        "index table rendered:\n{dom}"
    );
    let row = dom
        .split("<tr ")
        .find(|r| r.contains("perpetual-check-recorded-draw.pgn"))
        .expect("the perpetual check game is listed");
    let start = row.find(r#"href=""#).expect("a link to its page") + 6;
    let name: String = row[start..].chars().take_while(|c| *c != '"').collect();
    let game = pages.join(&name);
    assert!(game.exists(), "{name} linked and written");

    // The game page: boards, the check arrows of the perpetual check, the verdict.
    let dom = run_chromium(&chromium, &game, &["--dump-dom".into()]);
    assert!(
        dom.contains("recorded a draw, but Red should have lost"),
        "the finding is shown"
    );
    let boards = dom.matches(r#"<svg class="board""#).count();
    assert!(
        boards >= 5,
        "repeated position and every move of the cycle drawn, found {boards} boards"
    );
    assert!(dom.contains(r#"class="arrow check""#), "check arrows drawn");
    assert!(dom.contains(r#"id="verdict""#), "verdict present");
    assert!(
        dom.contains(r#"class="piece red chariot""#),
        "Red's chariot drawn"
    );
    assert!(dom.contains("楚河") && dom.contains("汉界"), "river drawn");

    // A screenshot that shows a page, not a blank.
    let shot = pages.join("shot.png");
    run_chromium(
        &chromium,
        &game,
        &[
            "--window-size=1280,1100".into(),
            format!("--screenshot={}", shot.display()),
        ],
    );
    check_screenshot(&shot, (1280, 1100));
    if std::env::var_os("QILI_KEEP_SCREENSHOT").is_none() {
        let _ = std::fs::remove_dir_all(&pages);
    } else {
        eprintln!("screenshot kept at {}", shot.display());
    }
}

/// The audit index in the browser: it opens on the summary, its script shows the filter,
/// `index.html#disagrees` leaves only the disagreements, and their link opens the game's
/// page.
#[test]
fn audit_index_filters_to_disagreements_and_links_the_game() {
    let Some(chromium) = chromium() else { return };
    let pages = audit_pages("index");
    let index = pages.join("index.html");
    let filtered = PathBuf::from(format!("{}#disagrees", index.display()));
    let dom = run_chromium(&chromium, &filtered, &["--dump-dom".into()]);
    // The summary comes first, with the counts by ruling and by finding.
    let summary = dom.find(r#"id="summary""#).expect("a summary section");
    let list = dom.find(r#"id="games""#).expect("the games table");
    assert!(summary < list, "the index opens on the summary");
    assert!(dom.contains(r#"id="by-ruling""#) && dom.contains(r#"id="by-finding""#));
    // The script ran: the controls are shown, the rows filtered.
    assert!(
        dom.contains(r#"<p class="controls" id="controls">"#),
        "the filter controls are shown by the script"
    );
    let rows: Vec<&str> = dom
        .split("<tr ")
        .filter(|r| r.starts_with(r#"class="game "#))
        .collect();
    assert!(rows.len() >= 3, "{} game rows", rows.len());
    let visible: Vec<&&str> = rows
        .iter()
        .filter(|r| !r[..r.find('>').unwrap()].contains("hidden"))
        .collect();
    assert_eq!(visible.len(), 1, "one disagreement shown");
    assert!(visible[0].contains(r#"data-kind="disagrees""#));
    assert!(visible[0].contains("perpetual-check-recorded-draw.pgn"));
    assert!(
        dom.contains(r#"<span id="shown">1</span>"#),
        "the count of shown games"
    );
    // Disagreements are listed first even without the script.
    let html = std::fs::read_to_string(&index).unwrap();
    let first = html.find(r#"<tr class="game "#).unwrap();
    assert!(html[first..].starts_with(r#"<tr class="game disagrees""#));
    // Follow its link.
    let row = visible[0];
    let start = row.find(r#"href=""#).expect("a link to its page") + 6;
    let name: String = row[start..].chars().take_while(|c| *c != '"').collect();
    assert_eq!(
        name, "perpetual-check-recorded-draw.html",
        "named after its file"
    );
    let game = pages.join(&name);
    let page = run_chromium(&chromium, &game, &["--dump-dom".into()]);
    assert!(page.contains(r#"<div class="verdict loss" id="verdict">"#));
    assert!(page.contains("recorded a draw, but Red should have lost"));
    assert!(
        page.contains(r#"href="index.html""#),
        "a way back to the index"
    );
    // A screenshot of the filtered index: a drawn page, not a blank.
    let shot = pages.join("index.png");
    run_chromium(
        &chromium,
        &filtered,
        &[
            "--window-size=1280,1000".into(),
            format!("--screenshot={}", shot.display()),
        ],
    );
    let (w, h, pixels) = decode_png(&shot);
    assert_eq!((w, h), (1280, 1000));
    let colours: std::collections::HashSet<[u8; 3]> = pixels
        .iter()
        .map(|p| [p[0] >> 3, p[1] >> 3, p[2] >> 3])
        .collect();
    assert!(
        colours.len() >= 20,
        "only {} colours: blank page?",
        colours.len()
    );
    // The disagreement row's pink background is on screen.
    let pink = pixels
        .iter()
        .filter(|p| p[0] > 245 && (225..=240).contains(&p[1]) && (225..=240).contains(&p[2]))
        .count();
    assert!(
        pink > 2000,
        "the disagreement row is highlighted ({pink} px)"
    );
    if std::env::var_os("QILI_KEEP_SCREENSHOT").is_none() {
        let _ = std::fs::remove_dir_all(&pages);
    } else {
        eprintln!("screenshot kept at {}", shot.display());
    }
}

/// `page` laid out in a frame `width` px wide, as a phone shows it (headless Chromium's
/// window is at least 500 px wide, so the page goes into an iframe of that width, as the
/// desk shows it): the page's `scrollWidth` and the frame's inner width.
fn laid_out_width(chromium: &Path, page: &str, width: u32, dir: &Path) -> (u32, u32) {
    let src = serde_json::to_string(page).unwrap().replace("</", "<\\/");
    let wrapper = format!(
        r#"<!DOCTYPE html><html><body style="margin:0"><iframe id="f" style="width:{width}px;height:844px;border:0"></iframe>
<script>
const f = document.getElementById("f");
f.onload = () => {{
  const d = f.contentDocument;
  document.body.setAttribute("data-width", d.documentElement.scrollWidth + "/" + f.contentWindow.innerWidth);
}};
f.srcdoc = {src};
</script></body></html>"#
    );
    let file = dir.join(format!(
        "phone-{}.html",
        RUNS_PHONE.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&file, wrapper).unwrap();
    let dom = run_chromium(
        chromium,
        &file,
        &["--window-size=800,900".into(), "--dump-dom".into()],
    );
    let start = dom.find(r#"data-width=""#).expect("the frame was laid out") + 12;
    let (scroll, inner) = dom[start..]
        .split('"')
        .next()
        .unwrap()
        .split_once('/')
        .unwrap();
    (scroll.parse().unwrap(), inner.parse().unwrap())
}

static RUNS_PHONE: AtomicUsize = AtomicUsize::new(0);

/// On a phone (390 px) the teaching page fits the screen: its grids of boards and of the
/// two explanations fall to one column, the FEN and the facts wrap; nothing scrolls
/// sideways (the desk's frame relies on it).
#[test]
fn teaching_page_fits_a_phone() {
    let Some(chromium) = chromium() else { return };
    let dir = temp_dir("phone");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let pages = [
        vec![
            "judge".to_owned(),
            "--format".into(),
            "html".into(),
            "--fen".into(),
            "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1".into(),
            "--moves".into(),
            "i3g3 g8i7 g3i3 i7g8 i3g3 g8i7 g3i3 i7g8".into(),
        ],
        vec![
            "judge".to_owned(),
            "--format".into(),
            "html".into(),
            root.join("corpus/games/perpetual-check-recorded-draw.pgn")
                .display()
                .to_string(),
        ],
    ];
    for args in pages {
        let out = Command::new(QILI)
            .args(&args)
            .output()
            .expect("run qili judge");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let html = String::from_utf8(out.stdout).unwrap();
        let (scroll, inner) = laid_out_width(&chromium, &html, 390, &dir);
        assert_eq!(inner, 390, "the frame is a phone's width");
        assert!(
            scroll <= 390,
            "{args:?}: the page is {scroll} px wide on a 390 px screen"
        );
        // And on a desktop the boards still stand side by side.
        let (scroll, _) = laid_out_width(&chromium, &html, 1280, &dir);
        assert!(scroll <= 1280, "{scroll} px at 1280");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `shared/<rel>` (`QILI_SHARED`, or beside the clone or the worktrees' folder); `None`
/// (skip, with a note) when absent.
fn shared(rel: &str) -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let found = std::env::var_os("QILI_SHARED")
        .map(PathBuf::from)
        .into_iter()
        .chain([root.join("../shared"), root.join("../../shared")])
        .map(|d| d.join(rel))
        .find(|p| p.exists());
    if found.is_none() {
        eprintln!("note: shared/{rel} absent; skipping");
    }
    found
}

/// The CCPD audit report in the browser (when `../shared` is present): `qili audit --html`
/// on one player's folder of the CCPD master games (楊官璘, 538 games; with
/// `QILI_CCPD_FULL=1` on all 27,950), then the index opened filtered to the disagreements
/// (`index.html#disagrees`), a screenshot of it, and the first disagreement's link followed
/// to its game page. `QILI_KEEP_SCREENSHOT=1` keeps the pages and `ccpd-index.png`.
#[test]
fn ccpd_audit_index_filtered_to_disagreements() {
    let Some(chromium) = chromium() else { return };
    let Some(ccpd) = shared("games/ccpd/Dataset/對局") else {
        return;
    };
    let folder = if std::env::var_os("QILI_CCPD_FULL").is_some() {
        ccpd
    } else {
        ccpd.join("大師對局/以棋手分類/楊官璘")
    };
    let pages = temp_dir("ccpd");
    let status = Command::new(QILI)
        .arg("audit")
        .arg(&folder)
        .arg("--html")
        .arg(&pages)
        .stdout(Stdio::null())
        .status()
        .expect("run qili audit");
    assert_eq!(status.code(), Some(1), "the folder has disagreements");
    let index = pages.join("index.html");
    let html = std::fs::read_to_string(&index).expect("index.html written");
    let all = html.matches(r#"<tr class="game "#).count();
    let disagreeing = html.matches(r#"<tr class="game disagrees""#).count();
    assert!(disagreeing >= 1, "a disagreement listed");
    assert!(
        all > 10 * disagreeing,
        "{all} rows, {disagreeing} disagreements"
    );

    let filtered = PathBuf::from(format!("{}#disagrees", index.display()));
    let dom = run_chromium(&chromium, &filtered, &["--dump-dom".into()]);
    let rows: Vec<&str> = dom
        .split("<tr ")
        .filter(|r| r.starts_with(r#"class="game "#))
        .collect();
    assert_eq!(rows.len(), all, "every game row is in the page");
    let visible: Vec<&&str> = rows
        .iter()
        .filter(|r| !r[..r.find('>').unwrap()].contains("hidden"))
        .collect();
    assert_eq!(visible.len(), disagreeing, "only the disagreements shown");
    assert!(visible
        .iter()
        .all(|r| r.contains(r#"data-kind="disagrees""#)));
    assert!(
        dom.contains(&format!(r#"<span id="shown">{disagreeing}</span>"#)),
        "the count of shown games"
    );

    // The screenshot: the summary, the filter set to disagreements, and the pink row(s).
    let shot = pages.join("ccpd-index.png");
    run_chromium(
        &chromium,
        &filtered,
        &[
            "--window-size=1280,1300".into(),
            format!("--screenshot={}", shot.display()),
        ],
    );
    let (w, h, pixels) = decode_png(&shot);
    assert_eq!((w, h), (1280, 1300));
    let colours: std::collections::HashSet<[u8; 3]> = pixels
        .iter()
        .map(|p| [p[0] >> 3, p[1] >> 3, p[2] >> 3])
        .collect();
    assert!(colours.len() >= 20, "only {} colours", colours.len());
    let pink = pixels
        .iter()
        .filter(|p| p[0] > 245 && (225..=240).contains(&p[1]) && (225..=240).contains(&p[2]))
        .count();
    assert!(
        pink > 2000,
        "the disagreement row is on screen, highlighted ({pink} px)"
    );

    // Follow the first disagreement's link to its page.
    let row = visible[0];
    let start = row.find(r#"href=""#).expect("a link to its page") + 6;
    let name: String = row[start..].chars().take_while(|c| *c != '"').collect();
    let file = row
        .split(r#"<code>"#)
        .nth(1)
        .and_then(|t| t.split(".pgn").next())
        .expect("the row names its file");
    assert!(name.contains(file), "{name} is named after {file}.pgn");
    let page = run_chromium(&chromium, &pages.join(&name), &["--dump-dom".into()]);
    assert!(page.contains(r#"id="verdict""#), "{name}: a verdict");
    assert!(
        page.contains("but") && page.contains("loses"),
        "{name}: the finding"
    );
    assert!(page.contains(r#"href="index.html""#), "a way back");
    assert!(
        page.matches(r#"<svg class="board""#).count() >= 2,
        "{name}: boards drawn"
    );
    if std::env::var_os("QILI_KEEP_SCREENSHOT").is_none() {
        let _ = std::fs::remove_dir_all(&pages);
    } else {
        eprintln!("screenshot kept at {}", shot.display());
    }
}

/// Issue 35, point 9: the index's search matches a name in simplified and traditional
/// characters alike (the page is written in simplified Chinese, old records in traditional
/// characters), and `#disagrees` typed into the address of the open page filters too.
#[test]
fn audit_index_search_folds_traditional_characters_and_follows_the_address() {
    let Some(chromium) = chromium() else { return };
    let dir = temp_dir("fold");
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    let sample = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpus/games/perpetual-check-recorded-draw.pgn"),
    )
    .unwrap();
    // The same game under four pairs of players, two written in traditional characters; the
    // last one recorded as Red's loss (agreeing with the ruling).
    for (i, (red, black, result)) in [
        ("楊官璘", "胡榮華", "1/2-1/2"),
        ("杨官璘", "许银川", "1/2-1/2"),
        ("呂欽", "王天一", "1/2-1/2"),
        ("吕钦", "赵国荣", "0-1"),
    ]
    .iter()
    .enumerate()
    {
        let text = sample
            .replace("Sample Red", red)
            .replace("Sample Black", black)
            .replace("1/2-1/2", result);
        std::fs::write(games.join(format!("g{i}.pgn")), text).unwrap();
    }
    let pages = dir.join("pages");
    let status = Command::new(QILI)
        .arg("audit")
        .arg(&games)
        .arg("--html")
        .arg(&pages)
        .stdout(Stdio::null())
        .status()
        .expect("run qili audit");
    assert_eq!(status.code(), Some(1), "three disagreements");
    let index = std::fs::read_to_string(pages.join("index.html")).unwrap();
    // After the page's script: a query typed, then later the address changed; each count
    // is written into the page for the DOM dump to show.
    let probe = r#"<script>
(function () {
  var q = document.getElementById('q'), shown = document.getElementById('shown');
  var out = document.createElement('pre'); out.id = 'probe'; document.body.appendChild(out);
  function count(label, text) {
    q.value = text; q.dispatchEvent(new Event('input'));
    out.textContent += label + '=' + shown.textContent + '\n';
  }
  count('yang-simplified', '杨官璘');
  count('yang-traditional', '楊官璘');
  count('lu-simplified', '吕钦');
  count('lu-traditional', '呂欽');
  count('none', '');
  setTimeout(function () {
    location.hash = 'disagrees';
    setTimeout(function () {
      out.textContent += 'hash=' + shown.textContent + '\n';
    }, 50);
  }, 50);
})();
</script>
</body>"#;
    let probed = pages.join("probe.html");
    std::fs::write(&probed, index.replacen("</body>", probe, 1)).unwrap();
    let dom = run_chromium(
        &chromium,
        &probed,
        &["--dump-dom".into(), "--virtual-time-budget=2000".into()],
    );
    let probe = dom
        .split(r#"<pre id="probe">"#)
        .nth(1)
        .and_then(|p| p.split("</pre>").next())
        .unwrap_or_else(|| panic!("no probe output: {dom}"));
    for expected in [
        "yang-simplified=2",
        "yang-traditional=2",
        "lu-simplified=2",
        "lu-traditional=2",
        "none=4",
        "hash=3",
    ] {
        assert!(probe.contains(expected), "{expected}: {probe}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
