"""A seeded ruleset fuzzer: mutants of every shipped ruleset are refused cleanly or play to their end.

Issue 8: "a seeded ruleset fuzzer of at least 1,000 mutants per shipped
ruleset; every mutant either refused with file:line:key or played to its end
within a bound, never a traceback or a hang". Each mutant is a real file in
tmp_path, loaded through the real loader; a mutant that loads is played by
bots through the real Session, at both ends of its player range (players.min and players.max)
with a combination of its variants a player could switch on (any combination: the loader
promises each one plays). Mutations include players.max and the deck's size (cards cut, added,
counts changed), the attack that found decks too small for the player counts they allowed. A
second test plays every variant combination of every shipped ruleset at both ends of its range.
The counts are printed per ruleset (`-s` shows them):

    python -m pytest -q -s -m slow tests/test_ruleset_fuzz.py

FUZZ_MUTANTS (environment) changes the number of mutants per ruleset; FUZZ_JOBS the number of
processes (default: up to 2).
"""
import copy
import multiprocessing
import os
import random
import signal
import traceback
from concurrent.futures import ProcessPoolExecutor

from itertools import product

import pytest
import yaml

from game.ai import LEVELS
from game.lab.simulate import run_match
from game.engine import registry
from game.engine.house_rules import FULL_COMBINATIONS
from game.engine.ruleset import default_options, load_ruleset, options_refusal
from game.engine.schema import RulesetError, filled
from rigging import ROOT

MUTANTS = int(os.environ.get("FUZZ_MUTANTS", "1000"))
JOBS = int(os.environ.get("FUZZ_JOBS", "2"))
SECONDS_PER_MUTANT = 30          # the bound: a mutant still playing after this is a hang
SHIPPED = sorted(n for n in os.listdir(os.path.join(ROOT, "rulesets")) if n.endswith(".yaml"))

# Values a designer (or an attacker) might type anywhere.
ODD_VALUES = [-1000, -100, -6, -1, 0, 1, 2, 3, 7, 13, 99, 200, 1000, 10000, 10 ** 30, 1.5, -0.5,
              float("inf"), "", " ", "x", "1.10", "07", "1:30", "yes", "null", "own", "mine",
              "points", "rounds", "mandatory", "\x00", "a\tb", "line\nbreak", "\u202e", "★" * 3,
              "a" * 500, True, False, None, [], {}, [1, 2], ["own"], {"a": 1}, {"peek": "own"}]
# Text-level damage: characters that mean something to YAML.
ODD_CHARS = list(":-[]{}&*!|>'\"#%@`,?\t ") + ["\n", "  ", "\\", "\x00", "\ufeff", "é",
                                                 # characters YAML refuses or reads as line breaks
                                                 "\x07", "\x1b", "\x7f", "\ufffe", "\x85", "\u2028"]


class Hang(Exception):
    """The mutant did not finish within SECONDS_PER_MUTANT."""


def _alarm(signum, frame):
    raise Hang(f"still running after {SECONDS_PER_MUTANT} s")


def _containers(node, path=()):
    """(path, container) for every mapping and list in the document."""
    yield path, node
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        if isinstance(value, (dict, list)):
            yield from _containers(value, path + (key,))


def _leaves(node, path=()):
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for key, value in items:
        if isinstance(value, (dict, list)) and value:
            yield from _leaves(value, path + (key,))
        else:
            yield path + (key,)


def _at(node, path):
    for key in path:
        node = node[key]
    return node


def _set_leaf(doc, rng):
    path = rng.choice(list(_leaves(doc)))
    value = rng.choice(ODD_VALUES)
    _at(doc, path[:-1])[path[-1]] = value
    return f"set {path} = {value!r:.40}"


def _nudge_number(doc, rng):
    numbers = [p for p in _leaves(doc) if isinstance(_at(doc, p), int) and not isinstance(_at(doc, p), bool)]
    path = rng.choice(numbers)
    value = _at(doc, path) + rng.choice([-100, -10, -5, -2, -1, 1, 2, 5, 10, 100])
    _at(doc, path[:-1])[path[-1]] = value
    return f"nudge {path} to {value}"


