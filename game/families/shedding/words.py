"""The shedding family's words: one line of "What happened" per event (events are public), a
move in a few words for the seat about to make it (the hint, the review), and a seat's columns in
the round summary.

Every sentence goes through game.i18n (tr, trn, trc), written whole with named fields, so a
translation may order it as its language does. A card is named by `card_name` in the table's
language ("9 of clubs", "Ace of hearts"; German "Kreuz-9", "Herz-Ass"): German puts no article in
front of a card's name here (its article depends on the card), so the English sentences that say
"the 9 of clubs" have German ones that name the card bare ("{who} nimmt Kreuz-9 vom Ablagestapel.").
"""
from game.i18n import N_, Text, local, tr, trc, trn

# The standard ranks' English names (rulesets/kumbal.yaml: `name:`), marked for the catalog: a
# suited card's name is made by the engine in English only ("Ace of hearts"), so its rank is
# translated here by its English name. A ruleset's own names outside these stay as written.
RANK_NAMES = (N_("Ace"), N_("Jack"), N_("Queen"), N_("King"), N_("Joker"))


def suit_name(suit: str) -> str:
    """A suit as a card's name says it: "clubs" (German "Kreuz")."""
    names = {"clubs": trc("a suit", "clubs"), "diamonds": trc("a suit", "diamonds"),
             "hearts": trc("a suit", "hearts"), "spades": trc("a suit", "spades")}
    return names.get(suit, suit)


def card_name(face) -> str:
    """A card's name in the table's language, as the log says it: "9 of clubs", "Ace of hearts",
    "Joker" (German "Kreuz-9", "Herz-Ass", "Joker"). In English exactly the face's title."""
    name = face.title
    if isinstance(name, Text) and name.translations:
        return local(name)          # the ruleset names the card in the table's language itself
    suit = face.suit
    tail = f" of {suit}" if suit else ""
    if tail and name.endswith(tail):
        rank = name[:-len(tail)]
        return trc("a card: its rank and its suit", "{rank} of {suit}", rank=tr(rank) if rank else rank,
                   suit=suit_name(suit))
    return tr(str(name)) if name else name


def names_listed(names) -> str:
    """Names listed: "Ana", "Ana and Ben" (German "Ana und Ben")."""
    names = list(names)
    if not names:
        return ""
    said = names[0]
    for name in names[1:]:
        said = tr("{first} and {second}", first=said, second=name)
    return said


def _cards(faces) -> str:
    return ", ".join(card_name(face) for _, face in faces)


def describe(event, names, call_name: str = "Kumbal") -> str:
    """One log sentence for an event, naming players; '' for events not worth a line."""
    k = event.kind
    who = names[event.seat] if event.seat is not None else ""
    card = card_name(event.face) if event.face is not None else ""
    if k == "deal":
        n = event.get("hand_size")
        return trn("Round {round}: {who} deals {n} card each; the {card} is turned up.",
                   "Round {round}: {who} deals {n} cards each; the {card} is turned up.", n,
                   round=event.get("round"), who=who, n=n, card=card)
    if k == "call":
        points = event.get("points")
        return trn("{who} calls {call} with {points} point!", "{who} calls {call} with {points} points!",
                   points, who=who, call=event.get("name") or call_name, points=points)
    if k == "discard":
        cards = _cards(event.faces)
        shape = event.get("shape")
        if shape == "set":
            return tr("{who} discards a set: {cards}.", who=who, cards=cards)
        if shape == "run":
            return tr("{who} discards a run: {cards}.", who=who, cards=cards)
        return tr("{who} discards {cards}.", who=who, cards=cards)
    if k == "draw":
        return tr("{who} draws from the deck.", who=who)
    if k == "take":
        return tr("{who} takes the {card} from the discard pile.", who=who, card=card)
    if k == "free_discard":
        return tr("{who} drew another {card} and throws it for free.", who=who, card=card)
    if k == "keep":
        return tr("{who} keeps the card.", who=who)
    if k == "draw_penalty":
        drawn, owed = event.get("cards"), event.get("owed")
        if drawn < owed:
            return trn("{who} draws {drawn} of the {owed} card owed; no more cards are left.",
                       "{who} draws {drawn} of the {owed} cards owed; no more cards are left.", owed,
                       who=who, drawn=drawn, owed=owed)
        return trn("{who} draws the {owed} card owed.", "{who} draws the {owed} cards owed.", owed,
                   who=who, owed=owed)
    if k == "reverse":
        return tr("The {card} reverses the order of play.", card=card)
    if k == "skip":
        return tr("{who} is skipped.", who=who)
    if k == "owe":
        n = event.get("cards")
        return trn("{who} must draw {n} card, or pass it on with a 2 or a joker.",
                   "{who} must draw {n} cards, or pass them on with a 2 or a joker.", n, who=who, n=n)
    if k == "reshuffle":
        n = event.get("cards")
        return trn("The deck is empty: the discard pile is shuffled into a new deck ({n} card).",
                   "The deck is empty: the discard pile is shuffled into a new deck ({n} cards).", n, n=n)
    if k == "round_over":
        why = event.get("why")
        if why == "call":
            return tr("The round is over: hands are revealed.")
        if why == "nothing_to_draw":
            return tr("No card is left to draw: the round is over, hands are revealed.")
        return tr("The round has gone on too long: it is over, hands are revealed.")
    if k == "reset":
        at = event.get("at")
        return trn("{who} has exactly {at} point: back to {to}!", "{who} has exactly {at} points: back to {to}!",
                   at, who=who, at=at, to=event.get("to"))
    if k == "match_over":
        winners = event.get("winners")
        return trn("The match is over: {winners} won.", "The match is over: {winners} won.", len(winners),
                   winners=names_listed(names[s] for s in winners))
    return ""   # turn, next_round: shown by the table, not worth a line


