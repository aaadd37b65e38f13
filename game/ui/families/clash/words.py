"""The table's words for Klobba!: the title, prompts per phase, the banner in the middle, the tied
choices' button labels, the clobber's result in one line, an Action card's gist, why a gesture does
nothing."""
from __future__ import annotations


def ending(text: str, mark: str = ".") -> str:
    """`text` ended with `mark`, unless it already ends with a mark of its own (a card named
    "Berzerk!" closing a sentence: "Berzerk!", never "Berzerk!!" or "Berzerk!.")."""
    return text if text[-1:] in ("!", "?", ".", "…") else text + mark


def title(name: str, view) -> str:
    """The game and how far it has gone: the round, of how many at most. The game ends once everyone
    has held the Black Totem `black_times_to_end` times (the Totems move on one player each round,
    so that is players x times rounds), or earlier after the round the Barbarian deck runs out."""
    if view.phase == "over":
        return f"{name} · the game is over after round {view.round_no}"
    times = view.black_times_to_end
    left = sum(max(0, times - seat_view.black_times) for seat_view in view.seats)
    if view.last_round:
        return f"{name} · Round {view.round_no}, the last: the Barbarian deck is empty"
    return (f"{name} · Round {view.round_no} of at most {view.round_no + left} · everyone holds the Black Totem "
            f"{times} time{'s' if times != 1 else ''}")


def card_gist(face) -> str:
    """An Action card's key words and number, short enough for a small card ("Lowest × 2, at most
    13"); its whole text is on the larger cards and in the zoom. "" when there is nothing short."""
    p = dict(face.effect.params)
    cap = f", at most {p['cap']}" if p.get("cap") is not None else ""
    tag = face.effect.tag
    if tag == "highest":
        return "Highest Barbarian"
    if tag == "lowest_multiplied":
        return f"Lowest × {p['factor']}{cap}"
    if tag == "lowest_plus_per_other":
        return f"Lowest, + {p['per_other']} per other{cap}"
    if tag == "lowest_several":
        return f"{p['count']} lowest summed{cap}"
    if tag == "all_of_clan_or_distract":
        return "Sum of the clan; none: Distract"
    if tag == "second_best_or_underdogs":
        return f"2nd best, or all of {p['underdog_max']} or less"
    if tag == "mirror":
        return "Copies the other card" + ("; may switch" if p.get("switch", True) else "")
    if tag == "swap_and_play":
        return f"Swap {p['swaps'][0]}, draw {p['swaps'][0]}, play one"
    if tag == "flee_and_surprise":
        return f"Keep {p['keep']} mightiest; draw a Surprise"
    return ""


def name_of(names, seat) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else f"Seat {(seat or 0) + 1}"


def prompt(view, seat, names, legal) -> str:
    """What `seat` may do now, in the rules' words."""
    phase = view.phase
    if phase == "group":
        return "You hold the Black Totem: click the Band to pair with (its Grouping marker goes there)."
    if phase == "offer":
        holder = next((o.holder for o in view.offers if o.offerer == seat), None)
        who = name_of(names, holder)
        return (f"Offer {who} one Action card face down: drag it onto {who}'s plate or laid-card place "
                "(they light up), or Offer nothing [N]. If it wins, you take a Star.")
    if phase == "lay":
        offered = any(a.places and a.places[0][0] == "offer" for a in legal)
        more = " or a card offered to you" if offered else ""
        return f"Lay an Action card face down: click it{more}, or drag it onto your laid-card place."
    if phase == "swap":
        if any(a.kind == "swap_return" for a in legal):
            count = len(next(a for a in legal if a.kind == "swap_return").places)
            return f"Swap & Play: click {count} cards of your hand to put under the Action deck."
        return "Swap & Play: click one of the cards you drew (marked new) to play it."
    if phase == "flee":
        return "Flee & Surprise: click the two Barbarians of your Group you keep."
    if phase == "select":
        return "Your card's choice is tied: click the Barbarians it selects, or use a button."
    if phase == "capture":
        return "You win! Click the loser's Barbarian you capture."
    if phase == "switch":
        return "Mirror & Switch: click a Barbarian of your Band, then one of another Band, or Don't switch [N]."
    return view.log_hint


