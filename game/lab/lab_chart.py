"""The rules lab's chart: one PNG of a `--simulate` summary, drawn with pygame (no window needed).

Top left: each seat's win rate with its 95% interval and the fair share; top right: each seat's
calls won with their interval (or why there are none); below: a histogram of each seat's final
totals, all seats on the same bins and the same height scale.
"""
from __future__ import annotations

import io
import math
import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")      # a headless command: never open a window
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game import text  # noqa: E402  (the table's fonts, without game.ui)

SIZE = (1200, 850)
PAPER = (250, 250, 246)
INK = (30, 32, 36)
MUTED = (110, 114, 120)
GRID = (222, 222, 215)
FAIR = (200, 60, 50)
SEATS = [(52, 110, 180), (230, 140, 40), (70, 160, 90), (170, 70, 150),
         (200, 70, 70), (90, 150, 170), (140, 120, 60), (100, 100, 100)]
MAX_BINS = 16


class ChartError(Exception):
    """The chart could not be written; str() says why in the file system's words."""


def draw_chart(summary: dict, totals: list, path: str) -> None:
    """Draw the summary (and each seat's final totals, one list per seat) as a PNG at `path` (ChartError if not)."""
    pygame.font.init()
    surface = pygame.Surface(SIZE)
    surface.fill(PAPER)
    _title(surface, summary)
    width, height = SIZE
    top = pygame.Rect(60, 150, width // 2 - 110, 250)
    _win_rates(surface, summary, top)
    _calls(surface, summary, top.move(width // 2, 0))
    _histograms(surface, summary, totals, pygame.Rect(60, 530, width - 100, 300))
    # Encoded in memory, then written by Python: a failure is an OSError with the system's reason
    # (no space left, file too large), not pygame's "Couldn't open ...".
    png = io.BytesIO()
    pygame.image.save(surface, png, "chart.png")
    _write_whole(path, png.getvalue())


def _write_whole(path: str, data: bytes) -> None:
    """Write data to path in full or not at all: a chart already there survives a failed write."""
    tmp = None
    try:
        # A short name beside the target (same file system, so the rename is atomic).
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(path)), suffix=".png.tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)      # mkstemp's 0600 would hide the chart from others, unlike a plain save
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        raise ChartError(exc.strerror or str(exc)) from exc
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _text(surface, words: str, size: int, at, colour=INK, bold=False, anchor="topleft", room=None):
    """Blit one line of text; shrink it to fit `room` pixels when given."""
    if room:
        size = text.fit(words, size, room, min_size=9, bold=bold)
        words = text.ellipsize(words, size, room, bold=bold)
    image = text.font(size, bold).render(words, True, colour)
    rect = image.get_rect(**{anchor: at})
    surface.blit(image, rect)
    return rect


def _title(surface, summary: dict) -> None:
    games, seed = summary["games"], summary["seed"]
    bots = ", ".join(s["bot"] for s in summary["seats"])
    end = summary["match_end"]
    length = ("one game" if end is None else f"{end['rounds']} round{'s' if end['rounds'] != 1 else ''}"
              if end["mode"] == "rounds" else f"to {end['points']} points")
    _text(surface, f"{summary['name']}: {summary['players']} players, {games:,} matches "
                   f"(seeds {seed}..{seed + games - 1}), bots {bots}", 24, (30, 18), bold=True,
          room=SIZE[0] - 60)
    _text(surface, f"House rules: {summary['house_rules']}", 17, (30, 54), room=SIZE[0] - 60)
    overall = summary["overall"]
    length_words = ""
    if overall["matches_ended"]:
        per_round = overall["round_length"]
        turns = f" ({per_round['mean_turns']:.1f} turns)" if per_round["mean_turns"] else ""
        length_words = (f"; {overall['rounds_per_match']['mean']:.1f} rounds per match, "
                        f"{per_round['mean_actions']:.1f} actions{turns} per round")
    failed = f"; {len(summary['failed'])} match(es) failed and are left out" if summary["failed"] else ""
    _text(surface, f"Match: {length}{length_words}{failed}", 15, (30, 80), MUTED, room=SIZE[0] - 60)


def _bars(surface, rect, rows: list, heading: str, reference=None, reference_label=""):
    """Bars of proportions (0-100%) with their 95% intervals; rows: (label, sublabel, rate, low, high)."""
    _text(surface, heading, 17, (rect.x - 40, rect.y - 34), bold=True, room=rect.w + 40)
    for pct in range(0, 101, 20):
        y = rect.bottom - rect.h * pct / 100
        pygame.draw.line(surface, GRID, (rect.x, y), (rect.right, y))
        _text(surface, f"{pct}%", 13, (rect.x - 6, y), MUTED, anchor="midright")
    pygame.draw.line(surface, INK, rect.bottomleft, rect.bottomright, 2)
    pygame.draw.line(surface, INK, rect.bottomleft, rect.topleft, 2)
    slot = rect.w / max(len(rows), 1)
    for i, (label, sublabel, value, low, high) in enumerate(rows):
        centre = rect.x + slot * (i + 0.5)
        bar = min(slot * 0.55, 90)
        colour = SEATS[i % len(SEATS)]
        if value is not None:
            y = rect.bottom - rect.h * value
            pygame.draw.rect(surface, colour, pygame.Rect(centre - bar / 2, y, bar, rect.bottom - y))
            y_low, y_high = rect.bottom - rect.h * low, rect.bottom - rect.h * high
            pygame.draw.line(surface, INK, (centre, y_low), (centre, y_high), 2)
            for y_end in (y_low, y_high):
                pygame.draw.line(surface, INK, (centre - 8, y_end), (centre + 8, y_end), 2)
            _text(surface, f"{100 * value:.1f}%", 13, (centre + 10, y_high - 2), INK, bold=True,
                  anchor="bottomleft")
        else:
            _text(surface, "no calls", 13, (centre, rect.bottom - 14), MUTED, anchor="center")
        _text(surface, label, 14, (centre, rect.bottom + 6), anchor="midtop", room=int(slot) - 4)
        _text(surface, sublabel, 13, (centre, rect.bottom + 24), MUTED, anchor="midtop", room=int(slot) - 4)
    if reference is not None:
        y = rect.bottom - rect.h * reference
        _dashes(surface, rect.x, rect.right, y)
        # the legend above the plot: a label beside the line would collide with a bar's figures
        legend = _text(surface, reference_label, 13, (rect.right, rect.bottom + 46), FAIR, anchor="topright")
        _dashes(surface, legend.x - 40, legend.x - 6, legend.centery)


def _dashes(surface, x_from, x_to, y) -> None:
    for x in range(int(x_from), int(x_to), 12):
        pygame.draw.line(surface, FAIR, (x, y), (min(x + 6, x_to), y), 2)


def _win_rates(surface, summary: dict, rect) -> None:
    rows = [(f"Seat {s['seat']}", s["bot"], s["win_rate"], *s["win_interval_95"]) for s in summary["seats"]]
    share = summary["overall"]["fair_share"]
    _bars(surface, rect, rows, "Win rate per seat (bars: 95% interval; ties shared)", share,
          f"fair share {100 * share:.1f}%".replace(".0%", "%"))


def _calls(surface, summary: dict, rect) -> None:
    calls = summary["overall"]["calls"]
    if calls is None:
        _text(surface, "Calls won per seat", 17, (rect.x - 40, rect.y - 34), bold=True)
        _text(surface, f"{summary['name']} has no call: nothing to count here.", 15,
              (rect.centerx, rect.centery), MUTED, anchor="center", room=rect.w)
        return
    rows = []
    for s in summary["seats"]:
        mine = s["calls"]
        low, high = mine["interval_95"] or (None, None)
        rows.append((f"Seat {s['seat']}", f"{mine['won']:g} of {mine['n']} won", mine["rate"], low, high))
    overall = f"; all: {100 * calls['rate']:.1f}% of {calls['n']}" if calls["n"] else "; nobody called"
    _bars(surface, rect, rows, f"Calls won per seat (95% interval{overall})")


def _histograms(surface, summary: dict, totals: list, rect) -> None:
    """One histogram of final totals per seat, on the same bins and the same height scale."""
    better = "lower" if summary["lower_is_better"] else "higher"
    _text(surface, f"Final totals per seat ({better} is better; line: mean)", 17,
          (rect.x - 40, rect.y - 44), bold=True)
    seats = summary["seats"]
    spreads = [s["final_score"] for s in seats]
    if not any(spreads):
        _text(surface, "no match ended", 15, rect.center, MUTED, anchor="center")
        return
    low = math.floor(min(f["min"] for f in spreads if f))
    high = math.ceil(max(f["max"] for f in spreads if f))
    width = max(1, math.ceil((high - low + 1) / MAX_BINS))
    bins = max(1, math.ceil((high - low + 1) / width))
    counts = [[0] * bins for _ in seats]
    for s, totals in enumerate(totals):
        for total in totals:
            counts[s][min(bins - 1, int((total - low) // width))] += 1
    tallest, tick = _nice_scale(max(max(c) for c in counts))
    gap = 40
    panel_w = (rect.w - gap * (len(seats) - 1)) / len(seats)
    for s, seat in enumerate(seats):
        panel = pygame.Rect(rect.x + s * (panel_w + gap), rect.y, panel_w, rect.h - 48)
        _histogram(surface, panel, counts[s], low, width, (tallest, tick), SEATS[s % len(SEATS)],
                   spreads[s], show_counts=s == 0)
        f = spreads[s]
        said = f": mean {f['mean']:.1f}, sd {f['sd']:.1f}" if f else ""
        _text(surface, f"Seat {seat['seat']} ({seat['bot']}){said}", 14, (panel.centerx, panel.y - 20),
              anchor="midtop", bold=True, room=int(panel_w))
        _text(surface, "final total", 13, (panel.centerx, panel.bottom + 24), MUTED, anchor="midtop")
    label = pygame.transform.rotate(text.font(13).render("matches", True, MUTED), 90)
    surface.blit(label, label.get_rect(center=(rect.x - 44, rect.y + (rect.h - 48) // 2)))


def _nice_scale(highest: int) -> tuple:
    """(top of the axis, tick step): a step of 1, 2 or 5 times a power of ten, at most ~6 ticks."""
    highest = max(highest, 1)
    power = 10 ** max(0, math.floor(math.log10(highest)) - 1)
    for factor in (1, 2, 5, 10, 20, 50):
        tick = factor * power
        if highest / tick <= 6:
            return tick * math.ceil(highest / tick), tick
    return highest, highest


def _histogram(surface, panel, counts, low, width, scale, colour, spread, show_counts) -> None:
    bins = len(counts)
    step = panel.w / bins
    tallest, tick = scale
    for value in range(0, tallest + 1, tick):
        y = panel.bottom - panel.h * value / tallest
        pygame.draw.line(surface, GRID, (panel.x, y), (panel.right, y))
        if show_counts:
            _text(surface, f"{value}", 12, (panel.x - 5, y), MUTED, anchor="midright")
    for b, count in enumerate(counts):
        h = panel.h * count / tallest
        pygame.draw.rect(surface, colour, pygame.Rect(panel.x + b * step + 1, panel.bottom - h,
                                                      max(step - 2, 1), h))
    pygame.draw.line(surface, INK, panel.bottomleft, panel.bottomright, 2)
    pygame.draw.line(surface, INK, panel.bottomleft, panel.topleft, 1)
    # three ticks: the lowest, middle and highest bin edges; the outer labels stay inside the panel
    for b, anchor in ((0, "topleft"), (bins // 2, "midtop"), (bins, "topright")):
        x = panel.x + b * step
        pygame.draw.line(surface, INK, (x, panel.bottom), (x, panel.bottom + 4))
        _text(surface, f"{low + b * width:g}", 12, (x, panel.bottom + 6), MUTED, anchor=anchor)
    if spread:
        x = panel.x + (spread["mean"] - low) / (width * bins) * panel.w
        pygame.draw.line(surface, INK, (x, panel.y), (x, panel.bottom), 2)

