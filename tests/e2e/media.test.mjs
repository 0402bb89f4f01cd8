// End to end: listening tests (ITU-T P.808's ACR, `www/examples/en-p808-acr`): the headphone
// check first (its tones read from the file the page plays: three, one 6 dB lower, one in
// antiphase), by touch and by keyboard, kept for the participant's next items; nothing plays
// before a tap; a rating before the clip has played to its end is refused with the rule's
// message; the result records the plays, the time heard, the end and the file loaded whole;
// a file that fails says so and loads again on request, the answers kept; a reload keeps a
// clip heard to its end. On a phone by touch and by keyboard alone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, waitForResults, wordCentre } from './harness.mjs';
import { FETCH_PLAYED, KEEP_BLOBS, readTones } from './tones.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const phone = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true };
const PLAYER = '.glossa-form .glossa-player';
/** Whether any recording on the page is playing, and how far each has got. */
const playing = (page) => page.evaluate(() => [...document.querySelectorAll('.glossa-form audio, .glossa-form video')].map((m) => ({ paused: m.paused, at: m.currentTime })));

/** The headphone check's storage key for a participant of the P.808 example. */
const CHECK_KEY = (who) => `glossa:headphones/1:p808-acr-en@1.0.0:participant=${who}`;

/**
 * Goes through the headphone check's rounds until it says how it went (`how`: 'tap' or
 * 'keyboard'; the focus must be on the round's button for the keyboard). Each round's tones are
 * read from the file the page plays, and checked to be Woods et al.'s: three tones of 1 s, one
 * 6 dB lower in both ears, one whose ears cancel when summed. Chooses the quieter one.
 */
async function headphoneRounds(page, how) {
  await page.evaluate(`(${KEEP_BLOBS})()`);
  const rounds = [];
  for (;;) {
    await page.locator('.glossa-hp-play, .glossa-hp-status').first().waitFor();
    if (await page.locator('.glossa-hp-status').count()) return rounds;
    const play = page.locator('.glossa-hp-play');
    assert.match(await play.innerText(), new RegExp(`^Play round ${rounds.length + 1} of 6$`));
    if (how === 'tap') await play.tap();
    else {
      // The widget moves the focus once the round is drawn (a task after the render): waited
      // for, as a state; a round the focus never reaches fails here.
      await page.waitForFunction(() => document.activeElement?.className === 'glossa-hp-play', null, { timeout: 10000 });
      await page.keyboard.press('Enter');
    }
    await page.locator('.glossa-hp-tone').first().waitFor();
    const tones = readTones(await page.evaluate(`(${FETCH_PLAYED})()`));
    assert.equal(tones.tones.length, 3, 'three tones');
    for (const t of tones.tones) assert.ok(Math.abs(t.seconds - 1) < 0.01, `a tone of 1 s: ${t.seconds}`);
    const [a, f] = [tones.tones[tones.answer], tones.tones[tones.foil]];
    const standard = tones.tones.find((_, i) => i !== tones.answer && i !== tones.foil);
    assert.notEqual(tones.answer, tones.foil);
    assert.ok(Math.abs(a.left - standard.left + 6) < 0.05 && Math.abs(a.right - standard.right + 6) < 0.05, `6 dB quieter in each ear: ${JSON.stringify(tones.tones)}`);
    assert.ok(Math.abs(f.left - standard.left) < 0.05, 'the antiphase tone is as loud in each ear');
    assert.ok(f.summed < 1e-3 && standard.summed > 0.1, 'its ears cancel when summed');
    if (how === 'tap') await page.locator('.glossa-hp-tone').nth(tones.answer).tap();
    else {
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Tone 1', 'the focus moves to the tones');
      await page.keyboard.press(String(tones.answer + 1));
    }
    rounds.push(tones);
  }
}

