"""The memory family's speed-ups (issue 31) change nothing the bots do.

- the match race asks only the seats that see a matching face when their bot claims only what it
  sees: the same actions, seed for seed, as a race that asks every seat;
- a bot's count of the cards left after the discard pile, carried on from the last pile it saw,
  equals a count from scratch;
- a bot's beliefs read again off the seats of a view that are the very objects of its last view
  equal beliefs read afresh;
- a swap step's pairs and actions, listed once for everything they depend on, are the pairs and
  actions listed afresh for each state;
- each seat's content key (which decides whether a view reuses that seat's part) read by map is
  the key read afresh;
- the actions on a seat's cards looked up by slot from a row made once are the very actions
  listed afresh;
- an action's shape, checked once per action object, still refuses every wrongly shaped action.
"""
import copy

import pytest

from game.engine.core import Action, IllegalAction
from game.families.memory import abilities as memory_abilities, bots as memory_bots, view as memory_view
from game.families.memory.bot_style import STYLES
from game.families.memory.bots import MemoryBot
from game.families.memory.moves import _DISCARD, _DRAW_DECK, _LOOK_START, _PASS, _SKIP, _act
from game.families.memory.rules import MemoryGame
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


def _read(beliefs) -> tuple:
    return list(beliefs.faces.items()), beliefs.unknown, beliefs.own, beliefs.hands


@pytest.mark.parametrize("rid", ["kombio", "cambio-classic"])
def test_beliefs_read_again_off_the_same_seat_views_equal_beliefs_read_afresh(rid, monkeypatch):
    """In order too: the faces, the unknown cards, our cards and the hands, as a bot that never
    saw a view before reads them (its first walk), at every decision of two matches."""
    checked = []
    beliefs = MemoryBot._beliefs

    def compared(bot, view):
        got = beliefs(bot, view)
        if not bot.style.forget:
            fresh = MemoryBot(bot.ruleset, bot.seat, bot.style, 0)
            fresh.base_by_value = dict(bot.base_by_value)
            assert _read(beliefs(fresh, view)) == _read(got)
            checked.append(view.phase)
        return got

    monkeypatch.setattr(MemoryBot, "_beliefs", compared)
    for seed in (1, 2):
        run_match(load(rid), ("normal",) * 4, seed)
    assert len(checked) > 500


def _swap_pairs_afresh(game, seat, step) -> list:
    """The swap step's pairs as listed before they were listed once for all (the code of then)."""
    kind = step["swap"]
    peeked = [tuple(p) for p in game.pending["peeked"]]
    live = set(game._viewable(seat, "any"))
    if kind == "peeked_pair":
        return [(peeked[0], peeked[1])] if len(peeked) >= 2 and all(p in live for p in peeked[:2]) else []
    ordered = sorted(live)
    firsts = [p for p in peeked if p in live] if kind == "peeked" else ordered
    out = []
    for a in firsts:
        for b in ordered:
            if b == a or (kind == "any" and b < a):
                continue
            if not step["own_pair"] and a[0] == seat and b[0] == seat:
                continue
            out.append((a, b))
    return out


@pytest.mark.parametrize("rid", ["kombio", "cambio", "cambio-classic"])
def test_a_swap_steps_pairs_listed_once_for_all_are_those_listed_afresh(rid, monkeypatch):
    """At every swap step of three matches each (the list kept from earlier matches included)."""
    checked = []
    swaps = memory_abilities.Abilities._swaps

    def compared(game, seat, step):
        pairs, actions = swaps(game, seat, step)
        fresh = _swap_pairs_afresh(game, seat, step)
        assert [(a.pos, a.pos2) for a in actions] == fresh
        assert pairs == set(fresh)
        checked.append(len(fresh))
        return pairs, actions

    monkeypatch.setattr(memory_abilities.Abilities, "_swaps", compared)
    for seed in (1, 2, 3):
        run_match(load(rid), ("normal",) * 4, seed)
    assert len(checked) > 20 and max(checked) > 50


