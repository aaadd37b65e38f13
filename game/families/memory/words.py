"""The memory family's log sentences: one line of "What happened" per event (events are public),
`phrase`, a move in a few words said to the seat about to make it (the hint and the review), and
`a_card`, the one place a card's name gets its article ("an Ace", "an 8", "a 7"): the log, the
table's banners and prompts all take it from here.

Every sentence goes through game.i18n (`tr`, `trn`, `trc`) as one whole message with named fields.
English puts an article before a card's name ("an Ace", "the 7"); German articles depend on the
card's gender and the case, so the German messages are worded to need none ("nimmt vom
Ablagestapel: 7"): `card_words` is "an Ace" in English and the card's name alone in German, and
`card_name` is a card's name in the player's language (a ruleset's `Text`, or a suited card of a
standard deck, "Herz-Dame", whose name the ruleset loader builds in English)."""
from game.i18n import DEFAULT, N_, Text, language, local, tr, trc, trn

# Letters said with a vowel first, when a card's name is a letter alone (an A, an F; a K, a Q).
_VOWEL_LETTERS = frozenset("AEFHILMNORSX")
# Words written with a vowel that start with a consonant sound ("a unicorn", "a one-eyed jack").
_CONSONANT_SOUND = ("uni", "use", "one", "eu")


def article(title: str) -> str:
    """"a" or "an" for a card's name as it is said: "an" before a vowel sound (an Ace, an Energy,
    an 8, an 11, an 18, an 80, an A), "a" otherwise (a 7, a -1, a 10, a Jack, a Red King, a K)."""
    words = (title or "").split()
    if not words:
        return "a"
    first = words[0]
    if first[0].isdigit():
        digits = first[:next((i for i, ch in enumerate(first) if not ch.isdigit()), len(first))]
        return "an" if digits.startswith("8") or digits in ("11", "18") else "a"
    if len(first) == 1 and first.isalpha():
        return "an" if first.upper() in _VOWEL_LETTERS else "a"
    lower = first.lower()
    if lower.startswith(_CONSONANT_SOUND):
        return "a"
    return "an" if lower[0] in "aeiou" else "a"


def a_card(face_or_title) -> str:
    """A card's name with its article: "an Ace", "an 8", "a Blue King" (a CardDef or its title).
    English only: `card_words` says a card in the player's language."""
    title = face_or_title if isinstance(face_or_title, str) else face_or_title.title
    return f"{article(title)} {title}" if title else "a card"


# --- a card's name in the player's language ---------------------------------------------------

# A standard deck's suits, and its ranks as a suited card's name says them: the ruleset loader
# names a suited card "Queen of hearts" in English only (game/engine/ruleset_schema.py), so the
# family says such a name in German itself, "Herz-Dame".
SUITS = {"spades": N_("spades"), "hearts": N_("hearts"), "diamonds": N_("diamonds"), "clubs": N_("clubs")}
# Translators: a standard deck's rank, as in "Herz-Dame" (a red or a black King is "König" there:
# the suit says its colour)
RANKS = {"Ace": N_("Ace"), "Jack": N_("Jack"), "Queen": N_("Queen"), "King": N_("King"),
         "Red King": N_("King"), "Black King": N_("King")}


def card_name(face) -> str:
    """A card's name as the player reads it (a CardDef, or a name): in English its title as the
    ruleset gives it ("the 9 of clubs", "Red King"); else the ruleset's translation, or for a suited
    card of a standard deck its suit and rank ("Kreuz-9")."""
    if face is None:
        return ""
    title = face if isinstance(face, str) else face.title
    if language() == DEFAULT:
        return title
    if isinstance(title, Text):
        return local(title)
    suit = getattr(face, "suit", None)
    ending = f" of {suit}"
    if suit and title.endswith(ending):
        rank = title[:-len(ending)]
        rank = tr(RANKS[rank]) if rank in RANKS else rank
        return tr("{rank} of {suit}", rank=rank, suit=tr(SUITS.get(suit, suit)))
    return title


def card_words(face) -> str:
    """A card as a sentence names it where English says its article: "an Ace", "a 7" in English,
    the name alone in German ("Ass", "7"), whose sentences are worded for it."""
    if language() == DEFAULT:
        return a_card(face.title if face is not None and not isinstance(face, str) else (face or ""))
    return card_name(face) or tr("a card")


def names_and(names) -> str:
    """Names joined as a sentence lists them: "Ana and Ben"."""
    joint = trc("between names", "and")
    return f" {joint} ".join(names)


