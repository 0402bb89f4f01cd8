#!/usr/bin/env python3
"""Makes the media examples' files and items (www/examples/en-p808-acr, en-mushra,
en-image-captions, en-transcript-check): synthesised speech-like sounds and drawn images, no
recording or photograph of anyone (public domain, CC0), in the conditions an ITU-T P.808 ACR
test and an ITU-R BS.1534 (MUSHRA) test compare; images with two captions each (one right, one
with an error, as a captioning model writes them); and recordings with an ASR-like transcript
that has errors to mark.

Each clip is 1.5 s of vowels from a source-filter synthesiser (a glottal pulse train at a talker's
pitch, with jitter, through the vowels' first three formants), 16 kHz, 16-bit mono WAV, in one of
four conditions: `clean`; `narrowband` (band-limited to 300-3,400 Hz, telephone speech);
`mnru-q15` (ITU-T P.810's modulated noise reference unit at Q = 15 dB, the usual anchor); and
`clipped` (hard clipping at a fifth of the peak). MUSHRA's items hold the open reference and
five stimuli: the hidden reference, BS.1534-3's low and mid anchors (low-passed at 3.5 and 7
kHz) and two systems under test (`mnru-q30`, `clipped`). Deterministic: the same files every run.

P.808's trapping question (a clip that says which answer to give) is spoken by espeak-ng
(`apt-get install espeak-ng`): half a second of a degraded sample, then the request, resampled to
16 kHz. Without espeak-ng the clip already in the folder is kept (everything else is made anew).

Usage: python3 scripts/make_example_media.py   (standard library only; espeak-ng for the trap)
"""
import audioop
import json
import os
import math
import random
import shutil
import struct
import subprocess
import tempfile
import wave

RATE = 16000
LENGTH = int(1.5 * RATE)
# (name, F1, F2, F3) in Hz.
VOWELS = [("a", 730, 1090, 2440), ("e", 530, 1840, 2480), ("i", 270, 2290, 3010),
          ("o", 570, 840, 2410), ("u", 300, 870, 2240)]
TALKERS = [("t1", 110, "aeiou"), ("t2", 210, "oiaeu"), ("t3", 150, "uaoie")]
CONDITIONS = ["clean", "narrowband", "mnru-q15", "clipped"]
EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "www", "examples")
# MUSHRA's stimuli: (id, condition), the hidden reference first; shuffled on screen.
MUSHRA = [("ref", "clean"), ("anchor-3k5", "lowpass-3500"), ("anchor-7k", "lowpass-7000"),
          ("mnru-q30", "mnru-q30"), ("clipped", "clipped")]


def resonator(signal, freq, bandwidth):
    """A two-pole resonator (one formant)."""
    r = math.exp(-math.pi * bandwidth / RATE)
    a1, a2 = 2 * r * math.cos(2 * math.pi * freq / RATE), -r * r
    gain = 1 - r
    y1 = y2 = 0.0
    out = []
    for x in signal:
        y = gain * x + a1 * y1 + a2 * y2
        out.append(y)
        y1, y2 = y, y1
    return out


def voice(f0, vowels, rng):
    """Vowels at pitch f0, each a fifth of the clip, with syllable envelopes."""
    per = LENGTH // len(vowels)
    out = []
    for k, v in enumerate(vowels):
        _, f1, f2, f3 = next(x for x in VOWELS if x[0] == v)
        pulses, phase = [], 0.0
        for n in range(per):
            pitch = f0 * (1 + 0.08 * math.sin(2 * math.pi * (k * per + n) / LENGTH)) * (1 + rng.uniform(-0.01, 0.01))
            phase += pitch / RATE
            if phase >= 1:
                phase -= 1
                pulses.append(1.0)
            else:
                pulses.append(0.0)
        s = [a + b + c for a, b, c in zip(resonator(pulses, f1, 80), resonator(pulses, f2, 100), resonator(pulses, f3, 150))]
        env = [math.sin(math.pi * n / per) ** 0.6 for n in range(per)]
        out += [x * e for x, e in zip(s, env)]
    out += [0.0] * (LENGTH - len(out))
    peak = max(abs(x) for x in out) or 1
    return [0.7 * x / peak for x in out]