test('P.808 on a phone: the headphone check first, no sound before a tap, a rating before the end refused, plays and time heard in the result', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-p808-acr&participant=P-808a', phone);
  await page.locator(`${PLAYER}[data-status="ready"]`).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll at 360 px');
  assert.deepEqual(await playing(page), [{ paused: true, at: 0 }], 'nothing plays before a tap');
  assert.equal(await page.evaluate(() => document.querySelector('.glossa-hp-audio').paused), true, 'nor the check');

  // The headphone check stands above the item; a submit before it is refused and goes there.
  await page.getByRole('heading', { name: 'Headphone check' }).waitFor();
  for (const b of await page.locator('.glossa-hp button').all()) {
    const box = await b.boundingBox();
    assert.ok(box.height >= 44 && box.width >= 44, `a 44 px target: ${JSON.stringify(box)}`);
  }
  await page.locator('.glossa-submit').tap();
  await page.getByText('Do the headphone check first.').waitFor();
  assert.match(await page.evaluate(() => document.activeElement?.closest('.glossa-hp')?.className ?? ''), /glossa-hp/, 'the focus goes to the check');
  // The test tone, then six rounds, each played once, by taps.
  await page.getByRole('button', { name: 'Test tone' }).tap();
  const rounds = await headphoneRounds(page, 'tap');
  assert.equal(rounds.length, 6);
  await page.getByText('Headphone check passed.').waitFor();
  const kept = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)), CHECK_KEY('P-808a'));
  assert.match(kept, /^\d+;6;;0;0$/, 'kept for the participant\'s next items: six right in the first attempt');
  const play = page.locator(`${PLAYER} .glossa-play`);
  const box = await play.boundingBox();
  assert.ok(box.width >= 44 && box.height >= 44, `the play button is a 44 px target: ${JSON.stringify(box)}`);
  assert.equal(await play.getAttribute('aria-label'), 'Play: Recording');

  // Rated before listening: refused, with the rule's message at the scale.
  await page.getByRole('radio', { name: /Good/ }).first().tap();
  await page.locator('.glossa-submit').tap();
  await page.getByText('Play the recording to the end before you answer.').first().waitFor();
  assert.equal(await page.evaluate(() => window.glossaReceived.length), 0, 'nothing reaches the host');

  // A tap plays it; it ends by itself; the rating now goes through.
  await play.tap();
  await page.locator(`${PLAYER}[data-ended="true"]`).waitFor();
  await page.getByText('Played to the end').waitFor();
  await page.locator('.glossa-submit').tap();
  const [result] = await waitForResults(page, 1);
  assert.equal(result.answers.quality, 4);
  const clip = result.media.clip;
  assert.equal(clip.plays, 1);
  assert.equal(clip.ended, true);
  assert.equal(clip.loaded, true, 'the whole file was loaded');
  assert.equal(clip.duration_ms, 1500);
  assert.equal(clip.heard_ms, 1500, 'heard once, whole (the file\'s time, not the clock\'s)');
  assert.deepEqual(result.headphones, { correct: 6, trials: 6, attempts: 1, passed: true });
  // The next item does not ask again, and its result records the check too.
  await page.getByRole('button', { name: /Next item/ }).tap();
  await page.locator(`${PLAYER}[data-status="ready"]`).waitFor();
  await page.getByText('Headphone check passed.').waitFor();
  assert.equal(await page.locator('.glossa-hp-play').count(), 0);
  await page.locator(`${PLAYER} .glossa-play`).tap();
  await page.locator(`${PLAYER}[data-ended="true"]`).waitFor();
  await page.getByRole('radio', { name: /Fair/ }).first().tap();
  await page.locator('.glossa-submit').tap();
  const second = (await waitForResults(page, 2))[1];
  assert.deepEqual(second.headphones, result.headphones);
  assert.deepEqual(errors, []);
  await context.close();
});