def rules_words(text) -> str:
    """A ruleset's text (the call's name, what it calls a pile thrown upon) in the player's
    language: the ruleset's own translation, else the catalog's (for the family's defaults, "Call",
    "matched upon"), else as written."""
    if isinstance(text, Text) and text.translations:
        return local(text)
    return tr(str(text)) if text else text


def call_words(name) -> str:
    """The call's name as the table says it ("KOMBIO"; the default "Call" in the player's language)."""
    return rules_words(name)


def _pos_words(pos, names, actor=None, dative: bool = False) -> str:
    """A position in the log: "their own card 2" (the actor's), "Ben's card 1". `dative`: for a
    German sentence where it follows "mit" (the English is the same)."""
    seat, slot = pos
    if seat == actor:
        if dative:
            return trc("after 'with'", "their own card {n}", n=slot + 1)
        return tr("their own card {n}", n=slot + 1)
    if dative:
        return trc("after 'with'", "{name}'s card {n}", name=names[seat], n=slot + 1)
    return tr("{name}'s card {n}", name=names[seat], n=slot + 1)


def describe(event, names, call_name: str = "Call") -> str:
    """One log sentence for an event, naming players; '' for events not worth a line (SENTENCES)."""
    say = SENTENCES.get(event.kind)
    if say is None:
        return ""
    who = names[event.seat] if event.seat is not None else ""
    return say(event, names, who, event.face, call_words(call_name))


def _pos(event, names, pos, dative: bool = False):
    return _pos_words(pos, names, event.seat, dative)


def _draw(e, names, who, face, call):
    if e.get("src") == "deck":
        return tr("{who} draws from the deck.", who=who)
    return tr("{who} takes the {card} from the discard pile.", who=who, card=card_name(face))


def _match(e, names, who, face, call):
    src, card = _pos(e, names, e.pos), card_words(face)
    if e.get("ok"):
        return tr("{who} matches with {src}: {card}!", who=who, src=src, card=card)
    if e.get("late"):
        return tr("{who} throws {src}, {card}: too late!", who=who, src=src, card=card)
    return tr("{who} tries {src}, {card}: wrong!", who=who, src=src, card=card)


def _decide(e, names, who, face, call):
    claimer = names[e.get("claimer")]
    if e.get("choice") == "take":
        return tr("{who} makes {claimer} take the card.", who=who, claimer=claimer)
    return tr("{who} returns the card; {claimer} takes a penalty card.", who=who, claimer=claimer)


def _call(e, names, who, face, call):
    if e.get("auto"):
        return tr("{who} has no cards left: automatic {call}!", who=who, call=call)
    return tr("{who} calls {call}!", who=who, call=call)


def _reveal(e, names, who, face, call):
    shown = ", ".join(tr("{name}'s {card}", name=names[p[0]], card=card_name(f)) for p, f in e.faces)
    return tr("Revealed to everyone: {cards}.", cards=shown)


def _skip(e, names, who, face, call):
    if e.get("give"):
        return tr("{who} gives no card back.", who=who)
    return tr("{who} skips the ability.", who=who)


def _penalty(e, names, who, face, call):
    if e.get("ok"):
        return tr("{who} takes a penalty card.", who=who)
    return tr("{who} would take a penalty card, but none is left.", who=who)


def _reshuffle(e, names, who, face, call):
    n = e.get("cards")
    # the English says "cards" for one card too (as it always has)
    return trn("The discard pile is shuffled into a new deck ({n} cards).",
               "The discard pile is shuffled into a new deck ({n} cards).", n, n=n)


def _match_over(e, names, who, face, call):
    winners = [names[s] for s in e.get("winners")]
    return trn("The match is over: {winners} won.", "The match is over: {winners} won.", len(winners),
               winners=names_and(winners))