def _drop_key(doc, rng):
    maps = [(p, c) for p, c in _containers(doc) if isinstance(c, dict) and c]
    path, node = rng.choice(maps)
    key = rng.choice(list(node))
    del node[key]
    return f"drop {path + (key,)}"


def _add_key(doc, rng):
    maps = [(p, c) for p, c in _containers(doc) if isinstance(c, dict)]
    path, node = rng.choice(maps)
    key = rng.choice(["colour", "extra", "limit", "count", "name", "steps", "set", "peek", "x" * 200])
    node[key] = rng.choice(ODD_VALUES)
    return f"add {path + (key,)}"


def _list_item(doc, rng):
    lists = [(p, c) for p, c in _containers(doc) if isinstance(c, list) and c]
    path, node = rng.choice(lists)
    i = rng.randrange(len(node))
    if rng.random() < 0.5:
        node.insert(i, node[i] if rng.random() < 0.7 else rng.choice(ODD_VALUES))
        return f"repeat {path + (i,)}"
    del node[i]
    return f"remove {path + (i,)}"


def _card_values(doc, rng):
    """Whole-deck changes: the attack's worst (all values <= 0, huge counts, one kind of card)."""
    cards = [c for c in doc.get("cards", []) if isinstance(c, dict)]
    kind = rng.choice(["non_positive", "negative", "zero_count", "huge_count", "one_kind"])
    for c in cards:
        if kind == "non_positive":
            c["value"] = -abs(c.get("value", 0)) if isinstance(c.get("value"), int) else 0
        elif kind == "negative":
            c["value"] = rng.randint(-20, -1)
        elif kind == "zero_count" and "count" in c:
            c["count"] = 0
        elif kind == "huge_count" and "count" in c:
            c["count"] = rng.choice([100, 200])
    if kind == "one_kind":
        doc["cards"] = cards[:1]
    return f"cards: {kind}"


def _sub(mapping, key) -> dict:
    """The mapping under `key`, made one if something else is there (the fuzzer may have put it)."""
    if not isinstance(mapping.get(key), dict):
        mapping[key] = {}
    return mapping[key]


def _rules(doc, rng):
    """Parameters the attack found unplayable: players, call limit, scoring, match end; and the
    shedding family's hand size, run length, penalty and resets."""
    rules = _sub(doc, "rules")
    choice = rng.choice(["players", "limit", "scoring", "target", "zero_cards", "look",
                         "hand_size", "runs", "penalty", "resets"])
    if choice == "players":
        doc["players"] = {"min": rng.randint(0, 3), "max": rng.randint(1, 13)}
    elif choice == "limit":
        _sub(rules, "call")["limit"] = rng.randint(-60, 60)
    elif choice == "scoring":
        side = rng.choice(["caller_lowest", "caller_not_lowest"])
        who = rng.choice(["caller", "others"])
        _sub(_sub(rules, "scoring"), side)[who] = rng.randint(-100, 100)
    elif choice == "hand_size":
        rules["hand_size"] = rng.choice([0, 1, 2, 15, 30, 60])
    elif choice == "runs":
        _sub(rules, "runs")["min_length"] = rng.randint(0, 14)
    elif choice == "penalty":
        _sub(rules, "scoring")["undercut_penalty"] = rng.randint(-100, 100)
    elif choice == "resets":
        _sub(rules, "scoring")["resets"] = {rng.randint(-5, 120): rng.randint(-5, 120)
                                             for _ in range(rng.randint(0, 3))}
    elif choice == "target":
        doc["match_end"] = {"modes": ["points"], "default": "points",
                            "points": rng.choice([1, 5, 100, 1000, 10000])}
    elif choice == "zero_cards":
        _sub(rules, "call")["zero_cards"] = rng.choice(["auto_call", "end_round"])
    else:
        doc["layout"] = {"rows": rng.randint(1, 4), "cols": rng.randint(1, 6),
                         "look_at_start": rng.sample(range(6), rng.randint(0, 3))}
    return f"rules: {choice}"


