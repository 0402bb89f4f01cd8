// End to end: rankings (RankME-style) and best–worst scaling — taps in order on a phone, a tap
// again to take a rank back, the arrows by keyboard, refusals that focus what is missing, the
// result's order and ranks by output id; the best and the worst by taps.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, waitForResults } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const card = (page, id) => page.locator(`li.glossa-rank-card[data-output-id="${id}"]`);
const submit = (page) => page.getByRole('button', { name: 'Submit', exact: true });

test('phone: taps from the best rank the utterances; a tap again takes a rank back; the order is recorded', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-rankme-ranking&participant=P-rk1', { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  await card(page, 'sys-a').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll');
  await submit(page).tap();
  await page.getByText('Rank every output.').waitFor();
  for (const id of ['sys-c', 'sys-b']) await card(page, id).locator('.glossa-rank-main').tap();
  await card(page, 'sys-b').locator('.glossa-rank-main').tap(); // taken back
  for (const id of ['sys-a', 'sys-b']) await card(page, id).locator('.glossa-rank-main').tap();
  assert.equal(await card(page, 'sys-c').locator('.glossa-rank-badge').innerText(), 'Rank 1');
  await submit(page).tap();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.naturalness, { order: ['sys-c', 'sys-a', 'sys-b'], ranks: { 'sys-a': 2, 'sys-b': 3, 'sys-c': 1 } });
  assert.equal(result.shown.order.naturalness.length, 3);
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard only: Enter ranks, the arrow buttons move; a refused submit focuses the first unranked', async () => {
  const { page, context } = await openPage(env, '?example=en-rankme-ranking&participant=P-rk2', { viewport: { width: 1280, height: 900 } });
  await card(page, 'sys-a').waitFor();
  await card(page, 'sys-a').locator('.glossa-rank-main').focus();
  await page.keyboard.press('Enter');
  await submit(page).focus();
  await page.keyboard.press('Enter');
  await page.getByText('Rank every output.').waitFor();
  const focused = await page.evaluate(() => document.activeElement?.closest('li')?.dataset.outputId);
  assert.ok(focused && focused !== 'sys-a', 'focus on an unranked output');
  await page.keyboard.press('Enter');
  const last = ['sys-b', 'sys-c'].find((x) => x !== focused);
  await card(page, last).locator('.glossa-rank-main').focus();
  await page.keyboard.press('Enter');
  // Move the last one up twice: it becomes the best.
  await card(page, last).getByRole('button', { name: /up$/ }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await submit(page).focus();
  await page.keyboard.press('Enter');
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.naturalness.order, [last, 'sys-a', focused]);
  await context.close();
});

test('best-worst: taps choose the best and the worst; the same output cannot be both', async () => {
  const { page, context } = await openPage(env, '?example=en-bws&participant=P-rk3', { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  const row = (id) => page.locator(`tr[data-output-id="${id}"]`);
  await row('sys-a').waitFor();
  await row('sys-a').locator('input').first().tap();
  await row('sys-a').locator('input').last().tap();
  assert.equal(await row('sys-a').locator('input').first().isChecked(), false, 'worst took it from best');
  await submit(page).tap();
  await page.getByText('Choose the best and the worst.').waitFor();
  await row('sys-c').locator('input').first().tap();
  await submit(page).tap();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.bws, { best: 'sys-c', worst: 'sys-a' });
  await context.close();
});