test('P.808 by keyboard alone: a missed check tried again, Space plays, the scale by keys, Enter submits', async () => {
  const context = await env.browser.newContext();
  // (A participant who missed the check's first attempt, 2 of 6, on an earlier visit.)
  await context.addInitScript(([k, v]) => localStorage.setItem(k, v),
    [CHECK_KEY('P-808b'), JSON.stringify('77;2;;0;0')]);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(new URL('?example=en-p808-acr&participant=P-808b', env.url).href);
  await page.locator(`${PLAYER}[data-status="ready"]`).waitFor();
  await page.getByText('2 of 6 right. Check that your headphones are on, then try again.').waitFor();
  const again = page.getByRole('button', { name: 'Try again' });
  await again.focus();
  await page.keyboard.press('Enter');
  // (The keys 1–3 choose a tone, not a point of the scale.)
  assert.equal((await headphoneRounds(page, 'keyboard')).length, 6);
  await page.getByText('Headphone check passed.').waitFor();
  assert.equal(await page.getByRole('radio', { checked: true }).count(), 0, 'no rating set by the check\'s keys');
  const play = page.locator(`${PLAYER} .glossa-play`);
  await play.focus();
  await page.keyboard.press('Space');
  await page.locator(`${PLAYER}.glossa-playing`).waitFor();
  assert.equal(await play.getAttribute('aria-label'), 'Pause: Recording');
  await page.locator(`${PLAYER}[data-ended="true"]`).waitFor();
  // A second listening is allowed, and counted.
  await page.keyboard.press('Space');
  await page.locator(`${PLAYER}.glossa-playing`).waitFor();
  await page.waitForFunction(() => document.querySelector('.glossa-form audio').currentTime > 0.3);
  await page.keyboard.press('Space');
  await page.locator(`${PLAYER}:not(.glossa-playing)`).waitFor();
  await page.keyboard.press('Tab');
  // (The player's position is a bar, not a control: no seeking in this study.)
  assert.equal(await page.locator(`${PLAYER} input[type=range]`).count(), 0);
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.className);
  for (let k = 0; k < 10 && !(await focused())?.includes('quality'); k++) await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const submit = page.locator('.glossa-submit');
  await submit.focus();
  await page.keyboard.press('Enter');
  const [result] = await waitForResults(page, 1);
  assert.ok(Number.isInteger(result.answers.quality));
  assert.equal(result.media.clip.plays, 2);
  assert.equal(result.media.clip.ended, true);
  assert.ok(result.media.clip.heard_ms > 1500, `heard once and then some: ${result.media.clip.heard_ms}`);
  assert.deepEqual(result.headphones, { correct: 6, trials: 6, attempts: 2, passed: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a file that fails says so, keeps the answer, and loads on a retry; a reload keeps a clip heard', async () => {
  const context = await env.browser.newContext(phone);
  // (A participant who passed the headphone check on an earlier item.)
  await context.addInitScript(([k, v]) => localStorage.setItem(k, v),
    [CHECK_KEY('P-808c'), JSON.stringify('5;6;;0;0')]);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // (Media requests pass by Playwright's routes: the network itself refuses the file.)
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setBlockedURLs', { urls: ['*clips/t1-clean.wav'] });
  await page.goto(new URL('?example=en-p808-acr&participant=P-808c', env.url).href);
  await page.locator(`${PLAYER}[data-status="failed"]`).waitFor();
  await page.getByText('This file could not be loaded.', { exact: false }).waitFor();
  await page.getByRole('radio', { name: /Fair/ }).first().tap();
  await cdp.send('Network.setBlockedURLs', { urls: [] });
  await page.getByRole('button', { name: 'Try again' }).tap();
  await page.locator(`${PLAYER}[data-status="ready"]`).waitFor();
  await page.locator(`${PLAYER} .glossa-play`).tap();
  await page.locator(`${PLAYER}[data-ended="true"]`).waitFor();
  // The draft keeps the clip heard: after a reload the rating goes through without a replay.
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('glossa:draft/1:p808-acr-en@')
    && JSON.parse(localStorage.getItem(k)).media?.clip?.ended));
  await page.reload();
  await page.locator(`${PLAYER}[data-ended="true"]`).waitFor();
  assert.equal(await page.getByRole('radio', { name: /Fair/ }).first().isChecked(), true, 'the answer is kept');
  await page.locator('.glossa-submit').tap();
  const [result] = await waitForResults(page, 1);
  assert.equal(result.answers.quality, 3);
  assert.equal(result.media.clip.failures, 1);
  assert.equal(result.media.clip.ended, true);
  assert.equal(result.media.clip.plays, 1);
  assert.deepEqual(errors, []);
  await context.close();
});

/** A MUSHRA sample's card, by stimulus id. */
const sample = (page, id) => page.locator(`.glossa-form .glossa-output[data-output-id="${id}"]`);
const STIMULI = ['ref', 'anchor-3k5', 'anchor-7k', 'mnru-q30', 'clipped'];

