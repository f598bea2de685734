"""How the browser tests and the benches start Debian's Chromium: which binary, with which
switches, through ``e2e/chromium.sh``.

``$CHROMIUM`` (default ``/usr/bin/chromium``) is the binary; Playwright is given the
wrapper, which merges the launcher's ``--disable-features`` and ``--enable-features`` into
one of each (Chromium keeps only the last of each) and disables ``HeapProfilerReporting``.
Chromium turns its sampling heap profiler on in some sessions (a probability, by channel;
Debian's build has none); its stack scan then reads, now and then, past the end of a stack
in a renderer running Pyodide: SIGSEGV, "Target crashed", and every later test on that page
fails. Seen in 2 of 6 runs of the suite (one browser per worker), the crash dumps' 9
renderers all stopped at one instruction of a word-by-word frame-pointer scan; with the
profiler forced on (``--enable-features=HeapProfilerReporting:stable-probability/1.0/
nonstable-probability/1.0``) a renderer crashed there again within 8 page sessions.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
WRAPPER = Path(__file__).resolve().with_name("chromium.sh")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def launch_options(*extra_args: str) -> dict[str, Any]:
    """``executable_path`` and ``args`` for Playwright's ``chromium.launch`` (or
    ``launch_persistent_context``): the wrapper, told where the binary is."""
    return {
        "executable_path": str(WRAPPER),
        "args": [*CHROMIUM_ARGS, *extra_args],
        "env": {**os.environ, "SCORPION_CHROMIUM": CHROMIUM},
    }
