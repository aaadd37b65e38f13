"""Short sound cues (assets/sounds/*.wav, made by tools/make_sounds.py), played by name.

Nothing is loaded before the first cue: the mixer starts on the first `play`
and each file is read the first time it is played. Sound is a nicety, never a
reason to fail: with the setting off nothing is touched at all; when the mixer
cannot start (no audio device) or a file cannot be read, that is remembered
and every later `play` returns at once, silently.
"""
from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Callable, Optional

import pygame

from game.paths import resource_path

NAMES = ("your_turn", "race_open", "call", "match_ok", "match_wrong", "round_end")
VOLUME = 0.6


class Sounds:
    """The app's sound cues; `enabled()` is asked at every play (the settings screen changes it)."""

    def __init__(self, enabled: Callable[[], bool], folder: Optional[Path] = None):
        self.enabled = enabled
        self.folder = Path(folder) if folder is not None else resource_path("assets", "sounds")
        self.ready: Optional[bool] = None      # None: the mixer was not tried yet; False: it cannot start
        self._loaded: dict = {}                # name -> pygame.mixer.Sound, or None if it cannot be read
        self.played: deque = deque(maxlen=32)  # names of the cues started, newest last

    def play(self, name: Optional[str]) -> bool:
        """Start cue `name` (None: nothing); True if it is playing now."""
        if name is None or not self.enabled() or not self._start_mixer():
            return False
        sound = self._sound(name)
        if sound is None:
            return False
        try:
            # force: when every channel is busy (bots at speed "instant"), the oldest cue gives way
            channel = pygame.mixer.find_channel(True)
            if channel is None:
                return False
            channel.play(sound)
        except pygame.error:
            return False
        self.played.append(name)
        return True

    def _start_mixer(self) -> bool:
        if self.ready is None:
            try:
                if not pygame.mixer.get_init():
                    # a small buffer: a cue must sound with the move, not a tenth of a second later
                    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
                self.ready = True
            except (pygame.error, NotImplementedError, AttributeError):
                # no audio device, or a pygame built without the mixer: play nothing, try no more
                self.ready = False
        return self.ready

    def _sound(self, name: str):
        if name not in self._loaded:
            try:
                sound = pygame.mixer.Sound(str(self.folder / f"{name}.wav"))
                sound.set_volume(VOLUME)
            except (pygame.error, OSError):
                sound = None          # a missing or damaged file costs its cue, not the game
            self._loaded[name] = sound
        return self._loaded[name]
