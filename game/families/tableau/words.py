"""The tableau family's words: a card's ability and scoring in plain English (the zoom panel, the
choose buttons), the why of a card's points (the score pad), one log sentence per event, and a move
in a few words (the hint, the review)."""
from __future__ import annotations

SHIELD_WORDS = {"nobility": "Nobility", "faith": "Faith", "scholarship": "Scholarship",
                "military": "Military", "craftsmanship": "Craftsmanship", "peasantry": "Peasantry"}
LOCATION_WORDS = {"castle": "Castle", "village": "Village"}
POSITION_WORDS = {"left_column": "in the left column", "middle_column": "in the middle column",
                  "right_column": "in the right column", "top_row": "in the top row",
                  "middle_row": "in the middle row", "bottom_row": "in the bottom row",
                  "corner": "in a corner", "edge_middle": "in the middle of an edge"}
_WHERE = {"tableau": "", "row": " in its row", "column": " in its column",
          "row_and_column": " in its row and column"}


def _plural(n: int, word: str, many: str = "") -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _resource(amount: int, resource: str) -> str:
    return f"{amount} gold" if resource == "gold" else _plural(amount, "key")


def count_words(prim, one: bool = True) -> str:
    """What a count counts: "Faith shield in its row" (one=True: after "each"/"per")."""
    t = prim.tag
    g = prim.get
    if t == "shield":
        return f"{SHIELD_WORDS[g('shield')]} shield{_WHERE[g('in', 'tableau')]}"
    if t == "banner":
        return f"{LOCATION_WORDS[g('banner')]} banner"
    if t == "cards_with_shields":
        return f"card with {_plural(g('shields'), 'shield')}"
    if t == "shield_types":
        return f"different shield type{_WHERE[g('in', 'tableau')]}"
    if t == "cards_costing":
        return f"card costing {g('cost')}{' or more' if g('or_more') else ''}"
    if t == "gold_on_this_purse":
        return f"gold on this card (it holds {g('cap')})"
    if t in ("shield_sets", "banner_sets"):
        names = SHIELD_WORDS if t == "shield_sets" else LOCATION_WORDS
        items = g("shields") if t == "shield_sets" else g("banners")
        kind = " shields" if t == "shield_sets" else " banners"
        if len(items) > 1 and len(set(items)) == 1:
            return f"set of {len(items)} {names[items[0]]}{kind}"
        return "set of " + " + ".join(names[x] for x in items) + kind
    if t == "identical_shield_sets":
        return f"set of {g('size')} identical shields"
    if t == "best_neighbour":
        return count_words(g("of")) + " of a neighbour of your choice (left or right)"
    return {"missing_shield_types": "missing shield type", "empty_slots": "empty place of your tableau",
            "occupied_slots": "card in your tableau", "discount_cards": "card with a discount",
            "purse_cards": "purse card", "keys": "key you hold",
            "gold_on_purses": "gold on all your purse cards"}[t]


def condition_words(prim) -> str:
    t = prim.tag
    if t == "position":
        return f"if this card is {POSITION_WORDS[prim.get('position')]}"
    if t == "shield_absent":
        return f"if your tableau has no {SHIELD_WORDS[prim.get('shield_absent')]} shield"
    return "if your tableau has a face-down card"


def unmet_words(prim) -> str:
    """Why a condition's card scores nothing: "0: not in the left column"."""
    t = prim.tag
    if t == "position":
        return f"0: not {POSITION_WORDS[prim.get('position')]}"
    if t == "shield_absent":
        return f"0: your tableau has a {SHIELD_WORDS[prim.get('shield_absent')]} shield"
    return "0: no face-down card in your tableau"


def effect_text(e) -> str:
    """One effect in words (also the label of a choose button)."""
    t = e.tag
    g = e.get
    if t == "gain":
        per = g("per")
        text = f"Gain {_resource(g('amount'), g('gain'))}"
        return text + (f" per {count_words(per)}" if per is not None else "")
    if t == "opponents_gain":
        return f"Each opponent gains {_resource(g('amount'), g('opponents_gain'))}"
    if t == "discount":
        where = {"castle": "Castle cards cost", "village": "Village cards cost",
                 "all": "every card costs"}[g("discount")]
        return f"Discount: {where} you {g('amount')} less from now on"
    if t == "gold_on_each_purse":
        return f"Put {g('gold_on_each_purse')} gold on each of your purse cards"
    if t == "fill_purses":
        return f"Fill up to {_plural(g('fill_purses'), 'purse card')} with gold"
    if t == "discard_display":
        return (f"Discard a card of the {LOCATION_WORDS[g('discard_display')]} display and gain its "
                f"cost in {g('gain_cost_in')}")
    if t == "choose":
        a, b = (effect_text(o) for o in g("choose"))
        return f"Choose: {a[0].lower()}{a[1:]}, or {b[0].lower()}{b[1:]}"
    return t


