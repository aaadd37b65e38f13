"""The shedding family's words: one line of "What happened" per event (events are public), and a
seat's columns in the round summary."""

_SHAPES = {"single": "", "set": "a set: ", "run": "a run: "}


def _cards(faces) -> str:
    return ", ".join(face.title for _, face in faces)


def describe(event, names, call_name: str = "Kumbal") -> str:
    """One log sentence for an event, naming players; '' for events not worth a line."""
    k = event.kind
    who = names[event.seat] if event.seat is not None else ""
    face = event.face.title if event.face is not None else ""
    if k == "deal":
        return f"Round {event.get('round')}: {who} deals {event.get('hand_size')} cards each; the {face} is turned up."
    if k == "call":
        return f"{who} calls {event.get('name') or call_name} with {event.get('points')} points!"
    if k == "discard":
        return f"{who} discards {_SHAPES.get(event.get('shape'), '')}{_cards(event.faces)}."
    if k == "draw":
        return f"{who} draws from the deck."
    if k == "take":
        return f"{who} takes the {face} from the discard pile."
    if k == "free_discard":
        return f"{who} drew another {face} and throws it for free."
    if k == "keep":
        return f"{who} keeps the card."
    if k == "draw_penalty":
        drawn, owed = event.get("cards"), event.get("owed")
        if drawn < owed:
            return f"{who} draws {drawn} of the {owed} cards owed; no more cards are left."
        return f"{who} draws the {owed} cards owed."
    if k == "reverse":
        return f"The {face} reverses the order of play."
    if k == "skip":
        return f"{who} is skipped."
    if k == "owe":
        return f"{who} must draw {event.get('cards')} cards, or pass them on with a 2 or a joker."
    if k == "reshuffle":
        return f"The deck is empty: the discard pile is shuffled into a new deck ({event.get('cards')} cards)."
    if k == "round_over":
        why = event.get("why")
        if why == "call":
            return "The round is over: hands are revealed."
        if why == "nothing_to_draw":
            return "No card is left to draw: the round is over, hands are revealed."
        return "The round has gone on too long: it is over, hands are revealed."
    if k == "reset":
        return f"{who} has exactly {event.get('at')} points: back to {event.get('to')}!"
    if k == "match_over":
        return "The match is over: " + " and ".join(names[s] for s in event.get("winners")) + " won."
    return ""   # turn, next_round: shown by the table, not worth a line


def score_lines(result) -> tuple:
    """A seat's round in the summary: its hand's points, the undercut penalty, a 51/99 reset."""
    return (("Hand", str(result.points)),
            ("Penalty", f"+{result.penalty}" if result.penalty else "0"),
            ("Round", f"+{result.round_points}"),
            ("Reset", result.reset or "—"))