test('MUSHRA by keyboard: switching keeps the position, arrows move between recordings, each loop counts as heard', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-mushra&participant=P-mu1', { viewport: { width: 1280, height: 900 } });
  await page.locator(`${PLAYER}[data-status="ready"]`).nth(5).waitFor();
  assert.equal(await page.locator(PLAYER).count(), 6, 'the reference and five samples');
  // The reference plays; a sample started meanwhile takes over at the same moment.
  const refPlay = page.locator('.glossa-media-block .glossa-play');
  await refPlay.click();
  await page.waitForFunction(() => document.querySelector('.glossa-media-block audio').currentTime > 0.2);
  const [at, taken, refPaused] = await page.evaluate(() => {
    const ref = document.querySelector('.glossa-media-block audio');
    const t = ref.currentTime;
    document.querySelector('.glossa-form .glossa-output[data-output-id="anchor-7k"] .glossa-play').click();
    const s = document.querySelector('.glossa-form .glossa-output[data-output-id="anchor-7k"] audio');
    return [t, s.currentTime, ref.paused];
  });
  assert.ok(refPaused, 'one recording at a time');
  assert.ok(Math.abs(taken - at) < 0.05, `the sample starts where the reference was: ${at} → ${taken}`);
  await sample(page, 'anchor-7k').locator('.glossa-player.glossa-playing').waitFor();
  // The arrows: from the playing sample to the next recording, which plays in its turn.
  await sample(page, 'anchor-7k').locator('.glossa-play').focus();
  await page.keyboard.press('ArrowRight');
  const focusedCard = () => page.evaluate(() => document.activeElement.closest('[data-output-id]')?.dataset.outputId ?? 'reference');
  const next = await focusedCard();
  assert.notEqual(next, 'anchor-7k');
  await page.locator(`.glossa-form [data-output-id="${next}"] .glossa-player.glossa-playing`).waitFor();
  assert.equal(await page.evaluate(() => [...document.querySelectorAll('audio')].filter((a) => !a.paused).length), 1);
  await page.keyboard.press('Space');
  // A slider before its sample went round once is refused.
  const slider = (id) => sample(page, id).locator('input[type=range]:not(.glossa-player-position)');
  for (const id of STIMULI) {
    await slider(id).focus();
    await page.keyboard.press(id === 'ref' ? 'End' : 'Home');
    if (id !== 'ref') for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowRight');
  }
  await page.locator('.glossa-submit').click();
  await page.getByText('Play the recording to the end before you answer.').first().waitFor();
  // Each sample heard to its end: it goes round and plays on (its loop), until paused; a
  // loop is not another play.
  for (const id of STIMULI) {
    const card = sample(page, id);
    if (await card.locator('.glossa-player[data-ended="true"]').count()) continue;
    await card.locator('.glossa-play').click();
    await card.locator('.glossa-player[data-ended="true"]').waitFor();
    await card.locator('.glossa-player.glossa-playing').waitFor();
    await page.waitForFunction((sid) => document.querySelector(`.glossa-form [data-output-id="${sid}"] audio`).currentTime > 0.2, id);
    await card.locator('.glossa-play').click();
    await card.locator('.glossa-player:not(.glossa-playing)').waitFor();
  }
  await page.locator('.glossa-submit').click();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(Object.keys(result.answers.mushra).sort(), [...STIMULI].sort());
  assert.equal(result.answers.mushra.ref, 100);
  for (const id of STIMULI) {
    assert.equal(result.media[`stimuli/${id}`].ended, true, id);
    assert.ok(result.media[`stimuli/${id}`].plays >= 1, id);
  }
  assert.ok(result.media.reference.plays >= 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('MUSHRA\'s loop region: set once on the reference, a sample heard whole then loops that part, a switch lands in it', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-mushra&participant=P-mu3', { viewport: { width: 1280, height: 900 } });
  await page.locator(`${PLAYER}[data-status="ready"]`).nth(5).waitFor();
  // One pair of loop sliders for the item, on the reference (the first looped recording).
  assert.equal(await page.locator('.glossa-player-loop').count(), 1);
  assert.equal(await page.locator('.glossa-media-block .glossa-player-loop').count(), 1);
  const from = page.getByRole('slider', { name: /Loop from/ });
  const to = page.getByRole('slider', { name: /Loop to/ });
  assert.deepEqual([await from.inputValue(), await to.inputValue()], ['0', '1500']);
  // By keyboard: the part from 0.5 s to 1.0 s (steps of 0.1 s).
  await from.focus();
  for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowRight');
  await to.focus();
  for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => [...document.querySelectorAll('.glossa-player-loop-input')].map((i) => i.value).join() === '500,1000');
  // Every jump back counted: a sample that reached the part's end comes back to its start.
  // A sample not yet heard to its end (the play-to-end rule) plays through once first.
  await page.evaluate(() => {
    window.loops = {};
    for (const a of document.querySelectorAll('.glossa-form .glossa-output audio')) {
      const id = a.closest('[data-output-id]').dataset.outputId;
      let furthest = 0;
      a.addEventListener('timeupdate', () => { furthest = Math.max(furthest, a.currentTime); });
      a.addEventListener('seeked', () => {
        if (furthest > 0.7 && Math.abs(a.currentTime - 0.5) < 0.01) { window.loops[id] = (window.loops[id] ?? 0) + 1; furthest = 0; }
      });
    }
  });
  const play = sample(page, 'mnru-q30').locator('.glossa-play');
  await play.click();
  await sample(page, 'mnru-q30').locator('.glossa-player[data-ended="true"]').waitFor();
  await page.waitForFunction(() => (window.loops['mnru-q30'] ?? 0) >= 3);
  // Switched to the reference in place: it starts where the sample was, inside the part.
  const [at, taken] = await page.evaluate(() => {
    const s = document.querySelector('.glossa-form .glossa-output[data-output-id="mnru-q30"] audio');
    const t = s.currentTime;
    document.querySelector('.glossa-media-block .glossa-play').click();
    return [t, document.querySelector('.glossa-media-block audio').currentTime];
  });
  assert.ok(taken >= 0.5 && taken < 1.0, `the reference starts in the part: ${taken}`);
  if (at >= 0.5 && at < 1.0) assert.ok(Math.abs(taken - at) < 0.05, `at the sample's moment: ${at} → ${taken}`);
  await page.locator('.glossa-media-block .glossa-player.glossa-playing').waitFor();
  await page.locator('.glossa-media-block .glossa-play').click();
  assert.deepEqual((await playing(page)).filter((m) => !m.paused), [], 'paused');
  assert.deepEqual(errors, []);
  await context.close();
});

