"""Round summary and match result, both over the table and both from the public view.

The round summary shows each seat's revealed cards (the family's plug-in says which), the
family's scoring columns (`Family.score_lines`, and the plug-in's `summary_lines`), the running
total and a note; "Next round" starts the next one. The match result ranks the players (the
lowest or the highest total first, as the family says), shows every round's scores and offers a
rematch with the same seats and options.
"""
import math

import pygame

from game.ui import fonts, theme
from game.ui.scene import Scene, shade
from game.i18n import N_, tr, trn
from game.ui.widgets import Button, blit_text, draw_panel


# How a scoring column's text is drawn (TablePlugin.summary_lines): a cost in red, a gain in green;
# "strong" is bold (the round's result). Words as well as colour: the numbers carry their sign.
STYLE_COLOURS = {"bad": theme.DANGER, "good": theme.GOOD}


class _Over(Scene):
    overlay = True

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.ctrl = table.ctrl
        self.view = table.ctrl.public()

    def table_button(self, event) -> bool:
        """The table's Menu and Rules buttons stay visible under this screen: they work here too."""
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            for key, action in (("menu", self.table.open_pause), ("rules", self.table.open_rules)):
                if self.table.buttons[key].rect.collidepoint(getattr(event, "pos", (-1, -1))):
                    action()
                    return True
        return False

    def draw_hints_used(self, surf, panel):
        """In a match with hints or take-backs on: how many each human asked for, at the panel's foot;
        (a guided first game's closing words: with_ending)."""
        names = self.ctrl.names
        parts = []
        for on, used, what in ((self.table.hints.enabled, self.table.hints.used, N_("Hints used: {counts}")),
                               (self.ctrl.takebacks.enabled, self.ctrl.takebacks.used, N_("Take-backs: {counts}"))):
            if on:
                counts = ", ".join(f"{names[s]} {used.get(s, 0)}" for s in self.ctrl.humans)
                parts.append(tr(what, counts=counts or tr("none")))
        if parts:
            blit_text(surf, " · ".join(parts), 15, (panel.right - 26, panel.bottom - 40), theme.MUTED, False,
                      "midright")

    def with_ending(self, surf, body):
        """A guided first game: its closing words (how the game is scored) at the foot of the result's
        `body`, which gives them the room; returns the rest of `body` for the scores."""
        text = self.table.guided.ending()
        if not text:
            return body
        lines = fonts.wrap(text, 16, body.w - 24)
        lh = fonts.line_height(16)
        box = pygame.Rect(body.x, 0, body.w, len(lines) * lh + 16)
        box.bottom = body.bottom
        draw_panel(surf, box, (30, 44, 36), theme.ACCENT, radius=8)
        y = box.y + 8
        for line in lines:
            blit_text(surf, line, 16, (box.x + 12, y), theme.ACCENT, False)
            y += lh
        return pygame.Rect(body.x, body.y, body.w, box.y - 8 - body.y)

    def best_total(self, totals):
        """The leading total: the lowest, or the highest where the family counts up."""
        totals = list(totals)
        if not totals:
            return 0
        return min(totals) if self.ctrl.family.lower_is_better else max(totals)

    def draw_results(self, surf, rect, results, names):
        """Rows of: name, revealed cards, the family's scoring columns, total, note."""
        plugin = self.table.plugin
        n = max(1, len(results))
        header_h = 26
        row_h = max(34, min(92, (rect.h - header_h) // n))
        ch = row_h - 10
        cw = int(ch * 0.7)
        headings = [line[0] for line in plugin.summary_lines(results[0])] if results else []
        # the scoring columns share the room between the cards (up to 0.55) and the total (0.78)
        step = min(0.075, 0.23 / max(1, len(headings)))
        cols = ([(tr("Player"), 0.0), (tr("Cards"), 0.2)]
                + [(h, math.floor((0.55 + i * step) * 100) / 100) for i, h in enumerate(headings)]
                + [(tr("Total"), 0.78), (tr("Note"), 0.86)])
        xs = [rect.x + int(rect.w * f) for _, f in cols]
        for (name, _), x in zip(cols, xs):
            blit_text(surf, name, 15, (x, rect.y), theme.MUTED, True)
        x_cards, x_first, x_total, x_note = xs[1], xs[2], xs[-2], xs[-1]
        best = self.best_total(r.total for r in results)
        _, highlighted = plugin.summary_heading(self.view)
        y = rect.y + header_h
        art = plugin.face_art()
        for r in results:
            row = pygame.Rect(rect.x - 8, y, rect.w + 16, row_h - 4)
            marked = highlighted == r.seat
            pygame.draw.rect(surf, (30, 48, 40) if r.seat % 2 == 0 else (24, 40, 33), row, border_radius=6)
            cy = row.centery
            # the caller is named in words too (the note says how the call went)
            name = ("▶ " if marked else "") + names[r.seat]
            name = fonts.ellipsize(name, 17, x_cards - xs[0] - 10, True)
            blit_text(surf, name, 17, (xs[0], cy), theme.ACCENT if marked else theme.TEXT, True, "midleft")
            x = x_cards
            faces = plugin.summary_hand(self.view, r.seat)
            room = x_first - x - 10
            # overlapping when they must: the last card shows whole and ends inside the room
            step_x = min(cw + 4, (room - cw) // max(1, len(faces) - 1)) if faces else cw + 4
            for face in faces:
                surf.blit(art.face(face, (cw, ch)), (x, row.y + (row.h - ch) // 2))
                x += step_x
            if not faces:
                blit_text(surf, tr("no cards"), 15, (x, cy), theme.MUTED, False, "midleft")
            for i, (_, text, *style) in enumerate(plugin.summary_lines(r)):
                style = style[0] if style else ""
                colour = STYLE_COLOURS.get(style, theme.TEXT)
                blit_text(surf, text, 18, (xs[2 + i], cy), colour, style == "strong", "midleft")
            lead = r.total == best
            blit_text(surf, str(r.total) + (" ◀" if lead else ""), 18, (x_total, cy),
                      theme.ACCENT if lead else theme.TEXT, True, "midleft")
            # a note ("called above the 5-point limit") gets two lines where the row has room
            note = plugin.result_note(self.view, r)
            room_w = rect.right - x_note
            lh = fonts.line_height(14)
            wrapped = fonts.wrap(note, 14, room_w) if row.h >= 2 * lh + 4 else [note]
            if len(wrapped) > 2:
                wrapped = [wrapped[0], " ".join(wrapped[1:])]
            wrapped = [fonts.ellipsize(line, 14, room_w) for line in wrapped[:2]]
            top = cy - lh * len(wrapped) // 2
            for i, line in enumerate(wrapped):
                blit_text(surf, line, 14, (x_note, top + i * lh), theme.MUTED, False, "topleft")
            y += row_h


class RoundSummaryScene(_Over):
    """After round_over: the scoring breakdown, then the next round."""

    def __init__(self, app, table):
        super().__init__(app, table)
        self.button = self.ui.add(Button(N_("Next round"), self.next_round, primary=True, hint="Space"))
        self.ui.set_focus(self.button)

    def layout(self, size):
        super().layout(size)
        w, h = size
        self.panel = pygame.Rect(0, 0, min(1180, w - 60), min(h - 60, 150 + 96 * len(self.view.seats)))
        self.panel.center = (w // 2, h // 2)
        self.button.rect = pygame.Rect(0, 0, 240, 50)
        self.button.rect.midbottom = (self.panel.centerx, self.panel.bottom - 16)

    def next_round(self):
        self.app.pop(self)
        self.ctrl.next_round()

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.next_round()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.table.open_rules()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.open_pause()      # settings, rules or the main menu; Continue comes back here
            return
        if self.table_button(event):
            return
        self.ui.handle(event)

    def draw(self, surf):
        shade(surf)
        p = self.panel
        draw_panel(surf, p, theme.PANEL, theme.ACCENT, radius=14, width=2)
        title = tr("Round {n} is over", n=self.view.round_no)
        blit_text(surf, title, 28, (p.x + 26, p.y + 18), theme.TEXT, True)
        sub, _ = self.table.plugin.summary_heading(self.view)
        if sub:
            blit_text(surf, sub, 17, (p.x + 26, p.y + 56), theme.MUTED)
        body = pygame.Rect(p.x + 26, p.y + 88, p.w - 52, p.h - 88 - 80)
        self.draw_results(surf, body, self.view.results, self.ctrl.names)
        self.draw_hints_used(surf, p)
        self.ui.draw(surf)


class MatchResultScene(_Over):
    """At match end: winners, standings, every round's scores; rematch or menu."""

    def __init__(self, app, table):
        super().__init__(app, table)
        self.again = self.ui.add(Button(N_("Play again"), self.play_again, primary=True, hint="Enter"))
        self.menu = self.ui.add(Button(N_("Main menu"), self.app.open_menu, hint="Esc"))
        self.page = self.PAGES[0]    # Tab shows the next page, in turn
        self.rounds = Button(self.page_label(self.PAGES[1]), self.toggle, hint="Tab")
        self.ui.add(self.rounds)
        self.scroll = 0              # rounds (standings) or log lines (what happened) scrolled back

    def panel_size(self, w: int, h: int) -> tuple:
        """The result panel's size in a window of w x h (a family's result screen may need more)."""
        return min(1180, w - 60), min(h - 60, 220 + 90 * len(self.view.seats))

    def layout(self, size):
        super().layout(size)
        w, h = size
        self.panel = pygame.Rect((0, 0), self.panel_size(w, h))
        self.panel.center = (w // 2, h // 2)
        y = self.panel.bottom - 66
        self.again.rect = pygame.Rect(self.panel.centerx + 10, y, 220, 50)
        self.menu.rect = pygame.Rect(self.panel.centerx - 230, y, 220, 50)
        self.rounds.rect = pygame.Rect(self.panel.x + 26, y, 180, 50)

    PAGES = ("standings", "last round", "what happened")
    # the pages' names on the Tab button (with those the families' result screens have)
    PAGE_LABELS = {"standings": N_("Standings"), "last round": N_("Last round"),
                   "what happened": N_("What happened"), "scores": N_("Scores"), "score pad": N_("Score pad")}

    def page_label(self, page: str) -> str:
        return self.PAGE_LABELS.get(page, page.capitalize())

    def toggle(self):
        """Tab: the standings, the last round's cards, the whole match's log, in turn."""
        self.page = self.PAGES[(self.PAGES.index(self.page) + 1) % len(self.PAGES)]
        self.rounds.label = self.page_label(self.PAGES[(self.PAGES.index(self.page) + 1) % len(self.PAGES)])
        self.scroll = 0

    def scroll_by(self, steps: int):
        """Wheel / arrows: older rounds of the standings, or earlier lines of the log."""
        most = len(self.view.history) - 1 if self.page == "standings" else len(self.ctrl.log) - 1
        self.scroll = max(0, min(max(0, most), self.scroll + steps))

    def play_again(self):
        from game.engine.session import Session
        s = self.table.session
        options = s.options
        if options.get("guide"):
            # a guided first game is played once: again is a normal match, as the setup makes one
            # for a player against a bot (the ruleset's length, take-backs on, no hints)
            from game.engine.ruleset import default_options
            options = dict(default_options(s.ruleset), undo=True, hints=False)
        session = Session.new(s.ruleset, [dict(x) for x in s.seats], options)
        self.app.start_match(session)

    def handle(self, event):
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.play_again()
                return
            if event.key == pygame.K_ESCAPE:
                self.app.open_menu()
                return
            if event.key == pygame.K_TAB:
                self.toggle()
                return
            if event.key == pygame.K_F1:
                self.table.open_rules()
                return
            steps = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: 8, pygame.K_PAGEDOWN: -8}
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(getattr(event, "y", 0))
            return
        if self.table_button(event):
            return
        self.ui.handle(event)

    def draw(self, surf):
        shade(surf)
        p = self.panel
        v = self.view
        names = self.ctrl.names
        draw_panel(surf, p, theme.PANEL, theme.ACCENT, radius=14, width=2)
        winners = [names[s] for s in v.winners]
        if len(winners) == 1:
            title = tr("{name} wins the match!", name=winners[0])
        else:
            title = tr("{names} and {last} share the win!", names=", ".join(winners[:-1]), last=winners[-1])
        blit_text(surf, title, fonts.fit(title, 32, p.w - 52, True), (p.x + 26, p.y + 18), theme.ACCENT, True)
        blit_text(surf, (trn("After {n} round · the lowest total wins", "After {n} rounds · the lowest total wins",
                             v.round_no, n=v.round_no) if self.ctrl.family.lower_is_better else
                         trn("After {n} round · the highest total wins", "After {n} rounds · the highest total wins",
                             v.round_no, n=v.round_no)), 17, (p.x + 26, p.y + 60), theme.MUTED)
        body = self.with_ending(surf, pygame.Rect(p.x + 26, p.y + 96, p.w - 52, p.h - 96 - 86))
        if self.page == "last round" and v.results:
            self.draw_results(surf, body, v.results, names)
        elif self.page == "what happened":
            self.draw_log(surf, body)
        else:
            self.draw_standings(surf, body, v, names)
        self.draw_hints_used(surf, p)
        self.ui.draw(surf)

    def draw_log(self, surf, rect):
        """The whole match's "What happened", newest at the bottom, scrolled back by self.scroll."""
        log = self.ctrl.log
        lh = fonts.line_height(15)
        end = len(log) - self.scroll
        rows, y = [], rect.bottom
        for entry in reversed(log[:end]):
            wrapped = fonts.wrap(entry, 15, rect.w)
            y -= len(wrapped) * lh + 3
            if y < rect.y:
                break
            rows.append((y, wrapped))
        for top, wrapped in rows:
            for i, line in enumerate(wrapped):
                blit_text(surf, line, 15, (rect.x, top + i * lh), theme.TEXT, False)
        note = (tr("lines {first}-{last} of {n} · scroll or ↑↓ for more", first=end - len(rows) + 1, last=end,
                   n=len(log)) if log else tr("Nothing happened."))
        blit_text(surf, note, 13, (rect.right, rect.y - 22), theme.DIM, False, "topright")

    def draw_standings(self, surf, rect, v, names):
        sign = 1 if self.ctrl.family.lower_is_better else -1
        order = sorted(v.seats, key=lambda s: (sign * s.total, s.seat))
        n_rounds = len(v.history)
        end = n_rounds - self.scroll                 # the wheel goes back through every round
        shown_rounds = list(range(max(0, end - 10), end))
        if n_rounds > 10:
            blit_text(surf, tr("rounds {first}-{last} of {n} · scroll for more", first=shown_rounds[0] + 1,
                               last=shown_rounds[-1] + 1, n=n_rounds),
                      13, (rect.right, rect.y - 22), theme.DIM, False, "topright")
        name_w = int(rect.w * 0.3)
        col_w = max(44, min(70, (rect.w - name_w - 90) // max(1, len(shown_rounds))))
        y = rect.y
        blit_text(surf, tr("Player"), 15, (rect.x + 40, y), theme.MUTED, True)
        for j, r in enumerate(shown_rounds):
            blit_text(surf, tr("R{n}", n=r + 1), 15, (rect.x + name_w + j * col_w, y), theme.MUTED, True)
        blit_text(surf, tr("Total"), 15, (rect.right - 80, y), theme.MUTED, True)
        y += 28
        row_h = max(30, min(52, (rect.bottom - y) // max(1, len(order))))
        place = 0
        last_total = None
        for i, s in enumerate(order):
            if s.total != last_total:
                place, last_total = i + 1, s.total
            row = pygame.Rect(rect.x - 8, y, rect.w + 16, row_h - 4)
            win = s.seat in v.winners
            pygame.draw.rect(surf, (64, 52, 20) if win else (30, 48, 40), row, border_radius=6)
            blit_text(surf, f"{place}.", 18, (rect.x + 4, row.centery), theme.TEXT, True, "midleft")
            label = tr("{name}  ★ winner", name=names[s.seat]) if win else names[s.seat]
            blit_text(surf, fonts.ellipsize(label, 18, name_w - 50, True), 18, (rect.x + 40, row.centery),
                      theme.ACCENT if win else theme.TEXT, True, "midleft")
            for j, r in enumerate(shown_rounds):
                score = v.history[r][s.seat] if s.seat < len(v.history[r]) else 0
                blit_text(surf, str(score), 17, (rect.x + name_w + j * col_w, row.centery), theme.TEXT, False,
                          "midleft")
            blit_text(surf, str(s.total), 20, (rect.right - 80, row.centery), theme.ACCENT if win else theme.TEXT,
                      True, "midleft")
            y += row_h
