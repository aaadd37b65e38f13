"""What Castle Combo's table says: a card in words (for the zoom panel), the prompt of each phase,
the buttons' labels and why a drop is refused.

A card's ability and scoring are the family's words (game/families/tableau/words.py), so the log,
the cards and the zoom panel say the same.
"""
from __future__ import annotations

from game.families.tableau import words as family_words
from game.ui.families.tableau.art import location_of, shield_word

FACE_DOWN_GOLD = 6
FACE_DOWN_KEYS = 2


def name_of(names, seat) -> str:
    if seat is None:
        return ""
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def plural(n: int, noun: str, nouns: str = "") -> str:
    return f"{n} {noun if n == 1 else nouns or noun + 's'}"


# ---- a card in words ----

def ability_text(face) -> str:
    """The card's immediate ability in words (the family's words)."""
    return family_words.ability_text(face) if face.ability else "No ability."


def scoring_text(face) -> str:
    """The card's scoring scroll in words (the family's words)."""
    return family_words.scoring_text(face) if face.scoring is not None else "Scores nothing."


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
        return "no shield"
    return ", ".join(shield_word(s) for s in face.shields)


def card_lines(face) -> list:
    """The zoom panel's lines for a card: (heading, text)."""
    loc = location_of(face.location)["word"]
    lines = [("Location", f"{loc} (banner: {'a house' if loc == 'Village' else 'a tower'})"),
             ("Cost", f"{face.cost} gold"),
             ("Shields", shields_text(face))]
    if face.messenger:
        other = "Castle" if loc == "Village" else "Village"
        lines.append(("Messenger", f"bought face up, it sends the Messenger to the {other}"))
    lines.append(("Ability", ability_text(face)))
    lines.append(("Scoring", scoring_text(face)))
    return lines


def discounts_text(discounts) -> str:
    """'Castle −1, Village −2' ("" when none)."""
    castle, village = (tuple(discounts) + (0, 0))[:2]
    parts = []
    if castle:
        parts.append(f"Castle −{castle}")
    if village:
        parts.append(f"Village −{village}")
    return ", ".join(parts)


# ---- the moment in words ----

def face_down_label(on: bool) -> str:
    """The toggle's label: short, so the status bar never shrinks it (its tooltip, the prompt and the
    band across the cards on offer say what it gives)."""
    return ("✓ " if on else "") + "Face down"


def location_word(loc: str) -> str:
    return location_of(loc)["word"]


def option_text(view, index: int) -> str:
    """The words of option `index` of a "choose" (from the view's pending)."""
    pending = dict(view.pending)
    options = pending.get("options", ())
    if index < len(options):
        return str(options[index])
    return f"Option {index + 1}"


BUTTON_ROOM = 200       # a button label's width at 13 px bold: the status bar's buttons hold it at 11 px or more


def fitting(candidates, room: int = BUTTON_ROOM, size: int = 13) -> str:
    """The first of `candidates` (most words first) no wider than `room` at `size` bold, else the last."""
    from game.ui import fonts
    for text in candidates:
        if fonts.width(text, size, True) <= room:
            return text
    return candidates[-1]


def button_label(action, view) -> str:
    """The label of the button for a place-less legal action (short: the status bar's buttons are at
    most 220 px wide, and a question's "Confirm " goes in front)."""
    kind = action.kind
    if kind == "key_move":
        other = next((loc for loc in view.locations if loc != view.messenger), "")
        return f"Key: Messenger → {location_word(other)}" if other else "Key: move the Messenger"
    if kind == "key_refresh":
        return f"Key: 3 new {location_word(view.messenger)} cards"
    if kind == "choose":
        try:
            index = int(action.choice)
        except (TypeError, ValueError):
            index = 0
        card = dict(view.pending).get("card")
        shorts = family_words.option_shorts(view.face(card)) if card is not None else ()
        if index < len(shorts):
            return fitting(shorts[index])
        return fitting([option_text(view, index), f"Option {index + 1}"])
    if kind == "purses_done":
        return "Done"
    return kind.replace("_", " ").capitalize()


