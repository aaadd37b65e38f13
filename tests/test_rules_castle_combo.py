"""Castle Combo's rules: the deck against the reference data, the ruleset's checks, and the game's
flow, each test citing the rulebook (docs/rules/castle-combo.txt) or clarifications.md."""
import json
import os
from collections import Counter

import pytest

from game.engine.core import Action, IllegalAction
from game.engine.ruleset import load_ruleset
from game.engine.schema import RulesetError
from game.families.tableau.view import Placed
from game.families.tableau.words import ability_text, describe, option_labels, scoring_text
from rigging_castle_combo import (ROOT, YAML, accounted, card, castle_combo, cell, new_game,
                                  on_display, rig, tableau)

# the reference data, kept in the repository so the comparison runs on every clone
REFERENCE = os.path.join(ROOT, "docs", "reference", "castle-combo-cards.json")


# ---- the deck against the reference -----------------------------------------------------------

SHIELD = {"Nobility": "nobility", "Faith": "faith", "Scholarship": "scholarship",
          "Military": "military", "Craftsmanship": "craftsmanship", "Peasantry": "peasantry"}
GRIDS = {"left_column": [[1, 0, 0]] * 3, "middle_column": [[0, 1, 0]] * 3,
         "right_column": [[0, 0, 1]] * 3, "top_row": [[1, 1, 1], [0, 0, 0], [0, 0, 0]],
         "middle_row": [[0, 0, 0], [1, 1, 1], [0, 0, 0]], "bottom_row": [[0, 0, 0], [0, 0, 0], [1, 1, 1]],
         "corner": [[1, 0, 1], [0, 0, 0], [1, 0, 1]], "edge_middle": [[0, 1, 0], [1, 0, 1], [0, 1, 0]]}


def _count(c):
    """The reference's condition as our count primitive (tag, parameters)."""
    t = c["type"]
    where = "row_and_column" if c.get("line") and c.get("column") else "row" if c.get("line") \
        else "column" if c.get("column") else "tableau"
    simple = {"PerMissingShieldType": "missing_shield_types", "PerEmptyPosition": "empty_slots",
              "PerFullPosition": "occupied_slots", "PerCardWithDiscount": "discount_cards",
              "PerCardWithPurse": "purse_cards", "PerKey": "keys", "PerGoldInAllPurses": "gold_on_purses"}
    if t in simple:
        return (simple[t], {})
    return {
        "PerShield": lambda: ("shield", {"shield": SHIELD[c["shield"]], "in": where}),
        "PerBanner": lambda: ("banner", {"banner": c["banner"].lower()}),
        "PerCardWithShieldCount": lambda: ("cards_with_shields", {"shields": c["count"]}),
        "PerDifferentShieldType": lambda: ("shield_types", {"in": where}),
        "PerCardWithCost": lambda: ("cards_costing", {"cost": c["cost"], "or_more": c.get("orGreater", False)}),
        "PerGoldInPurse": lambda: ("gold_on_this_purse", {"cap": c["limit"]}),
        "PerShieldsSet": lambda: ("shield_sets", {"shields": tuple(SHIELD[s] for s in c["shields"])}),
        "PerBannersSet": lambda: ("banner_sets", {"banners": tuple(b.lower() for b in c["banners"])}),
        "PerIdenticalShieldsSet": lambda: ("identical_shield_sets", {"size": c["count"]}),
        "BestNeighbor": lambda: ("best_neighbour", {"of": _count(c["condition"])}),
    }[t]()


def _effects(e):
    """The reference's effect as our effects [(tag, parameters)]."""
    t = e["type"]
    if t in ("GainGold", "GainKeys"):
        res = "gold" if t == "GainGold" else "keys"
        out = []
        if e["gain"]:
            params = {"gain": res, "amount": e["gain"]}
            if "condition" in e:
                params["per"] = _count(e["condition"])
            out.append(("gain", params))
        if e.get("opponentsGain"):
            out.append(("opponents_gain", {"opponents_gain": res, "amount": e["opponentsGain"]}))
        return out
    if t == "Discount":
        where = "all" if e.get("castle") and e.get("village") else "castle" if e.get("castle") else "village"
        return [("discount", {"discount": where, "amount": e.get("castle") or e.get("village")})]
    if t == "PutGoldOnCard":
        return [("fill_purses", {"fill_purses": e["cardsLimit"]})] if "cardsLimit" in e \
            else [("gold_on_each_purse", {"gold_on_each_purse": e["gold"]})]
    if t == "DiscardFromRiver":
        return [("discard_display", {"discard_display": e["river"].lower(),
                                     "gain_cost_in": "gold" if e["token"] == "GoldCoin" else "keys"})]
    if t == "ChooseBetween":
        return [("choose", {"choose": (_effects(e["effect1"])[0], _effects(e["effect2"])[0])})]
    raise KeyError(t)


