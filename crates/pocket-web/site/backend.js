// Where the page's answers come from: pocket's library in a Web Worker (worker.js
// and pocket.wasm, on any static host), or, where the page has no pocket.wasm beside
// it, `pocket serve`'s JSON API. One page, two back ends, the same bytes from both.
"use strict";

const backend = (() => {
  let worker = null;
  let next = 0;
  const waiting = new Map();
  const ready = new Promise((resolve) => {
    try {
      worker = new Worker("worker.js");
    } catch (e) {
      resolve(false);
      return;
    }
    worker.onmessage = (e) => {
      const m = e.data;
      if ("ready" in m) {
        resolve(m.ready);
        // The static site works offline once loaded (sw.js).
        if (m.ready && "serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {});
        return;
      }
      const answer = waiting.get(m.id);
      waiting.delete(m.id);
      if (answer) answer(m);
    };
    worker.onerror = () => resolve(false);
  });

  // {status, kind, body} of a path and query, from whichever back end there is.
  async function get(path) {
    if (await ready) {
      return new Promise((resolve) => {
        const id = next++;
        waiting.set(id, resolve);
        worker.postMessage({ id, path });
      });
    }
    const r = await fetch(path);
    return { status: r.status, kind: r.headers.get("content-type") || "", body: await r.text(), statusText: r.statusText };
  }

  return {
    // "wasm" or "server", once known.
    async kind() {
      return (await ready) ? "wasm" : "server";
    },
    // An API answer's JSON, or {error} when there is none to be had.
    async api(path) {
      let r;
      try {
        r = await get(path);
      } catch (e) {
        return { error: "the server did not answer: " + e.message };
      }
      try {
        return JSON.parse(r.body);
      } catch (e) {
        return { error: `the server answered ${r.status} ${r.statusText || ""}`.trim() };
      }
    },
    // A picture's address: the server's, or the worker's SVG as a blob.
    async pictureUrl(path) {
      if (!(await ready)) return path;
      const r = await get(path);
      return URL.createObjectURL(new Blob([r.body], { type: r.kind }));
    },
  };
})();

const api = backend.api;

// The API names what is wrong as a query does (`bad cost=: ...`); the page names its
// own fields instead (`Costs: ...`), so no link's syntax shows through.
const FIELD_NAMES = { state: "Stickers", moves: "Moves", metric: "Metric", cost: "Costs", layout: "Sticker order", set: "Set", gen: "Moves allowed", goal: "Goal" };
function inPageWords(message) {
  return String(message)
    .replace(/\bbad ([a-z-]+)= ?:? ?/g, (m, name) => (FIELD_NAMES[name] ? `${FIELD_NAMES[name]}: ` : m))
    .replace(/\b([a-z-]+)=(?=[\s:'",.)]|$)/g, (m, name) => (FIELD_NAMES[name] ? `"${FIELD_NAMES[name]}"` : m));
}
