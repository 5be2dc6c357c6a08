// The referee's desk in headless Chromium (Debian's), driven by playwright-core.
// Run by tests/serve_browser.rs, which starts `qili serve` and sets:
//   QILI_URL    the server, e.g. http://127.0.0.1:41234
//   QILI_SHOTS  a folder for the screenshots
//   QILI_CCPD   a CCPD game file (optional: that test skips without it)
//   QILI_MULTI  a record file holding several games
//   CHROMIUM    the browser (default /usr/bin/chromium)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const URL = process.env.QILI_URL;
const SHOTS = process.env.QILI_SHOTS || tmpdir();
let browser;

// A fresh, empty profile: playwright launches Chromium with a new temporary user data
// directory and removes it on close.
before(async () => {
  assert.ok(URL, "QILI_URL is set");
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
});

after(async () => {
  if (browser) await browser.close();
});

/** A fresh page on the desk; every request it makes must go to the server. */
async function desk(viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: viewport.width < 500 ? 2 : 1 });
  const page = await context.newPage();
  const foreign = [];
  const errors = [];
  page.on("request", (r) => {
    const u = r.url();
    if (!u.startsWith(URL) && !u.startsWith("about:") && !u.startsWith("data:")) foreign.push(u);
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  // (The browser logs every 4xx answer; the tests that provoke one check its message.)
  const expected = /^Failed to load resource: the server responded with a status of 422/;
  page.on("console", (m) => m.type() === "error" && !expected.test(m.text()) && errors.push(m.text()));
  await page.goto(URL + "/");
  await page.waitForSelector("body[data-ready='1']");
  page.check = () => {
    assert.deepEqual(foreign, [], "no request leaves the server");
    assert.deepEqual(errors, [], "no script error");
  };
  return page;
}

const point = (page, sq) => page.locator(`#board circle.pt[data-sq='${sq}']`);

async function clickMove(page, from, to) {
  const before = await page.locator("#moves li").count();
  await point(page, from).click();
  await page.locator(`#board circle.dest[data-dest='${to}']`).waitFor();
  await point(page, to).click();
  await page.waitForFunction((n) => document.querySelectorAll("#moves li").length === n + 1, before);
}

/** Clicks Judge and returns the ruling page's frame once its verdict is there. */
async function judge(page) {
  await page.click("#judge");
  const frame = page.frameLocator("#ruling");
  await frame.locator("#verdict").waitFor();
  return frame;
}

test("set up a position by clicks, play a perpetual chase by clicks, read the ruling", async () => {
  const page = await desk();
  await page.click("#edit");
  await page.click("#clear-board");
  // The placement checks of the FEN reader, through the API, as the board is built.
  await page.locator("#setup-status li", { hasText: "Red has no general" }).waitFor();
  const place = async (piece, squares) => {
    await page.click(`#palette button[data-piece='${piece}']`);
    for (const sq of squares) {
      await point(page, sq).click();
      if (piece) await page.locator(`#board g.pc[data-sq='${sq}'][data-piece='${piece}']`).waitFor();
      else await page.locator(`#board g.pc[data-sq='${sq}']`).waitFor({ state: "detached" });
    }
  };
  await place("k", ["e9"]);
  await place("a", ["d9", "f9"]);
  await place("n", ["g8"]);
  await place("R", ["i3"]);
  await place("K", ["e0"]);
  // Generals facing on the e-file: refused, with the reason.
  await page.locator("#setup-status li", { hasText: "face each other" }).waitFor();
  await place("", ["e0"]);
  await place("K", ["d0"]);
  await page.locator("#setup-status.ok").waitFor();
  await page.click("#done");
  await page.waitForFunction(() => document.getElementById("editor").hidden);
  assert.equal(await page.inputValue("#fen"), "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1");
  // An illegal click is not taken: the chariot cannot jump to g9.
  await point(page, "i3").click();
  await point(page, "a9").click();
  assert.equal(await page.locator("#moves li").count(), 0);
  assert.equal(await page.locator("#board circle.sel").count(), 0, "the click elsewhere deselects");
  for (let i = 0; i < 2; i++) {
    await clickMove(page, "i3", "g3");
    await clickMove(page, "g8", "i7");
    await clickMove(page, "g3", "i3");
    await clickMove(page, "i7", "g8");
  }
  const moves = await page.locator("#moves li").allTextContents();
  assert.equal(moves[0], "车一平三 i3g3");
  assert.equal(moves.length, 8);
  const frame = await judge(page);
  const verdict = await frame.locator("#verdict").textContent();
  assert.match(verdict, /红方/);
  assert.match(verdict, /must change|changes/i);
  const red = await frame.locator("tr.conduct.red").first().textContent();
  assert.match(red, /长捉/);
  assert.match(red, /forbidden/);
  assert.match(await frame.locator("#articles").textContent(), /CXA(1999)? 26\.4/);
  assert.ok((await frame.locator("svg.board").count()) >= 5, "the repeated position and the cycle moves are drawn");
  // The detailed evidence, one click away.
  await page.click("#evidence summary");
  await page.locator("#evidence-json", { hasText: "unprotected" }).waitFor();
  await page.screenshot({ path: join(SHOTS, "desk-chase-by-clicks.png"), fullPage: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, "desk-chase-by-clicks-top.png") });
  page.check();
});

