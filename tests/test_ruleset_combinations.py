"""House rules together, and decks that must last: an outside attack's findings A and B.

A: a variant's `set` (and `--simulate --set`) was checked less than the same value under `rules:`:
Klobba!'s `rules: {hand_size: 10}` was refused, a variant setting it loaded and then the deal died
(IndexError). Now every combination of variants a player can switch on passes the family's whole
check at load (ruleset.variant_combinations), and the setup screen, `--simulate` and `--game` ask
the same question of the choice in hand (ruleset.options_refusal).

B: Castle Combo at 9 players (or with its deck cut to 30 cards at 5) loaded, then a seat was left
with nothing to buy. The tableau family now weighs what a game buys against what its decks can
sell, at every player count; a match that still leaves a seat nothing to do is a sentence.

Every ruleset here is a real YAML file in tmp_path, read by the real loader; matches are played
by the real bots through the real Session.
"""
import dataclasses
import os

import pytest
import yaml

from game.lab.lab import LabError, Recipe, lab_ruleset
from game.lab.simulate import StuckMatch, play_lab_matches, run_match
from game.engine import ruleset as ruleset_module
from game.engine.house_rules import FULL_COMBINATIONS, MAX_VARIANTS, variant_combinations
from game.engine.ruleset import default_options, find_ruleset, load_ruleset, options_refusal
from game.engine.schema import RulesetError
from rigging import ROOT
from test_ruleset_hostile import program_copy, run_copy


def shipped(name: str) -> str:
    with open(os.path.join(ROOT, "rulesets", name), encoding="utf-8") as fh:
        return fh.read()


KLOBBA, KOMBIO, CASTLE = shipped("klobba.yaml"), shipped("kombio.yaml"), shipped("castle-combo.yaml")


def write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def refused(path: str) -> RulesetError:
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    err = info.value
    assert str(err).startswith(f"{path}:{err.line}: "), str(err)       # file:line:key
    assert "Traceback" not in str(err) and "please report" not in str(err)
    return err


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def replaced(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def variants_yaml(variants: dict) -> str:
    """A `variants:` section: key -> (label, set, default)."""
    out = ["", "variants:"]
    for key, (label, sets, default) in variants.items():
        out += [f"  {key}:", f"    label: {label}", "    description: A house rule of this test.",
                f"    default: {'true' if default else 'false'}",
                "    set: {" + ", ".join(f"{k}: {v}" for k, v in sets.items()) + "}"]
    return "\n".join(out) + "\n"


def play(ruleset, options, n: int, seeds=range(3), level="random"):
    """Bot matches of n seats with these options, each played to its end."""
    for seed in seeds:
        game = run_match(ruleset, (level,) * n, seed, options, keep_session=True).session.game
        assert game.is_over()


# --- A: a variant is checked as the same value under rules: ------------------------------------

KLOBBA_TEN = "21 Action cards cannot deal 10 to 4 players and leave a Surprise (need 41)"


@pytest.mark.parametrize("default", [True, False])
def test_a_variant_gets_the_refusal_the_same_value_gets_under_rules(tmp_path, default):
    """rules: {hand_size: 10} was refused; a variant setting it (on by default, or one a player
    can switch on) loaded and the deal died with IndexError. Now both get the one sentence, the
    variant's at its `set`."""
    text = replaced(KLOBBA, "  hand_size: 4 ", "  hand_size: 10 ")
    own = refused(write(tmp_path, "klobba-rules.yaml", text))
    assert own.key == "rules.hand_size" and own.message == KLOBBA_TEN
    text = KLOBBA + variants_yaml({"big_hands": ("Big hands", {"hand_size": 10}, default)})
    err = refused(write(tmp_path, "klobba.yaml", text))
    assert err.key == "variants.big_hands.set" and err.line == line_of(text, "set: {hand_size: 10}")
    assert err.message == KLOBBA_TEN


def castle(castle_cards: int, village_cards: int, rules=None, players=(2, 5), variants=None) -> str:
    """Castle Combo as YAML with the first cards of each location only, rules changed, variants."""
    doc = yaml.safe_load(CASTLE)
    doc["cards"] = ([c for c in doc["cards"] if c["location"] == "castle"][:castle_cards]
                    + [c for c in doc["cards"] if c["location"] == "village"][:village_cards])
    doc["rules"].update(rules or {})
    doc["players"] = {"min": players[0], "max": players[1]}
    text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=100)
    return text + (variants_yaml(variants) if variants else "")


