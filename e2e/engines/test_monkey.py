"""Random play in Firefox and WebKit (e2e/monkey.py), shorter than Chromium's, which is
e2e/test_monkey.py (``make e2e``) and skipped here. Firefox makes no touch taps here and
WebKitGTK's WebDriver makes mouse clicks of them: in both a tap is a double click.

Each engine has its own seed unless ``SCORPION_MONKEY_SEED`` names some (then every engine
plays those). Another seed, a longer run: ``SCORPION_MONKEY_SEED=123
SCORPION_MONKEY_SECONDS=300 make engines-test ARGS="-k monkey --engine webkit"``.
"""

from __future__ import annotations

import pytest

from e2e.engines.conftest import SiteServer
from e2e.engines.drivers import Driver
from e2e.monkey import Budget, run, seeds

# Seconds of inputs (WebKit's WebDriver takes about 0.1 s a command: more time, fewer inputs).
SECONDS = {"firefox": 25.0, "webkit": 30.0}
SEEDS = {"firefox": 2, "webkit": 3}


@pytest.mark.parametrize("seed", seeds([0]), ids=lambda seed: f"seed{seed}" if seed else "own-seed")
def test_monkey(
    engine_name: str, seed: int, server: SiteServer, request: pytest.FixtureRequest
) -> None:
    if engine_name not in SEEDS:
        pytest.skip(f"{engine_name}: its random play is e2e/test_monkey.py (make e2e)")
    engine: Driver = request.getfixturevalue("engine")
    replay = f'make engines-test ARGS="-k monkey --engine {engine_name}"'
    run(
        engine,
        server.url(),
        seed or SEEDS[engine_name],
        Budget.from_env(SECONDS[engine_name]),
        replay,
    )
