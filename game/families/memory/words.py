"""The memory family's log sentences: one line of "What happened" per event (events are public),
and `a_card`, the one place a card's name gets its article ("an Ace", "an 8", "a 7"): the log, the
table's banners and prompts all take it from here."""

# Letters said with a vowel first, when a card's name is a letter alone (an A, an F; a K, a Q).
_VOWEL_LETTERS = frozenset("AEFHILMNORSX")
# Words written with a vowel that start with a consonant sound ("a unicorn", "a one-eyed jack").
_CONSONANT_SOUND = ("uni", "use", "one", "eu")


def article(title: str) -> str:
    """"a" or "an" for a card's name as it is said: "an" before a vowel sound (an Ace, an Energy,
    an 8, an 11, an 18, an 80, an A), "a" otherwise (a 7, a -1, a 10, a Jack, a Red King, a K)."""
    words = (title or "").split()
    if not words:
        return "a"
    first = words[0]
    if first[0].isdigit():
        digits = first[:next((i for i, ch in enumerate(first) if not ch.isdigit()), len(first))]
        return "an" if digits.startswith("8") or digits in ("11", "18") else "a"
    if len(first) == 1 and first.isalpha():
        return "an" if first.upper() in _VOWEL_LETTERS else "a"
    lower = first.lower()
    if lower.startswith(_CONSONANT_SOUND):
        return "a"
    return "an" if lower[0] in "aeiou" else "a"


def a_card(face_or_title) -> str:
    """A card's name with its article: "an Ace", "an 8", "a Blue King" (a CardDef or its title)."""
    title = face_or_title if isinstance(face_or_title, str) else face_or_title.title
    return f"{article(title)} {title}" if title else "a card"


def _pos_words(pos, names, actor=None) -> str:
    seat, slot = pos
    whose = "their own" if seat == actor else f"{names[seat]}'s"
    return f"{whose} card {slot + 1}"


def describe(event, names, call_name: str = "Call") -> str:
    """One log sentence for an event, naming players; '' for events not worth a line."""
    k = event.kind
    who = names[event.seat] if event.seat is not None else ""
    face = event.face.title if event.face is not None else ""
    if k == "deal":
        return f"Round {event.get('round')}: {names[event.seat]} deals."
    if k == "look_start":
        return f"{who} looks at their starting cards."
    if k == "draw":
        return f"{who} draws from the deck." if event.src == "deck" else f"{who} takes the {face} from the discard pile."
    if k == "exchange":
        return f"{who} exchanges their card {event.pos[1] + 1} and discards {a_card(face)}."
    if k == "discard":
        return f"{who} discards the drawn {face}."
    if k == "ability":
        return f"{who} uses {event.get('name')}."
    if k == "choose":
        return f"{who} chooses {event.get('name')}."
    if k == "skip":
        return f"{who} gives no card back." if event.get("give") else f"{who} skips the ability."
    if k == "extra_turn":
        return f"{who} will take another turn."
    if k == "peek":
        return f"{who} looks at {_pos_words(event.pos, names, event.seat)}."
    if k == "pick":
        return f"{who} picks {_pos_words(event.pos, names, event.seat)}."
    if k == "reveal":
        shown = ", ".join(f"{names[p[0]]}'s {f.title}" for p, f in event.faces)
        return f"Revealed to everyone: {shown}."
    if k == "swap":
        return f"{who} swaps {_pos_words(event.pos, names, event.seat)} with {_pos_words(event.pos2, names, event.seat)}."
    if k == "match":
        src = _pos_words(event.pos, names, event.seat)
        if event.ok:
            return f"{who} matches with {src}: {a_card(face)}!"
        if event.get("late"):
            return f"{who} throws {src}, {a_card(face)}: too late!"
        return f"{who} tries {src}, {a_card(face)}: wrong!"
    if k == "give":
        return f"{who} gives their card {event.pos[1] + 1} to {names[event.pos2[0]]}."
    if k == "decide":
        claimer = names[event.get("claimer")]
        if event.get("choice") == "take":
            return f"{who} makes {claimer} take the card."
        return f"{who} returns the card; {claimer} takes a penalty card."
    if k == "penalty":
        return f"{who} takes a penalty card." if event.ok else f"{who} would take a penalty card, but none is left."
    if k == "call":
        if event.get("auto"):
            return f"{who} has no cards left: automatic {call_name}!"
        return f"{who} calls {call_name}!"
    if k == "reshuffle":
        return f"The discard pile is shuffled into a new deck ({event.get('cards')} cards)."
    if k == "round_over":
        return "The round is over: cards are revealed."
    if k == "match_over":
        return "The match is over: " + " and ".join(names[s] for s in event.get("winners")) + " won."
    if k == "pass":
        return ""
    return ""


def score_lines(result) -> tuple:
    """A seat's round in the summary: the revealed hand and the call's bonus or penalty."""
    return (("Hand", str(result.hand)), ("Bonus", f"{result.bonus:+d}" if result.bonus else "0"))
