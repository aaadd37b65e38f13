"""The ruleset loader against the findings of an outside attack (a second round): each one a real
file in tmp_path, read by the real loader, refused with a sentence naming file, line and key.

1. a points match whose totals can only fall (Cambio with every card worth -100: the failed call's
   +5 made the old "could never end" check pass; the match ran to the safety net's 100 rounds);
2. `jokers.rank` naming no card;
3. colours the table cannot draw (a clan's "7", 5, right-to-left text: drawn grey);
4. a full-width "２" read as a card apart from "2";
5. a ruleset file whose suffix is written in capitals (.YAML, .Yml) ignored without a word;
6. a control character in a value reported at "position N" instead of a line.
"""
import os
import re

import pytest

from game.engine.ruleset import load_all, load_ruleset
from game.engine.schema import NAMED_COLOURS, RulesetError, parse_colour
from rigging import ROOT


def shipped(name: str) -> str:
    with open(os.path.join(ROOT, "rulesets", name), encoding="utf-8") as fh:
        return fh.read()


def changed(text: str, old: str, new: str) -> str:
    assert old in text, f"the shipped file no longer holds {old!r}"
    return text.replace(old, new)


def line_of(text: str, needle: str) -> int:
    for i, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(f"{needle!r} not in the text")


def write(tmp_path, text: str, name: str = "house.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(tmp_path, text: str, name: str = "house.yaml") -> RulesetError:
    """The error loading the text from a real file raises; it names the file and a line."""
    path = write(tmp_path, text, name)
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(path))
    err = info.value
    assert str(err).startswith(f"{path}:{err.line}: "), str(err)
    assert err.line is not None and "Traceback" not in str(err)
    return err


def loads(tmp_path, text: str, name: str = "house.yaml"):
    return load_ruleset(str(write(tmp_path, text, name)))


def all_values(text: str, value: int) -> str:
    """Every card of a memory or shedding ruleset worth `value`, each keeping its key and rank (which
    default to the value)."""
    def card(m):
        line, old = m.group(0), m.group(1)
        if "match:" not in line:
            line = line.replace("{", f'{{match: "{old}", ', 1)
        if "key:" not in line:
            line = line.replace("{", f'{{key: "v{old}", ', 1)
        return line.replace(f"value: {old},", f"value: {value},")
    out, n = re.subn(r"^  - \{[^}]*?\bvalue: (-?\d+),[^}]*\}", card, text, flags=re.M)
    assert n >= 10
    return out


# --- 1. a points match must be able to end ---------------------------------------------------

def test_cambio_with_every_card_worth_minus_100_is_refused_though_a_failed_call_scores_plus_5(tmp_path):
    """The attack's file: totals only fall (a caller's cards are locked, so a caller holds at least
    one card: -100 + 5), the others get no bonus; the old check saw the +5 alone and let it by."""
    text = all_values(shipped("cambio.yaml"), -100)
    err = refused(tmp_path, text)
    assert err.key == "match_end.modes" and err.line == line_of(text, "modes: [points]")
    assert err.message == (
        "a match to 50 points could never end: no round adds more than 0 to a total (a card is "
        "worth at most -100; a caller: at most -95, at least one card of at most -100 plus a bonus "
        "of at most 5; everyone else: at most 0, no cards left plus a bonus of at most 0), so "
        "totals never grow")


def test_cambio_played_to_rounds_with_the_same_cards_is_accepted(tmp_path):
    """Only a points match is refused: a match of rounds ends whatever the totals do."""
    text = changed(all_values(shipped("cambio.yaml"), -100), "modes: [points]\n  default: points",
                   "modes: [rounds]\n  default: rounds")
    assert loads(tmp_path, text).match_end.modes == ("rounds",)


def test_a_house_rule_paying_the_others_makes_the_same_cards_playable(tmp_path):
    """Every source is weighed: others paid 3 when a caller is beaten can reach the target."""
    text = all_values(shipped("cambio.yaml"), -100)
    text = changed(text, "caller_not_lowest: {caller: 5, others: 0}", "caller_not_lowest: {caller: 5, others: 3}")
    assert loads(tmp_path, text).cards[0].value == -100


