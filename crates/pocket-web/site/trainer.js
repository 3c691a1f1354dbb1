// The trainer: scrambles drawn among the picked cases of a set, a timer (hold space,
// release to start, any key stops; optional WCA inspection), sessions with their
// statistics, and everything kept in localStorage. csTimer's 2x2 training is the
// model. The case and its algorithms stay hidden until Reveal.
"use strict";

const trainer = (() => {
  const KEY = "pocket.trainer.v1";
  // How long space is held before the timer may start (csTimer's default).
  const HOLD_MS = 300;
  // Unknown cases are drawn this many times as often as known ones.
  const UNKNOWN_WEIGHT = 3;
  const MAX_DRAWS = 400;

  const store = load();
  const now = { cases: [], drawn: null, phase: "idle", pressedAt: 0, startedAt: 0, inspectFrom: 0, penalty: null, frame: 0 };

  function load() {
    const empty = { set: "cll", inspection: false, session: "Session 1", sessions: { "Session 1": [] }, picked: {}, known: {}, unknownOnly: false };
    try {
      const saved = JSON.parse(localStorage.getItem(KEY) || "null");
      return saved && saved.sessions ? { ...empty, ...saved } : empty;
    } catch (e) {
      return empty;
    }
  }

  function save() {
    try {
      localStorage.setItem(KEY, JSON.stringify(store));
    } catch (e) {
      tell("could not keep the session in this browser: " + e.message, true);
    }
  }

  function tell(text, bad) {
    const m = $("trainer-message");
    m.textContent = bad ? inPageWords(text) : text;
    m.classList.toggle("bad", !!bad);
  }

  const times = () => store.sessions[store.session];

  // --- times and statistics (WCA rules: DNF is worst; an average of n drops the
  // best and worst 5% (at least one) each side, and is DNF past that many DNFs)
  const value = (t) => (t.penalty === "DNF" ? Infinity : t.ms + (t.penalty === "+2" ? 2000 : 0));
  function show(ms) {
    if (ms === Infinity) return "DNF";
    if (ms === null || ms === undefined || Number.isNaN(ms)) return "-";
    const s = ms / 1000;
    return s >= 60 ? `${Math.floor(s / 60)}:${(s % 60).toFixed(2).padStart(5, "0")}` : s.toFixed(2);
  }
  function average(list, n) {
    if (list.length < n) return null;
    const last = list.slice(-n).map(value).sort((a, b) => a - b);
    const cut = Math.max(1, Math.ceil(n * 0.05));
    const kept = last.slice(cut, n - cut);
    if (kept.includes(Infinity)) return Infinity;
    return kept.reduce((a, b) => a + b, 0) / kept.length;
  }
  function stats(list) {
    const done = list.map(value).filter((v) => v !== Infinity);
    return {
      best: done.length ? Math.min(...done) : null,
      mean: done.length ? done.reduce((a, b) => a + b, 0) / done.length : null,
      ao5: average(list, 5),
      ao12: average(list, 12),
      ao100: average(list, 100),
    };
  }

  function drawTimes() {
    const list = times();
    const s = stats(list);
    $("stats").textContent = `${list.length} ${list.length === 1 ? "solve" : "solves"} · best ${show(s.best)} · mean ${show(s.mean)} · ao5 ${show(s.ao5)} · ao12 ${show(s.ao12)} · ao100 ${show(s.ao100)}`;
    const ol = $("times");
    ol.textContent = "";
    list.forEach((t, i) => {
      const li = document.createElement("li");
      li.textContent = show(value(t)) + (t.penalty === "+2" ? "+" : "") + (t.case ? `  ${t.case}` : "");
      li.title = t.scramble || "";
      for (const [label, act] of [["+2", "+2"], ["DNF", "DNF"], ["×", "delete"]]) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = label;
        b.setAttribute("aria-label", act === "delete" ? "Delete this time" : `Mark ${label}`);
        b.addEventListener("click", () => mark(i, act));
        li.appendChild(b);
      }
      ol.prepend(li);
    });
    const pick = $("session");
    pick.textContent = "";
    for (const name of Object.keys(store.sessions)) pick.add(new Option(name, name, false, name === store.session));
  }

  function mark(i, act) {
    const list = times();
    if (act === "delete") list.splice(i, 1);
    else list[i].penalty = list[i].penalty === act ? null : act;
    save();
    drawTimes();
  }

  // --- the case filter
  const picked = () => store.picked[store.set] || null; // null: every case
  const known = () => store.known[store.set] || [];
  function weight(name) {
    const p = picked();
    if (p && !p.includes(name)) return 0;
    const isKnown = known().includes(name);
    if (store.unknownOnly && isKnown) return 0;
    return isKnown ? 1 : UNKNOWN_WEIGHT;
  }

  function drawFilter() {
    const table = $("case-list");
    table.textContent = "";
    const head = table.insertRow();
    for (const h of ["pick", "case", "csTimer", "known", "share of the set"]) head.insertCell().textContent = h;
    for (const c of now.cases) {
      const row = table.insertRow();
      const pick = document.createElement("input");
      pick.type = "checkbox";
      pick.checked = !picked() || picked().includes(c.name);
      pick.setAttribute("aria-label", `Practise ${c.name}`);
      pick.addEventListener("change", () => {
        const p = new Set(picked() || now.cases.map((x) => x.name));
        if (pick.checked) p.add(c.name); else p.delete(c.name);
        store.picked[store.set] = p.size === now.cases.length ? null : [...p];
        save();
        summary();
      });
      row.insertCell().appendChild(pick);
      row.insertCell().textContent = c.name;
      row.insertCell().textContent = c.cstimer || "";
      const k = document.createElement("input");
      k.type = "checkbox";
      k.checked = known().includes(c.name);
      k.setAttribute("aria-label", `I know ${c.name}`);
      k.addEventListener("change", () => {
        const s = new Set(known());
        if (k.checked) s.add(c.name); else s.delete(c.name);
        store.known[store.set] = [...s];
        save();
        summary();
      });
      row.insertCell().appendChild(k);
      row.insertCell().textContent = `${(100 * c.probability).toFixed(1)}%`;
    }
    $("unknown-only").checked = store.unknownOnly;
    summary();
  }

  function summary() {
    const picks = picked() ? picked().length : now.cases.length;
    const drawn = now.cases.filter((c) => weight(c.name) > 0).length;
    const only = store.unknownOnly ? `, ${drawn} drawn (unknown only)` : "";
    $("filter-summary").textContent = `${picks} of ${now.cases.length} picked, ${known().length} known${only}`;
  }

  function pickAll(on) {
    store.picked[store.set] = on ? null : [];
    save();
    drawFilter();
  }

  async function loadSet() {
    store.set = $("set").value;
    save();
    now.cases = [];
    $("filter-summary").textContent = "loading...";
    const cases = await api("/api/cases?set=" + encodeURIComponent(store.set));
    if (cases.error) { tell(cases.error, true); return; }
    now.cases = cases;
    drawFilter();
  }

  // --- drawing a scramble: uniform over the set, each draw kept with the chance
  // its case's weight gives (rejection sampling), so that within a case every
  // position is as likely as another.
  async function next(keepCase) {
    if (!now.cases.length) await loadSet();
    if (!now.cases.some((c) => weight(c.name) > 0)) {
      const none = picked() && picked().length === 0;
      tell(none ? "no case is picked: pick some under Cases" : "every picked case is marked known: untick \"unknown only\" or unmark some", true);
      return;
    }
    tell("");
    if (!keepCase) $("case").textContent = "";
    $("reveal").disabled = true;
    for (let draw = 0; draw < MAX_DRAWS; draw++) {
      const s = await api("/api/scramble?set=" + encodeURIComponent(store.set));
      if (s.error) { tell(s.error, true); return; }
      const c = await api(`/api/cases?set=${encodeURIComponent(store.set)}&state=${s.state}`);
      if (c.error) { tell(c.error, true); return; }
      if (Math.random() * UNKNOWN_WEIGHT < weight(c.name)) {
        now.drawn = { scramble: s.scramble, state: s.state, set: store.set, case: c };
        $("drill").textContent = s.scramble;
        $("reveal").disabled = false;
        return;
      }
    }
    tell("the picked cases are too rare to draw: pick more", true);
  }

  // The case's U layer as alg sites draw it: the U face from above, front at the
  // bottom, the sides' top stickers around it (as `pocket cases --svg` draws it).
  const TOP_VIEW = [[0, 1, 11], [0, 2, 10], [1, 0, 4], [1, 1, 0], [1, 2, 1], [1, 3, 9], [2, 0, 5], [2, 1, 2], [2, 2, 3], [2, 3, 8], [3, 1, 6], [3, 2, 7]];
  function topView(state) {
    const NS = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(NS, "svg");
    const cell = 24, side = 8;
    svg.setAttribute("viewBox", `0 0 ${4 * cell} ${4 * cell}`);
    svg.setAttribute("class", "top-view");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "The case's top layer seen from above, front at the bottom");
    for (const [r, c, p] of TOP_VIEW) {
      const rect = document.createElementNS(NS, "rect");
      const across = r === 0 || r === 3, down = c === 0 || c === 3;
      const at = (k) => (k === 0 ? cell - side - 1 : k === 3 ? 3 * cell + 1 : k * cell);
      rect.setAttribute("x", at(c));
      rect.setAttribute("y", at(r));
      rect.setAttribute("width", down ? side : cell - 1);
      rect.setAttribute("height", across ? side : cell - 1);
      rect.setAttribute("rx", 2);
      rect.setAttribute("style", `fill: var(--${state[p]}); stroke: #222; stroke-width: 1`);
      svg.appendChild(rect);
    }
    return svg;
  }

  function reveal() {
    const d = now.drawn;
    if (!d) return;
    const out = $("case");
    out.textContent = "";
    const h = document.createElement("h3");
    const also = d.case.cstimer ? `, csTimer ${d.case.cstimer}` : "";
    h.textContent = `${d.case.name}${also} (${(100 * d.case.probability).toFixed(1)}% of the set)`;
    out.appendChild(h);
    out.appendChild(topView(d.case.state));
    const list = document.createElement("ol");
    for (const a of d.case.algorithms) {
      const li = document.createElement("li");
      li.textContent = `${a.text}  (${count(a.length, "move", "moves")}, cost ${a.cost}${a.optimal ? ", optimal" : ""})`;
      list.appendChild(li);
    }
    out.appendChild(list);
    const load = document.createElement("button");
    load.type = "button";
    load.textContent = "Show it on the cube above";
    load.addEventListener("click", () => loadScramble(d));
    out.appendChild(load);
  }

  // --- the timer
  const timer = () => $("timer");
  function setPhase(phase) {
    now.phase = phase;
    const t = timer();
    t.classList.toggle("holding", phase === "holding" || phase === "inspect-holding");
    t.classList.toggle("ready", phase === "ready" || phase === "inspect-ready");
    t.classList.toggle("inspecting", phase.startsWith("inspect"));
  }
  function tick() {
    const t = performance.now();
    if (now.phase === "running") timer().textContent = show(t - now.startedAt);
    else if (now.phase === "inspect-wait") timer().textContent = "15";
    else if (now.phase.startsWith("inspect")) {
      const left = 15 - (t - now.inspectFrom) / 1000;
      timer().textContent = left > 0 ? Math.ceil(left).toString() : left > -2 ? "+2" : "DNF";
      if (now.phase === "inspect-holding" && t - now.pressedAt >= HOLD_MS) setPhase("inspect-ready");
    } else if (now.phase === "holding" && t - now.pressedAt >= HOLD_MS) setPhase("ready");
    if (now.phase !== "idle") now.frame = requestAnimationFrame(tick);
  }
  function press() {
    if (now.phase === "running") { stop(); return; }
    if (now.phase === "idle") {
      now.pressedAt = performance.now();
      setPhase(store.inspection ? "inspect-wait" : "holding");
      timer().textContent = store.inspection ? "15" : show(0);
      now.frame = requestAnimationFrame(tick);
    } else if (now.phase === "inspecting") {
      now.pressedAt = performance.now();
      setPhase("inspect-holding");
    }
  }
  function release() {
    if (now.phase === "inspect-wait") {
      now.inspectFrom = performance.now();
      setPhase("inspecting");
    } else if (now.phase === "ready" || now.phase === "inspect-ready") {
      const over = now.phase === "inspect-ready" ? (performance.now() - now.inspectFrom) / 1000 - 15 : -1;
      now.penalty = over > 2 ? "DNF" : over > 0 ? "+2" : null;
      now.startedAt = performance.now();
      setPhase("running");
      $("case").textContent = "";
    } else if (now.phase === "holding") {
      setPhase("idle");
      timer().textContent = show(0);
    } else if (now.phase === "inspect-holding") {
      setPhase("inspecting");
    }
  }
  function stop() {
    const ms = Math.round(performance.now() - now.startedAt);
    cancelAnimationFrame(now.frame);
    setPhase("idle");
    const d = now.drawn;
    times().push({ ms, penalty: now.penalty, scramble: d ? d.scramble : "", set: d ? d.set : store.set, case: d ? d.case.name : "", date: new Date().toISOString() });
    timer().textContent = show(value(times()[times().length - 1]));
    save();
    drawTimes();
    reveal();
    next(true);
  }
  // Keys meant for a field, or for the cube's stickers and palette, are theirs.
  const typing = (e) => e.target instanceof HTMLElement && e.target.matches("input, select, textarea, #net *, #palette *");
  function keys() {
    // Captured first, and kept from the page's other keys (a stopping `b` is not
    // also the blue of the palette).
    const mine = (e) => { e.preventDefault(); e.stopImmediatePropagation(); };
    document.addEventListener("keydown", (e) => {
      if (now.phase === "running") { mine(e); stop(); return; }
      if (e.key === "Escape" && now.phase.startsWith("inspect")) {
        mine(e);
        cancelAnimationFrame(now.frame);
        setPhase("idle");
        timer().textContent = show(0);
        return;
      }
      if (e.code !== "Space" || typing(e)) return;
      mine(e);
      if (!e.repeat) press();
    }, true);
    document.addEventListener("keyup", (e) => {
      if (e.code !== "Space" || typing(e)) return;
      mine(e);
      release();
    }, true);
    const t = timer();
    t.addEventListener("pointerdown", (e) => { e.preventDefault(); press(); });
    t.addEventListener("pointerup", (e) => { e.preventDefault(); release(); });
  }

  // --- sessions, export and import
  function newSession() {
    let n = Object.keys(store.sessions).length + 1;
    while (store.sessions[`Session ${n}`]) n++;
    store.session = `Session ${n}`;
    store.sessions[store.session] = [];
    save();
    drawTimes();
  }
  const CSV_HEAD = "time_ms,penalty,scramble,set,case,date";
  const quote = (s) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  function download(name, type, text) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type }));
    a.download = name;
    a.click();
  }
  function exportCsv() {
    const rows = times().map((t) => [t.ms, t.penalty || "", t.scramble, t.set, t.case, t.date].map((v) => quote(String(v))).join(","));
    download(`${store.session}.csv`, "text/csv", [CSV_HEAD, ...rows].join("\n") + "\n");
  }
  function exportJson() {
    download(`${store.session}.json`, "application/json", JSON.stringify({ session: store.session, times: times() }, null, 1));
  }
  function parseCsv(text) {
    const rows = [];
    for (const line of text.split(/\r?\n/).slice(1)) {
      if (!line.trim()) continue;
      const cells = [];
      let cell = "", quoted = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i];
        if (quoted && ch === '"' && line[i + 1] === '"') { cell += '"'; i++; }
        else if (ch === '"') quoted = !quoted;
        else if (ch === "," && !quoted) { cells.push(cell); cell = ""; }
        else cell += ch;
      }
      cells.push(cell);
      rows.push({ ms: cells[0].trim() === "" ? NaN : Number(cells[0]), penalty: cells[1] || null, scramble: cells[2] || "", set: cells[3] || "", case: cells[4] || "", date: cells[5] || "" });
    }
    return rows;
  }
  async function importFile(file) {
    const text = await file.text();
    let rows;
    try {
      rows = text.trimStart().startsWith("{") || text.trimStart().startsWith("[")
        ? [].concat(JSON.parse(text).times || JSON.parse(text))
        : parseCsv(text);
    } catch (e) {
      tell(`${file.name} is neither this trainer's CSV nor its JSON: ${e.message}`, true);
      return;
    }
    // A time is an object with 0 to 24 hours in milliseconds and a penalty of +2, DNF or none.
    const DAY_MS = 24 * 3600 * 1000;
    const bad = rows.findIndex((t) => !t || typeof t !== "object" || !Number.isFinite(t.ms) || t.ms < 0 || t.ms > DAY_MS || ![null, undefined, "+2", "DNF"].includes(t.penalty));
    if (bad >= 0) { tell(`${file.name}: time ${bad + 1} is not a time in milliseconds (up to a day) with a penalty of +2, DNF or none`, true); return; }
    // The same time twice (an export read back) is kept once.
    const key = (t) => `${t.ms}|${t.date || ""}|${t.scramble || ""}`;
    const have = new Set(times().map(key));
    const fresh = rows.filter((t) => !have.has(key(t))).map((t) => ({ ms: t.ms, penalty: t.penalty || null, scramble: String(t.scramble || ""), set: String(t.set || ""), case: String(t.case || ""), date: String(t.date || "") }));
    times().push(...fresh);
    save();
    drawTimes();
    const skipped = rows.length - fresh.length;
    tell(`${fresh.length} times read from ${file.name}` + (skipped ? ` (${skipped} already in the session)` : ""));
  }

  function start() {
    $("set").value = store.set;
    $("inspection").checked = store.inspection;
    $("set").addEventListener("change", loadSet);
    $("inspection").addEventListener("change", () => { store.inspection = $("inspection").checked; save(); });
    $("trainer").addEventListener("submit", (e) => { e.preventDefault(); next(); });
    $("reveal").addEventListener("click", reveal);
    $("pick-all").addEventListener("click", () => pickAll(true));
    $("pick-none").addEventListener("click", () => pickAll(false));
    $("unknown-only").addEventListener("change", () => { store.unknownOnly = $("unknown-only").checked; save(); summary(); });
    $("session").addEventListener("change", () => { store.session = $("session").value; save(); drawTimes(); });
    $("new-session").addEventListener("click", newSession);
    $("export-csv").addEventListener("click", exportCsv);
    $("export-json").addEventListener("click", exportJson);
    $("import").addEventListener("change", async () => {
      const f = $("import").files[0];
      if (f) await importFile(f);
      // The same file may be picked again.
      $("import").value = "";
    });
    keys();
    drawTimes();
    loadSet();
  }

  return { start, stats, show, parseCsv };
})();
