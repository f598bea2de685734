"""Random play in Chromium (e2e/monkey.py): 14 seconds of a seeded player's inputs,
mouse and touch, with the system's motion on (cards glide), then the checks.

Another seed, a longer run: ``SCORPION_MONKEY_SEED=123 SCORPION_MONKEY_SECONDS=600
make e2e ARGS="-k monkey"`` (``SCORPION_MONKEY_SEED=random`` draws one).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from e2e.engines.drivers import ChromiumDriver
from e2e.monkey import Budget, run, seeds
from e2e.ui import watched_context

SECONDS = 14.0  # seed 1's first 14 s hold every kind of input its 30 s did
SEEDS = (1,)
WIDTH, HEIGHT = 1280, 900


@pytest.mark.parametrize("seed", seeds(SEEDS), ids=lambda seed: f"seed{seed}")
def test_monkey(browser: Browser, site_url: str, seed: int) -> None:
    with watched_context(
        browser, viewport={"width": WIDTH, "height": HEIGHT}, locale="en-US", has_touch=True
    ) as context:
        page = context.new_page()
        driver = ChromiumDriver(WIDTH, HEIGHT, page=page, touch=True)
        run(driver, site_url, seed, Budget.from_env(SECONDS), 'make e2e ARGS="-k monkey"')
