"""The clash family's words: one log sentence per event (events are public), and each Action
card's text made from its selection primitive and parameters."""
from __future__ import annotations


def _clan_words(clan: str) -> str:
    return clan.replace("_", " ").title()


def card_text(face) -> str:
    """What an Action card does, in words (the ruleset's own `text` when it gives one)."""
    if getattr(face, "text", ""):
        return face.text
    p = dict(face.effect.params)
    cap = f", capped at {p['cap']}" if p.get("cap") is not None else ""
    tag = face.effect.tag
    if tag == "highest":
        return "Selects the available Barbarian with the highest value."
    if tag == "lowest_multiplied":
        return f"Selects the lowest available Barbarian; its value times {p['factor']}{cap}."
    if tag == "lowest_plus_per_other":
        return (f"Selects the lowest available Barbarian, plus {p['per_other']} for each other face-up "
                f"Barbarian in the Group{cap}. Your Star goes only on the lowest.")
    if tag == "lowest_several":
        return f"Selects the {p['count']} lowest available Barbarians, summed{cap}."
    if tag == "all_of_clan_or_distract":
        return (f"Selects every available {_clan_words(p['clan'])}, summed. None in your Group: you "
                "Distract (nobody is clobbered, the other card's Barbarians turn face down, you pay Stars).")
    if tag == "second_best_or_underdogs":
        return (f"Selects the higher of the second-best Barbarian and all Barbarians of value "
                f"{p['underdog_max']} or less, summed.")
    if tag == "mirror":
        return ("Apply your opponent's card to your own Group. Both Mirror: no clobber."
                + (" You may switch Barbarians in step 8." if p.get("switch", True) else ""))
    if tag == "swap_and_play":
        counts = ", ".join(str(c) for c in p["swaps"])
        return (f"Put {p['swaps'][0]} cards of your hand under the Action deck, draw as many, play one of "
                f"them. Again and again: {counts} cards.")
    if tag == "flee_and_surprise":
        return (f"Return every available Barbarian of your Group except the {p['keep']} mightiest, then draw "
                f"your Surprise and apply it to the {p['keep']} left.")
    return ""


def _end(text: str) -> str:
    """A sentence's full stop, unless it already ends with a mark (a card named "Berzerk!")."""
    return text if text[-1:] in ("!", "?", ".") else text + "."


def _who(names, seat) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else "Somebody"


def _titles(event) -> str:
    return ", ".join(face.title for _, face in event.faces)


def stars(n: int) -> str:
    """'1 Star', '2 Stars'."""
    return f"{n} Star" if n == 1 else f"{n} Stars"


