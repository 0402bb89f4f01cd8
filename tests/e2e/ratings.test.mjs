// End to end: scales (Likert) and sliders (Direct Assessment), per output — taps on a phone
// (the points in a column), digit keys and arrows, "not applicable", a slider with no preset
// position set by a click, a tap and the keyboard, refusals naming what is missing, the result
// keyed by output id with the order shown.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, waitForResults } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const output = (page, id) => page.locator(`article.glossa-output[data-output-id="${id}"]`);
const scale = (page, control, sys) => output(page, sys).locator(`[role=radiogroup][id*="-${control}-scale-"]`);
const submit = (page) => page.getByRole('button', { name: 'Submit', exact: true });

test('phone: the points stand in a column; a refused submit names the scales; taps rate every summary', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-likert&participant=P-r1', { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  await scale(page, 'fluency', 'sys-a').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll');
  assert.equal(await page.locator('.glossa-scale-points').first().evaluate((el) => getComputedStyle(el).flexDirection), 'column');
  await submit(page).tap();
  await page.getByText('Choose one of the options.').first().waitFor();
  assert.equal(await page.locator('.glossa-scale.has-error').count(), 6);
  const focused = await page.evaluate(() => document.activeElement?.closest('[role=radiogroup]')?.getAttribute('aria-label'));
  assert.match(focused, /^Fluency — Summary 1$/, 'focus on the first scale shown');
  const picks = { 'sys-a': [5, 5], 'sys-b': [4, 2], 'sys-c': [1, 1] };
  for (const [sys, [flu, ade]] of Object.entries(picks)) {
    await scale(page, 'fluency', sys).locator('label', { hasText: String(flu) }).first().tap();
    await scale(page, 'adequacy', sys).locator('label').nth(ade - 1).tap();
  }
  await submit(page).tap();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.fluency, { 'sys-a': 5, 'sys-b': 4, 'sys-c': 1 });
  assert.deepEqual(result.answers.adequacy, { 'sys-a': 5, 'sys-b': 2, 'sys-c': 1 });
  const shown = await page.evaluate(() => [...document.querySelectorAll('article.glossa-output')].slice(0, 3).map((a) => a.dataset.outputId));
  assert.deepEqual(result.shown.order.fluency, shown, 'the order recorded is the order shown');
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard only: a digit picks a point, the arrows move to "not applicable"', async () => {
  const { page, context } = await openPage(env, '?example=en-likert&participant=P-r2', { viewport: { width: 1280, height: 900 } });
  await scale(page, 'fluency', 'sys-a').waitFor();
  for (const sys of ['sys-a', 'sys-b', 'sys-c']) {
    await scale(page, 'fluency', sys).locator('input').first().focus();
    await page.keyboard.press('3');
    await scale(page, 'adequacy', sys).locator('input').first().focus();
    await page.keyboard.press(sys === 'sys-c' ? '5' : '4');
  }
  // From 5, the right arrow goes on to "Cannot judge".
  await scale(page, 'adequacy', 'sys-c').locator('input:checked').focus();
  await page.keyboard.press('ArrowRight');
  await submit(page).focus();
  await page.keyboard.press('Enter');
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.fluency, { 'sys-a': 3, 'sys-b': 3, 'sys-c': 3 });
  assert.deepEqual(result.answers.adequacy, { 'sys-a': 4, 'sys-b': 4, 'sys-c': 'n/a' });
  await context.close();
});

test('DA sliders: no preset position; a click, the keyboard; an untouched slider is refused', async () => {
  const { page, context } = await openPage(env, '?example=en-de-da&participant=P-r3', { viewport: { width: 1280, height: 900 } });
  const slider = (sys) => output(page, sys).locator('input[type=range]');
  await slider('sys-a').waitFor();
  assert.equal(await page.locator('.glossa-slider.is-untouched').count(), 3, 'every slider starts unset');
  assert.equal(await slider('sys-a').getAttribute('aria-valuetext'), 'not set yet');
  // A click at four fifths of the track.
  const box = await slider('sys-a').boundingBox();
  await page.mouse.click(box.x + box.width * 0.8, box.y + box.height / 2);
  await page.locator('.glossa-slider.is-untouched').nth(1).waitFor();
  assert.equal(await page.locator('.glossa-slider.is-untouched').count(), 2);
  // The keyboard: End, then three steps back.
  await slider('sys-b').focus();
  await page.keyboard.press('End');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  await submit(page).click();
  await page.getByText('Move the slider to give your rating.').waitFor();
  assert.ok(await slider('sys-c').evaluate((el) => el === document.activeElement), 'focus on the untouched slider');
  await page.keyboard.press('Home');
  await submit(page).click();
  const [result] = await waitForResults(page, 1);
  const a = result.answers.da['sys-a'];
  assert.ok(a >= 76 && a <= 84, `the click set about 80: ${a}`);
  assert.equal(result.answers.da['sys-b'], 97);
  assert.equal(result.answers.da['sys-c'], 0);
  await context.close();
});

test('phone: a tap on a slider\'s track sets it there', async () => {
  const { page, context } = await openPage(env, '?example=en-de-da&participant=P-r4', { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  const slider = (sys) => output(page, sys).locator('input[type=range]');
  await slider('sys-a').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll');
  for (const [sys, share] of [['sys-a', 0.25], ['sys-b', 0.5], ['sys-c', 0.9]]) {
    await slider(sys).scrollIntoViewIfNeeded();
    const box = await slider(sys).boundingBox();
    await page.touchscreen.tap(box.x + box.width * share, box.y + box.height / 2);
  }
  await submit(page).tap();
  const [result] = await waitForResults(page, 1);
  const near = (v, want) => Math.abs(v - want) <= 8;
  assert.ok(near(result.answers.da['sys-a'], 25) && near(result.answers.da['sys-b'], 50) && near(result.answers.da['sys-c'], 90), JSON.stringify(result.answers.da));
  await context.close();
});
