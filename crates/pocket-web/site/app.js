// The page. The moves, corners and orders come from model.js, written from the
// library's own tables; every answer comes from the API (backend.js: pocket's
// library in a worker, or `pocket serve`), so the page and `pocket solve` cannot disagree.
"use strict";

const FACES = "ULFRBD";
const FACE_NAMES = { U: "white", L: "orange", F: "green", R: "red", B: "blue", D: "yellow" };
// The colour a typed character stands for, as the face letter of that colour: colour
// initials (W Y G B O R) and face letters (U D F B L R) alike, in either case. The
// page paints what was typed; which way up the cube is held is the solver's business.
const COLOUR_OF = { W: "U", U: "U", Y: "D", D: "D", G: "F", F: "F", B: "B", O: "L", L: "L", R: "R" };
// Palette keys: the initial of each colour.
const COLOUR_KEYS = { w: "U", y: "D", g: "F", b: "B", o: "L", r: "R" };
const COLOUR_INITIAL = { U: "W", L: "O", F: "G", R: "R", B: "B", D: "Y" };
// Net cells of positions A..X: [row, column] in an 8-column grid.
const CELLS = [
  [0, 2], [0, 3], [1, 2], [1, 3],
  [2, 0], [2, 1], [2, 2], [2, 3], [2, 4], [2, 5], [2, 6], [2, 7],
  [3, 0], [3, 1], [3, 2], [3, 3], [3, 4], [3, 5], [3, 6], [3, 7],
  [4, 2], [4, 3], [5, 2], [5, 3],
];

const $ = (id) => document.getElementById(id);

const page = {
  start: MODEL.solved, // the cube entered, as face letters in net order
  steps: [],           // the solution's moves
  at: 0,               // how many of them are done
  paint: null,         // the palette colour, or null to cycle
  timer: null,         // the player
  wrong: new Set(),    // stickers an error names
  asked: 0,            // the latest request, so a slow old answer is dropped
  source: "state",     // what the URL holds: "state", or "moves" (turning base)
  base: null,          // with "moves": the state typed before the moves, or null for solved
  turning: null,       // the 3D turn on its way, or null
  animating: false,    // a step is drawn: the 3D view turns instead of redrawing at once
};

function apply(stickers, move) {
  const p = MODEL.moves[move];
  let out = "";
  for (let i = 0; i < 24; i++) out += stickers[p[i]];
  return out;
}

function shown() {
  let s = page.start;
  for (let k = 0; k < page.at; k++) s = apply(s, page.steps[k]);
  return s;
}

// Colours of any six characters as face letters: the reference corner (M, T, W)
// names L, B and D, and each other face is the one colour never on a corner with the
// opposite one. A state that is not a cube keeps what can be kept, so that it can
// still be drawn with its faults marked.
function faceLetters(net) {
  const colours = [...new Set(net)];
  const map = new Map();
  // Colours named by their initials are painted as typed, whichever way up.
  const typed = colours.map((c) => COLOUR_OF[c.toUpperCase()]);
  if (colours.length <= 6 && !typed.includes(undefined) && new Set(typed).size === colours.length) {
    return [...net].map((c) => COLOUR_OF[c.toUpperCase()]).join("");
  }
  // Face letters already: drawn as they are, right or wrong, so that a wrong
  // sticker on the reference corner does not recolour the rest.
  if (colours.every((c) => FACES.includes(c))) return net;
  if (colours.length === 6) {
    const meets = new Map(colours.map((c) => [c, new Set()]));
    for (const corner of MODEL.corners) {
      for (const a of corner) for (const b of corner) meets.get(net[a]).add(net[b]);
    }
    const opposite = (c) => {
      const o = colours.filter((x) => !meets.get(c).has(x));
      return o.length === 1 ? o[0] : null;
    };
    const [l, b, d] = [net[12], net[19], net[22]];
    const [r, f, u] = [opposite(l), opposite(b), opposite(d)];
    const all = [l, b, d, r, f, u];
    if (!all.includes(null) && new Set(all).size === 6) {
      [["L", l], ["B", b], ["D", d], ["R", r], ["F", f], ["U", u]].forEach(([face, c]) => map.set(c, face));
    }
  }
  if (map.size === 0) {
    for (const c of colours) if (FACES.includes(c)) map.set(c, c);
    const free = [...FACES].filter((f) => ![...map.values()].includes(f));
    for (const c of colours) if (!map.has(c) && free.length) map.set(c, free.shift());
  }
  return [...net].map((c) => map.get(c) || "x").join("");
}

