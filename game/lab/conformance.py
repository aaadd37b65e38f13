"""The checks every family is held to, through the contract and its declaration alone (issue 28).

One seeded bot match is played (`run_match`, through the real Session), saved as the save file's
JSON text and replayed action by action through a Session that checks each one:

- only legal actions: the seat was asked to act and the action was among its legal ones;
- conservation: what the family declares conserved (`Family.conserved`: every card in one place,
  Stars) is after every action what it was at the deal;
- the match ends (the simulator's safety cap raises StuckMatch otherwise);
- replay: the replayed match ends in the same state (every view, the scores, the random state);
- hidden-card twins: a state dealt anew from a seat's view (`Family.determinize`, which reads only
  the view) gives that seat the identical view;
- words: every event is described by the family (`Family.describe` returns a sentence or '' for
  an event it leaves out of the log; the kinds it describes are counted);
- JSON: every action and event round-trips through JSON text unchanged;
- a move in words: every action applied is said in words from its seat's view (`Family.phrase`,
  where a family has it);
- the replay's "all cards" (`Family.open_view`, where a family has it) is only the replay's: a field
  only it fills (metadata `open_only`) is empty in every view of play, and the open view is a view
  of the same kind;
- the public record: every view (each seat's and the public one) carries the match's record
  (game/engine/record.py: every event so far, as everyone saw it), the same for every seat, and
  a state dealt anew from a view keeps it (the twins above compare it too).

tests/test_families.py runs these over every registered family and shipped ruleset;
bench/bench_soak.py runs them over any number of seeded matches.
"""
from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass, field
from typing import Optional

from game.lab.simulate import StuckMatch, run_match
from game.engine import registry
from game.engine.core import Action, Event
from game.engine.ruleset import default_options
from game.engine.session import Session


class Violation(AssertionError):
    """A check failed: the sentence says which, and in which match and action."""


@dataclass
class Seen:
    """What the checked matches showed: counts, the phases met and the event kinds described."""
    matches: int = 0
    actions: int = 0
    twins: int = 0
    phases: set = field(default_factory=set)
    described: dict = field(default_factory=dict)      # event kind -> times it had a sentence
    silent: dict = field(default_factory=dict)         # event kind -> times it had none

    def add(self, other: "Seen") -> None:
        self.matches += other.matches
        self.actions += other.actions
        self.twins += other.twins
        self.phases |= other.phases
        for mine, theirs in ((self.described, other.described), (self.silent, other.silent)):
            for kind, n in theirs.items():
                mine[kind] = mine.get(kind, 0) + n


def state_of(game, seats: int) -> dict:
    """Everything a replay must reproduce: every seat's view and the public one, the scores, the
    random state."""
    return {"views": [game.view(s) for s in [None, *range(seats)]], "scores": list(game.scores()),
            "rng": game.rng.getstate()}


def round_trip(item, cls):
    """`item` (an Action or an Event) through JSON text and back."""
    return cls.from_json(json.loads(json.dumps(item.to_json())))


class _Checked(Session):
    """A Session that checks every action replayed through it (see the module's docstring)."""

    seen: Optional[Seen] = None
    twins_every = 7
    rng: Optional[random.Random] = None

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.family = registry.family(self.ruleset.family)
        self.start = self.family.conserved(self.game) if self.family.conserved else None
        self.count = 0

    def apply(self, seat, action):
        game, i = self.game, len(self.match.actions)
        where = f"action {i} ({action} by seat {seat})"
        if seat not in game.to_act():
            raise Violation(f"{where}: the seat was not asked to act")
        if action not in game.legal_actions(seat):
            raise Violation(f"{where}: not among the legal actions")
        if round_trip(action, Action) != action:
            raise Violation(f"{where}: the action changes through JSON")
        if self.family.phrase is not None:
            said = self.family.phrase(action, game.view(seat), self.names, self.ruleset)
            if not isinstance(said, str) or not said.strip():
                raise Violation(f"{where}: the move is said as {said!r}, not in words")
        events = super().apply(seat, action)
        seen = self.seen
        for ev in events:
            if round_trip(ev, Event) != ev:
                raise Violation(f"{where}: the event {ev.kind} changes through JSON")
            line = self.family.describe(ev, self.names)
            if not isinstance(line, str):
                raise Violation(f"{where}: the event {ev.kind} is described by {line!r}, not words")
            book = seen.described if line else seen.silent
            book[ev.kind] = book.get(ev.kind, 0) + 1
        if self.start is not None and self.family.conserved(game) != self.start:
            raise Violation(f"{where}: {self.family.name} conserves {sorted(self.start)}, and it changed")
        seen.phases.add(game.view(None).phase)
        if self.family.determinize is not None and self.count % self.twins_every == 0 and not game.is_over():
            viewer = self.count // self.twins_every % len(self.seats)
            view = game.view(viewer)
            try:
                twin = self.family.determinize(self.ruleset, self.options, view, self.rng)
            except Exception as exc:
                raise Violation(f"{where}: no state can be dealt anew from seat {viewer}'s view "
                                f"({exc})") from None
            empty_in_play(view, where)
            public_record(game, view, where)
            if self.family.open_view is not None:
                shown = self.family.open_view(game, viewer)
                if type(shown) is not type(view):
                    raise Violation(f"{where}: the open view is a {type(shown).__name__}, not a "
                                    f"{type(view).__name__}")
            if twin.view(viewer) != view:
                raise Violation(f"{where}: a state dealt anew from seat {viewer}'s view shows that seat "
                                "another view (its view tells something the view should not hold, or the "
                                "sampler breaks what it knows)")
            seen.twins += 1
        self.count += 1
        seen.actions += 1
        return events