def _card_lists(doc) -> list:
    """The lists of cards of any family: `cards:` itself, or its lists (the clash family's
    barbarians and actions)."""
    cards = doc.get("cards")
    if isinstance(cards, list):
        return [cards]
    if isinstance(cards, dict):
        return [v for v in cards.values() if isinstance(v, list)]
    return []


def _deck_size(doc, rng):
    """The deck against the player count: cut to a few cards or a fraction, counts scaled, cards
    repeated (the attack: Castle Combo cut to 30 cards at 5 players)."""
    lists = [c for c in _card_lists(doc) if c]
    if not lists:
        return "deck: no cards"
    cards = rng.choice(lists)
    kind = rng.choice(["cut", "cut", "fraction", "counts", "repeat"])
    if kind == "cut":
        keep = rng.randint(1, max(1, len(cards)))
        cards[:] = rng.sample(cards, keep)
    elif kind == "fraction":
        cards[:] = cards[::rng.choice([2, 3, 4])]        # a spread of the deck, every kind thinned
    elif kind == "counts":
        factor = rng.choice([0.25, 0.5, 2, 3])
        for c in cards:
            if isinstance(c, dict) and isinstance(c.get("count"), int) and not isinstance(c["count"], bool):
                c["count"] = max(1, int(c["count"] * factor))
    else:
        cards.extend(copy.deepcopy(rng.sample(cards, rng.randint(1, len(cards)))))
    return f"deck: {kind} to {len(cards)} entries"


def _players_max(doc, rng):
    """players.max beyond what the deck deals or plays to its end (the attack: Castle Combo at 9)."""
    players = _sub(doc, "players")
    low = players.get("min", 2) if isinstance(players.get("min"), int) else 2
    players["max"] = rng.choice([low, low + 1, rng.randint(2, 12), 12, 13, 9])
    return f"players.max = {players['max']}"


def _add_variant(doc, rng):
    """A house rule that sets one parameter of the family, on by default or not (the attack: a
    variant's `set` was checked less than the same value under `rules:`, and a hand of 10 loaded)."""
    try:
        defaults = _rules_defaults(doc.get("family"))
    except (KeyError, TypeError):
        return "variant: no family"
    path = rng.choice(list(_leaves(defaults)))
    value = _at(defaults, path)
    own = doc.get("rules")
    try:
        value = _at(own, path)                    # the file's own value, when it gives one
    except (KeyError, TypeError, IndexError):
        pass
    if isinstance(value, bool):
        value = not value
    elif isinstance(value, int):
        value = rng.choice([value * 2, value * 3, value + 1, value + 2, value - 1, 0, 1, 10, 13])
    else:
        value = rng.choice(ODD_VALUES)
    variants = _sub(doc, "variants")
    key = f"house_{len(variants)}"
    variants[key] = {"label": f"House {len(variants)}", "default": rng.random() < 0.5,
                     "set": {".".join(str(p) for p in path): value}}
    return f"variant {key}: {'.'.join(str(p) for p in path)} = {value!r:.40}"


STRUCTURAL = [_set_leaf, _set_leaf, _nudge_number, _drop_key, _add_key, _list_item, _card_values, _rules,
              _deck_size, _players_max, _add_variant, _add_variant]


def _damage_text(text, rng):
    """One text-level change: YAML syntax, indentation, encoding."""
    lines = text.split("\n")
    kind = rng.choice(["delete_line", "repeat_line", "insert_char", "replace_char", "truncate", "indent"])
    i = rng.randrange(len(lines))
    if kind == "delete_line":
        del lines[i]
    elif kind == "repeat_line":
        lines.insert(i, lines[i])
    elif kind == "indent":
        lines[i] = rng.choice(["  ", " ", "\t"]) + lines[i] if rng.random() < 0.7 else lines[i].lstrip()
    else:
        text = "\n".join(lines)
        j = rng.randrange(len(text) + 1)
        if kind == "truncate":
            return text[:j], f"truncate at {j}"
        if kind == "insert_char":
            return text[:j] + rng.choice(ODD_CHARS) + text[j:], f"insert at {j}"
        return text[:j] + rng.choice(ODD_CHARS) + text[j + 1:], f"replace at {j}"
    return "\n".join(lines), f"{kind} {i + 1}"


