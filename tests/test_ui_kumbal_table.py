"""Kumbal's table through the real event loop: real pygame events posted (SDL dummy driver), the
real frame loop, asserts on the match. Rigged deals come from rigging_kumbal (real cards moved)."""
import random

import pygame
import pytest

from game.engine.core import Action
from game.engine.session import Session
from game.store.settings import Settings
from game.ui.anim import CardMove
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.families.shedding import SheddingPlugin
from game.ui.offscreen import render_view
from game.ui.summary import MatchResultScene, RoundSummaryScene
from game.ui.table import TableScene
from game.ui.table_controller import TableController
import rigging_screen
from rigging_kumbal import ids, kumbal, lay, options, rigged

ANA = {"name": "Ana", "kind": "human"}
BEN = {"name": "Ben", "kind": "human"}
BOT = {"name": "Bot", "kind": "ai", "level": "normal"}
PLAYING = ("discard", "draw", "free")
RUN_HAND = ["4_clubs", "5_clubs", "6_clubs", "7_clubs", "K_hearts", "9_spades", "Q_diamonds"]


def make_app(size=(1280, 800), speed="instant"):
    return App(size=size, fixed_dt=0.05, strict=True, settings=Settings(animation_speed=speed),
               save_settings=False)


def open_rigged(app, game, seats, seed=1):
    """The table for a Kumbal session of these seats whose dealt state is `game`."""
    session = Session.new(kumbal(), seats, game.options, seed)
    session.game = game
    app.open_table(session)
    return Driver(app), session


def zones(d):
    return d.table.current_layout()


def point(d, place):
    """A point that hits `place`: a fanned card's visible left strip, else a zone's middle."""
    rect = zones(d).rect(place)
    assert rect is not None, place
    return (rect.x + 6, rect.centery) if place[0] == "hand" else rect.center


def ready(d, seat):
    t = d.table
    return t is not None and d.app.top is t and t.ctrl.input_seat() == seat and not t.anim.busy()


def wait_ready(d, seat):
    assert d.until(lambda: ready(d, seat), 2000), d.table.ctrl.prompt()


def last_action(session):
    return session.match.actions[-1] if session.match.actions else None


def slide_backs(monkeypatch, table) -> list:
    """The animation steps the table adds from now on (a spy: they still play)."""
    added = []
    real = table.anim.add

    def spy(step):
        added.append(step)
        return real(step)
    monkeypatch.setattr(table.anim, "add", spy)
    return added


def test_three_cards_of_a_run_picked_then_dragged_to_the_discard_pile():
    # kumbal.md: "You can discard 3 or more of a series in the same suit (♣️4, ♣️5, ♣️6, ...)"
    app = make_app()
    game = rigged(2, {0: RUN_HAND}, seed=5)
    d, session = open_rigged(app, game, [ANA, BOT])
    wait_ready(d, 0)
    c4, c5, c6 = ids(game, 0, "4_clubs", "5_clubs", "6_clubs")
    d.click(point(d, ("hand", 0, c4)))
    d.click(point(d, ("hand", 0, c5)))
    inp = d.table.input
    assert inp.selected == (("hand", 0, c4), ("hand", 0, c5))
    lit = d.table._targets_now()
    assert ("hand", 0, c6) in lit and ("discard",) not in lit     # 4♣ 5♣ alone is no discard
    d.drag(point(d, ("hand", 0, c6)), point(d, ("discard",)), steps=6)
    assert last_action(session) == (0, lay(0, [c4, c5, c6]))
    assert game.just_discarded == (c4, c5, c6) and game.phase == "draw"


def test_a_sweep_across_the_fan_then_onto_the_pile_discards_the_cards_swept():
    # issue 9: "select several cards (click, or drag across) and drop them on the discard pile"
    app = make_app()
    game = rigged(2, {0: RUN_HAND}, seed=5)
    d, session = open_rigged(app, game, [ANA, BOT])
    wait_ready(d, 0)
    c4, c5, c6 = ids(game, 0, "4_clubs", "5_clubs", "6_clubs")
    path = [point(d, ("hand", 0, c)) for c in (c4, c5, c6)] + [point(d, ("discard",))]
    d.post(pygame.MOUSEBUTTONDOWN, pos=path[0], button=1)
    d.step()
    last = path[0]
    for p in [(path[0][0] + 12, path[0][1])] + path[1:]:
        d.post(pygame.MOUSEMOTION, pos=p, rel=(p[0] - last[0], p[1] - last[1]), buttons=(1, 0, 0))
        last = p
        d.step()
    assert set(d.table.input.carried(("hand", 0, c4))) == {("hand", 0, c) for c in (c4, c5, c6)}
    d.post(pygame.MOUSEBUTTONUP, pos=path[-1], button=1)
    d.step()
    assert last_action(session) == (0, lay(0, [c4, c5, c6]))


