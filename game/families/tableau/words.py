"""The tableau family's words: a card's ability and scoring in plain words (the zoom panel, the
choose buttons), the why of a card's points (the score pad), one log sentence per event, and a move
in a few words (the hint, the review).

Every text goes through game.i18n (`tr`, `trn`, `trc` below): whole messages with named fields, so
German can put the words in its own order. A card's name is a field: the ruleset's text (`Text`),
shown in the player's language. A few English sentences count without a plural ("3 new Castle
cards", "1 points"): they are `trn` messages whose two English forms are the same, so the English
stays as it always was and German counts right.

Words the rules keep (a choice's option in its event and in the view, a card's why in a score) are
`Said`: the English text as a str (compared, saved, recorded, fingerprinted as it always was), said
again in the player's language wherever it is shown (`tr(value)`, `local(value)`, or as a field).
"""
from __future__ import annotations

import threading

from game import i18n
from game.i18n import N_, Text, local

_mode = threading.local()       # .english: words made for the rules' data (Said), not for a screen


def _english() -> bool:
    return getattr(_mode, "english", False)


def _fill(message: str, fields: dict) -> str:
    return message.format(**{k: str(v) for k, v in fields.items()}) if fields else message


# the family's own tr, trn, trc: game.i18n's, or the English words while a Said is made (the names
# are the ones tools/translations.py extracts)
def tr(message: str, /, **fields) -> str:
    if _english():
        return _fill(message, fields)
    return i18n.tr(message, **fields)


def trn(singular: str, plural: str, count: int, /, **fields) -> str:
    if _english():
        return _fill(singular if count == 1 else plural, fields)
    return i18n.trn(singular, plural, count, **fields)


def trc(context: str, message: str, /, **fields) -> str:
    if _english():
        return _fill(message, fields)
    return i18n.trc(context, message, **fields)


def in_english(fn, *args):
    """`fn(*args)` said in English whatever the player's language (this thread only: a bot thinking
    on its thread never changes what the table says)."""
    was = _english()
    _mode.english = True
    try:
        return fn(*args)
    finally:
        _mode.english = was


class Said(Text):
    """Words made by `fn(*args)`: the English text as a str (what the rules keep and compare), said
    in the player's language when shown (game.i18n.tr, local, or as a message's field)."""

    def __new__(cls, fn, *args):
        made = Text.__new__(cls, in_english(fn, *args))
        made.said = (fn, args)
        made.shown = (i18n.DEFAULT, str(made))
        return made

    def in_language(self, code: str) -> str:
        if code == i18n.DEFAULT or code != i18n.language() or _english():
            return str(self)
        if self.shown[0] != code:
            fn, args = self.said
            self.shown = (code, fn(*args))
        return self.shown[1]

    def __reduce__(self):
        fn, args = self.said
        return (Said, (fn, *args))


def _speaks_english() -> bool:
    return _english() or i18n.language() == i18n.DEFAULT


def _decap(text: str) -> str:
    """English's "Choose: gain 1 gold": the first letter made small (German keeps its capitals)."""
    return f"{text[0].lower()}{text[1:]}" if text and _speaks_english() else text


def _and(items) -> str:
    """'a', 'a and b', 'a and b and c' (as the log always said it), in the player's language."""
    items = [str(x if _english() else local(x)) for x in items]
    said = items[0] if items else ""
    for item in items[1:]:
        said = tr("{a} and {b}", a=said, b=item)
    return said


SHIELD_WORDS = {"nobility": N_("Nobility"), "faith": N_("Faith"), "scholarship": N_("Scholarship"),
                "military": N_("Military"), "craftsmanship": N_("Craftsmanship"), "peasantry": N_("Peasantry")}
SHIELD_NOUNS = {"nobility": N_("Nobility shield"), "faith": N_("Faith shield"),
                "scholarship": N_("Scholarship shield"), "military": N_("Military shield"),
                "craftsmanship": N_("Craftsmanship shield"), "peasantry": N_("Peasantry shield")}
SHIELD_PLURALS = {"nobility": N_("Nobility shields"), "faith": N_("Faith shields"),
                  "scholarship": N_("Scholarship shields"), "military": N_("Military shields"),
                  "craftsmanship": N_("Craftsmanship shields"), "peasantry": N_("Peasantry shields")}
