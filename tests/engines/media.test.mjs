// Listening and looking tests in Chromium, Firefox and WebKit (WebDriver, as a participant's
// browser), each media example hosted by `glossa host pilot` (its files copied beside the
// items, played under the page's policy): P.808 — nothing playing before a click, the
// headphone check first (its tones read from the file the page plays), a rating refused before
// the clip has played to its end, then accepted, the result recording the play and the check; MUSHRA — switching in place, every sample heard round its loop, a looped part; image
// captions — the image enlarged and closed, two ratings and a preference; the transcript
// check — the recording heard while a word is marked. The same in every engine.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cp, copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/static-server.mjs';
import { ENGINES, launchEngine } from './webdriver.mjs';
import { submit, tapWord } from './scenarios.mjs';
import { FETCH_PLAYED, KEEP_BLOBS, readTones } from '../e2e/tones.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'target/debug/glossa'); // built by the native test step
const servers = [];
after(() => Promise.all(servers.map((s) => new Promise((ok) => s.close(ok)))));

const sites = new Map();
/** An example (its spec, items and the folder of its files) as `glossa host pilot` writes
 *  it, served once. */
async function hosted(name, files) {
  if (sites.has(name)) return sites.get(name);
  const example = join(ROOT, 'www/examples', name);
  const study = await mkdtemp(join(tmpdir(), 'glossa-media-study-'));
  await copyFile(join(example, 'spec.json'), join(study, 'spec.json'));
  await copyFile(join(example, 'items.json'), join(study, 'items.json'));
  await cp(join(example, files), join(study, files), { recursive: true });
  const out = join(await mkdtemp(join(tmpdir(), 'glossa-media-')), 'upload');
  execFileSync(CLI, ['host', 'pilot', study, '--out', out], { cwd: ROOT, stdio: 'pipe' });
  const { server, url } = await startServer(out, 0);
  servers.push(server);
  sites.set(name, url.replace('localhost', '127.0.0.1'));
  return sites.get(name);
}

/** Runs `steps` in a fresh session of `engine`, quitting it whatever happens. */
async function session(t, engine, steps) {
  const s = await launchEngine(engine);
  t.diagnostic(`${engine} ${s.version}`);
  try {
    return await steps(s);
  } finally {
    await s.quit();
  }
}

/** The result the page received, once it has. */
const result = async (s) => (await s.waitFor(() => window.glossaReceived?.length && window.glossaReceived, [], 'the result'))[0];

for (const engine of ENGINES) {
  test(`${engine}: the headphone check first, a clip plays after a click, a rating waits for its end, the result records the play and the check`, async (t) => {
    const base = await hosted('en-p808-acr', 'clips');
    const s = await launchEngine(engine);
    t.diagnostic(`${engine} ${s.version}`);
    try {
      await s.goto(`${base}index.html?participant=media-${engine}`);
      await s.waitFor(() => document.querySelector('.glossa-form .glossa-player[data-status="ready"]') && window.glossaHandle, [], 'the player, its file loaded');
      assert.deepEqual(await s.run(() => [...document.querySelectorAll('audio')].map((a) => a.paused)), [true, true], 'nothing plays before a click: the check\'s tones, the clip');
      const good = `function () { const i = document.querySelector('.glossa-scale input[value="4"]'); return i && i.closest('label'); }`;
      await s.click(await s.element(good));
      await submit(s);
      await s.waitFor(() => document.body.textContent.includes('Play the recording to the end before you answer.'), [], 'the refusal');
      await s.waitFor(() => document.querySelector('.glossa-hp')?.textContent.includes('Do the headphone check first.'), [], 'the check asked for first');
      assert.equal(await s.run(() => window.glossaReceived?.length ?? 0), 0);
      // The headphone check: each round's tones, read from the file this engine plays, are
      // three, one 6 dB lower, one cancelling when the ears are summed; the quieter is chosen.
      await s.run(KEEP_BLOBS);
      for (let round = 1; round <= 6; round++) {
        await s.click(await s.element(() => document.querySelector('.glossa-hp-play')));
        await s.waitFor(() => document.querySelector('.glossa-hp-tone'), [], `round ${round} heard`);
        await s.run(() => { window.__glossaPlayed = null; });
        await s.run(FETCH_PLAYED);
        const tones = readTones(await s.waitFor(() => window.__glossaPlayed, [], 'the round\'s file'));
        assert.equal(tones.tones.length, 3);
        assert.notEqual(tones.answer, tones.foil);
        await s.click(await s.element((n) => document.querySelectorAll('.glossa-hp-tone')[n], tones.answer));
      }
      await s.waitFor(() => document.body.textContent.includes('Headphone check passed.'), [], 'the check passed');
      await s.click(await s.element(() => document.querySelector('.glossa-form .glossa-play')));
      await s.waitFor(() => document.querySelector('.glossa-form .glossa-player[data-ended="true"]'), [], 'the clip played to its end');
      await submit(s);
      const [result] = await s.waitFor(() => window.glossaReceived?.length && window.glossaReceived, [], 'the result');
      assert.equal(result.answers.quality, 4);
      const clip = result.media.clip;
      assert.deepEqual([clip.plays, clip.ended, clip.loaded, clip.duration_ms], [1, true, true, 1500]);
      assert.deepEqual(result.headphones, { correct: 6, trials: 6, attempts: 1, passed: true });
      // Heard once, whole, in the file's own time (to the ms: engines' clocks round apart).
      assert.ok(Math.abs(clip.heard_ms - 1500) <= 1, `heard ${clip.heard_ms} ms`);
    } finally {
      await s.quit();
    }
  });
}

