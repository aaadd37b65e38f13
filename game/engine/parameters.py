"""A ruleset's parameters (its `rules:` section) as a tree of dicts addressed by dotted paths
("call.limit"): set and get one parameter, freeze the tree for an immutable Ruleset and thaw a
fresh copy of it, flatten it into (path, value) pairs.

Apart from ruleset.py because a ruleset, its house rules and their checks (house_rules.py) all
read and write parameters this way.
"""
from __future__ import annotations

import copy
from types import MappingProxyType


def _set_path(params: dict, dotted_path: str, value) -> None:
    parts = dotted_path.split(".")
    node = params
    for part in parts[:-1]:
        if not isinstance(node.get(part), dict):
            raise KeyError(dotted_path)
        node = node[part]
    if parts[-1] not in node:
        raise KeyError(dotted_path)
    node[parts[-1]] = value


def _get_path(params: dict, dotted_path: str):
    node = params
    for part in dotted_path.split("."):
        node = node[part]
    return node


def _freeze(d):
    if isinstance(d, dict):
        return MappingProxyType({k: _freeze(v) for k, v in d.items()})
    return d


def _thaw(d):
    if isinstance(d, (dict, MappingProxyType)):
        return {k: _thaw(v) for k, v in d.items()}
    return copy.copy(d)


def _flatten(d, prefix=""):
    for k, v in d.items():
        if isinstance(v, dict):
            yield from _flatten(v, f"{prefix}{k}.")
        else:
            yield f"{prefix}{k}", v