def public_record(game, view, where: str) -> None:
    """Every view carries the match's public record, all of it, the same for every seat."""
    if getattr(view, "record", None) != game.record or len(view.record) != len(game.record):
        raise Violation(f"{where}: seat {view.viewer}'s view does not carry the match's public record")
    public = game.view(None)
    if getattr(public, "record", None) != view.record:
        raise Violation(f"{where}: the public view's record differs from seat {view.viewer}'s")


def empty_in_play(view, where: str) -> None:
    """A view of play holds nothing only the replay's "all cards" may show (fields with metadata
    `open_only` keep their default)."""
    for f in dataclasses.fields(view):
        if f.metadata.get("open_only") and getattr(view, f.name) != f.default:
            raise Violation(f"{where}: the view's {f.name} holds what only a finished match's "
                            "\"all cards\" may show")


def check_match(ruleset, levels, seed: int, options: Optional[dict] = None, twins_every: int = 7,
                folder: Optional[str] = None) -> Seen:
    """Play one seeded bot match of `ruleset` and check it; returns what it showed, or raises
    Violation (the sentence names the match)."""
    options = options or default_options(ruleset)
    seen = Seen(matches=1)
    where = f"{ruleset.id}, seed {seed}, levels {list(levels)}, options {options}"
    try:
        result = run_match(ruleset, levels, seed, options, keep_session=True)
    except StuckMatch as exc:
        raise Violation(f"{where}: the match does not end: {exc}") from None
    session = result.session
    if not session.game.is_over():
        raise Violation(f"{where}: the match stopped before its end")
    record = json.loads(json.dumps(session.to_json()))
    # this match's own checking Session (resume builds the session itself, so what it checks with
    # comes as class fields of a subclass made for this match, never shared with another)
    checked = type("CheckedMatch", (_Checked,), {"seen": seen, "twins_every": twins_every,
                                                 "rng": random.Random(seed)})
    try:
        replay = checked.resume(record, folder=folder, ruleset=None if folder else ruleset)
    except Violation as exc:
        raise Violation(f"{where}: {exc}") from None
    if replay.count != len(record["actions"]):
        raise Violation(f"{where}: {replay.count} of {len(record['actions'])} actions replayed")
    if state_of(replay.game, len(replay.seats)) != state_of(session.game, len(session.seats)):
        raise Violation(f"{where}: the replay ends in another state")
    return seen


def seeded_setup(ruleset, seed: int, levels=("random", "easy", "normal"), house_rules: float = 0.5,
                 players: Optional[int] = None):
    """A seeded mix for one match: the seat count, the bots' levels and the house rules on."""
    rng = random.Random(seed)
    n = players or rng.randint(ruleset.min_players, ruleset.max_players)
    options = default_options(ruleset)
    if ruleset.variants:
        options["variants"] = {v.key: rng.random() < house_rules for v in ruleset.variants}
    end = ruleset.match_end
    mode = rng.choice(end.modes)        # either way a match may end, shorter than written half the time
    short = rng.random() < 0.5
    options["match_end"] = {"mode": mode, "rounds": rng.randint(1, 3) if short else end.rounds,
                            "points": rng.choice((30, 50)) if short and mode == "points" else end.points}
    from game.engine.ruleset import options_refusal
    if options_refusal(ruleset, options, n):
        options = default_options(ruleset)     # a mix the rules cannot play: the ruleset as written
    return [rng.choice(levels) for _ in range(n)], options
