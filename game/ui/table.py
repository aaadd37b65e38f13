"""The table scene: glues layout, drawing, input, animation and the controller together.

Per frame: animations advance; when none is playing the controller moves the
match on (bots, races, holds); the scene then opens the pass screen, the
round summary or the match result when the controller asks for them.
A click or a key during an animation finishes it and then counts, so a
player who acts before a short banner or glance is over loses nothing.
A call ends the round for everyone else, so it is asked twice: K (or the
Call button) asks "Call?", K again (or Confirm) calls, Esc keeps playing.
"""
from __future__ import annotations

import pygame

from game.engine.core import Action
from game.ui import table_layout
from game.ui.anim import Animator, CardMove, Step
from game.ui.cardart import CardArt
from game.ui.scene import Scene
from game.ui.table_anim import AnimContext, deal_steps, steps_for
from game.ui.table_controller import RACE_KEY_NAMES, TableController
from game.ui.table_draw import TableDrawer, Visuals, key_help
from game.ui.table_input import DRAG_THRESHOLD, Gesture, TableInput, is_slot
from game.ui.table_sounds import cue_for
from game.ui.widgets import Button

RACE_KEYS = {getattr(pygame, "K_" + name.lower()): seat for seat, name in enumerate(RACE_KEY_NAMES)}


