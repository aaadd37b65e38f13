"""Castle Combo's end screen: the score pad, one column per player (the rulebook's score pad is one
too): each card's points and why, the keys, the total, the leftover gold (the tie-break) and the
winner(s). Tab shows "What happened" (the whole game's log) instead.
"""
from __future__ import annotations

import pygame

from game.i18n import N_, local, tr, trc, trn
from game.ui import fonts, theme
from game.ui.scene import shade
from game.ui.summary import MatchResultScene
from game.ui.widgets import blit_text, draw_panel


class TableauResultScene(MatchResultScene):
    """The match result of a tableau game: the per-card score pad of every player."""

    PAGES = ("score pad", "what happened")
    PAGE_LABELS = {"score pad": N_("Score pad"), "what happened": N_("What happened")}

    def panel_size(self, w: int, h: int) -> tuple:
        return min(1400, w - 30), h - 30

    def headline(self) -> tuple:
        """(title, the sentence under it): who won, and how a tie was broken."""
        v = self.view
        names = self.ctrl.names
        winners = [names[s] for s in v.winners]
        if len(winners) == 1:
            title = tr("{who} wins!", who=winners[0])
        else:
            joined = winners[0]
            for name in winners[1:]:
                joined = tr("{a} and {b}", a=joined, b=name)
            title = tr("{who} share the win!", who=joined)
        results = {r.seat: r for r in v.results}
        best = max((r.total for r in v.results), default=0)
        tied = [r for r in v.results if r.total == best]
        if len(tied) > 1 and len(v.winners) == 1:
            sub = trn("Tied on {n} points: {who} kept the most leftover gold.",
                      "Tied on {n} points: {who} kept the most leftover gold.", best, n=best, who=winners[0])
        elif len(v.winners) > 1:
            sub = trn("Tied on {n} points and on leftover gold: they win together.",
                      "Tied on {n} points and on leftover gold: they win together.", best, n=best)
        else:
            sub = trn("{n} points · ties are broken by leftover gold",
                      "{n} points · ties are broken by leftover gold", best, n=best)
        if not results:
            sub = ""
        return title, sub

    def draw(self, surf):
        shade(surf)
        p = self.panel
        draw_panel(surf, p, theme.PANEL, theme.ACCENT, radius=14, width=2)
        title, sub = self.headline()
        blit_text(surf, title, fonts.fit(title, 30, p.w - 40, True), (p.x + 20, p.y + 12), theme.ACCENT, True)
        blit_text(surf, fonts.ellipsize(sub, 16, p.w - 40), 16, (p.x + 20, p.y + 52), theme.MUTED)
        body = self.with_ending(surf, pygame.Rect(p.x + 20, p.y + 82, p.w - 40, p.h - 82 - 76))
        if self.page == "what happened":
            self.draw_log(surf, body)
        else:
            self.draw_pad(surf, body)
        self.draw_hints_used(surf, p)
        self.ui.draw(surf)

    @staticmethod
    def short_why(face, cs) -> str:
        """Why a card scored, in few words ("" for a card face down or without a scroll)."""
        scroll = face.scoring
        if scroll is None or cs.why in ("face down", "no scoring"):
            return ""
        from game.families.tableau import words
        points = scroll.get("points") or 0
        times = cs.points // points if points and scroll.get("per") is not None else int(bool(cs.points))
        return words.why_short(scroll, times)

    def draw_pad(self, surf, rect):
        """One column per player: each card's points and why, keys, total, leftover gold."""
        v = self.view
        names = self.ctrl.names
        results = sorted(v.results, key=lambda r: r.seat)
        if not results:
            blit_text(surf, tr("No scores."), 18, rect.topleft, theme.MUTED)
            return
        n = len(results)
        col_w = (rect.w - 8 * (n - 1)) // n
        cards = max(len(r.cards) for r in results)
        head, totals = 30, 3 * 28           # the name; keys, total and leftover gold under the cards
        row_h = max(24, min(58, (rect.h - head - totals) // max(1, cards)))
        size = max(11, min(15, row_h // 2 - 2)) if row_h >= 34 else max(11, min(14, row_h - 10))
        small = max(11, size - 3)
        for i, r in enumerate(results):
            x = rect.x + i * (col_w + 8)
            col = pygame.Rect(x, rect.y, col_w, rect.h)
            win = r.seat in v.winners
            pygame.draw.rect(surf, (64, 52, 20) if win else (26, 42, 35), col, border_radius=8)
            label = tr("{name}  ★ winner", name=names[r.seat]) if win else names[r.seat]
            blit_text(surf, fonts.ellipsize(label, 17, col_w - 12, True), 17, (x + 6, rect.y + 5),
                      theme.ACCENT if win else theme.TEXT, True)
            y = rect.y + head
            for cs in sorted(r.cards, key=lambda c: (c.row, c.col)):
                face = v.face(cs.card)
                pts = f"{cs.points:+d}" if cs.points else "0"
                pr = blit_text(surf, pts, size, (col.right - 6, y), theme.GOOD if cs.points else theme.MUTED, True,
                               "topright")
                blit_text(surf, fonts.ellipsize(str(local(face.name)), size, pr.x - x - 12, True), size, (x + 6, y),
                          theme.TEXT, True)
                if row_h >= 30:
                    # the why on two lines where the row has room for them, else one line cut short
                    top = y + fonts.line_height(size, True) - 1
                    room = (y + row_h - 2 - top) // fonts.line_height(small)
                    why = tr(cs.why)
                    if fonts.width(why, small) > (col_w - 12) * max(1, min(2, room)):
                        why = self.short_why(face, cs) or why      # the few-words form where it fits better
                    lines = fonts.wrap(why, small, col_w - 12) if room >= 2 else [why]
                    if len(lines) > 2:
                        lines = [lines[0], " ".join(lines[1:])]
                    for k, line in enumerate(lines[:max(1, room)]):
                        blit_text(surf, fonts.ellipsize(line, small, col_w - 12), small,
                                  (x + 6, top + k * fonts.line_height(small)), theme.MUTED)
                y += row_h
            pygame.draw.line(surf, theme.PANEL_EDGE, (x + 4, y - 2), (col.right - 4, y - 2), 1)
            for label, value, strong in ((trc("score pad", "Keys"), f"{r.keys:+d}" if r.keys else "0", False),
                                         (trc("score pad", "Total"), str(r.total), True),
                                         (trc("score pad", "Leftover gold"), str(r.leftover_gold), False)):
                colour = theme.ACCENT if strong else theme.TEXT
                blit_text(surf, label, size + (2 if strong else 0), (x + 6, y), colour, strong)
                blit_text(surf, value, size + (2 if strong else 0), (col.right - 6, y), colour, True, "topright")
                y += max(24, fonts.line_height(size + 2, True) + 2)