def _scroll(s):
    c = s["condition"]
    if c["type"] == "IfPosition":
        grid = [[int(x) for x in row] for row in c["position"]]
        return ("points", {"points": s["score"], "if": ("position", {"position": next(
            name for name, g in GRIDS.items() if g == grid)})})
    if c["type"] == "IfShieldMissing":
        return ("points", {"points": s["score"], "if": ("shield_absent", {"shield_absent": SHIELD[c["shield"]]})})
    if c["type"] == "IfCardFlippedDown":
        return ("points", {"points": s["score"], "if": ("any_face_down", {"any_face_down": True})})
    return ("points", {"points": s["score"], "per": _count(c)})


def _plain(prim):
    """A Prim tree as (tag, {parameter: value}) with the defaults the loader fills left in."""
    def value(v):
        if hasattr(v, "tag"):
            return _plain(v)
        if isinstance(v, tuple):
            return tuple(value(x) for x in v)
        return v
    return (prim.tag, {k: value(v) for k, v in prim.params})


def _with_defaults(tree):
    """The reference's tree with our loader's defaults (`in: tableau`, `or_more: false`) filled."""
    tag, params = tree
    out = {}
    for k, v in params.items():
        if isinstance(v, tuple) and len(v) == 2 and isinstance(v[1], dict):
            v = _with_defaults(v)
        elif isinstance(v, tuple) and v and isinstance(v[0], tuple):
            v = tuple(_with_defaults(x) for x in v)
        out[k] = v
    if tag == "shield_types" or tag == "shield":
        out.setdefault("in", "tableau")
    return (tag, out)


def reference():
    with open(REFERENCE, encoding="utf-8") as fh:
        return json.load(fh)


def test_the_deck_is_the_reference_card_by_card():
    """Issue 10 item 2: cost, shields, location, messenger, ability and scoring of all 78 cards."""
    cards = {c.number: c for c in castle_combo().cards}
    ref = reference()
    assert len(ref) == 78 and len(cards) == 78 and castle_combo().deck_size() == 78
    for r in ref:
        c = cards[r["id"]]
        assert c.name == r["display_name"]
        assert (c.location, c.cost, c.shields, c.messenger) == (
            r["place"].lower(), r["cost"], tuple(SHIELD[s] for s in r["shields"]), r.get("moveMessenger", False)), c.name
        ours = [_plain(e) for e in c.ability]
        theirs = [_with_defaults(x) for e in r["effects"] for x in _effects(e)]
        assert ours == theirs, c.name
        assert _plain(c.scoring) == _with_defaults(_scroll(r["scoring"])), c.name


def test_the_shield_distribution_table_matches_the_cards():
    """The rulebook's SHIELD DISTRIBUTION: Castle 14 12 11 8 7 0, Village 1 5 6 10 11 20, totals
    15 17 17 18 18 20 (its columns are icons: Nobility, Faith, Scholarship, Military,
    Craftsmanship, Peasantry, as the counts show)."""
    order = ("nobility", "faith", "scholarship", "military", "craftsmanship", "peasantry")
    counts = {loc: Counter(s for c in castle_combo().cards if c.location == loc for s in c.shields)
              for loc in ("castle", "village")}
    assert [counts["castle"][s] for s in order] == [14, 12, 11, 8, 7, 0]
    assert [counts["village"][s] for s in order] == [1, 5, 6, 10, 11, 20]
    assert [counts["castle"][s] + counts["village"][s] for s in order] == [15, 17, 17, 18, 18, 20]
    # "39 Castle cards with a gray back; 39 Village cards with a brown back"
    assert Counter(c.location for c in castle_combo().cards) == {"castle": 39, "village": 39}


def test_every_card_has_words_for_its_ability_and_scroll():
    """The zoom panel reads every card in words (issue 10 item 4)."""
    for c in castle_combo().cards:
        assert ability_text(c) and scoring_text(c), c.name
        assert "_" not in ability_text(c) + scoring_text(c), c.name
    assert option_labels(castle_combo().card("banker")) == (
        "Put 2 gold on each of your purse cards", "Gain 3 keys")