// The typed text as net order (the URFDLB order is rearranged), or null.
function typedNet() {
  const text = $("state").value.replace(/\s+/g, "");
  if (text.length !== 24) return null;
  if ($("layout").value !== "urfdlb") return text;
  const net = new Array(24);
  MODEL.urfdlb.forEach((golf, i) => { net[golf] = text[i]; });
  return net.join("");
}

function buildPalette() {
  const palette = $("palette");
  for (const f of FACES) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "c-" + f;
    b.textContent = COLOUR_INITIAL[f];
    b.setAttribute("role", "radio");
    b.setAttribute("aria-checked", "false");
    b.setAttribute("aria-label", `paint ${FACE_NAMES[f]} (${f})`);
    b.dataset.face = f;
    // Clicking the chosen colour again keeps it: painting goes on.
    b.addEventListener("click", () => pick(f));
    palette.appendChild(b);
  }
}

function pick(face) {
  page.paint = face;
  for (const o of $("palette").children) o.setAttribute("aria-checked", String(o.dataset.face === face));
}

function buildNet() {
  const net = $("net");
  CELLS.forEach(([row, col], i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.sticker = MODEL.names[i];
    b.style.gridRow = String(row + 1);
    b.style.gridColumn = String(col + 1);
    b.textContent = MODEL.names[i];
    b.addEventListener("click", () => paintSticker(i, page.paint));
    b.addEventListener("keydown", (e) => {
      const f = e.key.length === 1 ? COLOUR_OF[e.key.toUpperCase()] : undefined;
      if (f) {
        e.preventDefault();
        pick(f);
        paintSticker(i, f);
      }
    });
    net.appendChild(b);
  });
}

function paintSticker(i, face) {
  const s = shown();
  const now = s[i];
  const next = face || FACES[(FACES.indexOf(now) + 1) % 6];
  page.start = s.slice(0, i) + next + s.slice(i + 1);
  page.steps = [];
  page.at = 0;
  page.source = "state";
  page.base = null;
  // Written in the alphabet typed: colour initials stay colour initials.
  const initials = /[WYGO]/i.test($("state").value);
  $("state").value = initials ? [...page.start].map((f) => COLOUR_INITIAL[f] || f).join("") : page.start;
  $("layout").value = "golf";
  changed();
}

// Face letters written in the alphabet of `like` (what was typed): face letters stay
// face letters; otherwise, and by default, colour initials (W O G R B Y), the
// palette's letters.
function inAlphabet(faces, like) {
  const typedFaces = like && /^[ULFRBD\s]+$/.test(like) && !/^\s*$/.test(like);
  return typedFaces ? faces : [...faces].map((f) => COLOUR_INITIAL[f] || f).join("");
}