def ability_text(card) -> str:
    """A card's immediate ability in words ("" for none)."""
    texts = [effect_text(e) for e in card.ability]
    texts[1:] = [t[0].lower() + t[1:] for t in texts[1:]]
    return "; ".join(texts) + ("." if texts else "")


def scoring_text(card) -> str:
    """A card's scoring scroll in words."""
    scroll = card.scoring
    if scroll is None:
        return "Scores nothing."
    points = scroll.get("points")
    per, condition = scroll.get("per"), scroll.get("if")
    if per is not None:
        return f"{_plural(points, 'point')} per {count_words(per)}."
    if condition is not None:
        return f"{_plural(points, 'point')} {condition_words(condition)}."
    return f"{_plural(points, 'point')}."


# ---- short words: a card face too small for the sentences above, and the choose buttons ----

_WHERE_SHORT = {"tableau": "", "row": " in its row", "column": " in its column",
                "row_and_column": " in its row + column"}
POSITION_SHORT = {"left_column": "in the left column", "middle_column": "in the middle column",
                  "right_column": "in the right column", "top_row": "in the top row",
                  "middle_row": "in the middle row", "bottom_row": "in the bottom row",
                  "corner": "in a corner", "edge_middle": "in an edge's middle"}


def count_short(prim) -> str:
    """What a count counts, in as few words as still say it ("Faith in its row")."""
    t = prim.tag
    g = prim.get
    if t == "shield":
        return f"{SHIELD_WORDS[g('shield')]}{_WHERE_SHORT[g('in', 'tableau')]}"
    if t == "banner":
        return f"{LOCATION_WORDS[g('banner')]} banner"
    if t == "cards_with_shields":
        return f"card with {_plural(g('shields'), 'shield')}"
    if t == "shield_types":
        return f"shield type{_WHERE_SHORT[g('in', 'tableau')]}"
    if t == "cards_costing":
        return f"card costing {g('cost')}{'+' if g('or_more') else ''}"
    if t == "gold_on_this_purse":
        return f"gold here (holds {g('cap')})"
    if t in ("shield_sets", "banner_sets"):
        names = SHIELD_WORDS if t == "shield_sets" else LOCATION_WORDS
        items = g("shields") if t == "shield_sets" else g("banners")
        kind = " shields" if t == "shield_sets" else " banners"
        if len(items) > 1 and len(set(items)) == 1:
            return f"{len(items)} {names[items[0]]}{kind}"
        return " + ".join(names[x] for x in items) + " set"
    if t == "identical_shield_sets":
        return f"{g('size')} identical shields"
    if t == "best_neighbour":
        return "neighbour's " + count_short(g("of"))
    return {"missing_shield_types": "missing shield type", "empty_slots": "empty place",
            "occupied_slots": "card", "discount_cards": "discount card", "purse_cards": "purse card",
            "keys": "key", "gold_on_purses": "gold on purses"}[t]


def effect_short(e) -> str:
    """One effect in few words: "+1 gold per Faith", "−1 on Castle cards", "+2 gold on each purse"."""
    t = e.tag
    g = e.get
    if t == "gain":
        per = g("per")
        res = f"+{g('amount')} gold" if g("gain") == "gold" else f"+{_plural(g('amount'), 'key')}"
        return res + (f" per {count_short(per)}" if per is not None else "")
    if t == "opponents_gain":
        what = f"{g('amount')} gold" if g("opponents_gain") == "gold" else _plural(g("amount"), "key")
        return f"others +{what}"
    if t == "discount":
        where = {"castle": "Castle cards", "village": "Village cards", "all": "every card"}[g("discount")]
        return f"discount −{g('amount')} on {where}"
    if t == "gold_on_each_purse":
        return f"+{g('gold_on_each_purse')} gold on each purse"
    if t == "fill_purses":
        return f"fill {_plural(g('fill_purses'), 'purse')}"
    if t == "discard_display":
        return (f"discard a {LOCATION_WORDS[g('discard_display')]} card: its cost in "
                f"{g('gain_cost_in')}")
    if t == "choose":
        a, b = (effect_short(o) for o in g("choose"))
        return f"{a} or {b}"
    return t


def ability_short(card) -> str:
    """A card's ability in few words ("" for none)."""
    return "; ".join(effect_short(e) for e in card.ability)