# ---- hostile YAML: file:line:key ---------------------------------------------------------------

def _broken(tmp_path, old, new):
    with open(YAML, encoding="utf-8") as fh:
        text = fh.read()
    assert old in text, old
    path = tmp_path / "castle-combo.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    line = next(i for i, t in enumerate(text.replace(old, new, 1).splitlines(), 1) if new.split("\n")[0] in t)
    return str(err.value), line


@pytest.mark.parametrize("old,new,key,words", [
    ("{gain: keys, amount: 3}", "{gain: keys, amount: 3, per: {count: hats}}",
     "cards[1].ability[0].per.count", "unknown count"),
    ("{gain: keys, amount: 3}", "{gain: keys, amount: 3, per: {count: [1, 2]}}",
     "cards[1].ability[0].per.count", "unknown count"),        # the fuzzer's: a list where a name goes
    ("{gain: keys, amount: 3}", "{grab: keys, amount: 3}", "cards[1].ability[0].grab", "expected one effect"),
    ("{gain: keys, amount: 3}", "{gain: keys}", "cards[1].ability[0]", "missing parameter 'amount'"),
    ("{gain: keys, amount: 3}", "{gain: keys, amount: three}", "cards[1].ability[0].amount", "whole number"),
    ("{gain: keys, amount: 3}", "{gain: jewels, amount: 3}", "cards[1].ability[0].gain", "gold, keys"),
    ("{gain: keys, amount: 3}", "{gain: keys, amount: 3, twice: true}", "cards[1].ability[0].twice",
     "unknown parameter"),
    ("{points: 6, per: {count: missing_shield_types}}", "{points: 6, per: {count: shield}}",
     "cards[1].scoring.per", "missing parameter 'shield'"),
    ("{points: 6, per: {count: missing_shield_types}}",
     "{points: 6, per: {count: best_neighbour, of: {count: keys}}}", "cards[1].scoring.per.count",
     "belongs to an ability"),
    ("{gain: keys, amount: 3}", "{gain: keys, amount: 3, per: {count: keys}}",
     "cards[1].ability[0].per.count", "belongs to a scoring scroll"),
    ("{gain: keys, amount: 3}", "{gain: keys, amount: 3, per: {count: best_neighbour, of: {count: keys}}}",
     "cards[1].ability[0].per.of.count", "belongs to a scoring scroll"),
    ("{points: 6, per: {count: missing_shield_types}}", "{points: 6, if: {position: centre}}",
     "cards[1].scoring.if.position", "left_column"),
    ("shields: [faith],\n     ability: [{gain: keys, amount: 3}", "shields: [faith, gold],\n     ability: [{gain: keys, amount: 3}",
     "cards[1].shields[1]", "nobility"),
])
def test_a_broken_card_names_file_line_and_key(tmp_path, old, new, key, words):
    """DESIGN.md: "Every error names the file, the line and the key"; an unknown primitive or a
    missing parameter is an error (issue 10 item 1)."""
    message, line = _broken(tmp_path, old, new)
    assert f"castle-combo.yaml:{line}: {key}:" in message, message
    assert words in message, message


def test_two_cards_with_one_key_are_refused(tmp_path):
    message, _ = _broken(tmp_path, "key: chaplain,", "key: steward,")
    assert "cards[2].key" in message and "steward" in message


# ---- set-up ----------------------------------------------------------------------------------

def test_setup_gold_keys_displays_and_messenger():
    """Setup: "Reveal the top 3 cards" of each deck; "Place the Messenger pawn besides the revealed
    Village cards"; "Each player takes 2 Keys and 15 Gold"."""
    for n in (2, 5):
        g = new_game(n, seed=3)
        v = g.view(None)
        assert v.messenger == "village" and v.phase == "turn"
        assert all(len(d) == 3 for d in v.displays) and v.deck_counts == (36, 36)
        assert all((s.gold, s.keys, s.tableau) == (15, 2, ()) for s in v.seats)
        assert accounted(g) == list(range(78))
        assert all(g.faces[c].location == loc for loc, d in zip(v.locations, v.displays) for c in d)


def test_the_first_player_is_random():
    """"Randomly select a first player.\""""
    assert len({new_game(4, seed=s).first for s in range(30)}) == 4


# ---- a turn -------------------------------------------------------------------------------------

