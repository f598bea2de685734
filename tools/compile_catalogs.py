"""Compile the gettext catalogs: every ``i18n/<lang>/LC_MESSAGES/*.po`` to ``.mo``.

Babel does the compiling at build time only; the browser reads the ``.mo`` bytes with the
stdlib ``gettext`` module, so Babel never ships.

As a script it compiles in place (``.mo`` beside ``.po``, which ``.gitignore`` ignores),
rewriting only a ``.mo`` that is missing or older than its ``.po``::

    python tools/compile_catalogs.py            # i18n/ of this repository
    python tools/compile_catalogs.py --force    # recompile everything
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
I18N_DIR = ROOT / "i18n"


def find_catalogs(i18n_dir: Path) -> list[Path]:
    """Every ``<lang>/LC_MESSAGES/*.po`` under ``i18n_dir``, sorted; none if it is missing."""
    if not i18n_dir.is_dir():
        return []
    return sorted(i18n_dir.glob("*/LC_MESSAGES/*.po"))


def mo_bytes(po_path: Path) -> bytes:
    """The compiled ``.mo`` content of one ``.po`` file (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo  # Babel: build time only
    from babel.messages.pofile import read_po

    locale = po_path.parent.parent.name
    with po_path.open("rb") as po_file:
        catalog = read_po(po_file, locale=locale, domain=po_path.stem)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file, so concurrent readers
    (pytest-xdist workers, another engineer's build) never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def compile_in_place(i18n_dir: Path = I18N_DIR, *, force: bool = False) -> list[Path]:
    """Compile each ``.po`` to a ``.mo`` beside it when that is missing or stale.

    Returns the ``.mo`` files written.
    """
    written: list[Path] = []
    for po_path in find_catalogs(i18n_dir):
        mo_path = po_path.with_suffix(".mo")
        if not force and mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        write_atomic(mo_path, mo_bytes(po_path))
        written.append(mo_path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--i18n-dir", type=Path, default=I18N_DIR)
    parser.add_argument("--force", action="store_true", help="recompile even if up to date")
    args = parser.parse_args(argv)
    catalogs = find_catalogs(args.i18n_dir)
    written = compile_in_place(args.i18n_dir, force=args.force)
    print(
        f"catalogs: {len(catalogs)} found, {len(written)} compiled "
        f"({len(catalogs) - len(written)} up to date)",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