LOCATION_WORDS = {"castle": N_("Castle"), "village": N_("Village")}
BANNER_NOUNS = {"castle": N_("Castle banner"), "village": N_("Village banner")}
BANNER_PLURALS = {"castle": N_("Castle banners"), "village": N_("Village banners")}
POSITION_WORDS = {"left_column": N_("in the left column"), "middle_column": N_("in the middle column"),
                  "right_column": N_("in the right column"), "top_row": N_("in the top row"),
                  "middle_row": N_("in the middle row"), "bottom_row": N_("in the bottom row"),
                  "corner": N_("in a corner"), "edge_middle": N_("in the middle of an edge")}
_WHERE = {"tableau": None, "row": N_("{what} in its row"), "column": N_("{what} in its column"),
          "row_and_column": N_("{what} in its row and column")}


def _where(what: str, where: str, table=None) -> str:
    message = (table or _WHERE)[where]
    return tr(message, what=what) if message else what


def _resource(amount: int, resource: str) -> str:
    if resource == "gold":
        return tr("{n} gold", n=amount)
    return trn("{n} key", "{n} keys", amount, n=amount)


def _sets(t: str, items, short: bool) -> str:
    """A set of shields or banners: "set of 3 Village banners", "set of Nobility + Military shields"."""
    shields = t == "shield_sets"
    if len(items) > 1 and len(set(items)) == 1:
        kind = tr((SHIELD_PLURALS if shields else BANNER_PLURALS)[items[0]])
        return tr("{n} {kind}", n=len(items), kind=kind) if short else \
            tr("set of {n} {kind}", n=len(items), kind=kind)
    types = " + ".join(tr((SHIELD_WORDS if shields else LOCATION_WORDS)[x]) for x in items)
    if short:
        return tr("{types} set", types=types)
    return tr("set of {types} shields", types=types) if shields else tr("set of {types} banners", types=types)


def count_words(prim, one: bool = True) -> str:
    """What a count counts: "Faith shield in its row" (one=True: after "each"/"per")."""
    t = prim.tag
    g = prim.get
    if t == "shield":
        return _where(tr(SHIELD_NOUNS[g("shield")]), g("in", "tableau"))
    if t == "banner":
        return tr(BANNER_NOUNS[g("banner")])
    if t == "cards_with_shields":
        return trn("card with {n} shield", "card with {n} shields", g("shields"), n=g("shields"))
    if t == "shield_types":
        return _where(tr("different shield type"), g("in", "tableau"))
    if t == "cards_costing":
        if g("or_more"):
            return tr("card costing {cost} or more", cost=g("cost"))
        return tr("card costing {cost}", cost=g("cost"))
    if t == "gold_on_this_purse":
        return tr("gold on this card (it holds {cap})", cap=g("cap"))
    if t in ("shield_sets", "banner_sets"):
        return _sets(t, g("shields") if t == "shield_sets" else g("banners"), False)
    if t == "identical_shield_sets":
        return tr("set of {n} identical shields", n=g("size"))
    if t == "best_neighbour":
        return tr("{what} of a neighbour of your choice (left or right)", what=count_words(g("of")))
    return tr(_COUNT_WORDS[t])


_COUNT_WORDS = {"missing_shield_types": N_("missing shield type"), "empty_slots": N_("empty place of your tableau"),
                "occupied_slots": N_("card in your tableau"), "discount_cards": N_("card with a discount"),
                "purse_cards": N_("purse card"), "keys": N_("key you hold"),
                "gold_on_purses": N_("gold on all your purse cards")}


def condition_words(prim) -> str:
    t = prim.tag
    if t == "position":
        return tr("if this card is {where}", where=tr(POSITION_WORDS[prim.get("position")]))
    if t == "shield_absent":
        return tr("if your tableau has no {shield}", shield=tr(SHIELD_NOUNS[prim.get("shield_absent")]))
    return tr("if your tableau has a face-down card")


def unmet_words(prim) -> str:
    """Why a condition's card scores nothing: "0: not in the left column"."""
    t = prim.tag
    if t == "position":
        return tr("0: not {where}", where=tr(POSITION_WORDS[prim.get("position")]))
    if t == "shield_absent":
        return tr("0: your tableau has a {shield}", shield=tr(SHIELD_NOUNS[prim.get("shield_absent")]))
    return tr("0: no face-down card in your tableau")


