"""What a clash-family ruleset (Klobba!) may say, and the checks the ruleset loader makes of it: the
`rules:` section's parameters, the cards (clans, Barbarians, Action cards), no layout, no abilities.
"""
from __future__ import annotations

from game.engine.cards import Prim
from game.engine.schema import (REQUIRED, Bool, Colour, Dict, Enum, Int, Key, List, Map, Text, filled,
                                reads_as)
from game.families.clash import selection
from game.families.clash.view import PLACES, ActionCard, Barbarian
from game.families.clash.words import learn_clans
from game.i18n import tr


def _no_steps(value, path, doc):
    raise doc.error(path, tr("the clash family has no abilities: Action cards carry an effect; leave abilities out"))


STEP_SPEC = _no_steps


def LAYOUT_SPEC(value, path, doc):
    """The clash family has no layout: four Band places around the table."""
    if value not in ({}, None):
        raise doc.error(path, tr("the clash family has no layout (four Band places); leave layout out"))
    return {}


_STARS = Map({"per_player": (Int(0, 100), 5), "supply": (Int(0, 1000), 40)})
_OFFERS = Map({"from_players": (Int(2, 99), 3), "reward": (Int(0, 20), 1)})
_TOTEMS = Map({"direction": (Enum("clockwise", "anticlockwise"), "clockwise")})
_END = Map({"black_totem_times": (Int(1, 50), 3), "when_deck_cannot_refill": (Bool(), True)})

RULES_SPEC = Map({
    "hand_size": (Int(1, 10), 4),
    "band_size": (Int(1, 10), 3),
    "stars": (_STARS, filled(_STARS)),
    "offers": (_OFFERS, filled(_OFFERS)),
    "distract_penalty": (Int(0, 20), 2),
    "switches_per_player": (Int(0, 5), 1),
    "surprise_redraws_playing_cards": (Bool(), True),
    "totems": (_TOTEMS, filled(_TOTEMS)),
    "end": (_END, filled(_END)),
})

# the symbols the table draws: a clan is never told apart by colour alone
SYMBOLS = ("fox", "claw", "raven", "talon")
# the texts a player reads (clan and card names, a card's words) may be given in other languages
_CLAN = Map({"name": (Text(max_len=40), REQUIRED), "colour": (Colour(), REQUIRED),
             "symbol": (Enum(*SYMBOLS), REQUIRED)})
_BARBARIAN = Map({"value": (Int(0, 100), REQUIRED), "bounty": (Int(0, 20), REQUIRED),
                  "clan": (Key(max_len=40), None), "clans": (Enum("all"), None),
                  "count": (Int(1, 20), 1)})
_ACTION = Map({"key": (Key(max_len=40), REQUIRED), "name": (Text(max_len=60), REQUIRED),
               "count": (Int(1, 20), REQUIRED), "effect": (selection.effect_spec, REQUIRED),
               "text": (Text(nonempty=False, max_len=400, lines=True), "")})
_CARDS = Map({"clans": (Dict(_CLAN), REQUIRED), "barbarians": (List(_BARBARIAN, min_len=1), REQUIRED),
              "actions": (List(_ACTION, min_len=1), REQUIRED)})