def biquad(signal, kind, freq, q=0.707):
    """An RBJ low- or high-pass biquad."""
    w = 2 * math.pi * freq / RATE
    alpha, c = math.sin(w) / (2 * q), math.cos(w)
    if kind == "low":
        b = [(1 - c) / 2, 1 - c, (1 - c) / 2]
    else:
        b = [(1 + c) / 2, -(1 + c), (1 + c) / 2]
    a = [1 + alpha, -2 * c, 1 - alpha]
    b = [x / a[0] for x in b]
    a = [x / a[0] for x in a]
    x1 = x2 = y1 = y2 = 0.0
    out = []
    for x in signal:
        y = b[0] * x + b[1] * x1 + b[2] * x2 - a[1] * y1 - a[2] * y2
        out.append(y)
        x1, x2, y1, y2 = x, x1, y, y1
    return out


def condition(clean, name, rng):
    if name == "clean":
        return clean
    if name == "narrowband":
        s = clean
        for _ in range(2):
            s = biquad(biquad(s, "high", 300), "low", 3400)
        return s
    if name.startswith("mnru-q"):
        # P.810: y = x (1 + 10^(-Q/20) n), n white noise of unit power.
        k = 10 ** (-int(name[6:]) / 20)
        return [x * (1 + k * rng.gauss(0, 1)) for x in clean]
    if name.startswith("lowpass-"):
        s = clean
        for _ in range(3):
            s = biquad(s, "low", int(name[8:]))
        return s
    if name == "clipped":
        limit = 0.2 * max(abs(x) for x in clean)
        return [max(-limit, min(limit, x)) * 3 for x in clean]
    raise ValueError(name)


def write(path, samples):
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, x)) * 32767)) for x in samples))


def write_items(folder, items):
    with open(os.path.join(folder, "items.json"), "w", encoding="utf-8") as f:
        json.dump(items, f, indent=2, ensure_ascii=False)
        f.write("\n")


# The trapping question's request, and the answer it asks for (the scale's second point).
TRAP_TEXT = "This is an attention check. To show that you are listening, please select the answer: Poor."


def speak(text):
    """`text` spoken by espeak-ng (American English), as samples at RATE; None without it."""
    if shutil.which("espeak-ng") is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "speech.wav")
        subprocess.run(["espeak-ng", "-v", "en-us", "-s", "150", "-w", path, text], check=True)
        with wave.open(path) as w:
            frames, rate, width = w.readframes(w.getnframes()), w.getframerate(), w.getsampwidth()
    frames, _ = audioop.ratecv(frames, width, 1, rate, RATE, None)
    peak = max(1, audioop.max(frames, width))
    return [0.7 * x / peak for x in struct.unpack(f"<{len(frames) // 2}h", frames)]