def describe(event, names, call_name: str = "") -> str:
    """One log sentence for an event, naming players; '' for events not worth a line (Klobba! has
    no call: `call_name`, the Family contract's, is not used)."""
    k = event.kind
    who = _who(names, event.seat)
    if k == "round":
        return (f"Round {event.get('round')}: {_who(names, event.get('black'))} holds the Black Totem, "
                f"{_who(names, event.get('white'))} the White.")
    if k == "group":
        mine, theirs = event.get("owners")
        band = "a Free Band" if mine is None else f"{_who(names, mine)}'s Band"
        other = "a Free Band" if theirs is None else f"{_who(names, theirs)}'s"
        return f"{who} pairs with {band}; the White Totem holder gets {other}."
    if k == "offers":
        made = [f"{_who(names, s)} to {_who(names, h)}" for s, h, m in event.get("offers") if m]
        return "Offers: " + (", ".join(made) if made else "none") + "."
    if k == "laid":
        return f"{who} lays an Action card face down."
    if k in ("reveal", "reveal_played"):
        return _end("Revealed: " + _titles(event))
    if k == "swap":
        return f"{who} swaps {event.get('returned')} cards and draws {event.get('count')}."
    if k == "swap_again":
        return f"{who} plays Swap & Play again!"
    if k == "swap_chosen":
        return f"{who} chooses a new card, face down."
    if k == "flee":
        return f"{who} flees: {_titles(event) or 'nobody'} go back under the deck."
    if k == "surprise":
        return _end(f"{who}'s Surprise: {_titles(event)}")
    if k == "distracts":
        return f"{who}'s {event.face.title} finds none of its clan: a Distraction!"
    if k == "mirrors":
        return "Both Mirror: nobody is clobbered."
    if k == "mutual_distraction":
        return "Mutual distraction: nothing happens."
    if k == "distraction":
        return (f"{_who(names, event.get('distracted'))} is distracted: their Barbarians turn face down; "
                f"{who} pays {stars(event.get('paid'))}.")
    if k == "standoff":
        return f"A stand-off at {event.get('total')}: the selected Barbarians turn face down."
    if k == "victory":
        won, lost = event.get("totals")
        caught = f" captures the {event.face.title} and" if event.face is not None else ""
        return f"{who} wins {won} to {lost},{caught} takes {stars(event.get('stars'))}."
    if k == "reward":
        return f"{who}'s offer won: {who} takes {stars(event.get('stars'))} from the supply."
    if k == "switch":
        return f"{who} switches {_titles(event).replace(', ', ' and ')}."
    if k == "reshuffle":
        return f"The Action discard is shuffled into a new deck ({event.get('cards')} cards)."
    if k == "game_over":
        won = " and ".join(_who(names, s) for s in event.get("winners"))
        return f"The game is over: {won} won."
    return ""   # offer_decided, select, selected, refill, rest, draw, no_switch, totems: drawn by the table


def score_lines(result) -> tuple:
    """A player's final score: Stars held, the bounty of captured Barbarians, how many."""
    return (("Stars", str(result.stars)), ("Bounty", str(result.bounty)), ("Captured", str(result.captured)))


# ---- a move in words (Family.phrase) ----
# Said to the seat whose view it is, from that view alone. Card ids are public (every id's face is
# in `view.faces`), so knowing the face of an id proves nothing: an Action card is named only where
# the view shows that seat the card there (its hand, the cards it drew, an offer shown to it).

# where a Band place sits for a seat, as the table lays the Bands out clockwise from the seat on
# screen (bottom, left, top, right)
_SIDES = {1: "on your left", 2: "across the table", 3: "on your right"}


def phrase(action, view, names, ruleset=None) -> str:
    """A move in a few words for the hint and the review: "pair with the Free Band on your left",
    "offer The Boss to Ben", "lay Mirror & Switch", "capture the Orange Fox 10"."""
    say = _PHRASES.get(action.kind)
    return say(action, view, names) if say else action.kind.replace("_", " ")


def _and(items) -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = list(items)
    return " and ".join(items) if len(items) <= 2 else ", ".join(items[:-1]) + " and " + items[-1]


def _shown_action_cards(view) -> set:
    """The Action card ids the view shows its seat where they are: its hand, the cards it just drew
    with Swap & Play, the offers it may see."""
    return set(view.hand) | set(view.swap_drawn) | {o.card for o in view.offers if o.card is not None}


def _shown_name(view, card):
    """An Action card's name where the view shows it to its seat, else None."""
    return view.face(card).title if card in _shown_action_cards(view) else None


def _action_card(view, card) -> str:
    """An Action card's name, or 'a card' where the view does not show it."""
    return _shown_name(view, card) or "a card"


def _band_owner(view, place):
    """Who sits at a Band place: a seat, or None for a Free Band (or a place the view lacks)."""
    return view.bands[place].owner if 0 <= place < len(view.bands) else None


def _barbarian(view, card, whose: str = "the") -> str:
    """'the Orange Fox 10' (describe's name, with `whose` before it), or 'a Barbarian' for a card in
    no Band of the view (everything in a Band is public, face-down Barbarians too)."""
    if not any(b.card == card for band in view.bands for b in band.cards):
        return "a Barbarian"
    return f"{whose} {view.face(card).title}"


def _barbarians(view, places) -> str:
    return _and(_barbarian(view, p[2]) for p in places)