def check_cards(raw, abilities, doc) -> tuple:
    """`cards:` {clans, barbarians, actions} as faces: Barbarians (one per clan with `clans: all`)
    then Action cards, each with its selection primitive checked (file:line:key errors)."""
    cards = _CARDS(raw, ("cards",), doc)
    clans = cards["clans"]
    if not clans:
        raise doc.error(("cards", "clans"), tr("expected at least one clan"))
    seen = {}
    for key, clan in clans.items():
        if clan["symbol"] in seen:
            raise doc.error(("cards", "clans", key, "symbol"), tr(
                "the {clan} already have the {symbol}: each clan needs its own symbol",
                clan=seen[clan["symbol"]], symbol=clan["symbol"]))
        seen[clan["symbol"]] = clan["name"]
    learn_clans({key: clan["name"] for key, clan in clans.items()})
    out, keys = [], set()
    for i, b in enumerate(cards["barbarians"]):
        at = ("cards", "barbarians", i)
        if (b["clan"] is None) == (b["clans"] is None):
            raise doc.error(at, tr("give either clan (one of the clans) or clans: all"))
        if b["clan"] is not None and b["clan"] not in clans:
            raise doc.error(at + ("clan",), tr("expected one of the clans ({clans}); got {got}",
                                               clans=", ".join(clans), got=repr(b["clan"])))
        for clan in (clans if b["clans"] else (b["clan"],)):
            key = f"{clan}_{b['value']}"
            if key in keys:
                raise doc.error(at, tr("two Barbarians are the {clan} {value}; give a count instead",
                                       clan=clans[clan]["name"], value=b["value"]))
            keys.add(key)
            out.append(Barbarian(key=key, clan=clan, clan_name=clans[clan]["name"], value=b["value"],
                                 bounty=b["bounty"], colour=clans[clan]["colour"],
                                 symbol=clans[clan]["symbol"], count=b["count"]))
    for i, a in enumerate(cards["actions"]):
        at = ("cards", "actions", i)
        if a["key"] in keys:
            # keys are read in NFKC form (schema.Key): say so if a look-alike made the pair
            pair = [(at + ("key",), "")] + [(("cards", "actions", j, "key"), "") for j in range(i)
                                            if cards["actions"][j]["key"] == a["key"]]
            raise doc.error(at + ("key",), tr("two cards share the key '{key}'{reads_as}; give each a distinct key",
                                              key=a["key"], reads_as=reads_as(doc, pair, a["key"])))
        keys.add(a["key"])
        tag, params = a["effect"]
        if tag == "all_of_clan_or_distract" and dict(params)["clan"] not in clans:
            raise doc.error(at + ("effect", "clan"), tr("expected one of the clans ({clans}); got {got}",
                                                        clans=", ".join(clans), got=repr(dict(params)["clan"])))
        out.append(ActionCard(key=a["key"], name=a["name"], effect=Prim(tag, params), text=a["text"],
                              count=a["count"]))
    return tuple(out)


def check_abilities(abilities: dict, doc) -> None:
    if abilities:
        raise doc.error(("abilities",), tr("the clash family has no abilities: Action cards carry an effect; "
                                           "leave abilities out"))


def check_parameters(rules, cards, abilities, doc, where, layout, match_end) -> None:
    """Checks that need the cards: the game ends by `rules.end`, not by a match length."""
    if "points" in match_end["modes"]:
        raise doc.error(("match_end", "modes") if where == ("rules",) else where,
                        tr("Klobba! ends by its own rules (rules.end); give modes: [rounds]"))


def check_ruleset(cards, abilities, layout, rules, players, doc, where=("rules",)) -> None:
    """The decks can set up every player count: four Bands, the hands, a card that selects.

    `where`: ("rules",) for the file's own rules; a house rule's `set` (a variant, --set) is
    refused there instead."""
    rules = filled(RULES_SPEC, rules)
    mine = where == ("rules",)
    barbarians = sum(c.count for c in cards if c.kind == "barbarian")
    actions = [c for c in cards if c.kind == "action"]
    if players["max"] > PLACES:
        raise doc.error(("players", "max"), tr("there are {places} Band places: at most {places} players",
                                               places=PLACES))
    if barbarians <= PLACES * rules["band_size"]:
        raise doc.error(where + ("band_size",) if mine else where, tr(
            "{barbarians} Barbarians cannot fill {places} Bands of {size} and leave a deck to refill them",
            barbarians=barbarians, places=PLACES, size=rules["band_size"]))
    # the most players need the most cards: a deal that works for players.max works for fewer
    need = players["max"] * rules["hand_size"] + 1
    if sum(c.count for c in actions) < need:
        raise doc.error(where + ("hand_size",) if mine else where, tr(
            "{cards} Action cards cannot deal {hand} to {players} players and leave a Surprise (need {need})",
            cards=sum(c.count for c in actions), hand=rules["hand_size"], players=players["max"], need=need))
    if not any(c.effect.tag in selection.SELECTING for c in actions):
        raise doc.error(("cards", "actions"), tr("no Action card selects Barbarians: a Surprise could never apply"))
