"""What a Castle Combo ruleset may say (its `rules:` section; no layout, no abilities section) and
the checks the ruleset loader runs: one round, and decks that last to the end at every player count."""
from __future__ import annotations

from game.engine.schema import Enum, Int, Map, filled
from game.families.tableau.scoring import LOCATIONS
from game.i18n import N_, tr

_FACE_DOWN = Map({"gold": (Int(0, 50), 6), "keys": (Int(0, 50), 2)})

RULES_SPEC = Map({
    "start_gold": (Int(0, 200), 15),
    "start_keys": (Int(0, 50), 2),
    "display_size": (Int(1, 6), 3),
    "messenger_starts": (Enum(*LOCATIONS), "village"),
    "face_down": (_FACE_DOWN, filled(_FACE_DOWN)),
    "cards_each": (Int(1, 9), 9),
    "key_points": (Int(0, 10), 1),
    "row_and_column": (Enum("union", "sum"), "union"),
})


def STEP_SPEC(value, path, doc):
    """The tableau family has no abilities section: each card's ability is on the card."""
    raise doc.error(path, tr("the tableau family writes each card's ability on the card; leave abilities out"))


def LAYOUT_SPEC(value, path, doc):
    """The tableau family has no layout: the 3x3 grid is the game's."""
    if value not in ({}, None):
        raise doc.error(path, tr("the tableau family has no layout (the tableau is 3 x 3); leave layout out"))
    return {}


def check_abilities(abilities: dict, doc) -> None:
    if abilities:
        raise doc.error(("abilities",), tr("the tableau family writes each card's ability on the card; "
                                           "leave abilities out"))


def check_parameters(rules, cards, abilities, doc, where, layout, match_end) -> None:
    if match_end["modes"] != ("rounds",) or match_end["rounds"] != 1:
        raise doc.error(("match_end",), tr("a Castle Combo game is one round: write {example}",
                                           example="match_end: {modes: [rounds], default: rounds, rounds: 1}"))


_TOO_FEW = {"castle": N_("the castle has {n} cards; its display needs {shown}"),
            "village": N_("the village has {n} cards; its display needs {shown}")}
_SELLS = {"castle": N_("the castle {n} of its {of} cards"), "village": N_("the village {n} of its {of} cards")}


def check_ruleset(cards, abilities, layout, rules, players, doc, where=("rules",)) -> None:
    """Each location must fill its display at the start, and the decks must last until every
    player has bought `cards_each` cards, at every player count the ruleset allows.

    What a game needs: one card bought a turn, `cards_each` turns a player. What the decks supply:
    a location refills its display from its deck, then from its reshuffled discard pile (a key's
    refresh and a discarding ability only move cards there); it leaves the game, with the cards it
    still holds, at the first refill that cannot complete its display, that is once fewer than
    `display_size` of its cards are left unbought. So a location of c cards sells c - display_size
    + 1 cards, whatever the players do, and then only the other one sells; once both have left no
    seat can buy (TableauGame._refill). `where`: ("rules",) for the file's own rules, or a house rule's
    `set` (a variant or --set), where its problem is shown."""
    rules = filled(RULES_SPEC, rules)
    mine = where == ("rules",)
    shown = rules["display_size"]
    sizes = {loc: sum(c.count for c in cards if c.location == loc) for loc in LOCATIONS}
    for loc in LOCATIONS:
        if sizes[loc] < shown:
            raise doc.error(("cards",) if mine else where, tr(_TOO_FEW[loc], n=sizes[loc], shown=shown))
    sells = {loc: sizes[loc] - shown + 1 for loc in LOCATIONS}
    supply = sum(sells.values())
    each = rules["cards_each"]
    # the most players buy the most cards: the decks that last for players.max last for fewer
    if players["max"] * each > supply:
        most = supply // each
        first = LOCATIONS[0]
        sold = tr(_SELLS[first], n=sells[first], of=sizes[first])
        for loc in LOCATIONS[1:]:
            sold = tr("{a} and {b}", a=sold, b=tr(_SELLS[loc], n=sells[loc], of=sizes[loc]))
        end = (tr("at most {n} players can play to the end", n=most) if most >= players["min"] else
               tr("not even {n} players can play to the end", n=players["min"]))
        why = tr("a game of {players} players buys {cards} cards ({each} each), but these decks sell at most "
                 "{supply}: {sold} (a location leaves the game once fewer than {shown} of its cards are left "
                 "to fill its display); {end}", players=players["max"], cards=players["max"] * each, each=each,
                 supply=supply, sold=sold, shown=shown, end=end)
        at = (("players", "max") if most >= players["min"] else ("cards",)) if mine else where
        raise doc.error(at, why)
