"""Issue 30 (1): take-backs at the table, through the real event loop, for every family.

"A human may take back their own latest decisions with Ctrl+Z or an Undo button while ... nothing
hidden was revealed to anyone since ..., no random event with a visible effect happened since ..., no
other human acted since (bots' replies are taken back with it; the bots then decide again and, being
seeded, the same way) ... the active player does not change to another human. ... the table greys the
button and says why when it cannot ... Undo is a setup toggle (default on with one human and bots, off
with two or more humans), shown in the result and counted in statistics. The save and the history
keep the undone actions out."
"""
from __future__ import annotations

import random

import pygame
import pytest

from game.engine import registry, undo
from game.engine.ruleset import default_options, find_ruleset
from game.engine.session import Session
from game.store import saves, stats
from game.store.settings import Settings
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.setup import SetupScene
from game.ui.table_undo import OFF
from rigging_screen import next_decision, record_text

ANA = {"name": "Ana", "kind": "human"}
BEN = {"name": "Ben", "kind": "human"}
BOT = {"name": "Bot", "kind": "ai", "level": "normal"}
CTRL = pygame.KMOD_CTRL


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def open_match(ruleset_id, seats, seed, undo=True):
    ruleset = find_ruleset(ruleset_id)
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant"),
              save_settings=False)
    options = dict(default_options(ruleset), undo=undo)
    if "rounds" in getattr(ruleset.match_end, "modes", ()):
        options["match_end"] = {"mode": "rounds", "rounds": 1, "points": options["match_end"]["points"]}
    session = Session.new(ruleset, seats, options, seed)
    app.open_table(session)
    return app, Driver(app), session


def state(session):
    game = session.game
    return ([game.view(s) for s in [None, *range(len(session.seats))]], list(game.scores()),
            game.rng.getstate(), [tuple(a) for a in session.match.actions], len(session.events))


def refusal_of(session, seat, action) -> str:
    """What the engine would say of `action` (made on a copy)."""
    game = session.game.copy()
    chance = undo.chance(game)
    return undo.refusal(registry.family(session.ruleset.family), chance, game, game.apply(seat, action))


def play(ruleset_id, seed, takebacks: bool, moves=60):
    """Ana against a bot, her moves chosen by a seeded generator; with `takebacks`, each move that can
    be taken back is taken back once (Ctrl+Z) and made again. Returns (record, take-backs, refusals)."""
    app, d, session = open_match(ruleset_id, [ANA, BOT], seed)
    rng = random.Random(seed)
    taken, refused = 0, set()
    for _ in range(moves):
        decision = next_decision(d)
        if decision is None:
            break
        seat, legal = decision
        table = d.table
        # half the time a move that can be taken back, where there is one (most moves of a memory
        # game show a card: drawn, looked at or turned up)
        mild = [a for a in legal if not refusal_of(session, seat, a)]
        action = rng.choice(mild if mild and rng.random() < 0.5 else legal)
        before = state(session)
        log_before = list(table.ctrl.log)
        assert table.ctrl.apply(seat, action)[0]
        if takebacks:
            # at once, as a player who sees the misclick would (a bot's reply may show a card)
            why = table.ctrl.takebacks.refusal()
            if why:
                refused.add(why)
                d.step()
                continue
            d.step()
            why = table.ctrl.takebacks.refusal()
            if why:                       # the bot's reply showed something: too late now
                refused.add(why)
                continue
            assert table.buttons["undo"].visible and table.buttons["undo"].enabled
            d.key(pygame.K_z, mod=CTRL)
            assert state(session) == before, f"{ruleset_id}: {action} was not taken back exactly"
            assert table.ctrl.log == log_before
            assert table.ctrl.message[0].startswith("Taken back")
            saved, _ = saves.load_current()
            assert len(saved["actions"]) == len(session.match.actions)     # the save keeps it out
            taken += 1
            assert table.ctrl.apply(seat, action)[0]                        # made again
        d.step()
    return [tuple(a) for a in session.match.actions], taken, refused, app, d, session


