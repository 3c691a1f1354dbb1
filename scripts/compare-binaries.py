#!/usr/bin/env python3
"""Run two pocket binaries on the same inputs and compare what they print, byte for
byte: standard output, standard error and the exit status of every command line in
CASES, and the status, headers (all but Date) and body of every API query in QUERIES
(each binary serving on a port of its own).

A redesign that keeps the output keeps this script quiet. Usage:

    scripts/compare-binaries.py OLD NEW            # e.g. a release build of main, and yours
    scripts/compare-binaries.py OLD NEW --show     # print each difference in full

Exit status 0 when all is equal, 1 when something differs (each named). Run a binary
against itself to check that every case is deterministic (about 35 s on two cores).

The corpus (every command line runs in the repository root, with NO_COLOR=1):
- every command and the top level: `--help`, `-h`, `help COMMAND`, `--version`, no
  command, a mistyped command or option, an unknown option, a missing value;
- solve: text, --compact, --all (--lines), --count, --json, --show (--steps,
  --color), each metric and --method, --cost, --gen, --goal, --layout, --moves in
  every notation it reads (groups, wide moves, rotations, pasted forms, links,
  comments, numbered lines; `-` from standard input, scramble lines), states and
  moves together, `--`, --puzzle (built-ins and fixtures/puzzles/ files in the text,
  .tws and KPuzzle formats, definitions on standard input, sticker numbers, the
  3x3x3 by magic, ida and reid where it is quick), and every refusal: bad states of
  each kind (length, bytes, colours, corners, twists, the reference corner, long
  lines), bad moves, conflicting options, bad numbers, bad definitions;
- scramble (--seed always): -n, --length, --min-distance, --optimal, --gen, --set,
  --goal, --json, --color, and requests nothing satisfies;
- census: every metric, --json, --svg -, --symmetry, --gen, --puzzle (--weighted,
  --cost, --memory) and its refusals;
- show, check (--rules, --json, pasted and bracketed forms), invert, net, puzzles
  (--export tws and kpuzzle of every fixture), patterns (--file, --metric, --json),
  cases (every set, --json, --svg -, --show, --cost, --color), algs (--effect and
  --orbit with each of their options, --shard);
- judge, with small programs (/bin/true, /bin/cat, sh, and a lookup solver in
  `python3 -c`): each --input, --timeout, --memory-limit, --file-size-limit, --env,
  --writable, --bind, --file (from standard input), --fail-fast, --json, --jobs,
  --isolation, programs that time out, crash, print nothing or cannot start, and bad
  options. Times (`N ms`, `time_ms`, `cpu_ms`, `slowest_ms`) and memory (`memory_kib`)
  vary from run to run and are blanked;
- serve: bad options (never a server that starts); and through the API, /api/solve,
  /api/scramble, /api/census, /api/cases and /census.svg with every parameter, bad
  and unknown and repeated ones, the page `/` and its assets, a path outside them, a
  method other than GET, HEAD, a foreign Host header and an over-long query."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

from compare_corpus.cases import CASES  # noqa: E402 (after the path it is found on)
from compare_corpus.queries import QUERIES  # noqa: E402

# A directory judged programs may write in (--writable), made for the run.
TMP = None


def normalise(text, binary):
    """What varies from run to run, made the same: times ("12.3 ms", padded in
    columns; "time_ms" and the like in JSON), memory, the program's name (the file's),
    and the directory made for --writable."""
    text = re.sub(rb" *\d+(?:\.\d+)? ms\b", b" N ms", text)
    text = re.sub(rb'"(time_ms|cpu_ms|slowest_ms|memory_kib)":[-+.\deE]+', rb'"\1":N', text)
    text = text.replace(os.path.basename(binary).encode() + b" ", b"pocket ")
    return text.replace(TMP.encode(), b"{tmp}") if TMP else text


def run(binary, args, stdin):
    env = dict(os.environ, NO_COLOR="1")
    args = [a.replace("{tmp}", TMP) for a in args] if TMP else args
    data = stdin if isinstance(stdin, bytes) else stdin.encode()
    try:
        p = subprocess.run([binary] + args, input=data, capture_output=True, env=env, timeout=60, cwd=ROOT)
    except subprocess.TimeoutExpired as e:  # each case takes at most seconds: a hang is a difference
        return "timed out after 60 s", e.stdout or b"", e.stderr or b""
    return p.returncode, normalise(p.stdout, binary), normalise(p.stderr, binary)


def serve(binary):
    p = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    url = p.stdout.readline().decode().strip().rstrip("/")
    return p, url


def fetch(url, query):
    """A query is a path, "METHOD path", or (path, headers): its status, headers (but
    Date) and body."""
    query, headers = query if isinstance(query, tuple) else (query, {})
    method, _, path = query.rpartition(" ")
    request = urllib.request.Request(url + path, method=method or "GET", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            status, head, body = r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        status, head, body = e.code, e.headers, e.read()
    return status, sorted((k.lower(), v) for k, v in head.items() if k.lower() != "date"), body


def named(words):
    """A command line's words as they are printed, long ones cut short."""
    words = [w.replace("\n", "\\n") for w in words]
    return " ".join(w if len(w) <= 60 else w[:57] + "..." for w in words)


def label(query):
    """A query as it is printed: its method, path and any header it sends."""
    path, headers = query if isinstance(query, tuple) else (query, {})
    path = path if " " in path else "GET " + path
    return named([path]) + "".join(f" ({k}: {v})" for k, v in headers.items())


def main():
    global TMP
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    old, new, show = sys.argv[1], sys.argv[2], "--show" in sys.argv
    old, new = os.path.abspath(old), os.path.abspath(new)
    TMP = tempfile.mkdtemp(prefix="pocket-compare-")
    os.chmod(TMP, 0o777)  # the judge runs programs as a uid of their own
    differ = 0
    try:
        for args, stdin in CASES:
            a, b = run(old, args, stdin), run(new, args, stdin)
            for what, x, y in zip(("status", "stdout", "stderr"), a, b):
                if x != y:
                    differ += 1
                    print(f"differs: pocket {named(args)}: {what}")
                    if show:
                        print(f"  old: {x!r}\n  new: {y!r}")
    finally:
        shutil.rmtree(TMP, ignore_errors=True)
    servers = [serve(old), serve(new)]
    try:
        for q in QUERIES:
            a, b = (fetch(url, q) for _, url in servers)
            if a != b:
                differ += 1
                print(f"differs: {label(q)}")
                if show:
                    print(f"  old: {a!r}\n  new: {b!r}")
    finally:
        for p, _ in servers:
            p.terminate()
            p.wait()
    total = len(CASES) * 3 + len(QUERIES)
    print(f"{total - differ} of {total} outputs equal ({len(CASES)} command lines, {len(QUERIES)} queries)")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
