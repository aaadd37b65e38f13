"""The rules page: the ruleset's own text, what the project reconstructed, its abilities, and the
parameters in force for this match; and, where the ruleset has it, the source's original text."""
import pygame

from game import i18n
from game.i18n import N_, tr
from game.ui import fonts, theme
from game.ui.scene import Scene, draw_felt, panel_with_back
from game.ui.widgets import Button, blit_text, draw_panel

BODY = 17
HEAD = 22


class RulesScene(Scene):
    """Scrollable rules reference (wheel, arrows, Page Up/Down); Esc or F1 goes back."""

    def __init__(self, app, ruleset, options=None):
        super().__init__(app)
        self.ruleset, self.options = ruleset, options
        self.scroll = 0
        self.back = self.ui.add(Button(N_("Back"), self.close, hint="Esc"))
        # showing the source's own text (rules_original)? First, to a player of its language
        self.original = bool(ruleset is not None and ruleset.rules_original
                             and ruleset.rules_original[2] == i18n.language())
        self.switch = None
        if ruleset is not None and ruleset.rules_original:
            self.switch = self.ui.add(Button(self.switch_label(), self.toggle_original, hint="O"))
        self.lines = []
        self.content_h = 0

    def toggle_original(self):
        """Switch between this table's rules page and the source's own text."""
        self.original = not self.original
        if self.switch is not None:
            self.switch.label = self.switch_label()
        self.scroll = 0
        self.layout(self.app.size)

    def page_language(self) -> str:
        """The language this table's rules page is shown in: the player's, where the ruleset has
        the page in it, else English."""
        page = self.ruleset.rules_page
        code = i18n.language()
        return code if isinstance(page, i18n.Text) and code in page.translations else i18n.DEFAULT

    def switch_label(self) -> str:
        """The other page's name: this table's page by its language, or the original's label."""
        return i18n.LANGUAGES[self.page_language()] if self.original else self.ruleset.rules_original[0]

    def original_blocks(self) -> list:
        """The source's text as published: a short line without a full stop is a heading."""
        label, text, _ = self.ruleset.rules_original
        out = [("note", tr("{label}: the rule text as published. The rules this table plays, with the defaults "
                           "it chose where the text is silent, are on the {page} page.", label=label,
                           page=i18n.LANGUAGES[self.page_language()]))]
        for line in text.split("\n"):
            line = line.strip().replace("**", "")
            if not line:
                continue
            if line.startswith("- "):
                out.append(("item", line[2:]))
            elif len(line) < 60 and not line.endswith((".", "!", "?", ":")):
                out.append(("heading", line))
            else:
                out.append(("para", line))
        return out

    def blocks(self) -> list:
        """(kind, text) pieces: heading, para, item, note."""
        ruleset = self.ruleset
        if self.original and ruleset.rules_original:
            return self.original_blocks()
        out = []
        if self.page_language() != i18n.language():
            out.append(("note", tr("These rules are in English until they are translated.")))
        if ruleset.reconstructed:
            # said first: a player should know before reading that not every rule is from the source
            out.append(("note", tr("Parts of this ruleset are this project's reconstruction, not the source's: "
                                   "see \u201cReconstructed\u201d below.")))
        for para in (tr(ruleset.rules_page) if ruleset.rules_page else "").split("\n\n"):
            para = para.strip()
            if not para:
                continue
            for line in para.split("\n"):
                line = line.strip()
                if line.startswith("# "):
                    out.append(("heading", line[2:]))
                elif line:
                    out.append(("para", line))
        if ruleset.reconstructed:
            out.append(("heading", tr("Reconstructed")))
            for s in ruleset.reconstructed:
                out.append(("item", tr(s)))
        if ruleset.abilities:
            out.append(("heading", tr("Abilities")))
            for ab in ruleset.abilities.values():
                out.append(("item", tr("{name}: {text}", name=ab.name, text=ab.text) if ab.text else tr(ab.name)))
        out.append(("heading", tr("In force for this match") if self.options else tr("Default settings")))
        try:
            for line in ruleset.parameters_in_force(self.options):
                out.append(("item", line))
        except Exception as exc:  # a rules page must open even if a parameter cannot be shown
            out.append(("item", tr("(parameters unavailable: {problem})", problem=exc)))
        if ruleset.variants:
            out.append(("heading", tr("House rules (variants)")))
            chosen = (self.options or {}).get("variants", {})
            for v in ruleset.variants:
                on = chosen.get(v.key, v.default)
                out.append(("item", tr("{rule} (on): {description}", rule=v.label, description=v.description) if on
                            else tr("{rule} (off): {description}", rule=v.label, description=v.description)))
        if ruleset.sources:
            out.append(("heading", tr("Sources")))
            for s in ruleset.sources:
                out.append(("item", s))
        return out

    def layout(self, size):
        super().layout(size)
        self.panel = panel_with_back(size, 980, self.back)
        self.body = pygame.Rect(self.panel.x + 36, self.panel.y + 80, self.panel.w - 72, self.panel.h - 160)
        if self.switch is not None:
            self.switch.rect = pygame.Rect(0, 0, 250, 46)
            self.switch.rect.bottomright = (self.panel.right - 36, self.panel.bottom - 18)
        self.lines = []
        y = 0
        for kind, text in self.blocks():
            if kind == "heading":
                y += 10
                for line in fonts.wrap(text, HEAD, self.body.w, True):
                    self.lines.append((y, line, HEAD, True, theme.ACCENT))
                    y += fonts.line_height(HEAD, True)
                y += 4
                continue
            indent = 18 if kind == "item" else 0
            colour = theme.ACCENT if kind == "note" else theme.TEXT
            for i, line in enumerate(fonts.wrap(("• " if kind == "item" else "") + text, BODY,
                                                self.body.w - indent, kind == "note")):
                self.lines.append((y, ("   " if i and kind == "item" else "") + line, BODY, kind == "note", colour))
                y += fonts.line_height(BODY)
            y += 6
        self.content_h = y
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def heading(self) -> tuple:
        """(the page's title, the short line at its top right)."""
        ruleset = self.ruleset
        return (tr("{game} rules", game=ruleset.name),
                tr("version {version} · {least}-{most} players", version=ruleset.version,
                   least=ruleset.min_players, most=ruleset.max_players))

    def max_scroll(self) -> int:
        return max(0, self.content_h - self.body.h)

    def close(self):
        self.app.pop(self)

    def handle(self, event):
        step = fonts.line_height(BODY) * 3
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1):
                self.close()
                return
            if event.key == pygame.K_o and self.switch is not None:
                self.toggle_original()
                return
            delta = {pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: self.body.h - 40,
                     pygame.K_PAGEUP: -(self.body.h - 40), pygame.K_SPACE: self.body.h - 40,
                     pygame.K_HOME: -10 ** 6, pygame.K_END: 10 ** 6}.get(event.key)
            if delta is not None:
                self.scroll = max(0, min(self.max_scroll(), self.scroll + delta))
                return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.max_scroll(), self.scroll - int(getattr(event, "y", 0)) * step))
            return
        self.ui.handle(event)

    def draw(self, surf):
        draw_felt(surf)
        p = self.panel
        draw_panel(surf, p, theme.PANEL, theme.PANEL_EDGE, radius=14)
        title, info = self.heading()
        info_r = blit_text(surf, info, 15, (p.right - 36, p.y + 34), theme.MUTED, False, "topright")
        size = fonts.fit(title, 30, info_r.x - 24 - (p.x + 36), True, min_size=18)
        blit_text(surf, fonts.ellipsize(title, size, info_r.x - 24 - (p.x + 36), True), size,
                  (p.x + 36, p.y + 22 + (30 - size) // 2), theme.TEXT, True)
        old_clip = surf.get_clip()
        surf.set_clip(self.body)
        for y, text, size, bold, colour in self.lines:
            yy = self.body.y + y - self.scroll
            if yy > self.body.bottom or yy + size * 2 < self.body.y:
                continue
            surf.blit(fonts.text(text, size, colour, bold), (self.body.x, yy))
        surf.set_clip(old_clip)
        if self.max_scroll():
            frac = self.scroll / self.max_scroll()
            bar = pygame.Rect(p.right - 18, self.body.y, 6, self.body.h)
            pygame.draw.rect(surf, theme.BUTTON, bar, border_radius=3)
            knob_h = max(30, int(bar.h * self.body.h / self.content_h))
            knob = pygame.Rect(bar.x, bar.y + int((bar.h - knob_h) * frac), 6, knob_h)
            pygame.draw.rect(surf, theme.ACCENT, knob, border_radius=3)
            blit_text(surf, tr("Scroll: wheel, arrows, Page Up/Down"), 13, (p.x + 36, self.back.rect.centery),
                      theme.MUTED, False, "midleft")
        self.ui.draw(surf)
