"""Step 4 of a Klobba! round, clobber time, as its own rules: the reveal, Swap & Play, Flee &
Surprise, the selections, the Stars, and the clobber's outcomes (victory, stand-off, distraction).

The order inside the step is rules.py's (its docstring); these are ClashGame's methods, kept in a
file of their own for their length, with each Totem holder's side of the round (`Side`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Optional

from game.engine.core import Action, Event
from game.families.clash import selection
from game.families.clash.selection import DISTRACT
from game.families.clash.view import Outcome


@dataclass
class Side:
    """One Totem holder's side of the round (step 3 and 4): mutable, copied with the game."""
    seat: int
    totem: str
    group: tuple                    # (own Band place, paired Band place)
    laid: Optional[int] = None
    offered_by: Optional[int] = None
    revealed: bool = False          # the laid card was revealed (step 4)
    swaps: list = field(default_factory=list)       # Swap & Play cards played, in order
    swap_stage: Optional[str] = None                # "return" / "play" while swapping
    swap_drawn: list = field(default_factory=list)
    final: Optional[int] = None     # the card finally played
    final_revealed: bool = False
    surprises: list = field(default_factory=list)
    effect: Optional[int] = None    # the card whose selection applies
    effect_known: bool = False
    must_flee: bool = False
    keep: int = 0
    fled: list = field(default_factory=list)
    flee_options: list = field(default_factory=list)
    choices: list = field(default_factory=list)     # the Choices while a tie is pending
    selected: tuple = ()
    total: Optional[int] = None
    distracts: bool = False
    may_switch: bool = False
    switches_left: int = 0

    def copy(self) -> "Side":
        """A Side to change independently: its lists copied (a search copies states by the thousand)."""
        new = object.__new__(Side)
        new.__dict__.update(self.__dict__)
        new.swaps, new.swap_drawn, new.surprises = list(self.swaps), list(self.swap_drawn), list(self.surprises)
        new.fled, new.flee_options, new.choices = list(self.fled), list(self.flee_options), list(self.choices)
        return new


