"""The public record of a match: every event everyone saw, in order (issue 32, item 2).

Events carry public information only (game.engine.core.Event), so the record is the same for every
seat and for a bystander: who drew from where, who took which public card, who discarded, matched,
called, laid or bought, and what was revealed, as the table showed it. Every family's view carries
it (`record`), so a bot may read what the others did without ever reading the state.

A record is an immutable chain: each action adds one link holding its events and pointing at the
record before it. Adding is O(1), a copy of the state shares the whole record (bots search on
copies), and two states with the same past hold equal records. Reading walks the chain once.
"""
from __future__ import annotations

from typing import Iterator, Optional


class Record:
    """The events of a match so far, oldest first; immutable and shared between copies."""

    __slots__ = ("prev", "events", "size")

    def __init__(self, prev: Optional["Record"] = None, events: tuple = ()):
        self.prev = prev
        self.events = events
        self.size = (prev.size if prev is not None else 0) + len(events)

    def add(self, events) -> "Record":
        """This record with `events` after it (itself when there are none)."""
        return Record(self, tuple(events)) if events else self

    def __len__(self) -> int:
        return self.size

    def latest(self) -> Iterator:
        """The events from the newest back to the first (a bot mostly reads what happened last)."""
        link = self
        while link is not None:
            yield from reversed(link.events)
            link = link.prev

    def __iter__(self) -> Iterator:
        links = []
        link = self
        while link is not None:
            links.append(link.events)
            link = link.prev
        for events in reversed(links):
            yield from events

    def __eq__(self, other) -> bool:
        if self is other:
            return True
        if not isinstance(other, Record) or self.size != other.size:
            return False
        return all(a == b for a, b in zip(self.latest(), other.latest()))

    def __hash__(self) -> int:
        return hash((self.size, next(self.latest(), None)))

    def __repr__(self) -> str:
        return f"Record({self.size} events)"


EMPTY = Record()
