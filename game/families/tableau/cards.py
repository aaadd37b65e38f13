"""The tableau family's card schema: each card's fields and its ability and scoring primitives,
checked with file:line:key errors and built into `TableauCard`s holding `Prim` trees.

The vocabulary itself (what each primitive means) is documented, and evaluated, in scoring.py;
here is only what each primitive's parameters must be. A primitive is written as a mapping
whose tag key names it (`{gain: gold, amount: 1}`, `{count: shield, shield: faith}`,
`{position: corner}`); an unknown primitive, a missing or unknown parameter, or a parameter of
the wrong type is an error naming the file, the line and the key.
"""
from __future__ import annotations

from game.engine.cards import Prim
from game.engine.schema import REQUIRED, Bool, Enum, Int, Key, List, Map, Text, _kind, reads_as
from game.families.tableau.scoring import (ABILITY_ONLY, CONDITIONS, COUNTS, LOCATIONS, POSITIONS,
                                           RESOURCES, SCORING_ONLY, SHIELDS)
from game.families.tableau.view import TableauCard
from game.i18n import N_, tr

_SHIELD = Enum(*SHIELDS)
_LOCATION = Enum(*LOCATIONS)
_RESOURCE = Enum(*RESOURCES)
_AMOUNT = Int(0, 50)


def _true(v, path, doc):
    if v is not True:
        raise doc.error(path, tr("expected true (the condition is written any_face_down: true); got {got}",
                                 got=_kind(v)))
    return v


# each count's parameters: {parameter: (spec, default or REQUIRED)}; `of` is a nested count
_COUNT_PARAMS = {
    "shield": {"shield": (_SHIELD, REQUIRED),
               "in": (Enum("tableau", "row", "column", "row_and_column"), "tableau")},
    "banner": {"banner": (_LOCATION, REQUIRED)},
    "cards_with_shields": {"shields": (Int(0, 6), REQUIRED)},
    "shield_types": {"in": (Enum("tableau", "row", "column"), "tableau")},
    "missing_shield_types": {},
    "empty_slots": {},
    "occupied_slots": {},
    "cards_costing": {"cost": (Int(0, 50), REQUIRED), "or_more": (Bool(), False)},
    "discount_cards": {},
    "purse_cards": {},
    "keys": {},
    "gold_on_this_purse": {"cap": (Int(1, 50), REQUIRED)},
    "gold_on_purses": {},
    "shield_sets": {"shields": (List(_SHIELD, min_len=1), REQUIRED)},
    "banner_sets": {"banners": (List(_LOCATION, min_len=1), REQUIRED)},
    "identical_shield_sets": {"size": (Int(1, 9), REQUIRED)},
    "best_neighbour": {"of": ("count", REQUIRED)},
}
_CONDITION_PARAMS = {
    "position": {"position": (Enum(*POSITIONS), REQUIRED)},
    "shield_absent": {"shield_absent": (_SHIELD, REQUIRED)},
    "any_face_down": {"any_face_down": (lambda v, path, doc: _true(v, path, doc), REQUIRED)},
}
_EFFECT_PARAMS = {
    "gain": {"gain": (_RESOURCE, REQUIRED), "amount": (_AMOUNT, REQUIRED), "per": ("count", None)},
    "opponents_gain": {"opponents_gain": (_RESOURCE, REQUIRED), "amount": (_AMOUNT, REQUIRED)},
    "discount": {"discount": (Enum("castle", "village", "all"), REQUIRED),
                 "amount": (Int(1, 50), REQUIRED)},
    "gold_on_each_purse": {"gold_on_each_purse": (Int(1, 50), REQUIRED)},
    "fill_purses": {"fill_purses": (Int(1, 9), REQUIRED)},
    "discard_display": {"discard_display": (_LOCATION, REQUIRED), "gain_cost_in": (_RESOURCE, REQUIRED)},
    "choose": {"choose": ("effects", REQUIRED)},
}
_SCROLL_PARAMS = {"points": (Int(0, 100), REQUIRED), "per": ("count", None), "if": ("condition", None)}
assert set(_COUNT_PARAMS) == set(COUNTS) and set(_CONDITION_PARAMS) == set(CONDITIONS)


def _tag_of(v, path, doc, kind: str) -> str:
    """The primitive's name: the value of `count:` for a count, the one tag key otherwise."""
    if not isinstance(v, dict):
        what, example = _WHAT[kind]
        raise doc.error(path, tr(what, example=example) + " " + tr("(a mapping); got {got}", got=_kind(v)))
    if kind == "count":
        if "count" not in v:
            raise doc.error(path, tr("missing key 'count' (one of {names})", names=", ".join(COUNTS)))
        tag = v["count"]
        if not isinstance(tag, str) or tag not in COUNTS:
            raise doc.error(path + ("count",), tr("unknown count; expected one of {names}; got {got}",
                                                  names=", ".join(COUNTS), got=_kind(tag)))
        return tag
    known = _CONDITION_PARAMS if kind == "condition" else _EFFECT_PARAMS
    tags = [k for k in v if k in known]
    if len(tags) != 1:
        got = tags[0] if tags else tr("none")
        for tag in tags[1:]:
            got = tr("{a} and {b}", a=got, b=tag)
        first = next(iter(v), None)
        expected = {"condition": N_("expected one condition ({names}); got {got}"),
                    "effect": N_("expected one effect ({names}); got {got}")}[kind]
        raise doc.error(path + ((first,) if not tags and first is not None else ()),
                        tr(expected, names=", ".join(known), got=got))
    return tags[0]