def scoring_short(card) -> str:
    """A card's scroll in few words: "3 per Military in its row", "8 in the left column"."""
    scroll = card.scoring
    if scroll is None:
        return "no points"
    points = scroll.get("points")
    per, condition = scroll.get("per"), scroll.get("if")
    if per is not None:
        return f"{points} per {count_short(per)}"
    if condition is not None:
        t = condition.tag
        if t == "position":
            return f"{points} if {POSITION_SHORT[condition.get('position')]}"
        if t == "shield_absent":
            return f"{points} if no {SHIELD_WORDS[condition.get('shield_absent')]}"
        return f"{points} if a card is face down"
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
                what = "Gold" if o.get("gain") == "gold" else "Keys"
                if per.tag == "best_neighbour":
                    said += [f"{what}: {count_short(per)}", f"{what} from a neighbour"]
                else:
                    said += [f"{what} per {count_short(per)}"]
            out.append(tuple(x[0].upper() + x[1:] for x in said))
        return tuple(out)
    return ()


def why_text(scroll, times: int, total: int) -> str:
    """Why a card scores what it scores: "3 × 3 for 3 Faith shields in its row"."""
    per, condition = scroll.get("per"), scroll.get("if")
    points = scroll.get("points")
    if per is not None:
        return f"{times} × {points} per {count_words(per)}"
    if condition is not None:
        return f"{points} {condition_words(condition)}" if times else unmet_words(condition)
    return f"{points}"


def why_short(scroll, times: int) -> str:
    """`why_text` in few words, for a narrow score pad: "1 × 3 per Nobility in its row"."""
    per, condition = scroll.get("per"), scroll.get("if")
    points = scroll.get("points")
    if per is not None:
        return f"{times} × {points} per {count_short(per)}"
    if condition is not None:
        if not times:
            return unmet_words(condition)
        t = condition.tag
        if t == "position":
            return f"{points} {POSITION_SHORT[condition.get('position')]}"
        if t == "shield_absent":
            return f"{points}: no {SHIELD_WORDS[condition.get('shield_absent')]}"
        return f"{points}: a card face down"
    return f"{points}"


def option_labels(card) -> tuple:
    """The words of the two buttons of a card's "choose one of two"."""
    for e in card.ability:
        if e.tag == "choose":
            return tuple(effect_text(o) for o in e.get("choose"))
    return ()


def score_lines(result) -> tuple:
    """A seat's line on the score pad: its cards' points, its keys', leftover gold (the tie-break)."""
    return (("Cards", str(sum(c.points for c in result.cards))), ("Keys", str(result.keys)),
            ("Gold left", str(result.leftover_gold)))


def describe(event, names, call_name: str = "") -> str:
    """One log sentence for an event, naming players; '' for events not worth a line."""
    k = event.kind
    who = names[event.seat] if event.seat is not None else ""
    g = event.get
    name = g("name", "")
    if k == "turn":
        return ""
    if k == "key_move":
        return f"{who} spends a key: the Messenger goes to the {LOCATION_WORDS[g('to')]}."
    if k == "key_refresh":
        return f"{who} spends a key: the {LOCATION_WORDS[g('location')]} display is discarded."
    if k == "buy":
        return f"{who} buys the {name} for {g('price')} gold."
    if k == "face_down":
        return f"{who} takes the {name} face down and gains {g('gold')} gold and {_plural(g('keys'), 'key')}."
    if k == "gain":
        parts = [f"{g('gold')} gold"] if g("gold") else []
        if g("keys"):
            parts.append(_plural(g("keys"), "key"))
        if not parts:
            return f"{who} gains nothing from the {name}."
        return f"{who} gains {' and '.join(parts)} ({name})."
    if k == "purse_add":
        return f"{who} stores a leftover gold on the {name}."
    if k == "purse_take":
        return f"{who} takes a gold back from the {name}."
    if k == "purse_gold":
        return f"{who} puts {g('gold')} gold on purse cards ({name})."
    if k == "choose":
        return f"{who} chooses: {g('option')}."
    if k == "neighbour":
        return f"{who} counts {names[g('neighbour')]}'s tableau."
    if k == "discard_display":
        return f"{who} discards the {name} from the display."
    if k == "messenger":
        return f"The Messenger goes to the {LOCATION_WORDS[g('to')]}."
    if k == "reshuffle":
        return f"The {LOCATION_WORDS[g('location')]} discard pile is shuffled into a new deck."
    if k == "location_empty":
        return (f"The {LOCATION_WORDS[g('location')]} cannot be refilled: its cards leave the game, "
                "the Messenger stays at the other display.")
    if k == "purses":
        return f"{who} stores leftover gold on purse cards."
    if k == "purses_done":
        return f"{who} has stored {g('stored')} gold on purse cards."
    if k == "game_over":
        winners = g("winners")
        return "The game is over: " + " and ".join(names[s] for s in winners) + (" win." if len(winners) > 1 else " wins.")
    return ""   # reveal, purse_add, purse_take: shown by the table, not worth a line