class ClobberTime:
    """Step 4, clobber time: the part of ClashGame (rules.py) that plays it."""

    def _reveal(self) -> list:
        """Both laid cards are turned over at once; Swap & Play players start swapping."""
        sides = self._holders()
        for side in sides:
            side.revealed = True
        events = [Event("reveal", faces=tuple((("laid", s.seat), self.faces[s.laid]) for s in sides),
                        data=(("cards", tuple((s.seat, s.laid) for s in sides)),
                              ("offered_by", tuple((s.seat, s.offered_by) for s in sides))))]
        for side in sides:
            if self.kind(side.laid) == "swap_and_play":
                side.swaps.append(side.laid)
                events += self._start_swap(side)
            else:
                side.final = side.laid
        self.stage = "swap"
        return events + self._advance()

    def _swap_counts(self, card: int) -> tuple:
        return dict(self.faces[card].effect.params)["swaps"]

    def _swap_count(self, side: Side) -> int:
        """How many cards this Swap & Play swaps: `swaps[i]` the (i+1)-th time in a row."""
        counts = self._swap_counts(side.swaps[-1])
        return counts[min(len(side.swaps), len(counts)) - 1]

    def _start_swap(self, side: Side) -> list:
        """"Put three Action cards from your hand at the bottom of the Action deck, draw three,
        play one of them" (the count for this time in a row: `swaps`)."""
        count = self._swap_count(side)
        hand = self.hands[side.seat]
        if len(hand) > count:
            side.swap_stage = "return"
            self.pending[side.seat] = "swap"
            return []
        return self._swap_draw(side, list(hand), count)

    def _swap_draw(self, side: Side, returned: list, count: int) -> list:
        hand = self.hands[side.seat]
        for c in returned:
            hand.remove(c)
        self.action_deck[0:0] = returned[::-1]       # under the deck, in the order given
        drawn, events = [], [Event("swap", seat=side.seat, places=(("action_deck",),),
                                   data=(("returned", len(returned)), ("count", count)))]
        for _ in range(count):
            card, more = self._draw_action()
            events += more
            if card is None:
                break
            drawn.append(card)
        hand.extend(drawn)
        side.swap_drawn = drawn
        if not drawn:
            side.final, side.swap_stage = None, None
            self.pending.pop(side.seat, None)
            return events
        side.swap_stage = "play"
        self.pending[side.seat] = "swap"
        if len(drawn) == 1:
            # "the fourth time you swap one card and must play it"
            events += self._swap_play(side, drawn[0])
        return events

    def _legal_swap(self, seat: int) -> list:
        side = self.sides[seat]
        if side.swap_stage == "return":
            return [Action("swap_return", places=tuple(("hand", seat, c) for c in pick))
                    for pick in combinations(self.hands[seat], self._swap_count(side))]
        return [Action("swap_play", places=(("hand", seat, c),)) for c in side.swap_drawn]

    def _do_swap(self, seat: int, action: Action) -> list:
        side = self.sides[seat]
        if action.kind == "swap_return":
            events = self._swap_draw(side, [p[2] for p in action.places], self._swap_count(side))
        else:
            events = self._swap_play(side, action.places[0][2])
        return events + self._advance()

    def _swap_play(self, side: Side, card: int) -> list:
        """"Drawing Swap & Play again: you may play it"; any other card is played face down."""
        self.hands[side.seat].remove(card)
        side.swap_drawn = []
        counts = self._swap_counts(side.swaps[-1])
        if self.kind(card) == "swap_and_play" and len(side.swaps) < len(counts):
            side.swaps.append(card)
            events = [Event("swap_again", seat=side.seat, face=self.faces[card],
                            faces=((("swap", side.seat), self.faces[card]),), data=(("card", card),))]
            return events + self._start_swap(side)
        side.final, side.swap_stage = card, None
        self.pending.pop(side.seat, None)
        return [Event("swap_chosen", seat=side.seat)]

    def _advance(self) -> list:
        """Step 4 from where it stands to the next decision (or to the end of the round)."""
        events = []
        while True:
            if self.pending:
                self.phase = {"swap": "swap", "flee": "flee", "select": "select",
                              "capture": "capture"}[next(iter(self.pending.values()))]
                return events
            stage = self.stage
            if stage == "swap":
                events += self._after_swaps()
            elif stage == "flee":
                events += self._surprises()
            elif stage == "select":
                events += self._clobber()
            elif stage == "capture":
                events += self._after_clobber()
                return events

    def _after_swaps(self) -> list:
        """The cards chosen after Swap & Play are revealed together; Mirror and Flee find their card."""
        sides = self._holders()
        events = []
        swapped = [s for s in sides if s.swaps]
        for s in swapped:
            s.final_revealed = True
        if swapped:
            events.append(Event("reveal_played", faces=tuple(
                (("played", s.seat), self.faces[s.final]) for s in swapped if s.final is not None),
                data=(("cards", tuple((s.seat, s.final) for s in swapped)),)))
        for s in sides:
            s.final_revealed = True
        black, white = sides
        if self.kind(black.final) == "mirror" and self.kind(white.final) == "mirror":
            # "both Mirror: no clobber, go to step 5"
            for s in sides:
                s.may_switch = dict(self.faces[s.final].effect.params)["switch"]
            self.outcome = Outcome("mirrors")
            self.stage = "capture"
            return events + [Event("mirrors")]
        for s in sides:
            other = self._opponent(s)
            base = s.final
            if self.kind(base) == "mirror":
                # "apply the opponent's card to your own Group"
                s.may_switch = dict(self.faces[base].effect.params)["switch"]
                base = other.final
            if self.kind(base) == "flee_and_surprise":
                s.must_flee, s.keep = True, dict(self.faces[base].effect.params)["keep"]
            elif base is not None and self.kind(base) in selection.SELECTING:
                s.effect, s.effect_known = base, True
            else:
                s.effect, s.effect_known = None, True      # selects nobody
        for s in sides:
            if s.must_flee:
                options = selection.keep_mightiest(self.available(s.group), s.keep)
                if len(options) > 1:
                    s.flee_options = options
                    self.pending[s.seat] = "flee"
                else:
                    events += self._flee(s, options[0])
        self.stage = "flee"
        return events

    def _legal_flee(self, seat: int) -> list:
        return [Action("keep", places=self._band_places(kept)) for kept in self.sides[seat].flee_options]

    def _do_flee(self, seat: int, action: Action) -> list:
        side = self.sides[seat]
        kept = tuple(p[2] for p in action.places)
        side.flee_options = []
        self.pending.pop(seat, None)
        return self._flee(side, kept) + self._advance()

    def _flee(self, side: Side, kept: tuple) -> list:
        """"Return every available Barbarian of your Group except the two mightiest to the bottom
        of the Barbarian deck (face-down ones stay)"."""
        gone = [c for c, _, _ in self.available(side.group) if c not in kept]
        places = self._band_places(gone)
        for c in gone:
            self.bands[self.place_of_card(c)].remove(c)
        self.barbarian_deck[0:0] = gone[::-1]
        side.fled = gone
        return [Event("flee", seat=side.seat, places=places,
                      faces=tuple((p, self.faces[p[2]]) for p in places), data=(("cards", tuple(gone)),))]

    def _surprises(self) -> list:
        """"Then draw the top Action card (your Surprise) and apply it to the two left"."""
        events = []
        for s in self._holders():
            if not s.must_flee:
                continue
            for _ in range(len(self.faces)):
                card, more = self._draw_action()
                events += more
                if card is None:
                    s.effect = None
                    break
                s.surprises.append(card)
                if self.kind(card) in selection.SELECTING or not self.rules["surprise_redraws_playing_cards"]:
                    s.effect = card if self.kind(card) in selection.SELECTING else None
                    break
            s.effect_known = True
            events.append(Event("surprise", seat=s.seat, faces=tuple(
                (("surprise", s.seat), self.faces[c]) for c in s.surprises), data=(("cards", tuple(s.surprises)),)))
        events += self._selections()
        self.stage = "select"
        return events

    def _selections(self) -> list:
        """Each card selects Barbarians of its player's Group; a tie waits for its player."""
        events = []
        for s in self._holders():
            if s.effect is None:
                s.selected, s.total = (), 0
                continue
            result = selection.evaluate(self.faces[s.effect].effect, self.available(s.group))
            if result == DISTRACT:
                s.distracts, s.selected, s.total = True, (), None
                events.append(Event("distracts", seat=s.seat, face=self.faces[s.effect]))
            elif len(result) > 1:
                # "Whenever a card's choice is tied, the player who played it chooses"
                s.choices = result
                self.pending[s.seat] = "select"
            else:
                s.selected, s.total = result[0].selected, result[0].total
        return events

    def _legal_select(self, seat: int) -> list:
        out = []
        for choice in self.sides[seat].choices:
            act = Action("select", places=self._band_places(choice.selected), choice=choice.kind or None)
            if act not in out:
                out.append(act)
        return out

    def _do_select(self, seat: int, action: Action) -> list:
        side = self.sides[seat]
        chosen = {p[2] for p in action.places}
        choice = next(c for c in side.choices if set(c.selected) == chosen
                      and (c.kind or None) == action.choice)
        side.selected, side.total, side.choices = choice.selected, choice.total, []
        self.pending.pop(seat, None)
        return [Event("select", seat=seat, places=action.places, data=(("cards", choice.selected),))] \
            + self._advance()

    def _place_stars(self, side: Side) -> None:
        """"The player places one of their Stars on each selected Barbarian" (as far as they have)."""
        for c in side.selected:
            if self.stars[side.seat] > 0:
                self.stars[side.seat] -= 1
                self.stars_on[c] = side.seat

    def _stars_back(self, side: Side) -> None:
        for c in side.selected:
            if self.stars_on.get(c) == side.seat:
                del self.stars_on[c]
                self.stars[side.seat] += 1

    def _clobber(self) -> list:
        """Stars on the selected Barbarians; the higher total wins, or a stand-off, or a distraction."""
        black, white = self._holders()
        events = [Event("selected", data=(("selections", tuple((s.seat, s.selected, s.total)
                                                               for s in (black, white))),),
                        places=self._band_places(black.selected + white.selected))]
        self.stage = "capture"
        if black.distracts and white.distracts:
            # "Mutual distraction: nothing happens, no Stars paid"
            self.outcome = Outcome("mutual_distraction")
            return events + [Event("mutual_distraction")]
        if black.distracts or white.distracts:
            # "the Barbarians chosen by the other card turn face down, their Stars go back, nobody
            # is clobbered, and the distracting player gives the other player two Stars"
            loser, other = (black, white) if black.distracts else (white, black)
            self.face_down.update(other.selected)
            paid = min(self.rules["distract_penalty"], self.stars[loser.seat])
            self.stars[loser.seat] -= paid
            self.stars[other.seat] += paid
            self.outcome = Outcome("distraction", winner=other.seat, loser=loser.seat, paid=paid)
            return events + [Event("distraction", seat=loser.seat, places=self._band_places(other.selected),
                                   data=(("distracted", other.seat), ("paid", paid),
                                         ("flipped", tuple(other.selected))))]
        for s in (black, white):
            self._place_stars(s)
        if black.total == white.total:
            # a stand-off: "every selected Barbarian turns face down, all Stars go back"
            for s in (black, white):
                self._stars_back(s)
                self.face_down.update(s.selected)
            self.outcome = Outcome("standoff")
            return events + [Event("standoff", places=self._band_places(black.selected + white.selected),
                                   data=(("total", black.total),))]
        winner, loser = (black, white) if black.total > white.total else (white, black)
        self.outcome = Outcome("victory", winner=winner.seat, loser=loser.seat)
        if loser.selected:
            top = max(self.faces[c].value for c in loser.selected)
            mightiest = [c for c in loser.selected if self.faces[c].value == top]
            if len(mightiest) > 1:
                # "the mightiest; the winner breaks ties"
                self.capture_options = mightiest
                self.pending[winner.seat] = "capture"
                return events
            return events + self._victory(winner, loser, mightiest[0])
        return events + self._victory(winner, loser, None)

    def _legal_capture(self, seat: int) -> list:
        return [Action("capture", places=self._band_places((c,))) for c in self.capture_options]

    def _do_capture(self, seat: int, action: Action) -> list:
        black, white = self._holders()
        winner, loser = (black, white) if black.seat == seat else (white, black)
        self.pending.pop(seat, None)
        return self._victory(winner, loser, action.places[0][2]) + self._advance()

    def _victory(self, winner: Side, loser: Side, captured: Optional[int]) -> list:
        """"The winner captures one of the loser's selected Barbarians, keeping it face up in front of
        them with its bounty, and takes every Star on the loser's selected Barbarians. The winner's
        selected Barbarians turn face down and the winner takes back their Stars"."""
        won = 0
        for c in loser.selected:
            if self.stars_on.get(c) == loser.seat:
                del self.stars_on[c]
                won += 1
        self.stars[winner.seat] += won
        places = self._band_places((captured,)) if captured is not None else ()
        if captured is not None:
            self.bands[self.place_of_card(captured)].remove(captured)
            self.face_down.discard(captured)
            self.captured[winner.seat].append(captured)
        self._stars_back(winner)
        self.face_down.update(winner.selected)
        reward = ()
        if winner.offered_by is not None:
            # "If the holder plays it and wins, the offering player takes 1 Star from the supply"
            paid = min(self.rules["offers"]["reward"], self.supply)
            self.supply -= paid
            self.stars[winner.offered_by] += paid
            reward = ((winner.offered_by, paid),)
        self.outcome = Outcome("victory", winner=winner.seat, loser=loser.seat, captured=captured,
                               stars_won=won, reward=reward)
        events = [Event("victory", seat=winner.seat, places=places,
                        face=self.faces[captured] if captured is not None else None,
                        data=(("loser", loser.seat), ("captured", captured), ("stars", won),
                              ("flipped", tuple(winner.selected)), ("totals", (winner.total, loser.total))))]
        if reward:
            events.append(Event("reward", seat=winner.offered_by, data=(("stars", reward[0][1]),
                                                                       ("holder", winner.seat))))
        return events
