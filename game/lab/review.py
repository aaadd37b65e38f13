"""The review of a finished match: every decision of one seat weighed by the search, from that seat's view.

The match is replayed from its record. At each of the seat's decisions the search
(game/ai/analysis.py: the hard level's determinized playouts, never the true state; wider than the
bot's where the family says `screen`) weighs the move played against the best move it finds, in
points (see analysis). The expected loss of the move played, judged on the same deals, sorts the
decision into fine, inaccuracy, mistake or blunder by the family's thresholds (Family.search["review"]: points for the three, see THRESHOLDS); a loss the
playouts cannot tell from nothing (under CONFIDENCE standard errors) is fine. Decisions that are
forced (one legal move), trivial (the family's search would not look at them), races (the memory
family's: reaction time, not a choice) or that the family cannot sample are skipped and counted,
not judged.

The result is plain JSON (`review_match` returns it), stored with the past match (game.store.history)
so that opening it again is instant.
"""
from __future__ import annotations

from typing import Callable, Optional

from game.ai.analysis import DEFAULT_DEALS, Cancelled, NotAnalysed, appraise, worth_a_look
from game.engine import registry
from game.engine.core import Action
from game.engine.session import Session
from game.i18n import tr

VERDICTS = ("fine", "inaccuracy", "mistake", "blunder")
# points of expected loss from which a decision is an inaccuracy, a mistake, a blunder, where the
# family does not say (Family.search["review"]); chosen so that the normal bot's own play is mostly fine
THRESHOLDS = (1.0, 3.0, 6.0)
CONFIRM = 3                 # the second look at the best move and the move played: this many times the deals
CONFIDENCE = 1.0            # standard errors of the paired loss below which a loss is not told from 0
FORMAT = 1


def thresholds(family) -> tuple:
    return tuple(family.search.get("review", THRESHOLDS))


def verdict(loss: float, error: float, limits: tuple) -> str:
    """fine / inaccuracy / mistake / blunder for an expected loss with its standard error."""
    if loss <= 0 or loss < CONFIDENCE * error:
        return "fine"
    name = "fine"
    for limit, label in zip(limits, VERDICTS[1:]):
        if loss >= limit:
            name = label
    return name


def decisions(match: dict, seat: int):
    """Replay a match record; yield (index, round, game, view, legal, action) at each of `seat`'s
    decisions (view and legal None where it is not judged: a race, where several seats act at once
    by the family's own step (Family.bot_step: the memory family's match race), is a contest of
    reaction time, not a choice). A secret choice made at the same time as another seat's (Klobba!'s
    laying) is a decision: the search samples the other's card from the view, as it does every
    hidden card. `game` is the state before the move: the caller reads only views from it."""
    session = Session.resume({**match, "actions": []})
    game = session.game
    racing = registry.family(session.ruleset.family).bot_step is not None
    for index, (who, data) in enumerate(match["actions"]):
        action = Action.from_json(data) if isinstance(data, dict) else data
        if who == seat:
            to_act = list(game.to_act())
            if seat in to_act and not (racing and len(to_act) > 1):
                yield index, game.round_no, game, game.view(seat), game.legal_actions(seat), action
            else:
                yield index, game.round_no, game, None, None, action      # a race: not judged
        session.apply(who, action)


def review_match(match: dict, seat: int, *, deals: int = DEFAULT_DEALS, seed: int = 0,
                 progress: Optional[Callable[[int, int], None]] = None,
                 cancelled: Optional[Callable[[], bool]] = None) -> dict:
    """The review of `seat` in a finished match record (see the module's docstring), as JSON data.

    progress(done, total) is called after every decision; Cancelled is raised when cancelled()
    turns true. ValueError if the record does not replay (its ruleset changed or went)."""
    probe = Session.resume({**match, "actions": []})
    ruleset, options = probe.ruleset, probe.options
    family = registry.family(ruleset.family)
    if family.determinize is None:
        raise ValueError(f"{ruleset.name} has no search to review with")
    if not 0 <= seat < len(match["seats"]):
        raise ValueError(f"no seat {seat + 1} in this match (it has {len(match['seats'])})")
    limits = thresholds(family)
    total = sum(1 for who, _ in match["actions"] if who == seat)
    out, skipped, done = [], {"forced": 0, "trivial": 0, "race": 0, "not_sampled": 0}, 0
    for index, round_no, game, view, legal, played in decisions(match, seat):
        done += 1
        if view is None:
            skipped["race"] += 1
        elif len(legal) < 2:
            skipped["forced"] += 1
        else:
            try:
                result = judge(ruleset, options, seat, view, legal, played, deals=deals,
                               seed=seed * 7919 + index, limits=limits, cancelled=cancelled)
            except NotAnalysed:
                skipped["not_sampled"] += 1
                result = None
            if result == "trivial":
                skipped["trivial"] += 1
            elif result is not None:
                # the moves in the game's words, from the player's view then (Family.phrase)
                words = {"played_words": move_phrase(family, played, view, probe.names, ruleset),
                         "best_words": move_phrase(family, Action.from_json(result["best"]), view,
                                                   probe.names, ruleset)}
                out.append({"action": index, "round": round_no, **result, **words})
        if progress is not None:
            progress(done, total)
        if cancelled is not None and cancelled():
            raise Cancelled()
    return {"format": FORMAT, "seat": seat, "deals": deals, "thresholds": list(limits),
            "decisions": out, "skipped": skipped, "summary": summary(out)}