_DISCOUNT = {"castle": N_("Discount: Castle cards cost you {n} less from now on"),
             "village": N_("Discount: Village cards cost you {n} less from now on"),
             "all": N_("Discount: every card costs you {n} less from now on")}
_DISCARD = {("castle", "gold"): N_("Discard a card of the Castle display and gain its cost in gold"),
            ("castle", "keys"): N_("Discard a card of the Castle display and gain its cost in keys"),
            ("village", "gold"): N_("Discard a card of the Village display and gain its cost in gold"),
            ("village", "keys"): N_("Discard a card of the Village display and gain its cost in keys")}


def effect_text(e) -> str:
    """One effect in words (also the label of a choose button)."""
    t = e.tag
    g = e.get
    if t == "gain":
        per = g("per")
        what = _resource(g("amount"), g("gain"))
        if per is not None:
            return tr("Gain {what} per {count}", what=what, count=count_words(per))
        return tr("Gain {what}", what=what)
    if t == "opponents_gain":
        return tr("Each opponent gains {what}", what=_resource(g("amount"), g("opponents_gain")))
    if t == "discount":
        return tr(_DISCOUNT[g("discount")], n=g("amount"))
    if t == "gold_on_each_purse":
        return tr("Put {n} gold on each of your purse cards", n=g("gold_on_each_purse"))
    if t == "fill_purses":
        return trn("Fill up to {n} purse card with gold", "Fill up to {n} purse cards with gold",
                   g("fill_purses"), n=g("fill_purses"))
    if t == "discard_display":
        return tr(_DISCARD[g("discard_display"), g("gain_cost_in")])
    if t == "choose":
        a, b = (effect_text(o) for o in g("choose"))
        return tr("Choose: {a}, or {b}", a=_decap(a), b=_decap(b))
    return t


def ability_text(card) -> str:
    """A card's immediate ability in words ("" for none)."""
    texts = [effect_text(e) for e in card.ability]
    if not texts:
        return ""
    said = texts[0]
    for text in texts[1:]:
        said = tr("{said}; {next}", said=said, next=_decap(text))    # German: two sentences
    return said + "."


def scoring_text(card) -> str:
    """A card's scoring scroll in words."""
    scroll = card.scoring
    if scroll is None:
        return tr("Scores nothing.")
    points = scroll.get("points")
    per, condition = scroll.get("per"), scroll.get("if")
    if per is not None:
        return trn("{n} point per {count}.", "{n} points per {count}.", points, n=points, count=count_words(per))
    if condition is not None:
        return trn("{n} point {condition}.", "{n} points {condition}.", points, n=points,
                   condition=condition_words(condition))
    return trn("{n} point.", "{n} points.", points, n=points)


# ---- short words: a card face too small for the sentences above, and the choose buttons ----

_WHERE_SHORT = {"tableau": None, "row": N_("{what} in its row"), "column": N_("{what} in its column"),
                "row_and_column": N_("{what} in its row + column")}
POSITION_SHORT = {"left_column": N_("in the left column"), "middle_column": N_("in the middle column"),
                  "right_column": N_("in the right column"), "top_row": N_("in the top row"),
                  "middle_row": N_("in the middle row"), "bottom_row": N_("in the bottom row"),
                  "corner": N_("in a corner"), "edge_middle": N_("in an edge's middle")}


def count_short(prim) -> str:
    """What a count counts, in as few words as still say it ("Faith in its row")."""
    t = prim.tag
    g = prim.get
    if t == "shield":
        return _where(tr(SHIELD_WORDS[g("shield")]), g("in", "tableau"), _WHERE_SHORT)
    if t == "banner":
        return tr(BANNER_NOUNS[g("banner")])
    if t == "cards_with_shields":
        return trn("card with {n} shield", "card with {n} shields", g("shields"), n=g("shields"))
    if t == "shield_types":
        return _where(tr("shield type"), g("in", "tableau"), _WHERE_SHORT)
    if t == "cards_costing":
        if g("or_more"):
            return tr("card costing {cost}+", cost=g("cost"))
        return tr("card costing {cost}", cost=g("cost"))
    if t == "gold_on_this_purse":
        return tr("gold here (holds {cap})", cap=g("cap"))
    if t in ("shield_sets", "banner_sets"):
        return _sets(t, g("shields") if t == "shield_sets" else g("banners"), True)
    if t == "identical_shield_sets":
        return tr("{n} identical shields", n=g("size"))
    if t == "best_neighbour":
        return tr("neighbour's {what}", what=count_short(g("of")))
    return tr(_COUNT_SHORT[t])


