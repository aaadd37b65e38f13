"""Klobba!'s part of the table: the clash family's TablePlugin (issue 11).

The four Band places sit around the felt (the seat on screen's at the bottom; Free Bands say so),
each with its plate: owner, Totem, Stars and captured Barbarians. The Groups are tinted areas
joined by a band of their Totem's colour; the Grouping markers are pennants. Secret choices (the
Totem holders' laid cards, the offers, Swap & Play, tied selections) are made one human after the
other, each behind the pass screen (the common `moment` does that); the reveal is public: both laid
cards flip together, Stars fly onto the selected Barbarians, the totals count up, the captured
Barbarian flies to its winner, the winner's cards turn face down; then the table holds so everyone
sees the result.

Gestures: the Black Totem holder clicks a Band to pair with it; a card is laid by clicking it (or
dragging it onto its laid-card place); an offer is a card dragged (or clicked, then) onto the
Totem holder's plate or laid-card place (both light up); Flee & Surprise, tied selections, a
capture and a switch are clicks on Barbarians; offering nothing, not switching and a tied choice
are buttons too. A gesture that does nothing says why in the rules' words. Hovering any card zooms
it with its text.

Words follow the animation (a playtest read "Ana wins 9 to 8" and "Round 3" while the totals still
counted): each animation step says which event it shows (`Step.shows`); until a step has started,
the title, the scores, the banner and the status line tell the table as it was before it. The
clobber's table is drawn as it was until its outcome has played; then the table as it is, with
the Totems where they were until they move on.
"""
from __future__ import annotations

import pygame

import dataclasses
from dataclasses import dataclass
from typing import Optional

from game.families.clash.words import shown
from game.i18n import tr, trc
from game.ui.families.base import TableDrawing, TablePlugin

from game.ui.families.clash import layout as clash_layout
from game.ui.families.clash import words
from game.ui.families.clash.anim import steps_for
from game.ui.families.clash.art import ClashArt
from game.ui.families.clash.draw import Marks, draw_table, holder, slot_card
from game.ui.kit import card_size
from game.ui.table_frame import Visuals
from game.ui.widgets import Button

OUTCOMES = ("victory", "standoff", "distraction", "mutual_distraction", "mirrors")
TOLD = OUTCOMES + ("distracts",)        # the steps that tell the clobber's result
REVEAL_HOLD = {"slow": 5.0, "normal": 3.5, "fast": 2.5, "instant": 1.5}    # seconds everyone watches
SELECT_BUTTONS = 6          # tied choices offered as buttons (more: click the Barbarians)
CHOICES = ("select", "keep")   # tied selections, and the two Barbarians Flee & Surprise keeps


def offer_places(view) -> tuple:
    """The cards offered to the viewer that it may lay (its own view only)."""
    if view.viewer is None:
        return ()
    return tuple(("offer", o.offerer, o.card) for o in view.offers
                 if o.holder == view.viewer and o.made and o.card is not None)


def faces_up(view) -> dict:
    """Barbarian id -> is it face up, in `view`'s Bands."""
    return {c.card: c.face_up for b in view.bands for c in b.cards}


def scores(view, names) -> tuple:
    """The side panel's lines: each seat's name, its Totem, its Stars."""
    lines = []
    for seat_view in view.seats:
        name = words.name_of(names, seat_view.seat)
        if seat_view.seat == view.black:
            name = tr("{name} (Black)", name=name)
        elif seat_view.seat == view.white:
            name = tr("{name} (White)", name=name)
        lines.append((seat_view.seat, name, str(seat_view.score)))
    return tuple(lines)


@dataclass
class ClashVisuals(Visuals):
    """The common Visuals plus the clobber as the live table tells it during its hold (None: no hold)."""
    clash: Optional[dict] = None


