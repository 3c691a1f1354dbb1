// The theme chosen with the page's switch, set before the first paint (this script is
// not deferred), so that a dark page never flashes light. A file, not inline: `pocket
// serve`'s Content-Security-Policy allows scripts from the page's own origin only.
"use strict";
try {
  const theme = localStorage.getItem("pocket.theme");
  if (theme) document.documentElement.dataset.theme = theme;
} catch (e) {
  // No storage (a private window may refuse it): the system's theme.
}