_COUNT_SHORT = {"missing_shield_types": N_("missing shield type"), "empty_slots": N_("empty place"),
                "occupied_slots": N_("card"), "discount_cards": N_("discount card"), "purse_cards": N_("purse card"),
                "keys": N_("key"), "gold_on_purses": N_("gold on purses")}


_DISCOUNT_SHORT = {"castle": N_("discount −{n} on Castle cards"), "village": N_("discount −{n} on Village cards"),
                   "all": N_("discount −{n} on every card")}
_DISCARD_SHORT = {("castle", "gold"): N_("discard a Castle card: its cost in gold"),
                  ("castle", "keys"): N_("discard a Castle card: its cost in keys"),
                  ("village", "gold"): N_("discard a Village card: its cost in gold"),
                  ("village", "keys"): N_("discard a Village card: its cost in keys")}


def effect_short(e) -> str:
    """One effect in few words: "+1 gold per Faith", "−1 on Castle cards", "+2 gold on each purse"."""
    t = e.tag
    g = e.get
    if t == "gain":
        per = g("per")
        if g("gain") == "gold":
            res = tr("+{n} gold", n=g("amount"))
        else:
            res = trn("+{n} key", "+{n} keys", g("amount"), n=g("amount"))
        return tr("{what} per {count}", what=res, count=count_short(per)) if per is not None else res
    if t == "opponents_gain":
        return tr("others +{what}", what=_resource(g("amount"), g("opponents_gain")))
    if t == "discount":
        return tr(_DISCOUNT_SHORT[g("discount")], n=g("amount"))
    if t == "gold_on_each_purse":
        return tr("+{n} gold on each purse", n=g("gold_on_each_purse"))
    if t == "fill_purses":
        return trn("fill {n} purse", "fill {n} purses", g("fill_purses"), n=g("fill_purses"))
    if t == "discard_display":
        return tr(_DISCARD_SHORT[g("discard_display"), g("gain_cost_in")])
    if t == "choose":
        a, b = (effect_short(o) for o in g("choose"))
        return tr("{a} or {b}", a=a, b=b)
    return t


def ability_short(card) -> str:
    """A card's ability in few words ("" for none)."""
    return "; ".join(effect_short(e) for e in card.ability)


def scoring_short(card) -> str:
    """A card's scroll in few words: "3 per Military in its row", "8 in the left column"."""
    scroll = card.scoring
    if scroll is None:
        return tr("no points")
    points = scroll.get("points")
    per, condition = scroll.get("per"), scroll.get("if")
    if per is not None:
        return tr("{n} per {count}", n=points, count=count_short(per))
    if condition is not None:
        t = condition.tag
        if t == "position":
            return tr("{n} if {where}", n=points, where=tr(POSITION_SHORT[condition.get("position")]))
        if t == "shield_absent":
            return tr("{n} if no {shield}", n=points, shield=tr(SHIELD_WORDS[condition.get("shield_absent")]))
        return tr("{n} if a card is face down", n=points)
    return f"{points}"


def option_shorts(card) -> tuple:
    """For each option of a card's "choose one of two", its button words from the most to the
    fewest: "+1 gold per neighbour's Nobility", "Gold: neighbour's Nobility", "Gold from a neighbour"."""
    for e in card.ability:
        if e.tag != "choose":
            continue
        out = []
        for o in e.get("choose"):
            said = [effect_short(o)]
            per = o.get("per") if o.tag == "gain" else None
            if per is not None:
                gold = o.get("gain") == "gold"
                if per.tag == "best_neighbour":
                    said += [tr("Gold: {count}", count=count_short(per)) if gold else
                             tr("Keys: {count}", count=count_short(per)),
                             tr("Gold from a neighbour") if gold else tr("Keys from a neighbour")]
                else:
                    said += [tr("Gold per {count}", count=count_short(per)) if gold else
                             tr("Keys per {count}", count=count_short(per))]
            out.append(tuple(x[0].upper() + x[1:] for x in said))
        return tuple(out)
    return ()


