"""Install the test tools for the Pyodide run (tests/pyodide/run.mjs) as WebAssembly wheels.

    python tools/install_wasm_deps.py [--target DIR]      (make wasm runs it when needed)

Hypothesis has a compiled core, so the venv's copy (built for the host) cannot run under
Pyodide; PyPI has ``pyemscripten`` wheels for it. This asks pip for the packages below, at the
versions pinned in requirements-dev.txt, for the platform and Python named by
node_modules/pyodide/pyodide-lock.json, into ``.venv/pyodide-site-packages/`` (inside the
venv so that it is ignored and cleaned with it). Their dependencies are pure Python.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_TARGET = ROOT / ".venv" / "pyodide-site-packages"
REQUIREMENTS = ROOT / "requirements-dev.txt"
PYODIDE_LOCK = ROOT / "node_modules" / "pyodide" / "pyodide-lock.json"

# What the unit tests need under Pyodide; versions come from requirements-dev.txt.
WASM_TEST_PACKAGES: tuple[str, ...] = ("pytest", "hypothesis")


def pinned(names: tuple[str, ...], requirements: Path) -> list[str]:
    """``name==version`` lines of ``requirements`` for each of ``names``."""
    pins: dict[str, str] = {}
    for line in requirements.read_text().splitlines():
        match = re.fullmatch(r"\s*([A-Za-z0-9_.-]+)\s*==\s*([^\s;#]+).*", line)
        if match:
            pins[match[1].lower()] = f"{match[1]}=={match[2]}"
    missing = [name for name in names if name not in pins]
    if missing:
        raise SystemExit(f"install_wasm_deps: no ==pin for {missing} in {requirements.name}")
    return [pins[name] for name in names]


def pip_platform(lock: Path) -> tuple[str, str]:
    """(wheel platform tag, Python ``major.minor``) of the Pyodide in node_modules."""
    info = json.loads(lock.read_text())["info"]
    major_minor = ".".join(info["python"].split(".")[:2])
    return f"pyemscripten_{info['abi_version']}_{info['arch']}", major_minor


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Install WebAssembly wheels for the tests.")
    parser.add_argument("--target", type=Path, default=DEFAULT_TARGET)
    args = parser.parse_args(argv)
    if not PYODIDE_LOCK.is_file():
        raise SystemExit("install_wasm_deps: node_modules/pyodide is missing: run `npm ci`")
    platform, python = pip_platform(PYODIDE_LOCK)
    abi = "cp" + python.replace(".", "")
    if args.target.exists():
        shutil.rmtree(args.target)
    command = [
        sys.executable,
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
        "--no-compile",
        "--target",
        str(args.target),
        "--only-binary=:all:",
        "--platform",
        platform,
        "--python-version",
        python,
        "--implementation",
        "cp",
        "--abi",
        abi,
        *pinned(WASM_TEST_PACKAGES, REQUIREMENTS),
    ]
    print("install_wasm_deps:", " ".join(command[3:]), file=sys.stderr)
    return subprocess.run(command, check=False).returncode


if __name__ == "__main__":
    raise SystemExit(main())