def test_two_house_rules_fine_alone_are_refused_together_at_the_later_ones_set(tmp_path):
    """50 cards, 8 each at 5 players: the decks sell 46 of the 40 bought. Displays of 6 alone sell
    40 (enough); 9 cards each alone buy 45 (enough); both together buy 45 of 40. A player can
    switch both on, so the file is refused at the later variant's `set`, naming the other."""
    both = {"big_displays": ("Big displays", {"display_size": 6}, False),
            "nine_each": ("Nine each", {"cards_each": 9}, False)}
    text = castle(25, 25, {"cards_each": 8}, variants=both)
    err = refused(write(tmp_path, "castle.yaml", text))
    assert err.key == "variants.nine_each.set" and err.line == line_of(text, "set: {cards_each: 9}")
    assert err.message == (
        "with 'Big displays' on as well (a player may switch them on together), a game of 5 players "
        "buys 45 cards (9 each), but these decks sell at most 40: the castle 20 of its 25 cards and "
        "the village 20 of its 25 cards (a location leaves the game once fewer than 6 of its cards "
        "are left to fill its display); at most 4 players can play to the end")
    # each alone loads and plays to its end at 5 players, switched on
    for key in both:
        ruleset = load_ruleset(write(tmp_path, f"{key}.yaml", castle(25, 25, {"cards_each": 8},
                                                                variants={key: both[key]})))
        options = default_options(ruleset)
        options["variants"][key] = True
        assert options_refusal(ruleset, options) is None
        play(ruleset, options, 5)


def test_every_combination_is_checked_up_to_ten_variants_then_pairs_and_all():
    """2**n - 1 combinations up to FULL_COMBINATIONS variants, smallest first; past it each alone,
    every pair and all together."""
    def named(n):
        return tuple(ruleset_module.Variant(f"v{i}", f"V{i}", "", False, ()) for i in range(n))
    ten = variant_combinations(named(FULL_COMBINATIONS))
    assert len(ten) == 2 ** FULL_COMBINATIONS - 1 and len(set(ten)) == len(ten)
    assert [len(c) for c in ten] == sorted(len(c) for c in ten)
    eleven = variant_combinations(named(FULL_COMBINATIONS + 1))
    assert len(eleven) == 11 + 55 + 1 and eleven[-1] == named(11)


def kombio_naming_the_call(n: int) -> str:
    """Kombio (its own variants and rules page left out) with n variants, each naming the call."""
    return KOMBIO.split("\nvariants:\n")[0] + variants_yaml(
        {f"name_{i}": (f"Name {i}", {"call.name": f"Knock{i}"}, False) for i in range(n)})


def test_ten_variants_load_in_well_under_a_second_and_too_many_are_refused(tmp_path):
    """1,023 combinations of ten variants; forty (pairs past ten) load quickly too; a hostile file
    of thousands of variants (millions of pairs) is refused before any is checked."""
    import time
    for n, seconds in ((FULL_COMBINATIONS, 1.0), (MAX_VARIANTS, 2.0)):
        path = write(tmp_path, f"kombio-{n}.yaml", kombio_naming_the_call(n))
        start = time.perf_counter()
        assert len(load_ruleset(path).variants) == n
        assert time.perf_counter() - start < seconds
    err = refused(write(tmp_path, "kombio-many.yaml", kombio_naming_the_call(MAX_VARIANTS + 1)))
    assert err.key == "variants" and err.message == (
        f"{MAX_VARIANTS + 1} house rules; a ruleset may have at most {MAX_VARIANTS} (each is a toggle "
        "of the setup screen)")


# --- past ten variants: what only three together break is refused before the match --------------

