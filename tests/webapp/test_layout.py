from __future__ import annotations

import pytest
from webapp.layout import (
    CARD_RATIO,
    DOWN_MAX,
    GROW_MARGIN,
    SIZE_STEP,
    UP_MAX,
    UP_MIN,
    UP_READABLE,
    UP_ROOMY,
    card_y,
    column_fan,
    nearest_column,
    size_level,
    up_step,
)


def height(hidden: int, face_up: int, room: float, up_max: float = UP_MAX) -> float:
    fan = column_fan(hidden, face_up, room, up_max)
    return card_y(hidden + face_up - 1, hidden, fan) + CARD_RATIO


def test_short_columns_get_the_full_spacing() -> None:
    fan = column_fan(3, 4, room=8)
    assert (fan.down, fan.up) == (DOWN_MAX, UP_MAX)


@pytest.mark.parametrize("face_up", range(1, 26))
@pytest.mark.parametrize("room", [3.5, 5.0, 6.5, 12.0])
def test_long_columns_tighten_to_stay_on_screen(face_up: int, room: float) -> None:
    fan = column_fan(3, face_up, room)
    assert UP_MIN <= fan.up <= UP_MAX
    if 2 + face_up * UP_MIN < room:
        assert height(3, face_up, room) <= room + 1e-6


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
    assert step * card_px >= min(30.0, UP_ROOMY * card_px) - 0.1
    # a tall screen takes the whole step; a short one tightens as without it
    assert column_fan(3, 7, room=12.0, up_max=step).up == step
    assert column_fan(3, 7, room=4.0, up_max=step) == column_fan(3, 7, room=4.0)
    for face_up in range(1, 26):
        for room in (3.5, 5.0, 8.0, 12.0):
            fan = column_fan(3, face_up, room, up_max=step)
            assert UP_MIN <= fan.up <= step
            if 2 + face_up * UP_MIN < room:
                assert height(3, face_up, room, step) <= room + 1e-6


def test_nearest_column() -> None:
    centres = [10.0 + 60 * i for i in range(7)]
    assert nearest_column(12, centres, 50) == 0
    assert nearest_column(375, centres, 50) == 6
    assert nearest_column(-100, centres, 50) is None
    assert nearest_column(5, [], 50) is None


def test_card_size_steps_down_for_a_long_column_and_back_only_when_asked() -> None:
    room = 5.4
    assert size_level(room, room, 0) == 0
    level = size_level(room + 0.3, room, 0)
    assert level == 1 and room + 0.3 <= room * SIZE_STEP**level
    # moves that keep the column about as long never change the size, either way
    for need in (room - 1.0, room + 0.1, room * SIZE_STEP - 0.1, 2.0):
        assert size_level(need, room, level) == level
    assert size_level(room * SIZE_STEP**2, room, level) == 2
    # idle: back to the largest size that holds the column with room to spare
    assert size_level(2.0, room, 3, grow=True) == 0
    assert size_level(room * SIZE_STEP * GROW_MARGIN, room, 3, grow=True) == 1
    assert size_level(room * SIZE_STEP * GROW_MARGIN + 0.1, room, 3, grow=True) == 2


@pytest.mark.parametrize("room", [2.0, 5.4, 11.1])
def test_every_column_fits_its_size_level(room: float) -> None:
    level = 0
    for tenth in range(10, 400):
        need = tenth / 10
        level = size_level(need, room, level)
        assert need <= room * SIZE_STEP**level + 0.05 or level == 12
