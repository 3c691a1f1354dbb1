// The offline app: every file of the page kept in the browser's cache when first
// loaded, then served from it, so that a phone keeps the page at a competition with
// no network. Registered only on the static site (backend.js, when pocket.wasm is
// there); `pocket serve`'s page needs its server anyway. A new VERSION (written by
// scripts/build-web from pocket.wasm's hash) replaces the cache.
"use strict";
const VERSION = "pocket-dev";
const FILES = ["./", "index.html", "style.css", "theme.js", "model.js", "backend.js", "trainer.js", "app.js", "worker.js", "pocket.wasm", "manifest.webmanifest", "icon.svg"];

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(VERSION).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET") return;
  const url = new URL(e.request.url);
  // The page's address with a query (?state=...) is the page itself.
  const key = url.origin === location.origin && url.pathname.endsWith("/") ? "./" : e.request;
  e.respondWith(caches.match(key, { ignoreSearch: true }).then((hit) => hit || fetch(e.request)));
});
