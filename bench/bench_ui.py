"""UI benchmarks: frame time while a 6-player table animates at 1920x1080, and start-up time.

    .venv/bin/python bench/bench_ui.py [--frames 600] [--startup-runs 5] [--game kombio|kumbal|...]

Frame time: the real App and TableScene under the dummy video driver (so flip()
costs nothing and the number is drawing + update), six normal bots playing at
"normal" animation speed, every frame timed. Start-up: `python main.py` in a
fresh process until the menu's first frame is on screen (the app quits after
it when CARDTABLE_QUIT_AFTER_FIRST_FRAME is set). Targets: median frame under
8 ms; first frame within 1.5 s.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from benchout import write_result  # noqa: E402
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def frame_times(frames: int, size=(1920, 1080), game: str = "kombio") -> dict:
    import tempfile
    os.environ.setdefault("CARDTABLE_DATA_DIR", tempfile.mkdtemp(prefix="cardtable-bench-"))
    from game.ui.app import App, run
    from game.store.settings import Settings
    settings = Settings(animation_speed="normal")
    app = App(size=size, fixed_dt=1 / 60, settings=settings, save_settings=False)
    seats = ["ai:normal"] * 6
    run(game_id=game, seats=seats, seed=7, app=app, max_frames=1)
    times, animating = [], 0
    table = app.top
    for _ in range(frames):
        start = time.perf_counter()
        app.step()
        times.append((time.perf_counter() - start) * 1000)
        anim = getattr(getattr(app.top, "anim", None), "busy", None)
        animating += bool(anim and anim())
    times.sort()
    return {"size": list(size), "frames": frames, "frames_animating": animating,
            "median_ms": round(statistics.median(times), 3),
            "p95_ms": round(times[int(len(times) * 0.95)], 3), "max_ms": round(times[-1], 3),
            "table_scene": type(table).__name__, "game": game}


def startup(runs: int) -> dict:
    env = {**os.environ, "CARDTABLE_QUIT_AFTER_FIRST_FRAME": "1"}
    import tempfile
    env["CARDTABLE_DATA_DIR"] = tempfile.mkdtemp(prefix="cardtable-bench-")
    secs = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, os.path.join(ROOT, "main.py")], env=env, check=True,
                       capture_output=True, timeout=60)
        secs.append(time.perf_counter() - start)
    return {"runs": runs, "median_s": round(statistics.median(secs), 3), "max_s": round(max(secs), 3)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--startup-runs", type=int, default=5)
    ap.add_argument("--game", default="kombio", help="the ruleset whose table is timed (kombio, kumbal, ...)")
    args = ap.parse_args()
    out = {}
    if args.frames:
        out["frame"] = f = frame_times(args.frames, game=args.game)
        print(f"frame time, 6-player {args.game} at 1920x1080, {f['frames']} frames "
              f"({f['frames_animating']} animating): median {f['median_ms']} ms, p95 {f['p95_ms']} ms, "
              f"max {f['max_ms']} ms (target: median < 8 ms)")
    if args.startup_runs:
        out["startup"] = s = startup(args.startup_runs)
        print(f"start-up, `python main.py` to the first frame and exit: median {s['median_s']} s, "
              f"max {s['max_s']} s over {s['runs']} runs (target < 1.5 s)")
    write_result("bench_ui.json", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