_WHAT = {"count": (N_("expected a count such as {example}"), "{count: shield, shield: faith}"),
         "condition": (N_("expected a condition such as {example}"), "{position: corner}"),
         "effect": (N_("expected an effect such as {example}"), "{gain: gold, amount: 1}")}


def _prim(v, path, doc, where: str, kind: str) -> Prim:
    """One primitive of `kind` (count, condition, effect), checked and built; `where` is
    "ability" or "scoring" (some counts belong to one of them only)."""
    tag = _tag_of(v, path, doc, kind)
    fields = {"count": _COUNT_PARAMS, "condition": _CONDITION_PARAMS, "effect": _EFFECT_PARAMS}[kind][tag]
    if kind == "count":
        if where in ("ability", "neighbour") and tag in SCORING_ONLY:
            raise doc.error(path + ("count",), tr("the count {count} belongs to a scoring scroll, not an ability",
                                                  count=tag))
        if where != "ability" and tag in ABILITY_ONLY:
            raise doc.error(path + ("count",), tr("the count {count} belongs to an ability, not a scoring scroll "
                                                  "(nor inside another best_neighbour)", count=tag))
    params = []
    for key in v:
        if key not in fields and not (kind == "count" and key == "count"):
            raise doc.error(path + (key,), tr("unknown parameter of {name}; expected {names}", name=tag,
                                              names=", ".join(fields) or tr("none")))
    for key, (spec, default) in fields.items():
        if key not in v:
            if default is REQUIRED:
                raise doc.error(path, tr("{name}: missing parameter '{key}'", name=tag, key=key))
            if default is not None:
                params.append((key, default))
            continue
        at = path + (key,)
        if spec == "count":
            # a best neighbour counts in the neighbour's tableau: nothing ability-only inside
            value = _prim(v[key], at, doc, "neighbour" if tag == "best_neighbour" else where, "count")
        elif spec == "condition":
            value = _prim(v[key], at, doc, where, "condition")
        elif spec == "effects":
            options = v[key]
            if not isinstance(options, list) or len(options) != 2:
                raise doc.error(at, tr("expected a list of two effects to choose from; got {got}",
                                       got=_kind(options)))
            value = tuple(_prim(o, at + (i,), doc, where, "effect") for i, o in enumerate(options))
            if any(o.tag == "choose" for o in value):
                raise doc.error(at, tr("a choice between choices is not allowed"))
        else:
            value = spec(v[key], at, doc)
        params.append((key, value))
    return Prim(tag, tuple(sorted(params)))


def _scroll(v, path, doc):
    if not isinstance(v, dict):
        raise doc.error(path, tr("expected a scoring scroll such as {example}; got {got}",
                                 example="{points: 3, per: {count: shield, shield: faith, in: row}}", got=_kind(v)))
    if "per" in v and "if" in v:
        raise doc.error(path + ("if",), tr("a scroll scores per a count or if a condition, not both"))
    for key in v:
        if key not in _SCROLL_PARAMS:
            raise doc.error(path + (key,), tr("unknown key; expected one of {names}", names=", ".join(_SCROLL_PARAMS)))
    if "points" not in v:
        raise doc.error(path, tr("missing key 'points'"))
    params = [("points", _SCROLL_PARAMS["points"][0](v["points"], path + ("points",), doc))]
    if "per" in v:
        params.append(("per", _prim(v["per"], path + ("per",), doc, "scoring", "count")))
    if "if" in v:
        params.append(("if", _prim(v["if"], path + ("if",), doc, "scoring", "condition")))
    return Prim("points", tuple(sorted(params)))


_CARD = Map({
    "key": (Key(max_len=40), REQUIRED),
    "name": (Text(max_len=60), REQUIRED),         # a player reads it: may give {en: ..., de: ...}
    "number": (Int(0, 100_000), 0),
    "location": (_LOCATION, REQUIRED),
    "cost": (Int(0, 50), REQUIRED),
    "shields": (List(_SHIELD), ()),
    "messenger": (Bool(), False),
    "ability": (List(lambda v, p, d: _prim(v, p, d, "ability", "effect")), ()),
    "scoring": (lambda v, p, d: None if v is None else _scroll(v, p, d), None),
    "count": (Int(1, 20), 1),
})


def check_cards(raw, abilities, doc) -> tuple:
    """The `cards:` list as TableauCards; every field and every primitive checked (file:line:key)."""
    if abilities:
        raise doc.error(("abilities",), tr("the tableau family writes each card's ability on the card; "
                                           "leave abilities out"))
    items = List(_CARD, min_len=1)(raw, ("cards",), doc)
    out, keys = [], {}          # key -> the index of its card
    for i, c in enumerate(items):
        if c["key"] in keys:
            # keys are read in NFKC form (schema.Key): say so if a look-alike made the pair
            pair = [(("cards", j, "key"), "") for j in (i, keys[c["key"]])]
            raise doc.error(("cards", i, "key"), tr("two cards share the key '{key}'{reads_as}; give each a "
                                                    "distinct key", key=c["key"],
                                                    reads_as=reads_as(doc, pair, c["key"])))
        keys[c["key"]] = i
        out.append(TableauCard(key=c["key"], name=c["name"], location=c["location"], cost=c["cost"],
                           shields=tuple(c["shields"]), messenger=c["messenger"],
                           ability=tuple(c["ability"]), scoring=c["scoring"], number=c["number"],
                           count=c["count"]))
    return tuple(out)
