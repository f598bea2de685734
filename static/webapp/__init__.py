"""The browser layer of Scorpion: Python that draws the game and takes the player's input.

Pure modules (``cardart``, ``layout``, ``render``, ``intents``, ``urlparams``) run under
CPython and are unit-tested there; only ``dom`` writes the page and only ``storage``
touches localStorage. ``main`` is the entry point the page runs.
"""