def kombio_eleven() -> str:
    """Kombio with no card worth more than 0 (-15 .. 0), a match to points by default, positive bonuses
    (5 and 10 for a lowest caller, 15 for a beaten one), and eleven variants: 'No caller bonus',
    'No others bonus' and 'No penalty' each zero one bonus, 'Small penalty' (the last) brings one
    back, six more name the call. Alone, in pairs and all together the totals grow (the loader's
    checks past ten variants); the first three together leave nothing that grows."""
    import re
    text = re.sub(r"\{value: (-?\d+),", lambda m: f"{{value: {int(m.group(1)) - 14},", KOMBIO)
    text = replaced(text, "caller_lowest: {caller: 0, others: 10}", "caller_lowest: {caller: 5, others: 10}")
    text = replaced(text, "  default: rounds\n", "  default: points\n")
    variants = {"no_caller_bonus": ("No caller bonus", {"scoring.caller_lowest.caller": 0}, False),
                "no_others_bonus": ("No others bonus", {"scoring.caller_lowest.others": 0}, False),
                "no_penalty": ("No penalty", {"scoring.caller_not_lowest.caller": 0}, False)}
    variants.update({f"name_{i}": (f"Call it {i}", {"call.name": f"Knock{i}"}, False) for i in range(7)})
    variants["small_penalty"] = ("Small penalty", {"scoring.caller_not_lowest.others": 5}, False)
    return text.split("\nvariants:\n")[0] + variants_yaml(variants)


THREE = ("no_caller_bonus", "no_others_bonus", "no_penalty")


@pytest.fixture
def three_said(tmp_path) -> str:
    """The sentence for the three switched on: the one the same values get under `rules:`."""
    text = replaced(kombio_eleven(), "caller_lowest: {caller: 5, others: 10}",
                    "caller_lowest: {caller: 0, others: 0}")
    text = replaced(text, "caller_not_lowest: {caller: 15, others: 0}",
                    "caller_not_lowest: {caller: 0, others: 0}")
    own = refused(write(tmp_path, "kombio-no-bonus.yaml", text))
    assert own.key == "match_end.modes" and "could never end" in own.message
    return "With 'No caller bonus', 'No others bonus' and 'No penalty' on, " + own.message


def test_past_ten_variants_a_combination_of_three_is_refused_when_chosen(tmp_path, three_said):
    ruleset = load_ruleset(write(tmp_path, "kombio-eleven.yaml", kombio_eleven()))
    assert len(ruleset.variants) == 11 > FULL_COMBINATIONS
    options = default_options(ruleset)
    options["variants"].update({key: True for key in THREE})
    assert options["match_end"]["mode"] == "points"
    assert options_refusal(ruleset, options, 3) == three_said
    options["match_end"]["mode"] = "rounds"
    assert options_refusal(ruleset, options, 3) is None       # a match of 5 rounds ends all the same
    options["match_end"]["mode"] = "points"
    options["variants"]["small_penalty"] = True          # a bonus again: the totals grow
    assert options_refusal(ruleset, options, 3) is None
    # --simulate --variant asks the same question
    with pytest.raises(LabError) as info:
        lab_ruleset(ruleset, Recipe(variants=THREE), 2)
    assert str(info.value) == ("--variant no_caller_bonus --variant no_others_bonus --variant no_penalty: "
                               + three_said)
    assert lab_ruleset(ruleset, Recipe(variants=THREE[:2]), 2)     # two of them: played


def test_the_setup_screen_says_why_and_start_refuses(tmp_path, three_said, monkeypatch):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path / "data"))    # no saved match to ask about
    from game.store.settings import Settings
    from game.ui.app import App
    from game.ui.driver import Driver
    from game.ui.setup import SetupScene
    from game.ui.table import TableScene
    ruleset = load_ruleset(write(tmp_path, "kombio-eleven.yaml", kombio_eleven()))
    # a tall window: eleven toggles and their notes fill the column
    app = App(size=(1280, 1200), fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant"),
              save_settings=False)
    setup = app.reset(SetupScene(app, ruleset))
    d = Driver(app)
    d.step(2)
    toggles = {v.key: t for v, t in zip(ruleset.variants, setup.variant_toggles)}
    assert setup.start.enabled and not setup.problem_note.text
    for key in THREE:
        d.click(toggles[key].rect.center)
    assert all(setup.options["variants"][key] for key in THREE)
    assert setup.problem == three_said
    d.click((setup.mode_step.rect.x + 6, setup.mode_step.rect.centery))     # points -> rounds
    assert setup.options["match_end"]["mode"] == "rounds"
    assert setup.problem is None and setup.start.enabled        # a match of rounds ends
    d.click((setup.mode_step.rect.right - 6, setup.mode_step.rect.centery))     # rounds -> points
    assert setup.options["match_end"]["mode"] == "points"
    assert setup.problem == three_said and setup.problem_note.text == "✖ " + three_said
    assert setup.problem_note.visible and setup.problem_note.rect.y >= toggles["small_penalty"].rect.bottom
    assert setup.problem_note.rect.bottom <= setup.start.rect.y
    assert not setup.start.enabled
    d.click(setup.start.rect.center)
    d.key(__import__("pygame").K_RETURN)              # Enter does not start it either
    assert app.top is setup and "cannot be played: see why under them" in setup.error
    d.click(toggles["no_penalty"].rect.center)        # one of the three off: playable again
    assert setup.problem is None and setup.start.enabled and not setup.problem_note.text
    d.click(setup.start.rect.center)
    assert isinstance(app.top, TableScene)


