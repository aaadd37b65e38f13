"""Past matches: every finished match kept in the data folder, for the replay and the review.

One file per match in `<data folder>/history/`, named by the time it ended
(`match-20261126-163655-123456.json`, so names sort oldest first). A file holds
{"format": 1, "finished": ISO time, "match": the match record (Match.to_json:
ruleset id and version, options, seed, seats, actions), "summary": what the list
shows without replaying (game, players, scores, winners, rounds, actions),
"reviews": {seat: a stored review}, "app_version": the Card Table that wrote it}.
A file a newer version wrote is left where it is for that version and not listed
(it is never misread). Writes are atomic (game.store.atomic); the
newest KEEP files are kept and older ones deleted. A file that cannot be used is
moved aside (never deleted) and reported, and the others are listed as usual.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from game.engine.core import match_problem
from game.store.atomic import StoreError, atomic_write_json, data_folder, quarantine, read_json, remove_orphans
from game.store.versions import newer_problem, stamped
from game.i18n import tr

FOLDER_NAME = "history"
FORMAT = 1
KEEP = 200                     # the newest matches kept; the oldest go when one more is kept
PREFIX, SUFFIX = "match-", ".json"


@dataclass
class PastMatch:
    """One kept match: its file, the match record, what the list shows, and stored reviews."""
    path: Path
    finished: str              # ISO 8601 time it ended, UTC
    match: dict                # the match record (game.engine.core.Match.to_json)
    summary: dict              # see summarize()
    reviews: dict = field(default_factory=dict)    # str(seat) -> a stored review (game.lab.review)

    @property
    def ruleset_id(self) -> str:
        return self.match["ruleset"]

    def players(self) -> list:
        """[(name, kind, level)] per seat, as seated."""
        return [(s.get("name") or f"Seat {i + 1}", s.get("kind", "human"), s.get("level"))
                for i, s in enumerate(self.match["seats"])]

    def when(self) -> datetime.datetime:
        return datetime.datetime.fromisoformat(self.finished)


def folder() -> Path:
    """The history folder (created if needed); StoreError if it cannot be used."""
    path = data_folder() / FOLDER_NAME
    try:
        path.mkdir(exist_ok=True)
        if path.is_dir():
            return path
        reason = "it is not a folder"
    except OSError as exc:
        reason = "it is not a folder" if isinstance(exc, FileExistsError) else exc.strerror or str(exc)
    raise StoreError(f"the match history folder {path} cannot be used: {reason}", path=path)


def summarize(session) -> dict:
    """What the list of past matches shows of a finished session, without replaying it."""
    game = session.game
    scores = list(game.scores())
    return {"game": session.ruleset.name, "rounds": game.round_no, "actions": len(session.match.actions),
            "scores": scores, "winners": sorted(game.winners())}


def keep(session, *, now: Optional[datetime.datetime] = None, limit: int = KEEP) -> Path:
    """Keep a finished match (a Session whose game is over); returns its file. StoreError on failure.

    After the write the oldest files beyond `limit` are deleted (only ours: match-*.json)."""
    return keep_record(session.to_json(), summarize(session), now=now, limit=limit)


def keep_record(match: dict, summary: dict, *, now: Optional[datetime.datetime] = None,
                limit: int = KEEP) -> Path:
    """Keep a finished match given as its record and summary (see keep)."""
    now = now or datetime.datetime.now(datetime.timezone.utc)
    record = stamped({"format": FORMAT, "finished": now.isoformat(timespec="seconds"), "match": match,
                      "summary": summary, "reviews": {}})
    return _write_new(record, now, limit)


def _write_new(record: dict, now: datetime.datetime, limit: int) -> Path:
    where = folder()
    stem = PREFIX + now.strftime("%Y%m%d-%H%M%S-%f")
    path, n = where / (stem + SUFFIX), 1
    while path.exists():                      # two matches kept in the same microsecond
        path, n = where / f"{stem}-{n}{SUFFIX}", n + 1
    atomic_write_json(path, record)
    for old in _files(where)[:-limit] if limit > 0 else []:
        try:
            old.unlink()
        except OSError:
            pass                              # another copy of the game removed it, or it is not ours
    return path


def _files(where: Path) -> list:
    """Our match files, oldest first (their names sort by time)."""
    return sorted(p for p in where.glob(PREFIX + "*" + SUFFIX) if p.is_file())


def past_matches() -> tuple[list, list]:
    """([PastMatch], [warning]): every kept match, newest first, and one warning per file set aside."""
    try:
        where = folder()
    except StoreError as exc:
        return [], [str(exc)]
    remove_orphans(where, [PREFIX + "*" + SUFFIX], patterns=True)     # writes a kill cut short
    found, warnings = [], []
    for path in reversed(_files(where)):
        try:
            found.append(load(path))
        except StoreError as exc:
            warnings.append(str(exc))
    return found, warnings


def latest() -> Optional[PastMatch]:
    """The newest usable kept match, or None."""
    found, _ = past_matches()
    return found[0] if found else None


def load(path) -> PastMatch:
    """The kept match in `path`; a file that cannot be used is moved aside: StoreError says so."""
    path = Path(path)
    data = read_json(path)
    if data is None:
        raise StoreError(f"{path} is gone", path=path)
    newer = newer_problem(data, str(path))
    if newer:
        raise StoreError(tr("{problem}; it is left where it is", problem=newer), path=path)
    problem = _problem(data)
    if problem:
        raise quarantine(path, tr("it is not a usable past match: {problem}", problem=problem))
    return PastMatch(path, data["finished"], data["match"], data["summary"], dict(data.get("reviews") or {}))


def _problem(data) -> Optional[str]:
    if not isinstance(data, dict):
        return "it does not hold a past match"
    if data.get("format") != FORMAT:
        return f"unknown format {data.get('format')!r}, expected {FORMAT}"
    finished = data.get("finished")
    try:
        datetime.datetime.fromisoformat(finished)
    except (TypeError, ValueError):
        return "its end time is not a date"
    try:
        problem = match_problem(data.get("match"))
    except Exception:
        problem = "some of its values cannot be used"
    if problem:
        return problem
    summary = data.get("summary")
    if not isinstance(summary, dict) or not isinstance(summary.get("game"), str) \
            or not isinstance(summary.get("scores"), list) or not isinstance(summary.get("winners"), list) \
            or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in summary["scores"]) \
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in summary["winners"]):
        return "its summary is damaged"
    if not isinstance(data.get("reviews", {}), dict):
        return "its reviews are damaged"
    return None


def store_review(past: PastMatch, seat: int, review: dict) -> None:
    """Keep a finished review with its match, so that opening it again is instant; StoreError on failure."""
    past.reviews[str(seat)] = review
    atomic_write_json(past.path, stamped({"format": FORMAT, "finished": past.finished, "match": past.match,
                                          "summary": past.summary, "reviews": past.reviews}))


def ruleset_note(past: PastMatch, rulesets) -> Optional[str]:
    """Why the match may not replay as it was played: its game is gone or its rules changed; else None.

    rulesets: the loaded rulesets ({id: Ruleset})."""
    ruleset = rulesets.get(past.ruleset_id)
    if ruleset is None:
        return tr("{game} is no longer installed: this match cannot be replayed.", game=past.summary["game"])
    if ruleset.version != past.match["version"]:
        return tr("Played with {game} {then}; the rules are now version {now}, so this match cannot be replayed.",
                  game=ruleset.name, then=past.match["version"], now=ruleset.version)
    return None
