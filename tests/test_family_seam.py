"""The family seam (issue 9): a new family is registered, not written into the engine.

A toy family with cards of its own shape (a cost and shields, as Castle Combo's) is
registered for one test; a ruleset naming it loads through the same loader, its cards checked by
the family's own schema with the loader's file:line:key errors, and nothing in game/engine
changes. The registry is restored afterwards.
"""
from dataclasses import dataclass

import pytest

from game.engine import registry
from game.engine.ruleset import load_ruleset
from game.engine.schema import Int, List, Map, REQUIRED, RulesetError, Str


@dataclass(frozen=True)
class ToyCard:
    key: str
    cost: int
    shields: tuple
    count: int = 1


_TOY_CARD = Map({"key": (Str(max_len=40), REQUIRED), "cost": (Int(0, 10), REQUIRED),
                 "shields": (List(Str(max_len=20)), ())})


def _toy_cards(raw, abilities, doc):
    return tuple(ToyCard(c["key"], c["cost"], tuple(c["shields"]))
                 for c in List(_TOY_CARD, min_len=1)(raw, ("cards",), doc))


def _nothing(*args, **kwargs):
    return None


def _empty_map(value, where, doc):
    return Map({})(value, where, doc)


@pytest.fixture
def toy_family(monkeypatch):
    monkeypatch.setattr(registry, "_FAMILIES", dict(registry._FAMILIES))
    return registry.register(registry.Family(
        name="toy", rules_spec=_empty_map, layout_spec=_empty_map, step_spec=_empty_map,
        check_abilities=_nothing, check_parameters=_nothing, check_ruleset=_nothing,
        new_game=_nothing, describe=lambda *a: "", make_bot=_nothing, lower_is_better=False,
        check_cards=_toy_cards))


TOY = """id: toy
name: Toy
version: "1"
family: toy
players: {min: 2, max: 4}
cards:
  - {key: tower, cost: 3, shields: [crown, scroll]}
  - {key: well, cost: 0}
match_end: {modes: [rounds], default: rounds}
"""


def test_a_family_with_its_own_card_shape_loads_through_the_common_loader(toy_family, tmp_path):
    path = tmp_path / "toy.yaml"
    path.write_text(TOY)
    ruleset = load_ruleset(str(path))
    assert ruleset.family == "toy" and "toy" in registry.names()
    assert ruleset.cards == (ToyCard("tower", 3, ("crown", "scroll")), ToyCard("well", 0, ()))


def test_its_card_errors_are_file_line_key_like_every_ruleset(toy_family, tmp_path):
    path = tmp_path / "toy.yaml"
    path.write_text(TOY.replace("cost: 0", "cost: 11"))
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    assert "toy.yaml:8" in str(err.value) and "cost" in str(err.value)


def test_without_the_family_registered_the_ruleset_is_refused(tmp_path):
    path = tmp_path / "toy.yaml"
    path.write_text(TOY)
    with pytest.raises(RulesetError, match="family"):
        load_ruleset(str(path))
