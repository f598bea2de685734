"""Placeholder boot script: proves the runtime and the rules package load in the browser.

The UI replaces this. The contract the browser tests rely on: once Python is up,
``document.documentElement.dataset.ready`` is ``"1"`` (and ``data-boot-ms`` holds the
milliseconds since navigation start).
"""

import sys

from pyscript import document, window

import scorpion

loading = document.getElementById("loading")
status = document.getElementById("status")
version = getattr(scorpion, "__version__", "dev")
status.textContent = f"Rules package scorpion {version} loaded (Python {sys.version.split()[0]})."
status.hidden = False
loading.hidden = True

root = document.documentElement
root.dataset.bootMs = str(round(window.performance.now()))
root.dataset.ready = "1"
