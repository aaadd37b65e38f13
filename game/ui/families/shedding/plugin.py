"""Kumbal's part of the table: the shedding family's TablePlugin (issue 9).

Your hand is fanned at the bottom and sortable (by rank, by suit, or by dragging a card along
the fan); pick cards (click each, or drag across them) and drop them on the discard pile, or
click the pile; what extends the selection towards a legal discard lights up, and a refused
drop slides back with the rule's words. The previous player's discard lies spread beside the
pile: its takeable cards lift. The other hands are backs with their counts; every plate shows
its total on a track to the limit with the exact 51 and 99 marked. The call and Keep are
buttons (place-less legal actions). Sorting is the viewer's own arrangement: no action.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import pygame

from game.families.shedding.words import card_name
from game.i18n import local, tr, trc, trn
from game.ui.anim import CardMove, Step
from game.ui.families.base import TableDrawing, TablePlugin
from game.ui.families.shedding import layout as shed_layout
from game.ui.families.shedding.art import SheddingArt
from game.ui.families.shedding import words
from game.ui.families.shedding.draw import Marks, draw_table
from game.ui.kit import card_size
from game.ui.table_frame import Visuals

# Sound cues (game/ui/sound.py), the most important first.
SOUNDS = {"round_over": "round_end", "call": "call", "reset": "match_ok"}
CUE_ORDER = ("round_end", "call", "match_ok", "your_turn")
# Seconds at speed "normal".
MOVE = 0.36
DEAL_GAP = 0.05
# The drawer's look at the card just drawn, before the turn passes: seconds at speed "normal" after
# the card has landed (scaled by the speed setting), never under LOOK_FLOOR (at "instant" too).
LOOK = 1.5
LOOK_FLOOR = 0.5


@dataclass
class SheddingVisuals(Visuals):
    """The common Visuals plus what the live Kumbal table shows beyond the view."""
    focus: int = 0                          # the seat at the bottom
    sort: str = ""                          # how the viewer's hand is sorted: "rank", "suit" or "" (as arranged)
    new: object = None                      # the card the viewer drew or took last (marked "new"), or None
    looking: Optional[int] = None           # the human looking at the card they just drew (their hold)


class SheddingDrawing(TableDrawing):
    """Kumbal's table drawn from a view, an arrangement (the seat at the bottom, the hand's order) and
    SheddingVisuals: no controller."""

    def __init__(self, ruleset, art, settings=None):
        super().__init__(ruleset, SheddingArt(ruleset), settings)   # the faces: no word too small to read

    def layout(self, size, view, arrangement):
        focus, order = arrangement
        return shed_layout.compute(tuple(size), view, focus, list(order))

    def still(self, size, view, vis, focus):
        """The viewer's hand as dealt and drawn (nobody has sorted it), no one looking at a new card."""
        focus = view.viewer if view.viewer is not None else focus
        return self.layout(size, view, (focus, tuple(view.hand))), SheddingVisuals(**vars(vis), focus=focus)

    @staticmethod
    def rects(zones) -> dict:
        """place -> rect of every card place, plate and seat: where cards fly from."""
        rects = dict(zones.places())
        for key, rect in zones.extra.items():
            if isinstance(key, tuple) and key[0] in ("plate", "seat"):
                rects[key] = rect
        return rects

    def image_for(self, view):
        """(place, size) -> the image of that place's card in `view` (None: no card shown there)."""
        art = self.art

        def image_for(place, size):
            zone = place[0]
            if zone == "hand" and place[2] in view.hand:
                return art.face(view.face(place[2]), size)
            if zone in ("last", "laid"):
                return art.face(view.face(place[1]), size)
            if zone == "back":
                return art.back(size)
            if zone == "deck":
                return art.back(size) if view.deck_count else None
            if zone == "discard":
                return art.face(view.face(view.gone[-1]), size) if view.gone else None
            return None
        return image_for

    def draw(self, surf, zones, view, vis) -> None:
        names = tuple(vis.names)
        hidden = set(vis.hidden or ())
        dragging = vis.dragging
        if dragging and isinstance(dragging[0], tuple):
            hidden |= set(dragging)          # a dragged selection leaves gaps where it was
        elif dragging:
            hidden.add(dragging)
        acting = vis.looking if vis.looking is not None else (
            view.current if view.phase in ("discard", "draw", "free") else None)
        marks = Marks(names=names, lit=frozenset(vis.targets or ()), selected=frozenset(vis.selected or ()),
                      hidden=frozenset(hidden), acting=acting, sort=vis.sort, banner=self.banner(view, names),
                      new=vis.new, reveal=view.phase in ("round_over", "match_over") and bool(view.results),
                      live=not vis.replay, open=vis.open_cards)
        draw_table(surf, zones, view, marks, self.art, vis.focus, self.image_for(view))

    @staticmethod
    def banner(view, names) -> str:
        """The line over the middle: a call, the direction, the resets and the limit."""
        if view.caller is not None and view.phase not in ("round_over", "match_over"):
            return tr("{who} called {call}", who=words.name_of(names, view.caller), call=view.call_name)
        rule = tr("Exactly 51 → 0 · exactly 99 → 50 · over {limit} ends", limit=view.limit)
        if view.direction < 0:
            rule = tr("Play goes counter-clockwise ↺") + " · " + rule
        return rule


