"""The memory family's table (Kombio, Cambio, classic Cambio): its plug-in to the common table.

What is the memory family's here and nowhere else: its moments (a human's initial look, the
match race, the decision after a wrong match), its holds (memorising cards, a reveal to
everyone), the faces the viewer sees for a while (`reveals`), the marks of bots' moves, its
layout of face-down grids around a deck, a discard pile and a drawn card, its drawing, its own
input policy (input.py), its buttons and keys, its animation steps and its sound cues.
"""
from __future__ import annotations

import pygame

from game.engine.core import Action
from game.families.memory.words import call_words, card_name, note_words
from game.i18n import language, tr, trc
from game.ui.families import register_plugin
from game.ui.families.base import Moment, TableDrawing, TablePlugin
from game.ui.families.memory import anim as memory_anim
from game.ui.families.memory.art import MemoryArt
from game.ui.families.memory import layout as memory_layout
from game.ui.families.memory.draw import MemoryDrawer, Visuals, key_help
from game.ui.families.memory.input import MemoryInput, is_slot
from game.ui.families.memory.prompts import MemoryWords
from game.ui.families.memory.race import RACE_KEY_NAMES, RaceMoments
from game.ui.families.memory.sounds import cue_for
from game.ui.table_controller import REVEAL
from game.ui.widgets import Button

RACE_KEYS = {getattr(pygame, "K_" + name.lower()): seat for seat, name in enumerate(RACE_KEY_NAMES)}
# Shortcuts for place-less actions: key -> the action it makes.
KEY_ACTIONS = {pygame.K_d: Action("draw", choice="deck"), pygame.K_s: Action("draw", choice="discard"),
               pygame.K_t: Action("decide", choice="take"), pygame.K_r: Action("decide", choice="return")}


class MemoryDrawing(TableDrawing):
    """The memory family's table drawn from a view: face-down grids around a deck, a discard pile and
    a drawn card (no controller: what the live table adds comes in the Visuals)."""

    def __init__(self, ruleset, art, settings=None):
        super().__init__(ruleset, MemoryArt(ruleset), settings)   # the family's faces: every word readable
        self.drawer = MemoryDrawer(self.art)

    def layout(self, size, view, arrangement):
        focus, show_log = arrangement
        counts = tuple(len(s.slots) for s in view.seats)
        lay = self.ruleset.layout
        return memory_layout.compute(size, len(view.seats), counts, lay.get("rows", 2), lay.get("cols", 2),
                                     focus, show_log)

    def draw(self, surf, zones, view, vis) -> None:
        self.drawer.draw(surf, zones, view, vis)

    def still(self, size, view, vis, focus):
        zones = self.layout(size, view, (focus, vis.show_log))
        fields = dict(vars(vis), key_help=vis.key_help if vis.replay else key_help(view.call_name, {}, vis.names))
        return zones, Visuals(**fields, memory_aid=bool(getattr(self.settings, "memory_aid", False)),
                              show_all=vis.open_cards or view.phase in ("round_over", "match_over"))


