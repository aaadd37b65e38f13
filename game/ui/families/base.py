"""The seam between the common table and a family's part of it (issue 9).

The common table (game/ui/table.py: TableScene; game/ui/table_controller.py: TableController)
does what every family needs: the pass screen and whose view is on screen (privacy), bot
pacing, holds (`ctrl.start_hold`), saving, the log panel, the top and status bars
(game/ui/table_frame.py), the Menu/Rules buttons, the round summary and the match result
(game/ui/summary.py: the family's `score_lines`, the plug-in's cards and notes), the animation
queue and its speed, dragging with slide-back, click-then-click, buttons for place-less actions
and a question before those the plug-in asks about (`confirm_question`). A family's
`TablePlugin` supplies the rest: its zones (from the kit in game/ui/kit/), how they are drawn,
its prompts, its moments, the animation steps of its events. game/ui/families/__init__.py maps
family names to plug-ins (the table's one list).

Input is generic (game/ui/table_input.py: SelectionInput; the kit's game/ui/kit/select.py):
what lights up is the places of the legal actions that extend the current selection; a drag or
click-then-click picks the one legal action that matches; legal actions that touch no place
become buttons (`button_label`). A plug-in may narrow it (`selectable`) or, like the memory
family's, bring its own input policy (`make_input`).

Everything a plug-in draws comes from a view (`ctrl.view()`: the view of the seat on screen,
or the public view), never from the state.

The seam is one-way: drawing reads, handling writes. A plug-in has two parts. Its `TableDrawing`
(`drawing_class`) is the pure part the offscreen renderer uses too (game/ui/offscreen.py): it is
made from the ruleset, the card art and the settings, and gets everything else with each call (the
view, the arrangement, the Visuals: names, the seat at the bottom, what a hold or a pointer shows);
it never sees a controller or a scene. The `TablePlugin` is the live part: it reads the controller
and the scene, keeps what the family's table remembers (events applied, holds, a hand's order),
and passes what the drawing needs in (`arrangement`, `visuals`). `layout` keeps nothing: the scene
lays a frame out once (TableScene.layout_of) and hands the zones shown before an action to its
animation steps (`StepContext.before`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from game.i18n import tr

# Sound cues of events every family has (game/ui/sound.py lists the cues).
_CUES = {"round_over": "round_end", "call": "call"}


@dataclass
class Moment:
    """What the table is doing now. kind: "private" (a human's own decision: their pass screen
    first), "public" (a human decides in view of everyone, no pass screen), "bot", "summary"
    (the round is scored), "over" (the match ended), "idle", or a kind of the family's own
    that its plug-in's `tick` runs (the memory family's "race")."""
    kind: str
    seat: Optional[int] = None


@dataclass
class StepContext:
    """What building animation steps needs: the zones and the on-screen view after the events, the
    names, the card art, the speed factor (seconds at "normal" times `scale`), and the table as it was
    shown before the events: its zones (`before`: where flying cards start), the view they were laid
    out from and the public view then (None before the first layout). The scene passes these in, so a
    plug-in's `layout` keeps nothing."""
    zones: object
    view: object
    names: tuple
    art: object
    scale: float
    before: object = None
    before_view: object = None
    before_public: object = None


class TableDrawing:
    """The pure drawing part of a family's table: its zones from a window size, a view and an
    arrangement, and the family's part of a frame drawn from those and the Visuals. It is all the
    offscreen renderer needs; it reads nothing but its arguments (no controller, no scene)."""

    def __init__(self, ruleset, art, settings=None):
        self.ruleset = ruleset
        self.art = art                  # the common card art (a family may wrap it or bring its own)
        self.settings = settings        # the player's settings (None: the defaults)

    def layout(self, size, view, arrangement):
        """The zones of the table for a window of `size` (a kit.Zones: a rect per place), from `view`
        and the `arrangement` (TablePlugin.arrangement) alone; keeps nothing."""
        raise NotImplementedError

    def draw(self, surf, zones, view, vis) -> None:
        """Draw the family's zones (the felt, bars, log panel and buttons are the common frame's).
        `vis` says what the table knows beyond the view: lit places, the selection, what is being
        dragged, hidden places while a card flies, the seat on screen, names, the place zoomed, and
        what the family's live part adds (its `visuals`)."""
        raise NotImplementedError

    def title(self, view, options=None) -> str:
        """The top bar's title (default: the game's name, the round and how the match ends, from the
        match's `options`)."""
        game = self.ruleset.name
        round_no = getattr(view, "round_no", None)
        end = (options or {}).get("match_end", {})
        if round_no is None:
            return tr(game)
        if end.get("mode") == "rounds":
            return tr("{game} · Round {n} of {rounds}", game=game, n=round_no, rounds=end.get("rounds"))
        if end.get("mode") == "points":
            return tr("{game} · Round {n} · to {points} points", game=game, n=round_no, points=end.get("points"))
        return tr("{game} · Round {n}", game=game, n=round_no)

    def still(self, size, view, vis, focus):
        """(zones, visuals) to draw `view` alone, with nothing live (the selftest, benchmarks, pixel
        privacy tests: game/ui/offscreen.py); `focus`: the seat at the bottom. Default: the zones with
        `focus` as the arrangement, the visuals as they are."""
        return self.layout(size, view, focus), vis


