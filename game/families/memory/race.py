"""The memory family's match race: after each discard everyone may throw a card of the same kind
onto it, first come first served; a wrong card is returned with a penalty card, a card matched
from an opponent is paid for with one of the matcher's own.

A part of MemoryGame (rules.py), whose state and turn it uses (the deck for penalty cards, the
call and the next turn once the race is over).
"""
from __future__ import annotations

from game.engine.core import Event, IllegalAction
from game.families.memory.moves import _PASS, _PASS_EVENTS, _RETURN, _SKIP, _TAKE, _WINDOW_CLOSE, actions_on
from game.i18n import N_, tr


class MatchRace:
    """The match race of a memory game (MemoryGame's)."""

    def _open_window(self) -> list:
        self.phase = "window"
        self.window = {"card": self.discard[-1], "attempted": 0, "winner": None}
        if not self._window_seats():
            return self._close_window()
        return [Event("window_open", face=self.defs[self.discard[-1]])]

    def _window_seats(self) -> tuple:
        w = self.window
        attempted = w["attempted"]
        if self.caller is not None and self._locks:
            attempted |= 1 << self.caller      # a locked caller's hand cannot change: no racing
        key = (attempted, w["winner"])
        seats = self._window_seats_of.get(key)   # asked very often during a race: made once
        if seats is None:
            others = [s for s in range(self.n) if not (attempted >> s) & 1]
            if w["winner"] is not None:
                # only the winner may go on throwing; others may still throw too late (and pay for it)
                late = self.rules["matching"]["late_throw"] == "penalty"
                others = [w["winner"]] + ([s for s in others if s != w["winner"]] if late else [])
            seats = self._window_seats_of[key] = tuple(others)
        return seats

    def seats_seeing_a_match(self) -> int:
        """The seats (a bitmask) that know the face of a card matching the open window in a layout
        that is not locked: only they can claim the race knowingly (bots.py's bot step asks no
        other seat whose bot claims only what it sees)."""
        key = self.defs[self.window["card"]].match
        defs, known, mask = self.defs, self.known, 0
        for s, layout in enumerate(self.layouts):
            if self.caller == s and self._locks:
                continue
            for c in layout:
                if c is not None and defs[c].match == key:
                    mask |= known[c]
        return mask

    def _matchable_seats(self, seat) -> list:
        """The seats whose cards `seat` may throw in the race: not a locked layout; others' only
        where the game allows matching an opponent's card."""
        others = self.rules["matching"]["from_opponents"]
        return [s for s in range(self.n) if not self.locked(s) and (s == seat or others)]

    def _matchable(self, seat) -> list:
        out = []
        for s in self._matchable_seats(seat):
            out.extend((s, i) for i, c in enumerate(self.layouts[s]) if c is not None)
        return out

    def _legal_match_or_pass(self, seat) -> list:
        out = []
        for s in self._matchable_seats(seat):
            out += actions_on("match", s, self.layouts[s])
        out.append(_PASS)
        return out

    def _match_or_pass(self, seat, action):
        w = self.window
        if action.kind == "pass":
            if w["winner"] == seat:
                return [_PASS_EVENTS[seat]] + self._close_window()
            w["attempted"] |= 1 << seat
            events = [_PASS_EVENTS[seat]]
            if not self._window_seats():
                events += self._close_window()
            return events
        self._expect(action, "match")
        pos = self._table_pos(action.pos)
        if pos not in self._matchable(seat):
            if pos[0] != seat and not self.rules["matching"]["from_opponents"]:
                raise IllegalAction(tr("Only your own cards may be matched in this game."))
            raise IllegalAction(tr("That card cannot be matched: its hand is locked or the position is empty."))
        owner = pos[0]
        cid = self.layouts[owner][pos[1]]
        top = self.defs[w["card"]]
        face = self.defs[cid]
        self.known[cid] = self.all_mask   # an attempt shows the card to everyone
        if w["winner"] is not None and seat != w["winner"]:
            # cambio.de.txt: "...oder du warst zu langsam": the card goes back, plus a penalty card
            w["attempted"] |= 1 << seat
            events = [Event("match", seat=seat, pos=pos, face=face, data=(("ok", False), ("late", True)))]
            return events + self._penalty(seat) + self._continue_window()
        if face.match == top.match:
            self.layouts[owner][pos[1]] = None
            self.discard.append(cid)
            if self.rules["matching"]["blocks_discard_draw"]:
                self.discard_blocked = True
            events = [Event("match", seat=seat, pos=pos, face=face, data=(("ok", True),))]
            chain = self.rules["matching"]["after_success"] == "exclusive_chain"
            if chain:
                w["winner"] = seat
                w["card"] = cid
            else:
                w["attempted"] = self.all_mask
            if owner != seat and self.rules["matching"]["give_after_opponent_match"] != "never" \
                    and self.has_cards(seat):
                self.pending = {"kind": "give", "seat": seat, "other": owner, "pos": pos,
                                "steps": [], "peeked": [], "picked": []}
                self.phase = "give"
                return events
            return events + self._continue_window()
        # a wrong match
        w["attempted"] |= 1 << seat
        events = [Event("match", seat=seat, pos=pos, face=face, data=(("ok", False),))]
        if w["winner"] == seat:
            w["winner"] = None       # a wrong card ends an exclusive chain
            w["attempted"] = self.all_mask
        if owner != seat and self.rules["matching"]["wrong_opponent"] == "opponent_chooses":
            self.pending = {"kind": "mismatch_choice", "seat": owner, "other": seat, "pos": pos,
                            "steps": [], "peeked": [], "picked": []}
            self.phase = "mismatch_choice"
            return events
        events += self._penalty(seat)
        return events + self._continue_window()

    def _penalty(self, seat) -> list:
        """An unseen penalty card from the deck, face down, as an extra position of the layout."""
        if not self._can_draw_deck():
            return [Event("penalty", seat=seat, data=(("ok", False),))]
        events = self._refill_deck()
        cid = self.deck.pop()
        self.layouts[seat].append(cid)
        self.penalty_slots[seat].append(True)
        return events + [Event("penalty", seat=seat, pos=(seat, len(self.layouts[seat]) - 1), data=(("ok", True),))]

    def _legal_give(self, seat) -> list:
        out = actions_on("give", seat, self.layouts[seat])
        if self.rules["matching"]["give_after_opponent_match"] == "may":
            out.append(_SKIP)
        return out

    def _give(self, seat, action):
        if action.kind == "skip" and self.rules["matching"]["give_after_opponent_match"] == "may":
            self.pending = None
            self.phase = "window"
            return [Event("skip", seat=seat, data=(("give", True),))] + self._continue_window()
        self._expect(action, "give")
        pos = self._own_pos(seat, action.pos, N_("You can only give one of your own cards."))
        pend = self.pending
        target = tuple(pend["pos"])
        cid = self.layouts[seat][pos[1]]
        self.layouts[seat][pos[1]] = None
        self.layouts[target[0]][target[1]] = cid
        self.pending = None
        self.phase = "window"
        return [Event("give", seat=seat, pos=pos, pos2=target)] + self._continue_window()

    def _legal_take_or_return(self, seat) -> list:
        return [_TAKE, _RETURN]

    def _take_or_return(self, seat, action):
        self._expect(action, "decide")
        pend = self.pending
        claimer, pos = pend["other"], tuple(pend["pos"])
        if action.choice == "take":
            cid = self.layouts[pos[0]][pos[1]]
            self.layouts[pos[0]][pos[1]] = None
            self.layouts[claimer].append(cid)
            self.penalty_slots[claimer].append(True)
            events = [Event("decide", seat=seat, pos=pos, pos2=(claimer, len(self.layouts[claimer]) - 1),
                            data=(("choice", "take"), ("claimer", claimer)))]
        elif action.choice == "return":
            events = [Event("decide", seat=seat, pos=pos, data=(("choice", "return"), ("claimer", claimer)))]
            events += self._penalty(claimer)
        else:
            raise IllegalAction(tr("Decide: the other player takes the card, or returns it and takes a penalty card."))
        self.pending = None
        self.phase = "window"
        return events + self._continue_window()

    def _continue_window(self) -> list:
        # cambio.de.txt: "Sobald ein Spieler keine Tischkarten mehr hat, endet die Runde sofort."
        at_once = self.rules["call"]["zero_cards"] == "end_round" \
            and not all(map(self.has_cards, range(self.n)))
        if self._window_seats() and not at_once:
            return []
        return self._close_window()

    def _close_window(self) -> list:
        self.window = None
        events = [_WINDOW_CLOSE]
        empty = [s for s in range(self.n) if not self.has_cards(s)]
        if empty:
            if self.rules["call"]["zero_cards"] == "end_round":
                return events + self._end_round()
            if self.caller is None:
                # "Reducing your hand to zero cards is an automatic call"
                who = self.current if self.current in empty else empty[0]
                events += self._call(who, auto=True)
                if who == self.current:
                    return events + self._next_turn()
                # someone else emptied their hand: they've called; the current turn is over,
                # and the final turns go on clockwise from the current player. "Everyone is
                # allowed one final turn": the current player too, whose turn came before the call
                self.final_turns = [(self.current + k) % self.n for k in range(1, self.n + 1)
                                    if (self.current + k) % self.n != who]
        return events + self._next_turn()
