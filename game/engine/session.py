"""A match being played: the ruleset, the seats, the state and the action log that replays it."""
from __future__ import annotations

import random
from typing import Optional

from game.engine import registry
from game.engine.core import Action, IllegalAction, Match, brief
from game.engine.ruleset import default_options, find_ruleset, options_refusal
from game.engine.ruleset_schema import _MATCH_END
from game.engine.schema import Located, RulesetError


class Session:
    """Applies actions to the state and records them; the record is the save file."""

    def __init__(self, ruleset, seats: list, options: dict, seed: int):
        self.ruleset = ruleset
        self.seats = [dict(s) for s in seats]
        self.options = options
        self.match = Match(ruleset.id, ruleset.version, options, seed, self.seats, [])
        self.game = registry.family(ruleset.family).new_game(ruleset, len(seats), options, seed)
        self.events: list = []     # every event of the match so far, in order (public by design)

    @classmethod
    def new(cls, ruleset, seats: list, options: Optional[dict] = None, seed: Optional[int] = None):
        if seed is None:
            seed = random.SystemRandom().randrange(2 ** 31)
        return cls(ruleset, seats, options or default_options(ruleset), seed)

    @classmethod
    def resume(cls, data: dict, folder: Optional[str] = None, ruleset=None) -> "Session":
        """Rebuild a session from its saved record by replaying every action.

        `ruleset`: the record's ruleset when the caller has it loaded already (the conformance
        checks replay thousands of matches: reading every ruleset file for each is most of a
        replay's time); it is held to the record's id and version like one read from the files.
        Raises ValueError with a readable reason when the record does not fit
        the ruleset (missing ruleset, other version, an action that is illegal).
        """
        match = Match.from_json(data)
        if ruleset is not None and ruleset.id != match.ruleset_id:
            raise ValueError(f"the match was saved with {match.ruleset_id}, not {ruleset.id}")
        try:
            ruleset = ruleset or find_ruleset(match.ruleset_id, folder)
        except KeyError as exc:
            raise ValueError(exc.args[0]) from None   # str(KeyError) would add quotes
        if ruleset.version != match.ruleset_version:
            raise ValueError(f"the match was saved with {ruleset.name} {match.ruleset_version}; "
                             f"this is version {ruleset.version}")
        problem = options_problem(ruleset, match.options)
        if problem:
            raise ValueError(f"not a saved match: {problem}")
        session = cls(ruleset, match.seats, match.options, match.seed)
        for i, (seat, action) in enumerate(match.actions):
            try:
                session.apply(seat, action)
            except IllegalAction as exc:
                raise ValueError(f"action {i + 1} of the saved match no longer applies: {exc}") from None
        return session

    @property
    def names(self) -> list:
        return [s.get("name") or f"Seat {i + 1}" for i, s in enumerate(self.seats)]

    def bot_seed(self, seat: int) -> int:
        """The seed of the table's bot at `seat` (a guided first game's check seeds its bot alike)."""
        return self.match.seed * 31 + seat

    def apply(self, seat: int, action: Action) -> list:
        """Apply and record one action; IllegalAction leaves state and record unchanged."""
        events = self.game.apply(seat, action)
        self.match.actions.append((seat, action))
        self.events.extend(events)
        return events

    def to_json(self) -> dict:
        return self.match.to_json()


def options_problem(ruleset, options: dict) -> Optional[str]:
    """What is wrong with match options for this ruleset (variants, match length), or None."""
    variants = options.get("variants", {})
    if not isinstance(variants, dict):
        return "options.variants must be a JSON object"
    known = {v.key for v in ruleset.variants}
    for key, on in variants.items():
        if key not in known:
            return f"{ruleset.name} has no house rule {brief(key)}"
        if not isinstance(on, bool):
            return f"house rule {brief(key)} must be true or false, not {brief(on)}"
    end = options.get("match_end", {})
    if not isinstance(end, dict):
        return "options.match_end must be a JSON object"
    problem = match_end_problem({"mode": ruleset.match_end.default_mode, **end}, ruleset.match_end.modes)
    # and the house rules together, as the setup screen judges them (a saved match is no exception)
    return problem or options_refusal(ruleset, {"match_end": {"mode": ruleset.match_end.default_mode, **end},
                                                "variants": variants})


def match_end_problem(end: dict, modes) -> Optional[str]:
    """What is wrong with a match length ({"mode", "rounds", "points"}) for a game ending by modes, or None.

    The ruleset file's own match_end spec judges the numbers, so a saved match or a remembered
    length is held to the bounds the setup screen offers (rounds 1-99, points 1-1,000), not to others.
    """
    mode = end.get("mode")
    if mode not in modes:
        return f"match_end mode {brief(mode)} is not one of {', '.join(modes)}"
    lengths = {key: end[key] for key in ("rounds", "points") if key in end}
    try:
        _MATCH_END({"modes": list(modes), "default": mode, **lengths}, ("match_end",), Located("", end, {}))
    except RulesetError as exc:
        return f"{exc.key.replace('.', ' ')}: {exc.message}"
    return None
