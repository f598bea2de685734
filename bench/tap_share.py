"""Whose time a phone's tap is: the game's Undo against the same page changes made without
Python, and against a text change alone, on one page at CPU 4x.

    .venv/bin/python bench/tap_share.py [--rounds 4] [--taps 8] [--moves 30] [--site DIR]
                                        [--interval MS] [--cpu 4]

The phone and the site as ``bench/phone.py`` has them (390x844 touch, DPR 3, the renderer's
CPU slowed 4 times, the site served gzip-compressed). The seed deal's line is played as
``phone.py`` plays it (taps, picks and drags), unthrottled, for ``--moves`` moves; then one
Undo and one Redo are recorded (a MutationObserver on the whole document: every attribute,
text and node they changed, in order, in two parts: what the listener changed, and what
followed until two frames later, the words for the screen reader that the game writes
after the frame; and any ``Element.animate`` glide; the cards' other glides are CSS
transitions that the same writes start again). Then, throttled, Undo is tapped ``--taps``
times in each of four ways, in blocks, the blocks' order reversed every other round, each
tap and each redo ``--interval`` ms after the one before:

- ``game``: the game's own Undo (Python: its listeners, the undo, the board's writes, the
  texts, what it schedules), redone between taps by Ctrl+Y, untimed;
- ``writes``: the recorded Undo's changes made by a JavaScript listener (the first part at
  once, the second after the next frame, as the game makes them), the game's own
  listeners stopped (a capture listener on the document, added after the probe's), the
  recorded Redo's between taps: the page's changes with no Python at all;
- ``text``: a JavaScript listener that only changes the status line's text (the floor
  page's tap, on the game's page), the game's listeners stopped;
- ``text, no table``: the same with the table hidden (``display: none``).

A tap's time is ``bench/phone.py``'s: from its ``pointerup`` to the frame presented (Event
Timing, 8 ms steps, 16 when under 16). Then, with no tap, the main thread's time from the
writes to the end of the next frame (a frame callback, then a task) for ``writes`` and
``text``, 16 times each: what the page's changes cost before any presentation.

game minus writes is Python's share of a tap; writes minus text the cost of the cards'
changes; text minus text-with-no-table what the drawn table adds to any frame; and text
with no table is the machine's own floor (``bench/floor.html``'s figure). Each difference
of two medians is good to the API's 8 ms step.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path
from typing import Any

from harness import deck_query, load_average, median, percentile, prepare_site
from netserve import gzip_server
from phone import Phone, play_line
from playwright.sync_api import sync_playwright

MODES = ("game", "writes", "text", "text, no table")

# In the page: a recorder of the document's changes, the ways to replay them, and the
# listener that stops the game's own on the Undo button (never in mode "game").
RECORDER = """() => {
  const share = window.scorpionShare = { mode: "game", sets: {}, pending: [], glides: [] };
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {
    if (share.recording) share.glides.push([this, keyframes, options]);
    return animate.call(this, keyframes, options);
  };
  const observer = new MutationObserver((records) => share.pending.push(...records));
  share.start = () => {
    share.pending = []; share.glides = []; share.recording = true;
    observer.observe(document, { subtree: true, attributes: true, attributeOldValue: true,
      childList: true, characterData: true, characterDataOldValue: true });
  };
  // The changes so far as operations, kept as ``name``; an attribute's or a text's new
  // value is the old value of the next record of it, or its value now.
  share.cut = (name) => {
    const records = [...share.pending, ...observer.takeRecords()];
    const ops = [];
    records.forEach((record, i) => {
      const later = records.slice(i + 1).find((next) => next.type === record.type
        && next.target === record.target && next.attributeName === record.attributeName);
      if (record.type === "attributes") {
        const name = record.attributeName;
        ops.push(["attr", record.target, name,
                  later ? later.oldValue : record.target.getAttribute(name)]);
      } else if (record.type === "characterData") {
        ops.push(["data", record.target, later ? later.oldValue : record.target.data]);
      } else {
        for (const node of record.removedNodes) ops.push(["remove", node]);
        for (const node of record.addedNodes)
          ops.push(["insert", record.target, node, record.nextSibling]);
      }
    });
    share.sets[name] = { ops, glides: share.glides };
    share.pending = []; share.glides = [];
    return [records.length, share.sets[name].glides.length];
  };
  share.stop = () => { observer.disconnect(); share.recording = false; };
  share.replay = (name) => {
    const { ops, glides } = share.sets[name];
    for (const [kind, target, a, b] of ops) {
      if (kind === "attr") {
        // The page's policy refuses a style attribute set as markup: the CSSOM, as the game.
        if (a === "style") target.style.cssText = b ?? "";
        else if (b == null) target.removeAttribute(a);
        else target.setAttribute(a, b);
      } else if (kind === "data") target.data = a;
      else if (kind === "remove") target.remove();
      else target.insertBefore(a, b && b.parentNode === target ? b : null);
    }
    for (const [element, keyframes, options] of glides) {
      for (const glide of element.getAnimations()) glide.cancel();
      element.animate(keyframes, options);
    }
  };
  // As the game does: the board and the texts in the listener, the words after the frame.
  share.step = (name) => {
    share.replay(`${name}, now`);
    requestAnimationFrame(() => setTimeout(() => share.replay(`${name}, later`), 0));
  };
  share.text = () => {
    const status = document.getElementById("status");
    const text = status.textContent;
    status.textContent = text.endsWith(".") ? text.slice(0, -1) : text + ".";
  };
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(".table { display: none !important; }");
  share.setMode = (mode) => {
    share.mode = mode;
    const others = document.adoptedStyleSheets.filter((s) => s !== sheet);
    document.adoptedStyleSheets = mode === "text, no table" ? [...others, sheet] : others;
  };
  const stop = (event) => {
    if (share.mode === "game" || !event.target.closest?.("#undo")) return;
    event.stopImmediatePropagation();
    if (event.type !== "click") return;
    if (share.mode === "writes") share.step("undo");
    else share.text();
  };
  for (const type of ["pointerdown", "pointerup", "mousedown", "mouseup", "click"])
    document.addEventListener(type, stop, true);
}"""

UNDO = "document.getElementById('undo').click()"
# The game's Ctrl+Y, heard by its listener on the document, at once.
REDO = ("document.body.dispatchEvent(new KeyboardEvent('keydown', "
        "{ key: 'y', ctrlKey: true, bubbles: true }))")  # fmt: skip
NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))"

# The main thread from the change to the end of the next frame, no tap: [median, p90].
FRAMES = """async ([mode, interval]) => {
  const share = window.scorpionShare, times = [];
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const pause = () => new Promise((done) => setTimeout(done, interval));
  for (let i = 0; i < 16; i++) {
    await pause();
    await frame();
    const start = performance.now();
    if (mode === "writes") share.step("undo"); else share.text();
    await frame();
    times.push(performance.now() - start);
    await pause();
    if (mode === "writes") share.step("redo");
  }
  times.sort((a, b) => a - b);
  return [times[8], times[14]];
}"""


def record(phone: Phone) -> list[list[int]]:
    """One Undo and one Redo recorded, each in two parts: what its listener changed, and
    what followed until two frames later (the words written after the frame). Their
    record counts and glides."""
    page = phone.page
    page.evaluate(RECORDER)
    counts = []
    for name, act in (("undo", UNDO), ("redo", REDO)):
        counts.append(page.evaluate(
            f"() => {{ scorpionShare.start(); {act}; return scorpionShare.cut('{name}, now'); }}"
        ))  # fmt: skip
        page.evaluate(NEXT_FRAME)
        page.evaluate(NEXT_FRAME)
        counts.append(page.evaluate(f"() => scorpionShare.cut('{name}, later')"))
        page.evaluate("() => scorpionShare.stop()")
        page.wait_for_timeout(500)
    return counts


def tap_round(phone: Phone, mode: str, taps: int, interval: int) -> None:
    page = phone.page
    page.evaluate("(mode) => scorpionShare.setMode(mode)", mode)
    page.wait_for_timeout(interval)
    for _ in range(taps):
        page.wait_for_timeout(interval)
        phone.tap("#undo", mode)
        page.wait_for_timeout(interval)
        if mode == "game":
            page.keyboard.press("Control+y")
        elif mode == "writes":
            page.evaluate("() => scorpionShare.step('redo')")
    page.evaluate("() => scorpionShare.setMode('game')")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4, help="each way's block, N times")
    parser.add_argument("--taps", type=int, default=8, help="taps in each block")
    parser.add_argument("--moves", type=int, default=30, help="the line's moves played first")
    parser.add_argument("--site", type=Path, help="copy this built site instead of building")
    parser.add_argument("--interval", type=int, default=300, help="ms between changes")
    parser.add_argument("--cpu", type=float, default=4.0, help="CPU slowdown (default 4)")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="scorpion-share-"))
    try:
        site = prepare_site(work / "current", args.site)
        before = load_average()
        with gzip_server(site) as (base, _counter), sync_playwright() as playwright:
            phone = Phone(playwright, work / "profile", base + deck_query(), args.cpu)
            try:
                phone.settle()
                phone.arm()
                play_line(phone, args.moves)
                phone.page.wait_for_timeout(1500)  # the save and the paint snapshot done
                phone.arm()  # a new probe: only the measured taps
                counts = record(phone)
                phone.page.wait_for_timeout(1500)
                phone.throttle()
                during = []
                for round_ in range(args.rounds):
                    for mode in MODES if round_ % 2 == 0 else MODES[::-1]:
                        tap_round(phone, mode, args.taps, args.interval)
                    during.append(load_average())
                taps: dict[str, list[float]] = {mode: [] for mode in MODES}
                for tap in phone.taps():
                    if tap["kind"] in taps:
                        taps[tap["kind"]].append(tap["presented"])
                frames: dict[str, list[Any]] = {"writes": [], "text": []}
                for _ in range(2):
                    for mode in frames:
                        phone.page.evaluate("() => scorpionShare.setMode('game')")
                        frames[mode].append(phone.page.evaluate(FRAMES, [mode, args.interval]))
            finally:
                phone.context.close()
        after = load_average()
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"bench/tap_share.py: {args.moves} moves in, {args.rounds} rounds of {args.taps} "
          f"taps a way, {args.interval} ms apart; 390x844 touch, DPR 3, CPU {args.cpu:g}x, "
          "gzip")  # fmt: skip
    print(f"load average (1, 5, 15 min): before {before}, during {' | '.join(during)}, "
          f"after {after}")  # fmt: skip
    undo_now, undo_later, redo_now, redo_later = counts
    print(f"recorded: the Undo {undo_now[0]} changes in its listener, {undo_later[0]} after "
          f"the frame; the Redo {redo_now[0]} and {redo_later[0]}; glides by "
          f"Element.animate: {sum(c[1] for c in counts)}")  # fmt: skip
    print("\nUndo tapped, pointerup to the frame presented, ms (16 when under 16):")
    for mode, values in taps.items():
        print(f"  {mode:15} median {median(values):5.0f}   p95 {percentile(values, 0.95):5.0f}"
              f"   max {max(values):5.0f}   count {len(values):3}")  # fmt: skip
    share = {
        "Python's share (game - writes)": median(taps["game"]) - median(taps["writes"]),
        "the cards' changes (writes - text)": median(taps["writes"]) - median(taps["text"]),
        "the drawn table (text - no table)": median(taps["text"]) - median(taps["text, no table"]),
    }
    for what, ms in share.items():
        print(f"  {what:38} {ms:+5.0f} ms at the median")
    print("\nno tap: main thread from the change to the next frame's end, ms (median, p90):")
    for mode, runs in frames.items():
        print(f"  {mode:15} " + "   ".join(f"{m:5.1f}, {p:5.1f}" for m, p in runs))


if __name__ == "__main__":
    main()