def test_a_house_rule_that_makes_cambio_unending_is_refused_at_its_set(tmp_path):
    """Cards worth 0 or less, and a house rule taking away the only positive source (the failed
    call's +5): refused where the house rule says it, at its line."""
    text = all_values(shipped("cambio.yaml"), -3)
    text = changed(text, "set: {scoring.tie_counts_as: lowest}",
                   "set: {scoring.caller_not_lowest.caller: 0}")
    err = refused(tmp_path, text)
    assert err.key == "variants.ties_favour_caller.set"
    assert err.line == line_of(text, "scoring.caller_not_lowest.caller: 0")
    assert err.message.startswith("a match to 50 points could never end: no round adds more than 0")


def test_kombio_with_every_card_worth_minus_100_can_still_end(tmp_path):
    """Kombio's caller is not locked in a duel and a hand emptied by matching calls at once: a
    caller with no cards, beaten, scores +15; others are paid 10 when the caller is lowest. Rare,
    but a total can grow, so the file loads (the safety net ends a match that grows too slowly)."""
    ruleset = loads(tmp_path, all_values(shipped("kombio.yaml"), -100))
    assert {c.value for c in ruleset.cards} == {-100}


def test_kumbal_totals_that_grow_only_by_a_lowest_callers_reward_are_accepted(tmp_path):
    """Kumbal with no card above 0 and no undercut penalty: the old check refused it, though a
    lowest caller's reward of 5 makes totals grow."""
    text = all_values(shipped("kumbal.yaml"), -1)
    text = changed(text, "caller_lowest: 0 ", "caller_lowest: 5 ")
    text = changed(text, "undercut_penalty: 25 ", "undercut_penalty: 0 ")
    assert loads(tmp_path, text).rules["scoring"]["caller_lowest"] == 5


def test_kumbal_whose_every_source_is_zero_or_less_is_refused_with_each_source(tmp_path):
    text = all_values(shipped("kumbal.yaml"), -1)
    text = changed(text, "caller_lowest: 0 ", "caller_lowest: -5 ")
    text = changed(text, "undercut_penalty: 25 ", "undercut_penalty: 0 ")
    err = refused(tmp_path, text)
    assert err.key == "match_end.modes" and err.line == line_of(text, "modes: [points, rounds]")
    assert err.message == (
        "a match to 100 points could never end: no round adds more than 0 to a total (a card is "
        "worth at most -1; a caller with the fewest points: at most -5, the reward for it; an "
        "undercut caller: at most 0, an empty hand plus a penalty of 0; everyone else: at most 0, "
        "an empty hand), so totals never grow")


# --- 2. jokers.rank must name a rank of the deck ---------------------------------------------

def test_jokers_rank_naming_no_card_is_refused_at_its_line(tmp_path):
    text = changed(shipped("kumbal.yaml"), "    rank: joker\n", "    rank: jokr\n")
    err = refused(tmp_path, text)
    assert (err.key, err.line) == ("rules.jokers.rank", line_of(text, "rank: jokr"))
    assert err.message.startswith("no card has the rank 'jokr' (ranks: ")


def test_a_house_rule_naming_a_joker_rank_no_card_has_is_refused_at_its_set(tmp_path):
    text = changed(shipped("kumbal.yaml"), "set: {between_rounds: cut}",
                   "set: {between_rounds: cut, jokers.rank: Joker}")
    err = refused(tmp_path, text)
    assert err.key == "variants.cut_deck.set" and err.line == line_of(text, "jokers.rank: Joker")
    assert "no card has the rank 'Joker'" in err.message


# --- 3. colours: what the table draws ---------------------------------------------------------

@pytest.mark.parametrize("written, shown", [
    ('"7"', "'7'"), ("5", "the number 5"), ('"\u202e#e07b24"', repr("\u202e#e07b24")),
    ('"#e07b2"', "'#e07b2'"), ('"#-1-1-1"', "'#-1-1-1'"), ('"#e07b24aa"', "'#e07b24aa'"),
    ('"orange fox"', "'orange fox'"),
])
def test_a_clan_colour_the_table_cannot_draw_is_refused(tmp_path, written, shown):
    text = changed(shipped("klobba.yaml"), 'colour: "#e07b24"', f"colour: {written}")
    err = refused(tmp_path, text)
    assert (err.key, err.line) == ("cards.clans.orange_fox.colour", line_of(text, "orange_fox:"))
    assert err.message == ("expected a colour: '#rrggbb' (six hex digits, as '#e07b24') or one of "
                           f"{', '.join(NAMED_COLOURS)}; got {shown}")


