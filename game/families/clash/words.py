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
