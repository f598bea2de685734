"""The table as data: from a game to card views and markup (``render``), their geometry
(``layout``), the card art (``cardart``, ``courts``), the Rules dialog's boards
(``rules_page``) and the board ``index.html`` paints before Python (``early_paint``).

Pure: imports only the top level of ``webapp`` and ``scorpion``; no ``js``.
"""
