"""The table's words for Klobba!: prompts per phase, the banner over the middle, the tied choices'
button labels, the clobber's result in one line, why a gesture does nothing."""
from __future__ import annotations


def name_of(names, seat) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else f"Seat {(seat or 0) + 1}"


def _band_words(view, names, place) -> str:
    owner = view.bands[place].owner
    return "a Free Band" if owner is None else f"{name_of(names, owner)}'s Band"


def prompt(view, seat, names, legal) -> str:
    """What `seat` may do now, in the rules' words."""
    phase = view.phase
    if phase == "group":
        return "You hold the Black Totem: click the Band to pair with (its Grouping marker goes there)."
    if phase == "offer":
        holder = next((o.holder for o in view.offers if o.offerer == seat), None)
        return (f"Offer {name_of(names, holder)} one Action card face down: drag it onto their plate "
                "(or click it, then the plate), or Offer nothing [N]. If it wins, you take a Star.")
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
    """The line over the middle: who holds the Totems and what the table waits for."""
    if view.phase == "over":
        return "The game is over."
    black, white = name_of(names, view.black), name_of(names, view.white)
    if view.outcome is not None and view.phase == "switch":
        return "Step 8: Mirror & Switch players switch Barbarians."
    step = {"group": "Step 1: the Black Totem holder forms the Groups",
            "offer": "Step 2: offers to the Totem holders",
            "lay": "Step 3: both Totem holders lay a card",
            "swap": "Step 4: Swap & Play", "flee": "Step 4: Flee & Surprise",
            "select": "Step 4: tied choices", "capture": "Step 4: the winner captures"}.get(view.phase, "")
    return f"Round {view.round_no} · Black: {black} · White: {white}" + (f" · {step}" if step else "")


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


def why_not(view, selection, place) -> str:
    """Why a drop does nothing, in the rules' words ('' for the engine's)."""
    phase = view.phase
    if phase == "group":
        return "Pair with a Band that holds no Totem."
    if phase == "offer":
        return "Drop the card on the plate of the Totem holder you may offer to."
    if phase == "lay":
        return "Click the card to lay it, or drop it on your laid-card place."
    if phase == "switch":
        return "Switch an available Barbarian of your Band with an available one of another Band."
    return ""