class ClashDrawing(TableDrawing):
    """Klobba!'s table drawn from a view, the seat whose Band is at the bottom and ClashVisuals: no
    controller."""

    def __init__(self, ruleset, art, settings=None):
        super().__init__(ruleset, ClashArt(art), settings)

    def layout(self, size, view, arrangement):
        hand = tuple(("hand", view.viewer, c) for c in view.hand) if view.viewer is not None else ()
        bottom = view.seats[arrangement].place
        return clash_layout.compute(tuple(size), view, bottom, hand, offer_places(view))

    def still(self, size, view, vis, focus):
        focus = view.viewer if view.viewer is not None else focus
        vis.scores = scores(view, tuple(vis.names))
        return self.layout(size, view, focus), ClashVisuals(**vars(vis))

    @staticmethod
    def rects(zones) -> dict:
        """place -> rect of every place and marked area (plates, laid-card places): where cards fly from."""
        rects = dict(zones.places())
        for key, rect in zones.extra.items():
            if isinstance(key, tuple):
                rects[key] = rect
        return rects

    def title(self, view, options=None) -> str:
        """The game, the round, and how many rounds it lasts at most."""
        return words.title(self.ruleset.name, view)

    def draw(self, surf, zones, view, vis) -> None:
        self.art.learn(view.faces)          # the clans' symbols: public, the same all match
        hidden = set(vis.hidden or ())
        if vis.dragging:
            hidden |= set(vis.dragging) if isinstance(vis.dragging[0], tuple) else {vis.dragging}
        zoom = None
        if vis.zoomed is not None:
            face = self.zoomed_face(view, vis.zoomed, vis.clash)
            if face is not None:
                zoom = (vis.zoomed, face)
        hint = vis.clash["text"] if vis.clash else words.banner(view, tuple(vis.names))
        selected = vis.selected or ()
        marks = Marks(names=tuple(vis.names), lit=frozenset(vis.targets or ()), selected=frozenset(selected),
                      hidden=frozenset(hidden), acting=vis.acting, zoom=zoom, clash=vis.clash, hint=hint,
                      new=frozenset(view.swap_drawn), live=not vis.replay, open=vis.open_cards)
        draw_table(surf, zones, view, marks, self.art)

    @staticmethod
    def zoomed_face(view, place, clash):
        """The face under the pointer, if the view shows it (never a hidden card); `clash`: the
        clobber shown during its hold (its laid cards), or None."""
        if place[0] == "slot":
            card = slot_card(view, clash, place[1])[0]
            return view.face(card) if card is not None else None
        if place[0] in ("hand", "offer") and len(place) == 3 and view.viewer is not None:
            if place[2] in view.hand or place in offer_places(view):
                return view.face(place[2])
        if place[0] == "band" and len(place) == 3:
            band = view.bands[place[1]]
            if any(c.card == place[2] and c.face_up for c in band.cards):
                return view.face(place[2])
        return None