// "1 move", "2 moves".
function count(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

function drawNet() {
  const s = shown();
  if (!page.animating) { page.turning = null; draw3d(s); }
  const next = page.steps[page.at];
  const turning = new Set();
  if (next) MODEL.moves[next].forEach((from, i) => { if (from !== i) turning.add(i); });
  [...$("net").children].forEach((b, i) => {
    const f = s[i];
    b.className = "c-" + (FACES.includes(f) ? f : "x");
    b.classList.toggle("turning", turning.has(i));
    b.classList.toggle("wrong", page.wrong.has(MODEL.names[i]));
    const what = FACES.includes(f) ? FACE_NAMES[f] : "unknown colour";
    b.setAttribute("aria-label", `sticker ${MODEL.names[i]}: ${what}${turning.has(i) ? ", turns next" : ""}`);
  });
}

// The cube in 3D: the 24 stickers placed with CSS transforms (x right, y down, z
// towards the viewer, the cube from -UNIT to UNIT), turned around by dragging. A
// move is shown by turning its layer's stickers, then drawing the next position.
const UNIT = 40;
const view = { x: -30, y: -40 };
// The axis of each face's turn and the angle of a clockwise quarter turn.
const TURNS = { R: ["1, 0, 0", 90], U: ["0, 1, 0", -90], F: ["0, 0, 1", 90] };

function placeSticker(i) {
  const [row, col] = CELLS[i];
  const u = UNIT;
  const at = (x, y, z, turn) => `translate3d(${x * u}px, ${y * u}px, ${z * u}px) ${turn}`;
  if (row < 2) return at(col - 2.5, -1, row - 0.5, "rotateX(90deg)");
  if (row > 3) return at(col - 2.5, 1, 4.5 - row, "rotateX(-90deg)");
  const y = row - 2.5;
  if (col < 2) return at(-1, y, col - 0.5, "rotateY(-90deg)");
  if (col < 4) return at(col - 2.5, y, 1, "");
  if (col < 6) return at(1, y, 4.5 - col, "rotateY(90deg)");
  return at(6.5 - col, y, -1, "rotateY(180deg)");
}

function build3d() {
  const cube = $("cube3d");
  for (let i = 0; i < 24; i++) cube.appendChild(document.createElement("div"));
  let drag = null;
  const scene = $("scene");
  scene.addEventListener("pointerdown", (e) => {
    drag = { x: e.clientX, y: e.clientY };
    scene.setPointerCapture(e.pointerId);
  });
  scene.addEventListener("pointermove", (e) => {
    if (!drag) return;
    view.y += (e.clientX - drag.x) * 0.6;
    view.x = Math.max(-89, Math.min(89, view.x - (e.clientY - drag.y) * 0.6));
    drag = { x: e.clientX, y: e.clientY };
    orient3d();
  });
  const end = () => { drag = null; };
  scene.addEventListener("pointerup", end);
  scene.addEventListener("pointercancel", end);
  orient3d();
}

function orient3d() {
  $("cube3d").style.transform = `rotateX(${view.x}deg) rotateY(${view.y}deg)`;
}

function draw3d(stickers) {
  const cube = $("cube3d");
  cube.dataset.turning = "";
  [...cube.children].forEach((el, i) => {
    const f = stickers[i];
    el.className = "c-" + (FACES.includes(f) ? f : "x");
    el.style.transition = "none";
    el.style.transform = placeSticker(i);
  });
}

// Turn the layer of `move` on the cube drawn as `before`, then draw `after`.
function turn3d(before, move, after) {
  const cube = $("cube3d");
  draw3d(before);
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) { draw3d(after); return; }
  const [axis, quarter] = TURNS[move[0]];
  const angle = quarter * (move.endsWith("'") ? -1 : move.endsWith("2") ? 2 : 1);
  const p = MODEL.moves[move];
  cube.dataset.turning = move;
  const turning = page.turning = {};
  requestAnimationFrame(() => requestAnimationFrame(() => {
    [...cube.children].forEach((el, i) => {
      if (p[i] === i) return;
      el.style.transition = "transform 0.25s ease-in-out";
      el.style.transform = `rotate3d(${axis}, ${angle}deg) ${placeSticker(i)}`;
    });
  }));
  setTimeout(() => { if (page.turning === turning) draw3d(after); }, 300);
}

// The move that undoes `move`.
function inverse(move) {
  return move.endsWith("'") ? move[0] : move.endsWith("2") ? move : move + "'";
}

