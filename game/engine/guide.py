"""A guided first game (issue 30): a short rigged match that a ruleset carries under `guide:`.

The guide is data, not code, so a house ruleset can carry its own and a translation needs none:

    guide:
      seed: 4117              # the deal: the same every time
      bot: easy               # the opponent's level (random, easy or normal: never a search)
      intro: "..."            # said before the first lesson
      steps:                  # the learner's first decisions, in order, each one a lesson
        - title: The discard
          say: "Every turn you first discard ... Click the 9, then the pile."
          move: {kind: discard, places: [[hand, 0, 41], [discard]]}
          events: [discard]   # what the move must make: the rule it teaches
      ending: "..."           # said on the round's summary: how the round was scored
      assumes:                # the rules its words state (the ending's points): other values refuse it
        scoring.caller_not_lowest.caller: 15

The learner is seat 1 (by the name last typed in the setup, else "Player"), against one bot seeded as the table seeds its bots; the match is one
round where the game has rounds. Each lesson is the learner's next move; a match race before the
lesson that teaches it (every discard opens one) is let pass (`let_through`), and while a lesson
waits in a race the table holds the bots. `check` plays the guide headless and refuses it, with a sentence,
when the rules in force no longer allow a lesson's move or its move no longer makes the events it
teaches (an ability edited in a house ruleset), or when a rule its words state (`assumes`: a
parameter's dotted path and value, e.g. the caller's penalty its ending names) has another value:
the guide then refuses to start rather than teach a rule that is not the rule. `--selftest` (and so the packaged build) checks every shipped guide.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from game.engine.core import Action, brief
from game.engine.schema import REQUIRED, Dict, Enum, Int, List, Map, Str, Text
from game.i18n import tr

LEARNER = 0
LEVELS = ("random", "easy", "normal")
SENTENCE = 400


@dataclass(frozen=True)
class Lesson:
    say: str                    # what to do now, in the rulebook's words
    move: Action                # the move the learner makes (anything else is refused with `say`)
    title: str = ""             # the rule it teaches, in a few words
    events: tuple = ()          # event kinds the move must make (the rule it teaches still holds)


@dataclass(frozen=True)
class Guide:
    seed: int
    bot: str
    steps: tuple                # tuple[Lesson]
    intro: str = ""
    ending: str = ""
    assumes: tuple = ()         # ((dotted parameter path, value), ...): the rules its words state


def _move(value, path, doc) -> Action:
    if not isinstance(value, dict):
        raise doc.error(path, "expected a move, e.g. {kind: draw, places: [[deck]]}")
    try:
        return Action.from_json(value)
    except (ValueError, TypeError, KeyError):
        # said briefly: a mutated file may hold anything, at any length
        raise doc.error(path, f"not a move (kind, places, choice); got {brief(value)}") from None


_STEP = Map({
    "title": (Text(max_len=60), ""),
    "say": (Text(max_len=SENTENCE, lines=True), REQUIRED),
    "move": (_move, REQUIRED),
    "events": (List(Str(max_len=40)), ()),
})

def _assumed(value, path, doc):
    if isinstance(value, (bool, int, str)) and not (isinstance(value, str) and len(value) > 40):
        return value
    raise doc.error(path, f"expected a rule's value (a number, a word, true or false); got {brief(value)}")


GUIDE_SPEC = Map({
    "seed": (Int(0, 2 ** 31 - 1), REQUIRED),
    "bot": (Enum(*LEVELS), "easy"),
    "intro": (Text(nonempty=False, max_len=SENTENCE, lines=True), ""),
    "steps": (List(_STEP, min_len=1), REQUIRED),
    "ending": (Text(nonempty=False, max_len=SENTENCE, lines=True), ""),
    "assumes": (Dict(_assumed, key_pattern=r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$"), {}),
})


def read(raw, doc) -> Optional[Guide]:
    """The `guide:` section of a ruleset file, checked (file:line:key errors), or None."""
    if raw is None:
        return None
    g = GUIDE_SPEC(raw, ("guide",), doc)
    if len(g["steps"]) > 20:
        raise doc.error(("guide", "steps"), f"{len(g['steps'])} steps; a first game teaches in at most 20")
    steps = tuple(Lesson(s["say"], s["move"], s["title"], tuple(s["events"])) for s in g["steps"])
    return Guide(g["seed"], g["bot"], steps, g["intro"], g["ending"], tuple(sorted(g["assumes"].items())))


def seats(guide: Guide, name: str = "Player") -> list:
    """The learner (seat 1, by the name they go by) and the bot."""
    return [{"name": name, "kind": "human"}, {"name": "Bot", "kind": "ai", "level": guide.bot}]


def options(ruleset) -> dict:
    """The guided match's options: the rules as written, one round where the game has rounds (also
    where the ruleset's own match lengths are all to points, as Cambio's: a first game is one round,
    and its summary says how it was scored)."""
    from game.engine import registry
    from game.engine.ruleset import default_options
    out = dict(default_options(ruleset), guide=True, undo=False, hints=False)
    if not registry.family(ruleset.family).one_game:
        out["match_end"] = {"mode": "rounds", "rounds": 1, "points": out["match_end"]["points"]}
    return out


def new_session(ruleset, name: str = "Player"):
    from game.engine.session import Session
    return Session.new(ruleset, seats(ruleset.guide, name), options(ruleset), ruleset.guide.seed)


def _named(ruleset, lesson: int) -> str:
    step = ruleset.guide.steps[lesson]
    return tr("Step {n} of the guide ({lesson})", n=lesson + 1, lesson=tr(step.title or step.say)[:40])


def refusal(ruleset, lesson: int, events) -> str:
    """Why the lesson's move, just made (its events), no longer teaches its rule ('' if it does)."""
    made = {e.kind for e in events}
    missing = [k for k in ruleset.guide.steps[lesson].events if k not in made]
    if missing:
        return tr("{step} teaches what the rules in force no longer do ({missing}): this guide was written for "
                  "other rules.", step=_named(ruleset, lesson), missing=", ".join(missing))
    return ""


