"""Castle Combo's part of the table: the tableau family's TablePlugin (issue 10).

Castle Combo is open information: every decision is a public moment, so no pass screen is ever
shown, however many humans play. The market (two displays with their decks, discard piles and
the Messenger) is on the left, the other players' tableaux small below it, the tableau of the
human on turn large on the right.

Gestures: drag a card of the Messenger's display onto a lit cell (or click it, then the cell);
the "Face down" toggle (or F) makes the next card taken go face down for 6 gold and 2 keys; keys
and choices are buttons labelled with what they do, short enough for the status bar (the prompt
says a choice's options in full); a key is spent only on a second press of M or N (or its button,
then Confirm): the first asks, Esc keeps the key; a neighbour is picked by clicking their
plate; a display card is discarded by clicking it; at the end, a left click on a purse card adds
a gold, a right click takes one back, and Done ends. Hovering any card (or a right click on it)
shows the zoom panel: the card large, with its cost, shields, ability and scoring in words.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

import pygame

from game.i18n import N_, tr, trn
from game.ui import fonts, table_frame, theme
from game.ui.anim import Banner, Step
from game.ui.families.base import Moment, TableDrawing, TablePlugin
from game.ui.families.tableau import layout as tab_layout
from game.ui.families.tableau import words
from game.ui.families.tableau.art import TableauArt, footer_h
from game.ui.families.tableau.draw import Marks, draw_table, draw_zoom, face_down_band, projected_total
from game.ui.table_frame import Visuals
from game.ui.table_input import Gesture, SelectionInput
from game.ui.widgets import Button

TAKES = ("buy", "face_down")
KEYS = ("key_move", "key_refresh")                      # spending a key: asked first (confirm_question)
BOT_BANNERS = ("face_down", "key_move", "key_refresh")     # a bot did it: said in words over the table
TABLE_BANNERS = ("reshuffle", "location_empty")
FACE_DOWN_ON = N_("Face down on: the next card gives 6 gold and 2 keys.")
FACE_DOWN_OFF = N_("Face down off: the next card is bought.")
BANNER = 1.4                                            # seconds at speed "normal"


def price_for(view, card, seat):
    """What `card` on display costs `seat` after their discounts (the rules' helper when there)."""
    if seat == view.viewer or (view.viewer is None and seat == view.current):
        price = view.price(card)
        if price is not None:
            return price
    try:
        from game.families.tableau import scoring
        return scoring.price(view.faces, view.seats[seat].tableau, card)
    except Exception:       # the helper is missing or failed: the view's price for its viewer
        return view.price(card)


class TableauInput(SelectionInput):
    """The generic selection input, with the tableau's own words for a card that cannot be lifted
    and purse cards of a fill picked in any order."""

    def why_not_drag(self, place) -> Gesture:
        if self.actor() is None:
            return self.waiting(place)
        say = words.not_draggable(self.ctrl.view(), place)
        return Gesture(say=say) if say else Gesture()

    def click(self, place) -> Gesture:
        """Another display card clicked while one is picked: that one is picked instead (a turn
        takes one card; a display card never joins another)."""
        picked = self.selected or ()
        if place is not None and place[0] == "display" and picked and picked[0][0] == "display" \
                and place not in picked:
            self.selected = None
        return super().click(place)

    def _gesture(self, out) -> Gesture:
        g = super()._gesture(out)
        g.actions = [self.plugin.original(a) for a in g.actions]
        return g


@dataclass
class TableauVisuals(Visuals):
    """The common Visuals plus what the live Castle Combo table shows beyond the view."""
    face_down: bool = False                 # the toggle is on: the next card taken goes face down


class TableauDrawing(TableDrawing):
    """Castle Combo's table drawn from a view, the seat whose tableau is large and TableauVisuals: no
    controller."""

    def __init__(self, ruleset, art, settings=None):
        super().__init__(ruleset, TableauArt(), settings)

    def layout(self, size, view, arrangement):
        return tab_layout.compute(tuple(size), view, arrangement)

    def still(self, size, view, vis, focus):
        return self.layout(size, view, focus), TableauVisuals(**vars(self.visuals(vis, view)))

    @staticmethod
    def rects(zones) -> dict:
        """place -> rect of every place, plate, pawn, slot, box, frame and card: where things fly from."""
        rects = dict(zones.places())
        for key, rect in zones.extra.items():
            if isinstance(key, tuple) and key[0] in ("plate", "pawn", "slot", "box", "frame"):
                rects[key] = rect
        rects.update(zones.cards)
        return rects

    def place_rect(self, zones, place):
        return zones.rect(place) or zones.cards.get(place)

    def image(self, place, zones, view):
        rect = self.place_rect(zones, place)
        if rect is None:
            return None
        return self.image_for(view)(place, rect.size)

    def card_image(self, view, card, size, face_up=True, footer: int = 0):
        """A card's face (its words as many as fit whole: the zoom panel has them all) or, taken face
        down, its back; `footer`: pixels at its foot kept free for its points and purse gold."""
        face = view.face(card)
        if not face_up:
            return self.art.back(face.location, size, tr("face down"))
        return self.art.face(face, size, words.face_texts(face), footer)

    def image_for(self, view):
        """(place, size) -> the image of that place's card in `view` (None: no card there)."""
        def image_for(place, size):
            zone = place[0]
            if zone == "display":
                return self.card_image(view, place[2], size)
            if zone == "cell":
                placed = next((p for p in view.seats[place[1]].tableau if (p.row, p.col) == (place[2], place[3])),
                              None)
                if placed is None:
                    return None
                return self.card_image(view, placed.card, size, placed.face_up, footer_h(size[1]))
            if zone == "deck":
                i = list(view.locations).index(place[1])
                return self.art.back(place[1], size) if view.deck_counts[i] else None
            if zone == "discard":
                i = list(view.locations).index(place[1])
                pile = view.discards[i]
                return self.card_image(view, pile[-1], size) if pile else None
            return None
        return image_for

    # ---- drawing ----
    def marks(self, view, vis) -> Marks:
        dragging = vis.dragging
        hidden = set(vis.hidden or ())
        if dragging and not isinstance(dragging[0], tuple):
            hidden.add(dragging)
        selected = vis.selected or ()
        if selected and not isinstance(selected[0], tuple):
            selected = (selected,)
        acting = view.current if view.phase != "over" else None
        seat = view.current
        prices = {c: price_for(view, c, seat) for row in view.displays for c in row}
        return Marks(names=tuple(vis.names), lit=frozenset(vis.targets or ()), selected=frozenset(selected),
                     hidden=frozenset(hidden), acting=acting, prices=prices)

    def draw(self, surf, zones, view, vis):
        """Draw the table; returns the zoom panel's rect drawn this frame, if any (tests measure it)."""
        marks = self.marks(view, vis)
        draw_table(surf, zones, view, marks, self.image_for(view), vis.dragging)
        if vis.face_down and view.phase in ("turn", "buy"):
            # each card on offer says how it would be taken (words on it: not colour alone)
            for place, rect in zones[("display", view.messenger)].rects().items():
                if place not in marks.hidden and place != vis.dragging:
                    face_down_band(surf, rect)
        place = vis.zoomed
        if place is None or vis.dragging:
            return None
        anchor = self.place_rect(zones, place)
        if anchor is None:
            return None
        return draw_zoom(surf, zones.extra["table"], anchor, view, place, tuple(vis.names),
                         lambda card, size: self.card_image(view, card, size, self._face_up(view, place)))

    @staticmethod
    def _face_up(view, place) -> bool:
        if place[0] != "cell":
            return True
        placed = next((p for p in view.seats[place[1]].tableau if (p.row, p.col) == (place[2], place[3])), None)
        return placed is None or placed.face_up

    @staticmethod
    def visuals(vis, view):
        """The side panel lists each player's points now; no one's view is named (nothing is secret)."""
        names = tuple(vis.names)
        vis.viewer_label = ""
        lines = []
        for seat_view in view.seats:
            total = projected_total(view, seat_view.seat)
            value = trn("{n} pts", "{n} pts", total, n=total) if total is not None else ""
            lines.append((seat_view.seat, words.name_of(names, seat_view.seat), value))
        vis.scores = tuple(lines)
        return vis

    def title(self, view, options=None) -> str:
        """The game's name and the turn (of nine), or what the end is doing."""
        name = self.ruleset.name
        if view.phase == "over":
            return tr("{game} · the game is over", game=name)
        if view.phase == "purses":
            return tr("{game} · storing leftover gold on purses", game=name)
        turn = min(9, view.turn_no // max(1, view.n) + 1)
        return tr("{game} · turn {n} of 9", game=name, n=turn)


class TableauPlugin(TablePlugin):
    """The tableau family's live table: who is large, the face-down toggle, the zoom, gestures, words and
    animation steps."""

    family = "tableau"
    drawing_class = TableauDrawing

    def __init__(self, scene):
        super().__init__(scene)
        self.art = self.drawing.art
        self.face_down = False          # the next card taken goes face down (the toggle)
        self.pinned = None              # a place zoomed by a right click (until the next one)
        self._focus = None              # the last human on turn: their tableau stays large meanwhile
        # None, "move" (a move was made, its animation not built yet) or "flight" (it is playing):
        # the large tableau stays the mover's until their card has landed in it
        self._focus_held = None
        self._fill_map = {}             # a fill's places in another order -> the legal action
        self.zoom_rect = None

    # ---- moments: open information ----
    def moment(self) -> Moment:
        """Every human decision is public (nothing is hidden from anyone): no pass screen."""
        ctrl = self.ctrl
        if ctrl.game.is_over():
            return Moment("over")
        to_act = list(ctrl.game.to_act())
        if not to_act:
            return Moment("idle")
        seat = to_act[0]
        return Moment("bot" if ctrl.is_bot(seat) else "public", seat)

    # ---- zones ----
    def focus(self, view) -> int:
        """The seat whose tableau is large: the human on turn, else the last human who was (live: it
        moves on as the turn does, and stays the mover's while their card flies)."""
        humans = list(self.ctrl.humans)
        current = view.current
        if (self._focus_held == "flight" and not self.scene.anim.busy()) or \
                (self._focus_held == "move" and self.scene.app.anim_scale() <= 0):
            self._focus_held = None     # landed, or nothing flies at the "instant" speed
        if current in humans and self._focus_held is None:
            self._focus = current
        if self._focus is None:
            self._focus = humans[0] if humans else current
        return self._focus

    def arrangement(self, view):
        """The seat whose tableau is large (see `focus`)."""
        return self.focus(view)

    # ---- what the drawing is told, and what it drew ----
    def visuals(self, vis, zones, view):
        """Each player's points; the face-down toggle; the zoom: a card pinned by a right click, else the
        one the pointer rests on."""
        vis = self.drawing.visuals(vis, view)
        fields = dict(vars(vis), zoomed=self.pinned or vis.zoomed)
        return TableauVisuals(**fields, face_down=self.face_down)

    def draw(self, surf, zones, view, vis) -> None:
        self.zoom_rect = self.drawing.draw(surf, zones, view, vis)   # the zoom panel drawn, if any

    def place_rect(self, zones, place):
        return self.drawing.place_rect(zones, place)

    def image(self, place, zones, view):
        return self.drawing.image(place, zones, view)

    # ---- input ----
    def make_input(self):
        return TableauInput(self)

    def hover_place(self, zones, point):
        """The card or pile under `point` that the zoom panel can show (small tableaux too)."""
        place = zones.hit(point)
        if place is not None and place[0] in ("display", "deck", "discard"):
            return place
        for card_place, rect in reversed(list(zones.cards.items())):
            if rect.collidepoint(point):
                return card_place
        return None

    def pointer(self, event, zones) -> bool:
        """Hovering a card zooms it; a right click on a purse card takes a gold back (at the end),
        on any other card pins its zoom."""
        pos = getattr(event, "pos", None)
        if pos is None:
            return False
        place = self.hover_place(zones, pos)
        if event.type == pygame.MOUSEMOTION:
            if self.pinned is not None and place != self.pinned:
                self.pinned = None
            return False
        if getattr(event, "button", 1) != 3 or place is None:
            return False
        seat = self.ctrl.input_seat()
        if place[0] == "cell" and seat is not None:
            take = [a for a in self.ctrl.legal(seat) if a.kind == "purse_take" and a.places == (place,)]
            if take:
                self.ctrl.apply(seat, take[0])
                return True
            if self.ctrl.public().phase == "purses" and place[1] == seat:
                self.ctrl.say(tr("No gold is stored on that card to take back."), True)
                return True
        self.pinned = None if self.pinned == place else place
        return True

    def press(self, place) -> bool:
        """Decks and discard piles are for looking (the zoom lists a discard pile): no action."""
        if place is not None and place[0] in ("deck", "discard"):
            self.pinned = None if self.pinned == place else place
            return True
        return False

    def selectable(self, view, legal) -> list:
        """Buy or face down as the toggle says; purse_take is the right click's; a fill's purse
        cards in any order."""
        wanted = "face_down" if self.face_down else "buy"
        out = []
        self._fill_map = {}
        for a in legal:
            if a.kind in TAKES and a.kind != wanted:
                continue
            if a.kind == "purse_take":
                continue
            if a.kind == "fill" and 1 < len(a.places) <= 4:
                for order in permutations(a.places):
                    b = a.__class__(a.kind, places=tuple(order), choice=a.choice, args=a.args)
                    self._fill_map[b] = a
                    out.append(b)
                continue
            out.append(a)
        return out

    def original(self, action):
        """The legal action a fill picked in another order stands for."""
        return self._fill_map.get(action, action)

    def make_buttons(self, common: dict) -> dict:
        buttons = dict(common)
        # the tooltip is an English message: the widgets show it through tr
        buttons["face_down"] = Button(words.face_down_label(False), self.toggle_face_down, hint="F", size=15,
                                      tooltip=N_("Take the next card face down: no cost, +6 gold, +2 keys, "
                                                 "no ability and no points"))
        return buttons

    def sync_buttons(self, buttons: dict, seat, legal) -> None:
        button = buttons.get("face_down")
        if button is None:
            return
        can = any(a.kind == "face_down" for a in legal)
        if not can:
            self.face_down = False
        # while a key's question waits, the status bar shows only its Confirm and Keep playing
        button.visible = can and self._asking() is None
        button.label = words.face_down_label(self.face_down)
        button.primary = self.face_down

    def _asking(self):
        """The key action whose question waits for its answer now (None: none)."""
        scene = self.scene
        armed = getattr(scene, "armed_action", None)
        if armed is None or armed[2].kind not in KEYS:
            return None
        return armed[2] if scene.armed(self.ctrl.input_seat(), armed[2]) else None

    def toggle_face_down(self) -> None:
        seat = self.ctrl.input_seat()
        if seat is None or not any(a.kind == "face_down" for a in self.ctrl.legal(seat)):
            self.face_down = False
            return
        self.face_down = not self.face_down
        self.scene.input.reset()
        self.ctrl.say(tr(FACE_DOWN_ON) if self.face_down else tr(FACE_DOWN_OFF))

    def key(self, key) -> bool:
        if key == pygame.K_f:
            self.toggle_face_down()
            return True
        return False

    def key_help(self) -> tuple:
        """Each line short enough for the side panel at 1024x640 (it cuts what does not fit)."""
        return ((tr("Drag"), tr("a card onto a lit cell")), (tr("Click"), tr("a card, then a cell")),
                ("F", tr("face down on/off")), ("M", tr("key: move Messenger")), ("N", tr("key: 3 new cards")),
                (tr("Hover"), tr("read a card in words")), (tr("R-click"), tr("pin a card's words")),
                (tr("R-click"), tr("purse: take a gold back")), (tr("Enter"), tr("done (purses)")),
                ("F1", tr("rules")), ("Esc", tr("drop the picked card")))

    def keys(self) -> dict:
        return {pygame.K_m: "key_move", pygame.K_n: "key_refresh", pygame.K_RETURN: "purses_done",
                pygame.K_KP_ENTER: "purses_done"}

    def sound_cue(self, events):
        """A human alone at the table hears their turn come (several humans: each sees the prompt)."""
        humans = list(self.ctrl.humans)
        if any(ev.kind == "game_over" for ev in events):
            return "round_end"
        if len(humans) == 1 and any(ev.kind == "turn" and ev.seat in humans for ev in events):
            return "your_turn"
        return None

    def button_label(self, action) -> str:
        """A key's button says what it does; while its question waits it is the Confirm button (the
        other key's button steps aside until the question is answered)."""
        view = self.ctrl.view()
        asking = self._asking()
        if action.kind in KEYS and asking is not None:
            if action != asking:
                return ""
            # the status bar's buttons are at most 220 px (times the window's scale) and their label
            # shrinks to fit: the most words that still read at 12 px or more
            scale = table_frame.compute(self.scene.app.size).scale
            room, size = round(220 * scale) - 12, max(12, round(15 * scale) - 3)
            said = words.confirm_labels(action, view)
            return next((c for c in said if fonts.width(tr("Confirm {move}", move=c), size, True) <= room), said[-1])
        if action.kind == "key_refresh":     # German's "3 new Castle cards" where the window has room
            scale = table_frame.compute(self.scene.app.size).scale
            return words.button_label(action, view, round(words.BUTTON_ROOM * scale))
        return words.button_label(action, view)

    def confirm_question(self, action) -> str:
        """A key is spent only on a second press (M, N or its button; or Confirm): the first asks."""
        if action.kind not in KEYS:
            return ""
        return words.key_question(action, self.ctrl.view())

    def declined(self, action) -> str:
        return tr("You keep your key.") if action.kind in KEYS else tr("Go on with your turn.")

    def prompt(self, view, seat) -> str:
        return words.prompt(view, seat, tuple(self.ctrl.names), self.face_down)

    def why_not(self, view, selection, place) -> str:
        return words.why_not(view, tuple(selection), place, tuple(self.ctrl.names))

    def events_applied(self, seat, action, events) -> None:
        self.pinned = None              # any action closes the zoom, a pinned one too
        if action.kind in TAKES:
            self.face_down = False
            message = self.ctrl.message
            if message and message[0] in (tr(FACE_DOWN_ON), tr(FACE_DOWN_OFF)):
                self.ctrl.message = None     # the toggle's notice was for that card, not the next player
        self._focus_held = "move"

    # ---- animation ----
    def _scale(self, ctx) -> float:
        scale = getattr(ctx, "scale", None)
        return self.scene.app.anim_scale() if scale is None else scale

    def steps_for(self, events, ctx) -> list:
        """Cards flying display -> tableau, refills deck -> display, the Messenger moving, gold and
        keys ticking: from the difference between the views before and after."""
        from game.ui.families.tableau.anim import steps_between
        before = self.drawing.rects(ctx.before) if ctx.before is not None else {}     # the table before the events
        old, view, zones = ctx.before_view, ctx.view, ctx.zones
        if old is None or self._scale(ctx) <= 0:
            self._focus_held = None
            return []
        steps = steps_between(self.drawing, old, view, before, zones, self._scale(ctx), tuple(self.ctrl.names))
        banners = self._banners(events, zones, self._scale(ctx))
        if banners:
            if steps:
                steps[0].tweens += banners
            else:
                steps = [Step(banners)]
        self._focus_held = "flight" if steps else None
        return steps

    def _banners(self, events, zones, scale) -> list:
        """Words over the table for what a card's flight does not show: a bot's face-down take or
        key, a reshuffled deck, a location leaving the game."""
        names = tuple(self.ctrl.names)
        table = zones.extra["table"]
        out = []
        for ev in events:
            mine = ev.kind in BOT_BANNERS and self.ctrl.is_bot(ev.seat)
            if not (mine or ev.kind in TABLE_BANNERS):
                continue
            try:
                text = self.ctrl.family.describe(ev, names, "")
            except Exception:
                continue
            if text:
                size = fonts.fit(text, 24, table.w - 80, True, min_size=12)
                out.append(Banner(text, table.center, BANNER * max(0.3, scale), colour=theme.ACCENT, size=size,
                                  delay=len(out) * BANNER * 0.5 * scale))
        return out

    # ---- the end ----
    def result_scene(self, app, table):
        from game.ui.families.tableau.result import TableauResultScene
        return TableauResultScene(app, table)