class TablePlugin:
    """One family's part of the table, live. The scene makes one per match: `plugin_for(family)(scene)`.

    `self.scene` is the common TableScene (its `ctrl`, `art`, `app`, `anim`); `self.ctrl` its
    TableController; `self.drawing` the family's TableDrawing (`drawing_class`). Methods have defaults
    that suit a turn-based family; override what differs.
    """

    family = ""
    drawing_class = TableDrawing

    def __init__(self, scene):
        self.scene = scene
        self.ctrl = scene.ctrl
        self.drawing = self.drawing_class(scene.ruleset, scene.art, scene.app.settings)

    # ---- moments: what the table does now (asked by the controller) ----
    def moment(self) -> Moment:
        """Default: the round's result is "summary", the end "over"; one seat in to_act acts (a bot:
        "bot"; a human: "private"); several humans at once act one after the other, each behind
        the pass screen (secret choices), and the family's events reveal them together."""
        ctrl = self.ctrl
        view = ctrl.public()
        if ctrl.game.is_over() or view.phase == "match_over":
            return Moment("over")
        if view.phase == "round_over":
            return Moment("summary")
        to_act = list(ctrl.game.to_act())
        if not to_act:
            return Moment("idle")
        bots = [s for s in to_act if ctrl.is_bot(s)]
        seat = bots[0] if bots else to_act[0]
        return Moment("bot" if bots else "private", seat)

    def tick(self, moment: Moment, now: float) -> bool:
        """Run a moment of the family's own kind (a race clock); True if it was one."""
        return False

    def input_seat(self, moment: Moment) -> Optional[int]:
        """The human whose gestures are moves in a moment of the family's own kind (a race's claimer)."""
        return None

    def update(self, now: float) -> None:
        """Every frame no animation plays, before the moment is run (expire what the family shows for a while)."""

    def private_moment(self, moment: Moment) -> None:
        """A human's private moment is on screen, after their pass screen (the memory family's initial
        look starts here)."""

    def bot_pause(self, seat: int, pause: float) -> float:
        """Seconds a bot "thinks" before its move (default: the speed setting's `pause`)."""
        return pause

    def events_applied(self, seat, action, events) -> None:
        """The events of an action just applied (logged already; animated after this): keep what
        the family's table shows about them, start a hold (`ctrl.start_hold`)."""

    def hold_released(self, hold) -> None:
        """A hold ended (timed out, or a click): stop showing what it held."""

    def taken_back(self) -> None:
        """A take-back restored an earlier state (game/ui/table_undo.py): forget what the family's
        table kept about the moves taken back (marks, looks under way)."""

    def reword(self, action, why: str) -> str:
        """The refusal sentence for `action` in the game's own words (default: the engine's)."""
        return why

    def status(self, moment: Moment) -> str:
        """The status line of a moment other than a decision (a hold, a race); "" for the common words."""
        return ""

    def sound_cue(self, events) -> Optional[str]:
        """The one sound cue of an action's events (None: quiet)."""
        cues = [_CUES[ev.kind] for ev in events if ev.kind in _CUES]
        return cues[0] if cues else None

    # ---- zones, drawing, hit-testing (asked by the scene every frame) ----
    def arrangement(self, view):
        """What the table's layout takes beyond the window's size and the view, as one hashable value
        (the scene keeps a layout while it is the same): default, the seat at the bottom (the viewer,
        or in the public view the human who looked last). Live: it may read the controller."""
        return view.viewer if view.viewer is not None else self.ctrl.focus

    def layout(self, size, view, arrangement):
        """The zones of the table (the drawing's `layout`: pure, it keeps nothing; the scene keeps
        the result)."""
        return self.drawing.layout(size, view, arrangement)

    def draw(self, surf, zones, view, vis) -> None:
        """Draw the family's zones (default: the drawing's `draw`, with the Visuals of `visuals`)."""
        self.drawing.draw(surf, zones, view, vis)

    def title(self, view) -> str:
        """The top bar's title (default: the drawing's, with the match's options)."""
        return self.drawing.title(view, self.scene.session.options)

    def hover_place(self, zones, point):
        """The place under `point` that a resting pointer zooms (None: nothing; the default: no zoom).
        The common table decides when: `scene.zoomed()`."""
        return None

    def dragged(self, zones, point) -> None:
        """The pointer moved while a drag is under way (handling, never drawing: a Kumbal sweep picks
        the cards it passes here). Default: nothing."""

    def pointer(self, event, zones) -> bool:
        """A mouse event before the common input sees it (where the pointer hovers, a right click on
        a card): True if the plug-in used it up. Default: nothing."""
        return False

    def hit(self, zones, point):
        """The place under `point`, or None (default: the zones' own hit test)."""
        return zones.hit(point)

    def image(self, place, zones, view):
        """The card image to drag or fly for `place` (None: not a card)."""
        return None

    def place_rect(self, zones, place):
        """The screen rect of `place` (where a drag starts, where a refused drop slides back)."""
        rect = getattr(zones, "rect", None)
        return rect(place) if callable(rect) else None

    def action_places(self, action) -> tuple:
        """The table's places an action touches (a hint outlines them). Default: the action's own
        places, which are the table's for every family with the generic input."""
        return tuple(action.places)

    def slide_back_hide(self, place) -> set:
        """The places drawn empty while a refused drop slides back to `place`."""
        return {place}

    def slide_back(self, dragged, carried, drop_rect, zones, view) -> tuple:
        """A refused drop going home: ([(image, from rect, to rect), ...], places drawn empty
        meanwhile). Default: the one card dragged; a plug-in whose drags carry several cards
        sends each back to its own place."""
        origin = self.place_rect(zones, dragged)
        img = self.image(dragged, zones, view)
        if origin is None or img is None:
            return [], set()
        return [(img, drop_rect, origin)], self.slide_back_hide(dragged)

    def visuals(self, vis, zones, view):
        """The common Visuals, extended with what this family's drawing needs from the live table
        (default: as is)."""
        return vis

    def key_help(self) -> tuple:
        """The keys listed in the side panel: ((key, what it does), ...)."""
        return ()

    # ---- input (the common kit does the matching) ----
    def make_input(self):
        """The input policy (the common scene presses, drags and slides back; the policy says what a
        gesture means). Default: the generic selection input (game/ui/table_input.py)."""
        from game.ui.table_input import SelectionInput
        return SelectionInput(self)

    def confirm_question(self, action) -> str:
        """A question asked before this place-less action is made (a call ends the round for everyone
        else); the same button or key again confirms it, Esc keeps playing. "" for none."""
        return ""

    def declined(self, action) -> str:
        """What the table says when the question of `confirm_question` is answered with Esc."""
        return "Go on with your turn."

    def make_buttons(self, common: dict) -> dict:
        """The status bar's buttons of the family's own, in their order right to left, with the
        common ones (`common`: "cancel", "continue") placed among them (default: only those)."""
        return dict(common)

    def sync_buttons(self, buttons: dict, seat, legal) -> None:
        """Show or label the family's own buttons for `seat` (None: no one may act here) now."""

    def key(self, key) -> bool:
        """A key the common table does not use (it has F1, Esc, Space to end a hold, Page Up/Down, and
        `keys()`); True if the family used it."""
        return False

    def press(self, place) -> bool:
        """A click on a place of the plug-in's own (a sort chip): True if it handled it (no action)."""
        return False

    def rearrange(self, zones, selection, point) -> bool:
        """The dragged `selection` let go at `point`: True if the plug-in used it itself (a card moved
        along the hand), so no action is looked for."""
        return False

    def selection_image(self, selection, zones, view):
        """What a drag of several selected places carries (default: the first one's image)."""
        return self.image(selection[0], zones, view) if selection else None

    def cancel(self) -> bool:
        """Esc or a right click, when there is no selection to drop: cancel a moment of the family's
        own (a race claim). True if something was cancelled."""
        return False

    def selectable(self, view, legal) -> list:
        """The legal actions the generic input may pick from (default: all of them)."""
        return list(legal)

    def button_label(self, action) -> str:
        """The label of the button for a legal action that touches no place ("" for no button)."""
        return action.kind.replace("_", " ").capitalize()

    def keys(self) -> dict:
        """Keyboard shortcuts: pygame key -> action kind of a place-less legal action."""
        return {}

    def prompt(self, view, seat) -> str:
        """The status line for `seat`'s moment ("Discard a card, a set or a run")."""
        return ""

    def why_not(self, view, selection, place) -> str:
        """Why the selection cannot be dropped on `place` (the slide-back's sentence); "" if unknown."""
        return ""

    # ---- animation ----
    def deal_steps(self, ctx) -> list:
        """The deal at a round's start, as animation steps."""
        return []

    def steps_for(self, events, ctx) -> list:
        """The animation steps of events just applied (cards flying, banners)."""
        return []

    # ---- the round summary and the match result ----
    def face_art(self):
        """What draws this family's card faces (`face(card, size)`) beyond the table: the round summary.
        Default: the common card art; a family with faces of its own returns its art."""
        return self.scene.art

    def summary_hand(self, view, seat) -> tuple:
        """The faces of `seat`'s hand as the round's result revealed them (default: none shown)."""
        return ()

    def summary_lines(self, result) -> tuple:
        """The per-seat scoring columns: ((heading, text), ...), each optionally with a style, "bad"
        (red), "good" (green) or "strong" (bold): (heading, text, style). Default: the family's
        score_lines, plain."""
        from game.engine import registry
        lines = registry.family(self.family).score_lines
        return tuple(lines(result)) if lines else ()

    def result_note(self, view, result) -> str:
        """A note on one seat's round ("called above the limit")."""
        return ""

    def result_scene(self, app, table):
        """The screen shown when the match is over (default: the common match result)."""
        from game.ui.summary import MatchResultScene
        return MatchResultScene(app, table)

    def summary_heading(self, view):
        """(a sentence under the round summary's title, the seat its line highlights or None)."""
        return "", None
