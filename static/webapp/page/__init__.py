"""The ports over the browser: the only code that touches ``js``, the DOM or localStorage.

``browser`` (the page's primitives: functions handed to JavaScript, when a task runs,
fetch, download), ``board`` (the cards on the page), ``chrome`` (every element outside
the cards: texts, attributes, dialogs, listeners) and ``storage`` (localStorage, given
to it as an object). Everything else takes these as constructor arguments, so tests
pass fakes (``tests/webapp/fakes.py``).

Imports: the top level, ``table``.
"""
