"""What Castle Combo's table says: a card in words (for the zoom panel), the prompt of each phase,
the buttons' labels and why a drop is refused.

A card's ability and scoring are the family's words (game/families/tableau/words.py), so the log,
the cards and the zoom panel say the same. Every text goes through game.i18n (whole messages with
named fields); a card's name is the ruleset's text, shown in the player's language (`local`).
"""
from __future__ import annotations

from game.families.tableau import words as family_words
from game.i18n import N_, local, tr, trc
from game.ui.families.tableau.art import location_of, shield_word

FACE_DOWN_GOLD = 6
FACE_DOWN_KEYS = 2


def name_of(names, seat) -> str:
    if seat is None:
        return ""
    return names[seat] if 0 <= seat < len(names) else tr("Seat {n}", n=seat + 1)


# ---- a card in words ----

def ability_text(face) -> str:
    """The card's immediate ability in words (the family's words)."""
    return family_words.ability_text(face) if face.ability else tr("No ability.")


def scoring_text(face) -> str:
    """The card's scoring scroll in words (the family's words)."""
    return family_words.scoring_text(face) if face.scoring is not None else tr("Scores nothing.")


def face_texts(face) -> tuple:
    """What a card face may say, (ability, short ability, scoring, short scoring): the face writes the
    most of them that fits whole (game/ui/families/tableau/art.py)."""
    def cap(text):
        return text[:1].upper() + text[1:]
    ability = (family_words.ability_text(face), cap(family_words.ability_short(face))) if face.ability else ("", "")
    scoring = (scoring_text(face), cap(family_words.scoring_short(face)) if face.scoring is not None else "")
    return ability + scoring


def shields_text(face) -> str:
    if not face.shields:
        return tr("no shield")
    return ", ".join(shield_word(s) for s in face.shields)


_LOCATION_LINE = {"castle": N_("Castle (banner: a tower)"), "village": N_("Village (banner: a house)")}
_MESSENGER_LINE = {"castle": N_("bought face up, it sends the Messenger to the Village"),
                   "village": N_("bought face up, it sends the Messenger to the Castle")}


def card_lines(face) -> list:
    """The zoom panel's lines for a card: (heading, text)."""
    loc = "village" if str(face.location).lower() == "village" else "castle"
    lines = [(trc("card", "Location"), tr(_LOCATION_LINE[loc])),
             (trc("card", "Cost"), tr("{n} gold", n=face.cost)),
             (trc("card", "Shields"), shields_text(face))]
    if face.messenger:
        lines.append((trc("card", "Messenger"), tr(_MESSENGER_LINE[loc])))
    lines.append((trc("card", "Ability"), ability_text(face)))
    lines.append((trc("card", "Scoring"), scoring_text(face)))
    return lines


def discounts_text(discounts) -> str:
    """'Castle −1, Village −2' ("" when none)."""
    castle, village = (tuple(discounts) + (0, 0))[:2]
    parts = []
    if castle:
        parts.append(tr("Castle −{n}", n=castle))
    if village:
        parts.append(tr("Village −{n}", n=village))
    return ", ".join(parts)


# ---- the moment in words ----

def face_down_label(on: bool) -> str:
    """The toggle's label: short, so the status bar never shrinks it (its tooltip, the prompt and the
    band across the cards on offer say what it gives)."""
    return ("✓ " if on else "") + trc("toggle", "Face down")


def location_word(loc: str) -> str:
    word = location_of(loc)["word"]
    return tr(word)


def option_text(view, index: int) -> str:
    """The words of option `index` of a "choose" (from the view's pending)."""
    pending = dict(view.pending)
    options = pending.get("options", ())
    if index < len(options):
        return str(local(options[index]))
    return tr("Option {n}", n=index + 1)


BUTTON_ROOM = 200       # a button label's width at 13 px bold: the status bar's buttons hold it at 11 px or more


def fitting(candidates, room: int = BUTTON_ROOM, size: int = 13) -> str:
    """The first of `candidates` (most words first) no wider than `room` at `size` bold, else the last."""
    from game.ui import fonts
    for text in candidates:
        if fonts.width(text, size, True) <= room:
            return text
    return candidates[-1]


_KEY_REFRESH_BUTTON = {"castle": N_("Key: 3 new Castle cards"), "village": N_("Key: 3 new Village cards")}
_KEY_REFRESH_CONFIRM = {"castle": (N_("3 new Castle cards"), N_("new Castle cards")),
                        "village": (N_("3 new Village cards"), N_("new Village cards"))}


def _other(view) -> str:
    return next((loc for loc in view.locations if loc != view.messenger), "")


def button_label(action, view, room: int = BUTTON_ROOM) -> str:
    """The label of the button for a place-less legal action (short: the status bar's buttons are at
    most 220 px wide, and a question's "Confirm " goes in front; `room`: a key's label's, wider in a
    larger window)."""
    kind = action.kind
    if kind == "key_move":
        other = _other(view)
        return tr("Key: Messenger → {where}", where=location_word(other)) if other else \
            tr("Key: move the Messenger")
    if kind == "key_refresh":
        return fitting([tr(_KEY_REFRESH_BUTTON[view.messenger]), tr("Key: 3 new cards")], max(room, BUTTON_ROOM))
    if kind == "choose":
        try:
            index = int(action.choice)
        except (TypeError, ValueError):
            index = 0
        card = dict(view.pending).get("card")
        shorts = family_words.option_shorts(view.face(card)) if card is not None else ()
        if index < len(shorts):
            return fitting(shorts[index])
        return fitting([option_text(view, index), tr("Option {n}", n=index + 1)])
    if kind == "purses_done":
        return trc("button", "Done")
    return kind.replace("_", " ").capitalize()


