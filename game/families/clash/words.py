"""The clash family's words: one log sentence per event (events are public), and each Action
card's text made from its selection primitive and parameters.

Every sentence goes through game.i18n (`tr`, `trn`): whole sentences with named fields, never
pieced together, so that German can put the words in its own order. A card's or a Barbarian's
name is a field: the ruleset's text (`Text`), shown in the player's language. Some English
sentences count without a plural ("swaps 1 cards"): they are `trn` messages whose two English
forms are the same, so that the English stays as it always was and German counts right."""
from __future__ import annotations

from game.i18n import N_, Text, local, tr, trn

# clan key -> the clan's name in other languages, as the rulesets loaded give it (schema.check_cards
# tells them): an "All [Clan]" card's text names its clan by key (its face carries no clan name)
_CLAN_NAMES: dict = {}


def learn_clans(clans: dict) -> None:
    """Remember the translations of each clan's name (`{key: Text}`), for the cards' texts."""
    for key, name in clans.items():
        translations = getattr(name, "translations", None)
        if translations:
            _CLAN_NAMES[key] = dict(translations)


# the shipped cards whose German name is this catalog's, not the ruleset's (klobba.yaml's tests patch
# the English entry of Swap & Play as written: "name: Swap & Play")
CATALOG_NAMES = (N_("Swap & Play"),)


def shown(text) -> str:
    """A ruleset's text (a card's name) as the player reads it: in their language where the ruleset
    gives it so, else as this family's catalog says it (a name the ruleset gives in English only,
    such as the shipped "Swap & Play"), else as written."""
    said = local(text)
    return tr(str(text)) if text and said == str(text) else said


def _clan_words(clan: str) -> str:
    """The clan's name in a card's text: its key in words ("Orange Fox"), in the player's language
    where a ruleset gave the clan's name in it."""
    return Text(clan.replace("_", " ").title(), _CLAN_NAMES.get(clan))


def card_text(face) -> str:
    """What an Action card does, in words (the ruleset's own `text` when it gives one)."""
    if getattr(face, "text", ""):
        return local(face.text)
    p = dict(face.effect.params)
    cap = p.get("cap")
    tag = face.effect.tag
    if tag == "highest":
        return tr("Selects the available Barbarian with the highest value.")
    if tag == "lowest_multiplied":
        if cap is not None:
            return tr("Selects the lowest available Barbarian; its value times {factor}, capped at {cap}.",
                      factor=p["factor"], cap=cap)
        return tr("Selects the lowest available Barbarian; its value times {factor}.", factor=p["factor"])
    if tag == "lowest_plus_per_other":
        if cap is not None:
            return tr("Selects the lowest available Barbarian, plus {per_other} for each other face-up "
                      "Barbarian in the Group, capped at {cap}. Your Star goes only on the lowest.",
                      per_other=p["per_other"], cap=cap)
        return tr("Selects the lowest available Barbarian, plus {per_other} for each other face-up "
                  "Barbarian in the Group. Your Star goes only on the lowest.", per_other=p["per_other"])
    if tag == "lowest_several":
        if cap is not None:
            return tr("Selects the {count} lowest available Barbarians, summed, capped at {cap}.",
                      count=p["count"], cap=cap)
        return tr("Selects the {count} lowest available Barbarians, summed.", count=p["count"])
    if tag == "all_of_clan_or_distract":
        return tr("Selects every available {clan}, summed. None in your Group: you Distract (nobody is "
                  "clobbered, the other card's Barbarians turn face down, you pay Stars).",
                  clan=_clan_words(p["clan"]))
    if tag == "second_best_or_underdogs":
        return tr("Selects the higher of the second-best Barbarian and all Barbarians of value "
                  "{underdog_max} or less, summed.", underdog_max=p["underdog_max"])
    if tag == "mirror":
        if p.get("switch", True):
            return tr("Apply your opponent's card to your own Group. Both Mirror: no clobber. You may switch "
                      "Barbarians in step 8.")
        return tr("Apply your opponent's card to your own Group. Both Mirror: no clobber.")
    if tag == "swap_and_play":
        counts = ", ".join(str(c) for c in p["swaps"])
        return trn("Put {swap} cards of your hand under the Action deck, draw as many, play one of them. "
                   "Again and again: {counts} cards.",
                   "Put {swap} cards of your hand under the Action deck, draw as many, play one of them. "
                   "Again and again: {counts} cards.", p["swaps"][0], swap=p["swaps"][0], counts=counts)
    if tag == "flee_and_surprise":
        return tr("Return every available Barbarian of your Group except the {keep} mightiest, then draw "
                  "your Surprise and apply it to the {keep} left.", keep=p["keep"])
    return ""


