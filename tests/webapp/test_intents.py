from __future__ import annotations

import pytest
from webapp.play.intents import (
    Cursor,
    Held,
    Intent,
    Tap,
    clamp_cursor,
    key_intent,
    move_cursor,
    tap,
)


@pytest.mark.parametrize(
    ("key", "mods", "intent"),
    [
        ("u", {}, "undo"),
        ("U", {}, "undo"),
        ("z", {"ctrl": True}, "undo"),
        ("z", {"meta": True}, "undo"),
        ("y", {"ctrl": True}, "redo"),
        ("Z", {"ctrl": True, "shift": True}, "redo"),
        ("d", {}, "deal"),
        ("n", {}, "new"),
        ("h", {}, "hint"),
        ("b", {}, "read"),
        ("ArrowLeft", {}, "left"),
        ("ArrowDown", {}, "down"),
        ("Enter", {}, "activate"),
        (" ", {}, "activate"),
        ("Escape", {}, "cancel"),
        ("x", {}, None),
        ("c", {"ctrl": True}, None),
        ("u", {"alt": True}, None),
        ("Tab", {}, None),
    ],
)
def test_keys(key: str, mods: dict[str, bool], intent: str | None) -> None:
    assert key_intent(key, **mods) == intent


def test_click_picks_up_then_a_column_drops() -> None:
    assert tap(Tap("4H", 1), None, [6]) == Intent("select", "4H")
    assert tap(Tap(None, 6), Held("4H", 1), []) == Intent("move", "4H", 6)
    assert tap(Tap("5H", 6), Held("4H", 1), [1]) == Intent("move", "4H", 6)


def test_touch_tap_or_double_click_moves_a_card_with_one_place() -> None:
    assert tap(Tap("4H", 1, touch=True), None, [6]) == Intent("move", "4H", 6)
    assert tap(Tap("4H", 1, double=True), Held("4H", 1), [6]) == Intent("move", "4H", 6)
    assert tap(Tap("4H", 1, touch=True), None, [3, 6]) == Intent("select", "4H")
    assert tap(Tap("4H", 1, touch=True), None, []) == Intent("select", "4H")


def test_same_column_reselects_or_releases() -> None:
    assert tap(Tap("7S", 1), Held("4H", 1), []) == Intent("select", "7S")
    assert tap(Tap("4H", 1), Held("4H", 1), [6]) == Intent("release")
    assert tap(Tap(None, None), Held("4H", 1), []) == Intent("release")
    assert tap(Tap(None, 3), None, []) == Intent("none")


def test_cursor_moves() -> None:
    counts = [4, 4, 0, 4, 7, 7, 7]
    assert move_cursor(Cursor(0, 3), "right", counts) == Cursor(1, 3)
    assert move_cursor(Cursor(1, 3), "right", counts) == Cursor(2, None)
    assert move_cursor(Cursor(0, 3), "left", counts) == Cursor(6, 6)
    assert move_cursor(Cursor(4, 6), "up", counts) == Cursor(4, 5)
    assert move_cursor(Cursor(4, 0), "up", counts) == Cursor(4, 0)
    assert move_cursor(Cursor(4, 5), "down", counts) == Cursor(4, 6)
    assert move_cursor(Cursor(2, None), "up", counts) == Cursor(2, None)
    assert clamp_cursor(Cursor(4, 6), [0, 0, 0, 0, 2, 0, 0]) == Cursor(4, 1)
    assert clamp_cursor(Cursor(4, 1), [0] * 7) == Cursor(4, None)