test("paste a FEN and moves in Chinese notation", async () => {
  const page = await desk();
  await page.fill("#fen", "4k4/8R/9/9/9/9/9/9/9/3K5 w - - 0 1");
  await page.click("#use-fen");
  await page.locator("#board g.pc[data-sq='i8'][data-piece='R']").waitFor();
  await page.fill("#move-text", "1. 车一进一 将5进1 2. 车一退一 将5退1 3. 车一进一 将5进1 4. 车一退一 将5退1");
  await page.click("#add-moves");
  await page.waitForFunction(() => document.querySelectorAll("#moves li").length === 8);
  assert.equal(await page.locator("#moves li").nth(1).textContent(), "将5进1 e9e8");
  // A wrong move is refused with its place, and the line is kept.
  await page.fill("#move-text", "车一进九");
  await page.click("#add-moves");
  await page.locator("#line-status", { hasText: "第9步" }).waitFor();
  assert.equal(await page.locator("#moves li").count(), 8);
  const frame = await judge(page);
  const verdict = await frame.locator("#verdict").textContent();
  assert.match(verdict, /黑方胜|Black wins|红方必须变着|Red must change/);
  assert.match(await frame.locator("tr.conduct.red").first().textContent(), /长将/);
  // The language: English only hides the Chinese of the ruling page.
  await page.selectOption("#lang", "en");
  await frame.locator("#verdict .zh").first().waitFor({ state: "hidden" });
  assert.ok(await frame.locator("#verdict .en").first().isVisible());
  await page.screenshot({ path: join(SHOTS, "desk-fen-and-chinese-en.png"), fullPage: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, "desk-fen-and-chinese-en-top.png") });
  page.check();
});

