"""The browser layer of Scorpion: Python that draws the game and takes the player's input.

Rooms, lowest first; a module imports only from its own room or the ones before it
(``tests/webapp/test_rooms.py`` checks):

- the top level: words and links every room uses (``translated``, ``page_texts``,
  ``urlparams``, ``winnable``, ``escaping``) and the boot's ``dataclass_code``;
- ``table``: the table as data: card views, geometry, the card art, the early paint;
- ``page``: the ports over the browser, the only code that touches ``js``, the DOM or
  localStorage;
- ``play``: the controller of the table: input to intents, moves, the actuator that
  draws, the words for screen readers, saving;
- ``panels``: the dialogs and what they offer (New game, statistics, settings, saved
  data, daily deal, replays, the solver);
- ``boot``: what the page opens with;
- ``main``: the entry point and the composition root.
"""
