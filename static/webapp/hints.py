"""Where the Hint button meets the solver (``scorpion.hint``, owned by the solver).

``provider()`` returns a function game -> move (or None when nothing helps), or None
while the solver module is not there, which leaves the button disabled.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from scorpion.game import Game
from scorpion.moves import Action, Deal, Move

TIME_LIMIT = 0.5  # seconds of thinking on the page's thread, so the page stays responsive


def provider() -> Callable[[Game], Action | None] | None:
    try:
        module: Any = importlib.import_module("scorpion.hint")
    except ImportError:
        return None
    solve = getattr(module, "hint", None)
    if solve is None:
        return None

    def ask(game: Game) -> Action | None:
        result = solve(game.copy(), TIME_LIMIT)
        move = getattr(result, "move", result[0] if isinstance(result, tuple) else result)
        return move if isinstance(move, Move | Deal) else None

    return ask
