// The page's back end in the browser: pocket's library built to WebAssembly
// (pocket.wasm, from scripts/build-web), answering the paths and queries `pocket
// serve` answers, off the page's thread so that the page never freezes. It says
// {ready: false} where there is no pocket.wasm beside the page (the page then asks
// `pocket serve` instead).
"use strict";

let module = null;
let instance = null;

// The module again after a trap: its memory may be left half-written.
function instantiate() {
  const env = {
    // getrandom's custom backend (crates/pocket-wasm): scrambles' seeds and hash keys.
    pocket_random(ptr, len) {
      const bytes = new Uint8Array(instance.exports.memory.buffer, ptr, len);
      for (let at = 0; at < len; at += 65536) crypto.getRandomValues(bytes.subarray(at, at + 65536));
    },
  };
  instance = new WebAssembly.Instance(module, { env });
}

function get(path) {
  const x = instance.exports;
  const request = new TextEncoder().encode(path);
  const ptr = x.pocket_alloc(request.length);
  new Uint8Array(x.memory.buffer, ptr, request.length).set(request);
  const status = x.pocket_get(ptr, request.length);
  x.pocket_free(ptr, request.length);
  const reply = new TextDecoder().decode(new Uint8Array(x.memory.buffer, x.pocket_reply_ptr(), x.pocket_reply_len()));
  const cut = reply.indexOf("\n");
  return { status, kind: reply.slice(0, cut), body: reply.slice(cut + 1) };
}

async function load() {
  try {
    const r = await fetch("pocket.wasm");
    if (!r.ok) return false;
    module = await WebAssembly.compile(await r.arrayBuffer());
    instantiate();
    return true;
  } catch (e) {
    return false;
  }
}

load().then((ready) => {
  self.postMessage({ ready });
  // The HTM table (3,674,160 positions) is built on the first solve: build it now,
  // here, before anyone waits for it.
  if (ready) get("/api/solve?moves=R");
});

self.onmessage = (e) => {
  const { id, path } = e.data;
  let answer;
  try {
    answer = get(path);
  } catch (err) {
    instantiate();
    answer = { status: 500, kind: "application/json", body: JSON.stringify({ error: "pocket stopped: " + err.message }) };
  }
  self.postMessage({ id, ...answer });
};
