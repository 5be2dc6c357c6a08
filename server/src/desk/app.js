// The referee's desk: a board to set up and play on, and the server's rulings.
// Everything about positions, moves and rulings comes from the server (POST /position,
// /records, /judge, /moves); this script only draws the board and keeps the line being built.
"use strict";

const STARTPOS = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const FILES = "abcdefghi";
// The one glyph set of every board qili draws (qili_analyzer::terms::piece_glyph; a test
// of the server checks that the two agree): Red's chariot and horse 俥 傌, Black's cannon 砲.
const GLYPH = {
  K: "帅", A: "仕", B: "相", N: "傌", R: "俥", C: "炮", P: "兵",
  k: "将", a: "士", b: "象", n: "马", r: "车", c: "砲", p: "卒",
};
const CELL = 40, MARGIN = 30;
const SVGNS = "http://www.w3.org/2000/svg";

const state = {
  start: STARTPOS,      // the validated start position
  moves: [],            // [{iccs, chinese}]
  now: null,            // the last /position answer
  selected: null,       // square name of the selected piece
  editing: false,
  edit: null,           // 90 cells (index file + 9 * rank) while editing
  tool: "K",            // palette choice; "" erases
  source: "",           // where the line came from (shown on the ruling page)
  games: [],            // games of an uploaded file
  judged: null,         // the body of the last judged request
};

const $ = (id) => document.getElementById(id);

function bi(zh, en) {
  return `<span class="zh">${esc(zh)}</span><span class="en">${esc(en)}</span>`;
}

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

async function post(path, body) {
  const r = await fetch(path, { method: "POST", body });
  const type = r.headers.get("content-type") || "";
  const data = type.startsWith("application/json") ? await r.json() : await r.text();
  if (!r.ok) {
    const e = new Error(typeof data === "object" ? data.error : String(data));
    e.reasons = (typeof data === "object" && data.reasons) || [];
    e.badMove = (typeof data === "object" && data.bad_move) || null;
    throw e;
  }
  return data;
}

// ---- FEN placement (drawing and editing only; the server checks it) ----

function cellsOf(fen) {
  const cells = new Array(90).fill("");
  const rows = fen.split(" ")[0].split("/");
  rows.forEach((row, i) => {
    const rank = 9 - i;
    let file = 0;
    for (const ch of row) {
      if (/[0-9]/.test(ch)) file += Number(ch);
      else {
        const p = ch === "H" ? "N" : ch === "h" ? "n" : ch === "E" ? "B" : ch === "e" ? "b" : ch;
        if (file < 9 && rank >= 0) cells[file + 9 * rank] = p;
        file += 1;
      }
    }
  });
  return cells;
}

