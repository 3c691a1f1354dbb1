//! The page of `pocket serve` in a real browser: headless Chromium, driven over the
//! DevTools protocol on a pipe (`--remote-debugging-pipe`: JSON messages ended by a
//! NUL byte on file descriptors 3 and 4, so no WebSocket client is needed).
//!
//! Needs Debian's `chromium` (`.ci/run` installs it). Without it this test says that
//! it skipped, and why, and passes; every other test still runs. Screenshots at a
//! phone's and a desktop's width are left in `target/tmp/` to be looked at.

// pipe2 and the DevTools pipe on descriptors 3 and 4: Linux.
#![cfg(target_os = "linux")]

use crate::common;

use std::fs::File;
use std::io::{BufRead, BufReader, Write};

use common::server::Server;
use std::os::fd::{FromRawFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::str::FromStr;

use base64::Engine as _;
use serde_json::{Value, json};

const HARD: &str = "UUUURLFBLRBFLLFFRRBBDDDD";

/// The browser to drive, if this machine has one.
pub(crate) fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("POCKET_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|p| p.is_file())
}

/// A pipe whose ends close on exec: (read, write).
fn pipe() -> (RawFd, RawFd) {
    let mut fds = [0; 2];
    // SAFETY: pipe2 writes two descriptors into the array it is given.
    let r = unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) };
    assert_eq!(r, 0, "pipe2");
    (fds[0], fds[1])
}

/// Headless Chromium and one page of it, attached over the DevTools pipe.
pub(crate) struct Browser {
    child: Child,
    to: File,
    from: BufReader<File>,
    next: u64,
    session: String,
    _profile: TempDir,
}

