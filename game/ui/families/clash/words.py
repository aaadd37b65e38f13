"""The table's words for Klobba!: the title, prompts per phase, the banner in the middle, the tied
choices' button labels, the clobber's result in one line, an Action card's gist, why a gesture does
nothing.

Every text goes through game.i18n (`tr`, `trn`), a whole sentence per message; a card's or a
Barbarian's name is a field (the ruleset's `Text`, shown in the player's language)."""
from __future__ import annotations

from game.families.clash.words import shown
from game.i18n import N_, local, tr, trn


def ending(text: str, mark: str = ".") -> str:
    """`text` ended with `mark`, unless it already ends with a mark of its own (a card named
    "Berzerk!" closing a sentence: "Berzerk!", never "Berzerk!!" or "Berzerk!.")."""
    return text if text[-1:] in ("!", "?", ".", "…") else text + mark


def title(name: str, view) -> str:
    """The game and how far it has gone: the round, of how many at most. The game ends once everyone
    has held the Black Totem `black_times_to_end` times (the Totems move on one player each round,
    so that is players x times rounds), or earlier after the round the Barbarian deck runs out."""
    if view.phase == "over":
        return tr("{game} · the game is over after round {round}", game=name, round=view.round_no)
    times = view.black_times_to_end
    left = sum(max(0, times - seat_view.black_times) for seat_view in view.seats)
    if view.last_round:
        return tr("{game} · Round {round}, the last: the Barbarian deck is empty", game=name, round=view.round_no)
    return trn("{game} · Round {round} of at most {most} · everyone holds the Black Totem {times} time",
               "{game} · Round {round} of at most {most} · everyone holds the Black Totem {times} times", times,
               game=name, round=view.round_no, most=view.round_no + left, times=times)


def card_gist(face) -> str:
    """An Action card's key words and number, short enough for a small card ("Lowest × 2, at most
    13"); its whole text is on the larger cards and in the zoom. "" when there is nothing short."""
    p = dict(face.effect.params)
    cap = p.get("cap")
    tag = face.effect.tag
    if tag == "highest":
        return tr("Highest Barbarian")
    if tag == "lowest_multiplied":
        if cap is not None:
            return tr("Lowest × {factor}, at most {cap}", factor=p["factor"], cap=cap)
        return tr("Lowest × {factor}", factor=p["factor"])
    if tag == "lowest_plus_per_other":
        if cap is not None:
            return tr("Lowest, + {per_other} per other, at most {cap}", per_other=p["per_other"], cap=cap)
        return tr("Lowest, + {per_other} per other", per_other=p["per_other"])
    if tag == "lowest_several":
        if cap is not None:
            return tr("{count} lowest summed, at most {cap}", count=p["count"], cap=cap)
        return tr("{count} lowest summed", count=p["count"])
    if tag == "all_of_clan_or_distract":
        return tr("Sum of the clan; none: Distract")
    if tag == "second_best_or_underdogs":
        return tr("2nd best, or all of {underdog_max} or less", underdog_max=p["underdog_max"])
    if tag == "mirror":
        if p.get("switch", True):
            return tr("Copies the other card; may switch")
        return tr("Copies the other card")
    if tag == "swap_and_play":
        return tr("Swap {swap}, draw {swap}, play one", swap=p["swaps"][0])
    if tag == "flee_and_surprise":
        return tr("Keep {keep} mightiest; draw a Surprise", keep=p["keep"])
    return ""


def name_of(names, seat) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else tr("Seat {n}", n=(seat or 0) + 1)


def prompt(view, seat, names, legal) -> str:
    """What `seat` may do now, in the rules' words."""
    phase = view.phase
    if phase == "group":
        return tr("You hold the Black Totem: click the Band to pair with (its Grouping marker goes there).")
    if phase == "offer":
        holder = next((o.holder for o in view.offers if o.offerer == seat), None)
        return tr("Offer {who} one Action card face down: drag it onto {who}'s plate or laid-card place "
                  "(they light up), or Offer nothing [N]. If it wins, you take a Star.", who=name_of(names, holder))
    if phase == "lay":
        if any(a.places and a.places[0][0] == "offer" for a in legal):
            return tr("Lay an Action card face down: click it or a card offered to you, or drag it onto your "
                      "laid-card place.")
        return tr("Lay an Action card face down: click it, or drag it onto your laid-card place.")
    if phase == "swap":
        if any(a.kind == "swap_return" for a in legal):
            count = len(next(a for a in legal if a.kind == "swap_return").places)
            return trn("Swap & Play: click {count} cards of your hand to put under the Action deck.",
                       "Swap & Play: click {count} cards of your hand to put under the Action deck.", count,
                       count=count)
        return tr("Swap & Play: click one of the cards you drew (marked new) to play it.")
    if phase == "flee":
        return tr("Flee & Surprise: click the two Barbarians of your Group you keep.")
    if phase == "select":
        return tr("Your card's choice is tied: click the Barbarians it selects, or use a button.")
    if phase == "capture":
        return tr("You win! Click the loser's Barbarian you capture.")
    if phase == "switch":
        return tr("Mirror & Switch: click a Barbarian of your Band, then one of another Band, or Don't switch [N].")
    return tr(view.log_hint)