# event kind -> its sentence: (event, names, who acted, the card's face, the call's name) -> str
SENTENCES = {
    "deal": lambda e, names, who, face, call: tr("Round {n}: {dealer} deals.", n=e.get("round"),
                                                 dealer=names[e.seat]),
    "look_start": lambda e, names, who, face, call: tr("{who} looks at their starting cards.", who=who),
    "draw": _draw,
    "exchange": lambda e, names, who, face, call:
        tr("{who} exchanges their card {n} and discards {card}.", who=who, n=e.pos[1] + 1,
           card=card_words(face)),
    "discard": lambda e, names, who, face, call:
        tr("{who} discards the drawn {card}.", who=who, card=card_name(face)),
    "ability": lambda e, names, who, face, call: tr("{who} uses {name}.", who=who, name=e.get("name")),
    "choose": lambda e, names, who, face, call: tr("{who} chooses {name}.", who=who, name=e.get("name")),
    "skip": _skip,
    "extra_turn": lambda e, names, who, face, call: tr("{who} will take another turn.", who=who),
    "peek": lambda e, names, who, face, call: tr("{who} looks at {card}.", who=who, card=_pos(e, names, e.pos)),
    "pick": lambda e, names, who, face, call: tr("{who} picks {card}.", who=who, card=_pos(e, names, e.pos)),
    "reveal": _reveal,
    "swap": lambda e, names, who, face, call:
        tr("{who} swaps {card} with {other}.", who=who, card=_pos(e, names, e.pos),
           other=_pos(e, names, e.pos2, dative=True)),
    "match": _match,
    "give": lambda e, names, who, face, call:
        tr("{who} gives their card {n} to {name}.", who=who, n=e.pos[1] + 1, name=names[e.pos2[0]]),
    "decide": _decide,
    "penalty": _penalty,
    "call": _call,
    "reshuffle": _reshuffle,
    "round_over": lambda e, names, who, face, call: tr("The round is over: cards are revealed."),
    "match_over": _match_over,
}


def score_lines(result) -> tuple:
    """A seat's round in the summary: the revealed hand and the call's bonus or penalty."""
    return ((tr("Hand"), str(result.hand)), (tr("Bonus"), f"{result.bonus:+d}" if result.bonus else "0"))


# --- a round's note (SeatResult.note): written in English by the rules, said in the player's ------

# What the rules write in a seat's note (rules.py), joined by "; ": each a message with its numbers.
NOTE_OVER_LIMIT = N_("called above the {limit}-point limit")
NOTE_LOWEST = N_("called and was lowest")
NOTE_TIED = N_("called but was tied")
NOTE_BEATEN = N_("called but was beaten")
NOTE_TURNS = N_("round stopped after {n} turns (the rules' limit)")
NOTE_ROUNDS = "match stopped after {n} rounds (the rules' limit)"      # said with trn (note_words)
NOTE_SEARCH = "a search's playout stopped here"                          # never shown: a bot's playout
_NOTES = (NOTE_OVER_LIMIT, NOTE_LOWEST, NOTE_TIED, NOTE_BEATEN, NOTE_TURNS, NOTE_ROUNDS)


def _note_pattern(template: str):
    import re
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else rf"(?P<{p}>-?\d+)"
                              for i, p in enumerate(parts)) + "$")


_NOTE_PATTERNS = None


def note_words(note: str) -> str:
    """A seat's note of the round (SeatResult.note, English as the rules wrote it) in the player's
    language: each of its parts is one of the rules' notes (NOTE_*) with its numbers."""
    global _NOTE_PATTERNS
    if not note or language() == DEFAULT:
        return note
    if _NOTE_PATTERNS is None:
        _NOTE_PATTERNS = [(t, _note_pattern(t)) for t in _NOTES]
    out = []
    for part in note.split("; "):
        for template, pattern in _NOTE_PATTERNS:
            found = pattern.match(part)
            if found is None:
                continue
            fields = {k: int(v) for k, v in found.groupdict().items()}
            if template == NOTE_ROUNDS:
                part = trn("match stopped after {n} rounds (the rules' limit)",
                           "match stopped after {n} rounds (the rules' limit)", fields["n"], **fields)
            else:
                part = tr(template, **fields)
            break
        out.append(part)
    return "; ".join(out)


# --- a move in words, said to the seat about to make it (Family.phrase) ------------------------

def phrase(action, view, names, ruleset=None) -> str:
    """A move in a few words to the seat whose `view` it is, from that view alone (the hint's
    sentence, the review's lines): "take the 7 from the discard pile", "look at Ben's card 1". An
    ability is chosen by its name in the `ruleset` (public: the rules), else by its key in words."""
    if action.kind == "choose" and ruleset is not None:
        ability = ruleset.abilities.get(action.choice)
        if ability is not None and ability.name:
            return tr("choose {name}", name=ability.name)
    say = PHRASES.get(action.kind)
    return say(action, view, names) if say is not None else action.kind.replace("_", " ")


def _card_at(pos, view, names, dative: bool = False) -> str:
    """A position as its viewer says it: "your card 2", "Ben's card 1"."""
    if pos[0] == view.viewer:
        if dative:
            return trc("after 'with'", "your card {n}", n=pos[1] + 1)
        return tr("your card {n}", n=pos[1] + 1)
    return _pos_words(pos, names, dative=dative)


