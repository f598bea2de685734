"""A small DOM in Python, for the modules that hold the page (``webapp.page``): enough of
``document``, elements, ``window`` and the JavaScript helpers they call (``js``,
``pyodide.ffi``, the site's ``scorpion_dom``) to run them under CPython.

Markup written to ``innerHTML`` is parsed into elements; selectors are the few the page's
modules use (``#id``, ``tag``, ``[attr]``, ``[attr="value"]``, ``dialog[open]``,
``button:not(:disabled)``). Geometry comes from ``rects`` a test sets.
"""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from typing import Any

VOID = {"br", "img", "input", "meta", "link", "hr", "use"}


class ClassList:
    def __init__(self, element: Element) -> None:
        self.element = element

    def _names(self) -> list[str]:
        return (self.element.getAttribute("class") or "").split()

    def contains(self, name: str) -> bool:
        return name in self._names()

    def add(self, *names: str) -> None:
        have = self._names()
        self.element.setAttribute("class", " ".join(have + [n for n in names if n not in have]))

    def remove(self, *names: str) -> None:
        self.element.setAttribute("class", " ".join(n for n in self._names() if n not in names))

    def toggle(self, name: str, force: bool | None = None) -> bool:
        on = (not self.contains(name)) if force is None else force
        self.add(name) if on else self.remove(name)
        return on


class Style:
    def __init__(self) -> None:
        self.cssText = ""
        self.properties: dict[str, str] = {}

    def removeProperty(self, name: str) -> None:  # noqa: N802
        self.properties.pop(name, None)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in ("cssText", "properties"):
            object.__setattr__(self, name, value)
        else:
            self.properties[name] = value

    def __getattr__(self, name: str) -> Any:
        return self.properties.get(name, "")


class Dataset:
    def __init__(self, element: Element) -> None:
        object.__setattr__(self, "_element", element)

    @staticmethod
    def _attr(name: str) -> str:
        return "data-" + re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), name)

    def __getattr__(self, name: str) -> Any:
        value = self._element.getAttribute(self._attr(name))
        if value is None:
            raise AttributeError(name)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        self._element.setAttribute(self._attr(name), str(value))

    def __delattr__(self, name: str) -> None:
        self._element.removeAttribute(self._attr(name))


class Rect:
    def __init__(self, left: float = 0, top: float = 0, width: float = 0, height: float = 0):
        self.left, self.top, self.width, self.height = left, top, width, height
        self.right, self.bottom = left + width, top + height


class Animation:
    def __init__(self, element: Element, frames: Any, timing: Any) -> None:
        self.element, self.frames, self.timing = element, frames, timing
        self.cancelled = False
        self.effect = types.SimpleNamespace(
            getComputedTiming=lambda: types.SimpleNamespace(progress=0.5)
        )

    def cancel(self) -> None:
        self.cancelled = True


class Children(list["Element"]):
    def item(self, index: int) -> Element | None:
        return self[index] if 0 <= index < len(self) else None

    @property
    def length(self) -> int:
        return len(self)