def test_an_illegal_run_slides_back_and_says_why(monkeypatch):
    # kumbal.md: "3 or more of a series in the same suit": 4♣ 5♣ 7♣ has a gap
    app = make_app(speed="fast")
    hand = ["4_clubs", "5_clubs", "7_clubs", "K_hearts", "9_spades", "Q_diamonds", "2_hearts"]
    game = rigged(2, {0: hand}, seed=5)
    d, session = open_rigged(app, game, [ANA, BOT])
    wait_ready(d, 0)
    c4, c5, c7 = ids(game, 0, "4_clubs", "5_clubs", "7_clubs")
    for c in (c4, c5, c7):
        d.click(point(d, ("hand", 0, c)))
    picked = (("hand", 0, c4), ("hand", 0, c5), ("hand", 0, c7))
    assert d.table.input.selected == picked
    homes = [zones(d).rect(p) for p in picked]
    added = slide_backs(monkeypatch, d.table)
    actions = len(session.match.actions)
    d.drag(point(d, ("hand", 0, c7)), point(d, ("discard",)), steps=6)
    assert len(session.match.actions) == actions                     # nothing was discarded
    text, error = d.table.ctrl.message[:2]
    assert text == "A run needs 3 cards of one suit in a row: there is a gap." and error
    # issue 9: "an illegal set or run slides back and says why": all three cards go home, each to
    # its own place in the hand, and none is drawn there until it lands
    step = added[-1]
    moves = [tw for tw in step.tweens if isinstance(tw, CardMove)]
    assert sorted(tuple(m.stop) for m in moves) == sorted(tuple(h) for h in homes)
    assert set(picked) <= step.hide
    assert d.table.input.selected == picked                           # still picked, to be mended
    d.click(point(d, ("hand", 0, c7)))                                 # 7♣ out, and 4♣ 5♣ ...
    assert d.table.input.selected == picked[:2]


def test_only_an_end_card_of_the_previous_run_lifts_and_can_be_taken():
    # clarifications.md: "then take either the top card of the deck or one card of the previous
    # player's discard (of a run, one of its two end cards)"
    app = make_app()
    game = rigged(2, {0: RUN_HAND}, seed=5, last=["3_spades", "4_spades", "5_spades"])
    d, session = open_rigged(app, game, [ANA, BOT])
    wait_ready(d, 0)
    low, middle, high = game.last_discard
    king = ids(game, 0, "K_hearts")[0]
    d.click(point(d, ("hand", 0, king)))
    d.click(point(d, ("discard",)))                                   # K♥ alone, by clicks
    assert last_action(session) == (0, lay(0, [king]))
    wait_ready(d, 0)
    assert d.table._targets_now() == {("deck",), ("last", low), ("last", high)}
    d.click(point(d, ("last", middle)))
    assert last_action(session) == (0, lay(0, [king]))
    assert d.table.ctrl.message[0] == "Of a run, only an end card may be taken."
    before = len(session.match.actions)
    d.click(point(d, ("last", high)))
    assert session.match.actions[before] == (0, Action("take", places=(("last", high),)))
    assert high in game.hands[0] and game.faces[high].key == "5_spades"


def test_the_call_button_shows_only_when_the_call_is_legal_and_asks_first():
    # kumbal.md: "If you have 7 or fewer points at the beginning of your round, you can call "Kumbal"."
    app = make_app()
    game = rigged(2, {0: ["A_clubs", "2_hearts", "joker", "3_spades"]}, seed=5)
    d, session = open_rigged(app, game, [ANA, BOT])
    wait_ready(d, 0)
    labels = [b.label for b in d.table.action_buttons]
    assert labels == ["Kumbal!"]
    d.click(d.table.action_buttons[0].rect.center)
    assert last_action(session) is None and d.table.ctrl.message[0].startswith("Call Kumbal with 6 points?")
    d.step(2)
    # the question says "click Confirm": the button now says so
    assert [b.label for b in d.table.action_buttons] == ["Confirm Kumbal!"]
    d.click(d.table.action_buttons[0].rect.center)
    assert last_action(session) == (0, Action("call"))
    assert app.sound.played[-1] == "round_end"          # the call ends the round: its cue wins
    high = rigged(2, {0: RUN_HAND}, seed=5)
    d2, _ = open_rigged(make_app(), high, [ANA, BOT])
    wait_ready(d2, 0)
    assert [b.label for b in d2.table.action_buttons] == []          # 46 points: no call button


# ---- a whole match, two humans and a bot: hands are private ------------------------------------

def allowed_now(session) -> set:
    """The seats whose hand may be on screen now, from the match state and the actions alone: the
    one on turn while a round is played, and whoever just drew or took a card (looking at it before
    the turn passes on)."""
    public = session.game.view(None)
    allowed = set(public.to_act) if public.phase in PLAYING else set()
    if session.match.actions and public.phase in PLAYING:
        seat, action = session.match.actions[-1]
        if action.kind in ("draw", "take"):
            allowed.add(seat)
    return allowed


