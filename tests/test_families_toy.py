"""A toy fifth family passes the conformance suite by declaring itself only (issue 28): tests/toy_family
is a folder with its game, its bot, its sampler and one `Family(...)` declaration; this file registers
it for the test's length, writes its ruleset and hands both to the same checks every family meets
(game/lab/conformance.py). No check here is the toy's own."""
from __future__ import annotations

import pytest

from game.engine import registry
from game.engine.ruleset import load_ruleset
from game.lab.conformance import Seen, check_match, seeded_setup
import test_families
import toy_family


@pytest.fixture
def toy(tmp_path, monkeypatch):
    monkeypatch.setitem(registry._FAMILIES, toy_family.FAMILY.name, toy_family.FAMILY)
    path = tmp_path / "low-card.yaml"
    path.write_text(toy_family.RULESET)
    return load_ruleset(str(path)), str(tmp_path)


def test_a_family_declared_in_a_folder_passes_the_conformance_checks(toy):
    ruleset, folder = toy
    assert "toy" in registry.names() and ruleset.family == "toy"
    seen = Seen()
    for seed in test_families.seeds(0):
        levels, options = seeded_setup(ruleset, seed)
        seen.add(check_match(ruleset, levels, seed, options, folder=folder))
    assert seen.matches == len(test_families.seeds(0)) and seen.actions > 0 and seen.twins > 0
    assert set(seen.described) == {"play"} and not seen.silent
