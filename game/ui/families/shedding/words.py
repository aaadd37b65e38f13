"""What Kumbal's table says: the prompt of each moment and why a drop is refused.

The rules decide what is legal (the legal actions light up); these sentences only explain a
refusal in the rule text's words ("a run needs 3 cards of one suit in a row"), from the view.
"""
from __future__ import annotations

from game.i18n import tr, trn

SUIT_ORDER = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3}
SUIT_GLYPH = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}

def name_of(names, seat) -> str:
    if seat is None:
        return ""
    return names[seat] if 0 <= seat < len(names) else tr("Seat {n}", n=seat + 1)


def is_joker(card) -> bool:
    return card.suit is None


def by_rank(card):
    """Sort key: rank, then suit (jokers first: they are worth 0)."""
    return (card.value, SUIT_ORDER.get(card.suit, -1))


def by_suit(card):
    """Sort key: suit, then rank (jokers at the end)."""
    return (SUIT_ORDER.get(card.suit, 9), card.value)


def combination_problem(cards, jokers_wild: bool = False) -> str:
    """Why these cards are no set and no run ("" when they might be one), starting in lower case."""
    if len(cards) <= 1:
        return ""
    values = [c.value for c in cards]
    if len(set(values)) == 1:
        return ""
    plain = [c for c in cards if not is_joker(c)]
    jokers = len(cards) - len(plain)
    if len(cards) == 2:
        return tr("a set needs 2 or more cards of one rank; a run needs 3 cards of one suit in a row")
    if jokers and not jokers_wild:
        return tr("jokers are not wild here: a run needs 3 cards of one suit in a row")
    suits = {c.suit for c in plain}
    if len(suits) > 1:
        if len(set(c.value for c in plain)) > 1:
            return tr("a set needs 2 or more cards of one rank; a run needs 3 cards of one suit in a row")
        return tr("a set needs 2 or more cards of one rank: jokers are not a rank")
    ranks = sorted(c.value for c in plain)
    if len(set(ranks)) < len(ranks):
        return tr("a run needs 3 cards of one suit in a row")
    holes = (ranks[-1] - ranks[0] + 1) - len(ranks)
    if holes > jokers:
        return tr("a run needs 3 cards of one suit in a row: there is a gap")
    return ""


def why_not(view, selection, place, names=(), jokers_wild: bool = False) -> str:
    """The sentence for a refused click or drop of `selection` on `place` (from the view)."""
    zone = place[0] if place else ""
    if view.phase in ("round_over", "match_over"):
        return tr("The round is over.")
    if view.viewer is None or view.viewer not in view.to_act:
        return tr("It is {who}'s turn.", who=name_of(names, view.current))
    if zone == "discard":
        if view.phase == "draw":
            if view.last_by is None:
                return tr("You have discarded this turn: now take the deck's top card or a card of the "
                          "flipped card.")
            return tr("You have discarded this turn: now take the deck's top card or a card of {who}'s "
                      "discard.", who=name_of(names, view.last_by))
        if view.phase == "free":
            return tr("Only the card you just drew may follow for free (it has the rank you discarded).")
        if not selection:
            return tr("Pick the cards to discard first: click them in your hand.")
        if view.owed:
            return trn("You owe {n} card: draw it from the deck, or stack a 2 or a joker.",
                       "You owe {n} cards: draw them from the deck, or stack a 2 or a joker.", view.owed,
                       n=view.owed)
        cards = [view.face(p[2]) for p in selection if p[0] == "hand"]
        problem = combination_problem(cards, jokers_wild)
        return (problem[0].upper() + problem[1:] + ".") if problem else tr("That is no set and no run.")
    if zone == "last":
        if view.phase == "discard":
            return tr("Discard first, then take a card.")
        card = view.face(place[1])
        if is_joker(card):
            return tr("Jokers are lost when played: they cannot be taken from the discard pile.")
        if view.owed or not view.takeable:
            return tr("Action cards cannot be picked up: take the deck's top card.")
        if len(view.last_discard) >= 3 and len({view.face(c).value for c in view.last_discard}) > 1:
            return tr("Of a run, only an end card may be taken.")
        return tr("That card cannot be taken now.")
    if zone == "deck":
        if view.phase == "discard" and not view.owed:
            return tr("Discard first, then draw.")
        return tr("Not now.")
    if zone == "hand" and view.phase in ("draw", "free"):
        return tr("You have discarded this turn: now draw.") if view.phase == "draw" else \
            tr("Only the card you just drew may follow for free.")
    return ""


def short(card) -> str:
    """A card as its corner shows it: "4♣", "10♥", "★" (a joker)."""
    return card.label + SUIT_GLYPH.get(card.suit, "")


def _listed(view, places) -> str:
    return " ".join(short(view.face(p[2])) for p in places if p[0] == "hand")


def sweep_prompt(view, places, complete: bool) -> str:
    """The status line while a sweep along the fan picks cards."""
    cards = _listed(view, places)
    if complete:
        return tr("Sweeping {cards}: let go on the discard pile to discard them; anywhere else, they stay "
                  "picked.", cards=cards)
    return tr("Sweeping {cards}: sweep on over the cards that light up, then let go on the discard pile; "
              "anywhere else, they stay picked.", cards=cards)


def sweep_kept(view, places, complete: bool) -> str:
    """The message after a sweep let go off the pile: what is picked and what to do next."""
    cards = _listed(view, places)
    if complete:
        return tr("{cards} picked: click the discard pile (or drag them onto it) to discard them. Esc puts "
                  "them back.", cards=cards)
    return tr("{cards} picked: pick the cards that light up too, then click the discard pile. Esc puts them "
              "back.", cards=cards)


def prompt(view, seat, names=(), call_legal: bool = False) -> str:
    """The status line for `seat`'s moment."""
    who = name_of(names, seat)
    if view.phase == "round_over":
        return tr("The round is scored: every hand is shown.")
    if view.phase == "match_over":
        return tr("The match is over.")
    if seat is None or view.viewer != seat:
        return tr("{who} is playing.", who=name_of(names, view.current))
    if view.phase == "discard":
        if view.owed:
            return trn("{who}: you owe {n} card — draw it from the deck, or stack a 2 or a joker.",
                       "{who}: you owe {n} cards — draw them from the deck, or stack a 2 or a joker.",
                       view.owed, who=who, n=view.owed)
        if call_legal:
            points = view.hand_points()
            return trn("{who}: discard a card, a set (2+ of one rank) or a run (3+ of one suit in a row) — "
                       "or call {call}! ({points} point)",
                       "{who}: discard a card, a set (2+ of one rank) or a run (3+ of one suit in a row) — "
                       "or call {call}! ({points} points)", points, who=who, call=view.call_name, points=points)
        return tr("{who}: discard a card, a set (2+ of one rank) or a run (3+ of one suit in a row)", who=who)
    if view.phase == "draw":
        if view.takeable and view.last_by is None:
            return tr("{who}: take the deck's top card, or the flipped card.", who=who)
        if view.takeable:
            return tr("{who}: take the deck's top card, or a lifted card of {other}'s discard.", who=who,
                      other=name_of(names, view.last_by))
        return tr("{who}: take the deck's top card.", who=who)
    if view.phase == "free":
        return tr("{who}: you drew the rank you discarded — drop it on the pile for free, or Keep it.", who=who)
    return view.log_hint or ""