def p808(rng):
    folder = os.path.join(EXAMPLES, "en-p808-acr")
    os.makedirs(os.path.join(folder, "clips"), exist_ok=True)
    items = []
    for talker, f0, vowels in TALKERS:
        clean = voice(f0, vowels, rng)
        for c in CONDITIONS:
            name = f"{talker}-{c}"
            write(os.path.join(folder, "clips", f"{name}.wav"), condition(clean, c, rng))
            items.append({
                "id": name,
                "clip": f"clips/{name}.wav",
                "transcript": f"Synthesised vowels /{' '.join(vowels)}/ at {f0} Hz (no words), condition: {c}.",
                "condition": c,
                "talker": talker,
            })
    # The trapping question: in no condition (not a stimulus of the study); the example's gold
    # file (gold.json) holds it as an attention item, and the analysis leaves out a listener who
    # answers it otherwise. Its text alternative names what it is, not the answer.
    lead = condition(voice(150, "ae", rng), "mnru-q15", rng)[: RATE // 2]
    spoken = speak(TRAP_TEXT)
    if spoken is not None:
        write(os.path.join(folder, "clips", "trap-poor.wav"), lead + [0.0] * (RATE // 4) + spoken)
    items.append({
        "id": "trap-poor",
        "clip": "clips/trap-poor.wav",
        "transcript": "A spoken request for a particular answer (an attention check), after half a second of vowels.",
        "talker": "espeak-ng",
    })
    write_items(folder, items)
    with open(os.path.join(folder, "gold.json"), "w", encoding="utf-8") as f:
        json.dump({"point_band": 1, "items": [
            {"item_id": "trap-poor", "kind": "attention", "answers": {"quality": 2}},
        ]}, f, indent=2)
        f.write("\n")


def mushra(rng):
    folder = os.path.join(EXAMPLES, "en-mushra")
    os.makedirs(os.path.join(folder, "clips"), exist_ok=True)
    items = []
    for talker, f0, vowels in TALKERS:
        clean = voice(f0, vowels, rng)
        write(os.path.join(folder, "clips", f"{talker}-reference.wav"), clean)
        stimuli = []
        for sid, c in MUSHRA:
            write(os.path.join(folder, "clips", f"{talker}-{sid}.wav"), condition(clean, c, rng))
            stimuli.append({
                "id": sid,
                "src": f"clips/{talker}-{sid}.wav",
                "text": f"Synthesised vowels /{' '.join(vowels)}/ at {f0} Hz (no words), processed.",
            })
        items.append({
            "id": f"{talker}",
            "reference": f"clips/{talker}-reference.wav",
            "reference_text": f"Synthesised vowels /{' '.join(vowels)}/ at {f0} Hz (no words), unprocessed.",
            "stimuli": stimuli,
        })
    write_items(folder, items)


# Images: (id, shapes as (kind, colour, x, y, size), the right caption, a caption with an error).
SCENES = [
    ("img-001", [("circle", "#d62728", 120, 90, 50), ("rect", "#1f77b4", 80, 170, 80)],
     "A red circle above a blue square.", "A red circle beside a blue triangle."),
    ("img-002", [("rect", "#2ca02c", 40, 120, 60), ("rect", "#2ca02c", 140, 120, 60), ("circle", "#ff7f0e", 260, 150, 30)],
     "Two green squares and a small orange circle on the right.", "Three green squares and an orange circle."),
    ("img-003", [("triangle", "#9467bd", 160, 60, 120), ("circle", "#17becf", 80, 200, 25)],
     "A large purple triangle with a small teal circle at its lower left.", "A small purple triangle inside a teal circle."),
]


def svg(shapes):
    """An image of shapes on a light ground, 320 by 240."""
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 320 240">',
           '<rect width="320" height="240" fill="#f4f1ea"/>']
    for kind, colour, x, y, size in shapes:
        if kind == "circle":
            out.append(f'<circle cx="{x}" cy="{y}" r="{size}" fill="{colour}"/>')
        elif kind == "rect":
            out.append(f'<rect x="{x}" y="{y - size / 2}" width="{size}" height="{size}" fill="{colour}"/>')
        else:
            out.append(f'<polygon points="{x},{y} {x - size / 2},{y + size} {x + size / 2},{y + size}" fill="{colour}"/>')
    return "\n".join(out + ["</svg>", ""])


def captions():
    folder = os.path.join(EXAMPLES, "en-image-captions")
    os.makedirs(os.path.join(folder, "images"), exist_ok=True)
    items = []
    for n, (sid, shapes, right, wrong) in enumerate(SCENES):
        with open(os.path.join(folder, "images", f"{sid}.svg"), "w", encoding="utf-8") as f:
            f.write(svg(shapes))
        # The two systems take turns at the right caption.
        pair = [("model-a", right), ("model-b", wrong)] if n % 2 == 0 else [("model-a", wrong), ("model-b", right)]
        items.append({
            "id": sid,
            "image": f"images/{sid}.svg",
            "alt": f"A drawing of coloured shapes on a light ground (the right description: {right.lower()})",
            "captions": [{"id": m, "text": t} for m, t in pair],
        })
    write_items(folder, items)


def transcripts(rng):
    folder = os.path.join(EXAMPLES, "en-transcript-check")
    os.makedirs(os.path.join(folder, "clips"), exist_ok=True)
    items = []
    # What is heard, and what a recogniser wrote (a vowel missed, one wrong, one added).
    heard = [("t1", 110, "aeiou", "a e o u"), ("t2", 210, "oiaeu", "o i e e u"), ("t3", 150, "uaoie", "u a o i e a")]
    for talker, f0, vowels, asr in heard:
        write(os.path.join(folder, "clips", f"{talker}.wav"), voice(f0, vowels, rng))
        items.append({
            "id": talker,
            "clip": f"clips/{talker}.wav",
            "heard": f"Synthesised vowels /{' '.join(vowels)}/ at {f0} Hz (no words).",
            "transcript": asr,
        })
    write_items(folder, items)


def main():
    p808(random.Random(808))
    mushra(random.Random(1534))
    captions()
    transcripts(random.Random(2024))


if __name__ == "__main__":
    main()