def buy(g, key, where=(0, 0), kind="buy", seat=None):
    seat = g.current if seat is None else seat
    return g.apply(seat, Action(kind, places=(on_display(g, key), cell(seat, *where))))


def test_buy_pays_the_price_and_applies_the_ability_counting_the_new_card():
    """"Pay the cost of the card in Gold"; the ability "is applied just after the card has been placed
    ... The card takes itself into account". Prince: +1 gold per Nobility shield."""
    g = rig(new_game(2), displays={"castle": ["prince", "nun", "cardinal"]},
            tableaux={0: tableau(["duchess"])}, messenger="castle", current=0)
    events = buy(g, "prince", (0, 1))
    assert g.gold[0] == 15 - 6 + 3
    assert [e.kind for e in events][:2] == ["buy", "gain"]
    assert Placed(card("prince"), 0, 1, True) in g.tableaux[0]
    assert all(describe(e, ["Ana", "Bo"]) for e in events if e.kind in ("buy", "gain"))


def test_only_the_messengers_display_can_be_bought():
    """"You must take one of the 3 face-up cards in the location the Messenger occupies"."""
    g = rig(new_game(2), displays={"castle": ["prince", "nun", "cardinal"], "village": ["farmer", "baker", "vicar"]},
            messenger="village", current=0)
    with pytest.raises(IllegalAction, match="Messenger"):
        buy(g, "prince")
    assert {a.places[0][1] for a in g.legal_actions(0) if a.kind in ("buy", "face_down")} == {"village"}


def test_discounts_lower_the_price_never_below_zero_and_not_for_the_card_itself():
    """"Make sure to add up all of the applicable discounts"; "A card cannot cost less than 0";
    "its own discount ability only applies for your next purchases"."""
    g = rig(new_game(2), displays={"castle": ["alchemist", "princess", "patron"]},
            tableaux={0: tableau(["baron"])}, messenger="castle", current=0, gold={0: 20})
    assert dict(g.view(0).prices)[card("princess")] == 2 and dict(g.view(0).prices)[card("patron")] == 6
    buy(g, "alchemist", (0, 1))
    assert g.gold[0] == 20 - 5                 # 6 - Baron's 1; not its own
    g2 = rig(new_game(2), displays={"village": ["squire", "farmer", "baker"]},
             tableaux={0: tableau(["baron"])}, current=0)
    buy(g2, "squire", (0, 1))
    assert g2.gold[0] == 15                    # 0 - 1 is 0, "you do not gain gold"


def test_a_card_you_cannot_pay_can_only_be_taken_face_down():
    """Buying needs the gold; "You may always take a card without paying its cost"."""
    g = rig(new_game(2), displays={"castle": ["patron", "nun", "cardinal"]}, messenger="castle",
            current=0, gold={0: 3})
    kinds = {(a.kind, a.places[0][2]) for a in g.legal_actions(0) if a.places}
    assert ("buy", card("patron")) not in kinds and ("face_down", card("patron")) in kinds
    with pytest.raises(IllegalAction, match="costs you 7"):
        buy(g, "patron")
    assert g.gold[0] == 3 and g.displays["castle"] == [card("patron"), card("nun"), card("cardinal")]


@pytest.mark.parametrize("action", [
    Action("buy", places=(("display", "village", 0), ("cell", 0, 0, 0))),
    Action("buy", places=(("display", "castle", 99), ("cell", 0, 0, 0))),
    Action("face_down", places=(("display", "castle", 0), ("cell", 1, 0, 0))),
    Action("face_down", places=(("display", "castle", 0),)),
    Action("choose", choice="1"), Action("purses_done"), Action("neighbour", places=(("seat", 1),)),
    "not an action"])
def test_an_illegal_action_says_why_and_changes_nothing(action):
    """DESIGN.md: apply "validates (raises IllegalAction with a sentence a player understands)"."""
    g = rig(new_game(2), displays={"castle": ["steward", "nun", "cardinal"]}, messenger="castle", current=0)
    before = repr(vars(g))
    with pytest.raises(IllegalAction) as err:
        g.apply(0, action)
    assert str(err.value).endswith(".") and repr(vars(g)) == before
    with pytest.raises(IllegalAction, match="not your turn"):
        g.apply(1, Action("key_move"))