def test_new_session_refuses_a_choice_that_cannot_be_played(tmp_path, monkeypatch, three_said):
    """`--game` starts through new_session: a choice of house rules that cannot be played is a
    ValueError with the sentence (the app shows it), never a traceback."""
    from game.ui.app import new_session
    folder = tmp_path / "rulesets"
    folder.mkdir()
    write(folder, "kombio-eleven.yaml", kombio_eleven().replace("id: kombio", "id: kombio-eleven", 1))
    monkeypatch.setattr(ruleset_module, "rulesets_dir", lambda: str(folder))
    ruleset = find_ruleset("kombio-eleven")
    options = default_options(ruleset)
    options["variants"].update({key: True for key in THREE})
    with pytest.raises(ValueError) as info:
        new_session("kombio-eleven", ["human", "ai:normal"], options, seed=1)
    assert str(info.value) == three_said
    options["variants"]["no_penalty"] = False
    assert new_session("kombio-eleven", ["human", "ai:normal"], options, seed=1).game is not None


def test_the_game_command_on_a_variant_that_cannot_be_dealt_shows_no_traceback(tmp_path, monkeypatch):
    """`python main.py --game klobba` with a default-on variant of hands of 10 died in the deal
    (IndexError, the app exited with a traceback). Now the file is refused: the menu says why."""
    (tmp_path / "program").mkdir()
    folder = program_copy(tmp_path / "program", {"klobba.yaml": KLOBBA + variants_yaml(
        {"big_hands": ("Big hands", {"hand_size": 10}, True)}), "kombio.yaml": None})
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CARDTABLE_QUIT_AFTER_FIRST_FRAME", "1")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    run = run_copy(folder, "--game", "klobba", "--seats", "human,ai:normal,ai:normal,ai:normal")
    assert run.returncode == 0, run.stdout + run.stderr
    run = run_copy(folder, "--check-rulesets")
    assert run.returncode == 1 and f"variants.big_hands.set: {KLOBBA_TEN}" in run.stdout


# --- B: the decks must last the game at every player count -----------------------------------------

def test_castle_combo_for_more_players_than_its_decks_serve_is_refused(tmp_path):
    """The shipped Castle Combo (78 cards: 39 a location, displays of 3) at players.max 9: a game
    buys 81 cards, the decks sell 74 (a location leaves the game with 2 cards left)."""
    text = replaced(CASTLE, "players: {min: 2, max: 5}", "players: {min: 2, max: 9}")
    err = refused(write(tmp_path, "castle-9.yaml", text))
    assert err.key == "players.max" and err.line == line_of(text, "players: {min: 2, max: 9}")
    assert err.message == (
        "a game of 9 players buys 81 cards (9 each), but these decks sell at most 74: the castle 37 "
        "of its 39 cards and the village 37 of its 39 cards (a location leaves the game once fewer "
        "than 3 of its cards are left to fill its display); at most 8 players can play to the end")
    assert load_ruleset(write(tmp_path, "castle-8.yaml", text.replace("max: 9}", "max: 8}")))


