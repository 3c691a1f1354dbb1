#!/bin/sh
# Build the Python package in a fresh virtual environment and run its tests.
#
#   python/ci.sh                      # a new venv in a temporary directory, removed after
#   POCKET_VENV=python/.venv python/ci.sh   # or this venv, created if missing, kept
#
# Installs maturin, numpy, pytest, hypothesis, gymnasium, ml_dtypes, mypy and jax (for the value-network example) from PyPI, builds with `maturin develop --locked
# --release` (release: the tests read all 3,674,160 positions), then runs pytest.
# Exits non-zero if anything fails. Needs python3 with venv, cargo, and PyPI access.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
if [ -n "${POCKET_VENV:-}" ]; then
    venv=$POCKET_VENV
else
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    venv=$tmp/venv
fi
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check maturin numpy pytest hypothesis gymnasium ml_dtypes mypy jax
cd "$here"
VIRTUAL_ENV=$venv "$venv/bin/maturin" develop --locked --release --quiet
"$venv/bin/python" -m pytest -q tests