# the step the table is at, phase by phase (step 1 names the Black Totem holder: banner says it)
STEPS = {"offer": N_("Step 2: offers to the Totem holders."),
         "lay": N_("Step 3: both Totem holders lay a card."),
         "swap": N_("Step 4: Swap & Play."), "flee": N_("Step 4: Flee & Surprise."),
         "select": N_("Step 4: tied choices."), "capture": N_("Step 4: the winner captures.")}


def banner(view, names) -> str:
    """The words in the middle: the step the table is at and who it waits for (the title says the
    round, the labels over the laid cards who holds which Totem)."""
    if view.phase == "over":
        return tr("The game is over.")
    if view.outcome is not None and view.phase == "switch":
        return tr("Step 8: Mirror & Switch players switch Barbarians.")
    if view.phase == "group":
        return tr("Step 1: {name} pairs the Black Totem with a Band.", name=name_of(names, view.black))
    if view.phase in STEPS:
        return tr(STEPS[view.phase])
    return tr("Round {round}.", round=view.round_no)


def short_name(face) -> str:
    """A Barbarian in a few letters, for a button: its clan's last word and its value ("Fox 6")."""
    return f"{local(face.clan_name).split()[-1]} {face.value}"


def select_label(view, action) -> str:
    """A tied choice as a button: what it selects (and which alternative)."""
    what = " + ".join(short_name(view.face(p[2])) for p in action.places)
    if action.kind == "keep":
        return tr("Keep {cards}", cards=what)
    if action.choice == "second_best":
        return tr("Second-Best: {cards}", cards=what)
    if action.choice == "underdogs":
        return tr("Underdogs: {cards}", cards=what)
    return what


def outcome_text(ev, names) -> str:
    """The clobber's result in one line."""
    k = ev.kind
    if k == "victory":
        won, lost = ev.get("totals")
        n = ev.get("stars")
        who = name_of(names, ev.seat)
        if ev.face is not None:
            return trn("{who} wins {won} to {lost}, captures the {card} and takes {n} Star!",
                       "{who} wins {won} to {lost}, captures the {card} and takes {n} Stars!", n,
                       who=who, won=won, lost=lost, card=shown(ev.face.title), n=n)
        return trn("{who} wins {won} to {lost} and takes {n} Star!", "{who} wins {won} to {lost} and takes {n} Stars!",
                   n, who=who, won=won, lost=lost, n=n)
    if k == "standoff":
        return tr("A stand-off at {total}: the selected Barbarians turn face down.", total=ev.get("total"))
    if k == "distraction":
        paid = ev.get("paid")
        return trn("{distracted} is distracted! {who} pays {n} Star.",
                   "{distracted} is distracted! {who} pays {n} Stars.", paid,
                   distracted=name_of(names, ev.get("distracted")), who=name_of(names, ev.seat), n=paid)
    if k == "distracts":
        return tr("{who}'s card finds none of its clan: a Distraction!", who=name_of(names, ev.seat))
    if k == "mutual_distraction":
        return tr("Mutual distraction: nothing happens.")
    if k == "mirrors":
        return tr("Both Mirror: nobody is clobbered.")
    return ""


def _totem_of(view, seat):
    return "black" if seat == view.black else "white" if seat == view.white else None


def why_not(view, selection, place, names=(), seat=None, legal=()) -> str:
    """Why a click or a drop does nothing, in the rules' words ('' for the engine's)."""
    phase = view.phase
    what = place[0] if place else None
    if phase == "group":
        return tr("Pair with a Band that holds no Totem: click it.")
    if phase == "offer":
        holder = next((o.holder for o in view.offers if o.offerer == seat), None)
        if holder is None:
            return tr("Only the players whose Band is paired with a Totem holder offer a card.")
        who = name_of(names, holder)
        if what == "totem" and place[1] != holder:
            return tr("You offer to {who}, not to {other}: drop the card on {who}'s plate or laid-card place "
                      "(they light up).", who=who, other=name_of(names, place[1]))
        if selection and all(p[0] == "hand" for p in selection):
            return tr("Drop the card on {who}'s plate or laid-card place (they light up), or click one of them.",
                      who=who)
        return tr("Offer {who} a card of your hand: drag it onto {who}'s plate or laid-card place.", who=who)
    if phase == "lay":
        own = _totem_of(view, seat)
        if what == "slot" and own is not None and place[1] != own:
            other = name_of(names, view.black if place[1] == "black" else view.white)
            if own == "black":
                return tr("That is {other}'s laid-card place: lay your card on yours (Black, on the left), "
                          "or click the card.", other=other)
            return tr("That is {other}'s laid-card place: lay your card on yours (White, on the right), "
                      "or click the card.", other=other)
        if what == "slot":
            return tr("Click one of your cards to lay it, or drag it here.")
        return tr("Click a card to lay it, or drop it on your laid-card place.")
    if phase == "swap":
        if any(a.kind == "swap_return" for a in legal):
            return tr("Swap & Play: click the cards of your hand to put under the Action deck.")
        return tr("Swap & Play: click one of the cards you drew (marked new) to play it.")
    if phase == "flee":
        return tr("Flee & Surprise: click the two Barbarians of your Group you keep (they light up).")
    if phase == "select":
        return tr("Click the Barbarians your card selects (they light up), or use a button.")
    if phase == "capture":
        return tr("Click the loser's Barbarian you capture (it lights up).")
    if phase == "switch":
        return tr("Switch an available Barbarian of your Band with an available one of another Band.")
    if phase == "over":
        return tr("The game is over.")
    return ""