def test_face_down_gives_6_gold_2_keys_no_ability_and_does_not_move_the_messenger():
    """"you ignore its ability, its end game points ... but you immediately gain 6 Gold and 2 Keys";
    "if the card has been taken to be placed face down, the Messenger does not move"."""
    g = rig(new_game(2), displays={"castle": ["chaplain", "nun", "cardinal"]}, messenger="castle", current=0)
    buy(g, "chaplain", kind="face_down")
    assert (g.gold[0], g.keys[0]) == (21, 4)
    assert g.tableaux[0] == [Placed(card("chaplain"), 0, 0, False)]
    assert g.messenger == "castle" and g.current == 1


def test_the_messenger_icon_moves_the_messenger_to_the_other_location():
    """"If a Messenger icon is printed in the banner of the character that has been bought, move the
    Messenger pawn"; clarifications: always to the other location."""
    g = rig(new_game(2), displays={"castle": ["chaplain", "cardinal", "nun"]}, messenger="castle", current=0)
    events = buy(g, "chaplain")
    assert g.messenger == "village" and any(e.kind == "messenger" for e in events)
    buy(g, g.faces[g.displays["village"][0]].key)
    assert g.messenger in ("village", "castle")
    g = rig(new_game(2), displays={"castle": ["cardinal", "chaplain", "nun"]}, messenger="castle", current=0)
    buy(g, "cardinal")                                   # no icon
    assert g.messenger == "castle"


def test_the_displays_refill_after_the_turn():
    """"Then reveal cards to complete each display with less than 3 visible cards"."""
    g = rig(new_game(2), displays={"village": ["farmer", "baker", "vicar"]},
            decks={"village": ["beggar"]}, current=0)
    events = buy(g, "farmer")
    assert sorted(g.displays["village"]) == sorted([card("baker"), card("vicar"), card("beggar")])
    assert [e.get("card") for e in events if e.kind == "reveal"] == [card("beggar")]


def test_placement_must_touch_a_card_and_stay_within_three_by_three():
    """"Each card after the first must be placed adjacent (orthogonally)"; "You may never add a fourth
    card to a column or a row"."""
    g = rig(new_game(2), displays={"village": ["farmer", "baker", "vicar"]},
            tableaux={0: tableau(["nun", "prince", "duchess"])}, current=0)
    for where in ((1, 1 + 2), (0, 3), (2, 0), (0, -1)):
        with pytest.raises(IllegalAction, match="next to a card"):
            buy(g, "farmer", where)
    buy(g, "farmer", (1, 2))


# ---- 1 spend a key --------------------------------------------------------------------------------

def test_a_key_moves_the_messenger_and_only_one_key_per_turn():
    """"You may spend 1 (and only one) of your Keys ... Move the Messenger pawn to the other location"."""
    g = rig(new_game(2), current=0)
    g.apply(0, Action("key_move"))
    assert g.messenger == "castle" and g.keys[0] == 1 and g.phase == "buy"
    assert {a.kind for a in g.legal_actions(0)} == {"buy", "face_down"}
    with pytest.raises(IllegalAction):
        g.apply(0, Action("key_refresh"))


def test_a_key_refreshes_the_messengers_display():
    """"Discard all 3 cards in the location where the Messenger is and reveal 3 new cards"."""
    g = rig(new_game(2), displays={"village": ["farmer", "baker", "vicar"]},
            decks={"village": ["beggar", "monk", "witch"]}, current=0)
    g.apply(0, Action("key_refresh"))
    assert g.discards["village"] == [card("farmer"), card("baker"), card("vicar")]
    assert g.displays["village"] == [card("beggar"), card("monk"), card("witch")]


def test_no_key_no_key_actions():
    g = rig(new_game(2), keys={0: 0}, current=0)
    assert not {a.kind for a in g.legal_actions(0)} & {"key_move", "key_refresh"}


def test_an_empty_deck_reshuffles_its_discard_pile():
    """"If a deck is empty when cards should be revealed from it, shuffle the corresponding discard
    pile into a new deck"."""
    g = rig(new_game(2), displays={"village": ["farmer", "baker", "vicar"]},
            discards={"village": ["monk", "witch", "beggar"]}, decks={"village": ["...nothing"]}, current=0)
    events = g.apply(0, Action("key_refresh"))
    assert [e.kind for e in events].count("reshuffle") == 1
    assert len(g.displays["village"]) == 3 and len(g.decks["village"]) == 3 and not g.discards["village"]
    assert accounted(g) == list(range(78))