function drawSteps() {
  const total = page.steps.length;
  const sol = $("solution");
  sol.textContent = "";
  page.steps.forEach((m, k) => {
    const span = document.createElement("span");
    span.textContent = m;
    if (k < page.at) span.className = "done";
    if (k === page.at) span.className = "now";
    sol.appendChild(span);
    sol.appendChild(document.createTextNode(" "));
  });
  $("first").disabled = $("back").disabled = page.at === 0;
  $("next").disabled = $("last").disabled = page.at >= total;
  $("play").disabled = total === 0;
  $("copy-solution").disabled = total === 0;
  $("play").textContent = page.timer ? "Pause" : "Play";
  const step = $("step");
  if (total === 0) step.textContent = "";
  else if (page.at >= total) step.textContent = `Solved after ${count(total, "move", "moves")}.`;
  else step.textContent = `Move ${page.at + 1} of ${total}: ${page.steps[page.at]} (the outlined stickers turn).`;
  drawNet();
}

function go(at) {
  const from = page.at;
  const before = shown();
  page.at = Math.max(0, Math.min(page.steps.length, at));
  if (page.at >= page.steps.length) stopPlaying();
  page.animating = true;
  drawSteps();
  page.animating = false;
  // One step is shown turning in 3D; the net and the text change at once.
  if (page.at === from + 1) turn3d(before, page.steps[from], shown());
  else if (page.at === from - 1) turn3d(before, inverse(page.steps[page.at]), shown());
}

function stopPlaying() {
  clearInterval(page.timer);
  page.timer = null;
}

function play() {
  if (page.timer) { stopPlaying(); drawSteps(); return; }
  if (page.at >= page.steps.length) page.at = 0;
  page.timer = setInterval(() => go(page.at + 1), 700);
  drawSteps();
}

// Stickers an error names: "at C F G", "stickers (A B C D E)", "sticker: X".
function namedStickers(message) {
  const found = new Set();
  const lists = /(?:\bat|stickers?:?) \(?([A-X](?: [A-X])*)\b/g;
  for (const m of message.matchAll(lists)) m[1].split(" ").forEach((s) => found.add(s));
  return found;
}

function say(text, bad) {
  const m = $("message");
  m.textContent = bad ? inPageWords(text) : text;
  m.classList.toggle("bad", !!bad);
}

function query() {
  const q = new URLSearchParams();
  if (page.source === "moves") {
    // The moves turn the cube they were applied to.
    if (page.base !== null) q.set("state", page.base);
    q.set("moves", $("moves").value);
    if (page.base !== null && $("layout").value !== "golf") q.set("layout", $("layout").value);
  } else {
    q.set("state", $("state").value);
    if ($("layout").value !== "golf") q.set("layout", $("layout").value);
  }
  if ($("metric").value !== "htm") q.set("metric", $("metric").value);
  if ($("cost").value.trim()) q.set("cost", $("cost").value.trim());
  return q;
}

function remember() {
  const q = query();
  history.replaceState(null, "", "?" + q.toString());
  $("link").href = location.href;
}

// Copy text to the clipboard; say so, or say what to copy by hand.
async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    $("copied").textContent = `Copied the ${what}.`;
  } catch (e) {
    $("copied").textContent = `Copy the ${what} by hand: ${text}`;
  }
}

function quarterTurns(moves) {
  return moves.reduce((n, m) => n + (m.endsWith("2") ? 2 : 1), 0);
}