def FrameLog(monkeypatch, app):
    """The frame log of Kumbal's table (its plug-in draws every frame from one view)."""
    return rigging_screen.FrameLog(monkeypatch, app, SheddingPlugin, allowed_now)


def perform(d, rng, seat, action):
    """Make `action` for `seat` with gestures a player would use."""
    k = action.kind
    table = d.table
    if k == "call":
        d.key(pygame.K_k)
        d.key(pygame.K_k)
    elif k in ("discard", "free_discard"):
        cards = action.places[:-1]
        if rng.random() < 0.5:
            for place in cards:
                d.click(point(d, place))
            d.click(point(d, ("discard",)))
        else:
            for place in cards[:-1]:
                d.click(point(d, place))
            d.drag(point(d, cards[-1]), point(d, ("discard",)), steps=5)
    elif k in ("draw", "take", "draw_penalty"):
        place = action.places[0]
        hand = zones(d).get("hand")
        if rng.random() < 0.5 or hand is None or not hand.places:
            d.click(point(d, place))
        else:
            d.drag(point(d, place), point(d, hand.places[0]), steps=5)
    elif k == "keep":
        if rng.random() < 0.5:
            d.key(pygame.K_SPACE)
        else:
            d.click(next(b for b in table.action_buttons if b.label == "Keep").rect.center)
    else:
        raise AssertionError(f"no gesture for {action}")


def play_match(app, session, rng, max_steps=4000):
    """Play to the match's end through the screen; a legal call is made half the time."""
    def choose(rng, legal):
        calls = [a for a in legal if a.kind == "call"]
        return calls[0] if calls and rng.random() < 0.5 else rng.choice([a for a in legal if a.kind != "call"])
    return rigging_screen.play_through_screen(app, session, rng, choose, perform, max_steps, exact=True)


def two_humans_and_a_bot(seed, rounds=1):
    return Session.new(kumbal(), [ANA, BEN, BOT], options(rounds=rounds), seed)


@pytest.mark.parametrize("speed,rounds", [("instant", 1), pytest.param("fast", 2, marks=pytest.mark.slow)])
def test_a_whole_match_two_humans_and_a_bot_shows_a_hand_only_after_its_pass_screen(monkeypatch, speed, rounds):
    app = make_app(size=(1024, 640), speed=speed)
    log = FrameLog(monkeypatch, app)
    session = two_humans_and_a_bot(7, rounds)
    d = play_match(app, session, random.Random(7))
    assert isinstance(d.app.top, MatchResultScene) and session.game.is_over()
    log.check()
    confirms = sum(1 for e in log.entries if e[0] == "confirm")
    assert log.private_frames > 50 and confirms > 6, (log.private_frames, confirms)


def test_the_frame_log_catches_a_hand_leaked_on_purpose(monkeypatch):
    # the same check must fail when the table shows Ana's hand whatever the moment (a leak injected)
    app = make_app(size=(1024, 640), speed="instant")
    log = FrameLog(monkeypatch, app)
    monkeypatch.setattr(TableController, "view", lambda ctrl: ctrl.game.view(0))
    session = two_humans_and_a_bot(7)
    try:
        play_match(app, session, random.Random(7), max_steps=40)
    except AssertionError:
        pass        # with the wrong hand on screen gestures miss too: what counts is what was drawn
    assert log.entries
    with pytest.raises(AssertionError, match="without .* confirming the pass screen|a moment that is not theirs"):
        log.check()


# ---- pixels: a hidden hand never reaches the screen --------------------------------------------

def twin_pair(seat_hidden=1):
    """Two deals differing only in one card of `seat_hidden`'s hand (swapped with the deck's bottom)."""
    a = rigged(3, {0: RUN_HAND}, seed=9)
    b = rigged(3, {0: RUN_HAND}, seed=9)
    hand, deck = b.hands[seat_hidden], b.deck
    hand[0], deck[0] = deck[0], hand[0]
    b._view_common = None
    assert a.hands[seat_hidden] != b.hands[seat_hidden] and a.hands[0] == b.hands[0]
    return a, b


@pytest.mark.parametrize("language", ("en", "de"))
@pytest.mark.parametrize("size", [(1024, 640), (1600, 1000)])
def test_two_deals_differing_only_in_a_hidden_hand_draw_the_same_pixels(size, language):
    # DESIGN.md: "two states that differ only in what seat S may not know give S the same view,
    # and the same pixels on screen" (in either language: no word of the table tells them apart)
    from game import i18n
    i18n.set_language(language)
    a, b = twin_pair()
    names = ("Ana", "Ben", "Cleo")
    same = [render_view(kumbal(), g.view(0), names, size) for g in (a, b)]
    assert pygame.image.tobytes(same[0], "RGB") == pygame.image.tobytes(same[1], "RGB")
    public = [render_view(kumbal(), g.view(None), names, size, focus=0) for g in (a, b)]
    assert pygame.image.tobytes(public[0], "RGB") == pygame.image.tobytes(public[1], "RGB")
    # the check can fail: Ben's own view of the two deals differs (his hand is on screen)
    bens = [render_view(kumbal(), g.view(1), names, size) for g in (a, b)]
    assert pygame.image.tobytes(bens[0], "RGB") != pygame.image.tobytes(bens[1], "RGB")