class SheddingPlugin(TablePlugin):
    """The shedding family's live table: the hand's order, the look at a new card, gestures, words and
    animation steps."""

    family = "shedding"
    drawing_class = SheddingDrawing

    def __init__(self, scene):
        super().__init__(scene)
        self.art = self.drawing.art
        self.sort_modes: dict = {}      # seat -> "rank", "suit", or "" (as dealt, drawn and arranged)
        self.arranged: dict = {}        # seat -> its own order of its hand (dragging along the fan);
        #                                 each player finds their order again after the pass screen
        self.new_card = None            # (seat, id): the card that seat drew or took last, marked "new"
        #                                 in its own view until it acts again (never in another's view)

    def taken_back(self) -> None:
        """A take-back: the card marked "new" may have gone back to the deck."""
        self.new_card = None

    # ---- the hand's order (the viewer's own, never the rules') ----

    def hand_order(self, view) -> list:
        """The viewer's hand in the order shown: sorted, or as arranged with new cards at the right
        (read only: the order is kept by `sort`, `move_card` and after each action)."""
        cards = list(view.hand)
        mode = self.sort_modes.get(view.viewer, "")
        if mode == "rank":
            return sorted(cards, key=lambda c: (words.by_rank(view.face(c)), c))
        if mode == "suit":
            return sorted(cards, key=lambda c: (words.by_suit(view.face(c)), c))
        kept = [c for c in self.arranged.get(view.viewer, ()) if c in cards]
        return kept + [c for c in cards if c not in kept]

    def _keep_orders(self) -> None:
        """After an action: each arranged hand forgets the cards that left it and puts the new ones at
        the right, so a card that comes back later comes in as new."""
        for seat in list(self.arranged):
            if seat is not None and not self.sort_modes.get(seat, ""):
                self.arranged[seat] = self.hand_order(self.ctrl.view_of(seat))

    @property
    def sort_mode(self) -> str:
        """How the hand on screen is sorted: "rank", "suit" or "" (as arranged)."""
        return self.sort_modes.get(self.ctrl.view().viewer, "")

    def sort(self, mode: str) -> None:
        """Sort the hand by "rank" or "suit" (again: back to as arranged)."""
        view = self.ctrl.view()
        self.arranged[view.viewer] = self.hand_order(view)
        self.sort_modes[view.viewer] = "" if self.sort_mode == mode else mode

    def move_card(self, card, index: int) -> None:
        """Put `card` at `index` of the hand as shown (dragging it along the fan)."""
        view = self.ctrl.view()
        order = self.hand_order(view)
        if card not in order:
            return
        old = order.index(card)
        order.remove(card)
        order.insert(index - (1 if index > old else 0), card)
        self.arranged[view.viewer], self.sort_modes[view.viewer] = order, ""

    # ---- zones ----
    def focus(self, view) -> int:
        """The seat at the bottom: the viewer, or in the public view the last seat that looked."""
        if view.viewer is not None:
            return view.viewer
        return self.ctrl.focus or 0

    def arrangement(self, view):
        """(the seat at the bottom, the viewer's hand in the order shown)."""
        return self.focus(view), tuple(self.hand_order(view))

    def hit(self, zones, point):
        for key in shed_layout.SORT_CHIPS:
            rect = zones.extra.get(key)
            if rect is not None and rect.collidepoint(point) and zones.get("hand") is not None:
                return key
        place = zones.hit(point)
        view = self.ctrl.view()
        spread = zones.extra.get("spread")
        if view.phase in ("discard", "free") and (place is None or place[0] == "last") \
                and spread is not None and spread.collidepoint(point):
            return ("discard",)         # the spread lies on the pile: dropping on it discards
        return place

    def image(self, place, zones, view):
        rect = zones.rect(place)
        size = rect.size if rect is not None else card_size(120)
        return self.drawing.image_for(view)(place, size)

    @staticmethod
    def _carry_step(width: int) -> int:
        """How far apart the cards of a carried selection are drawn."""
        return max(8, int(width * 0.45))

    def slide_back(self, dragged, carried, drop_rect, zones, view) -> tuple:
        """A refused set or run goes home card by card, from where each was carried (a sweep let go on
        the fan kept its cards where they lie: nothing flies)."""
        if getattr(getattr(self.scene, "input", None), "kept", False):
            return [], set()
        moves = []
        for i, place in enumerate(carried):
            home, img = self.place_rect(zones, place), self.image(place, zones, view)
            if home is None or img is None:
                continue
            start = pygame.Rect(drop_rect.x + i * self._carry_step(img.get_width()), drop_rect.y,
                                *img.get_size())
            moves.append((img, start, home))
        return moves, set(carried)

    def _sweeping_in_place(self) -> bool:
        """A sweep is picking cards and the pointer is still over the fan: they lie lit where they are."""
        inp = getattr(self.scene, "input", None)
        return bool(inp is not None and getattr(inp, "dragging", False) and inp.picks() and inp.over_fan)

    def selection_image(self, selection, zones, view):
        """What a drag of several picked cards carries: the cards side by side, slightly overlapping
        (nothing while a sweep goes along the fan: the swept cards light where they lie)."""
        if self._sweeping_in_place():
            return None
        images = [self.image(p, zones, view) for p in selection]
        images = [img for img in images if img is not None]
        if not images:
            return None
        w, h = images[0].get_size()
        step = self._carry_step(w)
        surf = pygame.Surface((w + step * (len(images) - 1), h), pygame.SRCALPHA)
        for i, img in enumerate(images):
            surf.blit(img, (i * step, 0))
        return surf

    def face_art(self):
        return self.art

    def summary_hand(self, view, seat) -> tuple:
        """The faces of `seat`'s hand as the round's result revealed them (for the round summary)."""
        for result in view.results:
            if result.seat == seat:
                return tuple(view.face(c) for c in result.hand)
        return ()

    def result_note(self, view, result) -> str:
        """The caller's line says how the call went (the reason a 4-point hand adds 0, or 25 more)."""
        if result.seat != view.caller:
            return ""
        if result.penalty:
            return tr("called {call}: undercut", call=view.call_name)
        return tr("called {call}: fewest", call=view.call_name)

    def summary_heading(self, view):
        """Who called and what came of it, in one sentence; the caller's line is highlighted."""
        caller = view.caller
        if caller is None:
            return tr("Nobody called: every hand scores its points."), None
        names = self.ctrl.names
        mine = next((r for r in view.results if r.seat == caller), None)
        if mine is None:
            return "", caller
        if mine.penalty:
            lower = min((r for r in view.results if r.seat != caller), key=lambda r: r.points)
            return trn("{caller} called {call} with {points} point, but {lower} had {lower_points}: "
                       "{points} + {penalty}.",
                       "{caller} called {call} with {points} points, but {lower} had {lower_points}: "
                       "{points} + {penalty}.", mine.points, caller=names[caller], call=view.call_name,
                       points=mine.points, lower=names[lower.seat], lower_points=lower.points,
                       penalty=mine.penalty), caller
        return trn("{caller} called {call} with {points} point, the fewest: {caller} scores {score}.",
                   "{caller} called {call} with {points} points, the fewest: {caller} scores {score}.",
                   mine.points, caller=names[caller], call=view.call_name, points=mine.points,
                   score=mine.round_points), caller

    # ---- what the drawing is told ----
    def looking(self):
        """The human looking at the card they just drew (the turn has passed, its owner not yet on)."""
        hold = self.ctrl.hold
        return hold.seat if hold is not None and hold.reason == "new card" and not hold.waiting else None

    # ---- input ----
    def make_input(self):
        from game.ui.families.shedding.input import SheddingInput
        return SheddingInput(self)

    def visuals(self, vis, zones, view):
        """The seat at the bottom, the hand's sort, the card marked new and the drawer looking at it;
        each frame of a drag, the cards swept along the fan (by `dragged`) light and lift where they
        lie (picked), and go with the pointer once it leaves the fan for the pile."""
        looking = self.looking()
        if looking is not None:
            vis.acting = looking                # the scores beside the table mark the same seat
        inp = getattr(self.scene, "input", None)
        if inp is not None and getattr(inp, "dragging", False):
            if inp.press and inp.picks():
                vis.targets = inp.targets(inp.press[0])
                if inp.over_fan:
                    vis.selected, vis.dragging = inp.swept, None
                else:
                    vis.dragging = inp.swept
        new = self.new_card[1] if self.new_card and self.new_card[0] == view.viewer else None
        return SheddingVisuals(**vars(vis), focus=self.focus(view), sort=self.sort_modes.get(view.viewer, ""),
                               new=new, looking=looking)

    def dragged(self, zones, point) -> None:
        """Every move of the pointer during a drag sweeps along the fan (drawing only reads the sweep)."""
        self.scene.input.sweep(zones, point)

    def confirm_question(self, action) -> str:
        if action.kind != "call":
            return ""
        view = self.ctrl.view()
        points = view.hand_points()
        # the button's label as the table words it (game/ui/table.py: "Confirm Kumbal!")
        button = tr("Confirm {move}", move=self.button_label(action))
        return trn("Call {call} with {points} point? The round ends now and every hand is shown: press K again "
                   "or click {button}; Esc to keep playing.",
                   "Call {call} with {points} points? The round ends now and every hand is shown: press K again "
                   "or click {button}; Esc to keep playing.", points, call=view.call_name, points=points,
                   button=button)

    def declined(self, action) -> str:
        return tr("No call: discard as usual.")

    def key_help(self) -> tuple:
        name = self.ctrl.view().call_name
        return ((trc("a key or a gesture", "Click"), trc("what a key does", "pick cards, then the pile")),
                (trc("a key or a gesture", "Drag"), trc("what a key does", "cards onto the pile")),
                ("K", trc("what a key does", "call {call}", call=name)),
                (trc("a key or a gesture", "Space"), trc("what a key does", "keep the drawn card")),
                ("R / U", trc("what a key does", "sort by rank / suit")),
                ("F1", trc("what a key does", "rules")),
                ("Esc", trc("what a key does", "drop the picked cards")),
                (trc("a key or a gesture", "PgUp"), trc("what a key does", "scroll the log")))

    def button_label(self, action) -> str:
        if action.kind == "call":
            return f"{local(self.ctrl.view().call_name)}!"
        if action.kind == "keep":
            return trc("a button", "Keep")
        if action.kind == "next_round":
            return trc("a button", "Next round")
        return super().button_label(action)

    def keys(self) -> dict:
        return {pygame.K_k: "call", pygame.K_SPACE: "keep"}

    def prompt(self, view, seat) -> str:
        inp = getattr(self.scene, "input", None)
        if inp is not None and getattr(inp, "dragging", False) and inp.picks():
            return words.sweep_prompt(view, inp.swept, inp.completes())
        names = self.ctrl.names
        legal = self.ctrl.legal(seat) if seat is not None else []
        return words.prompt(view, seat, names, any(a.kind == "call" for a in legal))

    def why_not(self, view, selection, place) -> str:
        return words.why_not(view, tuple(selection), place, self._names(), self.jokers_wild())

    def jokers_wild(self) -> bool:
        """Are jokers wild in runs in this match? A fact of the ruleset and the match's house rules,
        public (it was read from the game's state, which has no such field: always False)."""
        session = self.ctrl.session
        parameters = session.ruleset.parameters(session.options)
        return bool(parameters.get("jokers", {}).get("wild_in_runs", False))

    def press(self, place) -> bool:
        """A place of the plug-in's own (the sort chips): handled here, not by the rules."""
        if place in shed_layout.SORT_CHIPS:
            self.sort(place[1])
            return True
        return False

    def key(self, key) -> bool:
        """The plug-in's own keys: R sorts by rank, U by suit."""
        if key == pygame.K_r:
            self.sort("rank")
            return True
        if key == pygame.K_u:
            self.sort("suit")
            return True
        return False

    def rearrange(self, zones, selection, point) -> bool:
        """A hand card dragged and let go over the hand moves there (True): no action is made. A sweep
        that picks cards is not a move: its cards stay picked (the input's drop)."""
        hand = zones.get("hand")
        inp = getattr(self.scene, "input", None)
        if inp is not None and hasattr(inp, "picks") and inp.picks():
            return False
        origin = getattr(inp, "origin", None) or (selection[0] if len(selection) == 1 else None)
        if hand is None or origin is None or origin[0] != "hand" or origin not in hand.places:
            return False
        if not hand.rect.inflate(0, hand.lift * 2 + 20).collidepoint(point):
            return False
        self.move_card(origin[2], hand.index_at(point[0]))
        return True

    def sound_cue(self, events):
        """One cue per action: the round's end, a call, a reset by an exact 51 or 99 (the "lucky"
        chime), or with one human at the table the start of their turn."""
        humans = list(self.ctrl.humans)
        cues = set()
        for ev in events:
            if ev.kind in SOUNDS:
                cues.add(SOUNDS[ev.kind])
            elif ev.kind == "turn" and len(humans) == 1 and ev.seat in humans:
                cues.add("your_turn")    # several humans: the pass screen's confirmation sounds it
        return next((cue for cue in CUE_ORDER if cue in cues), None)

    # ---- animation ----
    def _scale(self, ctx) -> float:
        scale = getattr(ctx, "scale", None)
        if scale is None:
            scale = self.scene.app.anim_scale()
        return scale

    def deal_steps(self, ctx) -> list:
        """The hands fly from the deck around the table, then the first card turns onto the pile."""
        view, zones = ctx.view, ctx.zones
        s = self._scale(ctx)
        art = self.art
        deck = zones["deck"].rect
        tweens, hide = [], set()
        focus = self.focus(view)
        most = max(seat_view.hand_count for seat_view in view.seats)
        order = []
        for i in range(most):
            for k in range(1, view.n + 1):
                seat = (view.dealer + k) % view.n
                order.append((seat, i))
        for j, (seat, i) in enumerate(order):
            if seat == focus and zones.get("hand") is not None:
                places = list(zones["hand"].rects())
                if i >= len(places):
                    continue
                place = places[i]
            else:
                fan = zones.get(("backs", seat))
                if fan is None or i >= len(fan.places):
                    continue
                place = fan.places[i]
            rect = zones.rect(place)
            tweens.append(CardMove(art.back(deck.size), deck, rect, MOVE * 0.8 * s, delay=j * DEAL_GAP * s))
            hide.add(place)
        steps = [Step(tweens, hide)] if tweens else []
        if view.last_discard:
            place = ("last", view.last_discard[0])
            rect = zones.rect(place)
            steps.append(Step([CardMove(art.back(deck.size), deck, rect, MOVE * s,
                                        img_end=art.face(view.face(view.last_discard[0]), deck.size), lift=14)],
                              {place}))
        return steps

    def events_applied(self, seat, action, events) -> None:
        self._keep_orders()
        if self.new_card is not None and (self.new_card[0] == seat or any(
                ev.kind in ("round_over", "deal") for ev in events)):
            self.new_card = None        # the drawer has acted again, or the round is over
        self._look_at_new_card(seat, events)

    def _look_at_new_card(self, seat, events) -> None:
        """A human drew (or took) a card and that ended the turn: the card flies into their hand face
        up, marked new, and the table holds a moment for them to look before the turn passes. The
        hold is private (the drawer's view); with another human next, its time running out does not
        open their pass screen: the card turns back to the public view and the table waits for a
        click or Space (the common table's rule), then the pass screen comes."""
        ctrl = self.ctrl
        got = next((ev for ev in events if ev.kind in ("draw", "take") and ev.seat == seat), None)
        if got is None or not any(ev.kind == "turn" for ev in events) or not ctrl.sees_privately(seat):
            return
        hand = ctrl.view_of(seat).hand
        card = got.get("card") if got.kind == "take" else (hand[-1] if hand else None)
        if card not in hand:
            return
        self.new_card = (seat, card)
        scale = self.scene.app.anim_scale()
        ctrl.start_hold(max(LOOK_FLOOR, (MOVE + LOOK) * scale), seat, "new card")

    def status(self, moment) -> str:
        """The status line of the drawer's look at a new card (the common words otherwise)."""
        ctrl = self.ctrl
        hold = ctrl.hold
        if hold is None or hold.reason != "new card" or hold.seat is None or self.new_card is None:
            return ""
        view = ctrl.view()
        seat, card = self.new_card
        if view.viewer != seat or card not in view.hand:
            return ""
        who, name = words.name_of(ctrl.names, seat), card_name(view.face(card))
        if card in view.seats[seat].taken:
            return tr("{who}: you took the {card}, marked new in your hand. Click or press Space to go on.",
                      who=who, card=name)
        return tr("{who}: you drew the {card}, marked new in your hand. Click or press Space to go on.",
                  who=who, card=name)

    def steps_for(self, events, ctx) -> list:
        """Cards flying for each event; banners for a call, the round's result and a reset; a new
        round's deal."""
        from game.ui.families.shedding.anim import steps_for
        view, zones = ctx.view, ctx.zones
        before = self.drawing.rects(ctx.before) if ctx.before is not None else {}     # the table before the events
        steps, run = [], []
        for ev in events:
            if ev.kind == "deal":
                steps += steps_for(run, view, zones, before, self.art, self._scale(ctx), self._names())
                steps += self.deal_steps(ctx)
                run = []
            else:
                run.append(ev)
        return steps + steps_for(run, view, zones, before, self.art, self._scale(ctx), self._names())

    def _names(self) -> tuple:
        return tuple(self.ctrl.names)