def _card_known(pos, view, names) -> str:
    """A position, with its face only where the view shows it: "your card 2 (a 9)", "Ben's card 1".
    Said for the card a move gives up (exchanged, given away), where its face is the point."""
    face = view.slot(pos).face
    where = _card_at(pos, view, names)
    return tr("{where} ({card})", where=where, card=card_words(face)) if face is not None else where


def _drawn(view) -> str:
    """The drawn card, by its face where the view shows it (the drawer's, or anyone's for a card
    taken from the discard pile)."""
    if view.drawn is not None:
        return tr("the drawn {card}", card=card_name(view.drawn))
    return tr("the drawn card")


def _window_card(view) -> str:
    """The discard the match race is on, face up for everyone."""
    if view.window is not None:
        return trc("the discard a race is on", "the {card}", card=card_name(view.window.card))
    return trc("the discard a race is on", "the discard")


def _other_name(view, names) -> str:
    """The other seat of a give (the receiver) or of a wrong match (the claimer)."""
    other = view.pending.other if view.pending is not None else None
    return names[other] if other is not None else tr("them")


def _draw(action, view, names) -> str:
    if action.choice == "deck":
        return tr("draw from the deck")
    top = view.top
    if top is not None:
        return tr("take the {card} from the discard pile", card=card_name(top))
    return tr("take from the discard pile")


# what a skip leaves out, by the ability's step (one step is skipped, not the rest of the ability)
_SKIPPED = {"peek": N_("skip the look"), "swap": N_("skip the swap"), "choose": N_("skip this action"),
            "reveal": N_("skip the reveal")}


def _skip(action, view, names) -> str:
    if view.phase == "give":
        return tr("keep your cards")    # the table's "Keep my cards": no card given back
    step = view.pending.step if view.pending is not None else None
    return tr(_SKIPPED[step]) if step in _SKIPPED else tr("skip the ability")


def _match(action, view, names) -> str:
    winner = view.window.winner if view.window is not None else None
    late = winner is not None and winner != view.viewer    # another threw first (Cambio's chain)
    top, card = _window_card(view), _card_at(action.pos, view, names)
    if late:
        return tr("match {top} with {card} (too late)", top=top, card=card)
    return tr("match {top} with {card}", top=top, card=card)


def _pass(action, view, names) -> str:
    winner = view.window.winner if view.window is not None else None
    if winner is not None and winner == view.viewer:
        return tr("throw no more on {top}", top=_window_card(view))    # the chain's winner stops (Done)
    return tr("do not match {top}", top=_window_card(view))


def _decide(action, view, names) -> str:
    claimer = _other_name(view, names)
    pos = view.pending.pos if view.pending is not None else None
    card = _card_at(pos, view, names) if pos is not None else tr("the card")
    if action.choice == "take":
        return tr("make {claimer} take {card}", claimer=claimer, card=card)
    if action.choice == "return":
        return tr("take back {card}; {claimer} takes a penalty card", claimer=claimer, card=card)
    return tr("decide {choice}", choice=action.choice)


# action kind -> its words: (action, view, names) -> str (moves.ACTION_FIELDS lists the kinds)
PHRASES = {
    "look_start": lambda a, view, names: tr("look at your starting cards"),
    "draw": _draw,
    "call": lambda a, view, names: tr("call {call}", call=call_words(view.call_name)),
    "exchange": lambda a, view, names:
        tr("exchange {card} for {drawn}", card=_card_known(a.pos, view, names), drawn=_drawn(view)),
    "discard": lambda a, view, names: tr("discard {drawn}", drawn=_drawn(view)),
    "peek": lambda a, view, names: tr("look at {card}", card=_card_at(a.pos, view, names)),
    "pick": lambda a, view, names: tr("pick {card} to show everyone", card=_card_at(a.pos, view, names)),
    "swap": lambda a, view, names:
        tr("swap {card} with {other}", card=_card_at(a.pos, view, names),
           other=_card_at(a.pos2, view, names, dative=True)),
    # without the ruleset (which holds the ability's name; no view carries it): its key, in words
    "choose": lambda a, view, names: tr("choose {name}", name=str(a.choice).replace("_", " ")),
    "skip": _skip,
    "match": _match,
    "pass": _pass,
    "give": lambda a, view, names:
        tr("give {card} to {other}", card=_card_known(a.pos, view, names), other=_other_name(view, names)),
    "decide": _decide,
    "next_round": lambda a, view, names: tr("start the next round"),
}
