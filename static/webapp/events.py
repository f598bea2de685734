"""What happened, for parts that must hear of each other without holding each other, as
2048's input manager emits ``"move"`` and the game subscribes. The composition root
(``webapp.main``) says who listens to what; a part only emits.

The vocabulary is closed: an unknown name is a mistake, caught at once.

>>> events = Events()
>>> heard = []
>>> events.on("won", heard.append)
>>> events.emit("won", 51)
>>> heard
[51]
>>> events.emit("wonn")
Traceback (most recent call last):
...
KeyError: 'no such event: wonn'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

NAMES = frozenset(
    {
        "changed",  # the table changed: a move, an undo, a new game (the finish looks again)
        "won",  # the game on the table was won (its ``Game``)
        "conflict",  # another tab's newer save met ours (its ``Session``, the outcome)
        "storage-problem",  # a save was refused (``"quota"`` or ``"storage"``)
        "saved",  # a save went through (the browser may be asked to keep the data)
        "newer-set-aside",  # a newer version's save met ours: moved to a backup (its key)
        "settings-changed",  # a setting changed outside the Settings dialog
        "settings-opened",  # the Settings dialog opened (its saved-data list is fresh)
        "list-arrived",  # a winnable list arrived (the deal's grade may be known now)
        "language",  # the language changed (every fixed text again)
        "new-game-asked",  # the win dialog's New game: the New game dialog opens
        "stats-asked",  # the win dialog's Statistics: they open over it
        "winnable-chosen",  # New game's "Winnable deals only" changed (on or off): remembered
        "drawn",  # the texts that follow the game were drawn (the deal's grade follows them)
    }
)


class Events:
    def __init__(self) -> None:
        self._listeners: dict[str, list[Callable[..., Any]]] = {name: [] for name in NAMES}

    def on(self, name: str, listener: Callable[..., Any]) -> None:
        self._check(name)
        self._listeners[name].append(listener)

    def emit(self, name: str, *args: Any) -> None:
        self._check(name)
        for listener in list(self._listeners[name]):
            listener(*args)

    def _check(self, name: str) -> None:
        if name not in self._listeners:
            raise KeyError(f"no such event: {name}")