def test_a_card_colour_the_table_cannot_draw_is_refused(tmp_path):
    text = changed(shipped("cambio.yaml"), 'colour: "#2e7d32"', 'colour: "green-ish"')
    err = refused(tmp_path, text)
    assert (err.key, err.line) == ("cards[10].colour", line_of(text, 'colour: "green-ish"'))


def test_colours_the_table_draws_are_accepted_as_written(tmp_path):
    text = changed(shipped("klobba.yaml"), 'colour: "#e07b24"', 'colour: " Orange "')
    text = changed(text, 'colour: "#e3c12b"', 'colour: "#E3C12B"')
    ruleset = loads(tmp_path, text)
    colours = {c.clan: c.colour for c in ruleset.cards if c.kind == "barbarian"}
    assert colours["orange_fox"] == " Orange " and colours["yellow_claw"] == "#E3C12B"
    assert parse_colour(" Orange ") == NAMED_COLOURS["orange"] and parse_colour("#E3C12B") == (227, 193, 43)


def test_the_table_reads_colours_with_the_loaders_definition():
    """One definition: what the loader accepts is exactly what the table can draw."""
    from game.ui import cardart
    assert cardart.parse_colour is parse_colour and cardart.NAMED_COLOURS is NAMED_COLOURS


# --- 4. look-alike keys: read in NFKC form, two that read the same refused -------------------

def test_a_full_width_key_reads_as_its_plain_form(tmp_path):
    ruleset = loads(tmp_path, changed(shipped("cambio.yaml"), '{key: "0", value: 0,', '{key: "０", value: 0,'))
    assert ruleset.card("0").value == 0 and "０" not in {c.key for c in ruleset.cards}


def test_two_keys_that_read_the_same_are_refused_naming_the_look_alike(tmp_path):
    text = changed(shipped("cambio.yaml"), '{key: "2", value: 2,', '{key: "１", value: 2,')
    err = refused(tmp_path, text)
    assert (err.key, err.line) == ("cards[2].key", line_of(text, '"１"'))
    assert err.message == "two cards share the key '1' ('１' reads as '1'); give each a distinct key"


def test_a_full_width_rank_is_the_same_rank(tmp_path):
    """Kumbal's sets are of one rank: a "２" written for the 2s is the rank "2", not a rank apart."""
    text = changed(shipped("kumbal.yaml"), '{key: "2", value: 2, suits: all}',
                   '{key: "2", value: 2, suits: all, match: "２"}')
    ruleset = loads(tmp_path, text)
    assert {c.match for c in ruleset.cards if c.value == 2} == {"2"}


def test_two_action_cards_whose_keys_read_the_same_are_refused(tmp_path):
    text = changed(shipped("klobba.yaml"), "key: berzerk", "key: the＿boss")
    err = refused(tmp_path, text)
    assert err.key == "cards.actions[1].key" and err.line == line_of(text, "the＿boss")
    assert "two cards share the key 'the_boss' ('the＿boss' reads as 'the_boss')" in err.message


# --- 5. a suffix in capitals is still a ruleset ----------------------------------------------

def test_rulesets_with_a_suffix_in_capitals_are_listed(tmp_path):
    write(tmp_path, shipped("kombio.yaml"), "kombio.YAML")
    write(tmp_path, shipped("cambio.yaml"), "cambio.Yml")
    write(tmp_path, "not a ruleset", "notes.txt")
    entries = load_all(str(tmp_path))
    assert [os.path.basename(e.path) for e in entries] == ["cambio.Yml", "kombio.YAML"]
    assert all(e.ok for e in entries)


# --- 6. every YAML reader error names its line -----------------------------------------------

@pytest.mark.parametrize("char", ["\x07", "\x1b", "\x7f", "\ufffe"])
def test_a_control_character_yaml_refuses_is_reported_at_its_line(tmp_path, char):
    text = changed(shipped("kombio.yaml"), "name: Kombio\n", f"name: Kom{char}bio\n")
    text = "# é ü ☆: characters of two and three bytes before it\n" + text
    err = refused(tmp_path, text)
    assert err.line == line_of(text, "name: Kom")
    assert err.message == (f"not valid YAML: the character U+{ord(char):04X} (character 10 of the "
                           "line) is not allowed in a YAML file; remove it")
