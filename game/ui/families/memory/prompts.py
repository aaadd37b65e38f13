"""The memory family's words on its table: the status line of each moment, the prompt of each
decision (Kombio's and Cambio's phases), and the game's own names (the call, a frozen pile).
Every sentence is one message of game.i18n, said in the player's language."""
from __future__ import annotations

from typing import Optional

from game.families.memory.words import call_words, card_name, card_words, rules_words
from game.i18n import N_, tr

# a look's words, by whose card it may show
_LOOKS = {"own": N_("{who}, {ability}: click one of your cards to look at it{more}."),
          "other": N_("{who}, {ability}: click an opponent's card to look at it{more}."),
          "any": N_("{who}, {ability}: click any card to look at it{more}.")}


class MemoryWords:
    """The memory plug-in's sentences (a mixin: `self.ctrl` is the common TableController)."""

    def status(self, m) -> str:
        """The status line of a hold, a race or a bot's move ("" for the common table's words)."""
        names = self.ctrl.names
        if self.ctrl.hold is not None:
            who = names[self.ctrl.hold.seat] if self.ctrl.hold.seat is not None else ""
            left = self.ctrl.hold_left()
            soon = left is not None and left >= 0.5
            if self.ctrl.hold.reason == "look":
                if soon:
                    return tr("{who}: memorise your bottom cards. They turn back in {n} s, or click / press "
                              "Space when done.", who=who, n=f"{left:.0f}")
                return tr("{who}: memorise your bottom cards. They turn back now, or click / press Space "
                          "when done.", who=who)
            if self.ctrl.hold.reason == "peek":
                if soon:
                    return tr("{who}: remember this card. It turns back in {n} s, or click / press Space "
                              "when done.", who=who, n=f"{left:.0f}")
                return tr("{who}: remember this card. It turns back now, or click / press Space when done.",
                          who=who)
            return tr("Revealed to everyone at once: look now. Click or press Space to go on.")
        v = self.ctrl.public()
        if m.kind == "race":
            top = card_name(v.window.card) if v.window is not None else tr("discard")
            race = self.race
            winner = self.chain_winner()
            if race is not None and race.claimer is not None:
                who = names[race.claimer]
                if race.claimer == winner:
                    text = tr("{who}: you threw first, so only you may go on: click another card that matches "
                              "the {card}, or Done (Space) when you know no more.", who=who, card=top)
                    if any(s != winner and s in self.ctrl.humans for s in self.ctrl.game.to_act()):
                        text += tr(" Anyone else throwing now is too late (penalty card).")
                    return text
                if winner is not None:
                    return tr("{who}: too late, {first} threw first. A card you throw now comes back with a "
                              "penalty card. Click one to throw anyway, or Esc.", who=who, first=names[winner])
                return tr("{who}: click the card to match the {card} (yours or an opponent's), Space for no "
                          "match, or Esc to give the race back.", who=who, card=top)
            keys = self.race_key_names()
            humans_in = [s for s in self.ctrl.game.to_act() if s in keys]
            first = v.window.winner if v.window is not None else None
            if humans_in:
                claim = ", ".join(f"{keys[s]} {names[s]}" for s in humans_in)
                if first is not None:
                    return tr("{first} threw first and goes on alone. A card thrown now is too late (penalty "
                              "card): press your key ({keys}) only to throw anyway, or Space.",
                              first=names[first], keys=claim)
                if len(humans_in) > 1:
                    return tr("Match race on the {card}! Press your key to claim ({keys}); then click a card, "
                              "or Space for no match.", card=top, keys=claim)
                return tr("Match race on the {card}! Press your key to claim ({keys}), or Space for no match.",
                          card=top, keys=claim)
            if first is not None:
                return tr("{first} threw first and may throw more on the {card}…", first=names[first], card=top)
            return tr("Match race on the {card}…", card=top)
        if m.kind == "bot":
            if v.phase == "initial_peek":
                return tr("Everyone looks at their starting cards…")
            if m.seat in self.last_turn_seats() and m.seat == v.current:
                return tr("{who} is playing their last turn…", who=names[m.seat])
        return ""

    def prompt(self, view, seat) -> str:
        """The words for `seat`'s decision now (the common table asks with that seat's view)."""
        return self.prompt_for(seat)


    def prompt_for(self, seat) -> str:
        """The words for `seat`'s decision now."""
        names = self.ctrl.names
        v = self.ctrl.view_of(seat)
        # after a call, the player on their final turn is told so in every sentence of it
        last = seat == v.current and seat in self.last_turn_seats()
        name = tr("{who} (last turn)", who=names[seat]) if last else names[seat]
        legal = self.ctrl.legal(seat)
        kinds = {(a.kind, a.choice) for a in legal}
        phase = v.phase
        if phase == "initial_peek":
            return tr("{who} looks at their starting cards.", who=names[seat])
        if phase == "turn":
            return self._turn_prompt(v, name, kinds)
        if phase == "drawn":
            if ("discard", None) in kinds:
                text = tr("{who}: you drew {card}. Drag it onto one of your cards to exchange it, or onto the "
                          "discard pile (clicks work too).", who=name,
                          card=card_words(v.drawn) if v.drawn is not None else card_words(tr("card")))
                ability = v.drawn.ability if v.drawn is not None else None
                if ability and v.drawn_from == "deck":
                    text += tr(" Discarding it lets you use {name}.", name=self.ability_name(ability))
                return text
            return tr("{who}: you took the {card}; exchange it with one of your cards (drag or click).", who=name,
                      card=card_name(v.drawn) if v.drawn is not None else tr("card"))
        if phase == "ability" and v.pending is not None:
            return self._ability_prompt(v.pending, name)
        if phase == "give" and v.pending is not None:
            other = names[v.pending.other] if v.pending.other is not None else tr("them")
            if ("skip", None) in kinds:
                return tr("{who}: you threw {other}'s card. You may give {other} one of your cards: click it (you "
                          "may not look at it), or keep your cards (Space).", who=name, other=other)
            return tr("{who}: you matched {other}'s card. Give {other} one of your cards: click it (you may not "
                      "look at it).", who=name, other=other)
        if phase == "mismatch_choice" and v.pending is not None:
            claimer = names[v.pending.other] if v.pending.other is not None else tr("The claimer")
            return tr("{who}: {claimer} tried your card and was wrong. Take (T): {claimer} keeps that card. "
                      "Return (R): it comes back and {claimer} takes a penalty card.", who=name, claimer=claimer)
        if phase == "window":
            return tr("{who}: click the card to match.", who=name)
        return ""

    def _turn_prompt(self, v, name, kinds) -> str:
        """A turn's words: the piles the player may draw from, the call, a pile that is blocked."""
        deck, discard = ("draw", "deck") in kinds, ("draw", "discard") in kinds
        call = ("call", None) in kinds
        fields = dict(who=name, call=call_words(v.call_name))
        if deck and discard:
            text = (tr("{who}: draw from the deck (D) or the discard pile (S), or call {call} (K).", **fields)
                    if call else tr("{who}: draw from the deck (D) or the discard pile (S).", **fields))
        elif deck or discard:
            if call:
                text = (tr("{who}: draw from the deck (D), or call {call} (K).", **fields) if deck
                        else tr("{who}: draw from the discard pile (S), or call {call} (K).", **fields))
            else:
                text = (tr("{who}: draw from the deck (D).", **fields) if deck
                        else tr("{who}: draw from the discard pile (S).", **fields))
        else:
            text = tr("{who}: or call {call} (K).", **fields) if call else tr("{who}:.", **fields)
        if v.discard_blocked and v.discard:
            text += (tr(" The discard pile is {word}.", word=self.blocked_word()) if self.blocked_is_named()
                     else tr(" The discard pile was matched upon."))
        return text

    def _ability_prompt(self, p, name) -> str:
        """The words for a step of an ability: a look, a swap, a choice, the picks of a reveal."""
        fields = dict(who=name, ability=self.ability_name(p.ability))
        skip = tr(" Space: skip.") if p.optional else ""
        more = tr(" ({n} to go)", n=p.count_left) if p.count_left > 1 else ""
        if p.step == "peek":
            what = _LOOKS.get(p.target, N_("{who}, {ability}: click a card to look at it{more}."))
            return tr(what, more=more, **fields) + skip
        if p.step == "swap":
            if p.target == "peeked":
                return tr("{who}, {ability}: click a card to swap it with the one you looked at.", **fields) + skip
            if p.target == "peeked_pair":
                return tr("{who}, {ability}: swap the two cards you looked at? Drag one onto the other.",
                          **fields) + skip
            return tr("{who}, {ability}: pick two cards to swap: click one then the other, or drag one onto the "
                      "other.", **fields) + skip
        if p.step == "choose":
            return tr("{who}, {ability}: choose what to do with the buttons.", **fields) + skip
        if p.step in ("pick", "reveal"):
            left = tr(" ({n} to go)", n=p.count_left) if p.count_left else ""
            return tr("{who}, {ability}: pick one card of each other player{left}; all are then shown to "
                      "everyone.", left=left, **fields) + skip
        return tr("{who}, {ability}: ", **fields) + skip

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
        matching.blocked_name: Cambio – Das Original says "frozen", after "eingefroren"), in the
        player's language."""
        return rules_words(self.ctrl.public().blocked_name)

    def blocked_is_named(self) -> bool:
        """The ruleset names the state ("frozen"), rather than the plain "matched upon"."""
        return self.ctrl.public().blocked_name != "matched upon"

    def blocked_reason(self) -> str:
        """Why the top discard may not be drawn now, in the game's own word."""
        if self.blocked_is_named():
            return tr("The discard pile is {word}: a card was thrown onto it. Draw from the deck (D).",
                      word=self.blocked_word())
        return tr("The discard pile's top card was matched upon: draw from the deck (D).")

    def ability_name(self, key) -> str:
        """An ability's name as the ruleset gives it, in the player's language (else its key)."""
        ab = self.ctrl.session.ruleset.abilities.get(key) if key else None
        return tr(ab.name) if ab is not None else (key or "")