async function solve() {
  const asked = ++page.asked;
  stopPlaying();
  const q = query();
  q.set("count", "1");
  const answer = await api("/api/solve?" + q.toString());
  if (asked !== page.asked) return;
  $("all").textContent = "";
  if (answer.error) {
    page.wrong = page.source === "state" && $("layout").value === "golf" ? namedStickers(answer.error) : new Set();
    page.steps = [];
    page.at = 0;
    say(answer.error, true);
    $("facts").textContent = "";
    $("show-all").disabled = true;
    drawSteps();
    return;
  }
  page.wrong = new Set();
  if (answer.state) {
    // The cube the moves made, in the sticker order asked for.
    $("state").value = inAlphabet(answer.state, page.base);
    if (page.base === null) $("layout").value = "golf";
    const net = typedNet();
    if (net) page.start = faceLetters(net);
  }
  page.steps = answer.moves;
  page.at = 0;
  const n = answer.moves.length;
  say(n === 0 ? "This cube is solved." : "A valid cube.", false);
  const facts = [];
  if (n > 0) {
    // Each length says what it counts; only the metric solved in is optimal.
    const htm = count(n, "move", "moves");
    const qtm = count(quarterTurns(answer.moves), "quarter turn", "quarter turns");
    const metric = $("metric").value;
    if (answer.cost !== undefined) facts.push(`${htm} (half-turn metric), ${qtm} (quarter-turn metric)`);
    else if (metric === "qtm") facts.push(`${qtm}, optimal in the quarter-turn metric (QTM); the same solution is ${htm} in HTM`);
    else if (metric === "one-way") facts.push(`${count(n, "clockwise turn", "clockwise turns")}, optimal one-way`);
    else facts.push(`${htm}, optimal in the half-turn metric (HTM); the same solution is ${qtm} in QTM`);
    if (answer.cost !== undefined) facts.push(`cost ${answer.cost}`);
    if (answer.count !== undefined) {
      facts.push(answer.count === 1 ? "the only optimal solution" : `one of ${answer.count} optimal solutions`);
    }
  }
  $("facts").textContent = facts.join("; ");
  $("show-all").disabled = n === 0;
  drawSteps();
}

async function showAll() {
  const asked = page.asked;
  const q = query();
  q.set("all", "1");
  const list = $("all");
  list.textContent = "";
  const answer = await api("/api/solve?" + q.toString());
  if (asked !== page.asked) return;
  if (answer.error) { say(answer.error, true); return; }
  for (const s of answer.solutions) {
    const li = document.createElement("li");
    li.textContent = s;
    list.appendChild(li);
  }
}

let pending = null;
function changed() {
  // Any answer still on its way is for what was there before.
  page.asked++;
  $("all").textContent = "";
  remember();
  drawNet();
  clearTimeout(pending);
  pending = setTimeout(solve, 120);
}

function fromTyping() {
  page.source = "state";
  page.base = null;
  const net = typedNet();
  if (net) page.start = faceLetters(net);
  page.steps = [];
  page.at = 0;
  changed();
}

// Put a scramble from the API on the page: its moves, and the cube it makes.
function loadScramble(s) {
  $("moves").value = s.scramble;
  $("state").value = inAlphabet(s.state, null);
  $("layout").value = "golf";
  page.start = faceLetters(s.state);
  page.source = "state";
  page.base = null;
  page.steps = [];
  page.at = 0;
  changed();
}

async function randomScramble() {
  const s = await api("/api/scramble");
  if (s.error) { say(s.error, true); return; }
  loadScramble(s);
}

// The census's numbers, a table a metric, below the chart.
let censusAsked = 0;
async function censusNumbers() {
  // Only the latest click's tables are shown (two clicks drew them twice).
  const asked = ++censusAsked;
  const out = document.createDocumentFragment();
  $("census-numbers").textContent = "";
  for (const [metric, name] of [["htm", "half turns (HTM)"], ["qtm", "quarter turns (QTM)"], ["one-way", "one way (R U F)"]]) {
    const c = await api("/api/census?metric=" + metric);
    if (asked !== censusAsked) return;
    if (c.error) { $("census-numbers").textContent = c.error; return; }
    const table = document.createElement("table");
    const caption = document.createElement("caption");
    caption.textContent = `${name}: ${c.total_positions.toLocaleString("en")} positions`;
    table.appendChild(caption);
    const head = table.insertRow();
    for (const h of ["distance", "positions", "local maxima"]) {
      const th = document.createElement("th");
      th.textContent = h;
      head.appendChild(th);
    }
    c.distances.forEach((d, k) => {
      const row = table.insertRow();
      for (const v of [d, c.positions[k], c.local_maxima[k]]) row.insertCell().textContent = v.toLocaleString("en");
    });
    out.appendChild(table);
  }
  if (asked === censusAsked) $("census-numbers").replaceChildren(out);
}

