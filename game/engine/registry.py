"""The families of play, as the engine knows them: each family registers itself here, once.

The engine, the ruleset loader, the session, `--simulate`, `--selftest`, the
menu and the table find a family only through `family(name)`; none of them
imports a family. Importing the `game` package registers every family (see
game/__init__.py and game/families/__init__.py, the one list of families).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional, Union

from game.i18n import N_


@dataclass(frozen=True)
class Family:
    """What a family brings: how its rulesets are checked, how a match starts, its words, its bots."""
    name: str
    rules_spec: Callable          # validates the ruleset's `rules:` section
    layout_spec: Callable         # validates `layout:`
    step_spec: Callable           # validates one step of an ability
    check_abilities: Callable     # (abilities, doc)
    check_parameters: Callable    # (rules, cards, abilities, doc, where, layout, match_end)
    check_ruleset: Callable       # (cards, abilities, layout, rules, players, doc, where): can the
    #                               deck be dealt and played to the end at every player count?
    #                               where: ("rules",) for the file's own rules, else a house rule's set
    new_game: Callable            # (ruleset, n_seats, options, seed) -> Game
    describe: Callable            # (event, names, call_name) -> a log sentence ('' for none)
    make_bot: Callable            # (ruleset, seat, level, seed) -> a bot for this family
    lower_is_better: bool = True  # does the lowest total win?
    # One step of a bot-only match when seats act at once in a way of the family's own (the
    # memory family's race): (game, bots, apply) -> actions applied. None: game/ai/step.py
    # asks the seats in to_act in turn.
    bot_step: Optional[Callable] = None
    # The family's card schema: (raw `cards:` list, abilities, doc) -> tuple of card faces, with
    # file:line:key errors. None: the common playing-card schema (ruleset_schema.check_playing_cards).
    check_cards: Optional[Callable] = None
    # The per-seat lines of the round summary: (result of one seat) -> ((heading, text), ...),
    # drawn as the summary's columns between the cards and the round's total.
    score_lines: Optional[Callable] = None
    # The hard level's sampling (issue 12), as OpenSpiel's resample_from_infostate: (ruleset, options,
    # view, rng) -> a full Game state that deals what `view.viewer` cannot see anew at random,
    # consistently with everything that seat knows, so that state.view(view.viewer) == view. It
    # never reads the real state: a view is all it gets. None: the family has no sampler yet.
    determinize: Optional[Callable] = None
    # The hard bot's settings for this family (game/ai/hard.HardBot's keywords: playout_level,
    # root_level, horizon, margin_weight, confidence), tuned and measured per family in bench/, and
    # "candidates": (view, legal, policy_choice, ruleset) -> the root actions worth searching (the
    # family's own pruning, by its bots' judgement under the rules in play; only the policy's
    # choice: no search at all for this decision); for the review (game/lab/review.py), "review":
    # its inaccuracy, mistake and blunder in points, and "screen": (deals, keep) to play out every
    # move the pruning leaves out on that many deals first and consider the `keep` best as well.
    search: dict = field(default_factory=dict)
    # Does the setup screen offer "Hard"? Only once hard beats normal in this family's bench
    # (bench/bench_hard.py): a "Hard" seat must not promise what it does not play. True for every
    # ruleset of the family, or the ids of the rulesets where it was measured to beat normal.
    hard_at_table: Union[bool, frozenset] = False
    # A game that ends by its own rules (Castle Combo: 9 cards each; Klobba!: its end conditions):
    # the setup screen offers no match length.
    one_game: bool = False
    # Nothing is hidden from anyone (Castle Combo): no pass screen, and the setup screen says so.
    open_information: bool = False
    # What no action creates or destroys: (game) -> a value that is the same after every action as
    # at the deal (every card id in exactly one place, sorted; the Stars in play). The conformance
    # suite (tests/test_families.py) and the soak (bench/bench_soak.py) hold every family to it.
    conserved: Optional[Callable] = None
    # A finished match's replay in "all cards" (the match is over: nothing is secret any more):
    # (game, seat) -> `seat`'s view with every hidden card shown, of the same type as a view (the
    # family's drawing shows the faces it holds when the visuals say `open_cards`). Never used in
    # play. None: the replay offers no such mode (nothing is hidden, or the family has not said how).
    open_view: Optional[Callable] = None
    # The dataclasses of the family's own that its events carry (its card faces), by which an event
    # comes back from JSON as it was: the engine's JSON names a value's type, and looks it up here.
    value_types: tuple = ()
    # The event kinds the log leaves out on purpose (markers another event tells, or nothing anyone
    # needs to read: a turn passing, a match window opening); every other kind is described in words.
    quiet_events: frozenset = frozenset()
    # A move in a few words, said to the seat whose view it is, from that view alone (never the
    # state) and the ruleset (public: the rules, their names): (action, view, names, ruleset) ->
    # "exchange your card 2 for the drawn 10", "discard the 9 of clubs and the 9 of hearts", "lay
    # Mirror & Switch". The hint's sentence and the review's lines use it. None: the generic words
    # of game.lab.review.move_words ("exchange, 0 1").
    phrase: Optional[Callable] = None
    # Taking a move back (game/engine/undo.py): (event) -> why a move that made this event can never
    # be taken back ("The drawn card was seen."), '' if the event shows nothing hidden to anyone (a
    # card drawn, looked at, turned up or dealt; a secret choice revealed). The engine adds its own
    # reasons (chance, the match's end); a family may only add to them. None: with hidden
    # information, no move of the family can be taken back.
    reveals: Optional[Callable] = None
    # Who starts, in a sentence for the setup screen.
    start_hint: str = N_("Seat 1 deals the first round; the deal moves clockwise.")   # shown through tr


_FAMILIES: dict = {}


def register(family: Family) -> Family:
    """Add a family (a family module calls this once, at import)."""
    if family.name in _FAMILIES and _FAMILIES[family.name] is not family:
        raise ValueError(f"two families are called {family.name!r}")
    _FAMILIES[family.name] = family
    return family


def family(name: str) -> Family:
    """The registered family of this name; KeyError with a sentence if there is none."""
    try:
        return _FAMILIES[name]
    except KeyError:
        raise KeyError(f"no family {name!r} (known: {', '.join(names())})") from None


def value_types() -> dict:
    """Every family's declared event value types, by class name."""
    out = {}
    for fam in _FAMILIES.values():
        for cls in fam.value_types:
            if out.get(cls.__name__, cls) is not cls:
                raise ValueError(f"two families declare a value type called {cls.__name__!r}")
            out[cls.__name__] = cls
    return out


def names() -> tuple:
    """The names of every registered family, sorted."""
    return tuple(sorted(_FAMILIES))