def unassumed(ruleset) -> str:
    """Why the rules in force are not the ones the guide's words state ('' if they are)."""
    params = ruleset.parameters(options(ruleset))
    for path, value in ruleset.guide.assumes:
        here = params
        for part in path.split("."):
            here = here.get(part, _ABSENT) if isinstance(here, dict) else _ABSENT
        if here is _ABSENT:
            return tr("The guide's words rest on the rule {path}, which these rules do not have: this guide "
                      "was written for other rules.", path=path)
        if here != value or isinstance(here, bool) != isinstance(value, bool):
            return tr("The guide's words say {path} is {value}; the rules in force make it {here}: this guide "
                      "was written for other rules.", path=path, value=brief(value), here=brief(here))
    return ""


_ABSENT = object()


def lessons_done(guide: Guide, learner_actions) -> int:
    """How many lessons the learner's moves so far have made: each lesson is the learner's next move
    that is its move; a move let through (`let_through`: a race let pass) teaches nothing."""
    done = 0
    for action in learner_actions:
        if done < len(guide.steps) and action == guide.steps[done].move:
            done += 1
    return done


def let_through(step: Lesson, legal, action) -> bool:
    """A move no lesson asks for that the guide lets the learner make all the same: letting a moment
    pass (a `pass`) where the lesson's move is not allowed (a match race, which every discard opens,
    before the lesson that teaches it). Anything else is refused."""
    return action.kind == "pass" and step.move not in legal


class _Unteachable(Exception):
    """The learner must decide and the lesson's move is not allowed: the guide does not fit the rules."""


class _Learner:
    """The learner as `check` plays them: the lesson's move as soon as the rules allow it (in a race
    at once: the table holds the bots while a lesson waits); in a race before its lesson, no claim
    (the family's step passes for them, as the learner's Space or the countdown does)."""

    def __init__(self, guide: Guide):
        self.guide, self.done = guide, 0

    def step(self) -> Lesson:
        return self.guide.steps[self.done]

    def choose(self, view, legal):
        if self.step().move not in legal:
            raise _Unteachable()
        return self.step().move

    def race(self, view, legal):
        return (self.step().move, 0.0) if self.step().move in legal else None


def check(ruleset, make_bot) -> Optional[str]:
    """Play the guide headless, as the table would (`make_bot`: game.ai.make_bot, the table's bots):
    None if every lesson's move is allowed and makes what it teaches, else the sentence that refuses
    the guide. Turns go in the table's order: a family with its own step (Family.bot_step: the memory
    family's race) takes it, the learner in it; otherwise the bot first where both act at once
    (TablePlugin.moment)."""
    from game.engine import registry
    guide = ruleset.guide
    if guide is None:
        return tr("{game} has no guide.", game=ruleset.name)
    why = unassumed(ruleset)
    if why:
        return why
    try:
        session = new_session(ruleset)
    except (ValueError, KeyError) as exc:
        return tr("The guide cannot start: {problem}", problem=exc)
    game = session.game
    family = registry.family(ruleset.family)
    bot = make_bot(ruleset, 1, guide.bot, session.bot_seed(1))
    learner = _Learner(guide)
    broken = []

    def apply(seat, action):
        events = session.apply(seat, action)
        if seat == LEARNER and learner.done < len(guide.steps) and action == learner.step().move:
            why = refusal(ruleset, learner.done, events)
            if why:
                broken.append(why)
            learner.done += 1
        return events

    for _ in range(5000):
        if broken:
            return broken[0]
        if learner.done >= len(guide.steps):
            return None
        if game.is_over():
            return tr("The guide's match ends before its step {n}.", n=learner.done + 1)
        to_act = list(game.to_act())
        try:
            if family.bot_step is not None:
                family.bot_step(game, {LEARNER: learner, 1: bot}, apply)
            else:
                seat = next((s for s in to_act if s != LEARNER), LEARNER)
                player = learner if seat == LEARNER else bot
                apply(seat, player.choose(game.view(seat), game.legal_actions(seat)))
        except _Unteachable:
            return tr("{step} asks for a move the rules in force do not allow here: this guide was written for "
                      "other rules.", step=_named(ruleset, learner.done))
    return tr("The guide's match does not reach its last step.")
