"""Doctests of the browser layer (``static/webapp``) under plain pytest: no module of it
needs the browser's ``js`` at import (the page's ports import it at first use). (Here,
not under ``static/``: the site build ships that folder.)"""