def test_the_round_summary_shows_every_hand_revealed():
    # issue 9: "the round summary with every hand revealed and the points"
    app = make_app()
    game = rigged(2, {0: ["A_clubs", "2_hearts", "joker", "3_spades"]}, seed=5)
    d, session = open_rigged(app, game, [ANA, BOT])
    wait_ready(d, 0)
    d.key(pygame.K_k)
    d.key(pygame.K_k)
    assert d.until(lambda: isinstance(d.app.top, RoundSummaryScene), 500)
    view = d.table.ctrl.public()
    plugin = d.table.plugin
    shown = [plugin.summary_hand(view, s) for s in range(2)]
    assert [f.key for f in shown[0]] == ["A_clubs", "2_hearts", "joker", "3_spades"]
    assert [f.key for f in shown[1]] == [game.faces[c].key for c in game.hands[1]]
    # kumbal.md: "If you indeed have the fewest amount of points in hand, you win and get 0 penalty
    # points": the summary says why a 6-point hand adds nothing, on the caller's line and above it
    other = sum(game.faces[c].value for c in game.hands[1])
    heading, marked = plugin.summary_heading(view)
    mine = next(r for r in view.results if r.seat == 0)
    assert marked == 0 and mine.points == 6
    if other > 6:
        assert heading == "Ana called Kumbal with 6 points, the fewest: Ana scores 0."
        assert plugin.result_note(view, mine) == "called Kumbal: fewest"
    else:
        assert heading.startswith("Ana called Kumbal with 6 points, but Bot had")
        assert plugin.result_note(view, mine) == "called Kumbal: undercut"
    assert plugin.result_note(view, next(r for r in view.results if r.seat == 1)) == ""
    assert ("Round", f"+{mine.round_points}") in plugin.summary_lines(mine)


# ---- the hand's order is the player's own ------------------------------------------------------

def hand_keys(d):
    return [d.table.session.game.faces[p[2]].key for p in zones(d)["hand"].places]


def test_the_hand_sorts_by_rank_by_suit_and_by_dragging_a_card_along_the_fan():
    # issue 9: "your hand fanned at the bottom and sortable (by rank, by suit, or by dragging a card
    # along the fan)"; sorting is no move: the match's actions do not change
    app = make_app()
    hand = ["K_hearts", "4_clubs", "joker", "9_spades", "4_hearts", "A_diamonds", "Q_clubs"]
    game = rigged(2, {0: hand}, seed=5)
    d, session = open_rigged(app, game, [ANA, BOT])
    wait_ready(d, 0)
    assert hand_keys(d) == hand                                      # as dealt
    d.click(zones(d).extra["sort", "rank"].center)
    assert hand_keys(d) == ["joker", "A_diamonds", "4_clubs", "4_hearts", "9_spades", "Q_clubs", "K_hearts"]
    d.key(pygame.K_u)
    assert hand_keys(d) == ["4_clubs", "Q_clubs", "A_diamonds", "4_hearts", "K_hearts", "9_spades", "joker"]
    king = ("hand", 0, ids(game, 0, "K_hearts")[0])
    first = zones(d).rect(zones(d)["hand"].places[0])
    d.drag(point(d, king), (first.x + 2, first.centery), steps=4)   # K♥ to the front, along the fan
    assert hand_keys(d) == ["K_hearts", "4_clubs", "Q_clubs", "A_diamonds", "4_hearts", "9_spades", "joker"]
    assert session.match.actions == [] and d.table.ctrl.message is None or not d.table.ctrl.message[1]
    d.click(point(d, king))                                          # the order stays for the next turn
    d.click(point(d, ("discard",)))
    wait_ready(d, 0)
    assert hand_keys(d)[:6] == ["4_clubs", "Q_clubs", "A_diamonds", "4_hearts", "9_spades", "joker"]


def test_bots_play_with_animations_at_normal_speed_and_the_table_keeps_up():
    # every event of a bot's turn becomes steps that play and end: the table is never stuck animating
    app = make_app(speed="normal")
    session = Session.new(kumbal(), [ANA, BOT, BOT], options(rounds=1), 3)
    app.open_table(session)
    d = Driver(app)
    seen_busy = False
    for _ in range(400):
        d.step()
        seen_busy = seen_busy or d.table.anim.busy()
        if ready(d, 0):
            break
    assert seen_busy and ready(d, 0)
    assert len(session.match.actions) >= 4                           # both bots discarded and drew