def confirm_labels(action, view) -> list:
    """A key's button while its question waits, most words first (the table puts "Confirm " in front)."""
    if action.kind == "key_move":
        other = next((loc for loc in view.locations if loc != view.messenger), "")
        if not other:
            return ["move the Messenger"]
        return [f"Messenger → {location_word(other)}", f"→ {location_word(other)}"]
    loc = location_word(view.messenger)
    return [f"3 new {loc} cards", f"new {loc} cards", "new cards"]


def key_question(action, view) -> str:
    """The question a key's first press asks (its second press, or Confirm, spends the key)."""
    if action.kind == "key_move":
        other = next((loc for loc in view.locations if loc != view.messenger), "")
        where = f" to the {location_word(other)}" if other else ""
        return f"Spend a key to move the Messenger{where}? Press M again or click Confirm; Esc keeps your key."
    loc = location_word(view.messenger)
    return (f"Spend a key for 3 new {loc} cards (these 3 are discarded)? Press N again or click Confirm; "
            f"Esc keeps your key.")


def prompt(view, seat, names, face_down: bool = False) -> str:
    """The status line for `seat`'s decision."""
    who = name_of(names, seat)
    phase = view.phase
    pending = dict(view.pending)
    card = pending.get("card")
    card_name = view.face(card).name if card is not None else "the card"
    if phase in ("turn", "buy"):
        loc = location_word(view.messenger)
        down = " face down" if face_down else ""
        # short: at 1024x640 the key buttons leave the prompt two short lines (the side panel's
        # keys say "Click: a card, then a cell")
        return f"{who}: drag a {loc} card{down} onto a lit cell."
    if phase == "choose":
        # the buttons are short: the prompt says both options in full
        ability = family_words.ability_text(view.face(card)) if card is not None else "choose one of the two."
        return f"{who}: {card_name}: {ability}"
    if phase == "neighbour":
        text = f"{who}: {card_name} counts a neighbour's tableau: click the plate of your left or right neighbour"
        gains = pending.get("gains")
        if gains and "left" in pending and "right" in pending:
            text += (f" ({name_of(names, pending['left'])} gives {gains[0]}, "
                     f"{name_of(names, pending['right'])} gives {gains[1]})")
        return text + "."
    if phase == "discard_display":
        return f"{who}: {card_name}: click a display card to discard it and gain its cost."
    if phase == "fill":
        limit = pending.get("limit", 2)
        return f"{who}: {card_name}: click up to {limit} purse cards to fill with gold from the supply."
    if phase == "purses":
        return (f"{who}: store your leftover gold on your purse cards (left click adds one, right click "
                f"takes one back), then Done.")
    if phase == "over":
        return "The game is over."
    return view.log_hint or ""


def why_not(view, selection, place, names=()) -> str:
    """Why a drop of `selection` on `place` is refused (the slide-back's words)."""
    if not place:
        return ""
    zone = place[0]
    if zone == "cell":
        if view.phase in ("turn", "buy") and selection:
            if place[1] != view.current:
                return "Place the card in your own tableau."
            if (place[2], place[3]) not in tuple(view.legal_cells):
                return ("A card goes next to a card already there (not diagonally), and a row or column "
                        "never gets a fourth card.")
            return "That cell is taken."
        if view.phase == "purses":
            return "Only a purse card stores gold."
    if zone == "display" and view.phase in ("turn", "buy"):
        if place[1] != view.messenger:
            return f"Take a card where the Messenger is: the {location_word(view.messenger)}."
        price = view.price(place[2])
        gold = view.seats[view.current].gold
        if price is not None and price > gold:
            return (f"{view.face(place[2]).name} costs you {price} gold and you have {gold}: take it face "
                    f"down instead (the Face down button, or F).")
    return ""


def not_draggable(view, place) -> str:
    """Why a display card cannot be lifted now ("" when no reason is known)."""
    if not place or place[0] != "display" or view.phase not in ("turn", "buy"):
        return ""
    return why_not(view, (), place)