def why_text(scroll, times: int, total: int) -> str:
    """Why a card scores what it scores: "3 × 3 for 3 Faith shields in its row"."""
    per, condition = scroll.get("per"), scroll.get("if")
    points = scroll.get("points")
    if per is not None:
        return tr("{times} × {points} per {count}", times=times, points=points, count=count_words(per))
    if condition is not None:
        if times:
            return tr("{points} {condition}", points=points, condition=condition_words(condition))
        return unmet_words(condition)
    return f"{points}"


def why_short(scroll, times: int) -> str:
    """`why_text` in few words, for a narrow score pad: "1 × 3 per Nobility in its row"."""
    per, condition = scroll.get("per"), scroll.get("if")
    points = scroll.get("points")
    if per is not None:
        return tr("{times} × {points} per {count}", times=times, points=points, count=count_short(per))
    if condition is not None:
        if not times:
            return unmet_words(condition)
        t = condition.tag
        if t == "position":
            return tr("{points} {where}", points=points, where=tr(POSITION_SHORT[condition.get("position")]))
        if t == "shield_absent":
            return tr("{points}: no {shield}", points=points, shield=tr(SHIELD_WORDS[condition.get("shield_absent")]))
        return tr("{points}: a card face down", points=points)
    return f"{points}"


def why_said(scroll, times: int, total: int) -> Said:
    """`why_text` as the rules keep it (CardScore.why): English, said in the player's language when shown."""
    return Said(why_text, scroll, times, total)


def option_said(effect) -> Said:
    """`effect_text` as the rules keep it (a choice's event and the view's options)."""
    return Said(effect_text, effect)


def option_labels(card) -> tuple:
    """The words of the two buttons of a card's "choose one of two"."""
    for e in card.ability:
        if e.tag == "choose":
            return tuple(effect_text(o) for o in e.get("choose"))
    return ()


def score_lines(result) -> tuple:
    """A seat's line on the score pad: its cards' points, its keys', leftover gold (the tie-break)."""
    return ((trc("score pad", "Cards"), str(sum(c.points for c in result.cards))),
            (trc("score pad", "Keys"), str(result.keys)),
            (trc("score pad", "Gold left"), str(result.leftover_gold)))


_KEY_MOVE = {"castle": N_("{who} spends a key: the Messenger goes to the Castle."),
             "village": N_("{who} spends a key: the Messenger goes to the Village.")}
_KEY_REFRESH = {"castle": N_("{who} spends a key: the Castle display is discarded."),
                "village": N_("{who} spends a key: the Village display is discarded.")}
_MESSENGER = {"castle": N_("The Messenger goes to the Castle."), "village": N_("The Messenger goes to the Village.")}
_RESHUFFLE = {"castle": N_("The Castle discard pile is shuffled into a new deck."),
              "village": N_("The Village discard pile is shuffled into a new deck.")}
_LOCATION_EMPTY = {"castle": N_("The Castle cannot be refilled: its cards leave the game, the Messenger stays "
                                "at the other display."),
                   "village": N_("The Village cannot be refilled: its cards leave the game, the Messenger stays "
                                 "at the other display.")}


