"""The dialogs and what they offer: New game, the win, the rules and the notice bar
(``dialogs``), statistics and settings (``stats_settings``, ``stats_view``,
``recent_view``, ``csv_file``), saved data (``saved_data``), the daily deal
(``daily_deals``), replays (``replayer``), the solver (``solver_watch``,
``lost_finder``), sharing, the phone's menu and the update offer.

Imports: the top level, ``table``, ``page``, ``play``.
"""
