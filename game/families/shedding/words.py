"""The shedding family's words: one line of "What happened" per event (events are public), a
move in a few words for the seat about to make it (the hint, the review), and a seat's columns in
the round summary."""

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


def phrase(action, view, names, ruleset=None) -> str:
    """A move in a few words, said to the seat whose `view` it is and from that view alone: a card
    is named only where the view shows it (the viewer's hand, the drawn card, the discard pile).
    `names` goes unused: every move is the viewer's own, "you"."""
    k = action.kind
    if k == "call":
        return f"call {view.call_name}"
    if k == "discard":
        said = "discard " + _laid(view, [p[2] for p in action.places if p[0] == "hand"])
        # action-card variant: while cards are owed only a 2 or a joker may be laid, passing them on
        return said + " to pass the draw on" if view.owed else said
    if k == "draw":
        return "draw from the deck"
    if k == "take":
        return f"take {_the(view, action.places[0][1])} from the discard pile"
    if k == "free_discard":
        return f"throw {_the_drawn(view, action.places[0][2])} for free"
    if k == "keep":
        return f"keep {_the_drawn(view, view.drawn)}"
    if k == "draw_penalty":
        return f"draw the {view.owed} cards you owe" if view.owed else "draw the cards you owe"
    if k == "next_round":
        return "start the next round"
    return k.replace("_", " ")


def _shown(view, card) -> bool:
    """Does the view show this card's face to its viewer?"""
    return card is not None and (card in view.hand or card == view.drawn or card in view.last_discard
                                 or card in view.just_discarded or card in view.gone)


def _is_joker(face) -> bool:
    return face.suit is None        # the one card without a suit


def _the(view, card) -> str:
    """A card with its article, as the log names it: "the 9 of clubs", "a joker"; "a card" unseen."""
    if not _shown(view, card):
        return "a card"
    face = view.face(card)
    return "a joker" if _is_joker(face) else f"the {face.title}"


def _the_drawn(view, card) -> str:
    """The card just drawn from the deck: "the drawn 9 of hearts" (named where the view shows it)."""
    if not _shown(view, card):
        return "the drawn card"
    face = view.face(card)
    return "the drawn joker" if _is_joker(face) else f"the drawn {face.title}"


def _laid(view, cards) -> str:
    """Cards laid together: one card, a set card by card ("the 9 of clubs and the 9 of hearts"), a
    run by its ranks and suit ("the run 4-5-6 of clubs"); "2 cards" where the view hides them."""
    if not all(_shown(view, c) for c in cards):
        return "a card" if len(cards) == 1 else f"{len(cards)} cards"
    faces = [view.face(c) for c in cards]
    if len(faces) >= 3 and len({f.match for f in faces}) > 1:
        # a run: the hand places are laid low to high, a wild joker where it stands in
        suit = next(f.suit for f in faces if not _is_joker(f))
        return "the run " + "-".join("joker" if _is_joker(f) else f.label for f in faces) + f" of {suit}"
    if all(_is_joker(f) for f in faces) and len(faces) > 1:
        return f"{len(faces)} jokers"
    named = [_the(view, c) for c in cards]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def score_lines(result) -> tuple:
    """A seat's round in the summary: its hand's points, the undercut penalty, a 51/99 reset."""
    return (("Hand", str(result.points)),
            ("Penalty", f"+{result.penalty}" if result.penalty else "0"),
            ("Round", f"+{result.round_points}"),
            ("Reset", result.reset or "—"))
