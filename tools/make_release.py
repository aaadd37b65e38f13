"""Make the release archive of a packaged build, and check one (issue 33, 3).

    python tools/make_release.py [--dist dist/cardtable] [--out dist/release]
    python tools/make_release.py --check dist/release[/cardtable-<version>-<system>-<machine>.tar.gz]

Make: after `pyinstaller --noconfirm --clean build.spec`, packs the one-folder build with what a
player needs beside it into `cardtable-<version>-<system>-<machine>.tar.gz` (a .zip on Windows), and
writes its SHA-256 beside it (`<archive>.sha256`, the format `sha256sum -c` reads). Inside, one
folder `cardtable-<version>/`:
  cardtable/               the build (start `cardtable/cardtable`, `cardtable\\cardtable.exe`)
  HOW-TO-START.txt         for players: start, data folder, where to get help
  LICENSES.txt             Card Table's bundled assets' licences and the libraries' (assets/LICENSES
                           and the About page's list; pygame-ce's LGPL: its libraries stay files of
                           their own in cardtable/_internal, to be replaced at will)
  Card Table.app           macOS: the same build as an application bundle
  cardtable.desktop        a menu entry (Linux), and icon.png for it
  install.sh               puts the menu entry and the icon in place for this user (Linux)

Check: the checksum matches, the archive unpacks into a temporary folder, and the build in it
passes `--selftest` and plays `--simulate kombio --games 4 --jobs 2` there (what CI runs).
"""
from __future__ import annotations

import argparse
import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

HOW_TO_START = """Card Table {version}
==================

Card games for one computer: Kombio, Cambio, Kumbal, Castle Combo and Klobba!, against the
computer or passing the mouse between friends.

Start
-----
Linux:    run  cardtable/cardtable  (or ./install.sh once, then find "Card Table" in your menu)
macOS:    open Card Table.app, or run cardtable/cardtable (the first time: right-click, Open:
          it is not from the App Store)
Windows:  run  cardtable\\cardtable.exe

Nothing else needs to be installed. New to a game? Choose it in the menu and press
"Learn to play" for a guided first game.

Your data
---------
Settings, the match in progress, past matches and statistics are kept in your user data folder
(the menu's About page shows where). Deleting this folder removes Card Table; your data stays.

House rules
-----------
Every game is a YAML file in cardtable/_internal/rulesets/. Copy one, change it, and it appears in
the menu (a broken file is listed with what is wrong, line and key).

Card Table is an unofficial implementation of these games' rules for playing at home; see
LICENSES.txt and the About page for the games' makers and the licences of what is bundled.
"""

DESKTOP = """[Desktop Entry]
Type=Application
Name=Card Table
Comment=Card games for one computer: Kombio, Cambio, Kumbal, Castle Combo, Klobba!
Exec={exec}
Icon={icon}
Terminal=false
Categories=Game;CardGame;
"""

INSTALL = """#!/bin/sh
# Put Card Table in this user's application menu (nothing is copied but the menu entry and icon).
set -e
here="$(cd "$(dirname "$0")" && pwd)"
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
icons="${XDG_DATA_HOME:-$HOME/.local/share}/icons/hicolor/64x64/apps"
mkdir -p "$apps" "$icons"
cp "$here/icon.png" "$icons/cardtable.png"
sed -e "s|^Exec=.*|Exec=\\"$here/cardtable/cardtable\\"|" -e "s|^Icon=.*|Icon=cardtable|" \\
    "$here/cardtable.desktop" > "$apps/cardtable.desktop"
echo "Card Table is in your menu ($apps/cardtable.desktop)."
"""


def platform_tag() -> str:
    system = {"Darwin": "macos", "Windows": "windows"}.get(platform.system(), platform.system().lower())
    machine = platform.machine().lower().replace("amd64", "x86_64")
    return f"{system}-{machine}"


def licences_text() -> str:
    from game import about
    lines = ["Card Table: licences of what this release bundles", "=" * 50, "", about.UNOFFICIAL, ""]
    lines += [f"- {what}: {licence}" for what, licence in about.LICENCES]
    lines += ["", "", open(os.path.join(ROOT, "assets", "LICENSES"), encoding="utf-8").read()]
    return "\n".join(lines)


