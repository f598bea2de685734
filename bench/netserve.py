"""The site served as GitHub Pages serves it, and a slow link in front of it, for
``bench/firstvisit.py``.

- ``GzipServer``: HTTP/1.1 with keep-alive, gzip on every file that is not already
  compressed (GitHub Pages does not publish its list; it compresses text, scripts, JSON,
  SVG and WebAssembly; here: everything but zip, images and the deflated Python
  snapshot), ``Content-Length`` set, ``Cache-Control: max-age=600``, ``ETag`` and
  ``Last-Modified`` (and 304 on a matching ``If-None-Match``). It counts the bytes it
  writes (headers and bodies): the bytes on the wire.
- ``Link``: a TCP relay on localhost that behaves as a link of ``mbps`` and ``rtt_ms``
  between the browser and the server: each direction's bytes share one link (a browser's
  connections compete, as on a real line), each chunk arrives half a round trip after it
  has crossed, and a new connection waits one round trip (its handshake) before its first
  bytes go out. No slow start, no loss. The browser is pointed at the relay's port: no
  proxy setting in any engine.
"""

from __future__ import annotations

import asyncio
import email.utils
import gzip
import hashlib
import mimetypes
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

NOT_COMPRESSED = (".zip", ".png", ".jpg", ".gif", ".webp", ".woff2", ".gz", ".br", ".snapshot")
TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain",
    ".snapshot": "application/octet-stream",
    ".svg": "image/svg+xml",
}


class Counter:
    """Bytes and requests served since the last ``reset``."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self.lock:
            self.bytes = 0
            # (when the request arrived, epoch seconds; path, status, bytes)
            self.requests: list[tuple[float, str, int, int]] = []

    def add(self, arrived: float, path: str, status: int, size: int) -> None:
        with self.lock:
            self.bytes += size
            self.requests.append((arrived, path, status, size))

    def before(self, moment: float) -> tuple[int, int]:
        """(requests, bytes) of the requests that arrived before ``moment`` (epoch s)."""
        with self.lock:
            found = [size for arrived, _, _, size in self.requests if arrived <= moment]
        return len(found), sum(found)


class Files:
    """The site's files, read and compressed once each."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.cache: dict[str, tuple[bytes, bytes | None, str, str, str]] = {}
        self.lock = threading.Lock()

    def prime(self) -> None:
        """Read and compress every file now, as a CDN serves them from its cache: the first
        request of a large file would otherwise wait for its compression (0.5 s for the
        wasm), which a host's cached copy does not."""
        for file in sorted(self.root.rglob("*")):
            if file.is_file():
                self.get("/" + file.relative_to(self.root).as_posix())

    def get(self, path: str) -> tuple[bytes, bytes | None, str, str, str] | None:
        """(body, gzipped body or None, content type, ETag, Last-Modified) of ``path``."""
        with self.lock:
            if path in self.cache:
                return self.cache[path]
        file = (self.root / path.lstrip("/")).resolve()
        if file.is_dir():
            file = file / "index.html"
        if not file.is_file() or self.root.resolve() not in file.parents:
            return None
        body = file.read_bytes()
        suffix = file.suffix.lower()
        zipped = None if suffix in NOT_COMPRESSED else gzip.compress(body, 6, mtime=0)
        kind = TYPES.get(suffix) or mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        if kind.startswith("text/") or kind.endswith(("json", "javascript")):
            kind += "; charset=utf-8"
        etag = '"' + hashlib.sha1(body).hexdigest()[:16] + '"'
        modified = email.utils.formatdate(file.stat().st_mtime, usegmt=True)
        entry = (body, zipped, kind, etag, modified)
        with self.lock:
            self.cache[path] = entry
        return entry


def handler(files: Files, counter: Counter) -> type[BaseHTTPRequestHandler]:
    class ThrottledHandler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as GitHub Pages over HTTP/1.1

        def log_message(self, *args: Any) -> None:
            pass

        def send(self, status: int, headers: dict[str, str], body: bytes, path: str) -> None:
            head = f"HTTP/1.1 {status} {self.responses[status][0]}\r\n" + "".join(
                f"{name}: {value}\r\n" for name, value in headers.items()
            )
            data = (head + "\r\n").encode("latin-1")
            if self.command != "HEAD":
                data += body
            self.wfile.write(data)
            self.wfile.flush()
            counter.add(self.arrived, path, status, len(data))

        def do_GET(self) -> None:
            self.arrived = time.time()
            path = unquote(urlsplit(self.path).path)
            found = files.get(path)
            if found is None:
                plain = {"Content-Length": "9", "Content-Type": "text/plain"}
                self.send(404, plain, b"not found", path)
                return
            body, zipped, kind, etag, modified = found
            headers = {
                "Content-Type": kind,
                "Cache-Control": "max-age=600",
                "ETag": etag,
                "Last-Modified": modified,
                "Vary": "Accept-Encoding",
            }
            if self.headers.get("If-None-Match") == etag:
                self.send(304, {**headers, "Content-Length": "0"}, b"", path)
                return
            if zipped is not None and "gzip" in self.headers.get("Accept-Encoding", ""):
                headers["Content-Encoding"] = "gzip"
                body = zipped
            headers["Content-Length"] = str(len(body))
            self.send(200, headers, body, path)

        do_HEAD = do_GET  # noqa: N815 (the handler's name)

    return ThrottledHandler


class QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser closed mid-request (a load ended): nothing to report."""


@contextmanager
def gzip_server(root: Path) -> Iterator[tuple[str, Counter]]:
    """Serve ``root`` on a free loopback port; yields (base URL, the byte counter)."""
    counter = Counter()
    files = Files(root)
    files.prime()
    server = QuietServer(("127.0.0.1", 0), handler(files, counter))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", counter
    finally:
        server.shutdown()
        server.server_close()


class Line:
    """One direction of the link: chunks cross it one after another at ``rate`` bytes/s."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.free = 0.0  # when the line is free again (loop time)

    def book(self, now: float, size: int) -> float:
        start = max(now, self.free)
        self.free = start + size / self.rate
        return self.free


class Link:
    """The relay: ``port`` forwards to ``target_port`` over a link of ``mbps`` and ``rtt_ms``."""

    CHUNK = 16 * 1024

    def __init__(self, target_port: int, mbps: float, rtt_ms: float) -> None:
        self.target_port = target_port
        self.rate = mbps * 1e6 / 8
        self.one_way = rtt_ms / 2000
        # What a connection may have on its way at once: twice what the link holds in a
        # round trip (a TCP window large enough for the line, small enough to share it).
        self.window = max(64 * 1024, int(2 * self.rate * rtt_ms / 1000))
        self.loop = asyncio.new_event_loop()
        self.down = Line(self.rate)
        self.up = Line(self.rate)
        self.port = 0
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        asyncio.set_event_loop(self.loop)
        server = self.loop.run_until_complete(asyncio.start_server(self.connection, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        self.ready.set()
        self.loop.run_forever()
        server.close()

    async def pump(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, line: Line, opens: float
    ) -> None:
        """Copy ``reader`` to ``writer`` across ``line``: each chunk waits for the line, then
        half a round trip; nothing leaves before ``opens`` (the handshake)."""
        queue: asyncio.Queue[tuple[float, bytes] | None] = asyncio.Queue()
        room = asyncio.Condition()
        on_way = [0]  # bytes read and not yet delivered

        async def deliver() -> None:
            while (item := await queue.get()) is not None:
                at, data = item
                delay = at - self.loop.time()
                if delay > 0:
                    await asyncio.sleep(delay)
                writer.write(data)
                await writer.drain()
                async with room:
                    on_way[0] -= len(data)
                    room.notify_all()
            if writer.can_write_eof():
                writer.write_eof()

        sender = asyncio.ensure_future(deliver())
        try:
            while data := await reader.read(self.CHUNK):
                async with room:
                    await room.wait_for(lambda: on_way[0] < self.window)
                    on_way[0] += len(data)
                now = max(self.loop.time(), opens)
                queue.put_nowait((line.book(now, len(data)) + self.one_way, data))
        except (ConnectionError, OSError):
            pass
        finally:
            queue.put_nowait(None)
            with suppress(ConnectionError, OSError):
                await sender

    async def connection(
        self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter
    ) -> None:
        opens = self.loop.time() + 2 * self.one_way  # SYN, SYN-ACK
        try:
            server_r, server_w = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            client_w.close()
            return
        try:
            await asyncio.gather(
                self.pump(client_r, server_w, self.up, opens),
                self.pump(server_r, client_w, self.down, opens),
            )
        finally:
            for writer in (client_w, server_w):
                writer.close()

    def start(self) -> int:
        self.thread.start()
        self.ready.wait(10)
        return self.port

    async def shutdown(self) -> None:
        self.loop.set_exception_handler(lambda loop, context: None)  # the cut connections
        tasks = [t for t in asyncio.all_tasks(self.loop) if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.loop.stop()

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.shutdown(), self.loop)
        self.thread.join(5)
        if not self.thread.is_alive():
            self.loop.close()


@contextmanager
def slow_link(base: str, mbps: float, rtt_ms: float) -> Iterator[str]:
    """``base`` (http://127.0.0.1:PORT/) behind a ``Link``; yields the relay's base URL."""
    link = Link(int(urlsplit(base).port or 80), mbps, rtt_ms)
    port = link.start()
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        link.stop()
