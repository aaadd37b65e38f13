"""Driving the table through the real event loop, as players would, for every family: the next human
decision, pass screens confirmed, holds ended; what text reached the screen; the frame-by-frame
privacy log; a whole match played through the screen with a family's gesture script."""
from __future__ import annotations

def human_decision(d):
    """(seat, legal actions) for the human who may act now, or None."""
    t = d.table
    if t is None or d.app.top is not t or t.anim.busy() or t.ctrl.hold is not None:
        return None
    ctrl = t.ctrl
    m = ctrl.moment()
    if m.kind == "race":
        if ctrl.plugin.race is None:
            return None
        if ctrl.plugin.race.claimer is not None:
            return ctrl.plugin.race.claimer, ctrl.legal(ctrl.plugin.race.claimer)
        humans = [s for s in ctrl.game.to_act() if s in ctrl.humans]
        if not humans:
            return None
        seat = humans[0]
        return seat, ctrl.legal(seat)
    seat = ctrl.input_seat()
    if seat is None:
        return None
    return seat, ctrl.legal(seat)


def next_decision(d, rng=None, max_steps: int = 3000):
    """Play the screen on to the next human decision and return (seat, legal actions), or None once
    the match result is shown: every pass screen is confirmed (after a pause, random with `rng`),
    every next round started, every hold ended; bots play themselves."""
    import pygame
    from game.ui.pass_screen import PassScene
    from game.ui.summary import MatchResultScene, RoundSummaryScene
    wait = (lambda a, b: rng.randint(a, b)) if rng is not None else (lambda a, b: b)
    for _ in range(max_steps):
        top = d.app.top
        if isinstance(top, MatchResultScene):
            return None
        if isinstance(top, PassScene):
            d.step(wait(0, 13))
            d.confirm_pass()
            continue
        if isinstance(top, RoundSummaryScene):
            d.step(wait(0, 3))
            d.click(top.button.rect.center)
            continue
        if d.table.ctrl.hold is not None:
            d.step(wait(0, 4) if rng is not None else 0)
            if d.table.ctrl.hold is not None:
                d.key(pygame.K_SPACE)
            continue
        decision = human_decision(d)
        if decision is not None and decision[1]:
            return decision
        d.until(lambda: (human_decision(d) is not None and human_decision(d)[1]) or d.app.top is not d.table
                or d.table.ctrl.hold is not None, 500)
    raise AssertionError(f"no human decision and no end of the match in {max_steps} steps")


def record_text(monkeypatch, *modules) -> list:
    """Every text the given UI modules draw with `blit_text`, as (text, rect, colour), in drawing order.

    A spy, not a stand-in: the real drawing still happens. Layout tests read what really reached the
    screen (a name cut to "…", a label over a card) instead of what the code meant to draw."""
    import pygame
    from game.ui import theme
    drawn = []
    for module in modules:
        def spy(surf, s, size, pos, colour=theme.TEXT, bold=False, anchor="topleft", _real=module.blit_text):
            rect = _real(surf, s, size, pos, colour, bold, anchor)
            drawn.append((s, pygame.Rect(rect), tuple(colour)))
            return rect
        monkeypatch.setattr(module, "blit_text", spy)
    return drawn


def record_fonts(monkeypatch) -> list:
    """Every text rendered through game.ui.fonts (all text on screen is: labels, card faces, panels),
    as (text, size in pixels, bold), in order. A spy: the real rendering still happens. Readability
    tests read what really reached the screen: a size under the floor, a label cut to "…"."""
    from game.ui import fonts
    drawn = []
    real = fonts.text

    def spy(s, size, colour=None, bold=False):
        drawn.append((s, int(size), bool(bold)))
        return real(s, size, colour, bold) if colour is not None else real(s, size, bold=bold)
    monkeypatch.setattr(fonts, "text", spy)
    return drawn


def confirm_pass(d, name: str, max_frames: int = 2000) -> None:
    """Wait for the pass screen to `name` and confirm it, as that player would."""
    from game.ui.pass_screen import PassScene
    assert d.until(lambda: isinstance(d.app.top, PassScene) and d.app.top.name == name, max_frames), \
        d.table.ctrl.prompt()
    d.confirm_pass()
    assert d.app.top is d.table, "the pass screen did not hand the table over"


def until_ready(d, seat: int, max_frames: int = 2000) -> None:
    """Step until `seat` may act by mouse and keys (no hold, nothing to confirm first)."""
    assert d.until(lambda: human_decision(d) is not None and human_decision(d)[0] == seat
                   and d.table.ctrl.hold is None, max_frames), d.table.ctrl.prompt()


# ---- pass-and-play privacy, frame by frame -----------------------------------------------------