# ---- a move in words: the hint's sentence and the review's lines (Family.phrase) ----

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
            return f"place {_the(view.face(card).name)} face down {where}"
        return f"buy {_the(view.face(card).name)} for {_price_words(view, card)} {where}"
    if k == "key_move":
        other = [loc for loc in view.locations if loc != view.messenger]
        where = f" to the {LOCATION_WORDS[other[0]]}" if other else ""
        return f"spend a key to move the Messenger{where}"
    if k == "key_refresh":
        shown = len(view.displays[view.locations.index(view.messenger)])
        return f"spend a key for {shown} new {LOCATION_WORDS[view.messenger]} cards"
    if k == "choose":
        return _choose_words(action, view)
    if k == "neighbour":
        return _neighbour_words(places[0][1], view, names)
    if k == "discard_display":
        return _discard_words(places[0], view)
    if k == "fill":
        purses = [_card_at(view, p) for p in places]
        return f"fill the purse{'s' if len(purses) > 1 else ''} of {_joined(purses)}"
    if k == "purse_add":
        return f"put 1 gold in the purse of {_card_at(view, places[0])}"
    if k == "purse_take":
        return f"take 1 gold back from the purse of {_card_at(view, places[0])}"
    if k == "purses_done":
        return _purses_done_words(view)
    return k.replace("_", " ")


def _the(name: str) -> str:
    """A card's name with "the", unless the name is a title of its own ("His Holiness", "Her
    Majesty the Queen")."""
    return name if name.split(" ", 1)[0] in ("His", "Her") else f"the {name}"


def _cell_words(tableau, row: int, col: int) -> str:
    """Where a card goes, in the rows and columns the tableau spans now (row 1 its top row, column 1
    its left column); a cell outside them opens a new row or column, as the rulebook's "only
    fixed as your rows and columns fill up" has it."""
    if not tableau:
        return "to start your tableau"
    rows = [p.row for p in tableau]
    cols = [p.col for p in tableau]
    top, bottom, left, right = min(rows), max(rows), min(cols), max(cols)
    across = ("a new top row" if row < top else "a new bottom row" if row > bottom
              else f"row {row - top + 1}")
    down = ("a new left column" if col < left else "a new right column" if col > right
            else f"column {col - left + 1}")
    return f"into {across}, {down}"


def _price_words(view, card: int) -> str:
    """What the card costs the viewer after their discounts (the view's own prices)."""
    price = view.price(card)
    price = view.face(card).cost if price is None else price
    return "free" if price == 0 else f"{price} gold"


def _card_at(view, place) -> str:
    """The card at a cell of a tableau: "the Potter" (a face-down one is not named)."""
    _, seat, row, col = place
    for p in view.seats[seat].tableau:
        if (p.row, p.col) == (row, col):
            return _the(view.face(p.card).name) if p.face_up else "your face-down card"
    return "an empty cell"


def _joined(items: list) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _choose_words(action, view) -> str:
    """One of the two effects, in the words of its button ("+3 keys"): the prompt's sentences run
    past 80 characters for a neighbour's count."""
    card = dict(view.pending).get("card")
    options = option_shorts(view.face(card)) if card is not None else ()
    index = int(action.choice) if str(action.choice).isdigit() else -1
    if 0 <= index < len(options):
        text = options[index][0]
        return f"choose: {text[:1].lower()}{text[1:]}"
    return f"choose option {index + 1}" if index >= 0 else "choose"


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
    who = names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"
    pending = dict(view.pending)
    sides = [pending.get("left"), pending.get("right")]
    gains = pending.get("gains", ())
    effect = _asked_effect(view, "gain")
    if seat in sides and len(gains) == 2 and effect is not None:
        return f"count {who}'s tableau (gain {_resource(gains[sides.index(seat)], effect.get('gain'))})"
    return f"count {who}'s tableau"


def _discard_words(place, view) -> str:
    """"discard the Farmer from the Village display (gain 5 gold)": a display card's cost, printed."""
    _, loc, card = place
    text = f"discard {_the(view.face(card).name)} from the {LOCATION_WORDS[loc]} display"
    effect = _asked_effect(view, "discard_display")
    if effect is None:
        return text
    return text + f" (gain {_resource(view.face(card).cost, effect.get('gain_cost_in'))})"


def _purses_done_words(view) -> str:
    """The end's Done: how much leftover gold the purses now hold (what abilities stored stays)."""
    before = dict(view.stored_by_abilities)
    seat = view.current if view.viewer is None else view.viewer
    stored = sum(p.gold - before.get((p.row, p.col), 0) for p in view.seats[seat].tableau)
    if stored <= 0:
        return "finish without storing leftover gold"
    return f"store {stored} leftover gold on your purses and finish"
