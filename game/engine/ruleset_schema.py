"""The generic sections of a ruleset file and their checks: its identity (id, name, family,
players, sources, rules page), the common playing cards, the match end and a variant's shape; and
the check that a match to points can end, which families ask of their scoring.

Apart from ruleset.py (which puts the checked sections together into a Ruleset) as a family's
schema.py is apart from its rules: what a file may say is read in one place. The family's own
sections are checked by the spec it declares (`rules_spec`, `layout_spec`, `step_spec`).
"""
from __future__ import annotations

from game.engine import registry
from game.engine.cards import CardDef
from game.engine.schema import (REQUIRED, Bool, Colour, Dict, Enum, Int, Key, List, Located, Map, Optional_,
                                Str, Text, reads_as)
from game.i18n import LANGUAGES

# Text caps: what fits where it is drawn (a card face, a button, a log line) with room to spare.
NAME, LABEL, SENTENCE, PAGE = 60, 12, 400, 60_000

_CARD = Map({
    "value": (Int(-100, 100), REQUIRED),
    "count": (Int(1, 200), None),
    "key": (Key(max_len=40), None),
    "label": (Text(max_len=LABEL), None),
    "name": (Text(max_len=NAME), None),
    "match": (Key(max_len=40), None),
    "ability": (Optional_(Str(max_len=40)), None),
    "suit": (Optional_(Enum("spades", "hearts", "diamonds", "clubs")), None),
    "colour": (Optional_(Colour()), None),
    "symbol": (Optional_(Str(max_len=LABEL)), None),
    "suits": (Optional_(lambda v, p, d: (SUITS if v == "all" else
                                         List(Enum(*SUITS), min_len=1)(v, p, d))), None),
})
SUITS = ("spades", "hearts", "diamonds", "clubs")

_MATCH_END = Map({
    "modes": (List(Enum("rounds", "points"), min_len=1), REQUIRED),
    "default": (Enum("rounds", "points"), REQUIRED),
    "rounds": (Int(1, 99), 5),
    "points": (Int(1, 1000), 100),
})

_VARIANT = Map({
    "label": (Text(max_len=NAME), REQUIRED),
    "description": (Text(nonempty=False, max_len=SENTENCE, lines=True), ""),
    "default": (Bool(), False),
    "set": (Dict(lambda v, p, d: v, key_pattern=r"^[a-z_][a-z0-9_.]*$"), REQUIRED),
})


def _check_identity(top: dict, doc: Located) -> dict:
    fields = {"id": Str(max_len=40), "name": Text(max_len=NAME), "version": Str(max_len=20),
              "family": Enum(*registry.names()),
              "players": Map({"min": (Int(1, 12), REQUIRED), "max": (Int(1, 12), REQUIRED)}),
              "sources": List(Str(max_len=SENTENCE, lines=True)),
              "reconstructed": List(Text(max_len=SENTENCE * 3, lines=True)),
              "rules_page": Text(nonempty=False, max_len=PAGE, lines=True),
              "credits": Text(nonempty=False, max_len=SENTENCE, lines=True),
              "rules_original": Map({"label": (Text(max_len=NAME), REQUIRED),
                                     # the language it is written in: shown first to players of it
                                     "language": (Optional_(Enum(*LANGUAGES)), None),
                                     "text": (Str(max_len=PAGE, lines=True), REQUIRED)})}
    known = set(fields) | {"cards", "abilities", "layout", "rules", "match_end", "variants", "guide"}
    for key in top:
        if key not in known:
            raise doc.error((key,), f"unknown key; expected one of {', '.join(sorted(known))}")
    out = {}
    for key, spec in fields.items():
        if key in top:
            out[key] = spec(top[key], (key,), doc)
        elif key in ("sources", "reconstructed"):
            out[key] = ()
        elif key in ("rules_page", "credits"):
            out[key] = ""
        elif key == "rules_original":
            out[key] = None
        else:
            raise doc.error((), f"missing key '{key}'")
    for key in ("cards", "match_end"):
        if key not in top:
            raise doc.error((), f"missing key '{key}'")
    import re
    if not re.match(r"^[a-z][a-z0-9_-]*$", out["id"]):
        raise doc.error(("id",), f"expected lower-case letters, digits, - and _; got {out['id']!r}")
    return out


def check_playing_cards(raw, abilities: dict, doc: Located) -> tuple:
    """The common card schema (key, label, value, match, suit or suits, count, ability, ...) as CardDefs."""
    items = List(_CARD, min_len=1)(raw, ("cards",), doc)
    cards, keys = [], {}        # key -> (path of the `key` it came from, the suffix added)
    for i, c in enumerate(items):
        base = c["key"] or str(c["value"])
        if c["count"] is None and not c["suits"]:
            raise doc.error(("cards", i), "missing key 'count'")
        if c["suits"] and c["suit"]:
            raise doc.error(("cards", i, "suits"), "give either suit or suits, not both")
        if c["ability"] is not None and c["ability"] not in abilities:
            known = ", ".join(abilities) or "none defined"
            raise doc.error(("cards", i, "ability"),
                            f"expected one of the abilities ({known}); got {c['ability']!r}")
        label = c["label"] or str(c["value"])
        name = c["name"] or label
        # `suits` writes one card per suit: a standard deck needs 13 lines, not 52
        for suit in c["suits"] or (c["suit"],):
            suffix = f"_{suit}" if c["suits"] else ""
            key = base + suffix
            if key in keys:
                # keys are read in NFKC form (schema.Key): say so if a look-alike made the pair
                mine = (("cards", i, "key"), suffix)
                raise doc.error(("cards", i, "key"), f"two cards share the key '{key}'"
                                f"{reads_as(doc, (mine, keys[key]), key)}; give each a distinct key")
            keys[key] = (("cards", i, "key"), suffix)
            cards.append(CardDef(key=key, label=label, value=c["value"],
                                 match=c["match"] or str(c["value"]), count=c["count"] or 1,
                                 ability=c["ability"], suit=suit, colour=c["colour"],
                                 symbol=c["symbol"],
                                 name=f"{name} of {suit}" if c["suits"] else name))
    return tuple(cards)


def check_match_can_end(match_end: dict, sources, doc: Located, where: tuple) -> None:
    """A points match must be reachable in play: refused if no round can add more than 0 to a total.

    Totals start at 0 and the target is above 0, so a total reaches it only if some round adds
    more than 0 to it. `sources`: every way the family's scoring adds to one seat's total in a
    round (cards held, a caller's reward or penalty, the others' bonus, ...), each as (the most it
    can add, a phrase saying why: "a caller: at most -95, ..."); the family reasons about the signs
    of all of them together (a +5 for a failed call adds nothing when the caller holds -100), never
    one alone. What a total does after growing (Kumbal's resets, which fire at totals above 0) and
    how fast it grows are not weighed: the rules' safety net (`limits.rounds_per_match`) ends a
    match whose totals grow too slowly. `where`: the family's check's (a house rule's `set`, or
    ("rules",) for the file's own rules, refused at `match_end.modes`)."""
    sources = list(sources)
    if "points" not in match_end["modes"] or any(most > 0 for most, _ in sources):
        return
    points = match_end["points"]
    raise doc.error(("match_end", "modes") if where == ("rules",) else where,
                    f"a match to {points} point{'' if points == 1 else 's'} could never end: no round "
                    f"adds more than 0 to a total ({'; '.join(why for _, why in sources)}), so totals "
                    "never grow")
