"""Issue 29 (1): every finished match is kept in the data folder, on real files.

"Every finished match is kept in the data folder (its action record: ruleset id and version,
options, seed, seats, actions; atomic writes like the save; the newest 200 kept, older ones
dropped; a damaged entry is set aside and reported like a damaged save, never blocking the
others) ... A match whose ruleset changed or disappeared since says so and is still listed."
"""
import datetime
import json
import os
import time

import pytest

from game.engine.ruleset import find_ruleset, load_all
from game.engine.session import Session
from game.lab.simulate import run_match
from game.store import history
from game.store.atomic import StoreError


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(folder))
    return folder


def finished(ruleset_id="kumbal", seed=3, levels=("easy", "random")):
    return run_match(find_ruleset(ruleset_id), levels, seed, keep_session=True).session


def at(minute: int) -> datetime.datetime:
    return datetime.datetime(2026, 11, 26, 12, 0, tzinfo=datetime.timezone.utc) + datetime.timedelta(minutes=minute)


def test_a_finished_match_is_kept_with_its_record_and_summary_and_replays_to_its_end(data_dir):
    session = finished("kombio", seed=5, levels=("normal", "easy", "random"))
    path = history.keep(session, now=at(0))
    assert path.parent == data_dir / "history" and path.name.startswith("match-20261126-120000")
    [past], warnings = history.past_matches()
    assert warnings == [] and past.path == path
    assert past.match == json.loads(json.dumps(session.to_json()))
    assert past.summary == {"game": "Kombio", "rounds": session.game.round_no,
                            "actions": len(session.match.actions), "scores": list(session.game.scores()),
                            "winners": sorted(session.game.winners())}
    assert past.players() == [("Bot 1", "ai", "normal"), ("Bot 2", "ai", "easy"), ("Bot 3", "ai", "random")]
    again = Session.resume(past.match)
    assert again.game.is_over() and again.game.scores() == session.game.scores()


def test_the_newest_two_hundred_are_kept_newest_first_and_older_ones_dropped(data_dir):
    session = finished()
    for minute in range(history.KEEP + 5):
        history.keep_record(session.to_json(), history.summarize(session), now=at(minute))
    files = sorted((data_dir / "history").glob("match-*.json"))
    assert len(files) == history.KEEP
    kept, warnings = history.past_matches()
    assert warnings == [] and len(kept) == history.KEEP
    assert kept[0].when() == at(history.KEEP + 4) and kept[-1].when() == at(5)   # 0..4 went
    # two in the same second both stay
    history.keep_record(session.to_json(), history.summarize(session), now=at(999), limit=1000)
    history.keep_record(session.to_json(), history.summarize(session), now=at(999), limit=1000)
    assert len(list((data_dir / "history").glob("match-*.json"))) == history.KEEP + 2


def test_a_damaged_entry_is_set_aside_and_reported_and_the_others_are_listed(data_dir):
    session = finished()
    good = [history.keep(session, now=at(m)) for m in range(3)]
    good[1].write_bytes(b'{"format": 1, "finished": oops')              # not JSON
    record = json.loads(good[2].read_text())
    record["summary"]["scores"] = ["lots"]
    good[2].write_text(json.dumps(record))                               # a summary no list can show
    record["summary"] = history.summarize(session)
    record["match"]["actions"] = [[0, {"kind": 5}]]
    bad_match = good[2].with_name("match-20261126-115900-000000.json")
    bad_match.write_text(json.dumps(record))                             # a record no replay can use
    kept, warnings = history.past_matches()
    assert [p.path for p in kept] == [good[0]]
    assert len(warnings) == 3 and all("moved aside" in w for w in warnings)
    assert any("invalid JSON" in w for w in warnings) and any("summary is damaged" in w for w in warnings)
    aside = sorted(p.name for p in (data_dir / "history").iterdir() if ".broken-" in p.name)
    assert len(aside) == 3                                               # nothing deleted
    assert history.past_matches() == (kept, [])                          # reported once


def test_a_match_whose_ruleset_changed_or_went_says_so_and_is_still_listed(data_dir):
    session = finished()
    history.keep(session, now=at(0))
    gone = session.to_json() | {"ruleset": "kumbal-old"}
    history.keep_record(gone, history.summarize(session) | {"game": "Old Kumbal"}, now=at(1))
    older = session.to_json() | {"version": "0.1"}
    history.keep_record(older, history.summarize(session), now=at(2))
    rulesets = {e.ruleset.id: e.ruleset for e in load_all() if e.ok}
    notes = [history.ruleset_note(p, rulesets) for p in history.past_matches()[0]]
    version = rulesets["kumbal"].version
    assert notes == [f"Played with Kumbal 0.1; the rules are now version {version}, so this match cannot be "
                     "replayed.", "Old Kumbal is no longer installed: this match cannot be replayed.", None]


def test_a_review_is_stored_with_its_match(data_dir):
    past = history.load(history.keep(finished(), now=at(0)))
    history.store_review(past, 1, {"decisions": [], "budget": 40})
    assert history.load(past.path).reviews == {"1": {"decisions": [], "budget": 40}}


def test_a_write_cut_short_is_tidied_and_an_unusable_folder_is_said(data_dir):
    history.keep(finished(), now=at(0))
    orphan = data_dir / "history" / ".match-20261126-130000-000000.json.abc.tmp"
    orphan.write_text("{")
    os.utime(orphan, (time.time() - 120, time.time() - 120))
    assert len(history.past_matches()[0]) == 1 and not orphan.exists()
    (data_dir / "history").rename(data_dir / "elsewhere")
    (data_dir / "history").write_text("a file where the folder should be")
    assert history.past_matches() == ([], [f"the match history folder {data_dir / 'history'} cannot be used: "
                                           "it is not a folder"])
    with pytest.raises(StoreError):
        history.keep(finished(), now=at(1))