def judge(ruleset, options: dict, seat: int, view, legal: list, played, *, deals: int = DEFAULT_DEALS,
          seed: int = 0, limits: Optional[tuple] = None, cancelled=None):
    """One decision judged from `view`: the move played against the best found, as JSON data
    (played, best, their values, the loss and its error, the verdict, the three best moves), or
    "trivial" where the family's search would not look (NotAnalysed where it cannot sample)."""
    family = registry.family(ruleset.family)
    limits = thresholds(family) if limits is None else limits
    analysis = appraise(ruleset, options, seat, view, legal, deals=deals, seed=seed, also=(played,),
                        wide=True, cancelled=cancelled)
    if not worth_a_look(family, ruleset, view, legal, analysis.policy_choice, (played,)):
        return "trivial"
    mine = analysis.of(played)
    best = analysis.best
    if mine is None:            # the move played could not be played out on any deal
        raise NotAnalysed("the move played never fit a sample")
    if best.action == played:
        loss, error = 0.0, 0.0
    else:
        # the best of several noisy means is flattered by its luck: its lead over the move played
        # is measured again on fresh deals, and that measure is the verdict's
        again = appraise(ruleset, options, seat, view, legal, deals=deals * CONFIRM, seed=seed + 1,
                         only=(best.action, played), cancelled=cancelled)
        loss, error = again.gap(best.action, played)
        mine, best = again.of(played) or mine, again.of(best.action) or best
    return {"played": played.to_json(), "best": best.action.to_json(),
            "played_value": round(mine.value, 3), "best_value": round(best.value, 3),
            "loss": round(max(0.0, loss), 3), "error": round(error, 3) if error != float("inf") else None,
            "verdict": verdict(loss, error, limits),
            "others": [[m.action.to_json(), round(m.value, 3)] for m in analysis.moves[:3]]}


def summary(decided: list) -> dict:
    """Decisions reviewed, how many of each verdict, and the points lost in all."""
    counts = {v: 0 for v in VERDICTS}
    for d in decided:
        counts[d["verdict"]] += 1
    lost = sum(d["loss"] for d in decided if d["verdict"] != "fine")
    return {"reviewed": len(decided), **counts, "points_lost": round(lost, 2)}


# ---- words ----

def move_words(action) -> str:
    """A move in short words, the same for every family: its kind, its choice, the places it names."""
    if isinstance(action, dict):
        action = Action.from_json(action)
    parts = [action.kind.replace("_", " ")]
    if action.choice is not None:
        parts.append(str(action.choice).replace("_", " "))
    for place in action.places:
        parts.append(" ".join(str(p) for p in place))
    return ", ".join(parts[:1] + [" ".join(parts[1:])]) if len(parts) > 1 else parts[0]


def move_phrase(family, action, view, names, ruleset=None) -> str:
    """A move in the family's own words, said to the player whose `view` it is (Family.phrase: from
    that view alone), else in the generic words of move_words."""
    if family.phrase is not None:
        try:
            said = family.phrase(action, view, tuple(names), ruleset)
        except Exception:          # words must never cost a hint or a review (the conformance suite
            said = ""              # holds every family's phrase to every move of its matches)
        if said:
            return said
    return move_words(action)


def decision_line(d: dict) -> str:
    """One decision in words; values are told as the best move's lead over the move played (the
    absolute values carry the match's totals so far, which the move did not choose)."""
    where = f"round {d['round']}, move {d['action'] + 1}: {d.get('played_words') or move_words(d['played'])}"
    if d["best"] == d["played"]:
        return f"{where}: fine (the best move found)"
    lead = d["best_value"] - d["played_value"]
    best = d.get("best_words") or move_words(d["best"])
    return (f"{where}: {d['verdict']}; best {best}, {lead:+.1f} points on average "
            f"(the loss {d['loss']:.1f} +/- {d['error'] or 0:.1f} on fresh deals)")


