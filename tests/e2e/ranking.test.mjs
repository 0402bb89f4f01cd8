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

/** The outputs as the list shows them, top to bottom. */
const listed = (page) => page.locator('li.glossa-rank-card').evaluateAll((cards) => cards.map((c) => c.dataset.outputId));
/** The middle of a card's handle, and of a card. */
const centre = async (locator) => { const b = await locator.boundingBox(); return { x: b.x + b.width / 2, y: b.y + b.height / 2, top: b.y, bottom: b.y + b.height }; };

test('mouse: a card dragged by its handle is ranked where it is dropped, with the drop place shown on the way', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-rankme-ranking&participant=P-rk4', { viewport: { width: 1280, height: 900 } });
  await card(page, 'sys-a').waitFor();
  const [first, , last] = await listed(page);
  // The last card to the top.
  const grip = await centre(card(page, last).locator('.glossa-rank-grip'));
  const top = await centre(card(page, first));
  await page.mouse.move(grip.x, grip.y);
  await page.mouse.down();
  for (let k = 1; k <= 6; k++) await page.mouse.move(grip.x, grip.y + ((top.top + 4) - grip.y) * k / 6);
  await page.locator(`li.glossa-rank-card.drop-before[data-output-id="${first}"]`).waitFor();
  assert.match(await card(page, last).getAttribute('style'), /translateY\(-/, 'the card follows the pointer');
  await page.mouse.up();
  await page.waitForFunction((id) => document.querySelector('li.glossa-rank-card')?.dataset.outputId === id, last);
  assert.equal(await card(page, last).locator('.glossa-rank-badge').innerText(), 'Rank 1');
  assert.equal(await page.locator('li.glossa-rank-card.drop-before, li.glossa-rank-card.is-dragged').count(), 0, 'no drag left on screen');
  // The first (now second) dropped past the ranked one: ranked second.
  let order = await listed(page);
  const middle = order[1];
  const g2 = await centre(card(page, middle).locator('.glossa-rank-grip'));
  await page.mouse.move(g2.x, g2.y);
  await page.mouse.down();
  await page.mouse.move(g2.x, g2.y + 5, { steps: 2 });
  await page.mouse.up();
  assert.equal(await card(page, middle).locator('.glossa-rank-badge').innerText(), 'Rank 2');
  // A press on the handle without a move changes nothing.
  const third = (await listed(page))[2];
  const g3 = await centre(card(page, third).locator('.glossa-rank-grip'));
  await page.mouse.click(g3.x, g3.y);
  assert.equal(await card(page, third).locator('.glossa-rank-badge').innerText(), '–');
  // Now drag the ranked-first card below the second: they swap.
  const g1 = await centre(card(page, last).locator('.glossa-rank-grip'));
  const below = await centre(card(page, middle));
  await page.mouse.move(g1.x, g1.y);
  await page.mouse.down();
  await page.mouse.move(g1.x, below.bottom - 2, { steps: 6 });
  await page.mouse.up();
  await card(page, third).locator('.glossa-rank-main').click();
  order = await listed(page);
  assert.deepEqual(order, [middle, last, third]);
  await submit(page).click();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.naturalness.order, [middle, last, third]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('touch: a finger drags a card by its handle on a phone, past the screen\'s top, without the page taking the gesture', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-rankme-ranking&participant=P-rk5', { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  await card(page, 'sys-a').waitFor();
  const [first, , last] = await listed(page);
  // The last card's handle on screen; on a phone the first card is then above the screen.
  await card(page, last).locator('.glossa-rank-grip').scrollIntoViewIfNeeded();
  const cdp = await context.newCDPSession(page);
  const touch = (type, x, y) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  const grip = await centre(card(page, last).locator('.glossa-rank-grip'));
  await touch('touchStart', grip.x, grip.y);
  // Up to the top edge, then held there: the page scrolls up under the finger, bit by bit.
  for (let k = 1; k <= 6; k++) await touch('touchMove', grip.x, grip.y + (10 - grip.y) * k / 6);
  for (let k = 0; k < 80 && (await centre(card(page, first))).top < 20; k++) await touch('touchMove', grip.x, 10 + (k % 2));
  const top = await centre(card(page, first));
  assert.ok(top.top >= 20, `the page scrolled up under the finger (first card at ${top.top})`);
  await touch('touchMove', grip.x, top.top + 6);
  await page.locator(`li.glossa-rank-card.drop-before[data-output-id="${first}"]`).waitFor();
  await touch('touchEnd');
  await page.waitForFunction((id) => document.querySelector('li.glossa-rank-card')?.dataset.outputId === id, last);
  assert.equal(await card(page, last).locator('.glossa-rank-badge').innerText(), 'Rank 1');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'the handle fits a 360 px screen');
  assert.deepEqual(errors, []);
  await context.close();
});