// Issue 35: a typo keeps the moves before it and marks the bad one; a move skipped is
// named as the other side's; the messages in the page's language, Chinese by default.
test("a typo or a skipped move keeps the moves before it, in the page's language", async () => {
  const page = await desk();
  await page.selectOption("#lang", "zh");
  await page.fill("#fen", "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1");
  await page.click("#use-fen");
  await page.locator("#board g.pc[data-sq='i3'][data-piece='R']").waitFor();
  // Six moves typed, a typo in the sixth: five added, the sixth left in the box, marked.
  await page.fill("#move-text", "1. 车一平三 马7进9 2. 车三平一 马9退7 3. 车一平三 马7近9");
  await page.click("#add-moves");
  await page.waitForFunction(() => document.querySelectorAll("#moves li").length === 5);
  const status = page.locator("#line-status");
  await status.filter({ hasText: "看不懂着法“马7近9”" }).waitFor();
  const text = await status.textContent();
  assert.ok(!/--moves|\/position/.test(text), text);
  assert.match(text, /第3回合（第6步/);
  assert.equal(await page.inputValue("#move-text"), "马7近9");
  assert.ok(await page.locator("#move-text.bad").isVisible(), "the bad move is marked");
  const selected = await page.evaluate(() => {
    const b = document.getElementById("move-text");
    return b.value.slice(b.selectionStart, b.selectionEnd);
  });
  assert.equal(selected, "马7近9");
  // Before any upload, no game picker (issue 35, point 10).
  assert.ok(!(await page.locator("#pick").isVisible()), "no empty game picker");
  await status.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, "desk-typo-kept.png") });
  // Corrected: added.
  await page.fill("#move-text", "马7进9 4. 车三平一");
  await page.click("#add-moves");
  await page.waitForFunction(() => document.querySelectorAll("#moves li").length === 7);
  // Black to move; Red's move typed (one skipped): named as such, in English when asked.
  await page.selectOption("#lang", "en");
  await page.fill("#move-text", "车一平三");
  await page.click("#add-moves");
  await status.filter({ hasText: "Black to move: 车一平三 is written as Red's move" }).waitFor();
  assert.equal(await page.locator("#moves li").count(), 7);
  await page.selectOption("#lang", "zh");
  await page.click("#add-moves");
  await status.filter({ hasText: "黑方走：车一平三是红方的写法" }).waitFor();
  await status.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, "desk-wrong-side.png") });
  page.check();
});

test("upload a CCPD game and see its ruling", { skip: !process.env.QILI_CCPD && "no ../shared: CCPD games not found" }, async () => {
  const page = await desk();
  await page.setInputFiles("#file", process.env.QILI_CCPD);
  const frame = page.frameLocator("#ruling");
  await frame.locator("#verdict").waitFor();
  assert.ok((await page.locator("#moves li").count()) > 40);
  assert.match(await page.textContent("#line-status"), /#1/);
  const verdict = await frame.locator("#verdict").textContent();
  assert.ok(verdict.trim().length > 0);
  assert.ok((await frame.locator("section.cycle").count()) >= 1, "a cycle is drawn");
  assert.match(await frame.locator("dl.meta").textContent(), /00000029\.pgn #1/);
  await page.screenshot({ path: join(SHOTS, "desk-ccpd-upload.png"), fullPage: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, "desk-ccpd-upload-top.png") });
  page.check();
});

test("a file with several games lets you pick one", async () => {
  const page = await desk();
  await page.setInputFiles("#file", process.env.QILI_MULTI);
  await page.locator("#pick:not([hidden])").waitFor();
  const options = await page.locator("#game option").count();
  assert.ok(options >= 2, `${options} games listed`);
  await page.selectOption("#game", "1");
  await page.click("#load-game");
  const frame = page.frameLocator("#ruling");
  await frame.locator("#verdict").waitFor();
  assert.match(await page.textContent("#line-status"), /#2/);
  page.check();
});

test("the page at a phone's width", async () => {
  const page = await desk({ width: 390, height: 844 });
  // Nothing wider than the screen.
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok((await overflow()) <= 390, `page ${await overflow()} px wide`);
  const board = await page.locator("#board").boundingBox();
  assert.ok(board.width >= 340 && board.width <= 390, `board ${board.width} px wide`);
  // Points are large enough to tap: 40 of 380 board units.
  assert.ok(board.width / 9.5 >= 36, "a point is at least 36 px apart from the next");
  await page.screenshot({ path: join(SHOTS, "desk-phone-start.png") });
  await page.click("#edit");
  await page.locator("#setup-status.ok").waitFor();
  assert.ok((await overflow()) <= 390, `editor ${await overflow()} px wide`);
  const tool = await page.locator("#palette button").first().boundingBox();
  assert.ok(tool.width >= 36 && tool.height >= 36, `palette buttons ${tool.width}×${tool.height}`);
  // Every palette button holds its text.
  const clipped = await page.$$eval("#palette button", (bs) => bs.filter((b) => b.scrollWidth > b.clientWidth + 1).length);
  assert.equal(clipped, 0, "no palette text spills out of its button");
  await page.screenshot({ path: join(SHOTS, "desk-phone-editor.png") });
  await page.click("#done");
  await page.waitForFunction(() => document.getElementById("editor").hidden);
  await page.fill("#fen", "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1");
  await page.click("#use-fen");
  await page.fill("#move-text", "i3g3 g8i7 g3i3 i7g8 i3g3 g8i7 g3i3 i7g8");
  await page.click("#add-moves");
  await page.waitForFunction(() => document.querySelectorAll("#moves li").length === 8);
  const frame = await judge(page);
  await page.waitForTimeout(200);
  assert.ok((await overflow()) <= 390, `page ${await overflow()} px wide after the ruling`);
  const inner = await frame.locator("html").evaluate((h) => h.scrollWidth);
  const outer = (await page.locator("#ruling").boundingBox()).width;
  assert.ok(inner <= outer + 1, `ruling page ${inner} px in a ${outer} px frame`);
  await page.locator("#ruling").scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, "desk-phone-ruling.png") });
  await page.screenshot({ path: join(SHOTS, "desk-phone-full.png"), fullPage: true });
  page.check();
});