class FrameLog:
    """Every presented table frame (and every confirmed pass screen), in order, then judged.

    DESIGN.md: "before the table shows private information to a human other than the one who saw
    it last, a full-screen pass screen hides everything". The frames are recorded where they are
    really drawn: `drawer.draw(surf, zones, view, vis)` of the family's drawing class gets the view
    it draws from; confirmations where the pass screen really ends. `allowed(session)` says, from
    the match state and the action list alone (never from the controller), which seats may have
    their own view on screen now. Both spies still run the real code.
    """

    def __init__(self, monkeypatch, app, drawer_class, allowed):
        from game.ui.pass_screen import PassScene
        self.app, self.allowed = app, allowed
        self.entries = []          # ("frame", viewer, allowed seats, names, humans) /
        #                            ("confirm", name, what the confirming input was meant for)
        self.private_frames = 0
        self.event = None          # the input the pass screen is handling now
        log = self
        draw, finish, handle = drawer_class.draw, PassScene.finish, PassScene.handle

        def recording_draw(drawer, surf, zones, view, vis):
            log.frame(view)
            return draw(drawer, surf, zones, view, vis)

        def recording_handle(scene, event):
            log.event = event
            try:
                return handle(scene, event)
            finally:
                log.event = None

        def recording_finish(scene):
            was = scene.done
            finish(scene)
            if scene.done and not was:
                meant = getattr(log.event, "intent", None) if log.event is not None else "no input"
                log.entries.append(("confirm", scene.name, meant))

        monkeypatch.setattr(drawer_class, "draw", recording_draw)
        monkeypatch.setattr(PassScene, "handle", recording_handle)
        monkeypatch.setattr(PassScene, "finish", recording_finish)

    def frame(self, view):
        from game.ui.table import TableScene
        table = self.app.find(TableScene)
        if table is None:
            return
        self.entries.append(("frame", view.viewer, frozenset(self.allowed(table.session)),
                             table.ctrl.names, len(table.ctrl.humans)))

    def check(self):
        """Raise AssertionError at the first frame that breaks the rule."""
        confirmed = None
        for i, entry in enumerate(self.entries):
            if entry[0] == "confirm":
                confirmed = entry[1]
                continue
            _, viewer, allowed, names, humans = entry
            if humans < 2:
                continue
            if viewer is None:
                confirmed = None            # something public was on screen: the next private view needs a pass
                continue
            self.private_frames += 1
            assert names[viewer] == confirmed, (
                f"frame {i}: {names[viewer]}'s view without {names[viewer]} confirming the pass screen "
                f"since the last public frame (last confirmed: {confirmed})")
            assert viewer in allowed, f"frame {i}: {names[viewer]}'s view during a moment that is not theirs"

    def check_deliberate(self):
        """Raise AssertionError at the first pass screen confirmed by an input that was not meant for
        it: each input carries `intent`, what its player saw and aimed at when deciding to make it
        (("pass", name): that pass screen; anything else: the screen before it)."""
        for i, entry in enumerate(self.entries):
            if entry[0] == "confirm":
                assert entry[2] == ("pass", entry[1]), (
                    f"entry {i}: the pass screen to {entry[1]} was confirmed by an input meant for "
                    f"{entry[2]!r}, not by {entry[1]}'s own act")


def play_through_screen(app, session, rng, choose, perform, max_steps: int, exact: bool = False, driver=None):
    """Play `session` to its end through the screen: each human decision is `choose(rng, legal)`,
    made with `perform(d, rng, seat, action)`'s gestures; every pass screen is confirmed and bots
    play themselves. `exact`: check that each gesture made exactly the chosen action. `driver`: the
    Driver class (one that turns the gestures into keys plays without a mouse). Returns the Driver."""
    from game.ui.driver import Driver
    app.open_table(session)
    d = (driver or Driver)(app)
    for _ in range(max_steps):
        decision = next_decision(d, rng)
        if decision is None:
            return d
        seat, legal = decision
        before = len(session.match.actions)
        action = choose(rng, legal)
        perform(d, rng, seat, action)
        if exact:
            assert session.match.actions[before:before + 1] == [(seat, action)], (action, d.table.ctrl.message)
    raise AssertionError(f"the match did not end in {max_steps} steps")


def past_guide_offer(d) -> None:
    """The first time a game with a guided first game is chosen, the menu offers it over the setup
    screen: "Set up a match" (Esc) goes on to the setup."""
    from game.ui.confirm import ConfirmScene
    if isinstance(d.app.top, ConfirmScene) and d.app.top.no.label == "Set up a match":    # in any language
        import pygame
        d.key(pygame.K_ESCAPE)


def play_round(d, rng, perform, choose=None, max_decisions: int = 200) -> None:
    """The humans play the screen on until the round is scored (its summary or the match's result
    is on top): each decision `choose(rng, legal)` (by default a random move, a call never), made
    with `perform(d, rng, seat, action)`'s gestures; bots play themselves."""
    from game.ui.summary import MatchResultScene, RoundSummaryScene

    def over():
        return isinstance(d.app.top, (RoundSummaryScene, MatchResultScene))

    def deciding():
        decision = human_decision(d)
        return decision if decision is not None and decision[1] else None

    if choose is None:
        def choose(rng, legal):
            return rng.choice([a for a in legal if a.kind != "call"] or legal)
    for _ in range(max_decisions):
        assert d.until(lambda: over() or deciding() is not None, 3000), d.table.ctrl.prompt()
        if over():
            return
        seat, legal = deciding()
        perform(d, rng, seat, choose(rng, legal))
    raise AssertionError("the round did not end")