function fenOf(cells, turn) {
  const rows = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = "", empty = 0;
    for (let file = 0; file < 9; file++) {
      const p = cells[file + 9 * rank];
      if (!p) { empty++; continue; }
      if (empty) { row += empty; empty = 0; }
      row += p;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return `${rows.join("/")} ${turn} - - 0 1`;
}

const sqName = (file, rank) => FILES[file] + rank;
const sqIndex = (name) => FILES.indexOf(name[0]) + 9 * Number(name[1]);

// ---- the board ----

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function xy(file, rank) {
  return [MARGIN + file * CELL, MARGIN + (9 - rank) * CELL];
}

function drawGrid(svg) {
  el("rect", { class: "wood", x: 0, y: 0, width: 380, height: 420, rx: 8 }, svg);
  const g = el("g", { class: "grid" }, svg);
  for (let r = 0; r < 10; r++) {
    const [x1, y] = xy(0, r), [x2] = xy(8, r);
    el("line", { x1, y1: y, x2, y2: y }, g);
  }
  for (let f = 0; f < 9; f++) {
    const [x, top] = xy(f, 9), [, bottom] = xy(f, 0);
    if (f === 0 || f === 8) el("line", { x1: x, y1: top, x2: x, y2: bottom }, g);
    else {
      el("line", { x1: x, y1: top, x2: x, y2: xy(f, 5)[1] }, g);
      el("line", { x1: x, y1: xy(f, 4)[1], x2: x, y2: bottom }, g);
    }
  }
  for (const [a, b] of [[[3, 0], [5, 2]], [[5, 0], [3, 2]], [[3, 7], [5, 9]], [[5, 7], [3, 9]]]) {
    const [x1, y1] = xy(...a), [x2, y2] = xy(...b);
    el("line", { x1, y1, x2, y2 }, g);
  }
  const river = (x, text) => {
    const t = el("text", { class: "river", x, y: MARGIN + 4.5 * CELL + 5, "text-anchor": "middle" }, svg);
    t.textContent = text;
  };
  river(MARGIN + 2 * CELL, "楚 河");
  river(MARGIN + 6 * CELL, "汉 界");
  for (let f = 0; f < 9; f++) {
    const t = el("text", { class: "coord", x: MARGIN + f * CELL, y: 416, "text-anchor": "middle" }, svg);
    t.textContent = FILES[f];
  }
}

function draw() {
  const svg = $("board");
  svg.textContent = "";
  drawGrid(svg);
  const cells = state.editing ? state.edit : cellsOf(state.now ? state.now.fen : state.start);
  const last = !state.editing && state.moves.length ? state.moves[state.moves.length - 1].iccs : null;
  if (last) {
    for (const sq of [last.slice(0, 2), last.slice(2, 4)]) {
      const [x, y] = xy(FILES.indexOf(sq[0]), Number(sq[1]));
      el("rect", { class: "last", x: x - 19, y: y - 19, width: 38, height: 38, rx: 4 }, svg);
    }
  }
  for (let i = 0; i < 90; i++) {
    const p = cells[i];
    if (!p) continue;
    const [x, y] = xy(i % 9, Math.floor(i / 9));
    const g = el("g", { class: `pc ${p === p.toUpperCase() ? "red" : "black"}`, "data-piece": p, "data-sq": sqName(i % 9, Math.floor(i / 9)) }, svg);
    el("circle", { cx: x, cy: y, r: 17 }, g);
    el("text", { x, y }, g).textContent = GLYPH[p] || "?";
  }
  if (state.selected && state.now) {
    const [x, y] = xy(FILES.indexOf(state.selected[0]), Number(state.selected[1]));
    el("circle", { class: "sel", cx: x, cy: y, r: 19 }, svg);
    for (const m of state.now.legal.filter((m) => m.startsWith(state.selected))) {
      const [dx, dy] = xy(FILES.indexOf(m[2]), Number(m[3]));
      el("circle", { class: "dest", cx: dx, cy: dy, r: 6, "data-dest": m.slice(2) }, svg);
    }
  }
  for (let r = 0; r < 10; r++) {
    for (let f = 0; f < 9; f++) {
      const [x, y] = xy(f, r);
      const pt = el("circle", { class: "pt", cx: x, cy: y, r: 19, "data-sq": sqName(f, r) }, svg);
      pt.addEventListener("click", () => clickPoint(sqName(f, r)));
    }
  }
  const turn = state.editing
    ? null
    : state.now && (state.now.turn === "red" ? bi("红方走", "Red to move") : bi("黑方走", "Black to move"));
  $("turn").innerHTML = turn ? turn + (state.now.in_check ? " " + bi("（被将军）", "(in check)") : "") : "";
  drawOutlook(svg);
}

// ---- playing moves ----

async function replay(moves) {
  const now = await post("/position", JSON.stringify({ fen: state.start, moves, lang: errorLang() }));
  state.now = now;
  state.moves = now.moves.map((m) => ({ iccs: m.iccs, chinese: m.chinese }));
  state.selected = null;
  showMoves();
  draw();
  refreshOutlook();
  return now;
}

function showMoves() {
  // One item per ply, numbered by move as a score sheet is (1. Red's move, 1… Black's),
  // from the move number and the side to move of the start position.
  const fields = (state.now ? state.now.start_fen : state.start).split(" ");
  const blackFirst = fields[1] === "b";
  const first = Math.max(1, parseInt(fields[5], 10) || 1);
  $("moves").innerHTML = state.moves
    .map((m, i) => {
      const red = (i % 2 === 0) !== blackFirst;
      const n = first + Math.floor((i + (blackFirst ? 1 : 0)) / 2);
      return `<li class="${red ? "red" : "black"}" data-n="${n}">${esc(m.chinese)} <code>${esc(m.iccs)}</code></li>`;
    })
    .join("");
  $("fen").value = state.editing ? $("fen").value : (state.now ? state.now.start_fen : state.start);
}

async function clickPoint(sq) {
  if (state.editing) return editPoint(sq);
  if (!state.now) return;
  const cells = cellsOf(state.now.fen);
  const p = cells[sqIndex(sq)];
  const own = p && ((p === p.toUpperCase()) === (state.now.turn === "red"));
  if (state.selected && state.now.legal.includes(state.selected + sq)) {
    const mv = state.selected + sq;
    state.selected = null;
    try {
      await replay(state.moves.map((m) => m.iccs).concat([mv]));
      status("line-status", "");
    } catch (e) {
      status("line-status", e.message);
    }
    return;
  }
  state.selected = own && state.selected !== sq ? sq : null;
  draw();
}

function status(id, text, ok) {
  const e = $(id);
  e.textContent = text;
  e.classList.toggle("ok", !!ok);
}

async function setStart(fen, source) {
  const now = await post("/position", JSON.stringify({ fen, lang: errorLang() }));
  state.start = now.start_fen;
  state.source = source || "";
  state.moves = [];
  state.now = now;
  state.selected = null;
  showMoves();
  draw();
  refreshOutlook();
}

// ---- the board editor ----

const PALETTE = ["K", "A", "B", "N", "R", "C", "P", "", "k", "a", "b", "n", "r", "c", "p"];

function buildPalette() {
  const pal = $("palette");
  for (const p of PALETTE) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.piece = p;
    b.className = p ? (p === p.toUpperCase() ? "red" : "black") : "erase";
    b.innerHTML = p ? esc(GLYPH[p]) : bi("擦", "erase");
    b.setAttribute("aria-pressed", String(p === state.tool));
    b.addEventListener("click", () => {
      state.tool = p;
      for (const o of pal.children) o.setAttribute("aria-pressed", String(o.dataset.piece === p));
    });
    pal.appendChild(b);
  }
}

