"""Statistics: matches played per game, wins per player, the best winning score."""
import pygame

from game.ui import fonts, theme
from game.ui.scene import Scene, draw_felt, panel_with_back
from game.i18n import N_, tr, trn
from game.ui.widgets import Button, blit_text, draw_panel


class StatsScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        try:
            from game.store import stats
            self.stats, warning = stats.load()
        except Exception as exc:
            self.stats, warning = {"games": {}}, tr("Statistics could not be read: {problem}", problem=exc)
        if warning:
            app.toast(warning, 8)
        self.back = self.ui.add(Button(N_("Back"), lambda: self.app.pop(self), primary=True, hint="Esc"))
        self.names = {e.ruleset.id: e.ruleset.name for e in app.rulesets() if e.ok}

    def layout(self, size):
        super().layout(size)
        self.panel = panel_with_back(size, 860, self.back)

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)
            return
        self.ui.handle(event)

    def draw(self, surf):
        draw_felt(surf)
        p = self.panel
        draw_panel(surf, p, theme.PANEL, theme.PANEL_EDGE, radius=14)
        blit_text(surf, tr("Statistics"), 30, (p.x + 36, p.y + 22), theme.TEXT, True)
        y = p.y + 80
        games = self.stats.get("games", {})
        if not games:
            blit_text(surf, tr("No finished matches yet."), 18, (p.x + 36, y), theme.MUTED)
        for game_id, g in games.items():
            if y > self.back.rect.y - 40:
                break
            best = ""
            if g.get("best_score") is not None:
                best = tr(" · best winning score {score} ({name})", score=g["best_score"], name=g.get("best_by") or "?")
            n = g.get("played", 0)
            played = trn("{game}: {n} match", "{game}: {n} matches", n, game=self.names.get(game_id, game_id), n=n)
            # a long game name and a long best: cut to the panel, never over its edge
            blit_text(surf, fonts.ellipsize(played + best, 20, p.w - 72, True), 20, (p.x + 36, y), theme.ACCENT, True)
            y += 32
            players = sorted(g.get("players", {}).items(), key=lambda kv: (-kv[1].get("won", 0), kv[0]))
            for name, rec in players:
                if y > self.back.rect.y - 30:
                    break
                played, won = rec.get("played", 0), rec.get("won", 0)
                rate = f"{100 * won // played}%" if played else "-"
                blit_text(surf, fonts.ellipsize(name, 17, 300), 17, (p.x + 60, y), theme.TEXT)
                hints, undos = rec.get("hints", 0), rec.get("undos", 0)
                asked = (trn(" · {n} hint asked", " · {n} hints asked", hints, n=hints) if hints else "") + (
                    trn(" · {n} move taken back", " · {n} moves taken back", undos, n=undos) if undos else "")
                line = tr("{won} won of {played} ({rate})", won=won, played=played, rate=rate) + asked
                blit_text(surf, fonts.ellipsize(line, 17, p.right - 36 - (p.x + 380)), 17, (p.x + 380, y), theme.MUTED)
                y += 24
            y += 14
        self.ui.draw(surf)