def test_a_card_moves_along_the_hand_while_another_player_is_on_turn():
    app = make_app(speed="normal")          # the bot thinks a while: Ana arranges her cards meanwhile
    hand = ["K_hearts", "4_clubs", "joker", "9_spades", "4_hearts", "A_diamonds", "Q_clubs"]
    game = rigged(2, {0: hand}, seed=5, current=1)
    d, session = open_rigged(app, game, [ANA, BOT])
    d.step()
    assert d.table.ctrl.input_seat() is None and session.match.actions == []
    king = ("hand", 0, ids(game, 0, "K_hearts")[0])
    last = zones(d).rect(zones(d)["hand"].places[-1])
    d.drag(point(d, king), (last.right - 4, last.centery), steps=4)
    assert all(seat == 1 for seat, _ in session.match.actions)        # Ana made no move
    assert hand_keys(d) == hand[1:] + ["K_hearts"]


def test_a_resized_window_lays_the_table_out_again_with_bigger_cards():
    # DESIGN.md: "The window is resizable; layout is computed from its size"
    app = make_app(size=(1024, 640))
    game = rigged(4, {0: RUN_HAND}, seed=5)
    d, session = open_rigged(app, game, [ANA, BOT, BOT, BOT])
    wait_ready(d, 0)
    small = zones(d)["hand"].size[1]
    d.resize((1600, 1000))
    assert d.table.current_layout().size == (1600, 1000)
    big = zones(d)
    assert big["hand"].size[1] > small
    table = big.extra["table"]
    assert all(table.contains(r) for r in big.places().values())
    c4 = ids(game, 0, "4_clubs")[0]
    d.click(point(d, ("hand", 0, c4)))                   # the new layout is the one clicks hit
    assert d.table.input.selected == (("hand", 0, c4),)


def test_a_discarded_card_flies_from_where_it_lay_in_the_hand_to_the_pile(monkeypatch):
    # issue 9: "animation steps for its events (cards flying hand -> discard, deck -> hand ...)"
    app = make_app(speed="fast")
    game = rigged(2, {0: RUN_HAND}, seed=5)
    d, session = open_rigged(app, game, [ANA, BOT])
    wait_ready(d, 0)
    king = ("hand", 0, ids(game, 0, "K_hearts")[0])
    home = zones(d).rect(king)
    added = slide_backs(monkeypatch, d.table)
    d.click(point(d, king))
    d.click(point(d, ("discard",)))
    moves = [tw for step in added for tw in step.tweens if isinstance(tw, CardMove)]
    assert moves and moves[0].start == home
    assert moves[0].stop == zones(d).rect(("laid", king[2])) or moves[0].stop.colliderect(zones(d)["discard"].rect)


FUZZ_KEYS = [pygame.K_k, pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_F1, pygame.K_r, pygame.K_u,
             pygame.K_d, pygame.K_TAB, pygame.K_PAGEUP]


@pytest.mark.parametrize("seed,speed,seats,variants", [
    (1, "instant", [ANA, BEN, BOT], {}),
    (2, "fast", [ANA, BOT, BOT, BEN], {"action_cards": True, "wild_jokers": True}),
])
def test_random_input_on_a_kumbal_table_never_raises(seed, speed, seats, variants):
    # the app runs strict: any exception in a scene fails; half the clicks aim at cards, piles, buttons
    from game.ui.menu import MenuScene
    rng = random.Random(seed)
    app = make_app(speed=speed)

    def new_table(i):
        app.open_table(Session.new(kumbal(), seats, options(rounds=2, **variants), seed + i))
    new_table(0)
    d = Driver(app)
    for i in range(300):
        if not app.running or not app.scenes:
            app.running = True
            new_table(i)
        if isinstance(app.top, MenuScene):
            new_table(i)
        w, h = app.size
        top = app.top
        pick = [wd.rect.center for wd in top.ui.widgets if wd.visible and wd.rect.w]
        if isinstance(top, TableScene):
            pick += [r.center for r in top.current_layout().places().values()]
        point = rng.choice(pick) if pick and rng.random() < 0.6 else (rng.randrange(w), rng.randrange(h))
        r = rng.random()
        if r < 0.4:
            d.click(point, button=rng.choice([1, 1, 1, 3]))
        elif r < 0.65:
            d.drag(point, rng.choice(pick) if pick else point, steps=rng.randint(1, 4))
        elif r < 0.9:
            d.key(rng.choice(FUZZ_KEYS))
        elif r < 0.95:
            d.resize(rng.choice([(1024, 640), (1280, 800), (1600, 900)]))
        else:
            d.step(rng.randint(5, 40))
        d.step(rng.randint(0, 3))
    assert app.scenes


