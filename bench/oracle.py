"""What a move is really worth: played out on the TRUE state, for the oracle benches
(bench_memory_oracle.py, bench_kumbal_oracle.py) that check the hard bot's overrules; and the
`--know` diagnostic's sampler (bench_hard.py, bench_kumbal_hard.py, the oracles), which reads the
TRUE state: the ceiling a perfect model of the others would give."""
from __future__ import annotations

import random

from game.ai import make_bot
from game.ai.step import bot_step
from game.engine import registry


def true_value(game, seat: int, action, seed: int, ruleset, hard) -> float:
    """`action` played on a copy of the true state (the deck reshuffled: nobody knows its order),
    normal bots to the round's end: the round's margin in points for `seat`, as hard values it."""
    copy = game.copy()
    rng = random.Random(seed)
    rng.shuffle(copy.deck)
    copy.rng = random.Random(rng.getrandbits(64))
    copy.apply(seat, action)
    bots = [make_bot(ruleset, s, "normal", seed * 16 + s) for s in range(copy.n)]
    step = registry.family(ruleset.family).bot_step or bot_step
    round_no = copy.round_no
    steps = 0
    while not copy.is_over() and copy.round_no == round_no and steps < 3000:
        applied = step(copy, bots, copy.apply)
        if not applied:
            break
        steps += applied
    return hard._value(copy) / hard.margin_weight


def knowing(table: dict, fallback, know: str = "opponents"):
    """A sampler for the diagnostic `--know` (never at the table), reading the TRUE state
    (`table["game"]`, kept current by run_match's `watch`): the others' hidden cards stay as they
    are, and the decks are shuffled anew (nobody knows their order). `know` matters only where a
    player may not know its own cards (the memory family): "opponents" deals the viewer's own
    unseen ones anew with the deck, "all" keeps them too. Before the first action (no state seen
    yet) it samples as `fallback` does.
    - shedding (Kumbal), clash (Klobba!): the viewer sees its whole hand, so the others' hands
      are kept and the deck (Klobba!: both decks) shuffled;
    - tableau (Castle Combo) hides no card of a player: the decks are shuffled, as its sampler does."""
    def determinize(ruleset, options, view, rng):
        game = table.get("game")
        if game is None:
            return fallback(ruleset, options, view, rng)
        game = game.copy(share_caches=False)
        if hasattr(game, "layouts"):            # memory: the viewer's unseen cards go back in
            me = view.viewer
            places = [] if know == "all" else [
                (me, slot) for slot, cid in enumerate(game.layouts[me])
                if cid is not None and not game.known[cid] >> me & 1]
            cards = [game.layouts[seat][slot] for seat, slot in places] + list(game.deck)
            masks = [game.known[cid] for cid in cards]      # who knows each place's card stays
            rng.shuffle(cards)
            for (seat, slot), cid in zip(places, cards):
                game.layouts[seat][slot] = cid
            game.deck = cards[len(places):]
            for cid, mask in zip(cards, masks):
                game.known[cid] = mask
        else:
            for name in ("deck", "barbarian_deck", "action_deck"):
                if hasattr(game, name):
                    deck = list(getattr(game, name))
                    rng.shuffle(deck)
                    setattr(game, name, deck)
            for name, deck in getattr(game, "decks", {}).items():
                deck = list(deck)
                rng.shuffle(deck)
                game.decks[name] = deck
        game.rng = random.Random(rng.getrandbits(64))
        return game
    return determinize
