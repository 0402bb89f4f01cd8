// End to end: magnitude estimation of informativeness (family 2) in the demo page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, MagnitudeTask, waitForResults } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

async function openTask(query = '', contextOptions = {}) {
  const opened = await openPage(env, `?example=en-informativeness${query}`, contextOptions);
  const task = await new MagnitudeTask(opened.page).ready();
  return { ...opened, task };
}

test("the manual's example: three scores submitted as integers keyed by output id", async () => {
  const { page, context, errors, task } = await openTask();
  await task.box(1).fill('70');
  await task.box(2).fill('100');
  await task.box(3).fill('90');
  await task.submitButton().click();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers, { informativeness: { 'sys-a': 70, 'sys-b': 100, 'sys-c': 90 } });
  assert.deepEqual(result.shown.order, { informativeness: ['sys-a', 'sys-b', 'sys-c'] });
  assert.deepEqual(result.shown.standards, [{ score_label: 'Informativeness', score: 100 }]);
  assert.equal(await task.box(1).getAttribute('inputmode'), 'numeric');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a wrong value blocks submit with its message next to the box', async () => {
  const { page, context, task } = await openTask();
  await task.box(1).fill('1.5');
  await task.box(2).fill('0');
  await task.box(3).fill('1000000');
  await task.submitButton().click();
  const card = (n) => task.outputs().nth(n - 1);
  await card(1).getByText('Use a whole number written with digits only: no decimals, fractions, spaces or separators.').waitFor();
  await card(2).getByText('The number must be at least 1.').waitFor();
  await card(3).getByText('Use at most 6 digits.').waitFor();
  await page.getByText('Before submitting, complete the marked parts (3).').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.id), await task.box(1).getAttribute('id'), 'focus on the first problem');
  assert.equal(await task.box(1).getAttribute('aria-invalid'), 'true');
  assert.deepEqual(await task.received(), []);
  // Fixing the boxes clears the messages and lets the item through.
  await task.box(1).fill('80');
  await task.box(2).fill('5');
  await task.box(3).fill('999999');
  await task.submitButton().click();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.informativeness, { 'sys-a': 80, 'sys-b': 5, 'sys-c': 999999 });
  await context.close();
});

test('errors appear as soon as the annotator leaves a box, not while typing the first one', async () => {
  const { context, task } = await openTask();
  await task.box(1).fill('-5');
  assert.equal(await task.outputs().nth(0).locator('.glossa-error').count(), 0);
  await task.box(2).focus();
  await task.outputs().nth(0).getByText('Negative numbers are not allowed: use a whole positive number.').waitFor();
  await context.close();
});

test('at 360x640 with touch the outputs stack and nothing scrolls sideways', async () => {
  const { page, context, task } = await openTask('', { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  const boxes = await Promise.all([0, 1, 2].map((n) => task.outputs().nth(n).boundingBox()));
  assert.ok(boxes[1].y > boxes[0].y + boxes[0].height - 1, 'output 2 is below output 1');
  assert.ok(boxes[2].y > boxes[1].y + boxes[1].height - 1, 'output 3 is below output 2');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0);
  for (const [n, v] of [[1, '10'], [2, '20'], [3, '30']]) {
    await task.box(n).tap();
    await page.keyboard.type(v);
  }
  await task.submitButton().tap();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.informativeness, { 'sys-a': 10, 'sys-b': 20, 'sys-c': 30 });
  await context.close();
});

test('keyboard only: Tab to each box, type, Enter submits', async () => {
  const { page, context, task } = await openTask();
  // The demo page's own links come first (one per example): at most one press per stop.
  const stops = await page.locator('a[href], button, input, textarea, select, summary, [tabindex]').count();
  for (const value of ['70', '100', '90']) {
    for (let i = 0; i < stops; i++) {
      await page.keyboard.press('Tab');
      const inBox = await page.evaluate(() => document.activeElement?.classList.contains('glossa-number-input') && document.activeElement.value === '');
      if (inBox) break;
    }
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.informativeness, { 'sys-a': 70, 'sys-b': 100, 'sys-c': 90 });
  await context.close();
});

test('the number of boxes follows the item: 2 and 5 outputs (a spec fixing no count)', async () => {
  for (const [n, count] of [[1, 2], [2, 5]]) {
    const { page, context } = await openPage(env, `?spec=tests/fixtures/en-shuffled-spec.json&items=tests/fixtures/en-varying-items.json&item=${n}`);
    const task = await new MagnitudeTask(page).ready();
    assert.equal(await task.boxes().count(), count);
    assert.equal(await task.box(count).isVisible(), true);
    await context.close();
  }
});

test('the worked example opens and shows the scores 70 / 100 / 90', async () => {
  const { page, context } = await openTask();
  await page.getByText('Example (Cocum)').click();
  const example = page.locator('.glossa-example');
  for (const s of ['70', '100', '90']) await example.locator('strong', { hasText: new RegExp(`^${s}$`) }).waitFor();
  await example.getByText('misses some important information').waitFor();
  await context.close();
});

test('shuffled outputs: the result records the order shown and the seed, scores stay keyed by id', async () => {
  const { page, context } = await openPage(env, '?spec=tests/fixtures/en-shuffled-spec.json&items=tests/fixtures/en-varying-items.json&item=2');
  const task = await new MagnitudeTask(page).ready();
  const shownIds = await task.outputs().evaluateAll((els) => els.map((e) => e.dataset.outputId));
  assert.deepEqual([...shownIds].sort(), ['sys-a', 'sys-b', 'sys-c', 'sys-d', 'sys-e']);
  for (let n = 1; n <= 5; n++) await task.box(n).fill(String(n * 10));
  await task.submitButton().click();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.shown.order.informativeness, shownIds);
  assert.equal(result.shown.seed, 'demo/e2e-004/informativeness');
  const expected = Object.fromEntries(shownIds.map((id, i) => [id, (i + 1) * 10]));
  assert.deepEqual(result.answers.informativeness, expected);
  await context.close();
});

test('the study shows three outputs: an item with two is refused by mount with a message naming it', async () => {
  const { page, context, errors } = await openPage(env, '?spec=www/examples/en-informativeness/spec.json&items=tests/fixtures/en-varying-items.json&item=1');
  const panel = page.getByRole('alert');
  await panel.getByText('item "e2e-003" lists 2 output(s) but this task shows exactly 3 per item', { exact: false }).waitFor();
  assert.equal(await page.locator('.glossa-number-input').count(), 0, 'no boxes for a wrong item');
  assert.deepEqual(errors.filter((e) => !/glossa/i.test(e)), []);
  await context.close();
});