/// A directory removed when dropped.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Browser {
    pub(crate) fn start(binary: &PathBuf) -> Browser {
        // One profile a browser: two tests of one process may run side by side, and a
        // profile in use makes the second Chromium exit at once.
        static STARTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let profile =
            std::env::temp_dir().join(format!("pocket-chromium-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&profile).expect("profile directory");
        let (child_reads, we_write) = pipe();
        let (we_read, child_writes) = pipe();
        let mut cmd = Command::new(binary);
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
            "--remote-debugging-pipe",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("about:blank")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
        // SAFETY: only async-signal-safe calls between fork and exec. The pipe ends
        // are first copied above 10, so that neither copy can be 3 or 4 already.
        unsafe {
            cmd.pre_exec(move || {
                let r = libc::fcntl(child_reads, libc::F_DUPFD, 10);
                let w = libc::fcntl(child_writes, libc::F_DUPFD, 10);
                if r < 0 || w < 0 || libc::dup2(r, 3) < 0 || libc::dup2(w, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = cmd.spawn().expect("start chromium");
        // SAFETY: the child has its copies; these are ours alone from here.
        unsafe {
            libc::close(child_reads);
            libc::close(child_writes);
        }
        let mut b = Browser {
            child,
            // SAFETY: descriptors just made by pipe2 and owned by nothing else.
            to: unsafe { File::from_raw_fd(we_write) },
            from: BufReader::new(unsafe { File::from_raw_fd(we_read) }),
            next: 0,
            session: String::new(),
            _profile: TempDir(profile),
        };
        let target = b.call("Target.createTarget", json!({ "url": "about:blank" }));
        let id = target["targetId"].as_str().expect("a target").to_string();
        let attached = b.call(
            "Target.attachToTarget",
            json!({ "targetId": id, "flatten": true }),
        );
        b.session = attached["sessionId"]
            .as_str()
            .expect("a session")
            .to_string();
        b
    }

    /// Send a command (to the page once attached) and wait for its answer; events
    /// in between are skipped.
    pub(crate) fn call(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let mut message = json!({ "id": self.next, "method": method, "params": params });
        if !self.session.is_empty() {
            message["sessionId"] = self.session.clone().into();
        }
        self.to
            .write_all(format!("{message}\0").as_bytes())
            .expect("write to chromium");
        loop {
            let mut raw = Vec::new();
            let n = self
                .from
                .read_until(0, &mut raw)
                .expect("read from chromium");
            assert!(n > 0, "chromium closed the pipe during {method}");
            raw.pop();
            let v: Value = serde_json::from_slice(&raw).expect("a DevTools message");
            if v["id"].as_u64() == Some(self.next) {
                assert!(v.get("error").is_none(), "{method}: {}", v["error"]);
                return v["result"].clone();
            }
        }
    }

    /// The value of a JavaScript expression in the page (promises awaited).
    pub(crate) fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
        );
        if let Some(e) = r.get("exceptionDetails") {
            panic!("{expression}: {e}");
        }
        r["result"]["value"].clone()
    }

    /// Wait (up to 20 s) until `predicate` is true in the page; its value.
    pub(crate) fn wait_for(&mut self, predicate: &str) -> Value {
        self.eval(&format!(
            "new Promise((ok, no) => {{ const t0 = Date.now(); const f = () => {{ \
             let v; try {{ v = ({predicate}); }} catch (e) {{ v = null; }} \
             if (v) return ok(v); \
             if (Date.now() - t0 > 20000) return no(new Error('timed out waiting for: ' + {q})); \
             setTimeout(f, 25); }}; f(); }})",
            q = serde_json::to_string(predicate).expect("quoted")
        ))
    }

    pub(crate) fn open(&mut self, url: &str, width: u32, height: u32, phone: bool) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone }),
        );
        self.call("Page.navigate", json!({ "url": url }));
        self.wait_for("document.readyState === 'complete' && typeof MODEL === 'object'");
    }

    pub(crate) fn screenshot(&mut self, name: &str) -> PathBuf {
        let shot = self.call(
            "Page.captureScreenshot",
            json!({ "format": "png", "captureBeyondViewport": true }),
        );
        let png = base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().expect("image data"))
            .expect("base64");
        assert!(png.starts_with(b"\x89PNG"), "a PNG");
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
        std::fs::write(&path, png).expect("write the screenshot");
        path
    }

    /// The net as drawn: one face letter per sticker, A to X.
    fn net(&mut self) -> String {
        self.eval(
            "[...document.querySelectorAll('#net button')]\
             .map(b => (b.className.match(/c-(\\w)/) || ['', '?'])[1]).join('')",
        )
        .as_str()
        .expect("the net")
        .to_string()
    }

    pub(crate) fn text(&mut self, id: &str) -> String {
        self.eval(&format!("document.getElementById('{id}').textContent"))
            .as_str()
            .unwrap_or_default()
            .trim()
            .to_string()
    }

    pub(crate) fn click(&mut self, selector: &str) {
        self.eval(&format!(
            "document.querySelector({}).click()",
            serde_json::to_string(selector).expect("quoted")
        ));
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn printed(args: &[&str]) -> String {
    common::stdout(&common::pocket(args, b""))
        .trim_end()
        .to_string()
}

#[test]
fn the_page_solves_steps_through_and_validates_in_chromium() {
    let Some(binary) = chromium() else {
        common::skip(
            "browser::the_page_solves_steps_through_and_validates_in_chromium",
            common::Need::Chromium,
            "no chromium on PATH (install Debian's `chromium`, or set POCKET_CHROMIUM to a \
             Chromium binary)",
        );
        return;
    };
    let server = Server::start();
    let mut b = Browser::start(&binary);

    // Opening a link with a state solves it at once.
    b.open(&format!("{}/?state={HARD}", server.url), 1280, 1000, false);
    b.wait_for("document.querySelectorAll('#solution span').length > 0");
    let solution = b.text("solution");
    assert_eq!(solution, printed(&["solve", HARD]));
    let facts = b.text("facts");
    assert!(
        facts.contains(
            "11 moves, optimal in the half-turn metric (HTM); the same solution is 13 quarter turns in QTM"
        )
            && facts.contains("one of 24 optimal solutions"),
        "{facts}"
    );
    b.screenshot("serve-desktop.png");

    // Step through: after each move the net is the cube after it, and the stickers
    // outlined are those the next move turns.
    let moves = pocket::Alg::from_str(&solution).expect("the page's moves");
    let mut cube = pocket::Stickers::from_bytes(HARD.as_bytes()).expect("a state");
    assert_eq!(b.net(), cube.as_str());
    for &m in moves.as_slice() {
        let turning = b.eval("document.querySelectorAll('#net .turning').length");
        assert_eq!(turning, 12, "a turn moves 12 stickers");
        b.click("#next");
        cube = cube.apply(m);
        assert_eq!(b.net(), cube.as_str(), "after {m}");
    }
    assert_eq!(cube, pocket::Stickers::SOLVED);
    assert_eq!(b.text("step"), "Solved after 11 moves.");
    assert_eq!(
        b.eval("document.querySelectorAll('#net .turning').length"),
        0
    );
    b.click("#back");
    assert!(
        b.text("step").starts_with("Move 11 of 11: F2"),
        "{}",
        b.text("step")
    );
    b.click("#first");
    assert_eq!(b.net(), HARD);

    // Paint sticker A red: the message is the command line's, and the stickers it
    // names are marked.
    b.click("#palette [data-face='R']");
    b.click("#net [data-sticker='A']");
    let painted = format!("R{}", &HARD[1..]);
    let expected: Value =
        serde_json::from_str(&printed(&["solve", "--json", &painted])).expect("JSON");
    let expected = expected["error"].as_str().expect("an error").to_string();
    b.wait_for("document.getElementById('message').classList.contains('bad')");
    assert_eq!(b.text("message"), expected);
    let marked = b.eval(
        "[...document.querySelectorAll('#net .wrong')].map(b => b.dataset.sticker).join(' ')",
    );
    assert!(
        !marked.as_str().unwrap_or_default().is_empty(),
        "stickers marked for: {expected}"
    );
    let search = b.eval("location.search");
    assert_eq!(search, format!("?state={painted}"));

    // A scramble link: solved at once, drawn from the position it makes.
    b.open(
        &format!("{}/?moves=R+U+R%27", server.url),
        1280,
        1000,
        false,
    );
    b.wait_for("document.querySelectorAll('#solution span').length > 0");
    assert_eq!(b.text("solution"), "R U' R'");
    let mut made = pocket::Stickers::SOLVED;
    for m in pocket::Alg::from_str("R U R'").expect("moves").as_slice() {
        made = made.apply(*m);
    }
    assert_eq!(b.net(), made.as_str());

    // The census chart, from the same SVG as `pocket census --svg`.
    b.click("#census");
    b.wait_for("(() => { const i = document.querySelector('#chart img'); return i && i.complete && i.naturalWidth > 0; })()");
    b.screenshot("serve-census.png");

    // A link with a metric in capitals, and one the page does not know.
    b.open(
        &format!("{}/?state={HARD}&metric=QTM", server.url),
        1280,
        1000,
        false,
    );
    b.wait_for("document.querySelectorAll('#solution span').length > 0");
    assert_eq!(
        b.text("solution"),
        printed(&["solve", "--metric", "qtm", HARD])
    );
    b.open(
        &format!("{}/?state={HARD}&metric=fast", server.url),
        1280,
        1000,
        false,
    );
    // The link's cube is still solved (issue 63's probe), then the warning shown.
    b.wait_for("document.getElementById('message').textContent.startsWith('unknown metric')");
    assert_eq!(
        b.text("message"),
        "unknown metric 'fast' in the link: the page's default is used"
    );
    assert!(!b.text("solution").is_empty());

    // A wrong sticker on the reference corner is drawn where it is, nothing else
    // recoloured.
    let wrong = "UUUULLFFRRBBLLFFRRBBDDUD";
    b.open(&format!("{}/?state={wrong}", server.url), 1280, 1000, false);
    b.wait_for("document.getElementById('message').classList.contains('bad')");
    assert_eq!(b.net(), wrong);

    // A phone's width: nothing wider than the screen.
    b.open(&format!("{}/?state={HARD}", server.url), 390, 844, true);
    b.wait_for("document.querySelectorAll('#solution span').length > 0");
    let fits = b.eval("document.documentElement.scrollWidth <= window.innerWidth");
    assert_eq!(fits, true, "the page fits a phone's width");
    b.screenshot("serve-phone.png");

    newcomer_points(&mut b, &server.url, 390, 844, true);
    newcomer_points(&mut b, &server.url, 1280, 1000, false);
    cuber_points(&mut b, &server.url, 390, 844, true);
    cuber_points(&mut b, &server.url, 1280, 1000, false);
}

/// Issue 39, at one width: a 3D cube beside the net that turns a layer when a move is
/// stepped, the state box in colour initials, the Costs label beside its field, and
/// the trainer: a scramble of a case set, then its case revealed as the API says.
fn cuber_points(b: &mut Browser, url: &str, width: u32, height: u32, phone: bool) {
    let at = format!("at {width} px");
    b.open(&format!("{url}/?state={HARD}"), width, height, phone);
    b.wait_for("document.querySelectorAll('#solution span').length > 0");
    let stickers = b.eval("document.querySelectorAll('#cube3d div').length");
    assert_eq!(stickers, 24, "{at}");
    b.click("#next");
    // The layer of the first move turns, then the next position is drawn.
    let turning = b.eval(
        "document.getElementById('cube3d').dataset.turning + ' ' + \
         [...document.querySelectorAll('#cube3d div')].filter(d => d.style.transform.includes('rotate3d')).length",
    );
    let first = printed(&["solve", HARD]);
    let first = first.split(' ').next().unwrap_or_default().to_string();
    assert!(
        turning.as_str().unwrap_or_default().starts_with(&first),
        "{turning} {at}"
    );
    b.wait_for("document.getElementById('cube3d').dataset.turning === ''");
    b.screenshot(&format!("serve-3d-{width}.png"));
    // The Costs label sits on the line of its field.
    let together = b.eval(
        "Math.abs(document.querySelector('label[for=cost]').getBoundingClientRect().top - \
         document.getElementById('cost').getBoundingClientRect().top) < 20",
    );
    assert_eq!(together, true, "{at}");
    // A scramble from solved shows the state in the palette's letters.
    b.click("#reset");
    b.wait_for("document.getElementById('state').value === 'WWWWOOGGRRBBOOGGRRBBYYYY'");

    trainer_scramble_in_set(b, &at);
    let fits = b.eval("document.documentElement.scrollWidth <= window.innerWidth");
    assert_eq!(fits, true, "{at}");
    b.screenshot(&format!("serve-trainer-{width}.png"));
}

/// Issue 28, at one width: the page draws what was typed, applies moves to the cube on
/// it, links and copies, counts "1 move" and names the metric, keeps painting, and
/// nothing scrolls sideways, the census drawn with its numbers included.
fn newcomer_points(b: &mut Browser, url: &str, width: u32, height: u32, phone: bool) {
    let at = format!("at {width} px");
    // Yellow up, typed in colour initials: drawn as typed, not turned white up.
    let yellow_up = "YYYYRRGGOOBBRRGGOOBBWWWW";
    b.open(&format!("{url}/?state={yellow_up}"), width, height, phone);
    b.wait_for("document.getElementById('message').textContent.length > 0");
    assert_eq!(b.net(), "DDDDRRFFLLBBRRFFLLBBUUUU", "{at}");
    // The whole sticker string shows in its field.
    let whole = b.eval(
        "(() => { const s = document.getElementById('state'); \
         s.value = 'WWWW OOGG RRBB OOGG RRBB YYYY'; return s.scrollWidth <= s.clientWidth; })()",
    );
    assert_eq!(whole, true, "the sticker field shows the whole string {at}");

    // A W/Y typo on the reference corner: drawn where it is, and blamed there.
    let typo = "YWWWOOGGRRBBOOGGRRBBYYWY";
    b.open(&format!("{url}/?state={typo}"), width, height, phone);
    b.wait_for("document.getElementById('message').classList.contains('bad')");
    assert_eq!(b.net(), "DUUULLFFRRBBLLFFRRBBDDUD", "{at}");
    assert!(
        b.text("message").contains("reference corner"),
        "{}",
        b.text("message")
    );
    let marked = b.eval(
        "[...document.querySelectorAll('#net .wrong')].map(b => b.dataset.sticker).join(' ')",
    );
    assert!(
        marked.as_str().unwrap_or_default().contains("W"),
        "{marked} {at}"
    );

    // "Apply" turns the cube on the page; the link then reproduces it.
    b.open(&format!("{url}/?state={HARD}"), width, height, phone);
    b.wait_for("document.querySelectorAll('#solution span').length > 0");
    b.eval("document.getElementById('moves').value = '[R, U]'");
    b.click("#moves-form button[type=submit]");
    let mut turned = pocket::Stickers::from_bytes(HARD.as_bytes()).expect("a state");
    for m in pocket::Alg::from_str("R U R' U'")
        .expect("moves")
        .as_slice()
    {
        turned = turned.apply(*m);
    }
    b.wait_for(&format!(
        "document.getElementById('state').value === '{}'",
        turned.as_str()
    ));
    b.wait_for("document.querySelectorAll('#solution span').length > 0");
    assert_eq!(b.net(), turned.as_str(), "{at}");
    let link = b.eval("document.getElementById('link').href");
    let link = link.as_str().expect("a link").to_string();
    assert!(
        link.contains(&format!("state={HARD}")) && link.contains("moves="),
        "{link}"
    );
    let solution = b.text("solution");
    b.open(&link, width, height, phone);
    b.wait_for("document.querySelectorAll('#solution span').length > 0");
    assert_eq!(
        b.net(),
        turned.as_str(),
        "the link reproduces the page {at}"
    );
    assert_eq!(b.text("solution"), solution);
    // Copy buttons answer (the clipboard may be refused headless: then the text is shown).
    b.click("#copy-link");
    b.wait_for("document.getElementById('copied').textContent.length > 0");
    b.click("#copy-solution");
    b.wait_for("document.getElementById('copied').textContent.includes('solution')");

    // One move is "1 move", and each length names its metric.
    b.open(&format!("{url}/?moves=R&metric=qtm"), width, height, phone);
    b.wait_for("document.querySelectorAll('#solution span').length > 0");
    assert_eq!(
        b.text("facts"),
        "1 quarter turn, optimal in the quarter-turn metric (QTM); the same solution is 1 move in HTM; the only optimal solution",
        "{at}"
    );
    b.click("#last");
    assert_eq!(b.text("step"), "Solved after 1 move.");

    // The palette: a second click keeps the colour; keys pick colours.
    b.click("#palette [data-face='F']");
    b.click("#palette [data-face='F']");
    let chosen = "document.querySelector('#palette [aria-checked=true]')?.dataset.face";
    assert_eq!(b.eval(chosen), "F", "re-clicking keeps painting on {at}");
    b.eval(
        "document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'y', bubbles: true }))",
    );
    assert_eq!(b.eval(chosen), "D", "the key y picks yellow {at}");
    b.click("#net [data-sticker='A']");
    // Issue 39: the box speaks the palette's letters (it held no face letters typed).
    b.wait_for("document.getElementById('state').value.startsWith('Y')");

    // The census, drawn, with its numbers; nothing scrolls sideways.
    b.click("#census");
    b.wait_for("document.querySelectorAll('#census-numbers table').length === 3");
    let numbers = b.text("census-numbers");
    assert!(
        numbers.contains("2,644") && numbers.contains("3,674,160"),
        "{numbers}"
    );
    let fits = b.eval("document.documentElement.scrollWidth");
    assert!(
        fits.as_u64().unwrap_or(u64::MAX) <= width as u64,
        "the page is {fits} px wide with the census drawn {at}"
    );
    b.screenshot(&format!("serve-census-{width}.png"));
}

/// The trainer's scramble (PBL) is a position of its set, by `pocket solve --moves`'s
/// state and the library's own case sheet; its case stays hidden until Reveal, which
/// names it. Issue 63: the solution was shown before Reveal.
pub(crate) fn trainer_scramble_in_set(b: &mut Browser, at: &str) {
    b.eval(
        "{ const s = document.querySelector('[data-testid=trainer-set]'); s.value = 'pbl'; \
         s.dispatchEvent(new Event('change')); }",
    );
    b.wait_for("/ of \\d+ picked/.test(document.getElementById('filter-summary').textContent)");
    b.eval("document.querySelector('[data-testid=trainer-scramble]').textContent = ''");
    b.click("#trainer button[type=submit]");
    b.wait_for("document.querySelector('[data-testid=trainer-scramble]').textContent.length > 0");
    assert_eq!(b.text("case"), "", "the case is hidden before Reveal {at}");
    let scramble = b.text("drill");
    let json = printed(&["solve", "--json", "--moves", &scramble]);
    let v: Value = serde_json::from_str(&json).expect("solve's JSON");
    let state = v["state"].as_str().expect("the scrambled state");
    let set = pocket::cube::case_sheet(pocket::cube::CaseSet::Pbl, &pocket::cube::finger_costs())
        .expect("the PBL sheet");
    let case = set
        .case_of(&pocket::parse_state(state).expect("a state"))
        .unwrap_or_else(|| panic!("{scramble} gives {state}, not a PBL position {at}"));
    b.click("[data-testid=reveal]");
    b.wait_for("document.querySelector('#case h3') !== null");
    let name = b.text("case");
    // The recognition picture: the top view's 12 stickers.
    let rects = b.eval("document.querySelectorAll('#case svg.top-view rect').length");
    assert_eq!(rects, 12, "{at}");
    assert!(
        name.starts_with(&case.name),
        "{name} is not {} {at}",
        case.name
    );
}