function editTurn() {
  return document.querySelector("input[name=turn]:checked").value;
}

async function checkSetup() {
  const fen = fenOf(state.edit, editTurn());
  $("fen").value = fen;
  const list = $("setup-status");
  try {
    await post("/position", JSON.stringify({ fen, lang: errorLang() }));
    list.innerHTML = `<li>${bi("局面合法", "a legal position")}</li>`;
    list.classList.add("ok");
    return true;
  } catch (e) {
    const reasons = e.reasons.length ? e.reasons : [e.message];
    list.innerHTML = reasons.map((r) => `<li>${esc(r)}</li>`).join("");
    list.classList.remove("ok");
    return false;
  }
}

function editPoint(sq) {
  const i = sqIndex(sq);
  state.edit[i] = state.edit[i] === state.tool ? "" : state.tool;
  draw();
  checkSetup();
}

function startEditing() {
  state.editing = true;
  state.edit = cellsOf(state.now ? state.now.fen : state.start);
  const turn = (state.now ? state.now.fen : state.start).split(" ")[1] === "b" ? "b" : "w";
  document.querySelector(`input[name=turn][value=${turn}]`).checked = true;
  $("editor").hidden = false;
  $("edit").setAttribute("aria-pressed", "true");
  draw();
  checkSetup();
}

async function finishEditing() {
  if (!(await checkSetup())) return;
  state.editing = false;
  $("editor").hidden = true;
  $("edit").setAttribute("aria-pressed", "false");
  await setStart(fenOf(state.edit, editTurn()), "");
}

// ---- files ----

