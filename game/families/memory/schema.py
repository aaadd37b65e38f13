"""What a ruleset of the memory family may say: the schema of its `rules:`, `layout:` and ability
steps, and the checks the ruleset loader calls (names exist, the deck deals, play can end)."""
from __future__ import annotations

from game.engine.ruleset_schema import check_match_can_end
from game.engine.schema import Bool, Dict, Enum, Int, List, Map, Optional_, Str, Text, filled
from game.i18n import N_, Text as Translated, tr, trn


def Words(max_len: int):
    """A text a player reads that may carry its German (schema.Text). A value already read is kept
    as it is: `filled` checks the rules again (rules.py), and schema.Text would make a text that has
    its translations into one without them."""
    spec = Text(max_len=max_len)

    def check(v, path, doc):
        return v if isinstance(v, Translated) else spec(v, path, doc)
    return check


STEP_SPEC = Map({
    "peek": (Optional_(Enum("own", "other", "any")), None),
    "swap": (Optional_(Enum("any", "peeked", "peeked_pair")), None),
    "choose": (Optional_(List(Str(), min_len=2)), None),
    "reveal": (Optional_(Enum("one_per_opponent")), None),
    "extra_turn": (Optional_(Bool()), None),
    "count": (Int(1, 4), 1),
    "optional": (Bool(), False),
    "own_pair": (Bool(), True),     # swap: may both cards be the actor's own?
    "seconds": (Int(1, 10), 3),     # reveal: how long the faces are shown
})
PRIMITIVES = ("peek", "swap", "choose", "reveal", "extra_turn")

LAYOUT_SPEC = Map({
    "rows": (Int(1, 4), 2),
    "cols": (Int(1, 6), 2),
    "look_at_start": (List(Int(0, 23)), (2, 3)),
})

RULES_SPEC = Map({
    "first_player": (Enum("left_of_dealer", "dealer"), "left_of_dealer"),
    "abilities": (Enum("optional", "mandatory"), "optional"),
    "discard_draw_must_exchange": (Bool(), True),
    "empty_deck": (Enum("reshuffle_discard_except_top"), "reshuffle_discard_except_top"),
    "matching": (Map({
        "from_opponents": (Bool(), True),
        "after_success": (Enum("close", "exclusive_chain"), "close"),
        "give_after_opponent_match": (Enum("must", "may", "never"), "must"),
        "late_throw": (Enum("refused", "penalty"), "refused"),
        "wrong_own": (Enum("show_return_penalty", "return_penalty"), "show_return_penalty"),
        "wrong_opponent": (Enum("opponent_chooses", "return_penalty"), "opponent_chooses"),
        "blocks_discard_draw": (Bool(), True),
        # how long: until a new card is discarded (Kombio: "if it hasn't been matched upon"), or
        # for the next player only (Cambio: "der nächste Spieler kann seinen Zug nur vom
        # Hauptstapel beginnen": if that player calls instead of drawing, the pile opens again)
        "blocked_for": (Enum("until_next_discard", "next_player"), "until_next_discard"),
        # what the table calls such a pile ("frozen"; the default is said in the player's language)
        "blocked_name": (Words(max_len=30), N_("matched upon")),
    }), {}),
    "call": (Map({
        "name": (Words(max_len=20), N_("Call")),      # the default is said in the player's language
        "limit": (Optional_(Int(-50, 200)), None),
        "limit_checked": (Enum("at_reveal", "when_calling"), "at_reveal"),
        "lock_min_players": (Int(2, 13), 3),
        "zero_cards": (Enum("auto_call", "end_round"), "auto_call"),
    }), {}),
    # a card's ability in force, overriding the card list (lets a variant give a card an ability)
    "card_abilities": (Dict(Optional_(Str(max_len=40)), key_pattern=r"^[A-Za-z0-9_]+$"), {}),
    "scoring": (Map({
        "caller_lowest": (Map({"caller": (Int(-100, 100), 0), "others": (Int(-100, 100), 0)}), {}),
        "caller_not_lowest": (Map({"caller": (Int(-100, 100), 0), "others": (Int(-100, 100), 0)}), {}),
        "tie_counts_as": (Enum("lowest", "not_lowest"), "not_lowest"),
    }), {}),
    # The safety net: rules that slip past the checks (nobody can or will call, totals that
    # never reach the target) still end. A real round takes under 100 turns, a match to 100
    # points about 10-20 rounds; reaching a limit ends the round or match with a note.
    "limits": (Map({
        "turns_per_round": (Int(50, 500), 300),
        "rounds_per_match": (Int(1, 500), 100),
    }), {}),
})



# step keys that mean something only on some steps: anywhere else they are a mistake
STEP_KEY_APPLIES_TO = {"count": ("peek",), "own_pair": ("swap",), "seconds": ("reveal",)}


