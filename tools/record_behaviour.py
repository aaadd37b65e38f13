"""Record what a player and a saved match see, to prove a refactor changes none of it.

For every shipped ruleset this writes, under tests/fixtures/behaviour/:
- `<id>.match.json`: whole matches of bots at mixed levels with house rules as shipped (the saved
  match's own format), with the digest of every seat's view and the public view after every action,
  and the final scores;
- `<id>.simulate.json`: the figures `python main.py --simulate` prints for fixed seeds (all but the
  timings);
- `<id>.frames.json`: the digests of the table's pixels drawn from views of that match (the public
  view and seat 0's, every few actions) at 1280x800.

tests/test_unchanged_behaviour.py recomputes each and compares. Re-record only when a change is
meant to change what is seen, and say so in the commit:
    python tools/record_behaviour.py [RULESET_ID ...]
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OUT = ROOT / "tests" / "fixtures" / "behaviour"
SEED = 20261126
LEVELS = ("normal", "easy", "random", "normal")
SIM_GAMES = {"castle-combo": 4}           # Castle Combo's normal bots are slow: fewer matches
SIM_DEFAULT_GAMES = 12
FRAME_EVERY = 9                           # actions between two recorded frames
TIMINGS = ("games_per_s", "rounds_per_s", "processes")


def plain(value):
    """A view (dataclasses, tuples, dicts) as plain JSON data: its content, whatever its classes are called.
    A field only the replay's "all cards" fills (metadata `open_only`) is left out while it is empty, as
    it is in every view of play: the records keep proving what a seat sees (the conformance suite proves
    such a field is empty in play). The public record (metadata `record`: every event so far) is left
    out: the events are recorded on their own, and a view's digest would otherwise grow with the match."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not f.metadata.get("record")
                and not (f.metadata.get("open_only") and getattr(value, f.name) == f.default)}
    if isinstance(value, dict):
        return [[plain(k), plain(v)] for k, v in sorted(value.items(), key=lambda kv: repr(kv[0]))]
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, float):
        return round(value, 9)
    if value is None or isinstance(value, (str, int, bool)):
        return value
    return repr(value)


def digest(data) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=True).encode()).hexdigest()[:20]


def views_digest(game, seats: int) -> str:
    """One digest of every seat's view and the public view."""
    return digest([plain(game.view(s)) for s in list(range(seats)) + [None]])


def seats_for(ruleset, wanted: int):
    n = min(ruleset.max_players, max(ruleset.min_players, wanted))
    return [{"name": f"Bot {i + 1}", "kind": "ai", "level": LEVELS[i % len(LEVELS)]} for i in range(n)]


def play_match(ruleset, seats: int = 3, seed: int = SEED):
    """A whole seeded match of bots; returns (session, [views digest after each action])."""
    from game.ai import make_bot
    from game.engine.ruleset import default_options
    from game.engine.session import Session
    seats = seats_for(ruleset, seats)
    session = Session.new(ruleset, seats, default_options(ruleset), seed)
    bots = [make_bot(ruleset, i, s["level"], seed + i) for i, s in enumerate(seats)]
    game = session.game
    digests = [views_digest(game, len(seats))]
    for _ in range(20000):
        if game.is_over():
            break
        seat = game.to_act()[0]
        action = bots[seat].choose(game.view(seat), game.legal_actions(seat))
        session.apply(seat, action)
        digests.append(views_digest(game, len(seats)))
    assert game.is_over(), f"{ruleset.id}: the recorded match did not end"
    return session, digests


def frame_digests(ruleset, session) -> list:
    """Pixel digests of the table drawn from views along the match (public, and seat 0's)."""
    import pygame
    from game.engine.session import Session
    from game.ui.offscreen import render_view
    replay = Session.new(ruleset, session.seats, session.options, session.match.seed)
    out = []
    for i, (seat, action) in enumerate(session.match.actions):
        if i % FRAME_EVERY == 0:
            for viewer in (None, 0):
                surf = render_view(ruleset, replay.game.view(viewer), replay.names)
                out.append([i, viewer, hashlib.sha256(pygame.image.tobytes(surf, "RGB")).hexdigest()[:20]])
        replay.apply(seat, action)
    return out


def simulate_figures(ruleset_id: str) -> dict:
    games = SIM_GAMES.get(ruleset_id, SIM_DEFAULT_GAMES)
    out = subprocess.run([sys.executable, str(ROOT / "main.py"), "--simulate", ruleset_id, "--games", str(games),
                          "--seed", "7", "--json", "--jobs", "1"], capture_output=True, text=True, cwd=ROOT,
                         env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"), check=True)
    figures = json.loads(out.stdout)
    for key in TIMINGS:
        figures.pop(key, None)
    return figures


def shipped():
    from game.engine.ruleset import load_all
    return [e.ruleset for e in load_all() if e.ok]


MATCHES = ((3, SEED), (4, SEED + 1), (2, SEED + 2))     # (seats, seed): three matches a ruleset


def record(ruleset) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    matches, frames = [], []
    for seats, seed in MATCHES:
        session, digests = play_match(ruleset, seats, seed)
        matches.append({"session": session.to_json(), "views": digests, "scores": list(session.game.scores())})
        frames.append(frame_digests(ruleset, session))
        print(f"{ruleset.id}, {len(session.seats)} seats: {len(session.match.actions)} actions, "
              f"scores {list(session.game.scores())}")
    (OUT / f"{ruleset.id}.match.json").write_text(json.dumps(matches, indent=0) + "\n")
    (OUT / f"{ruleset.id}.frames.json").write_text(json.dumps(frames) + "\n")
    (OUT / f"{ruleset.id}.simulate.json").write_text(json.dumps(simulate_figures(ruleset.id), indent=1) + "\n")


def main(argv) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    wanted = set(argv)
    for ruleset in shipped():
        if not wanted or ruleset.id in wanted:
            record(ruleset)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