# --- the second attack's findings, as mutation kinds ---------------------------------

def _totals_fall(doc, rng):
    """Every card worth the same 0 or less, and a reward or penalty above 0 somewhere (a failed
    call's +5, an undercut's +25) that may or may not lift a total: Cambio at -100 ran to the
    safety net at -24,000 points."""
    if doc.get("family") not in ("memory", "shedding"):
        return "totals fall: no points match in this family"
    value = rng.choice([-100, -20, -1, 0])
    for c in doc.get("cards", []) if isinstance(doc.get("cards"), list) else []:
        if isinstance(c, dict):
            c.setdefault("key", f"c{c.get('value')}")       # keys and ranks default to the value:
            c.setdefault("match", str(c.get("value")))      # keep them apart
            c["value"] = value
    rules = _sub(doc, "rules")
    scoring = _sub(rules, "scoring")
    if doc.get("family") == "shedding":
        scoring["undercut_penalty"] = rng.choice([0, 25, 200])
        scoring["caller_lowest"] = rng.choice([-5, 0, 5])
    else:
        scoring["caller_not_lowest"] = {"caller": rng.choice([0, 5, 100]), "others": rng.choice([0, 0, 3])}
        scoring["caller_lowest"] = {"caller": rng.choice([-5, 0]), "others": rng.choice([0, 0, 10])}
        _sub(rules, "call").update(zero_cards=rng.choice(["auto_call", "end_round"]),
                                   lock_min_players=rng.choice([2, 3]))
    doc["match_end"] = {"modes": ["points"], "default": "points", "points": rng.choice([1, 50, 100])}
    return f"totals fall: every card {value}"


def _full_width(text: str) -> str:
    """ASCII written in its full-width forms ('２' for '2'), as pasted from some keyboards."""
    return "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in text)


ODD_COLOURS = ["7", 5, "\u202e#e07b24", "#e07b2", "#e07b24aa", "#-1-1-1", "# f f f", "orange fox",
               "", "Red", " teal ", "#ABCDEF", "#abcdef", None, ["#ffffff"]]


def _names(doc, rng):
    """A card key or rank written as another card's look-alike (full-width forms, a zero-width
    space), a joker rank naming no card, a colour (a card's, a clan's) the table cannot draw."""
    cards = doc.get("cards")
    flat = [c for c in cards if isinstance(c, dict)] if isinstance(cards, list) else (
        [c for c in cards.get("actions", []) if isinstance(c, dict)] if isinstance(cards, dict) else [])
    kind = rng.choice(["look_alike", "colour"] + ["joker_rank"] * (doc.get("family") == "shedding"))
    if kind == "look_alike" and flat:
        card, other = rng.choice(flat), rng.choice(flat)
        field = rng.choice(["key", "match"] if "value" in card else ["key"])
        text = str(other.get(field, other.get("key", other.get("value", "x"))))
        card[field] = _full_width(text) if rng.random() < 0.8 else text + "\u200b"
        return f"look-alike {field} {card[field]!r}"
    if kind == "joker_rank":
        jokers = _sub(_sub(doc, "rules"), "jokers")
        jokers["rank"] = rng.choice(["jokr", "Joker", _full_width("joker"), "K", "", 7, None])
        return f"jokers.rank = {jokers['rank']!r}"
    clans = cards.get("clans") if isinstance(cards, dict) else None
    targets = [c for c in clans.values() if isinstance(c, dict)] if isinstance(clans, dict) else flat
    if not targets:
        return "colour: nothing to colour"
    target = rng.choice(targets)
    target["colour"] = rng.choice(ODD_COLOURS)
    return f"colour = {target['colour']!r}"


STRUCTURAL += [_totals_fall, _names]


