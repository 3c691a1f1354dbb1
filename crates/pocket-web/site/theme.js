// The theme chosen with the page's switch, set before the first paint (this script is
// not deferred), so that a dark page never flashes light; app.js's start wires the
// switch below. A file, not inline: `pocket serve`'s Content-Security-Policy allows
// scripts from the page's own origin only.
"use strict";
try {
  const theme = localStorage.getItem("pocket.theme");
  if (theme) document.documentElement.dataset.theme = theme;
} catch (e) {
  // No storage (a private window may refuse it): the system's theme.
}

// The theme switch: auto (the system's), light, dark; kept in localStorage.
function themeSwitch() {
  const order = ["auto", "light", "dark"];
  const show = () => { document.getElementById("theme").textContent = "Theme: " + (document.documentElement.dataset.theme || "auto"); };
  document.getElementById("theme").addEventListener("click", () => {
    const now = document.documentElement.dataset.theme || "auto";
    const next = order[(order.indexOf(now) + 1) % order.length];
    if (next === "auto") delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = next;
    try { localStorage.setItem("pocket.theme", next === "auto" ? "" : next); } catch (e) {}
    show();
  });
  show();
}
