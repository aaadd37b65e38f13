"""Match setup: seats (human or computer, level, names), match length and house rules.

The match length a player starts a match with is remembered per game (settings.json,
`match_length`) and offered again next time; seats and house rules start fresh.
"""
import random

import pygame

from game.engine import registry
from game.ui import fonts, theme
from game.ui.scene import Scene, draw_felt
from game.i18n import N_, tr, trn
from game.ui.widgets import Button, Label, Stepper, TextInput, Toggle, blit_text, draw_panel

HUMAN_NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo", "Kim", "Lou")
KINDS = [("human", N_("Human")), ("ai", N_("Computer"))]
LEVEL_WORDS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
ROUNDS = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20)
POINTS = (25, 50, 75, 100, 125, 150, 200, 250, 300, 500)


PASS_HINT = N_("Several humans share this computer: a pass screen hides the table between them.")
OPEN_HINT = N_("Nothing is hidden in this game: no pass screen between players.")
ONE_GAME = N_("One game: it ends by its own rules")
NAME_HINT = N_("Tip: click a name to change it.")
HINT_SIZE = 14


def default_name(seat: int, kind: str) -> str:
    return HUMAN_NAMES[seat % len(HUMAN_NAMES)] if kind == "human" else tr("Bot {n}", n=seat + 1)


def rounds_label(n: int) -> str:
    return trn("{n} round", "{n} rounds", n, n=n)


def points_label(n: int) -> str:
    return trn("to {n} point", "to {n} points", n, n=n)


class SeatRow:
    """The widgets of one seat: name, human/computer, level."""

    def __init__(self, scene, seat: int, kind: str, levels: tuple = ("easy", "normal"), remembered: str = ""):
        self.seat = seat
        self.kind = kind
        self.level = "normal"
        self.remembered = remembered        # the name last typed for this seat (settings.json)
        self.name = TextInput(self.default(kind), lambda v: None, max_len=14,
                              placeholder=tr("Seat {n}", n=seat + 1), tooltip=N_("Click to type a name"))
        self.kind_step = Stepper(KINDS, [k for k, _ in KINDS].index(kind), self.set_kind)
        # only the levels this family has at the table (game.ai.table_levels)
        self.level_step = Stepper([(lv, LEVEL_WORDS.get(lv, lv.capitalize())) for lv in levels],
                                  list(levels).index("normal"), self.set_level,
                                  tooltip=N_("Easy bots forget and react slowly"))
        self.widgets = (self.name, self.kind_step, self.level_step)

    def default(self, kind) -> str:
        """The name a seat of this kind starts with: a human's last typed name, else the usual one."""
        return self.remembered if kind == "human" and self.remembered else default_name(self.seat, kind)

    def set_kind(self, kind):
        if self.name.value.strip() in ("", self.default(self.kind)):
            self.name.value = self.default(kind)
        self.kind = kind
        self.level_step.visible = kind == "ai"

    def set_level(self, level):
        self.level = level

    def spec(self) -> dict:
        name = self.name.value.strip() or tr("Seat {n}", n=self.seat + 1)
        if self.kind == "ai":
            return {"name": name, "kind": "ai", "level": self.level}
        return {"name": name, "kind": "human"}