def check_abilities(abilities: dict, doc) -> None:
    raw = doc.value.get("abilities", {}) if isinstance(doc.value, dict) else {}
    for key, ab in abilities.items():
        for i, step in enumerate(ab.steps):
            where = ("abilities", key, "steps", i)
            given = [p for p in PRIMITIVES if step[p] is not None]
            if len(given) != 1:
                raise doc.error(where, tr("each step needs exactly one of {keys}; got {given}",
                                          keys=", ".join(PRIMITIVES), given=", ".join(given) or tr("none")))
            written = raw[key]["steps"][i]
            for extra, steps in STEP_KEY_APPLIES_TO.items():
                if extra in written and given[0] not in steps:
                    joint = tr("or")
                    raise doc.error(where + (extra,), tr("applies only to a {steps} step; this is a {step} step",
                                                         steps=f" {joint} ".join(steps), step=given[0]))
            if step["choose"]:
                for name in step["choose"]:
                    if name not in abilities:
                        raise doc.error(where + ("choose",), tr("no ability named {name}", name=repr(name)))
                    if any(s["choose"] for s in abilities[name].steps):
                        raise doc.error(where + ("choose",), tr("{name} itself chooses; choices cannot nest",
                                                                name=repr(name)))
            if step["swap"] in ("peeked", "peeked_pair"):
                before = sum(s["count"] for s in ab.steps[:i] if s["peek"])
                need = 2 if step["swap"] == "peeked_pair" else 1
                if before < need:
                    # (the English says "card(s)" for one and for two, as it always has)
                    raise doc.error(where + ("swap",), trn(
                        "'{swap}' needs {n} peeked card(s) in an earlier step of this ability",
                        "'{swap}' needs {n} peeked card(s) in an earlier step of this ability", need,
                        swap=step["swap"], n=need))


def check_parameters(rules, cards, abilities, doc, where, layout, match_end) -> None:
    """Checks that need the cards, abilities, layout and match end: names exist, play can end."""
    rules = filled(RULES_SPEC, rules)          # sections left out of the file: their defaults
    keys = {c.key for c in cards}
    for key, ability in rules["card_abilities"].items():
        if key not in keys:
            raise doc.error(where + ("card_abilities", key), tr("no card with the key {key}", key=repr(key)))
        if ability is not None and ability not in abilities:
            raise doc.error(where + ("card_abilities", key),
                            tr("expected one of the abilities ({names}); got {got}", names=", ".join(abilities),
                               got=repr(ability)))
    # a variant's problem is shown at its `set`; the ruleset's own at the key that causes it
    mine = where == ("rules",)
    size = layout["rows"] * layout["cols"]
    values = sorted(c.value for c in cards for _ in range(c.count))
    lowest_hand = sum(values[:size])
    limit = rules["call"]["limit"]
    if limit is not None and limit < lowest_hand:
        raise doc.error(where + ("call", "limit") if mine else where,
                        trn("no hand of {size} cards can be at or under {limit} points (the lowest possible "
                            "hand is {lowest}), so every call would fail",
                            "no hand of {size} cards can be at or under {limit} points (the lowest possible "
                            "hand is {lowest}), so every call would fail", size, size=size, limit=limit,
                            lowest=lowest_hand))
    check_match_can_end(match_end, _round_scores_at_most(rules, values[-1]), doc, where)


def _round_scores_at_most(rules: dict, top: int) -> list:
    """The most each way a round ends adds to one seat's total, for check_match_can_end: (most, why).

    A seat's round is its hand (the cards it holds: dealt, drawn, given, penalty cards: each worth
    at most `top`) plus a bonus: the call's, for the caller and for the others, or none when nobody
    called (a round stopped by its limit, or by an empty layout under `zero_cards: end_round`). With
    no card above 0 a hand is at most 0, and 0 only with no cards left (or cards worth 0). A caller
    can be left with no cards when an emptied layout calls (`auto_call`) or when others may still
    throw the caller's cards (not locked in a match of fewer than `lock_min_players` players: this
    check does not know the player range, so any value above 2, the fewest a match has, counts as
    unlocked); otherwise a locked caller keeps at least one card, worth at most `top`."""
    sc = rules["scoring"]
    # a scoring rule left out is all zeros (RULES_SPEC's defaults)
    bonus = {who: max(sc.get(rule, {}).get(who, 0) for rule in ("caller_lowest", "caller_not_lowest"))
             for who in ("caller", "others")}
    empty = tr("no cards left") if top < 0 else tr("a hand of at most 0")
    call = rules["call"]
    caller_empties = call["zero_cards"] == "auto_call" or call["lock_min_players"] > 2
    caller_hand = 0 if caller_empties or top >= 0 else top
    caller_words = empty if caller_hand == 0 else tr("at least one card of at most {top}", top=top)
    others = max(0, bonus["others"])
    return [(top, tr("a card is worth at most {top}", top=top)),
            (caller_hand + bonus["caller"],
             tr("a caller: at most {most}, {hand} plus a bonus of at most {bonus}",
                most=caller_hand + bonus["caller"], hand=caller_words, bonus=bonus["caller"])),
            (others, tr("everyone else: at most {most}, {hand} plus a bonus of at most {bonus}",
                        most=others, hand=empty, bonus=others))]


def check_ruleset(cards, abilities, layout, rules, players, doc, where=("rules",)) -> None:
    """The layout fits and the deck deals every player count (`where`: ("rules",) for the file's
    own rules, or a house rule's `set`; nothing here depends on `rules:`, so nothing is refused there)."""
    size = layout["rows"] * layout["cols"]
    for i, slot in enumerate(layout["look_at_start"]):
        if slot >= size:
            raise doc.error(("layout", "look_at_start", i),
                            tr("expected a position below {size}; got {slot}", size=size, slot=slot))
    deck = sum(c.count for c in cards)
    # the most players need the most cards: a deal that works for players.max works for fewer
    need = players["max"] * size + 2
    if deck < need:
        raise doc.error(("cards",), tr("{deck} cards cannot deal {size} to {players} players and still leave "
                                       "a deck (need at least {need})", deck=deck, size=size,
                                       players=players["max"], need=need))
