"""The examples run as their users would, and mypy --strict takes them and the
typed modules (issue 64)."""

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parents[1]


def test_deepcubea_in_miniature_learns_and_solves():
    spec = importlib.util.spec_from_file_location("deepcubea", HERE / "examples" / "deepcubea.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    report = module.main("2x2x2")
    assert report.wrong == 0 and report.solved_percent >= 80 and report.proven == 20


def test_the_value_network_example_runs_at_a_tiny_size():
    # Needs the optional extra jax (python/ci.sh installs it); skipped, and said so, without.
    if importlib.util.find_spec("jax") is None:
        pytest.skip("jax is not installed")
    out = subprocess.run([sys.executable, str(HERE / "examples" / "train_value.py"), "--steps", "60",
                          "--batch", "256", "--hidden", "64", "--test", "300"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "MAE" in out.stdout and "greedy solves" in out.stdout, out.stdout
    bad = subprocess.run([sys.executable, str(HERE / "examples" / "train_value.py"), "--steps", "0"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "positive" in bad.stderr


def test_mypy_strict_takes_the_examples_and_typed_modules():
    if shutil.which("mypy") is None and importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed")
    files = [HERE / "examples" / "deepcubea.py", HERE / "examples" / "typed_calls.py",
             HERE / "pysrc" / "pocket" / "__init__.pyi"] + [
        HERE / "pysrc" / "pocket" / f for f in ("puzzle.py", "search.py", "bench.py", "puzzle_gym.py")
    ]
    if importlib.util.find_spec("jax") is not None:
        files.append(HERE / "examples" / "train_value.py")
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", *map(str, files)], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_readmes_puzzle_example_runs():
    text = (HERE / "README.md").read_text()
    section = text.split("## Any puzzle:", 1)[1]
    block = section.split("```python\n", 1)[1].split("```", 1)[0]
    scope: dict = {}
    exec(compile(block, "README.md", "exec"), scope)
    assert scope["found"].moves == ["L'", "F", "U2", "R'"]
    assert len(scope["results"]) == 10


def test_the_typed_calls_run():
    out = subprocess.run([sys.executable, str(HERE / "examples" / "typed_calls.py")], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip().isdigit(), out.stderr
