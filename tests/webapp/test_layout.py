from __future__ import annotations

import pytest
from webapp.table.layout import (
    CARD_RATIO,
    DOWN_MAX,
    DOWN_MIN,
    TAP_PX,
    UP_MAX,
    UP_READABLE,
    UP_ROOMY,
    card_y,
    column_depth,
    column_fan,
    nearest_column,
    up_step,
)


def height(hidden: int, face_up: int, room: float, up_max: float = UP_MAX) -> float:
    fan = column_fan(hidden, face_up, room, up_max)
    return card_y(hidden + face_up - 1, hidden, fan) + CARD_RATIO


def tightest(hidden: int, face_up: int) -> float:
    """A column's height at the legible minimum: past it, the table scrolls."""
    return column_depth(hidden, face_up, column_fan(hidden, face_up, room=0.0))


def test_short_columns_get_the_full_spacing() -> None:
    fan = column_fan(3, 4, room=8)
    assert (fan.down, fan.up) == (DOWN_MAX, UP_MAX)


@pytest.mark.parametrize("face_up", range(1, 26))
@pytest.mark.parametrize("room", [3.5, 5.0, 6.5, 12.0])
def test_long_columns_tighten_to_stay_on_screen(face_up: int, room: float) -> None:
    fan = column_fan(3, face_up, room)
    assert UP_READABLE <= fan.up <= UP_MAX
    assert DOWN_MIN <= fan.down <= DOWN_MAX
    if tightest(3, face_up) <= room:
        assert height(3, face_up, room) <= room + 1e-6
    else:  # too long even at the legible minimum: it keeps that, and runs past the room
        assert fan == column_fan(3, face_up, room=0.0)
        assert height(3, face_up, room) == pytest.approx(tightest(3, face_up))


def test_a_long_column_never_goes_below_a_whole_index() -> None:
    """The seed line's longest column (36 face-up cards) in a room of 5.5 widths: every
    strip shows the whole index (0.3 widths), and the column's depth says how far the
    table must scroll."""
    fan = column_fan(0, 36, room=5.5)
    assert fan.up == UP_READABLE
    assert column_depth(0, 36, fan) == pytest.approx(CARD_RATIO + 35 * UP_READABLE)
    assert column_fan(3, 30, room=5.5).down == DOWN_MIN
    assert column_depth(0, 0, fan) == 0.0


def test_readable_spacing_is_kept_while_it_fits() -> None:
    fan = column_fan(0, 14, room=1.4 + 13 * UP_READABLE + 0.01)
    assert fan.up >= UP_READABLE


def test_empty_and_single_columns() -> None:
    assert column_fan(0, 0, 2.0).up == UP_MAX
    assert card_y(0, 0, column_fan(0, 1, 2.0)) == 0


@pytest.mark.parametrize("card_px", [20.0, 34.0, 46.0, 60.0, 90.0, 132.0])
def test_narrow_cards_get_strips_a_thumb_can_hit(card_px: float) -> None:
    step = up_step(card_px)
    assert UP_MAX <= step <= UP_ROOMY
    assert step * card_px >= min(TAP_PX, UP_ROOMY * card_px) - 0.1
    # a tall screen takes the whole step; a short one tightens as without it
    assert column_fan(3, 7, room=12.0, up_max=step).up == step
    assert column_fan(3, 7, room=4.0, up_max=step) == column_fan(3, 7, room=4.0)
    for face_up in range(1, 26):
        for room in (3.5, 5.0, 8.0, 12.0):
            fan = column_fan(3, face_up, room, up_max=step)
            assert UP_READABLE <= fan.up <= step
            if tightest(3, face_up) <= room:
                assert height(3, face_up, room, step) <= room + 1e-6


def test_nearest_column() -> None:
    centres = [10.0 + 60 * i for i in range(7)]
    assert nearest_column(12, centres, 50) == 0
    assert nearest_column(375, centres, 50) == 6
    assert nearest_column(-100, centres, 50) is None
    assert nearest_column(5, [], 50) is None


def test_a_phones_cards_get_a_thumbs_strip() -> None:
    """Upright at 390 px the cards are 50 px wide: an overlapped card shows 44 px."""
    assert up_step(50.0) * 50.0 >= TAP_PX - 0.1
    assert up_step(50.0) <= UP_ROOMY