class SetupScene(Scene):
    def __init__(self, app, ruleset):
        super().__init__(app)
        from game.engine.ruleset import default_options
        self.ruleset = ruleset
        self.family = registry.family(ruleset.family)
        self.options = default_options(ruleset)
        remembered = getattr(app.settings, "match_length", {}).get(ruleset.id)
        if remembered and remembered["mode"] in ruleset.match_end.modes:
            self.options["match_end"] = dict(remembered)
        self.max_seats = ruleset.max_players
        from game.ai import table_levels
        levels = table_levels(ruleset.family, ruleset.id)
        names = list(getattr(app.settings, "player_names", []) or [])
        self.rows = [SeatRow(self, i, "human" if i == 0 else "ai", levels, names[i] if i < len(names) else "")
                     for i in range(self.max_seats)]
        self.count = max(ruleset.min_players, min(3, ruleset.max_players))
        self.count_step = Stepper([(n, trn("{n} player", "{n} players", n, n=n)) for n in range(ruleset.min_players, ruleset.max_players + 1)],
                                  self.count - ruleset.min_players, self.set_count)
        end = self.options["match_end"]
        modes = [(m, N_("Rounds") if m == "rounds" else N_("Points")) for m in ruleset.match_end.modes]
        self.mode_step = Stepper(modes, [m for m, _ in modes].index(end["mode"]) if end["mode"] in dict(modes) else 0,
                                 self.set_mode, tooltip=N_("Play a set number of rounds, or until someone reaches a score"))
        self.rounds_step = Stepper(self._with(ROUNDS, end["rounds"], rounds_label), 0, self.set_rounds)
        self.rounds_step.set_value(end["rounds"])
        self.points_step = Stepper(self._with(POINTS, end["points"], points_label), 0, self.set_points)
        self.points_step.set_value(end["points"])
        self.variant_toggles = []
        self.variant_notes = []
        for v in ruleset.variants:
            t = Toggle(v.label, self.options["variants"].get(v.key, v.default),
                       (lambda val, key=v.key: self.set_variant(key, val)), tooltip=v.description)
            self.variant_toggles.append(t)
            self.variant_notes.append(Label(v.description, 14, theme.MUTED))
        self.options["hints"] = bool(self.options.get("hints", False))
        self.hints_toggle = Toggle(N_("Hints on demand (H)"), self.options["hints"],
                                   self.set_hints, tooltip=N_("At your own decisions, H (or the Hint button) asks "
                                   "the search of the hard level for the best moves it finds from what you "
                                   "can see; the hints used are counted in the summary and the statistics"))
        # take-backs: on by default with one human (against bots), off with two or more (a take-back
        # would undo what the next player may already have seen); the player's own choice stands
        self.undo_chosen = "undo" in self.options
        self.undo_toggle = Toggle(N_("Take-backs (Ctrl+Z)"), bool(self.options.get("undo", True)), self.set_undo,
                                  tooltip=N_("Take back your own latest moves with Ctrl+Z or the Undo button, "
                                  "until a hidden card is seen, chance plays a part or another player moves "
                                  "(Board Game Arena's rule); the take-backs are counted in the result"))
        self.back = Button(N_("Back"), lambda: self.app.pop(self), hint="Esc")
        self.rules = Button(N_("Rules"), self.open_rules, hint="F1")
        self.start = Button(N_("Start the match"), self.start_match, primary=True, hint="Enter")
        self.error = ""
        # why the house rules switched on cannot be played at this many seats (None: they can),
        # shown under the toggles; the Start button is greyed meanwhile
        self.problem = None
        self.problem_note = Label("", 15, theme.DANGER, wrap=True)
        for r in self.rows:
            self.ui.add(*r.widgets)
        self.ui.add(self.count_step, self.mode_step, self.rounds_step, self.points_step,
                    *self.variant_toggles, *self.variant_notes, self.problem_note, self.hints_toggle,
                    self.undo_toggle, self.back, self.rules, self.start)
        self.set_count(self.count)
        self.set_mode(self.mode_step.value)
        if self.family.one_game:        # no length to choose: the game's own rules end it
            for step in (self.mode_step, self.rounds_step, self.points_step):
                step.visible = False

    @staticmethod
    def _with(values, value, label):
        """The choices of a match length, with a remembered one that is not among them."""
        return [(n, label(n)) for n in sorted(set(values) | {value})]

    # ---- changes ----
    def set_count(self, n):
        self.count = n
        for i, r in enumerate(self.rows):
            on = i < n
            for w in r.widgets:
                w.visible = on
            r.level_step.visible = on and r.kind == "ai"
        self.check_house_rules()

    def set_mode(self, mode):
        self.options["match_end"]["mode"] = mode
        self.rounds_step.visible = mode == "rounds"
        self.points_step.visible = mode == "points"
        self.check_house_rules()      # what only a match to points needs is asked of that mode

    def set_rounds(self, n):
        self.options["match_end"]["rounds"] = n

    def set_points(self, n):
        self.options["match_end"]["points"] = n
        self.check_house_rules()

    def set_hints(self, value):
        self.options["hints"] = bool(value)

    def set_undo(self, value):
        self.undo_chosen = True
        self.options["undo"] = bool(value)

    def undo_default(self) -> bool:
        """On with one human at the table, off with two or more."""
        return sum(1 for s in self.seats() if s["kind"] == "human") <= 1

    def update(self, dt):
        super().update(dt)
        if not self.undo_chosen:          # follows the seats until the player chooses
            self.undo_toggle.value = self.options["undo"] = self.undo_default()

    def set_variant(self, key, value):
        self.options["variants"][key] = value
        self.check_house_rules()

    def check_house_rules(self) -> None:
        """The family's whole check of the toggles as set, at this many seats and this match length
        (the loader checks every combination it can; this is the word before a match starts)."""
        from game.engine.ruleset import options_refusal
        self.problem = options_refusal(self.ruleset, self.options, self.count)
        self.problem_note.text = f"✖ {self.problem}" if self.problem else ""
        self.start.enabled = self.problem is None
        self.start.tooltip = (tr("These house rules cannot be played: {problem}", problem=self.problem) if self.problem
                              else None)

    def seats(self) -> list:
        return [r.spec() for r in self.rows[: self.count]]

    def start_match(self):
        self.check_house_rules()
        if self.problem:
            self.error = tr("The house rules as set cannot be played: see why under them.")
            return
        seats = self.seats()
        if not self.undo_chosen:
            self.options["undo"] = self.undo_default()
        names = [s["name"] for s in seats]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            self.error = tr("Two players are called {name}: give each seat its own name.", name=dupes[0])
            return
        from game.engine.session import Session
        try:
            session = Session.new(self.ruleset, seats, self.options, random.SystemRandom().randrange(2 ** 31))
        except (ValueError, KeyError) as exc:
            self.error = tr("The match cannot start: {problem}", problem=exc)
            return
        self.remember_match_length()
        self.remember_names(seats)
        self.app.start_match(session)

    def remember_names(self, seats):
        """Keep the names typed for human seats, seat by seat, for the next setup (settings.json)."""
        settings = self.app.settings
        names = list(getattr(settings, "player_names", []) or [])
        names += [""] * (len(seats) - len(names))
        for i, seat in enumerate(seats):
            if seat["kind"] == "human":
                names[i] = seat["name"]
        settings.player_names = names[:12]
        self.app.save_settings()

    def remember_match_length(self):
        """Keep the chosen match length for the next match of this game (settings.json)."""
        settings = self.app.settings
        lengths = dict(getattr(settings, "match_length", {}))
        lengths[self.ruleset.id] = dict(self.options["match_end"])
        settings.match_length = lengths
        self.app.save_settings()

    def open_rules(self):
        from game.ui.rules_scene import RulesScene
        self.app.push(RulesScene(self.app, self.ruleset, self.options))

    # ---- layout and drawing ----
    def layout(self, size):
        super().layout(size)
        w, h = size
        self.panel = pygame.Rect(30, 30, w - 60, h - 60)
        p = self.panel
        col_w = (p.w - 90) // 2
        lx, rx = p.x + 30, p.x + 60 + col_w
        y = p.y + 84
        self.count_step.rect = pygame.Rect(lx + 120, y, 220, 40)
        self.count_label = (lx, y + 20)
        y += 58
        by = p.bottom - 66
        # the hints are wrapped, never cut: their lines (the longer hint's) are kept free above the buttons
        self.hint_w = col_w
        lh = fonts.line_height(HINT_SIZE)
        lines = len(fonts.wrap(tr(self.family.start_hint), HINT_SIZE, col_w)) + max(
            len(fonts.wrap(tr(h), HINT_SIZE, col_w)) for h in (PASS_HINT, NAME_HINT, OPEN_HINT))
        self.hint_top = by - 8 - lines * lh
        half = (col_w + 12) // 2
        self.hints_toggle.rect = pygame.Rect(lx - 6, self.hint_top - 44, half - 4, 36)
        self.undo_toggle.rect = pygame.Rect(lx - 6 + half + 4, self.hint_top - 44, half - 4, 36)
        rows_h = self.hint_top - 50 - y
        row_h = max(34, min(54, rows_h // max(1, self.max_seats)))
        self.seat_label_x = lx
        for i, r in enumerate(self.rows):
            ry = y + i * row_h
            name_w = int(col_w * 0.38)
            r.name.rect = pygame.Rect(lx + 34, ry, name_w, row_h - 10)
            r.kind_step.rect = pygame.Rect(r.name.rect.right + 10, ry, int(col_w * 0.29), row_h - 10)
            r.level_step.rect = pygame.Rect(r.kind_step.rect.right + 10, ry,
                                            lx + col_w - r.kind_step.rect.right - 10, row_h - 10)
        y = p.y + 84
        self.mode_label = (rx, y + 20)
        self.mode_step.rect = pygame.Rect(rx + 150, y, 150, 40)
        self.rounds_step.rect = pygame.Rect(rx + 310, y, col_w - 310, 40)
        self.points_step.rect = self.rounds_step.rect.copy()
        y += 70
        self.variants_top = y
        y += 32
        # up to two lines of each description (the toggle's tooltip has all of it); fewer where the
        # house rules would run into the buttons in a small window
        room = by - 12 - y
        wrapped = [fonts.wrap(v.description, 14, col_w - 34) if v.description else [] for v in self.ruleset.variants]
        keep = 2
        while keep > 0 and sum(46 + max(1, min(keep, len(w))) * fonts.line_height(14) for w in wrapped) > room:
            keep -= 1
        for t, note, v, lines in zip(self.variant_toggles, self.variant_notes, self.ruleset.variants, wrapped):
            t.rect = pygame.Rect(rx - 6, y, col_w + 12, 36)
            if keep == 0:
                lines = []
            elif len(lines) > keep:
                lines = lines[:keep - 1] + [fonts.ellipsize(" ".join(lines[keep - 1:]), 14, col_w - 34)]
            note.text = "\n".join(lines)
            note.wrap = True
            note.rect = pygame.Rect(rx + 34, y + 36, col_w - 34, max(1, len(lines)) * fonts.line_height(14))
            note.visible = bool(lines)
            y += 46 + note.rect.h if lines else 40
        self.problem_note.rect = pygame.Rect(rx, y, col_w, max(0, p.bottom - 76 - y))
        self.back.rect = pygame.Rect(p.x + 30, by, 160, 46)
        self.rules.rect = pygame.Rect(p.x + 200, by, 160, 46)
        self.start.rect = pygame.Rect(p.right - 30 - 260, by, 260, 46)

    def handle(self, event):
        if event.type == pygame.KEYDOWN and not self._typing():
            if event.key == pygame.K_ESCAPE:
                self.app.pop(self)
                return
            if event.key == pygame.K_F1:
                self.open_rules()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.ui.focus is None:
                self.start_match()
                return
        self.error = "" if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) else self.error
        self.ui.handle(event)

    def _typing(self) -> bool:
        return isinstance(self.ui.focus, TextInput) and self.ui.focus.focused

    def draw(self, surf):
        draw_felt(surf)
        p = self.panel
        draw_panel(surf, p, theme.PANEL, theme.PANEL_EDGE, radius=14)
        ruleset = self.ruleset
        blit_text(surf, tr("New match: {game}", game=ruleset.name), 30, (p.x + 30, p.y + 22), theme.TEXT, True)
        blit_text(surf, tr("Players"), 18, self.count_label, theme.TEXT, True, "midleft")
        for i, r in enumerate(self.rows[: self.count]):
            blit_text(surf, f"{i + 1}.", 17, (self.seat_label_x, r.name.rect.centery), theme.MUTED, True, "midleft")
        if self.family.one_game:
            blit_text(surf, tr(ONE_GAME), 18, self.mode_label, theme.TEXT, True, "midleft")
        else:
            blit_text(surf, tr("Match length"), 18, self.mode_label, theme.TEXT, True, "midleft")
        if self.variant_toggles:
            blit_text(surf, tr("House rules"), 18, (self.mode_label[0], self.variants_top), theme.TEXT, True)
        humans = sum(1 for s in self.seats() if s["kind"] == "human")
        y = self.hint_top
        several = OPEN_HINT if self.family.open_information else PASS_HINT
        for hint in (self.family.start_hint, several if humans > 1 else NAME_HINT):
            for line in fonts.wrap(tr(hint), HINT_SIZE, self.hint_w):
                blit_text(surf, line, HINT_SIZE, (p.x + 30, y), theme.MUTED)
                y += fonts.line_height(HINT_SIZE)
        if self.error:
            blit_text(surf, "✖ " + self.error, 16, (self.start.rect.right, self.start.rect.y - 24), theme.DANGER,
                      False, "topright")
        self.ui.draw(surf)