def test_a_location_that_cannot_be_refilled_leaves_the_game():
    """Empty location: "remove from the game all cards from that location and place the Messenger pawn
    near the remaining display. Messenger icons ... or spending a Key do not move the Messenger
    anymore. Spending a Key still allows you to refresh all 3 cards of this remaining location"."""
    g = rig(new_game(2), displays={"village": ["farmer", "baker", "vicar"],
                                   "castle": ["chaplain", "nun", "cardinal"]},
            decks={"village": ["...nothing"]}, current=0)
    events = buy(g, "farmer")
    assert g.empty == ["village"] and g.messenger == "castle"
    assert any(e.kind == "location_empty" for e in events)
    assert accounted(g) == list(range(78))
    assert "key_move" not in {a.kind for a in g.legal_actions(1)}
    assert "key_refresh" in {a.kind for a in g.legal_actions(1)}
    buy(g, "chaplain")                                   # its Messenger icon does nothing now
    assert g.messenger == "castle"


# ---- 3 abilities that ask ----------------------------------------------------------------------------

def test_a_neighbour_ability_lets_the_buyer_pick_left_or_right():
    """"Whenever an ability mentions a neighbor, you choose either the player directly to your left's
    tableau, or the player to your right's." Templar: +1 gold per Faith shield of a neighbour."""
    g = rig(new_game(3), displays={"castle": ["templar", "prince", "cardinal"]}, messenger="castle", current=0,
            tableaux={1: tableau(["mother_superior"]), 2: tableau(["nun"])})
    buy(g, "templar")
    v = g.view(0)
    assert v.phase == "neighbour" and dict(v.pending)["gains"] == (2, 1)
    assert {a.places[0][1] for a in g.legal_actions(0)} == {1, 2}
    g.apply(0, Action("neighbour", places=(("seat", 2),)))
    assert g.gold[0] == 15 - 5 + 1 and g.keys[0] == 2 + 1 and g.current == 1


def test_in_two_players_both_neighbours_are_one_player_and_nothing_is_asked():
    """clarifications.md: "in a 2-player game both neighbours are the same player"."""
    g = rig(new_game(2), displays={"castle": ["templar", "nun", "cardinal"]}, messenger="castle", current=0,
            tableaux={1: tableau(["mother_superior"])})
    buy(g, "templar")
    assert g.gold[0] == 15 - 5 + 2 and g.current == 1


def test_choose_one_of_two_banker():
    """Banker: "choose: +2 gold onto each purse card OR +3 keys"."""
    g = rig(new_game(2), displays={"castle": ["banker", "nun", "cardinal"]}, messenger="castle", current=0,
            tableaux={0: tableau(["steward:1"])})
    buy(g, "banker", (0, 1))
    assert g.phase == "choose" and dict(g.view(0).pending)["options"][1] == "Gain 3 keys"
    g.apply(0, Action("choose", choice="0"))
    assert g.tableaux[0][0].gold == 3 and g.keys[0] == 2          # the Steward holds 3
    g = rig(new_game(2), displays={"castle": ["banker", "nun", "cardinal"]}, messenger="castle", current=0)
    buy(g, "banker")
    g.apply(0, Action("choose", choice="1"))
    assert g.keys[0] == 5


def test_a_display_card_is_discarded_for_its_cost_gravedigger():
    """Gravedigger: discard 1 Village display card, gain its cost in gold; clarifications: "the
    discarded card goes to that location's discard pile, and the display is refilled in step 4"."""
    g = rig(new_game(2), displays={"castle": ["gravedigger", "nun", "cardinal"],
                                   "village": ["farmer", "baker", "vicar"]}, messenger="castle", current=0)
    buy(g, "gravedigger")
    assert g.phase == "discard_display" and len(g.legal_actions(0)) == 3
    g.apply(0, Action("discard_display", places=(on_display(g, "farmer"),)))
    assert g.gold[0] == 15 - 4 + 5 and g.discards["village"] == [card("farmer")]
    assert len(g.displays["village"]) == 3 and g.current == 1


def test_guildmaster_gains_keys():
    """Guildmaster: discard 1 Village display card, gain its cost in keys."""
    g = rig(new_game(2), displays={"castle": ["guildmaster", "nun", "cardinal"],
                                   "village": ["farmer", "baker", "vicar"]}, messenger="castle", current=0)
    buy(g, "guildmaster")
    g.apply(0, Action("discard_display", places=(on_display(g, "farmer"),)))
    assert g.keys[0] == 2 + 5


