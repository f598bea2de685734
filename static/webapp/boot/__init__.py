"""What the page opens with: the save, a link's game, the language, the notices
(``startup``).

Imports: every room but ``main``.
"""
