"""The memory family's log sentences: one line of "What happened" per event (events are public),
`phrase`, a move in a few words said to the seat about to make it (the hint and the review), and
`a_card`, the one place a card's name gets its article ("an Ace", "an 8", "a 7"): the log, the
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
    """One log sentence for an event, naming players; '' for events not worth a line (SENTENCES)."""
    say = SENTENCES.get(event.kind)
    if say is None:
        return ""
    who = names[event.seat] if event.seat is not None else ""
    face = event.face.title if event.face is not None else ""
    return say(event, names, who, face, call_name)


def _pos(event, names, pos):
    return _pos_words(pos, names, event.seat)


def _draw(e, names, who, face, call):
    return f"{who} draws from the deck." if e.get("src") == "deck" else f"{who} takes the {face} from the discard pile."


def _match(e, names, who, face, call):
    src = _pos(e, names, e.pos)
    if e.get("ok"):
        return f"{who} matches with {src}: {a_card(face)}!"
    if e.get("late"):
        return f"{who} throws {src}, {a_card(face)}: too late!"
    return f"{who} tries {src}, {a_card(face)}: wrong!"


def _decide(e, names, who, face, call):
    claimer = names[e.get("claimer")]
    if e.get("choice") == "take":
        return f"{who} makes {claimer} take the card."
    return f"{who} returns the card; {claimer} takes a penalty card."


def _call(e, names, who, face, call):
    return f"{who} has no cards left: automatic {call}!" if e.get("auto") else f"{who} calls {call}!"


def _reveal(e, names, who, face, call):
    shown = ", ".join(f"{names[p[0]]}'s {f.title}" for p, f in e.faces)
    return f"Revealed to everyone: {shown}."


# event kind -> its sentence: (event, names, who acted, the card's title, the call's name) -> str
SENTENCES = {
    "deal": lambda e, names, who, face, call: f"Round {e.get('round')}: {names[e.seat]} deals.",
    "look_start": lambda e, names, who, face, call: f"{who} looks at their starting cards.",
    "draw": _draw,
    "exchange": lambda e, names, who, face, call:
        f"{who} exchanges their card {e.pos[1] + 1} and discards {a_card(face)}.",
    "discard": lambda e, names, who, face, call: f"{who} discards the drawn {face}.",
    "ability": lambda e, names, who, face, call: f"{who} uses {e.get('name')}.",
    "choose": lambda e, names, who, face, call: f"{who} chooses {e.get('name')}.",
    "skip": lambda e, names, who, face, call:
        f"{who} gives no card back." if e.get("give") else f"{who} skips the ability.",
    "extra_turn": lambda e, names, who, face, call: f"{who} will take another turn.",
    "peek": lambda e, names, who, face, call: f"{who} looks at {_pos(e, names, e.pos)}.",
    "pick": lambda e, names, who, face, call: f"{who} picks {_pos(e, names, e.pos)}.",
    "reveal": _reveal,
    "swap": lambda e, names, who, face, call:
        f"{who} swaps {_pos(e, names, e.pos)} with {_pos(e, names, e.pos2)}.",
    "match": _match,
    "give": lambda e, names, who, face, call: f"{who} gives their card {e.pos[1] + 1} to {names[e.pos2[0]]}.",
    "decide": _decide,
    "penalty": lambda e, names, who, face, call:
        f"{who} takes a penalty card." if e.get("ok") else f"{who} would take a penalty card, but none is left.",
    "call": _call,
    "reshuffle": lambda e, names, who, face, call:
        f"The discard pile is shuffled into a new deck ({e.get('cards')} cards).",
    "round_over": lambda e, names, who, face, call: "The round is over: cards are revealed.",
    "match_over": lambda e, names, who, face, call:
        "The match is over: " + " and ".join(names[s] for s in e.get("winners")) + " won.",
}


def score_lines(result) -> tuple:
    """A seat's round in the summary: the revealed hand and the call's bonus or penalty."""
    return (("Hand", str(result.hand)), ("Bonus", f"{result.bonus:+d}" if result.bonus else "0"))


# --- a move in words, said to the seat about to make it (Family.phrase) ------------------------

def phrase(action, view, names, ruleset=None) -> str:
    """A move in a few words to the seat whose `view` it is, from that view alone (the hint's
    sentence, the review's lines): "take the 7 from the discard pile", "look at Ben's card 1". An
    ability is chosen by its name in the `ruleset` (public: the rules), else by its key in words."""
    if action.kind == "choose" and ruleset is not None:
        ability = ruleset.abilities.get(action.choice)
        if ability is not None and ability.name:
            return f"choose {ability.name}"
    say = PHRASES.get(action.kind)
    return say(action, view, names) if say is not None else action.kind.replace("_", " ")


def _card_at(pos, view, names) -> str:
    """A position as its viewer says it: "your card 2", "Ben's card 1"."""
    return f"your card {pos[1] + 1}" if pos[0] == view.viewer else _pos_words(pos, names)


def _card_known(pos, view, names) -> str:
    """A position, with its face only where the view shows it: "your card 2 (a 9)", "Ben's card 1".
    Said for the card a move gives up (exchanged, given away), where its face is the point."""
    face = view.slot(pos).face
    where = _card_at(pos, view, names)
    return f"{where} ({a_card(face)})" if face is not None else where


def _drawn(view) -> str:
    """The drawn card, by its face where the view shows it (the drawer's, or anyone's for a card
    taken from the discard pile)."""
    return f"the drawn {view.drawn.title}" if view.drawn is not None else "the drawn card"


def _window_card(view) -> str:
    """The discard the match race is on, face up for everyone."""
    return f"the {view.window.card.title}" if view.window is not None else "the discard"


def _other_name(view, names) -> str:
    """The other seat of a give (the receiver) or of a wrong match (the claimer)."""
    other = view.pending.other if view.pending is not None else None
    return names[other] if other is not None else "them"


def _draw(action, view, names) -> str:
    if action.choice == "deck":
        return "draw from the deck"
    top = view.top
    return f"take the {top.title} from the discard pile" if top is not None else "take from the discard pile"


# what a skip leaves out, by the ability's step (one step is skipped, not the rest of the ability)
_SKIPPED = {"peek": "the look", "swap": "the swap", "choose": "this action", "reveal": "the reveal"}


def _skip(action, view, names) -> str:
    if view.phase == "give":
        return "keep your cards"    # the table's "Keep my cards": no card given back
    step = view.pending.step if view.pending is not None else None
    return "skip " + _SKIPPED.get(step, "the ability")


def _match(action, view, names) -> str:
    said = f"match {_window_card(view)} with {_card_at(action.pos, view, names)}"
    winner = view.window.winner if view.window is not None else None
    late = winner is not None and winner != view.viewer    # another threw first (Cambio's chain)
    return said + " (too late)" if late else said


def _pass(action, view, names) -> str:
    winner = view.window.winner if view.window is not None else None
    if winner is not None and winner == view.viewer:
        return f"throw no more on {_window_card(view)}"    # the chain's winner stops (the table's Done)
    return f"do not match {_window_card(view)}"


def _decide(action, view, names) -> str:
    claimer = _other_name(view, names)
    pos = view.pending.pos if view.pending is not None else None
    card = _card_at(pos, view, names) if pos is not None else "the card"
    if action.choice == "take":
        return f"make {claimer} take {card}"
    if action.choice == "return":
        return f"take back {card}; {claimer} takes a penalty card"
    return f"decide {action.choice}"


# action kind -> its words: (action, view, names) -> str (moves.ACTION_FIELDS lists the kinds)
PHRASES = {
    "look_start": lambda a, view, names: "look at your starting cards",
    "draw": _draw,
    "call": lambda a, view, names: f"call {view.call_name}",
    "exchange": lambda a, view, names: f"exchange {_card_known(a.pos, view, names)} for {_drawn(view)}",
    "discard": lambda a, view, names: f"discard {_drawn(view)}",
    "peek": lambda a, view, names: f"look at {_card_at(a.pos, view, names)}",
    "pick": lambda a, view, names: f"pick {_card_at(a.pos, view, names)} to show everyone",
    "swap": lambda a, view, names:
        f"swap {_card_at(a.pos, view, names)} with {_card_at(a.pos2, view, names)}",
    # without the ruleset (which holds the ability's name; no view carries it): its key, in words
    "choose": lambda a, view, names: "choose " + str(a.choice).replace("_", " "),
    "skip": _skip,
    "match": _match,
    "pass": _pass,
    "give": lambda a, view, names: f"give {_card_known(a.pos, view, names)} to {_other_name(view, names)}",
    "decide": _decide,
    "next_round": lambda a, view, names: "start the next round",
}