def _whose(view, place, names) -> str:
    """Whose Band a place is, before a Barbarian's name: 'your', "Ben's", or 'the' for a Free Band."""
    owner = _band_owner(view, place)
    if owner is None:
        return "the"
    return "your" if owner == view.viewer else f"{_who(names, owner)}'s"


def _band_of(view, place, names) -> str:
    """A Band as the seat sees it: 'Ben's Band', 'your Band', 'the Free Band on your left'."""
    if _band_owner(view, place) is not None:
        return f"{_whose(view, place, names)} Band"
    mine = next((s.place for s in view.seats if s.seat == view.viewer), None)
    side = _SIDES.get((place - mine) % len(view.bands)) if mine is not None and view.bands else None
    return f"the Free Band {side}" if side else "a Free Band"


def _group(action, view, names) -> str:
    # step 1: "The Black Totem holder picks one Band that holds no Totem"
    return f"pair with {_band_of(view, action.places[0][1], names)}"


def _offer(action, view, names) -> str:
    # step 2: "may offer that holder one Action card, face down"
    (_, _, card), (_, holder) = action.places
    return f"offer {_action_card(view, card)} to {_who(names, holder)}"


def _lay(action, view, names) -> str:
    # step 3: "Both Totem holders choose one card (from hand or offered) face down"
    zone, owner, card = action.places[0]
    if zone == "offer":
        name = _shown_name(view, card)
        return f"lay {_who(names, owner)}'s offer" + (f", {name}" if name else "")
    return f"lay {_action_card(view, card)}"


def _swap_return(action, view, names) -> str:
    # Swap & Play: "put three Action cards from your hand at the bottom of the Action deck". Said by
    # the cards kept, fewer words for the same move: "keep The Boss, put the rest under the Action deck"
    returned = [p[2] for p in action.places]
    kept = [c for c in view.hand if c not in returned]
    if kept and all(c in view.hand for c in returned):
        return f"keep {_and(_action_card(view, c) for c in kept)}, put the rest under the Action deck"
    return f"put {_and(_action_card(view, c) for c in returned)} under the Action deck"


def _swap_play(action, view, names) -> str:
    # Swap & Play: "draw three, play one of them"; "Drawing Swap & Play again: you may play it"
    card = action.places[0][2]
    name = _shown_name(view, card)
    if name is None:
        return "play a card you drew"
    return f"play {name}" + (" again" if view.face(card).effect.tag == "swap_and_play" else "")


def _keep(action, view, names) -> str:
    # Flee & Surprise: "return every available Barbarian of your Group except the two mightiest"
    return f"keep {_barbarians(view, action.places)}"


def _select(action, view, names) -> str:
    # "Whenever a card's choice is tied, the player who played it chooses"; Second-Best or
    # Underdogs: "Equal: the player chooses" (its two alternatives, as the table's buttons say)
    head = {"second_best": "Second-Best: ", "underdogs": "Underdogs: "}.get(action.choice or "", "")
    return f"select {head}{_barbarians(view, action.places)}"


def _capture(action, view, names) -> str:
    # "the winner captures one of the loser's selected Barbarians (the mightiest; the winner breaks ties)"
    return f"capture {_barbarian(view, action.places[0][2])}"


def _switch(action, view, names) -> str:
    # step 8: "swap one available Barbarian of their own Band with one available Barbarian of any
    # other Band"
    (_, own, mine), (_, other, theirs) = action.places
    return (f"switch {_barbarian(view, mine, _whose(view, own, names))} "
            f"with {_barbarian(view, theirs, _whose(view, other, names))}")


_PHRASES = {
    "group": _group,
    "offer": _offer,
    "no_offer": lambda action, view, names: "offer nothing",
    "lay": _lay,
    "swap_return": _swap_return,
    "swap_play": _swap_play,
    "keep": _keep,
    "select": _select,
    "capture": _capture,
    "switch": _switch,
    "no_switch": lambda action, view, names: "don't switch",
}