class Element:
    def __init__(self, tag: str, document: Document, attrs: dict[str, str] | None = None):
        self.tagName = tag.upper()
        self.ownerDocument = document
        self.attributes: dict[str, str] = dict(attrs or {})
        self.children = Children()
        self.parentNode: Element | None = None
        self._text = ""
        self.classList = ClassList(self)
        self.style = Style()
        self.dataset = Dataset(self)
        self.listeners: dict[str, list[Callable[[Any], None]]] = {}
        self.value = self.attributes.get("value", "")
        self.checked = "checked" in self.attributes
        self.open = "open" in self.attributes
        self.rect = Rect()
        self.animations: list[Animation] = []
        self.focused = 0
        self.clientHeight = 0.0
        self.files: Any = None

    # attributes
    def getAttribute(self, name: str) -> str | None:  # noqa: N802
        return self.attributes.get(name)

    def setAttribute(self, name: str, value: Any) -> None:  # noqa: N802
        self.attributes[name] = str(value)
        if name == "id":
            self.ownerDocument.ids[str(value)] = self

    def removeAttribute(self, name: str) -> None:  # noqa: N802
        self.attributes.pop(name, None)

    def hasAttribute(self, name: str) -> bool:  # noqa: N802
        return name in self.attributes

    @property
    def id(self) -> str:
        return self.attributes.get("id", "")

    @property
    def lang(self) -> str:
        return self.attributes.get("lang", "")

    @lang.setter
    def lang(self, value: str) -> None:
        self.setAttribute("lang", value)

    @property
    def hidden(self) -> bool:
        return "hidden" in self.attributes

    @hidden.setter
    def hidden(self, on: bool) -> None:
        if on:
            self.attributes["hidden"] = ""
        else:
            self.attributes.pop("hidden", None)

    @property
    def disabled(self) -> bool:
        return "disabled" in self.attributes

    @disabled.setter
    def disabled(self, on: bool) -> None:
        if on:
            self.attributes["disabled"] = ""
        else:
            self.attributes.pop("disabled", None)

    @property
    def className(self) -> str:  # noqa: N802
        return self.attributes.get("class", "")

    @className.setter
    def className(self, value: str) -> None:  # noqa: N802
        self.attributes["class"] = value

    # content
    @property
    def textContent(self) -> str:  # noqa: N802
        return self._text + "".join(child.textContent for child in self.children)

    @textContent.setter
    def textContent(self, value: str) -> None:  # noqa: N802
        self.children = Children()
        self._text = str(value)

    @property
    def innerHTML(self) -> str:  # noqa: N802
        return self._text

    @innerHTML.setter
    def innerHTML(self, markup: str) -> None:  # noqa: N802
        self.children = Children()
        self._text = ""
        parser = _Parser(self)
        parser.feed(markup)
        parser.close()

    def appendChild(self, child: Element) -> Element:  # noqa: N802
        if child.parentNode is not None:
            child.parentNode.children.remove(child)
        child.parentNode = self
        self.children.append(child)
        return child

    append = appendChild

    def remove(self) -> None:
        if self.parentNode is not None:
            self.parentNode.children.remove(self)
            self.parentNode = None

    def replaceChildren(self) -> None:  # noqa: N802
        self.children = Children()
        self._text = ""

    def contains(self, other: Any) -> bool:
        node = other
        while node is not None:
            if node is self:
                return True
            node = getattr(node, "parentNode", None)
        return False

    @property
    def isConnected(self) -> bool:  # noqa: N802
        return self.ownerDocument.documentElement.contains(self)

    # selectors
    def matches(self, selector: str) -> bool:
        return _matches(self, selector)

    def closest(self, selector: str) -> Element | None:
        node: Element | None = self
        while node is not None:
            if _matches(node, selector):
                return node
            node = node.parentNode
        return None

    def _walk(self) -> Iterator[Element]:
        for child in self.children:
            yield child
            yield from child._walk()

    def querySelector(self, selector: str) -> Element | None:  # noqa: N802
        return next((e for e in self._walk() if _matches(e, selector)), None)

    def querySelectorAll(self, selector: str) -> list[Element]:  # noqa: N802
        return [e for e in self._walk() if _matches(e, selector)]

    # behaviour
    def addEventListener(self, kind: str, listener: Callable[[Any], None]) -> None:  # noqa: N802
        self.listeners.setdefault(kind, []).append(listener)

    def dispatch(self, kind: str, event: Any = None) -> None:
        for listener in list(self.listeners.get(kind, ())):
            listener(event)

    def focus(self) -> None:
        self.focused += 1
        self.ownerDocument.activeElement = self

    def click(self) -> None:
        self.dispatch("click", types.SimpleNamespace(target=self))

    def showModal(self) -> None:  # noqa: N802
        self.open = True

    def close(self) -> None:
        self.open = False
        self.dispatch("close")

    def getBoundingClientRect(self) -> Rect:  # noqa: N802
        return self.rect

    def getClientRects(self) -> Any:  # noqa: N802
        return types.SimpleNamespace(length=0 if self.hidden else 1)

    def animate(self, frames: Any, timing: Any) -> Animation:
        animation = Animation(self, frames, timing)
        self.animations.append(animation)
        return animation


