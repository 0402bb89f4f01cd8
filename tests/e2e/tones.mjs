// The headphone check's sounds as a participant's ears get them, read by the tests themselves
// (not by the widget's code): the WAV file the page plays is parsed here, its tones found by
// the silence between them, and each measured — its level in each ear and what is left when
// the two ears' waves are summed (as loudspeakers sum them in the air). Used by the Playwright
// and the cross-engine tests.

/**
 * Page-side, run once before the first round: keeps each file the page makes into a `blob:`
 * address (`URL.createObjectURL`), so the test reads the bytes played without fetching them
 * (a hosted page's policy allows no fetch of `blob:`).
 */
export const KEEP_BLOBS = `function () {
  if (window.__glossaBlobs) return;
  window.__glossaBlobs = new Map();
  const make = URL.createObjectURL;
  URL.createObjectURL = function (b) { const u = make.call(URL, b); window.__glossaBlobs.set(u, b); return u; };
}`;

/** Page-side: the bytes the check's audio element plays now, as base64 (kept on `window`). */
export const FETCH_PLAYED = `async function () {
  const blob = window.__glossaBlobs.get(document.querySelector('.glossa-hp-audio').src);
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  window.__glossaPlayed = btoa(s);
  return window.__glossaPlayed;
}`;

const rms = (xs) => Math.sqrt(xs.reduce((a, x) => a + x * x, 0) / xs.length);

/**
 * The tones of a 16-bit PCM stereo WAV file (base64), in order: for each, its RMS in the left
 * and right ear (dBFS) and of the ears summed; `answer` is the position of the quietest tone in
 * the ears (headphones), `foil` the one that cancels when summed (loudspeakers).
 */
export function readTones(base64) {
  const b = Buffer.from(base64, 'base64');
  if (b.toString('ascii', 0, 4) !== 'RIFF' || b.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let at = 12;
  let fmt;
  let data;
  while (at + 8 <= b.length) {
    const id = b.toString('ascii', at, at + 4);
    const size = b.readUInt32LE(at + 4);
    if (id === 'fmt ') fmt = { format: b.readUInt16LE(at + 8), channels: b.readUInt16LE(at + 10), rate: b.readUInt32LE(at + 12), bits: b.readUInt16LE(at + 22) };
    if (id === 'data') data = b.subarray(at + 8, at + 8 + size);
    at += 8 + size + (size % 2);
  }
  if (!fmt || fmt.format !== 1 || fmt.channels !== 2 || fmt.bits !== 16) throw new Error(`not 16-bit PCM stereo: ${JSON.stringify(fmt)}`);
  const frames = data.length / 4;
  const left = new Float64Array(frames);
  const right = new Float64Array(frames);
  for (let n = 0; n < frames; n++) {
    left[n] = data.readInt16LE(4 * n) / 32768;
    right[n] = data.readInt16LE(4 * n + 2) / 32768;
  }
  // Tones: runs of sound between stretches of at least 100 ms of silence.
  const quiet = Math.round(fmt.rate / 10);
  const tones = [];
  let start = -1;
  let lastSound = -Infinity;
  for (let n = 0; n <= frames; n++) {
    const sound = n < frames && (left[n] !== 0 || right[n] !== 0);
    if (sound) {
      if (start < 0) start = n;
      lastSound = n;
    } else if (start >= 0 && (n === frames || n - lastSound > quiet)) {
      tones.push([start, lastSound + 1]);
      start = -1;
    }
  }
  const db = (x) => 20 * Math.log10(x);
  const measured = tones.map(([a, z]) => {
    const l = Array.from(left.subarray(a, z));
    const r = Array.from(right.subarray(a, z));
    return { seconds: (z - a) / fmt.rate, left: db(rms(l)), right: db(rms(r)), summed: rms(l.map((x, i) => x + r[i])) };
  });
  const lowest = (key) => measured.reduce((best, t, i) => (t[key] < measured[best][key] ? i : best), 0);
  return { rate: fmt.rate, tones: measured, answer: lowest('left'), foil: lowest('summed') };
}