def test_fill_up_to_two_purses_steward():
    """Steward: "fill up to 2 purse cards from supply" (clarifications: until they are full); with
    3 purse cards not full the buyer picks 2, with fewer they are filled at once."""
    purses = tableau(["potter", "beekeeper:8", "vicar:1"])
    g = rig(new_game(2), displays={"castle": ["steward", "nun", "cardinal"]}, messenger="castle", current=0,
            tableaux={0: purses})
    buy(g, "steward", (1, 0))
    assert g.phase == "fill" and len(g.legal_actions(0)) == 6     # 4 purses, choose 2
    g.apply(0, Action("fill", places=(cell(0, 0, 1), cell(0, 1, 0))))
    assert {(p.row, p.col): p.gold for p in g.tableaux[0]} == {(0, 0): 0, (0, 1): 9, (0, 2): 1, (1, 0): 3}
    g = rig(new_game(2), displays={"castle": ["steward", "nun", "cardinal"]}, messenger="castle", current=0)
    buy(g, "steward")
    assert g.tableaux[0][0].gold == 3 and g.current == 1


def test_opponents_gain_his_holiness():
    """His Holiness: +3 keys, "opponents +1 key": "it concerns all other players"."""
    g = rig(new_game(4), displays={"castle": ["his_holiness", "nun", "cardinal"]}, messenger="castle", current=0)
    buy(g, "his_holiness")
    assert g.keys == [5, 3, 3, 3]


# ---- the end ------------------------------------------------------------------------------------------

def play_to_the_end(g, rng_seed=0):
    import random
    rng = random.Random(rng_seed)
    while g.phase not in ("purses", "over"):
        s = g.to_act()[0]
        legal = [a for a in g.legal_actions(s) if a.kind not in ("key_move", "key_refresh")]
        g.apply(s, rng.choice(legal))
    return g


def test_the_game_ends_after_nine_cards_each():
    """"The game ends once all players have built their 9-cards tableaux"."""
    g = play_to_the_end(new_game(3, seed=5))
    assert all(len(t) == 9 for t in g.tableaux) and g.turn_no == 27
    assert all(sorted((p.row - min(q.row for q in t), p.col - min(q.col for q in t)) for p in t)
               == [(r, c) for r in range(3) for c in range(3)] for t in g.tableaux)


def test_leftover_gold_goes_onto_purses_with_the_best_distribution_proposed():
    """"players place their leftover gold on cards with Purse scoring"; clarifications: "the program
    proposes the best distribution and lets the player change it"."""
    g = new_game(2, seed=1)
    g.tableaux[0] = list(tableau(["potter", "farmer", "baker"], ["vicar", "beggar", "monk"],
                                 ["witch", "squire", "down:inventor"]))
    g.tableaux[1] = list(tableau(["nun", "farmer"]))
    g.gold = [7, 9]
    g.turn_no = 17
    g.current = 1
    g.tableaux[1] = list(tableau(["down:prince", "down:duchess", "down:judge"],
                                 ["down:nun", "down:cardinal", "down:chaplain"], ["down:templar", "down:jester", None]))
    g.displays["castle"] = [card("patron"), card("alchemist"), card("astronomer")]
    g.messenger = "castle"
    g.apply(1, Action("face_down", places=(on_display(g, "patron"), cell(1, 2, 2))))
    assert g.phase == "purses" and g.current == 0            # seat 1 has no purse: not asked
    on = {(p.row, p.col): p.gold for p in g.tableaux[0]}
    assert on[(0, 0)] == 4 and on[(1, 0)] == 3 and g.gold[0] == 0
    g.apply(0, Action("purse_take", places=(cell(0, 1, 0),)))
    assert g.gold[0] == 1
    g.apply(0, Action("purses_done"))
    assert g.is_over() and g.results[0].leftover_gold == 1
    assert g.results[0].total == 2 * 4 + 2 * 2 + g.keys[0] + sum(
        s.points for s in g.results[0].cards if g.faces[s.card].key not in ("potter", "vicar"))


def test_ties_go_to_the_most_leftover_gold_then_are_shared():
    """"In case of a tie, the tied player with the most leftover Gold wins. If the tie persists, the
    tied players win together.\""""
    g = new_game(3, seed=2)
    for s in range(3):
        g.tableaux[s] = list(tableau(*[["down:" + k for k in row] for row in (
            [["prince", "duchess", "judge"], ["nun", "cardinal", "chaplain"], ["templar", "jester", "baron"]],
            [["farmer", "baker", "vicar"], ["beggar", "monk", "witch"], ["squire", "inventor", "spy"]],
            [["potter", "sculptor", "stonemason"], ["fisherman", "traveler", "carpenter"],
             ["woodcutter", "shepherd", "usurper"]])[s]]))
    g.keys, g.gold = [3, 3, 2], [5, 5, 9]
    g._final_scoring()
    assert [r.total for r in g.results] == [3, 3, 2] and g.winners() == [0, 1]
    assert g.view(None).winners == (0, 1)


