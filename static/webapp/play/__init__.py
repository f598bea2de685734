"""The controller of the table: what the player's input means and what it does.

``controls`` turns events into intents (``intents``); ``controller`` plays them on the
session (``table_state``); ``actuator`` draws the state through the page's board;
``announcer`` says it for screen readers; ``autosave`` keeps it; the Hint and Finish
buttons think in slices (``hint_search``, ``finish_search``); ``session_swap`` puts
another game on the table (another tab's, an import, a restore).

Imports: the top level, ``table``, ``page`` (its ports, given through constructors).
"""