@pytest.mark.parametrize("ruleset_id,seed", [("kombio", 5), ("kumbal", 3), ("klobba", 4), ("castle-combo", 2),
                                             ("cambio", 6)])
def test_a_move_taken_back_restores_everything_and_the_bots_answer_the_same_again(data_dir, ruleset_id, seed):
    plain, _, _, _, _, _ = play(ruleset_id, seed, takebacks=False)
    again, taken, refused, app, d, session = play(ruleset_id, seed, takebacks=True)
    assert taken >= 1, refused
    assert again == plain, "the bots did not decide the same way after a take-back"
    assert d.table.ctrl.takebacks.used == {0: taken}


def test_a_drawn_card_cannot_be_taken_back_and_the_button_says_why(data_dir):
    app, d, session = open_match("kumbal", [ANA, BOT], 3)
    table = d.table
    for _ in range(40):
        decision = next_decision(d)
        seat, legal = decision
        draw = next((a for a in legal if a.kind == "draw"), None)
        if draw is not None:
            break
        table.ctrl.apply(seat, legal[0])
        d.step()
    assert table.ctrl.apply(seat, draw)[0]
    d.step()
    before = state(session)
    assert table.ctrl.takebacks.refusal() == "The drawn card was seen."
    assert table.buttons["undo"].visible and not table.buttons["undo"].enabled
    assert table.buttons["undo"].tooltip == "The drawn card was seen."
    d.key(pygame.K_z, mod=CTRL)
    assert state(session) == before and table.ctrl.message == ("The drawn card was seen.", True,
                                                               table.ctrl.message[2])


def test_off_in_the_setup_with_two_humans_and_another_humans_move_stops_a_take_back(data_dir):
    ruleset = find_ruleset("kumbal")
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings(), save_settings=False)
    app.open_menu()
    setup = SetupScene(app, ruleset)
    app.push(setup)
    d = Driver(app)
    d.step()
    assert setup.undo_toggle.value                       # one human and bots: on
    setup.rows[1].set_kind("human")
    d.step()
    assert not setup.undo_toggle.value                   # two humans: off
    setup.undo_toggle.activate()                         # the players' own choice stands
    setup.rows[1].set_kind("ai")
    setup.rows[1].set_kind("human")
    d.step()
    assert setup.undo_toggle.value and setup.options["undo"]
    # two humans with take-backs on: one's move ends the other's chance to take theirs back
    app, d, session = open_match("kumbal", [ANA, BEN], 7, undo=True)
    table = d.table
    rng = random.Random(1)
    ended = None
    for _ in range(200):
        seat, legal = next_decision(d, rng)
        mild = [a for a in legal if not refusal_of(session, seat, a)]
        had = [p.seat for p in table.ctrl.takebacks.points]
        table.ctrl.apply(seat, rng.choice(mild or legal))
        if had and had[-1] != seat:
            ended = (had[-1], seat)
            break
        d.step()
    assert ended is not None
    earlier, mover = ended
    takebacks = table.ctrl.takebacks
    assert takebacks.barrier == f"{session.names[mover]} has moved since." or takebacks.asker() == mover
    assert all(p.seat == mover for p in takebacks.points)      # nothing of the earlier player's is left
    # and with them off, Ctrl+Z says so
    app, d, session = open_match("kombio", [ANA, BOT], 7, undo=False)
    next_decision(d)
    assert not d.table.buttons["undo"].visible
    d.key(pygame.K_z, mod=CTRL)
    assert d.table.ctrl.message[0] == OFF


def test_the_result_shows_and_the_statistics_count_the_take_backs(data_dir, monkeypatch):
    import game.ui.summary
    texts = record_text(monkeypatch, game.ui.summary)
    _, taken, _, app, d, session = play("kumbal", 3, takebacks=True, moves=400)
    from game.ui.summary import MatchResultScene
    assert d.until(lambda: isinstance(app.top, MatchResultScene) or next_decision(d) is None, 50)
    d.step(2)
    assert any(f"Take-backs: Ana {taken}" in text for text, _, _ in texts)
    players = stats.load()[0]["games"]["kumbal"]["players"]
    assert players["Ana"]["undos"] == taken >= 1