class ClashPlugin(TablePlugin):
    """The clash family's live table: the clobber everyone watches, gestures, words and animation steps."""

    family = "clash"
    drawing_class = ClashDrawing

    def __init__(self, scene):
        super().__init__(scene)
        self.art = self.drawing.art
        self.art.learn(self.ctrl.public().faces)    # the clans' symbols: public, the same all match
        self.clash = None           # the last clobber, from its public events (shown during its hold)
        self._pre = None            # (the views shown before a clobber's events, its animation steps)
        self._before_views = ()     # the views shown before the last animated action's events
        self._shows: list = []      # (event kind, step) of the animation steps queued, in order

    def taken_back(self) -> None:
        """A take-back: no clobber of the moves taken back stays on the table."""
        self.clash, self._pre, self._before_views = None, None, ()

    # ---- who is at the bottom ----

    def focus(self, view) -> int:
        if view.viewer is not None:
            return view.viewer
        return self.ctrl.focus or 0

    def arrangement(self, view):
        """The seat whose Band is at the bottom."""
        return self.focus(view)

    # ---- zones ----
    @staticmethod
    def slot_at(zones, point):
        """("slot", totem) when `point` is on a laid-card place (the card, its label or its total)."""
        for totem in ("black", "white"):
            area = zones.extra["slot", totem].inflate(16, 16).union(zones.extra["slot_label", totem])
            if area.collidepoint(point):
                return ("slot", totem)
        return None

    def hit(self, zones, point):
        place = zones.hit(point)
        if place is None and point is not None:
            place = self.slot_at(zones, point)
        if place is None:
            return place
        view = self.ctrl.view()
        if place[0] == "slot":
            # an offer goes to a Totem holder: on their plate or on their laid-card place
            return ("totem", holder(view, None, place[1])) if view.phase == "offer" else place
        if view.phase == "group" and place[0] in ("band", "totem"):
            # a click anywhere on a Band (its plate, its Barbarians) pairs with it
            if place[0] == "totem":
                return ("band", view.seats[place[1]].place)
            return ("band", place[1])
        if view.phase == "offer" and place[0] in ("band", "totem"):
            owner = view.bands[place[1]].owner if place[0] == "band" else place[1]
            return ("totem", owner) if owner is not None else place
        if place[0] == "totem":
            return ("band", view.seats[place[1]].place)
        return place

    def image(self, place, zones, view):
        rect = zones.rect(place)
        size = rect.size if rect is not None else card_size(100)
        if place[0] in ("hand", "offer") and len(place) == 3:
            return self.art.face(view.face(place[2]), size)
        if place[0] == "band" and len(place) == 3:
            up = faces_up(view).get(place[2], True)
            return self.art.face(view.face(place[2]), size) if up else self.art.back(size)
        return None

    # ---- what the drawing is told ----
    def title(self, view) -> str:
        """The game, the round, and how many rounds it lasts at most: as the animation has shown it
        (the round the clobber was in until the Totems have moved on)."""
        return self.drawing.title(self.shown_view(view))

    def visuals(self, vis, zones, view):
        """The Stars as they were until the clobber has played; the clobber as the table tells it
        during its hold."""
        vis.scores = scores(self.shown_view(view), tuple(vis.names))
        return ClashVisuals(**vars(vis), clash=self._clash_shown() if self.holding_clash() else None)

    # ---- how far the animation has got ----
    def _playing(self) -> list:
        """(kind, step) of this plug-in's steps still queued, in order (the first may be playing)."""
        queued = {id(st) for st in self.scene.anim.steps}
        self._shows = [(k, st) for k, st in self._shows if id(st) in queued]
        return self._shows

    def pending(self, *kinds) -> bool:
        """Is a step showing one of `kinds` still to start?"""
        steps = self.scene.anim.steps
        first = steps[0] if steps else None
        return any(k in kinds and st is not first for k, st in self._playing())

    def queued(self, *kinds) -> bool:
        """Is a step showing one of `kinds` still queued (to start, or playing)?"""
        return any(k in kinds for k, _ in self._playing())

    def shown_view(self, view):
        """The view as the animation has shown it so far (`view` when it has shown everything)."""
        pre = self._pre_view(view)
        if pre is not None:
            return pre
        if not self.pending("totems", "game_over"):
            if self.queued("totems"):       # the Totems are flying to their new holders
                return dataclasses.replace(view, bands=tuple(dataclasses.replace(b, totem=None) for b in view.bands))
            return view
        before = next((v for v in self._before_views if v is not None and v.viewer == view.viewer), None)
        if before is None:
            return view
        # the table as it is, with the Totems, the Groups and the round as they were
        bands = tuple(dataclasses.replace(b, totem=o.totem, marker=o.marker) for b, o in zip(view.bands, before.bands))
        seats = tuple(dataclasses.replace(seat_view, black_times=o.black_times)
                      for seat_view, o in zip(view.seats, before.seats))
        return dataclasses.replace(view, bands=bands, seats=seats, black=before.black, white=before.white,
                                   round_no=before.round_no, showdowns=before.showdowns, phase=before.phase,
                                   outcome=before.outcome)

    def holding_clash(self) -> bool:
        hold = self.ctrl.hold
        return hold is not None and hold.reason == "clash" and self.clash is not None

    def draw(self, surf, zones, view, vis):
        shown = self.shown_view(view)
        if shown is not view:
            # the clobber's animation plays over the table as it was (Groups formed, the captured
            # Barbarian still in its Band), drawn for the same viewer it was drawn for; then the
            # Totems stay where they were until they move on
            view, zones = shown, self.layout(zones.size, shown, self.arrangement(shown))
        self.drawing.draw(surf, zones, view, vis)

    def _clash_shown(self) -> dict:
        """The clobber as the table tells it: the totals once they have counted up, the outcome once
        its step plays (its banner says it too); until then, the cards revealed."""
        shown = dict(self.clash)
        if self.queued("reveal", "reveal_played", "surprise", "selected"):
            shown["totals"] = {}
        result = self.clash.get("result")
        if result and not self.pending(*TOLD):
            shown["text"] = result
        return shown

    def _pre_view(self, view):
        """The view to draw while a clobber's animation plays, until its outcome has played (None:
        the view given)."""
        if self._pre is None:
            return None
        views, steps = self._pre
        if not any(id(st) in steps for st in self.scene.anim.steps) or not self.queued(*TOLD):
            self._pre = None
            return None
        # only a view of the same viewer: a private one never comes back in a public frame
        return next((v for v in views if v is not None and v.viewer == view.viewer), None)

    def hover_place(self, zones, point):
        """A card (or a laid-card place) under the pointer: resting on it zooms it with its text."""
        place = zones.hit(point)
        place = place if place is not None and len(place) == 3 else None
        for totem in ("black", "white"):
            if place is None and zones.extra["slot", totem].collidepoint(point):
                place = ("slot", totem)
        return place

    # ---- the status bar's buttons: tied choices (they are Barbarians to click, too) ----
    def make_buttons(self, common: dict) -> dict:
        buttons = dict(common)
        for k in range(SELECT_BUTTONS):
            buttons["select", k] = Button("", (lambda k=k: self._select(k)), primary=True, size=15)
        return buttons

    def _select_actions(self, seat) -> list:
        if seat is None:
            return []
        return [a for a in self.ctrl.legal(seat) if a.kind in CHOICES][:SELECT_BUTTONS]

    def _select(self, k: int) -> None:
        seat = self.ctrl.input_seat()
        actions = self._select_actions(seat)
        if k < len(actions):
            self.ctrl.apply(seat, actions[k])

    def sync_buttons(self, buttons: dict, seat, legal) -> None:
        selects = [a for a in legal if a.kind in CHOICES]
        view = self.ctrl.view()
        for k in range(SELECT_BUTTONS):
            bt = buttons["select", k]
            bt.visible = k < len(selects) and len(selects) <= SELECT_BUTTONS
            if bt.visible:
                bt.label = words.select_label(view, selects[k])

    def button_label(self, action) -> str:
        if action.kind == "no_offer":
            return tr("Offer nothing")
        if action.kind == "no_switch":
            return tr("Don't switch")
        return ""

    def key(self, key) -> bool:
        if key != pygame.K_n:
            return False
        seat = self.ctrl.input_seat()
        for a in self.ctrl.legal(seat) if seat is not None else ():
            if a.kind in ("no_offer", "no_switch"):
                self.scene.request(a)
                return True
        return False

    def key_help(self) -> tuple:
        return ((trc("key", "Click"), tr("a Band, card or Barbarian")),
                (trc("key", "Drag"), tr("a card onto its place")), ("N", tr("no offer, no switch")),
                (trc("key", "Hover"), tr("zoom a card")), (trc("key", "Space"), tr("go on after a reveal")),
                ("F1", tr("rules")))

    def prompt(self, view, seat) -> str:
        names = tuple(self.ctrl.names)
        legal = self.ctrl.legal(seat) if seat is not None else []
        return words.prompt(view, seat, names, legal)

    def why_not(self, view, selection, place) -> str:
        seat = self.ctrl.input_seat()
        names = tuple(self.ctrl.names)
        legal = self.ctrl.legal(seat) if seat is not None else []
        return words.why_not(view, selection, place, names, seat, legal)

    def status(self, moment) -> str:
        if self.holding_clash():
            return tr("{result}  Click or press Space to go on.", result=self._clash_shown()["text"])
        return ""

    def rearrange(self, zones, selection, point) -> bool:
        """A hand or offered card dropped on its own laid-card place is laid (a drag, like a click)."""
        if len(selection) != 1 or selection[0][0] not in ("hand", "offer"):
            return False
        seat = self.ctrl.input_seat()
        view = self.ctrl.view()
        if seat is None or view.phase != "lay":
            return False
        totem = "black" if seat == view.black else "white" if seat == view.white else None
        slot = zones.extra.get(("slot", totem)) if totem else None
        if slot is None or not slot.inflate(30, 30).collidepoint(point):
            return False
        lay = [a for a in self.ctrl.legal(seat) if a.kind == "lay" and a.places == (selection[0],)]
        if not lay:
            return False
        self.ctrl.apply(seat, lay[0])
        return True

    # ---- the reveal everyone watches ----
    def events_applied(self, seat, action, events) -> None:
        kinds = {ev.kind for ev in events}
        for ev in events:
            self._note(ev)
        if "reveal" in kinds or kinds & set(OUTCOMES) or "reveal_played" in kinds or "surprise" in kinds:
            speed = self.ctrl.speed()
            self.ctrl.start_hold(REVEAL_HOLD.get(speed, 3.5), None, "clash")

    def _note(self, ev) -> None:
        """Keep what the public events tell of this round's clobber (never anything hidden)."""
        names = tuple(self.ctrl.names)
        k = ev.kind
        if k == "reveal":
            order = [seat for seat, _ in ev.get("cards")]       # the Black Totem holder's first
            self.clash = {"cards": dict(ev.get("cards")), "totals": {}, "notes": {}, "effects": {},
                          "totems": dict(zip(order, ("black", "white"))),
                          "text": words.ending(tr("Revealed: {cards}", cards=self._against(ev.faces)), "!")}
            return
        if self.clash is None:
            return
        if k == "reveal_played":
            for s, c in ev.get("cards"):
                if c is not None:
                    self.clash["cards"][s] = c
                    self.clash["notes"][s] = tr("after Swap & Play")
        elif k == "surprise":
            cards = ev.get("cards")
            if cards:
                self.clash["effects"][ev.seat] = cards[-1]
        elif k == "selected":
            for s, cards, total in ev.get("selections"):
                self.clash["totals"][s] = total if total is not None else 0
        elif k in OUTCOMES or k == "distracts":
            text = words.outcome_text(ev, names)
            if text:
                self.clash["result"] = text     # told once the clobber's animation has played

    @staticmethod
    def _against(faces) -> str:
        """The cards revealed: 'The Boss against Berzerk!' (in the player's language)."""
        names = [shown(f.name) for _, f in faces]
        out = names[0] if names else ""
        for name in names[1:]:
            out = tr("{first} against {second}", first=out, second=name)
        return out

    # ---- animation ----
    def steps_for(self, events, ctx) -> list:
        """The steps of the events from the table as it was shown before them (ctx.before); until a
        clobber's outcome has played, that table (its views) is what is drawn."""
        before = self.drawing.rects(ctx.before) if ctx.before is not None else {}
        faces_before = faces_up(ctx.before_view) if ctx.before_view is not None else {}
        self._before_views = (ctx.before_view, ctx.before_public)
        totems = dict(self.clash["totems"]) if self.clash is not None else {}
        steps = steps_for(events, ctx.view, ctx.zones, before, faces_before, self.art, ctx.scale,
                          tuple(self.ctrl.names), totems)
        outcome = any(ev.kind in OUTCOMES for ev in events)
        self._pre = (self._before_views, {id(st) for st in steps}) if outcome else None
        self._shows = self._playing() + [(getattr(st, "shows", ""), st) for st in steps]
        hold = self.ctrl.hold
        if hold is not None and hold.reason == "clash":
            # everyone watches the animations first: the hold starts counting after them
            length = sum(s.duration for s in steps)
            hold.until += length
            hold.length += length
        return steps

    def sound_cue(self, events):
        kinds = {ev.kind for ev in events}
        if "game_over" in kinds:
            return "round_end"
        if "victory" in kinds:
            return "match_ok"
        return None

    # ---- the end ----
    def result_scene(self, app, table):
        from game.ui.families.clash.result import ClashResultScene
        return ClashResultScene(app, table)