def _keys_afresh(game) -> list:
    """Each seat's content key as worked out before the masks and tags were read by map (the code of then)."""
    known, caller, totals, looked = game.known, game.caller, game.totals, game.looked
    shuffle_of = game.shuffle_of
    return [(tuple(lay), tuple([known[c] for c in lay if c is not None]), tuple(pens),
             caller == s, totals[s], looked[s],
             tuple([shuffle_of.get(c, 0) for c in lay]) if shuffle_of else ())
            for s, (lay, pens) in enumerate(zip(game.layouts, game.penalty_slots))]


@pytest.mark.parametrize("rid", ["kombio", "cambio", "cambio-classic"])
def test_the_seats_content_keys_read_by_map_are_those_read_afresh(rid, monkeypatch):
    """At every view of three matches, gaps (cards matched away) and reshuffled cards included."""
    seen = {"views": 0, "gaps": 0, "tags": 0}
    common = memory_view._view_common

    def compared(game):
        got = common(game)
        assert got[0] == _keys_afresh(game)
        seen["views"] += 1
        seen["gaps"] += any(None in lay for lay in game.layouts)
        seen["tags"] += bool(game.shuffle_of)
        return got

    monkeypatch.setattr(memory_view, "_view_common", compared)
    for seed in (1, 2, 3):
        run_match(load(rid), ("normal",) * 4, seed)
    assert seen["views"] > 300 and seen["gaps"] > 20
    if rid == "cambio-classic":
        assert seen["tags"] > 20


def _legal_afresh(game, seat) -> list:
    """The race's, the give's and the drawn card's actions as listed before they were looked up by
    slot (the code of then)."""
    if game.phase == "window":
        return [_act("match", pos) for pos in game._matchable(seat)] + [_PASS]
    if game.phase == "give":
        out = [_act("give", (seat, i)) for i, c in enumerate(game.layouts[seat]) if c is not None]
        return out + ([_SKIP] if game.rules["matching"]["give_after_opponent_match"] == "may" else [])
    out = [_act("exchange", (seat, i)) for i, c in enumerate(game.layouts[seat]) if c is not None]
    if game.drawn_from == "deck" or not game.rules["discard_draw_must_exchange"]:
        out.append(_DISCARD)
    return out


@pytest.mark.parametrize("rid", ["kombio", "cambio", "cambio-classic"])
def test_actions_looked_up_by_slot_are_the_actions_listed_afresh(rid, monkeypatch):
    """The very objects, in order, at every legal_actions of three matches in the race, the give
    and a drawn card's places (gaps and penalty cards included)."""
    checked = {"window": 0, "give": 0, "drawn": 0}
    legal = MemoryGame.legal_in_phase

    def compared(game, seat):
        got = legal(game, seat)
        if game.phase in checked:
            fresh = _legal_afresh(game, seat)
            assert len(got) == len(fresh) and all(a is b for a, b in zip(got, fresh))
            checked[game.phase] += 1
        return got

    monkeypatch.setattr(MemoryGame, "legal_in_phase", compared)
    for seed in (1, 2, 3):
        run_match(load(rid), ("normal",) * 4, seed)
    assert checked["window"] > 30 and checked["drawn"] > 30
    if rid != "cambio-classic":
        assert checked["give"] > 0


def test_an_action_shaped_wrong_is_refused_however_often_its_kind_was_accepted():
    """The shape check made once per action object: a well-shaped action passes every time, and an
    action with arguments its kind does not carry is refused every time, before and after."""
    game = MemoryGame(load("kombio"), 2, seed=4)
    wrong = Action("look_start", choice="deck")
    for _ in range(2):
        with pytest.raises(IllegalAction):
            game.apply(0, wrong)
    game.apply(0, _LOOK_START)
    game.apply(1, _LOOK_START)
    seat = game.current
    bad = Action("draw", choice="deck", pos=(seat, 0))
    with pytest.raises(IllegalAction):
        game.apply(seat, bad)
    game.apply(seat, _DRAW_DECK)
    with pytest.raises(IllegalAction):
        game.apply(seat, Action("exchange"))
    with pytest.raises(IllegalAction):
        game.apply(seat, bad)
    assert game.phase == "drawn"