async function census() {
  const chart = $("chart");
  chart.textContent = "Counting 3,674,160 positions in three metrics...";
  const img = new Image();
  img.alt = "Bar charts of positions and local maxima per distance, in HTM, QTM and one-way";
  img.addEventListener("load", () => { chart.textContent = ""; chart.appendChild(img); censusNumbers(); });
  img.addEventListener("error", () => { chart.textContent = "The census could not be drawn."; });
  backend.pictureUrl("/census.svg").then((url) => { img.src = url; });
}

function start() {
  themeSwitch();
  backend.kind().then((kind) => {
    if (kind === "wasm") {
      $("backend-note").textContent = "pocket runs in this page (WebAssembly, in a worker): no server is asked. " +
        "`pocket serve` serves the same page with the same answers, and its JSON API.";
    }
  });
  buildPalette();
  buildNet();
  build3d();
  trainer.start();
  const q = new URLSearchParams(location.search);
  const wrong = [];
  for (const name of ["metric", "layout"]) {
    const v = q.get(name);
    if (v === null) continue;
    const choice = [...$(name).options].find((o) => o.value === v.toLowerCase());
    if (choice) $(name).value = choice.value;
    else wrong.push(`unknown ${name} '${v}' in the link`);
  }
  if (q.get("cost")) $("cost").value = q.get("cost");
  if (q.get("moves")) {
    page.source = "moves";
    $("moves").value = q.get("moves");
    if (q.get("state")) {
      page.base = q.get("state");
      $("state").value = page.base;
    }
  } else if (q.get("state")) {
    $("state").value = q.get("state");
    const net = typedNet();
    if (net) page.start = faceLetters(net);
  } else {
    $("state").value = inAlphabet(MODEL.solved, null);
  }
  $("state").addEventListener("input", fromTyping);
  $("layout").addEventListener("change", fromTyping);
  $("state-form").addEventListener("submit", (e) => { e.preventDefault(); fromTyping(); });
  // Apply turns the cube on the page, whatever it is, by the moves.
  $("moves-form").addEventListener("submit", (e) => {
    e.preventDefault();
    page.source = "moves";
    page.base = $("state").value.trim() || null;
    changed();
  });
  $("options").addEventListener("submit", (e) => { e.preventDefault(); remember(); solve(); });
  $("metric").addEventListener("change", () => { remember(); solve(); });
  $("random").addEventListener("click", randomScramble);
  $("reset").addEventListener("click", () => {
    $("state").value = inAlphabet(MODEL.solved, null);
    $("layout").value = "golf";
    fromTyping();
  });
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(page.at - 1));
  $("next").addEventListener("click", () => go(page.at + 1));
  $("last").addEventListener("click", () => go(page.steps.length));
  $("play").addEventListener("click", play);
  $("show-all").addEventListener("click", showAll);
  $("census").addEventListener("click", census);
  $("copy-link").addEventListener("click", () => copy(location.href, "link"));
  $("copy-solution").addEventListener("click", () => copy(page.steps.join(" "), "solution"));
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, select, #net")) return;
    if (e.key === "ArrowRight") go(page.at + 1);
    if (e.key === "ArrowLeft") go(page.at - 1);
    if (!e.ctrlKey && !e.metaKey && !e.altKey && COLOUR_KEYS[e.key]) pick(COLOUR_KEYS[e.key]);
  });
  $("show-all").disabled = true;
  $("link").href = location.href;
  drawSteps();
  // A link with a bad option still solves its cube (with the page's default for it),
  // and then says what it did not take.
  const warn = () => { if (wrong.length) say(wrong.join("; ") + ": the page's default is used", true); };
  if (q.get("moves") || q.get("state")) solve().then(warn);
  else if (wrong.length) warn();
  else say("Paint your cube, type its stickers, or scramble.", false);
}

start();
