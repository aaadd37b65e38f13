"""The memory family's speed-ups (issue 31) change nothing the bots do.

- the match race asks only the seats that see a matching face when their bot claims only what it
  sees: the same actions, seed for seed, as a race that asks every seat;
- a bot's count of the cards left after the discard pile, carried on from the last pile it saw,
  equals a count from scratch.
"""
import copy

import pytest

from game.families.memory import bots as memory_bots
from game.families.memory.bot_style import STYLES
from game.families.memory.bots import MemoryBot
from game.lab.simulate import run_match
from rigging import load


def _actions(rid: str, seed: int) -> list:
    session = run_match(load(rid), ("normal",) * 4, seed, keep_session=True).session
    return [(seat, action.to_json()) for seat, action in session.match.actions]


@pytest.mark.parametrize("rid", ["kombio", "cambio", "cambio-classic"])
def test_a_race_that_asks_only_the_seats_that_see_a_match_plays_the_same_match(rid, monkeypatch):
    fast = [_actions(rid, seed) for seed in (1, 2)]
    # every seat asked, as before: a bot that does not say it claims only what it sees
    monkeypatch.setattr(MemoryBot, "claims_only_what_it_sees", property(lambda bot: False))
    assert [_actions(rid, seed) for seed in (1, 2)] == fast


@pytest.mark.parametrize("rid", ["kombio", "cambio-classic"])
def test_every_seat_whose_bot_would_claim_sees_a_match(rid, monkeypatch):
    """No seat left out of the race would have claimed it."""
    asked = []
    race = memory_bots._race

    def checked(game, bots, apply):
        seeing = game.seats_seeing_a_match()
        for seat in game.to_act():
            # a copy of the bot: asking changes nothing in the match
            claim = copy.deepcopy(bots[seat]).race(game.view(seat), game.legal_actions(seat))
            if claim is not None:
                assert (seeing >> seat) & 1, (seat, claim)
                asked.append(seat)
        return race(game, bots, apply)

    monkeypatch.setattr(memory_bots, "_race", checked)
    run_match(load(rid), ("normal",) * 4, 3)
    assert asked        # some race was claimed


def test_the_cards_left_after_a_growing_pile_count_as_from_scratch():
    ruleset = load("kombio")
    bot, fresh = (MemoryBot(ruleset, 0, STYLES["normal"], 1) for _ in range(2))
    faces = list(ruleset.cards)
    for b in (bot, fresh):
        for face in faces:
            b.base_by_value[face.value] = b.base_by_value.get(face.value, 0) + face.count
    piles = [(), (faces[0],), (faces[0], faces[3]), (faces[0], faces[3], faces[3]), (faces[1],),
             (faces[1], faces[2], faces[6])]
    for pile in piles:
        fresh._discard_seen = (None, None)
        assert bot.left_after_discard(pile) == fresh.left_after_discard(pile)