def summary_line(name: str, review: dict, short: bool = False) -> str:
    """The review of one player in a sentence (`short`: the counts only, for the replay's status line)."""
    s = review["summary"]
    if short:
        return tr("{name}: {reviewed} judged · {fine} fine · {inaccuracy} inaccurate · {mistake} mistakes · "
                  "{blunder} blunders · {lost} points lost", name=name, reviewed=s["reviewed"], fine=s["fine"],
                  inaccuracy=s["inaccuracy"], mistake=s["mistake"], blunder=s["blunder"],
                  lost=f"{s['points_lost']:.1f}")
    skipped = sum(review["skipped"].values())
    def count(n, one, many):
        return f"{n} {one if n == 1 else many}"
    return (f"{name}: {count(s['reviewed'], 'decision', 'decisions')} reviewed ({skipped} forced, trivial or "
            f"race moves skipped): {s['fine']} fine, {count(s['inaccuracy'], 'inaccuracy', 'inaccuracies')}, "
            f"{count(s['mistake'], 'mistake', 'mistakes')}, {count(s['blunder'], 'blunder', 'blunders')}; "
            f"about {s['points_lost']:.1f} points lost in all")


# ---- main.py --review ----

def review_main(source: str, seat: Optional[int], as_json: bool, deals: Optional[int] = None) -> int:
    """`main.py --review FILE|latest [--seat N] [--json]`: print the review of a finished match.

    FILE: a past match's file (or a saved match record that has ended); latest: the newest past
    match. The seat is 1-based; by default the first human's, else seat 1. `deals`: the search's
    budget per decision (a stored review made with the same budget is shown at once). Progress
    goes to stderr."""
    import json
    import sys
    from game.store import history
    from game.store.atomic import StoreError

    def fail(message: str) -> int:
        print(f"main.py --review: {message}", file=sys.stderr)
        return 2

    past = None
    try:
        if source == "latest":
            past = history.latest()
            if past is None:
                return fail("there is no past match yet: finish one, or keep some with --simulate ... --keep")
            match = past.match
        else:
            from game.store.atomic import read_json
            data = read_json(source)
            if data is None:
                return fail(f"there is no file {source}")
            if isinstance(data, dict) and "match" in data:
                past = history.load(source)          # a past match's file: its stored reviews too
                match = past.match
            else:
                match = data                          # a bare match record
    except StoreError as exc:
        return fail(str(exc))
    from game.engine.core import match_problem
    problem = match_problem(match) if isinstance(match, dict) else "it does not hold a match"
    if problem:
        return fail(f"{source} is not a match record: {problem}")
    try:
        session = Session.resume(match)
    except ValueError as exc:
        return fail(f"this match cannot be replayed: {exc}")
    if not session.game.is_over():
        return fail("this match has not ended: only a finished match can be reviewed")
    seats = match["seats"]
    if seat is None:
        seat = next((i for i, s in enumerate(seats) if s.get("kind", "human") == "human"), 0)
    else:
        if not 1 <= seat <= len(seats):
            return fail(f"--seat must be from 1 to {len(seats)} in this match; got {seat}")
        seat -= 1
    name = session.names[seat]

    tty = sys.stderr.isatty()

    def progress(done, total):
        # one line redrawn on a terminal; a log gets a line at every quarter
        if tty:
            print(f"\rreviewing {name}: {done}/{total} moves", end="", file=sys.stderr, flush=True)
        elif done == total or (done * 4 // total) != ((done - 1) * 4 // total):
            print(f"reviewing {name}: {done}/{total} moves", file=sys.stderr, flush=True)

    deals = DEFAULT_DEALS if deals is None else deals
    review = past.reviews.get(str(seat)) if past is not None else None
    if review is None or review.get("deals") != deals:
        review = review_match(match, seat, deals=deals, progress=progress)
        if tty:
            print(file=sys.stderr)
        if past is not None:
            try:
                history.store_review(past, seat, review)
            except StoreError as exc:
                print(f"main.py --review: the review was not stored: {exc}", file=sys.stderr)
    if as_json:
        print(json.dumps({"game": session.ruleset.name, "seat": seat, "name": name, **review}))
        return 0
    print(f"{session.ruleset.name}, {name} (seat {seat + 1}): each decision against the best move the "
          f"search found from {name}'s view (points: the expected margin over the best other player)")
    for d in review["decisions"]:
        print("  " + decision_line(d))
    print(summary_line(name, review))
    return 0