def test_castle_combo_cut_to_30_cards_is_refused_for_5_players_and_10_for_any(tmp_path):
    err = refused(write(tmp_path, "castle-30.yaml", castle(15, 15)))
    assert err.key == "players.max" and "a game of 5 players buys 45 cards (9 each), but these decks " \
        "sell at most 26" in err.message and err.message.endswith("at most 2 players can play to the end")
    err = refused(write(tmp_path, "castle-10.yaml", castle(5, 5)))
    assert err.key == "cards" and err.message.endswith("not even 2 players can play to the end")


def test_the_demand_castle_combo_is_checked_against_is_exact(tmp_path):
    """49 cards (25 and 24) sell 23 + 22 = 45: exactly what 5 players buy. It loads, and 5 seats
    play it to the end; one card fewer is refused."""
    ruleset = load_ruleset(write(tmp_path, "castle-49.yaml", castle(25, 24)))
    play(ruleset, default_options(ruleset), 5, seeds=range(6))
    play(ruleset, default_options(ruleset), 5, seeds=range(2), level="normal")
    err = refused(write(tmp_path, "castle-48.yaml", castle(25, 23)))
    assert "buys 45 cards (9 each), but these decks sell at most 44" in err.message


def test_a_seat_left_with_nothing_to_do_is_a_sentence_not_a_traceback():
    """A ruleset that got past every check and still leaves a seat in to_act without a legal
    action (here Castle Combo at 9 seats, as the old loader let through): the bot match stops with
    the sentence, which --simulate reports."""
    ruleset = dataclasses.replace(find_ruleset("castle-combo"), max_players=9)
    for level in ("random", "normal"):
        with pytest.raises(StuckMatch) as info:
            run_match(ruleset, (level,) * 9, 1)
        said = str(info.value)
        assert said.startswith("match seed 1: seat ") and "but the rules leave it no legal action, " \
            "so the match cannot go on" in said and " in phase '" in said, said
    (record, problem), = play_lab_matches(ruleset, Recipe(), ("normal",) * 9, [1], jobs=1)
    assert record is None and problem == said


def test_a_rank_with_more_sets_than_a_turn_can_list_is_refused(tmp_path):
    """The fuzzer's find, at Kumbal's 8 players: 100 jokers a deck (200 in play with the second
    deck) loaded, and a hand of jokers listed every set of them as a move until memory ran out.
    Every set of 2 or more of one rank is its own discard: 12 of a rank (4,083 sets) is the most;
    house rules that bring in more decks are counted too."""
    kumbal = shipped("kumbal.yaml")
    old = "{key: joker, label: \"★\", name: Joker, value: 0, count: 2, match: joker}"
    text = replaced(kumbal, old, old.replace("count: 2", "count: 100"))
    err = refused(write(tmp_path, "kumbal-jokers.yaml", text))
    assert err.key == "cards" and err.message == (
        "200 cards of the rank 'joker' are in play at 8 players; a hand holding them could discard "
        "over a billion different sets of 2 or more, each a move of its own (at most 4,096: 12 "
        "cards of one rank)")
    assert load_ruleset(write(tmp_path, "kumbal-6.yaml", replaced(kumbal, old, old.replace("count: 2", "count: 6"))))
    err = refused(write(tmp_path, "kumbal-7.yaml", replaced(kumbal, old, old.replace("count: 2", "count: 7"))))
    assert err.message.startswith("14 cards of the rank 'joker' are in play at 8 players; a hand holding "
                                  "them could discard 16,369 different sets")
    # 6 a deck at 10 players: 2 decks (12 jokers) for hands of 7; a house rule's hands of 13 need
    # a third deck (10 x 13 + 2 = 132 cards of 174): 18 jokers
    ten = replaced(replaced(kumbal, old, old.replace("count: 2", "count: 6")), "players: {min: 2, max: 8}",
                   "players: {min: 2, max: 10}")
    assert load_ruleset(write(tmp_path, "kumbal-10.yaml", ten))
    text = ten.split("\nvariants:\n")[0] + variants_yaml({"big_hands": ("Big hands", {"hand_size": 13}, False)})
    err = refused(write(tmp_path, "kumbal-10-big.yaml", text))
    assert err.key == "variants.big_hands.set" and err.line == line_of(text, "set: {hand_size: 13}")
    assert err.message.startswith("18 cards of the rank 'joker' are in play at 10 players")
