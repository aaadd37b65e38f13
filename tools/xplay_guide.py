"""Play a guided first game in a real X window, with real mouse and keyboard events from xdotool,
as a newcomer would: the menu's "Learn to play", the introduction, each lesson, a wrong move first
at lessons 2 and 6, Skip at lesson 4, and on to the result; screenshots of the window in
/tmp/xplay-RULESET_ID/ (issue 30, part 4: every guide played so before it ships).

    apt-get install -y xvfb xdotool imagemagick
    xvfb-run -a -s "-screen 0 1600x1000x24" python tools/xplay_guide.py RULESET_ID

The gestures are the UI tests' own (tests/rigging_memory.py and each family's perform); only the
events differ: they come from the X server, not from pygame.event.post.
"""
import os, sys, time, subprocess, shutil, random
os.environ["SDL_VIDEODRIVER"] = "x11"; os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["CARDTABLE_DATA_DIR"] = "/tmp/xplay-data"
shutil.rmtree("/tmp/xplay-data", ignore_errors=True)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT); sys.path.insert(0, os.path.join(ROOT, "tests"))
import pygame
from game.engine.ruleset import find_ruleset
from game.store.settings import Settings
from game.ui.app import App
from game.ui.driver import Driver
from rigging_screen import next_decision

RID = sys.argv[1]
MOD = {"kumbal": "test_ui_kumbal_table", "castle-combo": "test_ui_castle_combo", "klobba": "test_ui_klobba"}
perform = __import__(MOD.get(RID, "rigging_memory")).perform
OUT = f"/tmp/xplay-{RID}"
shutil.rmtree(OUT, ignore_errors=True); os.makedirs(OUT)
KEYS = {"space": "space", "escape": "Escape", "return": "Return", "enter": "Return", "backspace": "BackSpace",
        "left": "Left", "right": "Right", "up": "Up", "down": "Down", "tab": "Tab"}


def xdo(*args):
    subprocess.run(["xdotool", *map(str, args)], check=True)


def move(pos):
    """The pointer to a point of the game's window (wherever the X server put it)."""
    wid = pygame.display.get_wm_info()["window"]
    xdo("mousemove", "--window", wid, "--sync", int(pos[0]), int(pos[1]))


class XDriver(Driver):
    """Real X events instead of posted ones: the window sits at the screen's origin (no window manager)."""
    def settle(self, frames):
        time.sleep(0.03)
        self.step(frames)

    def click(self, pos, button=1, frames=1):
        move(pos)
        self.settle(1)
        xdo("click", button)
        self.settle(frames)

    def drag(self, start, end, steps=4, frames=1):
        move(start); self.settle(1)
        xdo("mousedown", 1); self.settle(1)
        for i in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * i / steps; y = start[1] + (end[1] - start[1]) * i / steps
            move((x, y)); self.settle(1)
        xdo("mouseup", 1)
        self.settle(frames)

    def key(self, key, frames=1, mod=0, text=""):
        name = pygame.key.name(key)
        name = KEYS.get(name, name)
        if mod & pygame.KMOD_CTRL:
            name = "ctrl+" + name
        xdo("key", name)
        self.settle(frames)


def shot(name):
    wid = pygame.display.get_wm_info()["window"]
    subprocess.run(["import", "-window", str(wid), f"{OUT}/{name}.png"], check=True)


app = App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings(animation_speed="fast"), save_settings=False)
app.open_menu(); d = XDriver(app); d.step(5)
ruleset = find_ruleset(RID)
menu = app.top
learn = next(l for p, l, r in menu.game_rows if p.label == ruleset.name)
d.click(learn.rect.center, frames=3)
shot("intro")
print("intro:", type(app.top).__name__)
d.key(pygame.K_ESCAPE, frames=3)                 # Begin
shot("lesson01")
rng = random.Random(1)
k = 0
while True:
    dec = next_decision(d, rng)
    if dec is None:
        break
    seat, legal = dec
    g = d.table.guided
    step = g.due()
    if step is None and g.active:        # a race before its lesson: let it pass
        perform(d, rng, seat, next(a for a in legal if a.kind == "pass")); continue
    if step is None:
        perform(d, rng, seat, rng.choice(legal)); continue
    k += 1
    d.step(3)
    shot(f"lesson{k:02d}")
    if k in (2, 6):                   # a newcomer's wrong move first
        wrong = next((a for a in legal if a != step.move), None)
        if wrong is not None:
            n = g.lesson()
            perform(d, rng, seat, wrong); d.step(3)
            shot(f"lesson{k:02d}-refused")
            assert g.lesson() == n, "a wrong move was taken"
            if d.table.guided.due() is None:
                continue
    if k == 4:
        d.click(d.table.buttons["guide_skip"].rect.center, frames=2); continue
    perform(d, rng, seat, step.move); d.step(1)
print("lessons seen:", k, "end:", type(app.top).__name__)
d.step(5)
shot("result")