function gameTitle(g) {
  const t = g.tags || {};
  const who = [t.Red, t.Black].filter(Boolean).join(" – ");
  const parts = [`#${g.index}`, who || t.Event || t.id || t.Line || "", t.Date || "", g.recorded || ""];
  const plies = g.error ? `⚠ ${g.error}` : `${g.moves.length} plies`;
  return parts.filter(Boolean).join(" ") + ` (${plies})`;
}

async function upload(file) {
  status("line-status", "");
  const bytes = await file.arrayBuffer();
  const q = new URLSearchParams({ name: file.name, rules: $("rules").value });
  try {
    const r = await post(`/records?${q}`, bytes);
    state.games = r.games;
    const pick = $("game");
    pick.innerHTML = r.games.map((g, i) => `<option value="${i}"${g.error ? " disabled" : ""}>${esc(gameTitle(g))}</option>`).join("");
    const first = r.games.findIndex((g) => !g.error);
    $("pick").hidden = r.games.length < 2;
    if (first < 0) {
      status("line-status", r.games.map((g) => g.error).join("; "));
      return;
    }
    pick.value = String(first);
    if (r.games.length === 1) await loadGame(first, file.name);
    else status("line-status", `${r.games.length} games: pick one · 共${r.games.length}局，请选择`, true);
  } catch (e) {
    status("line-status", e.message);
  }
}

async function loadGame(i, name) {
  const g = state.games[i];
  await setStart(g.fen, `${name || "file"} #${g.index}`);
  await replay(g.moves);
  status("line-status", gameTitle(g), true);
  await judge();
}

// ---- before the move (POST /moves) ----
// After every move the server says which moves of the position would complete a
// repetition and what each would bring; they are marked on the board (colour by
// consequence, dashed when banned) and listed with the warning one occurrence before the
// threshold. The wording is built from the server's JSON (docs/moves-json.md).

const OUTLOOK = { moves: [], mover: null, seq: 0 };

const SIDE = { red: ["红方", "Red"], black: ["黑方", "Black"] };

function consequenceWords(c, mover) {
  const other = mover === "red" ? "black" : "red";
  const [me, them] = [SIDE[mover], SIDE[other]];
  switch (c) {
    case "repeats": return ["尚无新的裁决", "no new ruling yet"];
    case "draw": return ["判和", "draw"];
    case "mover_must_change": return [`${me[0]}须变着`, `${me[1]} must change`];
    case "mover_loses": return [`${me[0]}判负`, `${me[1]} loses`];
    case "opponent_must_change": return [`${them[0]}须变着`, `${them[1]} must change`];
    case "opponent_loses": return [`${them[0]}判负`, `${them[1]} loses`];
    default: return ["", ""];
  }
}

const ORDINAL = ["", "first", "second", "third", "fourth", "fifth", "sixth"];

function outlookItem(m, mover) {
  const list = (e) => e.articles.map((a) => a.code).join(", ");
  const codes = (e) => (e && e.articles.length ? `（${list(e)}）` : "");
  const codesEn = (e) => (e && e.articles.length ? ` (${list(e)})` : "");
  const k = m.repetition ? m.repetition.occurrence : null;
  const [czh, cen] = consequenceWords(m.consequence, mover);
  let zh = `${m.chinese} ${m.move}：` + (k ? `局面第${k}次出现，` : "") + czh + codes(m.effect);
  let en = `${m.chinese} ${m.move}: ` + (k ? `the position's occurrence ${k}; ` : "") + cen + codesEn(m.effect);
  if (m.warning) {
    const w = m.warning, [wzh, wen] = consequenceWords(w.consequence, mover);
    const n = w.effect.occurrence;
    zh += `。警告：走${m.chinese}后照此循环再走${w.plies_more}步，局面将第${n}次出现：${wzh}${codes(w.effect)}`;
    en += `. Warning: playing ${m.chinese} and the same loop once more (${w.plies_more} more ${w.plies_more === 1 ? "ply" : "plies"}) makes a position occur a ${ORDINAL[n] || n + "th"} time: ${wen}${codesEn(w.effect)}`;
  }
  if (m.banned) {
    zh += "【禁着】";
    en += " [banned]";
  }
  return { zh, en };
}