def mutant(base: dict, rng: random.Random):
    """(text, description) of one mutant of the base document."""
    doc = copy.deepcopy(base)
    done = [rng.choice(STRUCTURAL)(doc, rng) for _ in range(rng.choice([1, 1, 2, 3]))]
    text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=100)
    if rng.random() < 0.3:
        text, what = _damage_text(text, rng)
        done.append(what)
    return text, "; ".join(done)


def seats_for(n: int, rng: random.Random) -> list:
    """A mutant's bots: one seat of a family's own level (easy or normal: they read the mutated rules,
    the deepest reader of them), the others easy or random (a match only has to show it ends; a
    table of normal Castle Combo bots made the fuzzer take minutes)."""
    return [rng.choice(LEVELS)] + [rng.choice(("random", "easy")) for _ in range(n - 1)]


def _rules_defaults(family_name: str) -> dict:
    """The `rules:` section a ruleset of this family gets when it says nothing."""
    return filled(registry.family(family_name).rules_spec)


def check_refusal(path: str, err: RulesetError, text: str = "") -> None:
    """A refusal names the file, then the line (when the file could be parsed that far: a file
    that YAML reads as a mapping has a line for every key)."""
    msg = str(err)
    assert msg.startswith(f"{path}:"), msg
    assert "Traceback" not in msg and len(msg) < 600, msg
    assert "please report" not in msg, msg        # the loader's catch-all: a check we forgot
    assert err.message and err.message.strip()
    try:
        parsed = yaml.safe_load(text) if text else None
    except Exception:       # noqa: BLE001 - text YAML itself cannot read: no line to expect
        parsed = None
    if isinstance(parsed, dict) and parsed and "not valid YAML" not in msg and "control character" not in msg:
        assert err.line, msg


def options_for(ruleset, rng: random.Random) -> dict:
    """Match options with a combination of the ruleset's variants a player could switch on."""
    options = default_options(ruleset)
    options["variants"] = {v.key: rng.random() < 0.5 for v in ruleset.variants}
    return options


def ends(ruleset) -> list:
    """Both ends of the player range: the fewest players deal the least, the most the most."""
    return sorted({ruleset.min_players, ruleset.max_players})


def play_to_the_end(ruleset, options: dict, n: int, seed: int, rng: random.Random, limited: bool) -> None:
    """One bot match of n seats with these options, played to its end through the real Session."""
    result = run_match(ruleset, seats_for(n, rng), seed=seed, options=options, keep_session=True)
    assert result.session.game.is_over()
    if limited:
        assert result.rounds <= result.session.game.rules["limits"]["rounds_per_match"]


def fuzz(name: str, first: int, stop: int, folder: str) -> tuple:
    """Mutants first..stop-1 of one shipped ruleset, each seeded by its number (so blocks of them can
    run in separate processes): (counts, failures)."""
    with open(os.path.join(ROOT, "rulesets", name), encoding="utf-8") as fh:
        base = yaml.safe_load(fh)
    # the bound every played mutant must end within (mutants may change it, within its range): a
    # match of a few rounds shows a mutant plays; twenty only took longer. Families whose games end
    # by their own shape (Castle Combo: 9 cards each) have no such limits to set.
    limited = "limits" in _rules_defaults(base["family"])
    if limited:
        base.setdefault("rules", {})["limits"] = {"turns_per_round": 50, "rounds_per_match": 5}
    counts = {"tried": 0, "refused cleanly": 0, "played cleanly": 0, "failures": 0}
    failures = []
    path = os.path.join(folder, name)
    old = signal.signal(signal.SIGALRM, _alarm)
    try:
        for i in range(first, stop):
            rng = random.Random(f"fuzz-{name}-{i}")
            text, what = mutant(base, rng)
            with open(path, "w", encoding="utf-8", newline="") as fh:
                fh.write(text)
            counts["tried"] += 1
            signal.alarm(SECONDS_PER_MUTANT)
            try:
                try:
                    ruleset = load_ruleset(path)
                except RulesetError as err:
                    check_refusal(path, err, text)
                    counts["refused cleanly"] += 1
                    continue
                # a combination of house rules a player may switch on, at both ends of the range
                options = options_for(ruleset, rng)
                for n in ends(ruleset):
                    if len(ruleset.variants) <= FULL_COMBINATIONS:     # the loader checked every one
                        assert options_refusal(ruleset, options, n) is None, options_refusal(ruleset, options, n)
                    elif options_refusal(ruleset, options, n):
                        continue           # refused before the match, as the setup screen does
                    play_to_the_end(ruleset, options, n, i, rng, limited)
                counts["played cleanly"] += 1
            except BaseException as exc:   # noqa: B036 - a Hang, a crash, a failed check: all recorded
                if isinstance(exc, KeyboardInterrupt):
                    raise
                counts["failures"] += 1
                where = traceback.extract_tb(exc.__traceback__)[-1]
                failures.append(f"mutant {i} ({what}): {type(exc).__name__}: {str(exc)[:200]} "
                                f"at {os.path.basename(where.filename)}:{where.lineno}")
            finally:
                signal.alarm(0)
    finally:
        signal.signal(signal.SIGALRM, old)
    return counts, failures


