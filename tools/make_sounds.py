"""Synthesise Card Table's sound cues and save them as small WAV files in assets/sounds/.

Run from anywhere: `python tools/make_sounds.py [FOLDER]` (default: assets/sounds).
The sounds are computed from sine tones with the standard library only, so they
need no licence beyond the project's own and come out byte for byte the same
on every run (tests/test_sound.py checks the committed files against this script).
"""

import array
import math
import os
import sys
import wave

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RATE = 22050          # plenty for short chimes; the mixer resamples to the device
PEAK = 0.55           # of full scale: cues sit under the player's music, never clip


def tone(freq: float, seconds: float, decay: float = 6.0, harmonics=(1.0, 0.35, 0.12),
         glide_to: float = None) -> list:
    """One note: a few harmonics under a fast attack and an exponential decay, optionally gliding in pitch."""
    n = int(RATE * seconds)
    out, phase = [], 0.0
    attack = int(RATE * 0.006)      # 6 ms: soft enough not to click
    for i in range(n):
        t = i / RATE
        f = freq if glide_to is None else freq + (glide_to - freq) * (i / n)
        phase += 2 * math.pi * f / RATE
        env = math.exp(-decay * t) * min(1.0, i / attack if attack else 1.0)
        env *= min(1.0, (n - i) / attack)        # and a short release, for the same reason
        out.append(env * sum(a * math.sin((k + 1) * phase) for k, a in enumerate(harmonics)))
    return out


def rest(seconds: float) -> list:
    return [0.0] * int(RATE * seconds)


def mix(*parts) -> list:
    """Lay (start_seconds, samples) parts over each other."""
    length = max(int(RATE * start) + len(s) for start, s in parts)
    out = [0.0] * length
    for start, samples in parts:
        offset = int(RATE * start)
        for i, v in enumerate(samples):
            out[offset + i] += v
    return out


def notes(*spec, gap: float = 0.0) -> list:
    """Notes one after another: spec is (freq, seconds) pairs."""
    out = []
    for freq, seconds in spec:
        out += tone(freq, seconds) + rest(gap)
    return out


# Each cue has its own shape so players learn them apart without looking.
SOUNDS = {
    # two soft rising notes: "your move"
    "your_turn": lambda: notes((659.3, 0.11), (880.0, 0.22)),
    # a quick upward sweep: "quick, a race"
    "race_open": lambda: tone(520.0, 0.16, decay=10.0, glide_to=1040.0),
    # three rising notes, a small fanfare: someone called the end of the round
    "call": lambda: notes((523.3, 0.10), (659.3, 0.10), (784.0, 0.30)),
    # a bright two-note ding: a correct match
    "match_ok": lambda: mix((0.0, tone(1046.5, 0.25, decay=9.0)), (0.06, tone(1568.0, 0.22, decay=9.0))),
    # a low, falling buzz: a wrong match (penalty card)
    "match_wrong": lambda: tone(220.0, 0.32, decay=5.0, harmonics=(1.0, 0.5, 0.33, 0.25), glide_to=150.0),
    # a falling arpeggio ending on a held chord: the round is over
    "round_end": lambda: mix((0.0, tone(784.0, 0.5, decay=5.0)), (0.12, tone(659.3, 0.5, decay=5.0)),
                             (0.24, tone(523.3, 0.6, decay=4.0))),
}


def write(path: str, samples: list) -> None:
    """Write mono 16-bit PCM, scaled so the loudest sample sits at PEAK."""
    loudest = max(abs(v) for v in samples) or 1.0
    pcm = array.array("h", (round(v / loudest * PEAK * 32767) for v in samples))
    if sys.byteorder == "big":
        pcm.byteswap()              # WAV data is little-endian
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())


def main(folder: str) -> None:
    os.makedirs(folder, exist_ok=True)
    for name, make in SOUNDS.items():
        path = os.path.join(folder, name + ".wav")
        write(path, make())
        print(f"{path}: {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "assets", "sounds"))