/** The colour class of a consequence (both rulings against the opponent share one). */
function consequenceClass(c) {
  return c.startsWith("opponent_") ? "c-opponent" : `c-${c}`;
}

async function refreshOutlook() {
  const seq = ++OUTLOOK.seq;
  const body = JSON.stringify({ fen: state.start, moves: state.moves.map((m) => m.iccs), ...settings() });
  let data = null;
  try {
    data = await post("/moves", body);
  } catch (e) {
    data = null;
  }
  if (seq !== OUTLOOK.seq) return; // a later position is being asked about
  OUTLOOK.moves = data ? data.moves : [];
  OUTLOOK.mover = data ? data.mover : null;
  const list = $("outlook-list");
  list.innerHTML = OUTLOOK.moves
    .map((m) => {
      const t = outlookItem(m, data.mover);
      const cls = `${consequenceClass(m.warning ? m.warning.consequence : m.consequence)}${m.warning ? " warning" : ""}`;
      return `<li class="${cls}" data-move="${esc(m.move)}" data-consequence="${esc(m.consequence)}">${bi(t.zh, t.en)}</li>`;
    })
    .join("");
  $("outlook").hidden = OUTLOOK.moves.length === 0;
  draw();
  document.body.dataset.outlook = String(seq);
}

/** Marks the moves that would complete a repetition: a stroke from the piece to its
 * destination and a dot there, coloured by consequence (by the warning's when the move
 * decides nothing yet), dashed when banned. */
function drawOutlook(svg) {
  if (state.editing || !state.now || OUTLOOK.mover !== state.now.turn) return;
  for (const m of OUTLOOK.moves) {
    const c = m.warning && m.consequence === "repeats" ? m.warning.consequence : m.consequence;
    const g = el("g", { class: `omark ${consequenceClass(c)}${m.banned ? " banned" : ""}`, "data-move": m.move, "data-consequence": m.consequence }, svg);
    const [x1, y1] = xy(FILES.indexOf(m.move[0]), Number(m.move[1]));
    const [x2, y2] = xy(FILES.indexOf(m.move[2]), Number(m.move[3]));
    el("line", { x1, y1, x2, y2 }, g);
    el("circle", { cx: x2, cy: y2, r: 8 }, g);
  }
}

// ---- the ruling ----

function settings() {
  return { rules: $("rules").value, repetitions: Number($("repetitions").value) || 3 };
}

function applyLang(doc) {
  const lang = $("lang").value;
  document.body.className = `lang-${lang}`;
  if (!doc) return;
  let style = doc.getElementById("desk-lang");
  if (!style) {
    style = doc.createElement("style");
    style.id = "desk-lang";
    doc.head.appendChild(style);
  }
  const hide =
    lang === "zh" ? '[lang="en"], .en' : lang === "en" ? '[lang="zh-Hans"]:not(html), .zh' : null;
  // The page's own style sheet fits a phone; this only shows the language asked for.
  style.textContent =
    (hide ? `${hide} { display: none !important; } .zh + .en::before { content: "" !important; }` : "") +
    (lang === "en" ? " .en { color: inherit; }" : "");
  fitFrame();
}

function fitFrame() {
  const frame = $("ruling");
  const doc = frame.contentDocument;
  if (doc && doc.documentElement) frame.style.height = doc.documentElement.scrollHeight + 4 + "px";
}

async function judge() {
  if (state.editing) await finishEditing();
  if (state.editing) return;
  const body = JSON.stringify({ id: state.source || undefined, fen: state.start, moves: state.moves.map((m) => m.iccs), ...settings() });
  status("rule-status", "…", true);
  try {
    const html = await post("/judge?format=html", body);
    state.judged = body;
    const frame = $("ruling");
    frame.hidden = false;
    frame.onload = () => applyLang(frame.contentDocument);
    frame.srcdoc = html;
    $("evidence").hidden = false;
    $("evidence").open = false;
    $("evidence-json").textContent = "";
    status("rule-status", "");
  } catch (e) {
    status("rule-status", e.message);
  }
}