class MemoryPlugin(RaceMoments, MemoryWords, TablePlugin):
    """The memory family's part of the table."""

    family = "memory"
    drawing_class = MemoryDrawing

    def __init__(self, scene):
        super().__init__(scene)
        self.race = None
        self.reveals: dict = {}               # pos -> time until which the viewer sees its face
        self.picked: list = []                # cards picked so far for a reveal (public: pick events)
        self.bot_marks: dict = {}             # pos -> (kind, bot seat): looks, swaps and gives by bots since
        #                                       the last human move (public: positions, never faces)
        self.art = self.drawing.art            # the family's faces (slide-backs and flights use them too)
        self.drawer = self.drawing.drawer
        self._key_help = None

    def taken_back(self) -> None:
        """A take-back: no look, pick, bot mark or race of the moves taken back stays on the table."""
        self.reveals.clear()
        self.picked.clear()
        self.bot_marks.clear()
        self.race = None

    # ---- moments ----

    def moment(self) -> Moment:
        ctrl = self.ctrl
        v = ctrl.public()
        if ctrl.game.is_over() or v.match_over:
            return Moment("over")
        phase = v.phase
        to_act = list(ctrl.game.to_act())
        if phase == "round_over":
            return Moment("summary")
        if phase == "window":
            return Moment("race")
        if phase == "initial_peek":
            bots = [s for s in to_act if ctrl.is_bot(s)]
            if bots:
                return Moment("bot", bots[0])
            humans = [s for s in to_act if s in ctrl.humans]
            return Moment("private", humans[0]) if humans else Moment("idle")
        if not to_act:
            return Moment("idle")
        seat = to_act[0]
        if ctrl.is_bot(seat):
            return Moment("bot", seat)
        if phase == "mismatch_choice":
            return Moment("public", seat)       # decided in view of everyone: no pass screen
        return Moment("private", seat)

    def tick(self, moment, now) -> bool:
        if moment.kind != "race":
            return False
        self.race_tick(now)
        return True

    def input_seat(self, moment):
        if moment.kind == "race":
            return self.race.claimer if self.race is not None else None
        return None

    def update(self, now) -> None:
        # the cards looked at for an ability still being decided stay shown until the decision
        # (a 14: look at two cards, then maybe swap them), to the looker's view only
        looked = set(self.ctrl.public().pending.peeked) if self.pending_ability_of() is not None else ()
        self.reveals = {p: t for p, t in self.reveals.items() if t > now or p in looked}
        if self.ctrl.pass_to is None and self.ctrl.hold is None and self.moment().kind != "race":
            self.race = None

    def private_moment(self, moment) -> None:
        if self.ctrl.public().phase == "initial_peek":
            self.ctrl.apply(moment.seat, Action("look_start"))

    def bot_pause(self, seat, pause: float) -> float:
        return 0.0 if self.ctrl.public().phase == "initial_peek" else pause

    def hold_released(self, hold) -> None:
        if hold.seat is not None:
            for pos in [p for p in self.reveals if p[0] == hold.seat]:
                del self.reveals[pos]

    def reword(self, action, why: str) -> str:
        if action.kind == "draw" and action.choice == "discard" and self.ctrl.public().discard_blocked:
            return self.blocked_reason()     # in the game's own word (Cambio: frozen)
        return why

    def events_applied(self, seat, action, events) -> None:
        ctrl = self.ctrl
        reveal_for = REVEAL.get(ctrl.speed(), 4.0)
        self._mark_bot_moves(seat, action, events)
        for ev in events:
            if ev.kind == "pick":
                self.picked.append(tuple(ev.pos))
            elif self.picked:
                self.picked = []                  # the reveal came (or anything else ended the picking)
            if ev.kind == "look_start" and ctrl.sees_privately(ev.seat):
                for slot in ev.get("slots", ()):
                    self.reveals[(ev.seat, slot)] = ctrl.now + reveal_for + 60
                ctrl.start_hold(reveal_for, ev.seat, "look")
            elif ev.kind == "peek" and ctrl.sees_privately(ev.seat):
                self.reveals[tuple(ev.pos)] = ctrl.now + reveal_for
                if len(ctrl.humans) > 1 and self.pending_ability_of() != ev.seat:
                    # the turn moves on to a public moment: hold the table while this human remembers
                    # (a look that a decision follows, as a 14's, stays on screen until the decision)
                    ctrl.start_hold(reveal_for, ev.seat, "peek")
            elif ev.kind == "reveal":
                # shown to everyone at once: a public moment, so the public view and no pass screen
                seconds = float(ev.get("seconds", 3))
                for pos, _face in ev.faces:
                    self.reveals[tuple(pos)] = ctrl.now + seconds
                ctrl.start_hold(seconds, None, "reveal")
            elif ev.kind == "match" and ev.get("late"):
                self.reveals[tuple(ev.pos)] = ctrl.now + min(reveal_for, 3.0)
                w = ctrl.public().window
                who, card = ctrl.names[ev.seat], card_name(ev.face)
                if w and w.winner is not None:
                    ctrl.say(tr("Too late: {first} threw first and throws alone now. {who}'s {card} goes back "
                                "and {who} takes a penalty card.", first=ctrl.names[w.winner], who=who, card=card),
                             True)
                else:
                    ctrl.say(tr("Too late: someone else threw first. {who}'s {card} goes back and {who} takes a "
                                "penalty card.", who=who, card=card), True)
            elif ev.kind == "match" and ev.get("ok") is False and ev.pos is not None:
                self.reveals[tuple(ev.pos)] = ctrl.now + min(reveal_for, 3.0)
            elif ev.kind == "window_open":
                self.race = None
            elif ev.kind in ("deal", "next_round"):
                self.reveals = {}

    def _mark_bot_moves(self, seat, action, events) -> None:
        """Keep the positions bots looked at, swapped or gave to on the table until a human moves
        (their short animation alone is easily missed). Letting a race go is no move."""
        ctrl = self.ctrl
        if seat in ctrl.humans and action.kind != "pass":
            self.bot_marks = {}
        for ev in events:
            if ev.kind in ("deal", "next_round"):
                self.bot_marks = {}
                continue
            moved = [ev.pos, ev.pos2] if ev.kind in ("exchange", "match", "give", "decide") else []
            for pos in moved:                   # a card left or arrived: an old mark would be about another card
                if pos is not None:
                    self.bot_marks.pop(tuple(pos), None)
            if not ctrl.is_bot(ev.seat):
                continue
            if ev.kind == "peek":
                self.bot_marks[tuple(ev.pos)] = ("peek", ev.seat)
            elif ev.kind == "swap":
                self.bot_marks[tuple(ev.pos)] = self.bot_marks[tuple(ev.pos2)] = ("swap", ev.seat)
            elif ev.kind == "give":
                self.bot_marks[tuple(ev.pos2)] = ("give", ev.seat)

    def memory_aid(self) -> bool:
        return bool(self.ctrl.settings.memory_aid)

    def sound_cue(self, events):
        return cue_for(events, self.ctrl.humans)

    # ---- zones, drawing, hit-testing ----
    def arrangement(self, view):
        """(the seat at the bottom, is the log panel shown?): the grids make room for the panel."""
        return self.ctrl.focus, bool(getattr(self.scene.app.settings, "show_log", True))

    def hit(self, zones, point):
        return zones.hit(point)

    def visuals(self, vis, zones, view):
        ctrl = self.ctrl
        m = ctrl.moment()
        race_line, forms, fraction = "", (), None
        if m.kind == "race" and view.window is not None and self.race is not None:
            left = self.race_seconds_left()
            top = card_name(view.window.card)
            winner = view.window.winner           # Cambio: the first to throw goes on alone
            if self.race.claimer is not None:
                who = ctrl.names[self.race.claimer]
                if winner is None:
                    race_line = tr("{who} claims the {card}: pick a card", who=who, card=top)
                    forms = (tr("{who} claims: pick a card", who=who), tr("Pick a card"))
                elif winner == self.race.claimer:
                    race_line = tr("{who} threw first: only {who} throws on the {card}", who=who, card=top)
                    forms = (tr("Only {who} throws on the {card}", who=who, card=top),
                             tr("Only {who} throws now", who=who), tr("Throw on, or Done"))
                else:
                    race_line = tr("{who} throws too late: penalty card", who=who)
                    forms = (tr("Too late: penalty card"),)
            else:
                clock = tr(" · {n} s", n=seconds(left)) if left is not None else ""
                if winner is not None:
                    name = ctrl.names[winner]
                    race_line = tr("{who} threw first: only they throw on the {card}{clock}", who=name, card=top,
                                   clock=clock)
                    forms = (tr("Only {who} throws on the {card}{clock}", who=name, card=top, clock=clock),
                             tr("Only {who} throws now{clock}", who=name, clock=clock),
                             tr("{who} throws alone{clock}", who=name, clock=clock))
                else:
                    race_line = tr("MATCH RACE on the {card}{clock}", card=top, clock=clock)
                    forms = (tr("MATCH RACE{clock}", clock=clock),)
                if left is not None:
                    fraction = max(0.0, min(1.0, left / max(0.1, self.window_seconds())))
        left = ctrl.hold_left()
        if ctrl.hold is not None and left is not None:
            # every timed hold shows how long it has left: the words say it ends by itself
            if ctrl.hold.reason == "reveal":
                race_line = tr("Revealed to everyone · {n} s", n=seconds(left))
                forms = (tr("Revealed · {n} s", n=seconds(left)),)
            else:
                race_line = tr("{who} remembers · {n} s", who=ctrl.names[ctrl.hold.seat], n=seconds(left))
                forms = (tr("Remember · {n} s", n=seconds(left)),)
            fraction = max(0.0, min(1.0, left / max(0.1, ctrl.hold.length)))
        keys = self.race_key_names()
        vis.acting = self.acting_seat(m, vis.acting)
        return Visuals(
            **vars(vis),
            reveals=set(self.reveals), memory_aid=self.memory_aid(),
            show_all=view.phase in ("round_over", "match_over"),
            race_keys=keys, race_line=race_line, race_forms=forms, race_fraction=fraction,
            race_claimer=self.race.claimer if self.race is not None else None,
            race_open=(m.kind == "race" and self.race is not None and self.race.claimer is None
                       and ctrl.hold is None),
            race_done=frozenset(s for s in range(len(view.seats)) if s not in view.to_act),
            blocked_word=self.blocked_word(), picked=frozenset(self.picked), last_turn=self.last_turn_seats(),
            bot_marks=dict(self.bot_marks))

    def acting_seat(self, moment, acting):
        """The seat the ▶ marks (plates and scores): whose move it is, except around the first look,
        when every seat looks at once and the common table's moment names whoever comes next (a bot
        that looks in no time, or the player whose turn starts after the look): then the ▶ marks the
        human looking now, during their look, and no one otherwise."""
        ctrl = self.ctrl
        hold = ctrl.hold
        if hold is not None and hold.reason == "look":
            return hold.seat            # None once the look is over and the table waits for a click
        if ctrl.public().phase == "initial_peek":
            return None
        return acting

    def key_help(self) -> tuple:
        if self._key_help is None:
            self._key_help = key_help(self.ctrl.call_name, self.race_key_names(), self.ctrl.names)
        return self._key_help

    def action_places(self, action) -> tuple:
        """The table names a layout slot ("slot", (seat, index)); an action ("slot", seat, index). A
        draw is the pile it draws from, a discard of the drawn card the discard pile it goes to
        (what a hint or a lesson outlines: the place to click)."""
        slots = tuple(("slot", tuple(p[1:])) for p in action.places if p and p[0] == "slot")
        if action.kind == "draw" and action.choice in ("deck", "discard"):
            return (action.choice,) + slots
        if action.kind == "discard":
            return ("discard",) + slots
        return slots

    def place_rect(self, zones, place):
        if place in ("deck", "discard", "drawn"):
            return getattr(zones, place)
        if is_slot(place):
            return zones.slot_rect(place[1])
        return None

    def image(self, place, zones, view):
        art = self.art
        if place == "deck":
            return art.back(zones.pile)
        if place == "discard":
            return art.face(view.top, zones.pile) if view.top is not None else None
        if place == "drawn":
            return art.face(view.drawn, zones.pile) if view.drawn is not None else art.back(zones.pile)
        if is_slot(place):
            slot = view.slot(place[1])
            if not slot.present:
                return None
            if slot.face is not None and slot.pos in self.reveals:
                return art.face(slot.face, zones.card)
            return art.back(zones.card)
        return None

    def slide_back_hide(self, place) -> set:
        return ({"drawn"} if place == "drawn" else {("slot", place[1])} if is_slot(place)
                else {"discard_top"} if place == "discard" else set())

    # ---- input, buttons, keys ----
    def make_input(self):
        return MemoryInput(self)

    def confirm_question(self, action) -> str:
        if action.kind != "call":
            return ""
        return tr("Call {call}? Everyone else gets one final turn. Press K again or click Confirm to call; Esc "
                  "to keep playing.", call=call_words(self.ctrl.call_name))

    def declined(self, action) -> str:
        return tr("No call: go on with your turn.")

    def button_label(self, action) -> str:
        # the abilities' choices are the generic buttons; every other place-less action has its own
        return self.ability_name(action.choice) if action.kind == "choose" else ""

    def make_buttons(self, common: dict) -> dict:
        scene = self.scene
        return {
            "call": Button(tr("Call {call}", call=call_words(self.ctrl.call_name)),
                           lambda: scene.request(Action("call")), primary=True, hint="K",
                           tooltip=tr("Instead of your turn: end the round after everyone else's final turn")),
            "skip": Button(trc("a button: do not use the ability", "Skip"), lambda: scene.request(Action("skip")), hint=key_name("Space"),
                           tooltip=tr("Do not use the ability")),
            "nomatch": Button(tr("No match"), self.humans_pass, hint=key_name("Space"),
                              tooltip=tr("End the race for the humans: nobody here matches this card")),
            "cancel": common["cancel"],
            "take": Button(tr("Take"), lambda: scene.request(Action("decide", choice="take")), hint="T",
                           tooltip=tr("The player who tried your card keeps it")),
            "return": Button(tr("Return"), lambda: scene.request(Action("decide", choice="return")), hint="R",
                             tooltip=tr("Your card comes back; the other player takes a penalty card")),
            "continue": common["continue"],
        }

    def sync_buttons(self, buttons, seat, legal) -> None:
        ctrl = self.ctrl
        scene = self.scene
        kinds = {(a.kind, a.choice) for a in legal}
        m = ctrl.moment()
        # said again each time: the language may have changed in the settings since the buttons were made
        buttons["nomatch"].label, buttons["nomatch"].hint = tr("No match"), key_name("Space")
        buttons["nomatch"].tooltip = tr("End the race for the humans: nobody here matches this card")
        buttons["take"].label, buttons["take"].tooltip = tr("Take"), tr("The player who tried your card keeps it")
        buttons["return"].label = tr("Return")
        buttons["return"].tooltip = tr("Your card comes back; the other player takes a penalty card")
        buttons["call"].tooltip = tr("Instead of your turn: end the round after everyone else's final turn")
        buttons["skip"].hint = key_name("Space")
        if ctrl.hold is not None:
            return
        if m.kind == "race":
            buttons["cancel"].visible = False
            if self.race is not None and self.race.claimer is not None:
                buttons["cancel"].visible = True
                # a chain winner (Cambio) ends the chain with it: "Done", not "Cancel"
                done = self.race.claimer == self.chain_winner()
                buttons["cancel"].label, buttons["cancel"].hint = ((tr("Done"), key_name("Space")) if done
                                                                   else (tr("Cancel"), "Esc"))
                buttons["nomatch"].visible = not done   # the claimer lets the card go after all
            elif len(self.humans_in_race()) == 1:
                buttons["nomatch"].visible = True      # with several humans, each passes after their key
            return
        armed = scene.armed(seat, Action("call"))
        buttons["call"].visible = ("call", None) in kinds
        buttons["call"].label = tr("Confirm call") if armed else tr("Call {call}", call=call_words(ctrl.call_name))
        buttons["skip"].visible = ("skip", None) in kinds
        # after throwing another's card (Cambio) the give is optional: skipping keeps your cards
        giving = m.kind == "private" and ctrl.public().phase == "give"
        buttons["skip"].label = tr("Keep my cards") if giving else trc("a button: do not use the ability", "Skip")
        buttons["skip"].tooltip = tr("Give no card back") if giving else tr("Do not use the ability")
        buttons["take"].visible = ("decide", "take") in kinds
        buttons["return"].visible = ("decide", "return") in kinds

    def key(self, key) -> bool:
        ctrl = self.ctrl
        scene = self.scene
        if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if ctrl.moment().kind == "race":
                if self.race is not None and self.race.claimer is not None \
                        and self.race.claimer == self.chain_winner():
                    self.cancel_claim()      # a chain winner stops throwing
                else:
                    self.humans_pass()       # the claimer, or the only human in the race
                return True
            seat = ctrl.input_seat()
            if seat is not None and any(a.kind == "skip" for a in ctrl.legal(seat)):
                scene.request(Action("skip"))
            return True
        if key in RACE_KEYS and RACE_KEYS[key] in ctrl.humans and ctrl.moment().kind == "race":
            if self.claim(RACE_KEYS[key]):
                scene.input.reset()
            return True
        if key == pygame.K_k:
            scene.request(Action("call"))
            return True
        if key in KEY_ACTIONS:
            scene.request(KEY_ACTIONS[key])
            return True
        return False

    def cancel(self) -> bool:
        return self.cancel_claim()

    # ---- animation ----
    def _context(self, ctx):
        return memory_anim.AnimContext(ctx.zones, ctx.view, ctx.names, self.art, ctx.scale, self.ctrl.call_name)

    def deal_steps(self, ctx) -> list:
        return memory_anim.deal_steps(self._context(ctx))

    def steps_for(self, events, ctx) -> list:
        return memory_anim.steps_for(events, self._context(ctx))

    # ---- the round summary ----
    def face_art(self):
        return self.art

    def summary_hand(self, view, seat) -> tuple:
        for result in view.results:
            if result.seat == seat:
                return tuple(face for _, face in result.faces)
        return ()

    def summary_lines(self, result) -> tuple:
        # the family's lines (hand, bonus), the bonus red as a cost or green as a gain, then the round
        # (score_lines' headings are in the player's language: the bonus is its second line)
        lines = tuple(self.ctrl.family.score_lines(result)) if self.ctrl.family.score_lines else ()
        tone = "bad" if result.bonus > 0 else "good" if result.bonus < 0 else ""
        styled = tuple((heading, text, tone if i == 1 else "") for i, (heading, text) in enumerate(lines))
        return styled + ((tr("Round"), str(result.round_score), "strong"),)

    def result_note(self, view, result) -> str:
        return note_words(result.note or "")

    def summary_heading(self, view):
        caller = view.caller
        sub = (tr("{who} called {call}.", who=self.ctrl.names[caller], call=call_words(view.call_name))
               if caller is not None else tr("Nobody called."))
        return sub, caller


def seconds(left: float) -> str:
    """A countdown's seconds as the player writes them: "3.5" in English, "3,5" in German."""
    text = f"{left:.1f}"
    return text if language() == "en" else text.replace(".", ",")


def key_name(key: str) -> str:
    """A key's name as the player's keyboard says it ("Space": "Leertaste")."""
    if key == "Space":
        return trc("a key", "Space")
    if key == "PgUp":
        return trc("a key", "PgUp")
    return key


register_plugin("memory", MemoryPlugin)