def describe(event, names, call_name: str = "") -> str:
    """One log sentence for an event, naming players; '' for events not worth a line."""
    k = event.kind
    who = names[event.seat] if event.seat is not None else ""
    g = event.get
    name = g("name", "")
    if k == "turn":
        return ""
    if k == "key_move":
        return tr(_KEY_MOVE[g("to")], who=who)
    if k == "key_refresh":
        return tr(_KEY_REFRESH[g("location")], who=who)
    if k == "buy":
        return tr("{who} buys the {card} for {price} gold.", who=who, card=name, price=g("price"))
    if k == "face_down":
        return trn("{who} takes the {card} face down and gains {gold} gold and {n} key.",
                   "{who} takes the {card} face down and gains {gold} gold and {n} keys.", g("keys"),
                   who=who, card=name, gold=g("gold"), n=g("keys"))
    if k == "gain":
        gold, keys = g("gold"), g("keys")
        if gold and keys:
            return trn("{who} gains {gold} gold and {n} key ({card}).",
                       "{who} gains {gold} gold and {n} keys ({card}).", keys, who=who, gold=gold, n=keys, card=name)
        if gold:
            return tr("{who} gains {gold} gold ({card}).", who=who, gold=gold, card=name)
        if keys:
            return trn("{who} gains {n} key ({card}).", "{who} gains {n} keys ({card}).", keys, who=who, n=keys,
                       card=name)
        return tr("{who} gains nothing from the {card}.", who=who, card=name)
    if k == "purse_add":
        return tr("{who} stores a leftover gold on the {card}.", who=who, card=name)
    if k == "purse_take":
        return tr("{who} takes a gold back from the {card}.", who=who, card=name)
    if k == "purse_gold":
        return tr("{who} puts {gold} gold on purse cards ({card}).", who=who, gold=g("gold"), card=name)
    if k == "choose":
        return tr("{who} chooses: {option}.", who=who, option=g("option"))
    if k == "neighbour":
        return tr("{who} counts {neighbour}'s tableau.", who=who, neighbour=names[g("neighbour")])
    if k == "discard_display":
        return tr("{who} discards the {card} from the display.", who=who, card=name)
    if k == "messenger":
        return tr(_MESSENGER[g("to")])
    if k == "reshuffle":
        return tr(_RESHUFFLE[g("location")])
    if k == "location_empty":
        return tr(_LOCATION_EMPTY[g("location")])
    if k == "purses":
        return tr("{who} stores leftover gold on purse cards.", who=who)
    if k == "purses_done":
        return tr("{who} has stored {gold} gold on purse cards.", who=who, gold=g("stored"))
    if k == "game_over":
        winners = g("winners")
        if len(winners) > 1:
            return tr("The game is over: {who} win.", who=_and(names[s] for s in winners))
        return tr("The game is over: {who} wins.", who=_and(names[s] for s in winners))
    return ""   # reveal, purse_add, purse_take: shown by the table, not worth a line


# ---- a move in words: the hint's sentence and the review's lines (Family.phrase) ----

_KEY_MOVE_PHRASE = {"castle": N_("spend a key to move the Messenger to the Castle"),
                    "village": N_("spend a key to move the Messenger to the Village")}
_KEY_REFRESH_PHRASE = {"castle": N_("spend a key for {n} new Castle cards"),
                       "village": N_("spend a key for {n} new Village cards")}
_DISCARD_PHRASE = {"castle": N_("discard {card} from the Castle display"),
                   "village": N_("discard {card} from the Village display")}


def phrase(action, view, names, ruleset=None) -> str:
    """A move in a few words, said to the seat whose view it is, from that view alone: "buy the
    Knight for 3 gold into row 2, column 1" (the table's buttons and the log say the same things)."""
    k = action.kind
    places = action.places
    if k in ("buy", "face_down"):
        card = places[0][2]
        _, seat, row, col = places[1]
        where = _cell_words(view.seats[seat].tableau, row, col)
        if k == "face_down":
            return tr("place {card} face down {where}", card=_the(view.face(card).name), where=where)
        return tr("buy {card} for {price} {where}", card=_the(view.face(card).name),
                  price=_price_words(view, card), where=where)
    if k == "key_move":
        other = [loc for loc in view.locations if loc != view.messenger]
        if other:
            return tr(_KEY_MOVE_PHRASE[other[0]])
        return tr("spend a key to move the Messenger")
    if k == "key_refresh":
        shown = len(view.displays[view.locations.index(view.messenger)])
        return tr(_KEY_REFRESH_PHRASE[view.messenger], n=shown)
    if k == "choose":
        return _choose_words(action, view)
    if k == "neighbour":
        return _neighbour_words(places[0][1], view, names)
    if k == "discard_display":
        return _discard_words(places[0], view)
    if k == "fill":
        purses = [_card_at(view, p) for p in places]
        return trn("fill the purse of {cards}", "fill the purses of {cards}", len(purses), cards=_joined(purses))
    if k == "purse_add":
        return tr("put 1 gold in the purse of {card}", card=_card_at(view, places[0]))
    if k == "purse_take":
        return tr("take 1 gold back from the purse of {card}", card=_card_at(view, places[0]))
    if k == "purses_done":
        return _purses_done_words(view)
    return k.replace("_", " ")


def _the(name: str) -> str:
    """A card's name with "the", unless the name is a title of its own ("His Holiness", "Her
    Majesty the Queen"); in German the name alone (its article depends on its gender and case:
    the messages are written so that none is needed)."""
    if not _speaks_english():
        return str(local(name))
    return name if name.split(" ", 1)[0] in ("His", "Her") else f"the {name}"