const SAMPLE = (id) => `.glossa-form .glossa-output[data-output-id="${id}"]`;
const STIMULI = ['ref', 'anchor-3k5', 'anchor-7k', 'mnru-q30', 'clipped'];

for (const engine of ENGINES) {
  test(`${engine}: MUSHRA — a switch keeps the position, each sample heard round its loop, a looped part, 0–100 by keys`, (t) => session(t, engine, async (s) => {
    const base = await hosted('en-mushra', 'clips');
    await s.goto(`${base}index.html?participant=mushra-${engine}`);
    await s.waitFor(() => document.querySelectorAll('.glossa-form .glossa-player[data-status="ready"]').length === 6 && window.glossaHandle, [], 'six players, their files loaded');
    // The reference plays; a sample clicked meanwhile takes over at the same moment.
    await s.click(await s.element(() => document.querySelector('.glossa-media-block .glossa-play')));
    const started = await s.waitFor(() => {
      const a = document.querySelector('.glossa-media-block audio');
      return a.error ? { failed: a.error.message || String(a.error.code) } : a.currentTime > 0.2 && { playing: true };
    }, [], 'the reference playing');
    // A machine with no sound device: Firefox's audio output fails (the player says so); the
    // loops cannot be heard there. Said, not passed over in silence.
    if (started.failed) {
      assert.equal(await s.run(() => document.querySelector('.glossa-media-block .glossa-player').dataset.status), 'failed');
      t.skip(`${engine} has no audio output on this machine: ${started.failed}`);
      return;
    }
    const [at, taken, refPaused] = await s.run((sel) => {
      const ref = document.querySelector('.glossa-media-block audio');
      const t = ref.currentTime;
      document.querySelector(`${sel} .glossa-play`).click();
      return [t, document.querySelector(`${sel} audio`).currentTime, ref.paused];
    }, SAMPLE('anchor-7k'));
    assert.ok(refPaused, 'one recording at a time');
    assert.ok(Math.abs(taken - at) < 0.05, `the sample starts where the reference was: ${at} → ${taken}`);
    // Each sample heard to its end: its loop goes round once, then it is paused.
    for (const id of STIMULI) {
      const play = await s.element((sel) => document.querySelector(`${sel} .glossa-play`), SAMPLE(id));
      if (!(await s.run((sel) => document.querySelector(`${sel} .glossa-player`).dataset.ended === 'true', SAMPLE(id)))) {
        if (!(await s.run((sel) => !!document.querySelector(`${sel} .glossa-playing`), SAMPLE(id)))) await s.click(play);
        await s.waitFor((sel) => document.querySelector(`${sel} .glossa-player`).dataset.ended === 'true', [SAMPLE(id)], `${id} heard round`);
      }
      if (await s.run((sel) => !!document.querySelector(`${sel} .glossa-playing`), SAMPLE(id))) await s.click(play);
    }
    assert.equal(await s.run(() => [...document.querySelectorAll('audio')].filter((a) => !a.paused).length), 0);
    // The looped part, by keys on the reference's sliders: from 0.5 s; a sample loops it.
    await s.run(() => document.querySelector('.glossa-player-loop-input').focus());
    for (let k = 0; k < 5; k++) await s.press('\uE014');
    await s.waitFor(() => document.querySelector('.glossa-player-loop-input').value === '500', [], 'the part from 0.5 s');
    await s.run((sel) => {
      const a = document.querySelector(`${sel} audio`);
      window.loops = 0;
      let furthest = 0;
      a.addEventListener('timeupdate', () => { furthest = Math.max(furthest, a.currentTime); });
      a.addEventListener('seeked', () => { if (furthest > 0.7 && Math.abs(a.currentTime - 0.5) < 0.01) { window.loops += 1; furthest = 0; } });
    }, SAMPLE('clipped'));
    await s.click(await s.element((sel) => document.querySelector(`${sel} .glossa-play`), SAMPLE('clipped')));
    await s.waitFor(() => window.loops >= 2, [], 'the part looped twice');
    await s.click(await s.element((sel) => document.querySelector(`${sel} .glossa-play`), SAMPLE('clipped')));
    // The sliders by keys: End gives the hidden reference 100, Home then five steps 5.
    for (const id of STIMULI) {
      await s.run((sel) => document.querySelector(`${sel} input[type=range]:not(.glossa-player-position)`).focus(), SAMPLE(id));
      await s.press(id === 'ref' ? '\uE010' : '\uE011');
      if (id !== 'ref') for (let k = 0; k < 5; k++) await s.press('\uE014');
    }
    await submit(s);
    const r = await result(s);
    assert.equal(r.answers.mushra.ref, 100);
    assert.deepEqual(Object.keys(r.answers.mushra).sort(), [...STIMULI].sort());
    for (const id of STIMULI) {
      assert.equal(r.media[`stimuli/${id}`].ended, true, id);
      if (id !== 'ref') assert.ok(r.answers.mushra[id] > 0 && r.answers.mushra[id] < 100, `${id}: ${r.answers.mushra[id]}`);
    }
  }));

  test(`${engine}: image captions — the image enlarged and closed, an answer kept, two ratings and a preference`, (t) => session(t, engine, async (s) => {
    const base = await hosted('en-image-captions', 'images');
    await s.goto(`${base}index.html?participant=images-${engine}`);
    await s.waitFor(() => document.querySelector('.glossa-media-block .glossa-image[data-status="ready"] img')?.naturalWidth > 0 && window.glossaHandle, [], 'the image, loaded');
    const point = (card, value) => `function () { const c = document.querySelectorAll('.glossa-form .glossa-rated-outputs .glossa-output')[${card}]; const i = c && c.querySelector('input[value="${value}"]'); return i && i.closest('label'); }`;
    await s.click(await s.element(point(0, 5)));
    await s.click(await s.element(() => document.querySelector('.glossa-zoom')));
    await s.waitFor(() => document.querySelector('[role=dialog] img')?.naturalWidth > 0, [], 'the enlarged image');
    await s.click(await s.element(() => document.querySelector('.glossa-zoom-close')));
    await s.waitFor(() => !document.querySelector('[role=dialog]'), [], 'the layer closed');
    assert.equal(await s.run(() => document.querySelectorAll('.glossa-form .glossa-rated-outputs .glossa-output')[0].querySelector('input[value="5"]').checked), true, 'the answer is kept');
    await s.click(await s.element(point(1, 2)));
    await s.click(await s.element(() => { const i = document.querySelector('.glossa-pairwise-control input[type=radio]'); return i && i.closest('label'); }));
    await submit(s);
    const r = await result(s);
    assert.deepEqual(Object.values(r.answers.correct).sort(), [2, 5]);
    assert.ok(r.answers.better);
    assert.deepEqual([r.media.image.loaded, r.media.image.zoomed], [true, true]);
  }));

  test(`${engine}: transcript check — the recording heard to its end while a word is marked`, (t) => session(t, engine, async (s) => {
    const base = await hosted('en-transcript-check', 'clips');
    await s.goto(`${base}index.html?participant=transcript-${engine}`);
    await s.waitFor(() => document.querySelector('.glossa-form .glossa-player[data-status="ready"]') && window.glossaHandle, [], 'the player, its file loaded');
    await s.click(await s.element(() => document.querySelector('.glossa-form .glossa-play')));
    await tapWord(s, 'e');
    await tapWord(s, 'e');
    await s.click(await s.element(() => [...document.querySelectorAll('.glossa-label-bar button')].find((b) => b.textContent.includes('Missing after'))));
    await s.waitFor(() => document.querySelector('.glossa-labelled-span'), [], 'the word marked');
    await s.waitFor(() => document.querySelector('.glossa-form .glossa-player[data-ended="true"]'), [], 'the recording heard to its end');
    await submit(s);
    const r = await result(s);
    assert.deepEqual(r.answers.errors.spans.map((x) => [x.label, x.text]), [['missing_after', 'e']]);
    assert.equal(r.media.clip.ended, true);
  }));
}
