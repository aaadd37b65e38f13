"""Klobba!'s end screen: each player's Stars, the bounty of their captured Barbarians, how many
they captured (the tie-break) and the total; the winner(s) first. Tab shows "What happened"."""
from __future__ import annotations

import pygame

from game.i18n import N_, tr, trn
from game.ui import fonts, theme
from game.families.clash.words import joined
from game.ui.scene import shade
from game.ui.summary import MatchResultScene
from game.ui.widgets import blit_text, draw_panel


# the score table's columns: heading (translated where drawn) and where it starts, as a share of the width
PLAYER, TOTAL = N_("Player"), N_("Total")
COLUMNS = ((PLAYER, 0), (N_("Stars"), 0.45), (N_("Bounty"), 0.6), (N_("Captured"), 0.75), (TOTAL, 0.92))


class ClashResultScene(MatchResultScene):
    """The match result of a clash game."""

    PAGES = ("scores", "what happened")
    PAGE_LABELS = {"scores": N_("Scores"), "what happened": N_("What happened")}     # the Tab button's

    def panel_size(self, w: int, h: int) -> tuple:
        return min(1000, w - 40), min(h - 40, 260 + 60 * len(self.view.seats))

    def headline(self) -> tuple:
        v = self.view
        names = self.ctrl.names
        winners = [names[s] for s in v.winners]
        if not winners:
            return tr("The game is over"), ""
        if len(winners) == 1:
            title = tr("{winner} wins!", winner=winners[0])
        else:
            title = tr("{winners} share the win!", winners=joined(winners))
        best = max((r.total for r in v.results), default=0)
        tied = [r for r in v.results if r.total == best]
        if len(tied) > 1 and len(winners) == 1:
            sub = trn("Tied on {best} points: {winner} captured more Barbarians.",
                      "Tied on {best} points: {winner} captured more Barbarians.", best, best=best, winner=winners[0])
        else:
            sub = trn("{best} points: Stars held plus the bounty of captured Barbarians.",
                      "{best} points: Stars held plus the bounty of captured Barbarians.", best, best=best)
        return title, sub

    def draw(self, surf):
        shade(surf)
        p = self.panel
        draw_panel(surf, p, theme.PANEL, theme.ACCENT, radius=14, width=2)
        title, sub = self.headline()
        blit_text(surf, title, fonts.fit(title, 30, p.w - 40, True), (p.x + 20, p.y + 12), theme.ACCENT, True)
        blit_text(surf, fonts.ellipsize(sub, 16, p.w - 40), 16, (p.x + 20, p.y + 52), theme.MUTED)
        body = self.with_ending(surf, pygame.Rect(p.x + 20, p.y + 86, p.w - 40, p.h - 86 - 76))
        if self.page == "what happened":
            self.draw_log(surf, body)
        else:
            self.draw_scores(surf, body)
        self.draw_hints_used(surf, p)
        self.ui.draw(surf)

    def draw_scores(self, surf, rect):
        v = self.view
        names = self.ctrl.names
        cols = COLUMNS
        for label, at in cols:
            blit_text(surf, tr(label), 16, (rect.x + int(rect.w * at), rect.y), theme.MUTED, True)
        y = rect.y + 30
        order = sorted(v.results, key=lambda r: (-r.total, -r.captured, r.seat))
        for r in order:
            win = r.seat in v.winners
            row = pygame.Rect(rect.x - 6, y - 4, rect.w + 12, 40)
            pygame.draw.rect(surf, (64, 52, 20) if win else (26, 42, 35), row, border_radius=8)
            values = (tr("{name}  ★ winner", name=names[r.seat]) if win else names[r.seat], str(r.stars),
                      str(r.bounty), str(r.captured), str(r.total))
            for (label, at), value in zip(cols, values):
                bold = label in (PLAYER, TOTAL)
                blit_text(surf, fonts.ellipsize(value, 18, int(rect.w * 0.42), bold), 18,
                          (rect.x + int(rect.w * at), y + 4), theme.ACCENT if win and bold else theme.TEXT, bold)
            y += 48
