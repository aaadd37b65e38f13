"""The hard bot's tuning for the tableau family (Castle Combo): `Family.search` (game/ai/hard.py).

Castle Combo is one round of open information (only the deck orders are hidden), so a playout
runs to the game's end (`horizon="game"`) and its value is the win plus the margin. A playout
of normal costs a game of ~20 ms decisions; the playouts use the `playout` level instead
(bots.py: normal's valuation on one fill in one frame, no key spent), about a tenth of that.

The root is pruned by normal's own ranking (`candidates`): the `TOP` purchases normal values
most (each a card, a cell, face up or down), and a key (move, refresh) when normal weighs that
display within `KEY_WINDOW` points of the best purchase; normal's own choice always stays. An
ability's question (a choice of two, a neighbour, a display discard, the Steward's purses) is
searched whole (two or three actions); the end's purses are not searched (the game proposes
the best distribution).

The search overrules normal's choice at 1 standard error (`confidence`), not the default 2:
with 48 playouts spread over six arms by sequential halving, each arm has about 17 playouts at
the end and 2 standard errors of a win-or-loss value almost never separate two arms, so hard
played as normal. The error is that of each deal's difference between the move and normal's
(`paired`: the arms share deals and playout seeds), far smaller than that of two separate
means, so more right overrules pass. A point of margin weighs 0.05 (`margin_weight`; the win
weighs 1): the margin is the less noisy half of the value.

The measurements behind these choices: bench/README.md ("Hard's figures"; "Tuning history, by
family", tableau).
"""
from __future__ import annotations

from game.families.tableau.bots import Plan, TableauBot

TOP = 3                 # purchases worth a search, by normal's worth
KEY_WINDOW = 2.0        # points below the best purchase at which a key is still worth a search
SEARCHED_PHASES = ("turn", "buy", "choose", "discard_display", "fill", "neighbour")


def candidates(view, legal: list, policy_choice, ruleset) -> list:
    """The root actions worth playing out: normal's best few purchases (and a key within reach),
    as normal weighs them under `ruleset`'s rules."""
    if view.phase not in SEARCHED_PHASES:
        return [policy_choice]
    if view.phase not in ("turn", "buy"):
        return list(legal)
    bot = TableauBot(ruleset, view.viewer, "normal", 0)
    plan = Plan(bot, view)
    purchases = [a for a in legal if a.kind in ("buy", "face_down")]
    ranked = _ranked_purchases(plan, purchases)
    keep = [action for _, action in ranked[:TOP]]
    best = ranked[0][0] if ranked else float("-inf")
    few = bot.style.key_samples
    for action in legal:
        if action.kind == "key_move":
            worth = plan.best_in_display(plan.other_location(), 1, few)
        elif action.kind == "key_refresh":
            worth = plan.expected_refresh(view.messenger, few)
        else:
            continue
        if worth > best - KEY_WINDOW:
            keep.append(action)
    return keep


def _ranked_purchases(plan: Plan, purchases: list) -> list:
    """(worth, action), best first; a face-down card is one cell (the dearest card taken)."""
    faces = plan.faces
    down_by_cell: dict = {}
    for action in purchases:
        if action.kind == "face_down":
            cell = action.places[1]
            card = action.places[0][2]
            held = down_by_cell.get(cell)
            if held is None or (faces[card].cost, -card) > (faces[held.places[0][2]].cost, -held.places[0][2]):
                down_by_cell[cell] = action
    out = []
    for action in purchases:
        if action.kind == "face_down" and down_by_cell[action.places[1]] != action:
            continue
        (_, _, card), (_, _, row, col) = action.places
        out.append((plan.worth(card, row, col, action.kind == "buy"), action))
    out.sort(key=lambda pair: -pair[0])
    return out


SEARCH = {
    "playout_level": "playout",
    "horizon": "game",
    "confidence": 1.0,
    "paired": True,
    "margin_weight": 0.05,
    "candidates": candidates,
    # the review's inaccuracy, mistake and blunder, in points (game/lab/review.py): a Castle Combo
    # game scores 50 to 80 points and a win counts 20, so a point here weighs less than in a round
    # of Kombio; at the default (1, 3, 6) normal's own play was only 73% fine (bench_review.py)
    "review": (2.0, 5.0, 10.0),
    # the review looks wider than the bot (game/ai/analysis.py, `wide`): every purchase and key
    # normal prunes is played out on 8 deals first and the 8 best join the considered moves. With
    # normal's top 3 alone, the better move a 10x deeper search over every move found lay outside
    # them in every one of its disagreements (normal ranked it 4th to 17th, or it was a key);
    # measured in bench/README.md ("Review")
    "screen": (8, 8),
}