async function evidence() {
  if (!$("evidence").open || !state.judged || $("evidence-json").textContent) return;
  try {
    const j = await post("/judge?explain=true", state.judged);
    $("evidence-json").textContent = JSON.stringify({ ruling: j.ruling, cycles: j.cycles, moves: j.moves, natural_limit: j.natural_limit }, null, 2);
  } catch (e) {
    $("evidence-json").textContent = e.message;
  }
}

// ---- typed moves: errors in the page's language, a typo keeps the moves before it ----

// The language of the server's error messages: Chinese unless the page is in English.
function errorLang() {
  return $("lang").value === "en" ? "en" : "zh";
}

async function addMoves() {
  const box = $("move-text");
  const text = box.value.trim();
  if (!text) return;
  const before = state.moves.map((m) => m.iccs);
  try {
    await replay([...before, text]);
    box.value = "";
    status("line-status", "");
  } catch (e) {
    if (!e.badMove) return status("line-status", e.message);
    // Keep what was read before the bad move; leave the rest in the box, the bad move
    // selected.
    const bad = e.badMove;
    if (bad.read.length > before.length) await replay(bad.read);
    const offset = before.length ? before.join(" ").length + 1 : 0;
    const start = Math.max(0, Math.min(text.length, bad.column - 1 - offset));
    box.value = text.slice(start);
    box.focus();
    box.setSelectionRange(0, bad.move.length);
    box.classList.add("bad");
    status("line-status", e.message);
  }
}

// ---- wiring ----

function on(id, event, f) {
  $(id).addEventListener(event, async (e) => {
    try {
      await f(e);
    } catch (err) {
      status("line-status", err.message);
    }
  });
}

window.addEventListener("DOMContentLoaded", async () => {
  buildPalette();
  on("startpos", "click", async () => {
    if (state.editing) {
      state.edit = cellsOf(STARTPOS);
      draw();
      return checkSetup();
    }
    await setStart(STARTPOS, "");
  });
  on("edit", "click", () => (state.editing ? finishEditing() : startEditing()));
  on("done", "click", finishEditing);
  on("clear-board", "click", () => {
    state.edit = new Array(90).fill("");
    draw();
    return checkSetup();
  });
  for (const r of document.querySelectorAll("input[name=turn]")) r.addEventListener("change", checkSetup);
  on("use-fen", "click", async () => {
    if (state.editing) {
      state.editing = false;
      $("editor").hidden = true;
      $("edit").setAttribute("aria-pressed", "false");
    }
    try {
      await setStart($("fen").value.trim(), "");
      status("line-status", "");
    } catch (e) {
      status("line-status", e.message + (e.reasons.length > 1 ? ": " + e.reasons.join("; ") : ""));
    }
  });
  on("undo", "click", () => replay(state.moves.slice(0, -1).map((m) => m.iccs)));
  on("clear-moves", "click", () => replay([]));
  on("add-moves", "click", addMoves);
  $("move-text").addEventListener("input", () => $("move-text").classList.remove("bad"));
  on("file", "change", (e) => e.target.files[0] && upload(e.target.files[0]));
  on("load-game", "click", () => loadGame(Number($("game").value), $("file").files[0] && $("file").files[0].name));
  on("judge", "click", judge);
  on("lang", "change", () => applyLang($("ruling").contentDocument));
  on("rules", "change", refreshOutlook);
  on("repetitions", "change", refreshOutlook);
  $("evidence").addEventListener("toggle", evidence);
  window.addEventListener("resize", fitFrame);
  applyLang(null);
  await setStart(STARTPOS, "");
  fetch("/health").then((r) => r.json()).then((h) => {
    $("version").textContent = `qili ${h.version}`;
    $("rules").value = h.rules;
    $("repetitions").value = h.repetitions;
  }).catch(() => {});
  document.body.dataset.ready = "1";
});
