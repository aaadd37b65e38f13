"""Past matches: every finished match kept (game/store/history.py), newest first, to replay.

Each row says when the match ended, the game, the players (a bot with its level), the result (the
winners and every total) and its length; a click (or Enter on the row picked with Up/Down) opens the
replay. A match whose game was removed or whose rules changed version since is listed with a note
and does not open. Damaged files were set aside by the store; the scene says so once.
"""
from __future__ import annotations

import pygame

from game.ui import fonts, theme
from game.ui.scene import Scene, draw_felt, panel_with_back
from game.i18n import N_, tr, trn
from game.ui.widgets import Button, blit_text, draw_panel

ROW = 64
LEVELS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def players_text(past) -> str:
    names = []
    for name, kind, level in past.players():
        level = level or "normal"
        names.append(tr("{name} ({level})", name=name, level=tr(LEVELS.get(level, level))) if kind == "ai" else name)
    return ", ".join(names)


def result_text(past) -> str:
    names = [p[0] for p in past.players()]
    summary = past.summary
    winners = [names[s] for s in summary["winners"] if 0 <= s < len(names)]
    totals = " · ".join(f"{names[s]} {summary['scores'][s]:g}" for s in range(min(len(names), len(summary["scores"]))))
    if not winners:
        won = tr("no winner")
    elif len(winners) == 1:
        won = tr("{name} won", name=winners[0])
    else:
        won = tr("{names} and {last} shared the win", names=", ".join(winners[:-1]), last=winners[-1])
    return tr("{result}: {totals}", result=won, totals=totals)


def length_text(past) -> str:
    summary = past.summary
    rounds = summary.get("rounds") or 1
    n = summary.get("actions", len(past.match.get("actions", [])))
    moves = trn("{n} move", "{n} moves", n, n=n)
    return trn("{n} round", "{n} rounds", rounds, n=rounds) + ", " + moves if rounds > 1 else moves


class PastMatchesScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        from game.store import history
        try:
            self.matches, warnings = history.past_matches()
        except Exception as exc:            # the store says its own problems; anything else in words
            self.matches, warnings = [], [tr("The past matches could not be read: {problem}", problem=type(exc).__name__)]
        for warning in warnings[:3]:
            app.toast(warning, 8)
        rulesets = {e.ruleset.id: e.ruleset for e in app.rulesets() if e.ok}
        self.notes = [history.ruleset_note(p, rulesets) for p in self.matches]
        self.back = self.ui.add(Button(N_("Back"), lambda: self.app.pop(self), primary=True, hint="Esc"))
        self.picked = 0
        self.scroll = 0
        self.rows: list = []              # (rect, index) of the rows on screen

    def layout(self, size):
        super().layout(size)
        self.panel = panel_with_back(size, 980, self.back)
        self.list_rect = pygame.Rect(self.panel.x + 24, self.panel.y + 76, self.panel.w - 48,
                                     self.back.rect.y - 16 - (self.panel.y + 76))

    def open(self, index: int) -> None:
        if not 0 <= index < len(self.matches):
            return
        if self.notes[index]:
            self.app.toast(self.notes[index], 6)
            return
        from game.ui.replay import ReplayScene
        past = self.matches[index]
        try:
            scene = ReplayScene(self.app, past.match, title=past.summary["game"], past=past)
        except ValueError as exc:
            self.app.toast(tr("This match cannot be replayed: {problem}", problem=exc), 8)
            return
        self.app.push(scene)

    def visible_rows(self) -> int:
        return max(1, self.list_rect.h // ROW)

    def handle(self, event):
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop(self)
                return
            if event.key in (pygame.K_DOWN, pygame.K_UP) and self.matches:
                self.picked = max(0, min(len(self.matches) - 1, self.picked + (1 if event.key == pygame.K_DOWN else -1)))
                self._keep_in_sight()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.matches:
                self.open(self.picked)
                return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(len(self.matches) - self.visible_rows(), self.scroll - int(event.y)))
            return
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            for rect, index in self.rows:
                if rect.collidepoint(event.pos):
                    self.picked = index
                    self.open(index)
                    return
        self.ui.handle(event)

    def _keep_in_sight(self):
        n = self.visible_rows()
        if self.picked < self.scroll:
            self.scroll = self.picked
        elif self.picked >= self.scroll + n:
            self.scroll = self.picked - n + 1

    def draw(self, surf):
        draw_felt(surf)
        p = self.panel
        draw_panel(surf, p, theme.PANEL, theme.PANEL_EDGE, radius=14)
        blit_text(surf, tr("Past matches"), 30, (p.x + 36, p.y + 22), theme.TEXT, True)
        hint = tr("Click a match (or Up/Down and Enter) to replay it.")
        blit_text(surf, hint, 15, (p.right - 36, p.y + 34), theme.MUTED, False, "topright")
        self.rows = []
        if not self.matches:
            blit_text(surf, tr("No finished matches yet: every match you finish is kept here."), 18,
                      (p.x + 36, p.y + 90), theme.MUTED)
        r = self.list_rect
        for row, index in enumerate(range(self.scroll, min(len(self.matches), self.scroll + self.visible_rows()))):
            past = self.matches[index]
            rect = pygame.Rect(r.x, r.y + row * ROW, r.w, ROW - 6)
            self.rows.append((rect, index))
            if index == self.picked:
                pygame.draw.rect(surf, theme.PANEL_EDGE, rect, 2, border_radius=8)
            # Translators: a strftime pattern (German: %d.%m.%Y %H:%M)
            when = past.when().astimezone().strftime(tr("%d %b %Y %H:%M"))
            note = self.notes[index]
            head = f"{past.summary['game']} · {when} · {length_text(past)}"
            blit_text(surf, fonts.ellipsize(head, 18, rect.w - 24, True), 18, (rect.x + 12, rect.y + 6),
                      theme.MUTED if note else theme.ACCENT, True)
            line = note or tr("{players}. {result}", players=players_text(past), result=result_text(past))
            blit_text(surf, fonts.ellipsize(line, 15, rect.w - 24), 15, (rect.x + 12, rect.y + 32),
                      theme.MUTED if note else theme.TEXT)
        if len(self.matches) > self.visible_rows():
            shown = tr("{first}-{last} of {n} · scroll for more", first=self.scroll + 1,
                       last=min(len(self.matches), self.scroll + self.visible_rows()), n=len(self.matches))
            blit_text(surf, shown, 14, (r.right, self.back.rect.y - 8), theme.MUTED, False, "bottomright")
        self.ui.draw(surf)