def _end(text: str) -> str:
    """A sentence's full stop, unless it already ends with a mark (a card named "Berzerk!")."""
    return text if text[-1:] in ("!", "?", ".") else text + "."


def _who(names, seat) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else tr("Somebody")


def _titles(event) -> str:
    return ", ".join(shown(face.title) for _, face in event.faces)


def _and(items) -> str:
    """'a', 'a and b', 'a, b and c' (in the player's language)."""
    items = [local(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return tr("{first} and {last}", first=", ".join(items[:-1]), last=items[-1])


def joined(items) -> str:
    """'a', 'a and b', 'a and b and c' (every pair joined by 'and', in the player's language); the
    log's sentences and the result's title say lists so."""
    items = [local(i) for i in items]
    out = items[0] if items else ""
    for item in items[1:]:
        out = tr("{first} and {last}", first=out, last=item)
    return out


def stars(n: int) -> str:
    """'1 Star', '2 Stars'."""
    return trn("{n} Star", "{n} Stars", n, n=n)


def describe(event, names, call_name: str = "") -> str:
    """One log sentence for an event, naming players; '' for events not worth a line (Klobba! has
    no call: `call_name`, the Family contract's, is not used)."""
    k = event.kind
    who = _who(names, event.seat)
    if k == "round":
        return tr("Round {round}: {black} holds the Black Totem, {white} the White.", round=event.get("round"),
                  black=_who(names, event.get("black")), white=_who(names, event.get("white")))
    if k == "group":
        mine, theirs = event.get("owners")
        if mine is None and theirs is None:
            return tr("{who} pairs with a Free Band; the White Totem holder gets a Free Band.", who=who)
        if mine is None:
            return tr("{who} pairs with a Free Band; the White Totem holder gets {other}'s.", who=who,
                      other=_who(names, theirs))
        if theirs is None:
            return tr("{who} pairs with {owner}'s Band; the White Totem holder gets a Free Band.", who=who,
                      owner=_who(names, mine))
        return tr("{who} pairs with {owner}'s Band; the White Totem holder gets {other}'s.", who=who,
                  owner=_who(names, mine), other=_who(names, theirs))
    if k == "offers":
        made = [tr("{offerer} to {holder}", offerer=_who(names, s), holder=_who(names, h))
                for s, h, m in event.get("offers") if m]
        if not made:
            return tr("Offers: none.")
        return tr("Offers: {offers}.", offers=", ".join(made))
    if k == "laid":
        return tr("{who} lays an Action card face down.", who=who)
    if k in ("reveal", "reveal_played"):
        return _end(tr("Revealed: {cards}", cards=_titles(event)))
    if k == "swap":
        return trn("{who} swaps {returned} cards and draws {count}.", "{who} swaps {returned} cards and draws {count}.",
                   event.get("returned"), who=who, returned=event.get("returned"), count=event.get("count"))
    if k == "swap_again":
        return tr("{who} plays Swap & Play again!", who=who)
    if k == "swap_chosen":
        return tr("{who} chooses a new card, face down.", who=who)
    if k == "flee":
        if not _titles(event):
            return tr("{who} flees: nobody go back under the deck.", who=who)
        return tr("{who} flees: {cards} go back under the deck.", who=who, cards=_titles(event))
    if k == "surprise":
        return _end(tr("{who}'s Surprise: {cards}", who=who, cards=_titles(event)))
    if k == "distracts":
        return tr("{who}'s {card} finds none of its clan: a Distraction!", who=who, card=shown(event.face.title))
    if k == "mirrors":
        return tr("Both Mirror: nobody is clobbered.")
    if k == "mutual_distraction":
        return tr("Mutual distraction: nothing happens.")
    if k == "distraction":
        paid = event.get("paid")
        return trn("{distracted} is distracted: their Barbarians turn face down; {who} pays {n} Star.",
                   "{distracted} is distracted: their Barbarians turn face down; {who} pays {n} Stars.", paid,
                   distracted=_who(names, event.get("distracted")), who=who, n=paid)
    if k == "standoff":
        return tr("A stand-off at {total}: the selected Barbarians turn face down.", total=event.get("total"))
    if k == "victory":
        won, lost = event.get("totals")
        n = event.get("stars")
        if event.face is not None:
            return trn("{who} wins {won} to {lost}, captures the {card} and takes {n} Star.",
                       "{who} wins {won} to {lost}, captures the {card} and takes {n} Stars.", n,
                       who=who, won=won, lost=lost, card=shown(event.face.title), n=n)
        return trn("{who} wins {won} to {lost}, takes {n} Star.", "{who} wins {won} to {lost}, takes {n} Stars.", n,
                   who=who, won=won, lost=lost, n=n)
    if k == "reward":
        n = event.get("stars")
        return trn("{who}'s offer won: {who} takes {n} Star from the supply.",
                   "{who}'s offer won: {who} takes {n} Stars from the supply.", n, who=who, n=n)
    if k == "switch":
        return tr("{who} switches {cards}.", who=who, cards=joined(shown(face.title) for _, face in event.faces))
    if k == "reshuffle":
        n = event.get("cards")
        return trn("The Action discard is shuffled into a new deck ({cards} cards).",
                   "The Action discard is shuffled into a new deck ({cards} cards).", n, cards=n)
    if k == "game_over":
        winners = event.get("winners")
        return trn("The game is over: {won} won.", "The game is over: {won} won.", len(winners),
                   won=joined(_who(names, s) for s in winners))
    return ""   # offer_decided, select, selected, refill, rest, draw, no_switch, totems: drawn by the table


def score_lines(result) -> tuple:
    """A player's final score: Stars held, the bounty of captured Barbarians, how many."""
    return ((tr("Stars"), str(result.stars)), (tr("Bounty"), str(result.bounty)),
            (tr("Captured"), str(result.captured)))


# ---- a move in words (Family.phrase) ----
# Said to the seat whose view it is, from that view alone. Card ids are public (every id's face is
# in `view.faces`), so knowing the face of an id proves nothing: an Action card is named only where
# the view shows that seat the card there (its hand, the cards it drew, an offer shown to it).

# where a Band place sits for a seat, as the table lays the Bands out clockwise from the seat on
# screen (bottom, left, top, right): the Free Band there, as a phrase says it
_SIDES = {1: "left", 2: "across", 3: "right"}


def phrase(action, view, names, ruleset=None) -> str:
    """A move in a few words for the hint and the review: "pair with the Free Band on your left",
    "offer The Boss to Ben", "lay Mirror & Switch", "capture the Orange Fox 10"."""
    say = _PHRASES.get(action.kind)
    return say(action, view, names) if say else action.kind.replace("_", " ")


def _shown_action_cards(view) -> set:
    """The Action card ids the view shows its seat where they are: its hand, the cards it just drew
    with Swap & Play, the offers it may see."""
    return set(view.hand) | set(view.swap_drawn) | {o.card for o in view.offers if o.card is not None}


def _shown_name(view, card):
    """An Action card's name where the view shows it to its seat, else None."""
    return shown(view.face(card).title) if card in _shown_action_cards(view) else None


def _action_card(view, card) -> str:
    """An Action card's name, or 'a card' where the view does not show it."""
    return _shown_name(view, card) or tr("a card")


def _band_owner(view, place):
    """Who sits at a Band place: a seat, or None for a Free Band (or a place the view lacks)."""
    return view.bands[place].owner if 0 <= place < len(view.bands) else None


def _barbarian(view, card, place=None, names=()) -> str:
    """'the Orange Fox 10' (describe's name; with `place`, whose Band it is in: 'your Orange Fox 10',
    "Ben's Orange Fox 10"), or 'a Barbarian' for a card in no Band of the view (everything in a
    Band is public, face-down Barbarians too)."""
    if not any(b.card == card for band in view.bands for b in band.cards):
        return tr("a Barbarian")
    title = shown(view.face(card).title)
    owner = _band_owner(view, place) if place is not None else None
    if owner is None:
        return tr("the {card}", card=title)
    if owner == view.viewer:
        return tr("your {card}", card=title)
    return tr("{owner}'s {card}", owner=_who(names, owner), card=title)


def _barbarians(view, places) -> str:
    return _and(_barbarian(view, p[2]) for p in places)


def _group(action, view, names) -> str:
    # step 1: "The Black Totem holder picks one Band that holds no Totem"
    place = action.places[0][1]
    owner = _band_owner(view, place)
    if owner is not None:
        if owner == view.viewer:
            return tr("pair with your Band")
        return tr("pair with {owner}'s Band", owner=_who(names, owner))
    mine = next((s.place for s in view.seats if s.seat == view.viewer), None)
    side = _SIDES.get((place - mine) % len(view.bands)) if mine is not None and view.bands else None
    if side == "left":
        return tr("pair with the Free Band on your left")
    if side == "across":
        return tr("pair with the Free Band across the table")
    if side == "right":
        return tr("pair with the Free Band on your right")
    return tr("pair with a Free Band")


def _offer(action, view, names) -> str:
    # step 2: "may offer that holder one Action card, face down"
    (_, _, card), (_, holder) = action.places
    return tr("offer {card} to {holder}", card=_action_card(view, card), holder=_who(names, holder))


def _lay(action, view, names) -> str:
    # step 3: "Both Totem holders choose one card (from hand or offered) face down"
    zone, owner, card = action.places[0]
    if zone == "offer":
        name = _shown_name(view, card)
        if name:
            return tr("lay {owner}'s offer, {card}", owner=_who(names, owner), card=name)
        return tr("lay {owner}'s offer", owner=_who(names, owner))
    return tr("lay {card}", card=_action_card(view, card))


def _swap_return(action, view, names) -> str:
    # Swap & Play: "put three Action cards from your hand at the bottom of the Action deck". Said by
    # the cards kept, fewer words for the same move: "keep The Boss, put the rest under the Action deck"
    returned = [p[2] for p in action.places]
    kept = [c for c in view.hand if c not in returned]
    if kept and all(c in view.hand for c in returned):
        return tr("keep {cards}, put the rest under the Action deck",
                  cards=_and(_action_card(view, c) for c in kept))
    return tr("put {cards} under the Action deck", cards=_and(_action_card(view, c) for c in returned))


def _swap_play(action, view, names) -> str:
    # Swap & Play: "draw three, play one of them"; "Drawing Swap & Play again: you may play it"
    card = action.places[0][2]
    name = _shown_name(view, card)
    if name is None:
        return tr("play a card you drew")
    if view.face(card).effect.tag == "swap_and_play":
        return tr("play {card} again", card=name)
    return tr("play {card}", card=name)


def _keep(action, view, names) -> str:
    # Flee & Surprise: "return every available Barbarian of your Group except the two mightiest"
    return tr("keep {cards}", cards=_barbarians(view, action.places))


def _select(action, view, names) -> str:
    # "Whenever a card's choice is tied, the player who played it chooses"; Second-Best or
    # Underdogs: "Equal: the player chooses" (its two alternatives, as the table's buttons say)
    cards = _barbarians(view, action.places)
    if action.choice == "second_best":
        return tr("select Second-Best: {cards}", cards=cards)
    if action.choice == "underdogs":
        return tr("select Underdogs: {cards}", cards=cards)
    return tr("select {cards}", cards=cards)


def _capture(action, view, names) -> str:
    # "the winner captures one of the loser's selected Barbarians (the mightiest; the winner breaks ties)"
    return tr("capture {card}", card=_barbarian(view, action.places[0][2]))


def _switch(action, view, names) -> str:
    # step 8: "swap one available Barbarian of their own Band with one available Barbarian of any
    # other Band"
    (_, own, mine), (_, other, theirs) = action.places
    return tr("switch {mine} with {theirs}", mine=_barbarian(view, mine, own, names),
              theirs=_barbarian(view, theirs, other, names))


_PHRASES = {
    "group": _group,
    "offer": _offer,
    "no_offer": lambda action, view, names: tr("offer nothing"),
    "lay": _lay,
    "swap_return": _swap_return,
    "swap_play": _swap_play,
    "keep": _keep,
    "select": _select,
    "capture": _capture,
    "switch": _switch,
    "no_switch": lambda action, view, names: tr("don't switch"),
}
