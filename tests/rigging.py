"""What every test's rigging shares: the repository's root, the seeded blocks of the sweeps, a
shipped ruleset by id, every view of a state, and the refusal check (an illegal action raises a
sentence for a player and changes nothing anyone can see).

The families' rigging is rigging_memory.py (Kombio, Cambio, classic Cambio), rigging_kumbal.py,
rigging_klobba.py and rigging_castle_combo.py; driving the table through the real event loop is
rigging_screen.py.
"""
from __future__ import annotations

import functools
import os

import pytest

from game.engine.core import IllegalAction
from game.engine.ruleset import load_ruleset

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def blocks(count: int, quick: int = 1) -> list:
    """Block numbers for a test split into `count` blocks of seeded matches: the first `quick` run
    in the quick suite (-m "not slow"), the rest are marked slow (the full suite runs them all)."""
    import pytest
    return [b if b < quick else pytest.param(b, marks=pytest.mark.slow) for b in range(count)]


@functools.lru_cache(maxsize=None)


def load(ruleset_id: str):
    """A real ruleset of rulesets/ by its id ("kombio", "cambio", "cambio-classic"), loaded once."""
    return load_ruleset(os.path.join(ROOT, "rulesets", ruleset_id + ".yaml"))


def all_views(game) -> list:
    """The public view and every seat's view: everything the contract lets anyone see."""
    return [game.view(None)] + [game.view(s) for s in range(game.n)]


def assert_illegal(game, seat, action):
    """apply raises IllegalAction with a sentence for a player and changes nothing anyone can see."""
    before = all_views(game)
    to_act = game.to_act()
    legal = {s: game.legal_actions(s) for s in range(game.n)}
    with pytest.raises(IllegalAction) as info:
        game.apply(seat, action)
    msg = str(info.value)
    assert readable(msg), f"not a sentence for a player: {msg!r}"
    assert all_views(game) == before, f"{action} changed the state although it was refused"
    assert game.to_act() == to_act
    assert {s: game.legal_actions(s) for s in range(game.n)} == legal
    return msg


def readable(msg: str) -> bool:
    return (len(msg) > 10 and msg[0].isupper() and msg.rstrip().endswith((".", "!"))
            and not any(junk in msg for junk in ("Action(", "None", "Traceback", "_", "{", "[")))


def said_moves(family, game, seat: int, names, ruleset=None, longest: int = 90, distinct: bool = True) -> dict:
    """Every legal move of `seat` now, said by the family from its view (Family.phrase): {action:
    words}. Each is words of its own (not empty, not game.lab.review.move_words's generic words), in
    the hint's form (lower case first, no full stop, shorter than `longest`); `distinct`: no two
    moves of the decision are said alike (a hint must say which one it means)."""
    from game.lab.review import move_words
    view = game.view(seat)
    said = {}
    for action in game.legal_actions(seat):
        words = family.phrase(action, view, tuple(names), ruleset)
        where = f"{action} by seat {seat} in phase {view.phase}"
        assert isinstance(words, str) and words.strip(), where
        assert words != move_words(action), f"{where}: the generic words {words!r}"
        assert words[0].islower() and not words.endswith("."), f"{where}: {words!r}"
        assert len(words) < longest, f"{where}: {words!r} is no short phrase"
        said[action] = words
    if distinct:
        assert len(set(said.values())) == len(said), sorted(said.values())
    return said


def twin_says_the_same(family, ruleset, options, game, seat: int, names, rng) -> int:
    """A twin dealt anew from `seat`'s view (Family.determinize: it differs from `game` only in what
    the seat cannot see) says every legal move of the seat in the same words; returns how many
    moves were compared."""
    view = game.view(seat)
    twin = family.determinize(ruleset, options, view, rng)
    assert twin.view(seat) == view
    for action in game.legal_actions(seat):
        assert family.phrase(action, twin.view(seat), names) == family.phrase(action, view, names), \
            f"{action} by seat {seat}: a card the seat cannot see changed its words"
    return len(game.legal_actions(seat))


def play_out(game, seed: int, level: str = "normal", round_only: bool = True, limit: int = 20000) -> None:
    """Bots of `level` play `game` on through the family's own bot step, to the end of its round
    (of the next, from a scored round) or, with round_only=False, to the end of the game."""
    from game.ai import make_bot
    from game.ai.step import bot_step
    from game.engine import registry
    step = registry.family(game.ruleset.family).bot_step or bot_step
    bots = [make_bot(game.ruleset, s, level, seed + s) for s in range(game.n)]
    target = game.round_no + (game.phase == "round_over")
    for _ in range(limit):
        if game.is_over() or (round_only and game.round_no == target and game.phase == "round_over"):
            return
        step(game, bots, game.apply)
    raise AssertionError(f"the game did not reach the end of its {'round' if round_only else 'game'}")
