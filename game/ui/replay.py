"""The replay of a finished match: step through it action by action, drawn by the family's own table.

`Replay` rebuilds the match from its record (no pygame): the log's sentences after each action, where
each round starts, and the state after any action (from a copy kept every SNAPSHOT actions, then the
actions since). `ReplayScene` draws, at each step, one view only: the view of the seat chosen ("as
Ana saw it", the default: the first human, else seat 1), the public view ("the table") or, where the
family can show them (its `open_view`), "all cards": every hidden card face up (the match is over:
nothing is secret any more), through the family's drawing part (TableDrawing, as the offscreen
renderer does), with the log beside it and the newest line lit. Only a finished match is replayed: the match in progress is never shown here (it
would show hidden cards to whoever sits at the screen).

Keys: Left/Right a move back/on, Home/End the start/the end, Page Up/Page Down the previous/next
round's start, Space plays (or stops) at the table's speed, Tab whose view is shown, R reviews the
player shown, N/Shift+N the next/previous decision the review did not find fine, Esc back (or stops
a review under way).
"""
from __future__ import annotations

import dataclasses
from typing import Optional

import pygame

from game.engine import registry
from game.engine.core import Action
from game.engine.session import Session
from game.i18n import N_, tr
from game.ui import table_frame, theme
from game.ui.background import Background
from game.ui.cardart import CardArt
from game.ui.families import drawing_for
from game.ui.scene import Scene
from game.ui.widgets import Button

KEY_HELP = (("← →", N_("a move back / on")), (N_("Pg ↑↓"), N_("a round back / on")),
            (N_("Home"), N_("the deal (End: the end)")), (N_("Space"), N_("play or stop")), ("Tab", N_("whose view")),
            ("R", N_("review the player shown")), ("N", N_("next flagged (⇧N: back)")), ("Esc", N_("back")))
VERDICTS = {"inaccuracy": N_("Inaccuracy"), "mistake": N_("Mistake"), "blunder": N_("Blunder")}
SNAPSHOT = 32           # actions between two kept copies of the state
PLAY_SECONDS = {"slow": 1.6, "normal": 0.9, "fast": 0.45, "instant": 0.2}   # a step while playing


class Replay:
    """A finished match rebuilt from its record: states, log lines and round starts by step.

    Step i is the table after the first i actions (0: the deal). ValueError if the record does not
    replay (its ruleset went or changed) or the match has not ended."""

    def __init__(self, match: dict):
        start = Session.resume({**match, "actions": []})
        self.ruleset, self.names, self.seats = start.ruleset, start.names, start.seats
        family = registry.family(self.ruleset.family)
        game = start.game
        call_name = getattr(game.view(None), "call_name", "Call")
        self.actions = [(seat, Action.from_json(a) if isinstance(a, dict) else a) for seat, a in match["actions"]]
        self.lines: list = []               # every log line of the match
        self.lines_at = [0]                 # step -> how many lines are shown
        self.round_of = [game.round_no]     # step -> its round
        self.round_starts = [0]
        self._copies = {0: game.copy()}
        for i, (seat, action) in enumerate(self.actions, start=1):
            for event in game.apply(seat, action):
                try:
                    line = family.describe(event, self.names, call_name)
                except Exception:
                    line = ""
                if line:
                    self.lines.append(line)
            self.lines_at.append(len(self.lines))
            if game.round_no != self.round_of[-1]:
                self.round_starts.append(i)
            self.round_of.append(game.round_no)
            if i % SNAPSHOT == 0:
                self._copies[i] = game.copy()
        if not game.is_over():
            raise ValueError("this match has not ended: only a finished match can be replayed")
        self._last = (None, None)

    @property
    def length(self) -> int:
        return len(self.actions)

    def game_at(self, step: int):
        """The state after `step` actions (a copy: the caller may read it, never change it)."""
        step = max(0, min(step, self.length))
        cached_step, cached = self._last
        if cached_step == step:
            return cached
        base = max(k for k in self._copies if k <= step)
        game = self._copies[base].copy()
        for seat, action in self.actions[base:step]:
            game.apply(seat, action)
        self._last = (step, game)
        return game

    def view_at(self, step: int, seat: Optional[int], open_cards: bool = False):
        """`seat`'s view after `step` actions (None: the public view); `open_cards`: with every
        hidden card in it (the family's open_view: the match is over, nothing is secret any more)."""
        game = self.game_at(step)
        if open_cards:
            return registry.family(self.ruleset.family).open_view(game, seat)
        return game.view(seat)

    def played_words(self, index: int) -> str:
        """The log's sentences for the move at `index` (0-based) as it was played."""
        return " ".join(self.lines[self.lines_at[index]:self.lines_at[index + 1]])

    def move_words(self, index: int, action) -> str:
        """The log's sentences for `action` had it been made instead of the move at `index`: the
        family's own words for the events it would have made (the match is over: nothing is secret)."""
        seat = self.actions[index][0]
        game = self.game_at(index).copy()
        family = registry.family(self.ruleset.family)
        call_name = getattr(game.view(None), "call_name", "Call")
        try:
            events = game.apply(seat, Action.from_json(action) if isinstance(action, dict) else action)
            words = [family.describe(e, self.names, call_name) for e in events]
        except Exception:
            words = []
        return " ".join(w for w in words if w) or action_words(action)

    def round_start(self, step: int, direction: int) -> int:
        """The start of the round before (-1) or after (+1) `step` (the start of its own round when
        going back from inside it)."""
        if direction < 0:
            earlier = [s for s in self.round_starts if s < step]
            return earlier[-1] if earlier else 0
        later = [s for s in self.round_starts if s > step]
        return later[0] if later else self.length


