"""Every element of the page outside the cards, by its id: texts, attributes, classes,
form values, focus, dialogs and listeners. The one way the rest of the browser layer
reads or writes them (the cards are ``board``'s), so a test hands the parts a fake of
this class (``tests/webapp/fakes.py``) and reads what the player would see.

Writes of texts and attributes are cached and made only when they change; many at once
cost one call into JavaScript (``write``). The notice bar is here too, because every
listener runs guarded: an unexpected exception is reported in the console and in the
notice bar, with its details to copy (``report``), and never escapes to the page.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from webapp.page_texts import problem_text

Handler = Callable[[Any], None]


def dom_writes() -> Any:
    """``static/dom-writes.mjs``, the JavaScript of ``PageBoard.update``, ``PageBoard.mount``
    and ``Chrome.write`` (no code is made from strings: the page's Content-Security-Policy
    allows none). ``static/pyodide-boot.mjs`` registers it as ``scorpion_dom``; looked up at
    first use, never at import: a Python snapshot holds the imports, and no page object."""
    import scorpion_dom

    return scorpion_dom


def _to_js(value: Any) -> Any:
    from pyodide.ffi import to_js

    return to_js(value)


class Chrome:
    """The page's elements outside the cards."""

    def __init__(self, document: Any, proxy: Callable[[Callable[..., Any]], Any]) -> None:
        self.document = document
        self.proxy = proxy  # a lasting JS function for a Python one (listeners)
        self.details = ""  # the last unexpected error's, for the notice's Copy button
        self._cache: dict[tuple[str, str], str | None] = {}
        self._elements: dict[str, Any] = {}
        self._writer: Any = None
        self._returns: dict[str, Any] = {}  # where the focus was when each dialog opened
        # Listeners added together (``listening_together``): one proxy runs them all.
        self._batch: list[tuple[str, str, Handler]] | None = None
        self._handlers: list[Handler] = []
        self._dispatch: Any = None

    def element(self, element_id: str) -> Any:
        found = self._elements.get(element_id)
        if found is None:
            found = self.document.getElementById(element_id)
            if not found:
                raise LookupError(f"no element with the id: {element_id}")
            self._elements[element_id] = found
        return found

    # --- writes -------------------------------------------------------------------------

    def text(self, element_id: str, value: str) -> None:
        key = (element_id, "#text")
        if self._cache.get(key) != value:
            self._cache[key] = value
            self.element(element_id).textContent = value

    def attr(self, element_id: str, name: str, value: str | None) -> None:
        key = (element_id, name)
        if key in self._cache and self._cache[key] == value:
            return
        self._cache[key] = value
        element = self.element(element_id)
        if value is None:
            element.removeAttribute(name)
        else:
            element.setAttribute(name, value)

    def flag(self, element_id: str, name: str, on: bool) -> None:
        """A boolean attribute such as ``disabled`` or ``hidden``."""
        self.attr(element_id, name, "" if on else None)

    def classed(self, element_id: str, name: str, on: bool) -> None:
        self.element(element_id).classList.toggle(name, on)

    def html(self, element_id: str, markup: str) -> None:
        """Replace an element's content with ``markup``, made by pure code that escapes
        every text it puts in (``webapp.escaping``)."""
        self._forget_id(element_id)
        self.element(element_id).innerHTML = markup

    def set_value(self, element_id: str, value: str) -> None:
        self.element(element_id).value = value

    def set_checked(self, element_id: str, on: bool) -> None:
        self.element(element_id).checked = on

    def root_data(self, name: str, value: str | None) -> None:
        """``<html data-NAME>``: hooks for CSS, benchmarks and tests."""
        dataset = self.document.documentElement.dataset
        if value is None:
            if hasattr(dataset, name):
                delattr(dataset, name)
        else:
            setattr(dataset, name, value)

    def root_class(self, name: str, on: bool) -> None:
        self.document.documentElement.classList.toggle(name, on)

    def language(self, lang: str, title: str) -> None:
        """``<html lang>`` and the document's title, each written only when it changes:
        writing ``lang``, even the same, restyles the whole page (every start has the page's
        own language to write, a phone's 46 ms)."""
        root, document = self.document.documentElement, self.document
        if str(root.lang) != lang:
            root.lang = lang
        if str(document.title) != title:
            document.title = title

    def write(self, texts: Mapping[str, str], attrs: Mapping[tuple[str, str], str]) -> None:
        """Many texts (element id -> text) and attributes ((id, name) -> value) at once: the
        page's fixed texts, at boot and on a language change, in one call into JavaScript."""
        changed_texts = [[i, v] for i, v in texts.items() if self._cache.get((i, "#text")) != v]
        changed_attrs = [[i, n, v] for (i, n), v in attrs.items() if self._cache.get((i, n)) != v]
        for i, v in changed_texts:
            self._cache[(i, "#text")] = v
        for i, n, v in changed_attrs:
            self._cache[(i, n)] = v
        if changed_texts or changed_attrs:
            if self._writer is None:
                self._writer = dom_writes().writeAll
            written = self._writer(self.document, _to_js(changed_texts), _to_js(changed_attrs))
            if missing := str(written):
                raise LookupError(f"no element with the id: {missing}")

    def forget(self) -> None:
        """After a language change rewrote texts behind the cache's back."""
        self._cache.clear()

    def _forget_id(self, element_id: str) -> None:
        for key in [k for k in self._cache if k[0] == element_id]:
            del self._cache[key]

    # --- reads ----------------------------------------------------------------------------

    def value(self, element_id: str) -> str:
        return str(self.element(element_id).value)

    def checked(self, element_id: str) -> bool:
        return bool(self.element(element_id).checked)

    def has_class(self, element_id: str, name: str) -> bool:
        return bool(self.element(element_id).classList.contains(name))

    def root_has_class(self, name: str) -> bool:
        return bool(self.document.documentElement.classList.contains(name))

    def inside(self, node: Any, element_id: str) -> bool:
        """Whether ``node`` (an event's target) is the element or inside it."""
        return bool(node) and bool(self.element(element_id).contains(node))

    def focused_inside(self, element_id: str) -> bool:
        return self.inside(self.document.activeElement, element_id)

    # --- focus and dialogs ------------------------------------------------------------------

    def focus(self, element_id: str) -> None:
        self.element(element_id).focus()

    def focus_first(self, element_id: str, selector: str) -> None:
        """The focus to the first element inside ``element_id`` that matches ``selector``."""
        first = self.element(element_id).querySelector(selector)
        if first:
            first.focus()

    def show_modal(self, element_id: str) -> None:
        """Open a ``<dialog>`` as a modal (the browser holds the focus inside and Escape
        closes it); its ``close`` event gives the focus back (``restore_focus``)."""
        dialog = self.element(element_id)
        if dialog.open:
            return
        self._returns[element_id] = self.document.activeElement
        dialog.showModal()

    def close(self, element_id: str) -> None:
        dialog = self.element(element_id)
        if dialog.open:
            dialog.close()

    def is_open(self, element_id: str) -> bool:
        return bool(self.element(element_id).open)

    def any_open(self) -> bool:
        return bool(self.document.querySelector("dialog[open]"))  # JS null is falsy

    def forget_focus(self, element_id: str) -> None:
        """The dialog closes into another one: the focus is not given back."""
        self._returns.pop(element_id, None)

    def restore_focus(self, element_id: str) -> None:
        """After a dialog's ``close`` event: a focus lost with the dialog goes back to where
        it was when it opened (or, if that is gone from view, to the phone's Menu button).
        The close event comes a task after the dialog closed: a focus the player or the
        browser has put somewhere since stays."""
        back = self._returns.pop(element_id, None)
        active = self.document.activeElement
        lost = active is None or active.tagName == "BODY" or self.inside(active, element_id)
        if lost and back and getattr(back, "isConnected", False):
            if not back.getClientRects().length:  # its menu closed (panels/tool_menu.py)
                back = self.document.getElementById("menu-button") or back
            back.focus()

    # --- the notice bar ------------------------------------------------------------------

    def notice(self, text: str, details: str = "") -> None:
        """Say ``text`` in the notice bar (``role="alert"``); ``details``: an error's, which
        the player can open and copy to report it."""
        self.text("notice-text", text)
        self.details = details
        self.text("notice-details", details)
        self.flag("notice-more", "hidden", not details)
        self.flag("notice-reload", "hidden", True)  # offered by ``notice_reload`` alone
        self.flag("notice", "hidden", False)

    def hide_notice(self) -> None:
        self.flag("notice", "hidden", True)

    def report(self, where: str, details: str) -> None:
        """An unexpected exception: in the console, and said in the notice bar with its
        details; the game stays as it was and goes on."""
        print(f"scorpion: unexpected error in {where}:\n{details}")
        try:
            self.notice(problem_text("error"), f"{where}\n{details}")
        except Exception:  # the page itself is broken: the console has it
            print("scorpion: the notice bar could not say it:\n" + traceback.format_exc())

    def bind_notice(self, copy: Callable[[str], None]) -> None:
        """The notice bar's Close, and Copy details (``copy``: the clipboard's)."""
        self.listen("notice-close", "click", lambda _event: self.hide_notice())
        self.listen("notice-copy", "click", lambda _event: copy(self.details))

    # --- listening ------------------------------------------------------------------------

    def guarded(self, where: str, handler: Handler) -> Handler:
        def run(event: Any = None) -> None:
            try:
                handler(event)
            except Exception:  # the event boundary: reported, never escapes to the page
                self.report(where, traceback.format_exc())

        return run

    def listen(self, element_id: str, kind: str, handler: Handler) -> None:
        """A guarded listener on the element ``element_id``: added at once, or with the
        others asked for inside ``listening_together``."""
        where = f"#{element_id} {kind}"
        if self._batch is not None:
            self._batch.append((element_id, kind, self.guarded(where, handler)))
        else:
            self._listen(self.element(element_id), kind, handler, where)

    @contextmanager
    def listening_together(self) -> Iterator[None]:
        """The element listeners asked for inside are added as it ends, in that order, in
        one call into JavaScript, one proxy running them all: each apart is a proxy and
        three calls, which the start's 80-odd listeners felt on a slow phone."""
        batch: list[tuple[str, str, Handler]] = []
        self._batch = batch
        try:
            yield
        finally:
            self._batch = None
        if not batch:
            return
        first = len(self._handlers)
        self._handlers.extend(handler for _id, _kind, handler in batch)
        if self._dispatch is None:
            handlers = self._handlers
            self._dispatch = self.proxy(lambda index, event: handlers[int(index)](event))
        wanted = [[element_id, kind, first + n] for n, (element_id, kind, _h) in enumerate(batch)]
        missing = str(dom_writes().listenAll(self.document, _to_js(wanted), self._dispatch))
        if missing:
            raise LookupError(f"no element with the id: {missing}")

    def listen_document(self, kind: str, handler: Handler) -> None:
        self._listen(self.document, kind, handler, f"document {kind}")

    def listen_window(self, kind: str, handler: Handler) -> None:
        self._listen(self.document.defaultView, kind, handler, f"window {kind}")

    def _listen(self, target: Any, kind: str, handler: Handler, where: str) -> None:
        target.addEventListener(kind, self.proxy(self.guarded(where, handler)))

    # --- the win's confetti (panels/dialogs.py) ---------------------------------------------

    _confetti: Any = None  # the layer while it is on the page

    def confetti(self, pieces: Sequence[str]) -> None:
        """A layer of ``<i>`` over the page, one per CSS text in ``pieces``; none: it goes."""
        layer, self._confetti = self._confetti, None
        if layer is not None:
            layer.remove()
        if not pieces:
            return
        layer = self.document.createElement("div")
        layer.className = "confetti"
        layer.setAttribute("aria-hidden", "true")
        layer.innerHTML = "<i></i>" * len(pieces)
        # Styles through the CSSOM: the page's Content-Security-Policy refuses style
        # attributes, in markup too.
        for piece, css in zip(layer.children, pieces, strict=True):
            piece.style.cssText = css
        self.document.body.appendChild(layer)
        self._confetti = layer

    # --- added for the play room (issue 37) -------------------------------------------------

    def announce(self, element_id: str, text: str) -> None:
        """Write ``text`` even when it is there already: a live region says a rewrite again."""
        self._cache[(element_id, "#text")] = text
        self.element(element_id).textContent = text

    def notice_reload(self, text: str) -> None:
        """Say ``text`` in the notice bar with its Reload button (``#notice-reload``)."""
        self.notice(text)
        self.flag("notice-reload", "hidden", False)

    # --- the settings (panels/stats_settings.py, panels/saved_data.py) ------------------------

    def click(self, element_id: str) -> None:
        """Click the element as the player would (a file input opens its chooser)."""
        self.element(element_id).click()

    # --- the chart of the last games (panels/trend_chart.py) -------------------------------

    def text_in(self, element_id: str, selector: str, value: str) -> None:
        """The text of the element matching ``selector`` inside ``element_id``: markup
        ``html`` drew, whose elements come and go (so never looked up by id nor cached)."""
        found = self.element(element_id).querySelector(selector)
        if found:
            found.textContent = value

    def rove(self, element_id: str, selector: str, focus: bool) -> None:
        """A roving tab stop: the element matching ``selector`` inside ``element_id``
        becomes the one of its siblings that Tab reaches (``tabindex`` 0, theirs -1), and
        takes the focus if ``focus``."""
        chosen = self.element(element_id).querySelector(selector)
        if not chosen:
            return
        for other in chosen.parentNode.querySelectorAll('[tabindex="0"]'):
            other.setAttribute("tabindex", "-1")
        chosen.setAttribute("tabindex", "0")
        if focus:
            chosen.focus()

    def listen_media(self, query: str, handler: Callable[[bool], None]) -> None:
        """A guarded listener on a media query's changes (``handler``: whether it matches)."""
        media = self.document.defaultView.matchMedia(query)
        self._listen(media, "change", lambda event: handler(bool(event.matches)), query)