def _cell_words(tableau, row: int, col: int) -> str:
    """Where a card goes, in the rows and columns the tableau spans now (row 1 its top row, column 1
    its left column); a cell outside them opens a new row or column, as the rulebook's "only
    fixed as your rows and columns fill up" has it."""
    if not tableau:
        return tr("to start your tableau")
    rows = [p.row for p in tableau]
    cols = [p.col for p in tableau]
    top, bottom, left, right = min(rows), max(rows), min(cols), max(cols)
    across = (tr("a new top row") if row < top else tr("a new bottom row") if row > bottom
              else tr("row {n}", n=row - top + 1))
    down = (tr("a new left column") if col < left else tr("a new right column") if col > right
            else tr("column {n}", n=col - left + 1))
    return tr("into {row}, {column}", row=across, column=down)


def _price_words(view, card: int) -> str:
    """What the card costs the viewer after their discounts (the view's own prices)."""
    price = view.price(card)
    price = view.face(card).cost if price is None else price
    return tr("free") if price == 0 else tr("{n} gold", n=price)


def _card_at(view, place) -> str:
    """The card at a cell of a tableau: "the Potter" (a face-down one is not named)."""
    _, seat, row, col = place
    for p in view.seats[seat].tableau:
        if (p.row, p.col) == (row, col):
            return _the(view.face(p.card).name) if p.face_up else tr("your face-down card")
    return tr("an empty cell")


def _joined(items: list) -> str:
    if len(items) == 1:
        return items[0]
    return tr("{a} and {b}", a=", ".join(str(x) for x in items[:-1]), b=items[-1])


def _choose_words(action, view) -> str:
    """One of the two effects, in the words of its button ("+3 keys"): the prompt's sentences run
    past 80 characters for a neighbour's count."""
    card = dict(view.pending).get("card")
    options = option_shorts(view.face(card)) if card is not None else ()
    index = int(action.choice) if str(action.choice).isdigit() else -1
    if 0 <= index < len(options):
        return tr("choose: {option}", option=_decap(options[index][0]))
    return tr("choose option {n}", n=index + 1) if index >= 0 else tr("choose")


def _asked_effect(view, tag: str):
    """The effect of the card being applied that the phase asks about (inside a choice too)."""
    card = dict(view.pending).get("card")
    if card is None:
        return None
    for effect in view.face(card).ability:
        for e in (effect.get("choose") if effect.tag == "choose" else (effect,)):
            if e.tag == tag and (tag != "gain" or _counts_a_neighbour(e)):
                return e
    return None


def _counts_a_neighbour(effect) -> bool:
    per = effect.get("per")
    return per is not None and per.tag == "best_neighbour"


def _neighbour_words(seat: int, view, names) -> str:
    """"count Ben's tableau (gain 2 gold)": the gain is the view's, for the left or right neighbour."""
    who = names[seat] if 0 <= seat < len(names) else tr("seat {n}", n=seat + 1)
    pending = dict(view.pending)
    sides = [pending.get("left"), pending.get("right")]
    gains = pending.get("gains", ())
    effect = _asked_effect(view, "gain")
    if seat in sides and len(gains) == 2 and effect is not None:
        return tr("count {who}'s tableau (gain {what})", who=who,
                  what=_resource(gains[sides.index(seat)], effect.get("gain")))
    return tr("count {who}'s tableau", who=who)


def _discard_words(place, view) -> str:
    """"discard the Farmer from the Village display (gain 5 gold)": a display card's cost, printed."""
    _, loc, card = place
    text = tr(_DISCARD_PHRASE[loc], card=_the(view.face(card).name))
    effect = _asked_effect(view, "discard_display")
    if effect is None:
        return text
    return tr("{move} (gain {what})", move=text, what=_resource(view.face(card).cost, effect.get("gain_cost_in")))


def _purses_done_words(view) -> str:
    """The end's Done: how much leftover gold the purses now hold (what abilities stored stays)."""
    before = dict(view.stored_by_abilities)
    seat = view.current if view.viewer is None else view.viewer
    stored = sum(p.gold - before.get((p.row, p.col), 0) for p in view.seats[seat].tableau)
    if stored <= 0:
        return tr("finish without storing leftover gold")
    return tr("store {n} leftover gold on your purses and finish", n=stored)