def make(dist: str, out: str) -> str:
    from game import VERSION
    if not os.path.isdir(dist):
        raise SystemExit(f"{dist} is not a build: run `pyinstaller --noconfirm --clean build.spec` first")
    name = f"cardtable-{VERSION}"
    windows = platform.system() == "Windows"
    archive = os.path.join(out, f"{name}-{platform_tag()}" + (".zip" if windows else ".tar.gz"))
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        top = os.path.join(tmp, name)
        shutil.copytree(dist, os.path.join(top, "cardtable"), symlinks=True)
        bundle = os.path.join(os.path.dirname(dist), "Card Table.app")      # macOS (build.spec)
        if os.path.isdir(bundle):
            shutil.copytree(bundle, os.path.join(top, "Card Table.app"), symlinks=True)
        files = {"HOW-TO-START.txt": HOW_TO_START.format(version=VERSION), "LICENSES.txt": licences_text(),
                 "cardtable.desktop": DESKTOP.format(exec="cardtable/cardtable", icon="cardtable"),
                 "install.sh": INSTALL}
        for file_name, text in files.items():
            with open(os.path.join(top, file_name), "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
        os.chmod(os.path.join(top, "install.sh"), 0o755)
        shutil.copy(os.path.join(ROOT, "assets", "icon.png"), os.path.join(top, "icon.png"))
        if windows:
            with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
                for folder, _, names in os.walk(top):
                    for n in names:
                        full = os.path.join(folder, n)
                        z.write(full, os.path.relpath(full, tmp))
        else:
            with tarfile.open(archive, "w:gz") as tar:
                tar.add(top, arcname=name)
    digest = sha256(archive)
    with open(archive + ".sha256", "w", encoding="utf-8", newline="\n") as fh:
        fh.write(f"{digest}  {os.path.basename(archive)}\n")
    print(f"wrote {archive} ({os.path.getsize(archive) / 1e6:.1f} MB) and {os.path.basename(archive)}.sha256")
    return archive


def sha256(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def check(archive: str) -> int:
    """The checksum, then the unpacked build's selftest and a simulation on two processes. A folder:
    the one archive in it."""
    if os.path.isdir(archive):
        found = [os.path.join(archive, n) for n in os.listdir(archive) if n.endswith((".tar.gz", ".zip"))]
        if len(found) != 1:
            print(f"{archive}: expected one release archive, found {len(found)}")
            return 1
        archive = found[0]
    with open(archive + ".sha256", encoding="utf-8") as fh:
        expected, named = fh.read().split()
    if named != os.path.basename(archive) or sha256(archive) != expected:
        print(f"{archive}: the checksum in {archive}.sha256 does not match")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        if archive.endswith(".zip"):
            with zipfile.ZipFile(archive) as z:
                z.extractall(tmp)
        else:
            with tarfile.open(archive) as tar:
                tar.extractall(tmp, filter="data")
        (top,) = os.listdir(tmp)
        folder = os.path.join(tmp, top)
        for needed in ("HOW-TO-START.txt", "LICENSES.txt", "cardtable.desktop", "install.sh", "icon.png"):
            if not os.path.isfile(os.path.join(folder, needed)):
                print(f"{archive}: {needed} is missing")
                return 1
        exe = os.path.join(folder, "cardtable", "cardtable" + (".exe" if platform.system() == "Windows" else ""))
        env = {**os.environ, "CARDTABLE_DATA_DIR": os.path.join(tmp, "data")}
        for args in (["--selftest"], ["--simulate", "kombio", "--games", "4", "--jobs", "2"]):
            got = subprocess.run([exe, *args], cwd=tmp, env=env, capture_output=True, text=True, timeout=600)
            print(f"$ {os.path.relpath(exe, tmp)} {' '.join(args)}: exit {got.returncode}")
            if got.returncode != 0:
                print(got.stdout[-3000:], got.stderr[-3000:])
                return 1
    print(f"{archive}: checksum, contents, selftest and simulation all pass")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dist", default=os.path.join(ROOT, "dist", "cardtable"))
    ap.add_argument("--out", default=os.path.join(ROOT, "dist", "release"))
    ap.add_argument("--check", metavar="ARCHIVE", help="check a release archive instead of making one")
    args = ap.parse_args(argv)
    if args.check:
        return check(args.check)
    make(args.dist, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
