"""The hard level's sampler for the tableau family (Castle Combo): a full game from one seat's view.

Castle Combo hides nothing but the order of the two decks, so a sample is the view's table with
each location's unseen cards (its cards in no display, discard pile or tableau) shuffled into
its deck, and a fresh generator for later reshuffles. The rest of the state is read back from
the view: the ability being applied (`pending`) is found on the bought card, the first effect of
the kind the phase asks (an effect inside a choice counts where the choice stands).

Nothing else is guessed: in the end's "purses" phase the gold abilities stored on each purse
(it may not be taken back) is public and in the view (`stored_by_abilities`), so a sample offers
exactly the game's legal actions in every phase.
"""
from __future__ import annotations

from game.families.tableau import scoring
from game.families.tableau.rules import TableauGame
from game.families.tableau.scoring import LOCATIONS

# the effect tag each asking phase is waiting on
_ASKED_TAG = {"choose": "choose", "neighbour": "gain", "discard_display": "discard_display",
              "fill": "fill_purses"}


def determinize(ruleset, options, view, rng) -> TableauGame:
    """A game consistent with `view` in which the deck orders are dealt anew from `rng`."""
    game = TableauGame(ruleset, view.n, options, seed=rng.getrandbits(64))
    faces = game.faces
    seen = set()
    for seat in view.seats:
        seen.update(p.card for p in seat.tableau)
    for i, loc in enumerate(LOCATIONS):
        seen.update(view.displays[i])
        seen.update(view.discards[i])
    game.displays = {loc: list(view.displays[i]) for i, loc in enumerate(LOCATIONS)}
    game.discards = {loc: list(view.discards[i]) for i, loc in enumerate(LOCATIONS)}
    game.empty = list(view.empty)
    game.removed = []
    for i, loc in enumerate(LOCATIONS):
        unseen = [c for c in range(len(faces)) if faces[c].location == loc and c not in seen]
        if loc in view.empty:
            game.decks[loc] = []
            game.removed.extend(unseen)
            continue
        if len(unseen) != view.deck_counts[i]:
            raise ValueError(f"the view counts {view.deck_counts[i]} cards in the {loc} deck; "
                             f"{len(unseen)} of its cards are unseen")
        rng.shuffle(unseen)
        game.decks[loc] = unseen
    game.messenger = view.messenger
    game.record = view.record           # the public record: every event so far, as the view holds it
    game.gold = [s.gold for s in view.seats]
    game.keys = [s.keys for s in view.seats]
    game.tableaux = [list(s.tableau) for s in view.seats]
    game.first, game.current, game.turn_no = view.first, view.current, view.turn_no
    game.phase = view.phase
    game.key_spent = view.key_spent
    game.bought, game.asking, game.todo = None, None, []
    pending = dict(view.pending)
    if "card" in pending and view.phase in _ASKED_TAG:
        game.bought = next(p for p in game.tableaux[view.current] if p.card == pending["card"])
        game.asking, game.todo = _asked(faces[pending["card"]].ability, _ASKED_TAG[view.phase])
    game.purse_queue, game.stored_before = [], {}
    if view.phase == "purses":
        order = [(view.first + k) % view.n for k in range(view.n)]
        later = order[order.index(view.current) + 1:]
        game.purse_queue = [s for s in later if game.gold[s] > 0
                            and scoring.purse_room(faces, game.tableaux[s])]
        game.stored_before = dict(view.stored_by_abilities)
    game.results = tuple(view.results)
    game._winners = tuple(view.winners)
    game._view_common = None
    return game


def _asked(ability: tuple, tag: str) -> tuple:
    """(the effect being asked, the effects still to apply after it) on the bought card."""
    for i, effect in enumerate(ability):
        if _asks(effect, tag):
            return effect, list(ability[i + 1:])
        if effect.tag == "choose":
            for option in effect.get("choose"):
                if _asks(option, tag):
                    return option, list(ability[i + 1:])
    raise ValueError(f"the bought card has no {tag!r} effect to ask about")


def _asks(effect, tag: str) -> bool:
    """Can this effect be the one asked about? A gain asks only with a best-neighbour count."""
    if effect.tag != tag:
        return False
    if tag == "gain":
        per = effect.get("per")
        return per is not None and per.tag == "best_neighbour"
    return True