def _fuzz_block(args) -> tuple:
    return fuzz(*args)


@pytest.mark.slow
@pytest.mark.parametrize("name", SHIPPED)
def test_mutants_are_refused_or_played_to_the_end(name, tmp_path):
    # one block of mutants per core, each in its own process and folder (the results do not depend on it)
    jobs = max(1, min(JOBS, os.cpu_count() or 1))
    cuts = [MUTANTS * k // jobs for k in range(jobs + 1)]
    blocks = []
    for k in range(jobs):
        folder = tmp_path / f"block{k}"
        folder.mkdir()
        blocks.append((name, cuts[k], cuts[k + 1], str(folder)))
    if jobs == 1:
        results = [fuzz(*blocks[0])]
    else:
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            results = list(pool.map(_fuzz_block, blocks))
    counts = {key: sum(c[key] for c, _ in results) for key in results[0][0]}
    failures = [f for _, block_failures in results for f in block_failures]
    print(f"\n{name}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    assert counts["tried"] == MUTANTS
    assert counts["refused cleanly"] + counts["played cleanly"] + counts["failures"] == MUTANTS
    assert not failures, f"{name}: {counts}\n" + "\n".join(failures[:30])
    # the fuzzer must exercise both doors, or it proves little
    assert counts["refused cleanly"] > MUTANTS // 10 and counts["played cleanly"] > MUTANTS // 10, counts


@pytest.mark.slow
@pytest.mark.parametrize("name", SHIPPED)
def test_every_variant_combination_plays_at_both_ends_of_the_player_range(name, tmp_path):
    """Every combination of a shipped ruleset's variants a player can switch on, at players.min
    and players.max: the loader accepted it, so it must deal and play to its end."""
    with open(os.path.join(ROOT, "rulesets", name), encoding="utf-8") as fh:
        base = yaml.safe_load(fh)
    limited = "limits" in _rules_defaults(base["family"])
    if limited:     # a few short rounds show a match ends (the safety net ends the rest)
        base.setdefault("rules", {})["limits"] = {"turns_per_round": 50, "rounds_per_match": 3}
    path = tmp_path / name
    path.write_text(yaml.safe_dump(base, allow_unicode=True, sort_keys=False), encoding="utf-8")
    ruleset = load_ruleset(str(path))
    counts = {"combinations": 0, "matches": 0}
    rng = random.Random(f"combinations-{name}")
    for on in product((False, True), repeat=len(ruleset.variants)):
        options = default_options(ruleset)
        options["variants"] = {v.key: flag for v, flag in zip(ruleset.variants, on)}
        counts["combinations"] += 1
        for n in ends(ruleset):
            assert options_refusal(ruleset, options, n) is None
            play_to_the_end(ruleset, options, n, counts["matches"], rng, limited)
            counts["matches"] += 1
    print(f"\n{name}: " + ", ".join(f"{k} {v}" for k, v in counts.items())
          + f" (players {ruleset.min_players} and {ruleset.max_players})")
    assert counts["combinations"] == 2 ** len(ruleset.variants)