// ---- before the move (POST /moves, issue 33) ----

/** Waits for the answer of /moves about the position now on the board. */
async function outlookFor(page, plies) {
  await page.waitForFunction((n) => document.querySelectorAll("#moves li").length === n, plies);
  await page.waitForFunction(() => Number(document.body.dataset.outlook || 0) > 0);
  const seq = await page.evaluate(() => document.body.dataset.outlook);
  // The last request made is the one answered.
  await page.waitForTimeout(50);
  assert.equal(await page.evaluate(() => document.body.dataset.outlook), seq);
}

test("the repeating moves of a perpetual chase are marked, with the warning before the threshold", async () => {
  const page = await desk();
  await page.fill("#fen", "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1");
  await page.click("#use-fen");
  await page.locator("#board g.pc[data-sq='i3'][data-piece='R']").waitFor();
  // Red's chariot chases the horse; six plies in, Red's g3i3 would make a position occur a
  // second time, and Black's reply i7g8 the start position a third time.
  await page.fill("#move-text", "i3g3 g8i7 g3i3 i7g8 i3g3 g8i7");
  await page.click("#add-moves");
  await outlookFor(page, 6);
  const mark = page.locator("#board g.omark[data-move='g3i3']");
  await mark.waitFor();
  assert.equal(await mark.getAttribute("data-consequence"), "repeats");
  assert.match(await mark.getAttribute("class"), /c-mover_must_change/, "coloured by the warning");
  assert.match(await mark.getAttribute("class"), /banned/);
  const item = page.locator("#outlook-list li[data-move='g3i3']");
  const text = await item.textContent();
  assert.match(text, /车三平一/);
  assert.match(text, /局面第2次出现/);
  assert.match(text, /警告/);
  assert.match(text, /第3次出现：红方须变着/);
  assert.match(text, /third time: Red must change/);
  // The articles are those /judge cites once the line is played out.
  const body = JSON.stringify({ fen: "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1", moves: "i3g3 g8i7 g3i3 i7g8 i3g3 g8i7 g3i3 i7g8".split(" ") });
  const judged = await page.evaluate(async (b) => (await fetch("/judge", { method: "POST", body: b })).json(), body);
  for (const code of judged.ruling.articles) assert.ok(text.includes(code), `${code} in ${text}`);
  // The mark is drawn in the warning's colour (orange): read back from the screenshot's DOM.
  const stroke = await page.evaluate(() => getComputedStyle(document.querySelector("#board g.omark[data-move='g3i3'] line")).stroke);
  assert.equal(stroke, "rgb(232, 89, 12)");
  await page.locator("#outlook").scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, "desk-outlook-warning.png"), fullPage: true });
  // One more ply: Black's i7g8 now puts "Red must change" in force.
  await page.fill("#move-text", "g3i3");
  await page.click("#add-moves");
  await outlookFor(page, 7);
  const reply = page.locator("#board g.omark[data-move='i7g8']");
  await reply.waitFor();
  assert.equal(await reply.getAttribute("data-consequence"), "opponent_must_change");
  assert.match(await page.locator("#outlook-list li[data-move='i7g8']").textContent(), /红方须变着/);
  // Moves that repeat nothing are not marked.
  assert.equal(await page.locator("#board g.omark[data-move='i7h9']").count(), 0);
  page.check();
});