def test_each_player_finds_their_own_sorting_again_after_the_pass_screen():
    # issue 9: "your hand fanned at the bottom and sortable": the order is each player's own, kept
    # across the other players' turns (and never shown to them)
    app = make_app()
    game = rigged(2, {0: RUN_HAND}, seed=5)
    d, session = open_rigged(app, game, [ANA, BEN])
    rigging_screen.confirm_pass(d, "Ana", 400)
    wait_ready(d, 0)
    d.key(pygame.K_u)                                   # Ana sorts by suit
    plugin = d.table.plugin
    assert plugin.sort_mode == "suit"
    ana_order = hand_keys(d)
    discard = next(a for a in session.game.legal_actions(0) if a.kind == "discard" and len(a.places) == 2)
    d.table.ctrl.apply(0, discard)
    d.table.ctrl.apply(0, next(a for a in session.game.legal_actions(0) if a.kind == "draw"))
    if session.game.phase == "free":
        d.table.ctrl.apply(0, Action("keep"))
    else:
        d.key(pygame.K_SPACE)                           # Ana has looked at the card she drew
    rigging_screen.confirm_pass(d, "Ben", 400)
    wait_ready(d, 1)
    assert plugin.sort_mode == ""                       # Ben's hand as dealt: Ana's sorting is hers
    d.key(pygame.K_r)
    assert plugin.sort_mode == "rank"
    assert plugin.sort_modes[0] == "suit"
    assert len(ana_order) == 7 and plugin.arranged.get(1) != plugin.arranged.get(0)


# ---- the card drawn: its owner sees it before the turn passes ---------------------------------

def discard_the_king(d, game):
    king = ids(game, 0, "K_hearts")[0]
    d.click(point(d, ("hand", 0, king)))
    d.click(point(d, ("discard",)))
    assert game.phase == "draw"


@pytest.mark.parametrize("speed,look", [("normal", 1.5), ("fast", 0.75)])
def test_with_one_human_the_card_drawn_lands_face_up_marked_new_and_the_bot_waits_a_moment(monkeypatch,
                                                                                          speed, look):
    # playtest: the turn ended the instant a card was drawn, so the card was first seen a turn later
    app = make_app(speed=speed)
    game = rigged(2, {0: RUN_HAND}, seed=5, deck=["8_hearts"])
    d, session = open_rigged(app, game, [ANA, BOT])
    wait_ready(d, 0)
    discard_the_king(d, game)
    wait_ready(d, 0)
    drawn = rigging_screen.record_fonts(monkeypatch)
    added = slide_backs(monkeypatch, d.table)
    d.click(point(d, ("deck",)))
    eight = ids(game, 0, "8_hearts")[0]
    assert game.current == 1 and eight in game.hands[0]              # the turn has passed to the bot
    ctrl = d.table.ctrl
    # it flies from the deck into Ana's hand, turning face up on the way
    flight = next(tw for step in added for tw in step.tweens
                  if isinstance(tw, CardMove) and tw.stop == zones(d).rect(("hand", 0, eight)))
    assert flight.img_end is not None
    waited, made = 0, len(session.match.actions)
    while ctrl.hold is not None:
        assert len(session.match.actions) == made                    # the bot waits meanwhile
        assert ctrl.viewer == 0 and ("hand", 0, eight) in zones(d)["hand"].places
        assert "you drew the 8 of hearts" in ctrl.prompt()
        d.step()
        waited += 1
    # about 1.5 s at normal speed after the card has landed, scaled by the speed setting
    seconds = waited * 0.05
    assert look <= seconds <= look + 0.5, seconds
    assert ("new", 14, True) in drawn                                # marked new (words, not colour alone)
    assert d.until(lambda: len(session.match.actions) > made, 200)   # then the bot plays


def test_a_click_or_space_ends_the_look_at_once():
    app = make_app(speed="normal")
    game = rigged(2, {0: RUN_HAND}, seed=5, deck=["8_hearts"])
    d, session = open_rigged(app, game, [ANA, BOT])
    wait_ready(d, 0)
    discard_the_king(d, game)
    wait_ready(d, 0)
    d.click(point(d, ("deck",)))
    made = len(session.match.actions)
    assert d.table.ctrl.hold is not None
    d.key(pygame.K_SPACE)
    assert d.table.ctrl.hold is None
    assert d.until(lambda: len(session.match.actions) > made, 100)


