"""Doctests of the browser layer (``static/webapp``) under plain pytest: every module but
the two that need the browser's ``js`` module at import."""

collect_ignore = ["webapp/dom.py", "webapp/main.py"]
