"""The table scene, common to every family: the frame, input, animation and the controller, with the
family's plug-in (game/ui/families/) for its zones, drawing, prompts, moments and animation steps.
The pointer's press, drag and release are table_pointer.py's, the keyboard's focus table_keys.py's.

Per frame: animations advance; when none is playing the controller moves the
match on (bots, the family's moments, holds); the scene then opens the pass screen, the
round summary or the match result when the controller asks for them.
A click or a key during an animation finishes it and then counts, so a
player who acts before a short banner or glance is over loses nothing.
An action the plug-in marks as needing confirmation (a call ends the round for everyone else)
is asked twice: its button or key asks, the same again (or Confirm) makes it, Esc keeps playing.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.core import Action
from game.ui import table_frame
from game.ui.anim import Animator, CardMove, Step
from game.ui.cardart import CardArt
from game.ui.families import plugin_for
from game.ui.families.base import StepContext
from game.i18n import N_, tr
from game.ui import fonts, theme
from game.ui.scene import Scene
from game.ui.table_controller import TableController
from game.ui.table_frame import FrameDrawer, Visuals
from game.ui.table_guide import Guided
from game.ui.table_hint import Hints
from game.ui.table_input import Gesture
from game.ui.table_pointer import PointerInput
from game.ui.table_keys import ARROWS, PICK_KEYS, KeyFocus
from game.ui.widgets import Button

HOVER = 0.3      # seconds the pointer rests on a card before it is zoomed (passing over flashes nothing)


TOP_BAR = ("rules", "menu")     # the buttons always in the top bar
GUIDE_BAR = ("guide_skip", "guide_leave")   # a guided first game's, in the top bar too


class TableScene(PointerInput, Scene):
    """A match being played."""

    def __init__(self, app, session, fresh: bool = True, bot_factory=None):
        super().__init__(app)
        self.session = session
        self.ruleset = session.ruleset
        self.ctrl = TableController(session, app.settings, bot_factory, on_events=self._on_events,
                                    save=getattr(app, "save_matches", True))
        self.ctrl.on_taken_back = self._taken_back
        self.art = CardArt(self.ruleset)
        self.frame_drawer = FrameDrawer()
        self.anim = Animator()
        self.plugin = plugin_for(self.ruleset.family)(self)
        self.ctrl.plugin = self.plugin
        self.hints = Hints(self)   # H: the search's best moves from the asking player's view
        self.guided = Guided(self)  # the guided first game's lessons (a match the guide started)
        if self.guided.enabled:
            self.ctrl.guard = self.guided.refusal
            self.ctrl.lesson_waits = self.guided.holds_bots
        self.input = self.plugin.make_input()
        self.fresh = fresh
        self.started = False
        self.summary_round = 0
        self.result_shown = False
        self._dropped = None       # (origin rect, drop rect) of the card the player just let go
        self.log_scroll = 0        # newest log lines scrolled away (mouse wheel, Page Up / Page Down)
        self._log_held = []        # [(first line, ids of the animation steps telling it)]: the log says
        #                            what happened once the animation has shown it, not before
        self.keys = KeyFocus()     # the keyboard's place on the table (after an arrow key)
        self.hover = None          # the zoomable place the pointer rests on, and since when (table
        self.hover_since = 0.0     # time); forgotten on any press, key, action or covering screen
        self._keys_for = None      # whose view the keyboard focus was set in
        self.clock = 0.0           # the table's own time: it runs only while the table is on top, so
        #                            a timed look, a hold or a race waits while the rules page, the
        #                            pause menu or a pass screen covers the table
        self._log_seen = len(self.ctrl.log)
        self._laid: list = []      # the layouts made last, the newest first (see layout_of)
        self._make_buttons()
        if fresh:
            self.ctrl._save()

    # ---- buttons ----
    def _make_buttons(self):
        common = {"cancel": Button(N_("Cancel"), self.cancel, hint="Esc"),
                  "continue": Button(N_("Continue"), self.ctrl.release_hold, primary=True, hint="Space")}
        self.buttons = {
            "rules": Button(N_("Rules"), self.open_rules, hint="F1", size=15, tooltip=N_("The rules of this game")),
            "menu": Button(N_("Menu"), self.open_pause, hint="Esc", size=15, tooltip=N_("Pause: settings, main menu")),
            "hint": Button(N_("Hint"), self.hints.ask, hint="H", size=15,
                           tooltip=N_("The best moves the search finds from your view (this match has hints on)")),
            "undo": Button(N_("Undo"), self.ctrl.takebacks.take_back, hint="Ctrl+Z", size=15,
                           tooltip=N_("Take back your latest move")),
            "guide_skip": Button(N_("Skip"), self.guided.skip, size=15,
                                 tooltip=N_("Let the guide make this lesson's move")),
            "guide_leave": Button(N_("Leave guide"), self.guided.leave, size=15,
                                  tooltip=N_("No more lessons: the match goes on as a normal one")),
        }
        self.buttons.update(self.plugin.make_buttons(common))
        self.action_buttons = []     # one per legal place-less action the plug-in labels (button_label)
        self.armed_action = None     # (seat, number of actions, action) while it waits for its confirmation
        self.ui.clear()
        self.ui.add(*self.buttons.values())

    def _sync_buttons(self):
        """Show the buttons that make sense now and place them in the status bar (right to left)."""
        b = self.buttons
        ctrl = self.ctrl
        for key, bt in b.items():
            if key not in TOP_BAR:
                bt.visible = False
        seat = ctrl.input_seat()
        legal = ctrl.legal(seat) if seat is not None else []
        busy = self.anim.busy()
        if ctrl.hold is not None:
            b["continue"].visible = True
        elif self.armed_action is not None and self.armed(seat, self.armed_action[2]):
            b["cancel"].visible = True
            b["cancel"].label, b["cancel"].hint = N_("Keep playing"), "Esc"
        self.plugin.sync_buttons(b, seat, legal)
        b["hint"].visible = self.hints.enabled and self.hints.asker() is not None
        takebacks = ctrl.takebacks
        # shown all match while take-backs are on; greyed, with the reason as its tooltip, when
        # nothing can be taken back now
        b["undo"].visible = takebacks.enabled and not ctrl.finished
        b["guide_skip"].visible = self.guided.due() is not None
        b["guide_leave"].visible = self.guided.active
        why_not = takebacks.refusal()
        b["undo"].tooltip = why_not or tr("Take back: {move}", move=takebacks.words())
        labelled = [(a, self.plugin.button_label(a)) for a in legal if not a.places]
        lesson = self.guided.due()
        if lesson is not None:
            # a lesson takes its own move only: the others' buttons would be refused, and the
            # lesson's words need the status bar's room
            labelled = [(a, label) for a, label in labelled if a == lesson.move]
        # an action asked about (confirm_question) says on its button that a second press makes it
        labelled = [(a, tr("Confirm {move}", move=label) if self.armed(seat, a) else label) for a, label in labelled
                    if label]
        if [bt.label for bt in self.action_buttons] != [label for _, label in labelled]:
            for bt in self.action_buttons:
                self.ui.widgets.remove(bt)
            self.action_buttons = [Button(label, (lambda a=a: self.request(a)), primary=True, size=15)
                                   for a, label in labelled]
            if self.action_buttons:
                self.ui.add(*self.action_buttons)
        for bt in b.values():
            if bt not in (b["rules"], b["menu"]):
                bt.enabled = not busy or bt is b["continue"]
        b["undo"].enabled = b["undo"].enabled and not why_not
        frame = self.frame()
        s = frame.status
        x = s.right - 14
        h = round(40 * frame.scale)
        shown = self._status_buttons()
        t = frame.top_bar
        size = max(11, round(15 * frame.scale))
        bw = round(110 * frame.scale)
        for bt in shown + [b["menu"], b["rules"]]:
            bt.size = size if bt in (b["menu"], b["rules"]) or bt in self.action_buttons \
                else max(11, round(18 * frame.scale))
        room = int(s.w * 0.75) // max(1, len(shown)) - 10 if shown else 0   # the prompt keeps the rest
        for bt in reversed(shown):
            # as wide as its words really are (the label and its key), so no label is cut
            text = tr(bt.label) + (f"  [{tr(bt.hint)}]" if bt.hint else "")
            w = max(round(110 * frame.scale), min(fonts.width(text, bt.size, True) + 28, room))
            bt.rect = pygame.Rect(x - w, s.centery - h // 2, w, h)
            x -= w + 10
        b["menu"].rect = pygame.Rect(t.right - 14 - bw, t.y + 6, bw, t.h - 12)
        b["rules"].rect = pygame.Rect(b["menu"].rect.x - 10 - bw, t.y + 6, bw, t.h - 12)
        # a guided first game's Skip and Leave guide stand in the top bar: the status bar keeps its
        # room for the lesson's words and the game's own buttons
        x = b["rules"].rect.x
        for key in reversed(GUIDE_BAR):
            bt = b[key]
            bt.size = size
            w = max(bw, fonts.width(tr(bt.label), size, True) + 28)
            bt.rect = pygame.Rect(x - 10 - w, t.y + 6, w, t.h - 12)
            if bt.visible:
                x = bt.rect.x

    # ---- layout ----
    def frame(self):
        """The common bars around the felt, for the window's size now."""
        return table_frame.compute(self.app.size)

    def current_layout(self):
        """The family's zones for the window's size now (from the view on screen)."""
        return self.layout_of(self.ctrl.view())

    def layout_of(self, view):
        """The family's zones for `view` at the window's size now, laid out once per frame and action: a
        layout is kept while the size, the view and the plug-in's arrangement stay the same (views are
        frozen and the controller makes a new one after each action, so the view's identity says when
        it changed). The newest layout is what the table shows: the zones before an action's events
        (StepContext.before)."""
        size = tuple(self.app.size)
        arrangement = self.plugin.arrangement(view)
        for laid in self._laid:
            if laid.view is view and laid.size == size and laid.arrangement == arrangement:
                break
        else:
            laid = Laid(size, view, arrangement, self.plugin.layout(size, view, arrangement), self.ctrl.public())
        self._laid = [laid] + [other for other in self._laid if other is not laid][:1]
        return laid.zones

    def layout(self, size):
        super().layout(size)
        self.anim.finish()          # tweens hold old coordinates
        self.input.reset()
        self._sync_buttons()

    def zoomed(self):
        """The place to zoom now: the one the pointer has rested on for HOVER seconds, while nothing is
        pressed or dragged and nothing was done since it came to rest (None: no zoom)."""
        inp = self.input
        if self.hover is None or inp.press is not None or inp.dragging:
            return None
        return self.hover if self.clock - self.hover_since >= HOVER else None

    def close_zoom(self):
        """Any action, press or key closes the zoom; it opens again only when the pointer rests anew."""
        self.hover = None

    def enter(self):
        self.close_zoom()           # back from a pass screen, the rules or the menu: nothing zoomed
        if self.ctrl.pass_to is None and self.app.top is self and self.ctrl.viewer != self._keys_for:
            self.keys.reset()       # another player at the screen: their keyboard starts afresh
        self._keys_for = self.ctrl.viewer
        if not self.started:
            self.started = True
            if self.fresh and self.app.anim_scale() > 0:
                for step in self.plugin.deal_steps(self._step_context()):
                    self.anim.add(step)

    # ---- animation from events ----
    def _step_context(self):
        """The zones and views after the events and, from the newest layout, the table as it was
        shown before them."""
        before = self._laid[0] if self._laid else None
        view = self.ctrl.view()
        zones = self.layout_of(view)
        if before is None:
            return StepContext(zones, view, tuple(self.ctrl.names), self.art, self.app.anim_scale())
        return StepContext(zones, view, tuple(self.ctrl.names), self.art, self.app.anim_scale(),
                           before=before.zones, before_view=before.view, before_public=before.public)

    def _on_events(self, events, seat, action):
        self.close_zoom()
        self.app.sound.play(self.plugin.sound_cue(events))   # at every speed, "instant" too
        self.input.selected = None
        if self.app.anim_scale() <= 0:
            return
        override, self._dropped = self._dropped, None
        steps = list(self.plugin.steps_for(events, self._step_context()))
        if steps:
            self._log_held.append((self.ctrl.log_start, {id(step) for step in steps}))
        for step in steps:
            if override is not None:
                # the player already carried this card to its target: fly on from where it was let go
                origin, drop = override
                for tw in step.tweens:
                    if isinstance(tw, CardMove) and tw.start == origin:
                        tw.start = pygame.Rect(drop.topleft, tw.start.size)
                        override = None
                        break
            self.anim.add(step)

    def log_shown(self) -> tuple:
        """The log lines to show: an action's lines wait until its animation has played (the words
        follow what the table has shown; a click that skips the animation shows them at once)."""
        playing = {id(step) for step in self.anim.steps}
        self._log_held = [(start, ids) for start, ids in self._log_held if ids & playing]
        end = min((start for start, _ in self._log_held), default=len(self.ctrl.log))
        return tuple(self.ctrl.log[:end])

    def scroll_log(self, lines: int):
        """Scroll "What happened" back (lines > 0) or forward, through the whole match."""
        self.log_scroll = max(0, min(len(self.ctrl.log) - 1, self.log_scroll + lines))

    def _taken_back(self):
        """A take-back restored an earlier point: nothing under way on the table stays (animations,
        a selection, a question, a hint, the layouts kept)."""
        self.anim.finish()
        self._log_held = []
        self._laid = []
        self.input.selected = None
        self.armed_action = None
        self.hints.forget()
        self.close_zoom()

    def _passed(self, seat):
        """The pass screen for `seat` was confirmed: their private moment begins (with its sound)."""
        self.ctrl.passed(seat)
        self.app.sound.play("your_turn")

    # ---- frame ----
    def update(self, dt):
        super().update(dt)
        if self.log_scroll and len(self.ctrl.log) != self._log_seen:
            self.scroll_log(len(self.ctrl.log) - self._log_seen)   # scrolled back: the lines read stay put
        self._log_seen = len(self.ctrl.log)
        if self.armed_action is not None and self.armed_action[1] != self.ctrl.actions_count():
            self.drop_question()       # something else was done meanwhile
        self.anim.update(dt)
        self.clock += dt
        self.ctrl.now = self.clock          # countdowns run on while animations play
        if not self.anim.busy():
            self.ctrl.update(self.clock)
        self.hints.update()
        self.guided.update()
        self._sync_buttons()
        if self.keys.place is not None and not self.anim.busy():
            self.keys.snap(self)
        if self.app.top is not self or self.anim.busy():
            return
        ctrl = self.ctrl
        if ctrl.stuck is not None and not self.result_shown:
            from game.ui.confirm import ConfirmScene
            self.result_shown = True
            self.app.push(ConfirmScene(self.app, N_("This match cannot go on"), ctrl.stuck, N_("Back to the menu"),
                                       self.app.open_menu, no_label=N_("Look at the table")))
            return
        if ctrl.pass_to is not None:
            from game.ui.pass_screen import PassScene
            seat = ctrl.pass_to
            self.input.reset()
            self.app.push(PassScene(self.app, ctrl.names[seat], lambda: self._passed(seat), table=self))
            return
        m = ctrl.moment()
        v = ctrl.public()
        if m.kind == "summary" and ctrl.hold is None and self.summary_round != v.round_no:
            from game.ui.summary import RoundSummaryScene
            self.summary_round = v.round_no
            self.app.push(RoundSummaryScene(self.app, self))
        elif m.kind == "over" and not self.result_shown:
            self.result_shown = True
            self.app.push(self.plugin.result_scene(self.app, self))

    def visuals(self, layout, view):
        """What the table adds to the view this frame (the plug-in extends it for its drawing)."""
        ctrl = self.ctrl
        inp = self.input
        drag_item = inp.press[0] if inp.dragging and inp.press else None
        dragging = drag_item
        if drag_item is not None:
            carried = inp.carried(drag_item)
            dragging = carried if len(carried) > 1 else drag_item     # several selected cards go together
            targets = inp.targets(drag_item)
        elif inp.selected is not None:
            targets = inp.targets(inp.selected)
        else:
            targets = inp.targets(None) if not self.anim.busy() else set()
        m = ctrl.moment()
        msg = ctrl.message
        hint = self.hints.sentence() or self.guided.sentence()
        if hint and not (msg and msg[1]):
            msg = (hint, False)         # the hint's (or the lesson's) words, until something is said in error
        title = self.plugin.title(view)
        lesson = self.guided.heading()
        if lesson:
            # a guided game's lesson heading stands in the top bar: its words get the whole status bar
            title = tr("{game} · {lesson}", game=self.ruleset.name, lesson=lesson)
        viewer_label = ""
        if len(ctrl.humans) > 1:
            viewer_label = (tr("Showing {name}'s view", name=ctrl.names[ctrl.viewer]) if ctrl.viewer is not None
                            else tr("Public view: no one's secrets"))
        acting = m.seat if m.kind in ("private", "public", "bot") else None
        vis = Visuals(
            names=tuple(ctrl.names), title=title, viewer_label=viewer_label,
            hidden=self.anim.hidden(), targets=targets, selected=inp.selected, dragging=dragging,
            prompt="" if lesson else ctrl.prompt(), message=msg[0] if msg else "",
            message_error=bool(msg and msg[1]),
            log=self.log_shown(), log_scroll=self.log_scroll,
            show_log=bool(getattr(self.app.settings, "show_log", True)),
            key_help=self.plugin.key_help() + ((N_("Arrows"), N_("move; Enter picks")),) + (
                (("Ctrl+Z", N_("take back")),) if self.ctrl.takebacks.enabled else ()) + (
                (("H", N_("hint")),) if self.hints.enabled else ()), acting=acting,
            viewer=view.viewer, zoomed=self.zoomed(),
            text_right=min([bt.rect.x for bt in self._status_buttons()], default=None),
            title_right=min(self.buttons[key].rect.x for key in TOP_BAR + GUIDE_BAR
                            if key in TOP_BAR or self.buttons[key].visible))
        return self.plugin.visuals(vis, layout, view)

    def _status_buttons(self) -> list:
        """The buttons shown in the status bar now (placed by _sync_buttons)."""
        b = self.buttons
        return [bt for key, bt in b.items() if key not in TOP_BAR + GUIDE_BAR and bt.visible] \
            + self.action_buttons

    def draw(self, surf):
        view = self.ctrl.view()
        zones = self.layout_of(view)
        frame = self.frame()
        vis = self.visuals(zones, view)
        self.frame_drawer.draw_back(surf, frame, vis)
        self.plugin.draw(surf, zones, view, vis)
        self.hints.draw(surf, zones)
        self.guided.draw(surf, zones)
        self.frame_drawer.draw_front(surf, frame, view, vis)
        focus = self.keys.current(self, zones) if self.keys.place is not None and not self.anim.busy() else None
        if focus is not None:       # a white ring outside the gold one: not the selection's lone gold
            pygame.draw.rect(surf, theme.TEXT, focus[1].inflate(14, 14), 3, border_radius=9)
            pygame.draw.rect(surf, theme.ACCENT, focus[1].inflate(8, 8), 2, border_radius=8)
        self.ui.draw(surf)
        self.anim.draw(surf)
        inp = self.input
        if inp.dragging and inp.press and inp.drag_point is not None:
            carried = inp.carried(inp.press[0])
            img = (self.plugin.selection_image(carried, zones, view) if len(carried) > 1
                   else self.plugin.image(inp.press[0], zones, view))
            if img is not None:
                x = inp.drag_point[0] - inp.drag_offset[0]
                y = inp.drag_point[1] - inp.drag_offset[1]
                surf.blit(img, (x, y))

    # ---- input ----
    def handle(self, event):
        """An event: the animation catches up first, the buttons take theirs, then the handler of
        its type (HANDLERS) does the rest."""
        t = event.type
        if t in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.anim.busy():
            # a click or key skips to the end of the animations and then counts: the table first
            # catches up with what the animation was hiding (a race opening, a pass screen)
            self.anim.finish()
            self.ctrl.update(self.clock)
            self._sync_buttons()
            if self.ctrl.pass_to is not None:
                return              # a pass screen comes first
        if self.ui.handle(event):
            return
        if t == pygame.MOUSEBUTTONDOWN and self.ctrl.hold is not None and getattr(event, "button", 1) == 1:
            self.ctrl.release_hold()
            return
        handler = HANDLERS.get(t)
        if handler is not None:
            handler(self, event)

    def _on_key(self, event):
        self.close_zoom()
        self.key(event)

    def _on_wheel(self, event):
        self.scroll_log(getattr(event, "y", 0))

    def click_place(self, place) -> None:
        """A click on `place` (the mouse's, or Enter on the keyboard's focus)."""
        if self.plugin.press(place):
            return      # a place of the plug-in's own (a sort chip): no action
        self.perform(self.input.click(place), self.ctrl.input_seat())

    def perform(self, g: Gesture, seat, dragged=None, drop_rect=None, layout=None, carried=()):
        """Carry out a gesture; a refused drop slides back and the reason is shown."""
        ok = True
        if g.select is not None:
            self.input.selected = g.select
        zones = layout or self.current_layout()
        if g.actions:
            if seat is None:
                ok = False
            else:
                origin = self.plugin.place_rect(zones, dragged) if dragged is not None else None
                self._dropped = (pygame.Rect(origin), drop_rect) if origin and drop_rect else None
                ok, _ = self.ctrl.apply(seat, g.actions)
                self._dropped = None
        elif g.say:
            self.ctrl.say(g.say, g.error)
            ok = False
        elif dragged is not None:
            ok = False
        if not ok and dragged is not None and drop_rect is not None:
            zones = self.current_layout()
            seconds = 0.22 * max(0.3, self.app.anim_scale())
            moves, hide = self.plugin.slide_back(dragged, tuple(carried) or (dragged,), drop_rect, zones,
                                                 self.ctrl.view())
            if moves:
                self.anim.add(Step([CardMove(img, start, end, seconds) for img, start, end in moves], hide))

    # ---- place-less actions: buttons and keys ----
    def armed(self, seat, action) -> bool:
        """Is `action` for `seat` waiting for its confirmation (and still the same moment)?"""
        return (seat is not None and self.armed_action is not None
                and self.armed_action == (seat, self.ctrl.actions_count(), action))

    def drop_question(self):
        """The action was made, declined or overtaken by another move: its question goes too."""
        if self.armed_action is None:
            return
        question = self.plugin.confirm_question(self.armed_action[2])
        self.armed_action = None
        msg = self.ctrl.message
        if msg and question and msg[0] == question:
            self.ctrl.message = None

    def request(self, action) -> bool:
        """A button or key for a place-less action: made at once, or (if the plug-in asks a question
        first) the first press asks and the second makes it."""
        ctrl = self.ctrl
        seat = ctrl.input_seat()
        question = self.plugin.confirm_question(action)
        if not question:
            return self.do_key_action(action)
        if self.armed(seat, action):
            self.drop_question()
            return self.do_key_action(action)
        if seat is None or action not in ctrl.legal(seat):
            return self.do_key_action(action)      # says why not
        self.armed_action = (seat, ctrl.actions_count(), action)
        ctrl.say(question, seconds=30)
        return False

    def do_key_action(self, action) -> bool:
        """A button or shortcut: apply `action` for the seat whose move it is (or say why not)."""
        seat = self.ctrl.input_seat()
        if seat is None:
            g = self.input.waiting("key")
            self.ctrl.say(g.say or tr("It is not your move now."), g.error)
            return False
        ok, _ = self.ctrl.apply(seat, action)
        return ok

    def key(self, event):
        k = event.key
        ctrl = self.ctrl
        if k == pygame.K_F1:
            self.open_rules()
        elif k == pygame.K_h:
            self.hints.ask()
        elif k == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.anim.finish()
            self.ctrl.takebacks.take_back()
        elif k == pygame.K_ESCAPE:
            if not self.cancel():
                self.open_pause()
        elif k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and ctrl.release_hold():
            return
        elif k in ARROWS:
            self.input.press = None
            moved = self.keys.move(self, ARROWS[k])
            self.ui.set_focus(None)     # Enter is the table's again, not the button Tab went to
            if not moved and self.keys.current(self) is None:
                g = self.input.waiting(None) if ctrl.input_seat() is None else None
                self.ctrl.say(g.say if g is not None and g.say else tr("Nothing to pick on the table now."), False)
        elif k in PICK_KEYS and (focus := self.keys.current(self)) is not None and not self._space_is_taken(k):
            self.click_place(focus[0])
        elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_log(5 if k == pygame.K_PAGEUP else -5)
        elif self.plugin.key(k):
            return
        elif k in self.plugin.keys():
            self._key_kind(self.plugin.keys()[k])

    def _space_is_taken(self, k) -> bool:
        """Is this Space the family's own key now (Kumbal's keep, the memory race's no match)? Then it
        keeps that meaning and Enter picks the keyboard's place."""
        if k != pygame.K_SPACE:
            return False
        kind = self.plugin.keys().get(k)
        seat = self.ctrl.input_seat()
        if kind is not None and seat is not None and any(a.kind == kind for a in self.ctrl.legal(seat)):
            return True
        return self.ctrl.moment().kind not in ("private", "public")     # a family moment (a race)

    def _key_kind(self, kind: str):
        """A shortcut for a kind of place-less action: the legal action of that kind (else the engine
        says why not)."""
        seat = self.ctrl.input_seat()
        matching = [a for a in self.ctrl.legal(seat) if a.kind == kind and not a.places] if seat is not None else []
        self.request(matching[0] if matching else Action(kind))

    def cancel(self) -> bool:
        """Esc / right click: drop a question, a selection, a drag, or the family's own moment (a race
        claim). True if something was cancelled."""
        inp = self.input
        if self.armed_action is not None:
            action = self.armed_action[2]
            self.drop_question()
            self.ctrl.say(self.plugin.declined(action))
            return True
        if inp.selected is not None or inp.press is not None:
            inp.reset()
            return True
        return self.plugin.cancel()

    # ---- other scenes ----
    def open_rules(self):
        from game.ui.rules_scene import RulesScene
        self.input.reset()
        self.ctrl.public_screen()
        self.app.push(RulesScene(self.app, self.ruleset, self.session.options))

    def open_pause(self):
        from game.ui.pause import PauseScene
        self.input.reset()
        self.ctrl.public_screen()
        self.app.push(PauseScene(self.app, self))


@dataclass(frozen=True)
class Laid:
    """One layout the table made: for a window `size`, a `view` and the plug-in's `arrangement`, its
    `zones`; and the public view when it was made (what the table showed before an action)."""
    size: tuple
    view: object
    arrangement: object
    zones: object
    public: object


# What each kind of event does at the table (TableScene.handle).
HANDLERS = {pygame.MOUSEBUTTONDOWN: TableScene._on_press, pygame.MOUSEMOTION: TableScene._on_motion,
            pygame.MOUSEBUTTONUP: TableScene._on_release, pygame.KEYDOWN: TableScene._on_key,
            pygame.MOUSEWHEEL: TableScene._on_wheel}