def test_in_pass_and_play_the_look_is_the_drawers_own_and_the_pass_screen_comes_after_it():
    from game.ui.pass_screen import PassScene
    app = make_app(speed="normal")
    game = rigged(2, {0: RUN_HAND}, seed=5, deck=["8_hearts"])
    d, session = open_rigged(app, game, [ANA, BEN])
    rigging_screen.confirm_pass(d, "Ana", 400)
    wait_ready(d, 0)
    discard_the_king(d, game)
    wait_ready(d, 0)
    ctrl = d.table.ctrl
    d.click(point(d, ("deck",)))
    eight = ids(game, 0, "8_hearts")[0]
    assert game.current == 1 and ctrl.hold is not None and ctrl.hold.seat == 0
    # Ana's private moment: her view, the card face up in her hand, no pass screen yet
    looked = 0
    while ctrl.hold is not None and not ctrl.hold.waiting:
        assert d.app.top is d.table and ctrl.viewer == 0
        assert eight in ctrl.view().hand
        # the ▶ marks Ana, who is looking, not Ben, whose turn waits for the table to pass to him
        assert d.table.visuals(zones(d), ctrl.view()).acting == 0
        d.step()
        looked += 1
    assert 1.5 <= looked * 0.05 <= 2.2
    # her time is up: her hand turns back (the public view) and the table waits for her to go on;
    # Ben's pass screen never opens by itself
    for _ in range(60):
        d.step()
        assert d.app.top is d.table and ctrl.viewer is None and ctrl.view().hand == ()
    assert "then the table passes to Ben" in ctrl.prompt()
    d.key(pygame.K_SPACE)
    assert d.until(lambda: isinstance(d.app.top, PassScene), 20) and d.app.top.name == "Ben"
    rigging_screen.confirm_pass(d, "Ben", 400)
    wait_ready(d, 1)
    assert eight not in ctrl.view().hand and ctrl.view().viewer == 1


def test_a_card_taken_from_the_previous_discard_gets_the_look_too():
    app = make_app(speed="normal")
    game = rigged(2, {0: RUN_HAND}, seed=5, last=["3_spades"])
    d, session = open_rigged(app, game, [ANA, BOT])
    wait_ready(d, 0)
    discard_the_king(d, game)
    wait_ready(d, 0)
    three = game.last_discard[0]
    d.click(point(d, ("last", three)))
    ctrl = d.table.ctrl
    assert three in game.hands[0] and ctrl.hold is not None
    assert "you took the 3 of spades" in ctrl.prompt()
    assert d.table.plugin.new_card == (0, three)


def test_a_bot_s_draw_holds_nothing():
    app = make_app(speed="instant")
    high = ["K_spades", "K_clubs", "Q_spades", "Q_clubs", "J_spades", "J_clubs", "10_diamonds"]
    game = rigged(2, {0: RUN_HAND, 1: high}, seed=5, current=1)
    d, session = open_rigged(app, game, [ANA, BOT])
    wait_ready(d, 0)
    assert [a.kind for _, a in session.match.actions][-1] in ("draw", "take", "keep", "free_discard")
    assert d.table.ctrl.hold is None and d.table.plugin.new_card is None


# ---- sweeping along the fan picks cards, wherever it ends ---------------------------------------

def sweep(d, places, end=None):
    """Press on the first place, move along the fan over the others (a frame after each move), and
    return what the screen said while the pointer was over the last one; then let go at `end` (None:
    on the last card swept)."""
    path = [point(d, p) for p in places]
    d.post(pygame.MOUSEBUTTONDOWN, pos=path[0], button=1)
    d.step()
    last = path[0]
    for p in [(path[0][0] + 12, path[0][1])] + path[1:]:
        d.post(pygame.MOUSEMOTION, pos=p, rel=(p[0] - last[0], p[1] - last[1]), buttons=(1, 0, 0))
        last = p
        d.step()
    table = d.table
    zones_now = zones(d)
    view = table.ctrl.view()
    during = {"prompt": table.ctrl.prompt(), "vis": table.visuals(zones_now, view),
              "carried_image": table.plugin.selection_image(table.input.carried(places[0]), zones_now, view)}
    end = end or path[-1]
    if end != last:
        d.post(pygame.MOUSEMOTION, pos=end, rel=(end[0] - last[0], end[1] - last[1]), buttons=(1, 0, 0))
        d.step()
    d.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    d.step()
    return during