def confirm_labels(action, view) -> list:
    """A key's button while its question waits, most words first (the table puts "Confirm " in front)."""
    if action.kind == "key_move":
        other = _other(view)
        if not other:
            return [tr("move the Messenger")]
        return [tr("Messenger → {where}", where=location_word(other)), f"→ {location_word(other)}"]
    full, short = _KEY_REFRESH_CONFIRM[view.messenger]
    return [tr(full), tr(short), tr("new cards")]


_KEY_MOVE_QUESTION = {"castle": N_("Spend a key to move the Messenger to the Castle? Press M again or click "
                                   "Confirm; Esc keeps your key."),
                      "village": N_("Spend a key to move the Messenger to the Village? Press M again or click "
                                    "Confirm; Esc keeps your key.")}
_KEY_REFRESH_QUESTION = {"castle": N_("Spend a key for 3 new Castle cards (these 3 are discarded)? Press N again "
                                      "or click Confirm; Esc keeps your key."),
                         "village": N_("Spend a key for 3 new Village cards (these 3 are discarded)? Press N again "
                                       "or click Confirm; Esc keeps your key.")}


def key_question(action, view) -> str:
    """The question a key's first press asks (its second press, or Confirm, spends the key)."""
    if action.kind == "key_move":
        other = _other(view)
        if not other:
            return tr("Spend a key to move the Messenger? Press M again or click Confirm; Esc keeps your key.")
        return tr(_KEY_MOVE_QUESTION[other])
    return tr(_KEY_REFRESH_QUESTION[view.messenger])


_DRAG = {("castle", False): N_("{who}: drag a Castle card onto a lit cell."),
         ("village", False): N_("{who}: drag a Village card onto a lit cell."),
         ("castle", True): N_("{who}: drag a Castle card face down onto a lit cell."),
         ("village", True): N_("{who}: drag a Village card face down onto a lit cell.")}


def prompt(view, seat, names, face_down: bool = False) -> str:
    """The status line for `seat`'s decision."""
    who = name_of(names, seat)
    phase = view.phase
    pending = dict(view.pending)
    card = pending.get("card")
    card_name = local(view.face(card).name) if card is not None else tr("the card")
    if phase in ("turn", "buy"):
        # short: at 1024x640 the key buttons leave the prompt two short lines (the side panel's
        # keys say "Click: a card, then a cell")
        loc = "village" if view.messenger == "village" else "castle"
        return tr(_DRAG[loc, bool(face_down)], who=who)
    if phase == "choose":
        # the buttons are short: the prompt says both options in full
        ability = family_words.ability_text(view.face(card)) if card is not None else tr("choose one of the two.")
        return f"{who}: {card_name}: {ability}"
    if phase == "neighbour":
        gains = pending.get("gains")
        if gains and "left" in pending and "right" in pending:
            return tr("{who}: {card} counts a neighbour's tableau: click the plate of your left or right neighbour "
                      "({left} gives {a}, {right} gives {b}).", who=who, card=card_name,
                      left=name_of(names, pending["left"]), a=gains[0], right=name_of(names, pending["right"]),
                      b=gains[1])
        return tr("{who}: {card} counts a neighbour's tableau: click the plate of your left or right neighbour.",
                  who=who, card=card_name)
    if phase == "discard_display":
        return tr("{who}: {card}: click a display card to discard it and gain its cost.", who=who, card=card_name)
    if phase == "fill":
        limit = pending.get("limit", 2)
        return tr("{who}: {card}: click up to {n} purse cards to fill with gold from the supply.", who=who,
                  card=card_name, n=limit)
    if phase == "purses":
        return tr("{who}: store your leftover gold on your purse cards (left click adds one, right click "
                  "takes one back), then Done.", who=who)
    if phase == "over":
        return tr("The game is over.")
    return tr(view.log_hint) if view.log_hint else ""


_WHERE_THE_MESSENGER_IS = {"castle": N_("Take a card where the Messenger is: the Castle."),
                           "village": N_("Take a card where the Messenger is: the Village.")}


def why_not(view, selection, place, names=()) -> str:
    """Why a drop of `selection` on `place` is refused (the slide-back's words)."""
    if not place:
        return ""
    zone = place[0]
    if zone == "cell":
        if view.phase in ("turn", "buy") and selection:
            if place[1] != view.current:
                return tr("Place the card in your own tableau.")
            if (place[2], place[3]) not in tuple(view.legal_cells):
                return tr("A card goes next to a card already there (not diagonally), and a row or column "
                          "never gets a fourth card.")
            return tr("That cell is taken.")
        if view.phase == "purses":
            return tr("Only a purse card stores gold.")
    if zone == "display" and view.phase in ("turn", "buy"):
        if place[1] != view.messenger:
            here = "village" if view.messenger == "village" else "castle"
            return tr(_WHERE_THE_MESSENGER_IS[here])
        price = view.price(place[2])
        gold = view.seats[view.current].gold
        if price is not None and price > gold:
            return tr("{card} costs you {price} gold and you have {gold}: take it face down instead (the Face "
                      "down button, or F).", card=view.face(place[2]).name, price=price, gold=gold)
    return ""


def not_draggable(view, place) -> str:
    """Why a display card cannot be lifted now ("" when no reason is known)."""
    if not place or place[0] != "display" or view.phase not in ("turn", "buy"):
        return ""
    return why_not(view, (), place)