class TableScene(Scene):
    """A match being played."""

    def __init__(self, app, session, fresh: bool = True, bot_factory=None):
        super().__init__(app)
        self.session = session
        self.ruleset = session.ruleset
        self.ctrl = TableController(session, app.settings, bot_factory, on_events=self._on_events,
                                    save=getattr(app, "save_matches", True))
        self.art = CardArt(self.ruleset)
        self.drawer = TableDrawer(self.art)
        self.anim = Animator()
        self.input = TableInput(self.ctrl)
        self.fresh = fresh
        self.started = False
        self.summary_round = 0
        self.result_shown = False
        self._key_help = None
        self._dropped = None       # (origin rect, drop rect) of the card the player just let go
        self.log_scroll = 0        # newest log lines scrolled away (mouse wheel, Page Up / Page Down)
        self._log_seen = len(self.ctrl.log)
        self._make_buttons()
        if fresh:
            self.ctrl._save()

    # ---- buttons ----
    def _make_buttons(self):
        call = self.ctrl.call_name
        b = self.buttons = {
            "rules": Button("Rules", self.open_rules, hint="F1", size=15, tooltip="The rules of this game"),
            "menu": Button("Menu", self.open_pause, hint="Esc", size=15, tooltip="Pause: settings, main menu"),
            "call": Button(f"Call {call}", self.request_call, primary=True, hint="K",
                           tooltip="Instead of your turn: end the round after everyone else's final turn"),
            "skip": Button("Skip", lambda: self.do_key_action(Action("skip")), hint="Space",
                           tooltip="Do not use the ability"),
            "nomatch": Button("No match", self.ctrl.humans_pass, hint="Space",
                              tooltip="End the race for the humans: nobody here matches this card"),
            "cancel": Button("Cancel", self.cancel, hint="Esc"),
            "take": Button("Take", lambda: self.do_key_action(Action("decide", choice="take")), hint="T",
                           tooltip="The player who tried your card keeps it"),
            "return": Button("Return", lambda: self.do_key_action(Action("decide", choice="return")), hint="R",
                             tooltip="Your card comes back; the other player takes a penalty card"),
            "continue": Button("Continue", self.ctrl.release_hold, primary=True, hint="Space"),
        }
        self.choose_buttons = []
        self.call_armed = None       # (seat, number of actions) while a call waits for its confirmation
        self.ui.clear()
        self.ui.add(*b.values())

    def _sync_buttons(self):
        """Show the buttons that make sense now and place them in the status bar (right to left)."""
        b = self.buttons
        ctrl = self.ctrl
        for key in ("call", "skip", "nomatch", "cancel", "take", "return", "continue"):
            b[key].visible = False
        seat = ctrl.input_seat()
        legal = ctrl.legal(seat) if seat is not None else []
        kinds = {(a.kind, a.choice) for a in legal}
        m = ctrl.moment()
        busy = self.anim.busy()
        if ctrl.hold is not None:
            b["continue"].visible = True
        elif m.kind == "race":
            if ctrl.race is not None and ctrl.race.claimer is not None:
                b["cancel"].visible = True
                # a chain winner (Cambio) ends the chain with it: "Done", not "Cancel"
                done = ctrl.race.claimer == ctrl.chain_winner()
                b["cancel"].label, b["cancel"].hint = ("Done", "Space") if done else ("Cancel", "Esc")
                b["nomatch"].visible = not done   # the claimer lets the card go after all
            elif len(ctrl.humans_in_race()) == 1:
                b["nomatch"].visible = True      # with several humans, each passes after their key
        else:
            b["call"].visible = ("call", None) in kinds
            armed = self.armed_call(seat)
            b["call"].label = "Confirm call" if armed else f"Call {ctrl.call_name}"
            b["cancel"].visible = armed
            b["cancel"].label, b["cancel"].hint = "Keep playing", "Esc"
            b["skip"].visible = ("skip", None) in kinds
            # after throwing another's card (Cambio) the give is optional: skipping keeps your cards
            giving = m.kind == "private" and ctrl.public().phase == "give"
            b["skip"].label = "Keep my cards" if giving else "Skip"
            b["skip"].tooltip = "Give no card back" if giving else "Do not use the ability"
            b["take"].visible = ("decide", "take") in kinds
            b["return"].visible = ("decide", "return") in kinds
        choices = [a.choice for a in legal if a.kind == "choose"]
        if [bt.label for bt in self.choose_buttons] != [ctrl.ability_name(c) for c in choices]:
            for bt in self.choose_buttons:
                self.ui.widgets.remove(bt)
            self.choose_buttons = [Button(ctrl.ability_name(c), (lambda c=c: self.do_key_action(Action("choose", choice=c))),
                                          primary=True, size=15) for c in choices]
            if self.choose_buttons:
                self.ui.add(*self.choose_buttons)
        for bt in b.values():
            if bt not in (b["rules"], b["menu"]):
                bt.enabled = not busy or bt is b["continue"]
        layout = self.current_layout()
        s = layout.status
        x = s.right - 14
        h = round(40 * layout.scale)
        shown = self._status_buttons()
        for bt in reversed(shown):
            w = max(110, min(220, 30 + len(bt.label) * 10 + (len(bt.hint or "") + 4) * 8))
            w = round(w * layout.scale)
            bt.rect = pygame.Rect(x - w, s.centery - h // 2, w, h)
            x -= w + 10
        t = layout.top_bar
        size = round(15 * layout.scale)
        bw = round(110 * layout.scale)
        for bt in shown + [b["menu"], b["rules"]]:
            bt.size = size if bt in (b["menu"], b["rules"]) or bt in self.choose_buttons else round(18 * layout.scale)
        b["menu"].rect = pygame.Rect(t.right - 14 - bw, t.y + 6, bw, t.h - 12)
        b["rules"].rect = pygame.Rect(b["menu"].rect.x - 10 - bw, t.y + 6, bw, t.h - 12)

    # ---- layout ----
    def current_layout(self):
        v = self.ctrl.view()
        counts = tuple(len(s.slots) for s in v.seats)
        lay = self.ruleset.layout
        return table_layout.compute(self.app.size, len(v.seats), counts, lay.get("rows", 2), lay.get("cols", 2),
                                    self.ctrl.focus, bool(getattr(self.app.settings, "show_log", True)))

    def layout(self, size):
        super().layout(size)
        self.anim.finish()          # tweens hold old coordinates
        self.input.reset()
        self._sync_buttons()

    def enter(self):
        if not self.started:
            self.started = True
            if self.fresh and self.app.anim_scale() > 0:
                ctx = self._anim_context()
                for step in deal_steps(ctx):
                    self.anim.add(step)

    # ---- animation from events ----
    def _anim_context(self):
        return AnimContext(self.current_layout(), self.ctrl.view(), self.ctrl.names, self.art,
                           self.app.anim_scale(), self.ctrl.call_name)

    def _on_events(self, events, seat, action):
        self.app.sound.play(cue_for(events, self.ctrl.humans))   # at every speed, "instant" too
        self.input.selected = None
        if self.app.anim_scale() <= 0:
            return
        override, self._dropped = self._dropped, None
        for step in steps_for(events, self._anim_context()):
            if override is not None:
                # the player already carried this card to its target: fly on from where it was let go
                origin, drop = override
                for tw in step.tweens:
                    if isinstance(tw, CardMove) and tw.start == origin:
                        tw.start = pygame.Rect(drop.topleft, tw.start.size)
                        override = None
                        break
            self.anim.add(step)

    def scroll_log(self, lines: int):
        """Scroll "What happened" back (lines > 0) or forward, through the whole match."""
        self.log_scroll = max(0, min(len(self.ctrl.log) - 1, self.log_scroll + lines))

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
        if self.call_armed is not None and self.call_armed[1] != self.ctrl.actions_count():
            self.drop_call_question()       # something else was done meanwhile
        self.anim.update(dt)
        self.ctrl.now = self.app.time       # countdowns run on while animations play
        if not self.anim.busy():
            self.ctrl.update(self.app.time)
        self._sync_buttons()
        if self.app.top is not self or self.anim.busy():
            return
        ctrl = self.ctrl
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
            from game.ui.summary import MatchResultScene
            self.result_shown = True
            self.app.push(MatchResultScene(self.app, self))

    def visuals(self, layout, view) -> Visuals:
        ctrl = self.ctrl
        inp = self.input
        drag_item = inp.press[0] if inp.dragging and inp.press else None
        if drag_item is not None:
            targets = inp.targets(drag_item)
        elif inp.selected is not None:
            targets = inp.targets(inp.selected)
        else:
            targets = inp.targets(None) if not self.anim.busy() else set()
        m = ctrl.moment()
        race_line, fraction = "", None
        if m.kind == "race" and view.window is not None and ctrl.race is not None:
            left = ctrl.race_seconds_left()
            top = view.window.card.title
            winner = view.window.winner           # Cambio: the first to throw goes on alone
            if ctrl.race is not None and ctrl.race.claimer is not None:
                who = ctrl.names[ctrl.race.claimer]
                if winner is None:
                    race_line = f"{who} claims the {top}: pick a card"
                elif winner == ctrl.race.claimer:
                    race_line = f"{who} threw first: only {who} throws on the {top}"
                else:
                    race_line = f"{who} throws too late: penalty card"
            else:
                head = (f"{ctrl.names[winner]} threw first: only they throw on the {top}" if winner is not None
                        else f"MATCH RACE on the {top}")
                race_line = head + (f" · {left:.1f} s" if left is not None else "")
                if left is not None:
                    fraction = max(0.0, min(1.0, left / max(0.1, ctrl.window_seconds())))
        left = ctrl.hold_left()
        if ctrl.hold is not None and left is not None:
            # every timed hold shows how long it has left: the words say it ends by itself
            race_line = (f"Revealed to everyone · {left:.1f} s" if ctrl.hold.reason == "reveal"
                         else f"{ctrl.names[ctrl.hold.seat]} remembers · {left:.1f} s")
            fraction = max(0.0, min(1.0, left / max(0.1, ctrl.hold.length)))
        msg = ctrl.message
        keys = ctrl.race_key_names()
        if self._key_help is None:
            self._key_help = key_help(ctrl.call_name, keys, ctrl.names)
        title = f"{self.ruleset.name} · Round {view.round_no}"
        end = self.session.options.get("match_end", {})
        if end.get("mode") == "rounds":
            title += f" of {end.get('rounds')}"
        elif end.get("mode") == "points":
            title += f" · to {end.get('points')} points"
        viewer_label = ""
        if len(ctrl.humans) > 1:
            viewer_label = (f"Showing {ctrl.names[ctrl.viewer]}'s view" if ctrl.viewer is not None
                            else "Public view: no one's secrets")
        acting = m.seat if m.kind in ("private", "bot", "decide", "look") else None
        return Visuals(
            names=tuple(ctrl.names), title=title, viewer_label=viewer_label,
            hidden=self.anim.hidden(), targets=targets, selected=inp.selected, dragging=drag_item,
            reveals=set(ctrl.reveals), memory_aid=ctrl.memory_aid(),
            show_all=view.phase in ("round_over", "match_over"),
            race_keys=keys, race_line=race_line, race_fraction=fraction,
            race_claimer=ctrl.race.claimer if ctrl.race is not None else None,
            race_open=(m.kind == "race" and ctrl.race is not None and ctrl.race.claimer is None
                       and ctrl.hold is None),
            race_done=frozenset(s for s in range(len(view.seats)) if s not in view.to_act),
            prompt=ctrl.prompt(), message=msg[0] if msg else "", message_error=bool(msg and msg[1]),
            log=tuple(ctrl.log), log_scroll=self.log_scroll,
            show_log=bool(getattr(self.app.settings, "show_log", True)),
            key_help=self._key_help, acting=acting, blocked_word=ctrl.blocked_word(),
            text_right=min([bt.rect.x for bt in self._status_buttons()], default=None),
            picked=frozenset(ctrl.picked), last_turn=ctrl.last_turn_seats(), bot_marks=dict(ctrl.bot_marks))

    def _status_buttons(self) -> list:
        """The buttons shown in the status bar now (placed by _sync_buttons)."""
        b = self.buttons
        return [bt for key, bt in b.items() if key not in ("rules", "menu") and bt.visible] + self.choose_buttons

    def draw(self, surf):
        layout = self.current_layout()
        view = self.ctrl.view()
        self.drawer.draw(surf, layout, view, self.visuals(layout, view))
        self.ui.draw(surf)
        self.anim.draw(surf)
        inp = self.input
        if inp.dragging and inp.press and inp.drag_point is not None:
            img = self._item_image(inp.press[0], layout, view)
            if img is not None:
                x = inp.drag_point[0] - inp.drag_offset[0]
                y = inp.drag_point[1] - inp.drag_offset[1]
                surf.blit(img, (x, y))

    def _item_rect(self, item, layout):
        if item in ("deck", "discard", "drawn"):
            return getattr(layout, item)
        if is_slot(item):
            return layout.slot_rect(item[1])
        return None

    def _item_image(self, item, layout, view):
        if item == "deck":
            return self.art.back(layout.pile)
        if item == "discard":
            return self.art.face(view.top, layout.pile) if view.top is not None else None
        if item == "drawn":
            return self.art.face(view.drawn, layout.pile) if view.drawn is not None else self.art.back(layout.pile)
        if is_slot(item):
            slot = view.slot(item[1])
            if not slot.present:
                return None
            if slot.face is not None and slot.pos in self.ctrl.reveals:
                return self.art.face(slot.face, layout.card)
            return self.art.back(layout.card)
        return None

    # ---- input ----
    def handle(self, event):
        t = event.type
        if t in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.anim.busy():
            # a click or key skips to the end of the animations and then counts: the table first
            # catches up with what the animation was hiding (a race opening, a pass screen)
            self.anim.finish()
            self.ctrl.update(self.app.time)
            self._sync_buttons()
            if self.ctrl.pass_to is not None:
                return              # a pass screen comes first
        if self.ui.handle(event):
            return
        if t == pygame.MOUSEBUTTONDOWN and self.ctrl.hold is not None and getattr(event, "button", 1) == 1:
            self.ctrl.release_hold()
            return
        layout = self.current_layout()
        inp = self.input
        if t == pygame.MOUSEBUTTONDOWN:
            button = getattr(event, "button", 1)
            if button == 3:
                self.cancel()
            elif button == 1 and getattr(event, "pos", None) is not None:
                item = layout.hit(event.pos)
                inp.press = (item, event.pos)
                inp.refused = False
                inp.dragging = False
        elif t == pygame.MOUSEMOTION and inp.press is None and getattr(event, "pos", None) is not None:
            item = layout.hit(event.pos)
            self._set_cursor(item is not None and (inp.draggable(item) or item in self._targets_now()))
        elif t == pygame.MOUSEMOTION and inp.press is not None and getattr(event, "pos", None) is not None:
            item, start = inp.press
            if not inp.dragging:
                far = abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > DRAG_THRESHOLD
                if far and inp.draggable(item):
                    rect = self._item_rect(item, layout)
                    inp.dragging = rect is not None
                    if rect is not None:
                        inp.drag_offset = (start[0] - rect.x, start[1] - rect.y)
                        inp.selected = None
                elif far and not inp.refused:
                    inp.refused = True          # say once per press why this does not lift
                    g = inp.why_not_drag(item)
                    if g.say:
                        self.ctrl.say(g.say, g.error)
            if inp.dragging:
                inp.drag_point = event.pos
        elif t == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            if inp.press is None or getattr(event, "pos", None) is None:
                inp.press = None
                return
            item, start = inp.press
            was_drag = inp.dragging
            inp.press, inp.dragging = None, False
            if was_drag:
                target = layout.hit(event.pos)
                seat = inp.actor()
                g = inp.drop(item, target)
                drop_rect = self._item_rect(item, layout)
                if drop_rect is not None:
                    drop_rect = drop_rect.move(event.pos[0] - inp.drag_offset[0] - drop_rect.x,
                                               event.pos[1] - inp.drag_offset[1] - drop_rect.y)
                self.perform(g, seat, dragged=item, drop_rect=drop_rect, layout=layout)
            else:
                target = layout.hit(event.pos)
                if target != item:
                    return      # pressed on one thing, released on another: not a click
                seat = self.ctrl.input_seat()
                self.perform(inp.click(item), seat)
        elif t == pygame.KEYDOWN:
            self.key(event)
        elif t == pygame.MOUSEWHEEL:
            self.scroll_log(getattr(event, "y", 0))

    def _targets_now(self) -> set:
        inp = self.input
        return inp.targets(inp.selected) if inp.selected is not None else inp.targets(None)

    def _set_cursor(self, hand: bool):
        """A hand over what can be picked up or clicked (a hint only; failures are ignored)."""
        if hand == getattr(self, "_hand", False):
            return
        self._hand = hand
        try:
            pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if hand else pygame.SYSTEM_CURSOR_ARROW)
        except pygame.error:
            pass

    def perform(self, g: Gesture, seat, dragged=None, drop_rect=None, layout=None):
        """Carry out a gesture; a refused drop slides back and the reason is shown."""
        ok = True
        if g.select is not None:
            self.input.selected = g.select
        if g.actions:
            if seat is None:
                ok = False
            else:
                origin = self._item_rect(dragged, layout or self.current_layout()) if dragged else None
                self._dropped = (pygame.Rect(origin), drop_rect) if origin and drop_rect else None
                ok, _ = self.ctrl.apply(seat, g.actions)
                self._dropped = None
        elif g.say:
            self.ctrl.say(g.say, g.error)
            ok = False
        elif dragged is not None:
            ok = False
        if not ok and dragged is not None and drop_rect is not None:
            layout = layout or self.current_layout()
            origin = self._item_rect(dragged, layout)
            img = self._item_image(dragged, layout, self.ctrl.view())
            if origin is not None and img is not None:
                hide = ({"drawn"} if dragged == "drawn" else {("slot", dragged[1])} if is_slot(dragged)
                        else {"discard_top"} if dragged == "discard" else set())
                self.anim.add(Step([CardMove(img, drop_rect, origin, 0.22 * max(0.3, self.app.anim_scale()))], hide))

    def armed_call(self, seat) -> bool:
        """Is a call for `seat` waiting for its confirmation (and still the same moment)?"""
        return seat is not None and self.call_armed == (seat, self.ctrl.actions_count())

    def drop_call_question(self):
        """The call was made, declined or overtaken by another move: its question goes too."""
        self.call_armed = None
        msg = self.ctrl.message
        if msg and msg[0].startswith(f"Call {self.ctrl.call_name}?"):
            self.ctrl.message = None

    def request_call(self) -> bool:
        """K or the Call button: the first asks, the second calls (a call cannot be taken back)."""
        ctrl = self.ctrl
        seat = ctrl.input_seat()
        if self.armed_call(seat):
            self.drop_call_question()
            return self.do_key_action(Action("call"))
        if seat is None or Action("call") not in ctrl.legal(seat):
            return self.do_key_action(Action("call"))      # says why not
        self.call_armed = (seat, ctrl.actions_count())
        ctrl.say(f"Call {ctrl.call_name}? Everyone else gets one final turn. "
                 f"Press K again or click Confirm to call; Esc to keep playing.", seconds=30)
        return False

    def do_key_action(self, action: Action) -> bool:
        """A button or shortcut: apply `action` for the seat whose move it is (or say why not)."""
        seat = self.ctrl.input_seat()
        if seat is None:
            g = self.input._waiting("key")
            self.ctrl.say(g.say or "It is not your move now.", g.error)
            return False
        ok, _ = self.ctrl.apply(seat, action)
        return ok

    def key(self, event):
        k = event.key
        ctrl = self.ctrl
        if k == pygame.K_F1:
            self.open_rules()
        elif k == pygame.K_ESCAPE:
            if not self.cancel():
                self.open_pause()
        elif k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if ctrl.release_hold():
                return
            if ctrl.moment().kind == "race":
                if ctrl.race is not None and ctrl.race.claimer is not None \
                        and ctrl.race.claimer == ctrl.chain_winner():
                    ctrl.cancel_claim()      # a chain winner stops throwing
                else:
                    ctrl.humans_pass()       # the claimer, or the only human in the race
                return
            seat = ctrl.input_seat()
            if seat is not None and any(a.kind == "skip" for a in ctrl.legal(seat)):
                self.do_key_action(Action("skip"))
        elif k in RACE_KEYS and RACE_KEYS[k] in ctrl.humans and ctrl.moment().kind == "race":
            if ctrl.claim(RACE_KEYS[k]):
                self.input.reset()
        elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_log(5 if k == pygame.K_PAGEUP else -5)
        elif k == pygame.K_d:
            self.do_key_action(Action("draw", choice="deck"))
        elif k == pygame.K_s:
            self.do_key_action(Action("draw", choice="discard"))
        elif k == pygame.K_k:
            self.request_call()
        elif k == pygame.K_t:
            self.do_key_action(Action("decide", choice="take"))
        elif k == pygame.K_r:
            self.do_key_action(Action("decide", choice="return"))

    def cancel(self) -> bool:
        """Esc / right click: drop a selection, a drag or a race claim. True if something was cancelled."""
        inp = self.input
        if self.call_armed is not None:
            self.drop_call_question()
            self.ctrl.say("No call: go on with your turn.")
            return True
        if inp.selected is not None or inp.press is not None:
            inp.reset()
            return True
        return self.ctrl.cancel_claim()

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