test('MUSHRA on a phone: 44 px players, a tap on another sample switches, no horizontal scroll', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-mushra&participant=P-mu2', phone);
  await page.locator(`${PLAYER}[data-status="ready"]`).nth(5).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll at 360 px');
  for (const b of await page.locator(`${PLAYER} .glossa-play`).all()) {
    const box = await b.boundingBox();
    assert.ok(box.width >= 44 && box.height >= 44, JSON.stringify(box));
  }
  assert.deepEqual((await playing(page)).filter((m) => !m.paused), [], 'nothing plays before a tap');
  await sample(page, 'clipped').locator('.glossa-play').tap();
  await sample(page, 'clipped').locator('.glossa-player.glossa-playing').waitFor();
  await sample(page, 'mnru-q30').locator('.glossa-play').tap();
  await sample(page, 'mnru-q30').locator('.glossa-player.glossa-playing').waitFor();
  assert.equal(await sample(page, 'clipped').locator('.glossa-player.glossa-playing').count(), 0, 'the first one paused');
  assert.deepEqual(errors, []);
  await context.close();
});

test('image captions on a phone: the image with its text alternative, enlarged and closed without losing an answer', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-image-captions&participant=P-img1', phone);
  const image = page.locator('.glossa-media-block .glossa-image[data-status="ready"] img');
  await image.waitFor();
  assert.match(await image.getAttribute('alt'), /^A drawing of coloured shapes/);
  const loaded = await image.evaluate((img) => img.complete && img.naturalWidth > 0);
  assert.ok(loaded, 'the image is loaded');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll at 360 px');
  // An answer first, then the image enlarged and closed: the answer is still there.
  const cards = page.locator('.glossa-form .glossa-rated-outputs .glossa-output');
  await cards.nth(0).getByRole('radio').nth(4).tap();
  await page.getByRole('button', { name: 'Enlarge: Image' }).tap();
  const layer = page.getByRole('dialog', { name: 'Image' });
  await layer.waitFor();
  // (The enlarged image is a new element: it is shown once it has loaded, not before.)
  assert.ok(await layer.locator('img').evaluate((img) => (img.complete ? img.naturalWidth > 0
    : new Promise((ok) => { img.addEventListener('load', () => ok(img.naturalWidth > 0), { once: true }); img.addEventListener('error', () => ok(false), { once: true }); }))));
  await layer.getByRole('button', { name: 'Close' }).tap();
  await layer.waitFor({ state: 'detached' });
  assert.equal(await cards.nth(0).getByRole('radio').nth(4).isChecked(), true, 'the answer is kept');
  // By keyboard too: Enter enlarges, Escape closes.
  await page.getByRole('button', { name: 'Enlarge: Image' }).focus();
  await page.keyboard.press('Enter');
  await layer.waitFor();
  await page.keyboard.press('Escape');
  await layer.waitFor({ state: 'detached' });
  await cards.nth(1).getByRole('radio').nth(1).tap();
  await page.locator('.glossa-pairwise-control').getByRole('radio').first().tap();
  await page.locator('.glossa-submit').tap();
  const [result] = await waitForResults(page, 1);
  assert.equal(Object.keys(result.answers.correct).length, 2);
  assert.ok(result.answers.better);
  assert.deepEqual([result.media.image.loaded, result.media.image.zoomed], [true, true]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('transcript check: the recording heard, a word marked in the transcript, both in the result', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-transcript-check&participant=P-tr1', { viewport: { width: 1280, height: 900 } });
  await page.locator(`${PLAYER}[data-status="ready"]`).waitFor();
  // The recording may be moved in (seek), and the transcript is marked while it plays.
  assert.equal(await page.locator(`${PLAYER} input[type=range]`).count(), 1);
  await page.locator(`${PLAYER} .glossa-play`).click();
  const text = page.locator('.glossa-span-text');
  const at = await wordCentre(text, 'e');
  await page.mouse.click(at.x, at.y);
  await page.mouse.click(at.x, at.y);
  await page.locator('.glossa-label-bar').getByRole('button', { name: 'Missing after', exact: true }).click();
  await page.locator('.glossa-labelled-span').first().waitFor();
  await page.locator(`${PLAYER}[data-ended="true"]`).waitFor();
  await page.locator('.glossa-submit').click();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.errors.spans.map((s) => [s.label, s.text]), [['missing_after', 'e']]);
  assert.equal(result.media.clip.ended, true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a ranking over recordings on a phone: each card\'s player under its row, ranked only once each is heard', async () => {
  const { page, context, errors } = await openPage(env, '?spec=tests/fixtures/media/ranking-spec.json&items=tests/fixtures/media/ranking-items.json&participant=P-rank', phone);
  const cards = page.locator('.glossa-rank-card');
  await page.locator(`${PLAYER}[data-status="ready"]`).nth(2).waitFor();
  assert.equal(await cards.count(), 3);
  assert.equal(await page.locator('.glossa-rank-card > .glossa-rank-media .glossa-player').count(), 3, 'a player in every card');
  assert.equal(await page.locator('.glossa-rank-main .glossa-player, .glossa-rank-main audio').count(), 0, 'no player inside a card\'s button');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll at 360 px');
  // Ranked before hearing: refused with the rule's message.
  // (A ranked card moves up: each is found by its output.)
  const card = (id) => page.locator(`.glossa-rank-card[data-output-id="${id}"]`);
  for (const id of ['mnru-q30', 'ref', 'anchor-3k5']) await card(id).locator('.glossa-rank-main').tap();
  await page.locator('.glossa-submit').tap();
  await page.getByText('Play the recording to the end before you answer.').first().waitFor();
  assert.equal(await page.evaluate(() => window.glossaReceived.length), 0, 'nothing reaches the host');
  // Each heard to its end (one at a time), and the ranking goes through as ranked.
  for (const id of ['ref', 'mnru-q30', 'anchor-3k5']) {
    await card(id).locator('.glossa-play').tap();
    await card(id).locator('.glossa-player[data-ended="true"]').waitFor();
  }
  await page.locator('.glossa-submit').tap();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.preference.order, ['mnru-q30', 'ref', 'anchor-3k5']);
  assert.deepEqual(Object.keys(result.media).sort(), ['versions/anchor-3k5', 'versions/mnru-q30', 'versions/ref']);
  assert.ok(Object.values(result.media).every((m) => m.ended && m.plays === 1), JSON.stringify(result.media));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a video with captions: shown from the start in the study\'s language, hidden and shown again by a button, watched to its end', async () => {
  const { page, context, errors } = await openPage(env, '?spec=tests/fixtures/media/video-spec.json&items=tests/fixtures/media/video-items.json&participant=P-video', phone);
  await page.locator(`${PLAYER}[data-status="ready"]`).waitFor();
  const track = page.locator(`${PLAYER} video track`);
  assert.deepEqual(await track.evaluate((t) => [t.kind, t.srclang, t.label, t.default]), ['captions', 'en', 'Captions', true]);
  const mode = () => page.evaluate(() => document.querySelector('video').textTracks[0].mode);
  await page.waitForFunction(() => document.querySelector('video').textTracks[0]?.cues?.length === 2);
  assert.equal(await mode(), 'showing', 'captions show from the start');
  const button = page.getByRole('button', { name: 'Captions' });
  const box = await button.boundingBox();
  assert.ok(box.height >= 44, `a 44 px target: ${JSON.stringify(box)}`);
  await button.tap();
  assert.equal(await mode(), 'hidden');
  assert.equal(await button.getAttribute('aria-pressed'), 'false');
  await button.tap();
  assert.equal(await mode(), 'showing');
  // Rated before the end: refused with the video's message; watched, it goes through.
  await page.getByRole('radio', { name: /Mostly/ }).tap();
  await page.locator('.glossa-submit').tap();
  await page.getByText('Play the video to the end before you answer.').first().waitFor();
  await page.locator(`${PLAYER} .glossa-play`).tap();
  await page.locator(`${PLAYER}[data-ended="true"]`).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll at 360 px');
  await page.locator('.glossa-submit').tap();
  const [result] = await waitForResults(page, 1);
  assert.equal(result.answers.timing, 4);
  assert.deepEqual([result.media.video.ended, result.media.video.plays], [true, 1]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('videos as outputs, each with its own captions: both tracks shown, each watched to its end before the preference', async () => {
  const { page, context, errors } = await openPage(env, '?spec=tests/fixtures/media/video-outputs-spec.json&items=tests/fixtures/media/video-outputs-items.json&participant=P-video2', phone);
  await page.locator(`${PLAYER}[data-status="ready"]`).nth(1).waitFor();
  // Each output's track is its own file, resolved beside the items, shown from the start.
  const tracks = () => page.evaluate(() => [...document.querySelectorAll('.glossa-form [data-output-id] video')].map((v) => [
    v.closest('[data-output-id]').dataset.outputId, new URL(v.querySelector('track').src).pathname, v.textTracks[0].mode, v.textTracks[0].cues?.[0]?.startTime]));
  await page.waitForFunction(() => [...document.querySelectorAll('.glossa-form video')].every((v) => v.textTracks[0]?.cues?.length === 2));
  assert.deepEqual((await tracks()).sort(), [
    ['in-time', '/tests/fixtures/media/clip.vtt', 'showing', 0],
    ['late', '/tests/fixtures/media/clip-late.vtt', 'showing', 0.6],
  ]);
  // One version's captions hidden by its button; the other's stay.
  await page.locator('.glossa-form [data-output-id="late"]').getByRole('button', { name: 'Captions' }).tap();
  assert.deepEqual((await tracks()).sort().map((t) => t[2]), ['showing', 'hidden']);
  // The preference waits for both videos.
  await page.locator('.glossa-pairwise-control').getByRole('radio').first().tap();
  await page.locator('.glossa-submit').tap();
  await page.getByText('Play the video to the end before you answer.').first().waitFor();
  for (const id of ['in-time', 'late']) {
    const card = page.locator(`.glossa-form [data-output-id="${id}"]`);
    await card.locator('.glossa-play').tap();
    await card.locator('.glossa-player[data-ended="true"]').waitFor();
  }
  await page.locator('.glossa-submit').tap();
  const [result] = await waitForResults(page, 1);
  assert.ok(result.answers.timing);
  assert.deepEqual([result.media['versions/in-time'].ended, result.media['versions/late'].ended], [true, true]);
  assert.deepEqual(errors, []);
  await context.close();
});
