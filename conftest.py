"""Doctests of the browser layer (``static/webapp``) under plain pytest: every module but
the two that need the browser's ``js`` module at import. (Here, not under ``static/``:
the site build ships that folder.)"""

collect_ignore = [
    "static/webapp/page/board.py",
    "static/webapp/page/chrome.py",
    "static/webapp/main.py",
]
