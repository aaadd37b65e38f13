"""The memory family's words on its table: the status line of each moment, the prompt of each
decision (Kombio's and Cambio's phases), and the game's own names (the call, a frozen pile)."""
from __future__ import annotations

from typing import Optional

from game.families.memory.words import a_card


class MemoryWords:
    """The memory plug-in's sentences (a mixin: `self.ctrl` is the common TableController)."""

    def status(self, m) -> str:
        """The status line of a hold, a race or a bot's move ("" for the common table's words)."""
        names = self.ctrl.names
        if self.ctrl.hold is not None:
            who = names[self.ctrl.hold.seat] if self.ctrl.hold.seat is not None else ""
            left = self.ctrl.hold_left()
            until = f" They turn back in {left:.0f} s" if left is not None and left >= 0.5 else " They turn back now"
            if self.ctrl.hold.reason == "look":
                return f"{who}: memorise your bottom cards.{until}, or click / press Space when done."
            if self.ctrl.hold.reason == "peek":
                return f"{who}: remember this card.{until.replace('They turn', 'It turns')}, or click / press Space when done."
            return "Revealed to everyone at once: look now. Click or press Space to go on."
        v = self.ctrl.public()
        if m.kind == "race":
            top = v.window.card.title if v.window is not None else "discard"
            race = self.race
            winner = self.chain_winner()
            if race is not None and race.claimer is not None:
                who = names[race.claimer]
                if race.claimer == winner:
                    text = (f"{who}: you threw first, so only you may go on: click another card that "
                            f"matches the {top}, or Done (Space) when you know no more.")
                    if any(s != winner and s in self.ctrl.humans for s in self.ctrl.game.to_act()):
                        text += " Anyone else throwing now is too late (penalty card)."
                    return text
                if winner is not None:
                    return (f"{who}: too late, {names[winner]} threw first. A card you throw now comes back "
                            f"with a penalty card. Click one to throw anyway, or Esc.")
                return (f"{who}: click the card to match the {top} (yours or an opponent's), "
                        f"Space for no match, or Esc to give the race back.")
            keys = self.race_key_names()
            humans_in = [s for s in self.ctrl.game.to_act() if s in keys]
            first = v.window.winner if v.window is not None else None
            if humans_in:
                claim = ", ".join(f"{keys[s]} {names[s]}" for s in humans_in)
                if first is not None:
                    return (f"{names[first]} threw first and goes on alone. A card thrown now is too late "
                            f"(penalty card): press your key ({claim}) only to throw anyway, or Space.")
                if len(humans_in) > 1:
                    return (f"Match race on the {top}! Press your key to claim ({claim}); then click a card, "
                            f"or Space for no match.")
                return f"Match race on the {top}! Press your key to claim ({claim}), or Space for no match."
            if first is not None:
                return f"{names[first]} threw first and may throw more on the {top}…"
            return f"Match race on the {top}…"
        if m.kind == "bot":
            if v.phase == "initial_peek":
                return "Everyone looks at their starting cards…"
            if m.seat in self.last_turn_seats() and m.seat == v.current:
                return f"{names[m.seat]} is playing their last turn…"
        return ""

    def prompt(self, view, seat) -> str:
        """The words for `seat`'s decision now (the common table asks with that seat's view)."""
        return self.prompt_for(seat)


    def prompt_for(self, seat) -> str:
        """The words for `seat`'s decision now."""
        names = self.ctrl.names
        v = self.ctrl.view_of(seat)
        # after a call, the player on their final turn is told so in every sentence of it
        name = names[seat] + (" (last turn)" if seat == v.current and seat in self.last_turn_seats() else "")
        legal = self.ctrl.legal(seat)
        kinds = {(a.kind, a.choice) for a in legal}
        phase = v.phase
        if phase == "initial_peek":
            return f"{names[seat]} looks at their starting cards."
        if phase == "turn":
            draws = []
            if ("draw", "deck") in kinds:
                draws.append("the deck (D)")
            if ("draw", "discard") in kinds:
                draws.append("the discard pile (S)")
            text = f"{name}: draw from " + " or ".join(draws) if draws else f"{name}:"
            if ("call", None) in kinds:
                text += f"{',' if draws else ''} or call {v.call_name} (K)"
            text += "."
            if v.discard_blocked and v.discard:
                text += f" The discard pile is {self.blocked_word()}." if self.blocked_is_named() \
                    else " The discard pile was matched upon."
            return text
        if phase == "drawn":
            card = v.drawn.title if v.drawn is not None else "card"
            if ("discard", None) in kinds:
                text = (f"{name}: you drew {a_card(card)}. Drag it onto one of your cards to exchange it, "
                        f"or onto the discard pile (clicks work too).")
                ability = v.drawn.ability if v.drawn is not None else None
                if ability and v.drawn_from == "deck":
                    text += f" Discarding it lets you use {self.ability_name(ability)}."
                return text
            return f"{name}: you took the {card}; exchange it with one of your cards (drag or click)."
        if phase == "ability" and v.pending is not None:
            p = v.pending
            head = f"{name}, {self.ability_name(p.ability)}: "
            skip = " Space: skip." if p.optional else ""
            more = f" ({p.count_left} to go)" if p.count_left > 1 else ""
            if p.step == "peek":
                what = {"own": "click one of your cards to look at it",
                        "other": "click an opponent's card to look at it",
                        "any": "click any card to look at it"}.get(p.target, "click a card to look at it")
                return head + what + more + "." + skip
            if p.step == "swap":
                if p.target == "peeked":
                    return head + "click a card to swap it with the one you looked at." + skip
                if p.target == "peeked_pair":
                    return head + "swap the two cards you looked at? Drag one onto the other." + skip
                return head + "pick two cards to swap: click one then the other, or drag one onto the other." + skip
            if p.step == "choose":
                return head + "choose what to do with the buttons." + skip
            if p.step in ("pick", "reveal"):
                left = f" ({p.count_left} to go)" if p.count_left else ""
                return (head + "pick one card of each other player" + left + "; all are then shown to everyone."
                        + skip)
            return head + skip
        if phase == "give" and v.pending is not None:
            other = names[v.pending.other] if v.pending.other is not None else "them"
            if ("skip", None) in kinds:
                return (f"{name}: you threw {other}'s card. You may give {other} one of your cards: click it "
                        f"(you may not look at it), or keep your cards (Space).")
            return (f"{name}: you matched {other}'s card. Give {other} one of your cards: click it "
                    f"(you may not look at it).")
        if phase == "mismatch_choice" and v.pending is not None:
            claimer = names[v.pending.other] if v.pending.other is not None else "The claimer"
            return (f"{name}: {claimer} tried your card and was wrong. Take (T): {claimer} keeps that card. "
                    f"Return (R): it comes back and {claimer} takes a penalty card.")
        if phase == "window":
            return f"{name}: click the card to match."
        return ""

    def pending_ability_of(self) -> Optional[int]:
        """The seat still deciding an ability (after a look: whether to swap), else None."""
        pending = self.ctrl.public().pending
        return pending.seat if pending is not None and pending.kind == "ability" else None

    def last_turn_seats(self) -> frozenset:
        """The seats that still have their final turn after a call (the one playing it included)."""
        v = self.ctrl.public()
        if v.caller is None or v.phase in ("round_over", "match_over"):
            return frozenset()
        return frozenset(set(v.final_turns) | ({v.current} - {v.caller}))

    def blocked_word(self) -> str:
        """What this game calls a discard pile a card was thrown onto (the ruleset's
        matching.blocked_name: Cambio – Das Original says "frozen", after "eingefroren")."""
        return self.ctrl.public().blocked_name

    def blocked_is_named(self) -> bool:
        """The ruleset names the state ("frozen"), rather than the plain "matched upon"."""
        return self.blocked_word() != "matched upon"

    def blocked_reason(self) -> str:
        """Why the top discard may not be drawn now, in the game's own word."""
        if self.blocked_is_named():
            return f"The discard pile is {self.blocked_word()}: a card was thrown onto it. Draw from the deck (D)."
        return "The discard pile's top card was matched upon: draw from the deck (D)."

    def ability_name(self, key) -> str:
        ab = self.ctrl.session.ruleset.abilities.get(key) if key else None
        return ab.name if ab is not None else (key or "")