def phrase(action, view, names, ruleset=None) -> str:
    """A move in a few words, said to the seat whose `view` it is and from that view alone: a card
    is named only where the view shows it (the viewer's hand, the drawn card, the discard pile).
    `names` goes unused: every move is the viewer's own, "you"."""
    k = action.kind
    if k == "call":
        return tr("call {call}", call=view.call_name)
    if k == "discard":
        laid = _laid(view, [p[2] for p in action.places if p[0] == "hand"])
        # action-card variant: while cards are owed only a 2 or a joker may be laid, passing them on
        if view.owed:
            return tr("discard {cards} to pass the draw on", cards=laid)
        return tr("discard {cards}", cards=laid)
    if k == "draw":
        return tr("draw from the deck")
    if k == "take":
        return tr("take {card} from the discard pile", card=_the(view, action.places[0][1]))
    if k == "free_discard":
        card = action.places[0][2]
        if not _shown(view, card):
            return tr("throw the drawn card for free")
        face = view.face(card)
        if _is_joker(face):
            return tr("throw the drawn joker for free")
        return tr("throw the drawn {card} for free", card=card_name(face))
    if k == "keep":
        card = view.drawn
        if not _shown(view, card):
            return tr("keep the drawn card")
        face = view.face(card)
        if _is_joker(face):
            return tr("keep the drawn joker")
        return tr("keep the drawn {card}", card=card_name(face))
    if k == "draw_penalty":
        if view.owed:
            return trn("draw the {n} card you owe", "draw the {n} cards you owe", view.owed, n=view.owed)
        return tr("draw the cards you owe")
    if k == "next_round":
        return tr("start the next round")
    return k.replace("_", " ")


def _shown(view, card) -> bool:
    """Does the view show this card's face to its viewer?"""
    return card is not None and (card in view.hand or card == view.drawn or card in view.last_discard
                                 or card in view.just_discarded or card in view.gone)


def _is_joker(face) -> bool:
    return face.suit is None        # the one card without a suit


def _the(view, card) -> str:
    """A card with its article, as the log names it: "the 9 of clubs", "a joker"; "a card" unseen
    (German, as the object of a verb: "Kreuz-9", "einen Joker", "eine Karte")."""
    if not _shown(view, card):
        return tr("a card")
    face = view.face(card)
    return tr("a joker") if _is_joker(face) else tr("the {card}", card=card_name(face))


def _laid(view, cards) -> str:
    """Cards laid together: one card, a set card by card ("the 9 of clubs and the 9 of hearts"), a
    run by its ranks and suit ("the run 4-5-6 of clubs"); "2 cards" where the view hides them."""
    if not all(_shown(view, c) for c in cards):
        return tr("a card") if len(cards) == 1 else trn("{n} card", "{n} cards", len(cards), n=len(cards))
    faces = [view.face(c) for c in cards]
    if len(faces) >= 3 and len({f.match for f in faces}) > 1:
        # a run: the hand places are laid low to high, a wild joker where it stands in
        suit = next(f.suit for f in faces if not _is_joker(f))
        ranks = "-".join(trc("a joker in a run", "joker") if _is_joker(f) else local(f.label) for f in faces)
        return tr("the run {ranks} of {suit}", ranks=ranks, suit=suit_name(suit))
    if all(_is_joker(f) for f in faces) and len(faces) > 1:
        return trn("{n} joker", "{n} jokers", len(faces), n=len(faces))
    named = [_the(view, c) for c in cards]
    if len(named) == 1:
        return named[0]
    return tr("{cards} and {last}", cards=", ".join(named[:-1]), last=named[-1])


def score_lines(result) -> tuple:
    """A seat's round in the summary: its hand's points, the undercut penalty, a 51/99 reset."""
    return ((trc("a column of the round summary", "Hand"), str(result.points)),
            (trc("a column of the round summary", "Penalty"), f"+{result.penalty}" if result.penalty else "0"),
            (trc("a column of the round summary", "Round"), f"+{result.round_points}"),
            (trc("a column of the round summary", "Reset"), result.reset or "—"))