def test_a_sweep_along_the_fan_lights_the_cards_and_let_go_there_keeps_them_picked(monkeypatch):
    # playtest: sweeping across the fan picked cards only if the sweep ended on the pile (it moved
    # the first card otherwise), which nobody found
    app = make_app(speed="fast")
    game = rigged(2, {0: RUN_HAND}, seed=5)
    d, session = open_rigged(app, game, [ANA, BOT])
    wait_ready(d, 0)
    c4, c5, c6 = ids(game, 0, "4_clubs", "5_clubs", "6_clubs")
    run = tuple(("hand", 0, c) for c in (c4, c5, c6))
    order = hand_keys(d)
    added = slide_backs(monkeypatch, d.table)
    during = sweep(d, run)
    # while the pointer goes along the fan: the cards swept light where they lie (lifted and marked
    # as picked, not carried off), and the status line says what letting go does
    assert set(during["vis"].selected) == set(run) and not during["vis"].dragging
    assert during["carried_image"] is None
    assert ("discard",) in during["vis"].targets
    assert during["prompt"] == ("Sweeping 4♣ 5♣ 6♣: let go on the discard pile to discard them; "
                                "anywhere else, they stay picked.")
    # let go on the fan: nothing is discarded, nothing moved, the three stay picked, and the
    # message says what to do next (not in red: nothing went wrong)
    assert session.match.actions == [] and hand_keys(d) == order
    assert set(d.table.input.selected) == set(run)
    text, error = d.table.ctrl.message[:2]
    assert text == "4♣ 5♣ 6♣ picked: click the discard pile (or drag them onto it) to discard them. Esc puts them back."
    assert not error
    assert not [tw for step in added for tw in step.tweens if isinstance(tw, CardMove)]   # nothing flew
    d.click(point(d, ("discard",)))
    assert last_action(session) == (0, lay(0, [c4, c5, c6]))


def test_a_sweep_let_go_on_the_felt_keeps_its_cards_picked_and_esc_puts_them_back():
    app = make_app()
    hand = ["9_diamonds", "9_spades", "K_hearts", "4_clubs", "2_hearts", "Q_diamonds", "J_clubs"]
    game = rigged(2, {0: hand}, seed=5)
    d, session = open_rigged(app, game, [ANA, BOT])
    wait_ready(d, 0)
    pair = tuple(("hand", 0, c) for c in ids(game, 0, "9_diamonds", "9_spades"))
    felt = zones(d).extra["middle"]
    during = sweep(d, pair, end=(felt.right + 40, felt.y - 10))
    assert during["prompt"].startswith("Sweeping 9♦ 9♠: let go on the discard pile")
    assert session.match.actions == [] and set(d.table.input.selected) == set(pair)
    assert d.table.ctrl.message[0].startswith("9♦ 9♠ picked: click the discard pile")
    d.key(pygame.K_ESCAPE)
    assert d.table.input.selected is None and d.app.top is d.table


def test_a_sweep_that_needs_more_cards_says_so_and_lights_them():
    app = make_app()
    game = rigged(2, {0: RUN_HAND}, seed=5)
    d, session = open_rigged(app, game, [ANA, BOT])
    wait_ready(d, 0)
    c4, c5, c6 = ids(game, 0, "4_clubs", "5_clubs", "6_clubs")
    two = (("hand", 0, c4), ("hand", 0, c5))
    during = sweep(d, two)
    assert "sweep on over the cards that light up" in during["prompt"]
    assert ("hand", 0, c6) in during["vis"].targets and ("discard",) not in during["vis"].targets
    assert set(d.table.input.selected) == set(two)
    assert "pick the cards that light up too" in d.table.ctrl.message[0]
    d.click(point(d, ("hand", 0, c6)))
    d.click(point(d, ("discard",)))
    assert last_action(session) == (0, lay(0, [c4, c5, c6]))


def test_a_card_dragged_along_the_fan_over_cards_that_make_no_discard_still_moves():
    app = make_app()
    game = rigged(2, {0: RUN_HAND}, seed=5)
    d, session = open_rigged(app, game, [ANA, BOT])
    wait_ready(d, 0)
    places = zones(d)["hand"].places
    king, spade, queen = places[4], places[5], places[6]      # K♥ 9♠ Q♦: no set, no run
    during = sweep(d, (king, spade, queen))
    assert not during["prompt"].startswith("Sweeping") and during["carried_image"] is not None
    assert hand_keys(d) == ["4_clubs", "5_clubs", "6_clubs", "7_clubs", "9_spades", "K_hearts", "Q_diamonds"]
    assert session.match.actions == [] and d.table.input.selected is None


@pytest.mark.parametrize("wild", [False, True])
def test_a_refused_run_with_a_joker_says_what_the_house_rule_in_force_says(wild):
    """clarifications.md: "jokers are not wild (a variant may make them wild in runs)". The table's
    refusal reads the match's house rules: it used to read a field the game does not have, so it
    said "jokers are not wild here" even with the house rule on."""
    app = make_app()
    game = rigged(2, hands={0: ["4_clubs", "joker", "8_clubs", "K_hearts", "9_spades"]},
                  variants={"wild_jokers": wild})
    d, session = open_rigged(app, game, [ANA, BOT])
    wait_ready(d, 0)
    plugin = d.table.plugin
    assert plugin.jokers_wild() is wild
    four, joker, eight = ids(game, 0, "4_clubs", "joker", "8_clubs")
    view = d.table.ctrl.view_of(0)
    said = plugin.why_not(view, (("hand", 0, four), ("hand", 0, joker), ("hand", 0, eight)), ("discard",))
    assert ("jokers are not wild here" in said.lower()) is (not wild), said
    assert ("there is a gap" in said) is wild, said