def _matches(element: Element, selector: str) -> bool:
    selector = selector.strip()
    if selector == "button:not(:disabled)":
        return element.tagName == "BUTTON" and not element.disabled
    if selector == "dialog[open]":
        return element.tagName == "DIALOG" and element.open
    found = re.fullmatch(r"([a-z]*)(?:#([\w-]+))?(?:\[([\w-]+)(?:=\"([^\"]*)\")?\])?", selector)
    if not found:
        raise ValueError(f"selector not supported here: {selector}")
    tag, ident, attr, value = found.groups()
    if tag and element.tagName != tag.upper():
        return False
    if ident and element.id != ident:
        return False
    if attr and attr not in element.attributes:
        return False
    return not (attr and value is not None and element.attributes.get(attr) != value)


class _Parser(HTMLParser):
    def __init__(self, root: Element) -> None:
        super().__init__(convert_charrefs=True)
        self.stack = [root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = self.stack[-1].ownerDocument.createElement(tag)
        for name, value in attrs:
            element.setAttribute(name, value or "")
        element.checked = "checked" in element.attributes
        self.stack[-1].appendChild(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_endtag(self, tag: str) -> None:
        if len(self.stack) > 1 and self.stack[-1].tagName == tag.upper():
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.stack[-1]._text += data


class Document:
    def __init__(self, body: str = "") -> None:
        self.ids: dict[str, Element] = {}
        self.documentElement = Element("html", self)
        self.body = self.createElement("body")
        self.documentElement.appendChild(self.body)
        self.body.innerHTML = body
        self.activeElement: Element | None = self.body
        self._title = ""
        self.title_writes = 0  # a browser tells its tab of each
        self.defaultView: Window = Window(self)
        self.listeners: dict[str, list[Callable[[Any], None]]] = {}

    @property
    def title(self) -> str:
        return self._title

    @title.setter
    def title(self, value: str) -> None:
        self._title = str(value)
        self.title_writes += 1

    def createElement(self, tag: str) -> Element:  # noqa: N802
        return Element(tag, self)

    def getElementById(self, element_id: str) -> Element | None:  # noqa: N802
        element = self.ids.get(element_id)
        return element if element is not None and element.isConnected else None

    def querySelector(self, selector: str) -> Element | None:  # noqa: N802
        return self.documentElement.querySelector(selector)

    def querySelectorAll(self, selector: str) -> list[Element]:  # noqa: N802
        return self.documentElement.querySelectorAll(selector)

    def addEventListener(self, kind: str, listener: Callable[[Any], None]) -> None:  # noqa: N802
        self.listeners.setdefault(kind, []).append(listener)


class Window:
    """The window's few services: timers kept until run, a clock, matchMedia."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.timers: list[tuple[float, Callable[[], None]]] = []
        self.frames: list[Callable[[float], None]] = []
        self.idle: list[Callable[[], None]] = []
        self.intervals: dict[int, Callable[[], None]] = {}
        self.now = 0.0
        self.listeners: dict[str, list[Callable[[Any], None]]] = {}
        self.reduced = False
        self.performance = types.SimpleNamespace(now=lambda: self.now, mark=self._mark)
        self.marks: list[str] = []
        self._next = 1

    def _mark(self, name: str) -> None:
        self.marks.append(name)

    def setTimeout(self, fn: Callable[[], None], ms: float = 0) -> int:  # noqa: N802
        self.timers.append((self.now + float(ms), fn))
        self._next += 1
        return self._next

    def setInterval(self, fn: Callable[[], None], ms: float) -> int:  # noqa: N802
        self._next += 1
        self.intervals[self._next] = fn
        return self._next

    def clearInterval(self, handle: int) -> None:  # noqa: N802
        self.intervals.pop(handle, None)

    def requestAnimationFrame(self, fn: Callable[[float], None]) -> None:  # noqa: N802
        self.frames.append(fn)

    def requestIdleCallback(self, fn: Callable[..., None], options: Any = None) -> None:  # noqa: N802
        self.idle.append(fn)

    def matchMedia(self, query: str) -> Any:  # noqa: N802
        return types.SimpleNamespace(matches=self.reduced)

    def addEventListener(self, kind: str, listener: Callable[[Any], None]) -> None:  # noqa: N802
        self.listeners.setdefault(kind, []).append(listener)

    def run(self, until: float | None = None) -> None:
        """Frames, then idle callbacks, then timers due by ``until`` (all if None), until
        nothing is left."""
        for _ in range(100):
            if self.frames:
                frames, self.frames = self.frames, []
                for frame in frames:
                    frame(self.now)
                continue
            if self.idle:
                idle, self.idle = self.idle, []
                for fn in idle:
                    fn()
                continue
            due = [t for t in self.timers if until is None or t[0] <= until]
            if not due:
                return
            self.timers = [t for t in self.timers if t not in due]
            for at, fn in sorted(due, key=lambda t: t[0]):
                self.now = max(self.now, at)
                fn()


def install_js() -> types.SimpleNamespace:
    """Fake ``js``, ``pyodide.ffi`` and ``scorpion_dom`` modules (the page's imports), the
    last one doing in Python what ``static/dom-writes.mjs`` does. Returns them."""
    ffi = types.ModuleType("pyodide.ffi")
    ffi.to_js = lambda value, **_kw: value  # type: ignore[attr-defined]
    ffi.create_proxy = lambda fn: fn  # type: ignore[attr-defined]
    ffi.create_once_callable = lambda fn: fn  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    js = types.ModuleType("js")
    js.Object = types.SimpleNamespace(fromEntries=dict)  # type: ignore[attr-defined]
    dom = types.ModuleType("scorpion_dom")

    def set_attribute(element: Element, name: str, value: str | None) -> None:
        if name == "style":
            element.style.cssText = value or ""
        elif value is None:
            element.removeAttribute(name)
        else:
            element.setAttribute(name, value)

    def apply(writes: Any, moves: Any, animate: bool, timing: Any) -> Any:
        for element, attributes, html in writes:
            for i in range(0, len(attributes), 2):
                set_attribute(element, attributes[i], attributes[i + 1])
            if html is not None:
                element.innerHTML = html
        started = []
        for element, parent, dx, dy, glide, *_rest in moves:
            if glide is not None:
                glide.cancel()
            parent.appendChild(element)
            animation = element.animate({"translate": [dx, dy]}, timing) if animate else None
            started.append([animation, dx if animate else 0, dy if animate else 0])
        return types.SimpleNamespace(to_py=lambda: started)

    def style(styles: Any) -> None:
        for container, values in styles:
            for child, value in zip(container.children, values, strict=False):
                child.style.cssText = value

    def write_all(document: Document, texts: Any, attrs: Any) -> str:
        missing = []
        for element_id, text in texts:
            element = document.getElementById(element_id)
            if element is None:
                missing.append(element_id)
            else:
                element.textContent = text
        for element_id, name, value in attrs:
            element = document.getElementById(element_id)
            if element is None:
                missing.append(element_id)
            else:
                set_attribute(element, name, value)
        return " ".join(missing)

    def listen_all(document: Document, listeners: Any, dispatch: Any) -> str:
        for element_id, _kind, _index in listeners:
            if document.getElementById(element_id) is None:
                return str(element_id)
        for element_id, kind, index in listeners:
            document.getElementById(element_id).addEventListener(
                kind, lambda event, index=index: dispatch(index, event)
            )
        return ""

    dom.apply = apply  # type: ignore[attr-defined]
    dom.listenAll = listen_all  # type: ignore[attr-defined]
    dom.style = style  # type: ignore[attr-defined]
    dom.writeAll = write_all  # type: ignore[attr-defined]
    sys.modules.update({"js": js, "pyodide": pyodide, "pyodide.ffi": ffi, "scorpion_dom": dom})
    return types.SimpleNamespace(js=js, ffi=ffi, dom=dom)


def uninstall_js() -> None:
    for name in ("js", "pyodide", "pyodide.ffi", "scorpion_dom", "webapp.page.board"):
        sys.modules.pop(name, None)
