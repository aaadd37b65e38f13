"""The pygame-ce user interface: app loop, scenes, table drawing, input and animation.

Nothing here reads a game's state directly: the table is drawn from a seat's
view (or the public view) and moves go back through the session as Actions.
"""

import os

# Before anything imports pygame: no banner on stdout (the headless commands print there).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