def test_views_differ_only_in_viewer_and_prices():
    """Castle Combo is open information (issue 10 item 4: no pass screen)."""
    g = rig(new_game(3), displays={"castle": ["patron", "nun", "cardinal"]},
            tableaux={1: tableau(["baron"])}, messenger="castle", current=0)
    public, mine, theirs = g.view(None), g.view(0), g.view(1)
    assert public.prices == mine.prices and dict(theirs.prices)[card("patron")] == 6
    strip = lambda v: {k: x for k, x in v.__dict__.items() if k not in ("viewer", "prices")}  # noqa: E731
    assert strip(public) == strip(mine) == strip(theirs)


def test_the_game_is_one_round_and_highest_wins():
    from game.engine.registry import family
    assert family("tableau").lower_is_better is False and new_game(2).round_no == 1


def test_row_and_column_is_a_rules_parameter(tmp_path):
    """The rulebook's "row and column" scrolls (Jester: 2 per Nobility shield in its row and column)
    count the card itself once (`row_and_column: union`, the natural reading); `sum` counts it twice."""
    with open(YAML, encoding="utf-8") as fh:
        text = fh.read()
    path = tmp_path / "castle-combo.yaml"
    path.write_text(text.replace("row_and_column: union", "row_and_column: sum"), encoding="utf-8")
    from game.families.tableau.rules import TableauGame
    for ruleset, points in ((castle_combo(), 2), (load_ruleset(str(path)), 4)):
        g = TableauGame(ruleset, 2, None, 0)
        g.tableaux[0] = list(tableau(["jester"]))
        g.keys = [0, 0]
        assert g.scores()[0] == points


def test_a_discard_from_an_empty_location_does_nothing():
    """Gravedigger after the Village has left the game ("remove from the game all cards from that
    location"): there is no display card to discard, so the ability gives nothing and the turn ends."""
    g = rig(new_game(2), displays={"castle": ["gravedigger", "nun", "cardinal"]}, messenger="castle", current=0)
    g.removed.extend(g.displays["village"] + g.decks["village"])
    g.displays["village"], g.decks["village"] = [], []
    g.empty.append("village")
    buy(g, "gravedigger")
    assert g.phase == "turn" and g.current == 1 and g.gold[0] == 15 - 4
    assert accounted(g) == list(range(78))


def test_the_view_holds_the_projection_and_at_the_end_the_score_pad():
    """Issue 10 item 4: "a live projected score per card of your grid"; "the end screen with the
    per-card scoring table"."""
    g = rig(new_game(2), tableaux={0: tableau(["duchess", "farmer"])}, current=0)
    v = g.view(0)
    assert [s.points for s in v.projected[0]] == [8, 7] and v.projected[1] == ()
    assert v.legal_cells == ((-1, 0), (-1, 1), (0, -1), (0, 2), (1, 0), (1, 1)) and not v.results
    g = play_to_the_end(new_game(2, seed=4))
    while not g.is_over():
        g.apply(g.current, Action("purses_done"))
    v = g.view(None)
    assert v.phase == "over" and v.results == g.results and len(v.results[0].cards) == 9
    assert v.winners == tuple(g.winners()) and g.legal_actions(0) == [] and g.to_act() == []


def test_a_copy_plays_on_without_touching_the_original():
    """Game.copy: "An independent state to play on (bots search on copies)"."""
    g = rig(new_game(3), displays={"castle": ["steward", "nun", "cardinal"]}, messenger="castle", current=0,
            tableaux={0: tableau(["potter", "beekeeper", "vicar"])})
    before = repr(vars(g))
    c = g.copy()
    buy(c, "steward", (1, 0))
    c.apply(0, c.legal_actions(0)[0])
    c.apply(1, Action("key_refresh"))
    assert repr(vars(g)) == before and c.view(None) != g.view(None)
    assert [a.to_json() for a in g.copy(share_caches=False).legal_actions(0)] == [a.to_json() for a in g.legal_actions(0)]