def action_words(action) -> str:
    from game.lab.review import move_words
    return move_words(action)


class ReplayScene(Scene):
    """A finished match, step by step, drawn from one seat's view (or the public view), and its
    review: R reviews the player shown (on a worker thread, with a progress bar; Esc stops it), then
    each of their decisions says its verdict and the better move, N goes to the next one that was
    not fine (Shift+N back). A review is kept with the past match (`past`), so it opens at once."""

    def __init__(self, app, match: dict, seat: Optional[int] = None, title: str = "", past=None):
        super().__init__(app)
        self.match = match
        self.past = past
        self.reviews = dict(past.reviews) if past is not None else {}
        self.job: Optional[Background] = None
        self.job_seat: Optional[int] = None
        self.replay = Replay(match)
        seats = self.replay.seats
        if seat is None:
            seat = next((i for i, s in enumerate(seats) if s.get("kind", "human") == "human"), 0)
        # each seat's view, then the table's, then all cards (from the first seat's side)
        self.modes = [(s, False) for s in range(len(seats))] + [(None, False)]
        if registry.family(self.replay.ruleset.family).open_view is not None:
            self.modes.append((seat, True))
        self.mode = seat                # whose view (None: the table's)
        self.open = False               # all cards
        self.step = 0
        self.log_scroll = 0             # newest log lines scrolled away (the mouse wheel)
        self.playing = False
        self.since = 0.0
        self.heading = title or self.replay.ruleset.name
        settings = app.settings
        if hasattr(settings, "memory_aid"):
            # the faces the viewer knew are shown (small, dimmed) where the family hides them to test memory
            settings = dataclasses.replace(settings, memory_aid=True)
        self.drawing = drawing_for(self.replay.ruleset.family)(self.replay.ruleset, CardArt(self.replay.ruleset),
                                                               settings)
        self.drawer = table_frame.FrameDrawer()
        self._cache = (None, None)
        go = self.go
        self.buttons = {
            "start": Button("|<", lambda: go(0), size=16, tooltip=N_("The deal (Home)")),
            "round_back": Button("<<", lambda: go(self.replay.round_start(self.step, -1)), size=16,
                                 tooltip=N_("The start of the round (Page Up)")),
            "back": Button("<", lambda: go(self.step - 1), size=16, tooltip=N_("A move back (Left)")),
            "play": Button(N_("Play"), self.toggle_play, size=16, hint="Space"),
            "on": Button(">", lambda: go(self.step + 1), size=16, tooltip=N_("The next move (Right)")),
            "round_on": Button(">>", lambda: go(self.replay.round_start(self.step, 1)), size=16,
                               tooltip=N_("The next round (Page Down)")),
            "end": Button(">|", lambda: go(self.replay.length), size=16, tooltip=N_("The end (End)")),
            "view": Button(N_("Change view"), self.next_mode, size=15, hint="Tab",
                           tooltip=N_("Whose view the replay shows: each player's as they saw it, the table's, "
                                      "or all cards")),
            "close": Button(N_("Back"), lambda: self.app.pop(self), size=15, hint="Esc"),
            "review": Button(N_("Review"), self.review, size=15, hint="R",
                             tooltip=N_("Weigh every decision of the player shown with the search, from their view")),
        }
        self.ui.add(*self.buttons.values())
        self.layout(app.size)

    # ---- moving ----
    def go(self, step: int) -> None:
        self.step = max(0, min(step, self.replay.length))
        self.log_scroll = 0
        if self.step >= self.replay.length:
            self.playing = False

    def toggle_play(self) -> None:
        if self.step >= self.replay.length:
            self.step = 0
        self.playing = not self.playing
        self.since = 0.0

    def next_mode(self) -> None:
        here = (self.mode, self.open)
        at = self.modes.index(here) if here in self.modes else -1
        self.mode, self.open = self.modes[(at + 1) % len(self.modes)]

    # ---- the review ----
    def review_seat(self) -> int:
        if self.mode is not None:
            return self.mode
        return next((i for i, s in enumerate(self.replay.seats) if s.get("kind", "human") == "human"), 0)

    def review(self) -> None:
        """Review the player shown (the table's view: the first human); a kept review shows at once."""
        if self.job is not None:
            return
        seat = self.review_seat()
        if self.mode != seat:
            self.mode, self.open = seat, False
        if str(seat) in self.reviews:
            return                       # kept: its summary is on the status line already
        from game.lab.review import review_match
        match = self.match
        self.job_seat = seat
        self.job = Background(lambda progress, cancelled: review_match(match, seat, progress=progress,
                                                                       cancelled=cancelled),
                              name=f"review-{seat}")

    def _review_done(self) -> None:
        job, seat = self.job, self.job_seat
        self.job = self.job_seat = None
        if job.cancelled:
            self.app.toast(tr("The review was stopped; nothing was kept."), 4)
            return
        if job.error is not None:
            self.app.toast(tr("The review could not be made: {problem}", problem=job.error), 8)
            return
        self.reviews[str(seat)] = job.result
        if self.past is not None:
            from game.store import history
            try:
                history.store_review(self.past, seat, job.result)
            except Exception as exc:
                self.app.toast(tr("The review was not kept with the match: {problem}", problem=exc), 6)
        # the summary stands on the status line from now on (a toast would cover it twice)

    def summary_line(self, seat: int) -> str:
        from game.lab.review import summary_line
        return summary_line(self.replay.names[seat], self.reviews[str(seat)], short=True)

    def decision_here(self) -> Optional[dict]:
        """The reviewed decision the step on screen shows (the move just made), if any."""
        review = self.reviews.get(str(self.mode)) if self.mode is not None else None
        if review is None or self.step == 0:
            return None
        return next((d for d in review["decisions"] if d["action"] == self.step - 1), None)

    def verdict_text(self, decision: dict) -> str:
        r = self.replay
        name = r.names[r.actions[decision["action"]][0]]
        if decision["best"] == decision["played"]:
            return tr("{name} played the best move the search found.", name=name)
        if decision["verdict"] == "fine":
            return tr("Fine: the best move found was hardly better ({loss} points).", loss=f"{decision['loss']:.1f}")
        verdict, loss = VERDICTS.get(decision["verdict"], decision["verdict"]), f"{decision['loss']:.1f}"
        if decision.get("best_words"):
            # the moves said to the player then (Family.phrase, from their view at the time)
            return tr("{verdict}. Played: {played}. Better: {better}, about {loss} points more on average.",
                      verdict=tr(verdict), played=decision["played_words"], better=decision["best_words"], loss=loss)
        # a review kept before the moves had words: the log's sentences for the better move
        better = r.move_words(decision["action"], decision["best"])
        return tr("{verdict}: better was \u201c{better}\u201d, about {loss} points more on average.",
                  verdict=tr(verdict), better=better, loss=loss)

    def next_flagged(self, direction: int) -> None:
        review = self.reviews.get(str(self.mode)) if self.mode is not None else None
        if review is None:
            self.app.toast(tr("Review this player first (R)."), 3)
            return
        steps = [d["action"] + 1 for d in review["decisions"] if d["verdict"] != "fine"]
        ahead = [t for t in steps if t > self.step] if direction > 0 else [t for t in steps if t < self.step][::-1]
        if ahead:
            self.go(ahead[0])
        else:
            self.app.toast(tr("No more inaccuracies, mistakes or blunders that way."), 3)

    def mode_label(self) -> str:
        if self.open:
            return tr("All cards")
        return tr("The table's view") if self.mode is None else tr("As {name} saw it", name=self.replay.names[self.mode])

    # ---- the scene ----
    def layout(self, size):
        super().layout(size)
        frame = table_frame.compute(size)
        r = frame.status
        h = 38
        y = r.bottom - h - 10
        x = r.right - 12
        for key in ("end", "round_on", "on", "play", "back", "round_back", "start"):
            w = 74 if key == "play" else 50
            x -= w + 6
            self.buttons[key].rect = pygame.Rect(x, y, w, h)
        self.text_right = x
        bar = frame.top_bar
        self.buttons["close"].rect = pygame.Rect(bar.right - 110, bar.y + 5, 100, bar.h - 10)
        self.buttons["view"].rect = pygame.Rect(bar.right - 120 - 190, bar.y + 5, 190, bar.h - 10)
        self.buttons["review"].rect = pygame.Rect(bar.right - 120 - 200 - 130, bar.y + 5, 130, bar.h - 10)

    def update(self, dt):
        super().update(dt)
        if self.job is not None and self.job.done():
            self._review_done()
        if self.playing:
            self.since += dt
            every = PLAY_SECONDS.get(getattr(self.app.settings, "animation_speed", "normal"), 0.9)
            if self.since >= every:
                self.since = 0.0
                self.go(self.step + 1)

    KEYS = {pygame.K_LEFT: "back", pygame.K_RIGHT: "on", pygame.K_HOME: "start", pygame.K_END: "end",
            pygame.K_PAGEUP: "round_back", pygame.K_PAGEDOWN: "round_on", pygame.K_SPACE: "play",
            pygame.K_TAB: "view"}

    def handle(self, event):
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.job is not None:
                    self.job.cancel()          # Esc stops the review first; the next Esc leaves
                else:
                    self.app.pop(self)
                return
            if event.key == pygame.K_r:
                self.review()
                return
            if event.key == pygame.K_n:
                self.next_flagged(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return
            name = self.KEYS.get(event.key)
            if name is not None:
                self.buttons[name].on_click()
                return
        if event.type == pygame.MOUSEWHEEL:
            # the log beside the table: the wheel scrolls back through the match's lines so far
            shown = self.replay.lines_at[self.step]
            self.log_scroll = max(0, min(self.log_scroll + event.y, max(0, shown - 1)))
            return
        self.ui.handle(event)

    def status(self) -> str:
        r = self.replay
        if self.step == 0:
            where = tr("The deal")
        else:
            seat, action = r.actions[self.step - 1]
            where = tr("Move {n} of {count}: {name}", n=self.step, count=r.length, name=r.names[seat])
        rounds = r.round_of[-1]
        if rounds > 1:
            where += tr(" · round {n} of {count}", n=r.round_of[self.step], count=rounds)
        if self.job is not None:
            return tr("{where}. Reviewing {name}: {done} of {total} moves (Esc stops).", where=where,
                      name=r.names[self.job_seat], done=self.job.done_count, total=self.job.total or "?")
        if self.decision_here() is not None:
            return f"{where}."             # the verdict stands on the message line below
        if self.mode is not None and str(self.mode) in self.reviews:
            return tr("{where}. N: the next move not judged fine.", where=where)
        return tr("{where}. Right: the next move · Space plays · R reviews (keys at the right).", where=where)

    def frame_surface(self, size) -> pygame.Surface:
        """The table at this step, in this mode, for a window of `size` (kept until one of them changes)."""
        job = (self.job.done_count, self.job.total) if self.job is not None else None
        key = (self.step, self.mode, self.open, self.log_scroll, tuple(size), job, tuple(self.reviews))
        if self._cache[0] == key:
            return self._cache[1]
        r = self.replay
        view = r.view_at(self.step, self.mode, self.open)
        surf = pygame.Surface(size).convert()
        shown = r.lines[:r.lines_at[self.step]]
        vis = table_frame.Visuals(names=tuple(r.names), title=tr("Replay: {match}", match=self.heading),
                                  viewer_label=self.mode_label(), show_log=True, viewer=view.viewer,
                                  log=tuple(shown), prompt=self.status(), text_right=self.text_right,
                                  replay=True, open_cards=self.open, log_scroll=self.log_scroll,
                                  key_help=KEY_HELP)
        decision = self.decision_here()
        if decision is not None:
            vis.message = self.verdict_text(decision)
            vis.message_error = decision["verdict"] in ("mistake", "blunder")
        elif self.mode is not None and str(self.mode) in self.reviews:
            vis.message = self.summary_line(self.mode)
        focus = self.mode if self.mode is not None else 0
        zones, vis = self.drawing.still(size, view, vis, focus)
        frame = table_frame.compute(size)
        self.drawer.draw_back(surf, frame, vis)
        self.drawing.draw(surf, zones, view, vis)
        self.drawer.draw_front(surf, frame, view, vis)
        self._cache = (key, surf)
        return surf

    def draw(self, surf):
        surf.blit(self.frame_surface(surf.get_size()), (0, 0))
        self.buttons["play"].label = N_("Stop") if self.playing else N_("Play")
        self.buttons["view"].label = N_("Change view")
        self.buttons["back"].enabled = self.buttons["start"].enabled = self.step > 0
        self.buttons["on"].enabled = self.buttons["end"].enabled = self.step < self.replay.length
        self.buttons["review"].enabled = self.job is None
        self.ui.draw(surf)
        if self.job is not None:
            # the review's progress: a bar across the status line's top edge
            frame = table_frame.compute(surf.get_size())
            bar = pygame.Rect(frame.status.x, frame.status.y, frame.status.w, 6)
            pygame.draw.rect(surf, theme.PANEL, bar)
            pygame.draw.rect(surf, theme.ACCENT, (bar.x, bar.y, int(bar.w * self.job.fraction()), bar.h))
