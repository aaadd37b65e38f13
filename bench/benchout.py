"""Where every bench writes its numbers: bench/out/<name> as JSON (ignored by git)."""
from __future__ import annotations

import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def write_result(name: str, data: dict) -> None:
    """Write `data` to bench/out/`name` and say where."""
    out = os.path.join(ROOT, "bench", "out")
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, name)
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=2)
    print(f"wrote {os.path.relpath(path, ROOT)}")