def banner(view, names) -> str:
    """The words in the middle: the step the table is at and who it waits for (the title says the
    round, the labels over the laid cards who holds which Totem)."""
    if view.phase == "over":
        return "The game is over."
    if view.outcome is not None and view.phase == "switch":
        return "Step 8: Mirror & Switch players switch Barbarians."
    step = {"group": f"Step 1: {name_of(names, view.black)} pairs the Black Totem with a Band.",
            "offer": "Step 2: offers to the Totem holders.",
            "lay": "Step 3: both Totem holders lay a card.",
            "swap": "Step 4: Swap & Play.", "flee": "Step 4: Flee & Surprise.",
            "select": "Step 4: tied choices.", "capture": "Step 4: the winner captures."}.get(view.phase, "")
    return step or f"Round {view.round_no}."


def select_label(view, action) -> str:
    """A tied choice as a button: what it selects (and which alternative)."""
    faces = [view.face(p[2]) for p in action.places]
    what = " + ".join(f"{f.clan_name.split()[-1]} {f.value}" for f in faces)
    head = {"second_best": "Second-Best: ", "underdogs": "Underdogs: "}.get(action.choice or "", "")
    if action.kind == "keep":
        head = "Keep "
    return head + what


def outcome_text(ev, names) -> str:
    """The clobber's result in one line."""
    k = ev.kind
    if k == "victory":
        won, lost = ev.get("totals")
        caught = f", captures the {ev.face.title}" if ev.face is not None else ""
        stars = ev.get("stars")
        return f"{name_of(names, ev.seat)} wins {won} to {lost}{caught} and takes {stars} Star{'s' if stars != 1 else ''}!"
    if k == "standoff":
        return f"A stand-off at {ev.get('total')}: the selected Barbarians turn face down."
    if k == "distraction":
        paid = ev.get("paid")
        return (f"{name_of(names, ev.get('distracted'))} is distracted! {name_of(names, ev.seat)} pays "
                f"{paid} Star{'s' if paid != 1 else ''}.")
    if k == "distracts":
        return f"{name_of(names, ev.seat)}'s card finds none of its clan: a Distraction!"
    if k == "mutual_distraction":
        return "Mutual distraction: nothing happens."
    if k == "mirrors":
        return "Both Mirror: nobody is clobbered."
    return ""


def _totem_of(view, seat):
    return "black" if seat == view.black else "white" if seat == view.white else None


def why_not(view, selection, place, names=(), seat=None, legal=()) -> str:
    """Why a click or a drop does nothing, in the rules' words ('' for the engine's)."""
    phase = view.phase
    what = place[0] if place else None
    if phase == "group":
        return "Pair with a Band that holds no Totem: click it."
    if phase == "offer":
        holder = next((o.holder for o in view.offers if o.offerer == seat), None)
        if holder is None:
            return "Only the players whose Band is paired with a Totem holder offer a card."
        who = name_of(names, holder)
        if what == "totem" and place[1] != holder:
            return (f"You offer to {who}, not to {name_of(names, place[1])}: drop the card on {who}'s plate "
                    "or laid-card place (they light up).")
        if selection and all(p[0] == "hand" for p in selection):
            return f"Drop the card on {who}'s plate or laid-card place (they light up), or click one of them."
        return f"Offer {who} a card of your hand: drag it onto {who}'s plate or laid-card place."
    if phase == "lay":
        own = _totem_of(view, seat)
        if what == "slot" and own is not None and place[1] != own:
            other = view.black if place[1] == "black" else view.white
            return (f"That is {name_of(names, other)}'s laid-card place: lay your card on yours "
                    f"({TOTEM_WORDS[own]}), or click the card.")
        if what == "slot":
            return "Click one of your cards to lay it, or drag it here."
        return "Click a card to lay it, or drop it on your laid-card place."
    if phase == "swap":
        if any(a.kind == "swap_return" for a in legal):
            return "Swap & Play: click the cards of your hand to put under the Action deck."
        return "Swap & Play: click one of the cards you drew (marked new) to play it."
    if phase == "flee":
        return "Flee & Surprise: click the two Barbarians of your Group you keep (they light up)."
    if phase == "select":
        return "Click the Barbarians your card selects (they light up), or use a button."
    if phase == "capture":
        return "Click the loser's Barbarian you capture (it lights up)."
    if phase == "switch":
        return "Switch an available Barbarian of your Band with an available one of another Band."
    if phase == "over":
        return "The game is over."
    return ""


TOTEM_WORDS = {"black": "Black, on the left", "white": "White, on the right"}
