"""The memory family's abilities: a card drawn from the deck and discarded directly lets its player
use its ability, a pending decision of explicit steps (look, swap, choose, reveal, extra turn).

A part of MemoryGame (rules.py), whose state and turn it uses (layouts, knowledge, the race that
follows, `locked`, the sentences for a wrong move).
"""
from __future__ import annotations

from game.engine.core import Action, Event, IllegalAction
from game.families.memory.moves import _SKIP, _act
from game.families.memory.words import call_words
from game.i18n import tr


class Abilities:
    """The ability steps of a memory game (MemoryGame's)."""

    def _start_ability(self, seat, ability_key) -> list:
        ab = self.ruleset.abilities[ability_key]
        self.pending = {"kind": "ability", "seat": seat, "ability": ability_key,
                        "steps": list(ab.steps), "count_left": 0, "peeked": [], "picked": []}
        self.phase = "ability"
        events = [Event("ability", seat=seat, data=(("ability", ability_key), ("name", ab.name)))]
        return events + self._advance_ability(first=True)

    def _step(self) -> dict:
        return self.pending["steps"][0]

    def _step_peeked(self) -> list:
        """Positions looked at during the current step (a step's peeks are of different cards)."""
        return self.pending["peeked"][self.pending.get("step_start", 0):]

    def _advance_ability(self, first=False) -> list:
        """Move to the next step that has something to do; finish the ability when none is left."""
        pend = self.pending
        if not first:
            pend["steps"].pop(0)
        events = []
        while pend["steps"]:
            step = pend["steps"][0]
            if step["extra_turn"]:
                # no decision to make: the same player will have another turn after the race,
                # but not after a call: "Jeder der anderen Spieler hat dann nur noch einen weiteren Zug"
                if self.caller is None:
                    self.extra_turn = True
                    events.append(Event("extra_turn", seat=pend["seat"]))
                pend["steps"].pop(0)
                continue
            pend["count_left"] = step["count"] if (step["peek"] or step["reveal"]) else 0
            pend["step_start"] = len(pend["peeked"])   # "two different cards" holds within a step
            if step["reveal"]:
                pend["count_left"] = len(self._reveal_seats(pend["seat"], []))
                pend["picked"] = []
            if self._step_has_targets(pend["seat"], step):
                return events
            pend["steps"].pop(0)   # nothing to do (e.g. no opponent card to look at)
        self.pending = None
        return events + self._open_window()

    def _step_optional(self, step) -> bool:
        return step["optional"] or self.rules["abilities"] == "optional"

    def _viewable(self, seat, target) -> list:
        """Positions the actor may look at or touch for target own/other/any (locked layouts excluded)."""
        out = []
        for s in range(self.n):
            if self.locked(s):
                continue
            if target == "own" and s != seat or target == "other" and s == seat:
                continue
            out.extend((s, i) for i, c in enumerate(self.layouts[s]) if c is not None)
        return out

    def _step_has_targets(self, seat, step) -> bool:
        if step["choose"]:
            # choices cannot nest, so this recursion stops at the chosen abilities' steps
            return any(self._step_has_targets(seat, s)
                       for name in step["choose"] for s in self.ruleset.abilities[name].steps)
        if step["peek"]:
            return bool([p for p in self._viewable(seat, step["peek"]) if list(p) not in self._step_peeked()])
        if step["reveal"]:
            return bool(self._reveal_seats(seat, []))
        return bool(self._swaps(seat, step)[0])

    def _swaps(self, seat, step) -> tuple:
        """(the pairs a swap step allows, as a set, its actions in legal order): a swap lists a
        hundred pairs, asked for its legal actions, its check and whether it has any."""
        peeked = tuple(tuple(p) for p in self.pending["peeked"])
        live = tuple(self._viewable(seat, "any"))      # in table order
        key = (seat, step["swap"], step["own_pair"], peeked, live)
        got = _SWAPS.get(key)
        if got is None:
            if len(_SWAPS) > 4096:      # a long series of matches and searches meets many tables
                _SWAPS.clear()
            pairs = _swap_pairs(seat, step["swap"], step["own_pair"], peeked, live)
            got = _SWAPS[key] = (frozenset(pairs), tuple(_act("swap", a, b) for a, b in pairs))
        return got

    def _reveal_seats(self, seat, picked) -> list:
        done = {p[0] for p in picked}
        return [s for s in range(self.n) if s != seat and s not in done and not self.locked(s)
                and self.has_cards(s)]

    def _legal_use_ability(self, seat) -> list:
        step = self._step()
        out = []
        if step["choose"]:
            out = [Action("choose", choice=name) for name in step["choose"]
                   if any(self._step_has_targets(seat, s) for s in self.ruleset.abilities[name].steps)]
        elif step["peek"]:
            out = [_act("peek", p) for p in self._viewable(seat, step["peek"])
                   if list(p) not in self._step_peeked()]
        elif step["reveal"]:
            seats = self._reveal_seats(seat, self.pending["picked"])
            out = [_act("pick", p) for p in self._viewable(seat, "other") if p[0] in seats]
        else:
            out = list(self._swaps(seat, step)[1])
        if self._step_optional(step):
            out.append(_SKIP)
        return out

    def _use_ability(self, seat, action):
        step = self._step()
        pend = self.pending
        if action.kind == "skip":
            if not self._step_optional(step):
                raise IllegalAction(tr("This ability is not optional here: you must use it."))
            return [Event("skip", seat=seat, data=(("ability", pend["ability"]),))] + self._advance_ability()
        if step["choose"]:
            self._expect(action, "choose")
            if action.choice not in step["choose"]:
                raise IllegalAction(tr("Choose one of: {names}.", names=", ".join(
                    tr(self.ruleset.abilities[n].name) for n in step["choose"])))
            chosen = self.ruleset.abilities[action.choice]
            pend["steps"][1:1] = list(chosen.steps)
            return [Event("choose", seat=seat, data=(("ability", action.choice), ("name", chosen.name)))] \
                + self._advance_ability()
        if step["peek"]:
            self._expect(action, "peek")
            pos = self._table_pos(action.pos)
            if pos not in self._viewable(seat, step["peek"]):
                raise IllegalAction(self._why_not_target(seat, pos, step["peek"]))
            if list(pos) in self._step_peeked():
                raise IllegalAction(tr("You have already looked at that card: choose another."))
            self.known[self.layouts[pos[0]][pos[1]]] |= 1 << seat
            pend["peeked"].append(list(pos))
            pend["count_left"] -= 1
            events = [Event("peek", seat=seat, pos=pos)]
            # "look at any two cards" with one card left to look at: the step ends with one look
            if pend["count_left"] <= 0 or not self._step_has_targets(seat, step):
                events += self._advance_ability()
            return events
        if step["reveal"]:
            self._expect(action, "pick")
            pos = self._table_pos(action.pos)
            if pos[0] not in self._reveal_seats(seat, pend["picked"]) or self.layouts[pos[0]][pos[1]] is None:
                raise IllegalAction(tr("Pick one card of each other player whose cards are not locked."))
            pend["picked"].append(pos)
            pend["count_left"] -= 1
            events = [Event("pick", seat=seat, pos=pos)]
            if not self._reveal_seats(seat, pend["picked"]):
                faces = tuple((p, self.defs[self.layouts[p[0]][p[1]]]) for p in pend["picked"])
                for p in pend["picked"]:
                    self.known[self.layouts[p[0]][p[1]]] = self.all_mask
                events.append(Event("reveal", seat=seat, faces=faces,
                                    data=(("seconds", step["seconds"]),)))
                events += self._advance_ability()
            return events
        self._expect(action, "swap")
        a, b = self._table_pos(action.pos), self._table_pos(action.pos2)
        pairs = self._swaps(seat, step)[0]
        # legal_actions lists each pair once; a swap is the same move in either order
        if (a, b) not in pairs and (b, a) not in pairs:
            raise IllegalAction(self._why_not_swap(seat, a, b, step))
        la, lb = self.layouts[a[0]], self.layouts[b[0]]
        la[a[1]], lb[b[1]] = lb[b[1]], la[a[1]]
        return [Event("swap", seat=seat, pos=a, pos2=b)] + self._advance_ability()

    def _why_not_target(self, seat, pos, target) -> str:
        """Why a look at `pos` is refused (`target`: whose cards the look may show)."""
        if self.locked(pos[0]):
            return tr("That hand is locked after the {call} call.", call=call_words(self.call_name))
        if target == "own":
            return tr("This ability lets you look at one of your own cards.")
        if target == "other":
            return tr("This ability lets you look at an opponent's card, not your own.")
        return tr("You cannot choose that card.")

    def _why_not_swap(self, seat, a, b, step) -> str:
        if self.locked(a[0]) or self.locked(b[0]):
            return tr("That hand is locked after the {call} call.", call=call_words(self.call_name))
        if a == b:
            return tr("Choose two different cards.")
        if step["swap"] == "peeked_pair":
            return tr("You can only swap the two cards you looked at.")
        if step["swap"] == "peeked":
            return tr("Swap the card you looked at with another card.")
        if not step["own_pair"] and a[0] == seat and b[0] == seat:
            return tr("You may not swap two of your own cards.")
        return tr("Those two cards cannot be swapped.")


# A swap step's pairs and actions by all they depend on (the actor, the kind of swap, whether two
# of the actor's own cards may be swapped, the positions looked at, those it may touch): the same
# for every game, so listed once for all (positions are public; the actions are _act's, shared too)
_SWAPS: dict = {}


def _swap_pairs(seat, kind, own_pair, peeked: tuple, live: tuple) -> list:
    """The pairs of positions a swap step of `kind` allows, each once, in legal order: `live` the
    positions it may touch (in table order), `peeked` those the ability looked at."""
    if kind == "peeked_pair":
        return [(peeked[0], peeked[1])] if len(peeked) >= 2 and all(p in live for p in peeked[:2]) else []
    firsts = [p for p in peeked if p in live] if kind == "peeked" else live
    out = []
    for a in firsts:
        for b in live:
            if b == a or (kind == "any" and b < a):
                continue
            if not own_pair and a[0] == seat and b[0] == seat:
                continue
            out.append((a, b))
    return out