// Issue 35, point 10: the page draws the pieces with the glyphs of the ruling boards (Red's
// chariot and horse 俥 傌, Black's cannon 砲), numbers its move list by move (1. for Red's
// move, 1… for Black's, from the start position's move number), shows no game picker
// before an upload, and its ruling frame's text board has even columns.
test("one glyph set, moves numbered by move, even columns in the ruling's text board", async () => {
  const page = await desk();
  assert.equal(await page.locator("#pick").isVisible(), false, "no game picker before an upload");
  assert.equal(await page.locator("#load-game").isVisible(), false, "no Load button before an upload");
  const glyph = (sq) => page.locator(`#board g.pc[data-sq='${sq}'] text`).textContent();
  assert.equal(await glyph("a0"), "俥");
  assert.equal(await glyph("b0"), "傌");
  assert.equal(await glyph("b2"), "炮");
  assert.equal(await glyph("a9"), "车");
  assert.equal(await glyph("b9"), "马");
  assert.equal(await glyph("b7"), "砲");
  // The ruling page's SVG board draws the same characters.
  await page.fill("#fen", "3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 12");
  await page.click("#use-fen");
  await page.locator("#board g.pc[data-sq='a0'][data-piece='R']").waitFor();
  await page.fill("#move-text", "d9d8 a0a8 d8d9 a8a0 d9d8 a0a8 d8d9 a8a0 d9d8");
  await page.click("#add-moves");
  await page.waitForFunction(() => document.querySelectorAll("#moves li").length === 9);
  const numbers = await page.locator("#moves li").evaluateAll((items) =>
    items.map((li) => getComputedStyle(li, "::before").content.replace(/"/g, "")));
  assert.deepEqual(numbers.slice(0, 4), ["12… ", "13. ", "13… ", "14. "]);
  assert.equal(numbers[8], "16… ");
  const frame = await judge(page);
  const boardGlyphs = await frame.locator("svg text").allTextContents();
  assert.ok(boardGlyphs.includes("俥"), "the ruling board draws Red's chariot 俥");
  assert.ok(!boardGlyphs.some((t) => /[車馬漢]/.test(t)), boardGlyphs.join(""));
  assert.ok(boardGlyphs.includes("汉界"), "the river in simplified characters");
  // The text board of the explanation: each cell a box of its own (fonts draw ＋ narrow,
  // at the left of its place), and every row's cells in the same columns.
  const columns = await frame.locator(".explanation pre[lang='zh-Hans']").evaluate((pre) => {
    const rows = new Map();
    for (const cell of pre.querySelectorAll(".cell")) {
      const r = cell.getBoundingClientRect();
      const top = Math.round(r.top);
      if (!rows.has(top)) rows.set(top, []);
      rows.get(top).push(`${Math.round(r.left)}+${Math.round(r.width)}`);
    }
    return [...rows.values()];
  });
  assert.equal(columns.length, 11, "the letters and ten ranks");
  for (const xs of columns) assert.deepEqual(xs, columns[0], "the columns line up");
  await page.screenshot({ path: join(SHOTS, "desk-glyphs-and-numbers.png"), fullPage: true });
  await frame.locator(".explanation pre[lang='zh-Hans']").screenshot({ path: join(SHOTS, "desk-text-board.png") });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, "desk-glyphs-and-numbers-top.png") });
  page.check();
});
