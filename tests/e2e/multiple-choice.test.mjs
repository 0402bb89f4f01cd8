// End to end: multiple choice (multi-label), the English emotions example: ticks by tap, click
// and keyboard, "none of these" exclusive, the count rules, the result in the spec's order.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, waitForResults } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const box = (page, name) => page.getByRole('checkbox', { name, exact: true });

test('phone: tap emotions; neutral clears them and another emotion clears neutral; submit', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-emotions&participant=P-mc', { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  await box(page, 'Anger').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll');
  await page.locator('label', { hasText: 'Anger' }).tap();
  await page.locator('label', { hasText: 'Surprise' }).tap();
  assert.equal(await box(page, 'Anger').isChecked(), true);
  await page.locator('label', { hasText: 'Neutral (no emotion)' }).tap();
  assert.deepEqual([await box(page, 'Anger').isChecked(), await box(page, 'Surprise').isChecked()], [false, false], 'neutral stands alone');
  await page.locator('label', { hasText: 'Anger' }).tap();
  assert.equal(await box(page, 'Neutral (no emotion)').isChecked(), false, 'an emotion clears neutral');
  await page.locator('label', { hasText: 'Surprise' }).tap();
  await page.getByRole('button', { name: 'Submit', exact: true }).tap();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.emotions, ['surprise', 'anger'], 'in the spec\'s order');
  assert.deepEqual(errors, []);
  await context.close();
});

test('desktop: at least one, at most three — each refused with its message', async () => {
  const { page, context } = await openPage(env, '?example=en-emotions&participant=P-mc2');
  await box(page, 'Joy').waitFor();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByText('Choose at least 1 option.').waitFor();
  for (const e of ['Joy', 'Gratitude', 'Sadness', 'Fear']) await box(page, e).check();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByText('Choose at most 3 options.').waitFor();
  assert.equal(await page.evaluate(() => window.glossaReceived.length), 0);
  await box(page, 'Fear').uncheck();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.emotions, ['joy', 'gratitude', 'sadness']);
  await context.close();
});

test('keyboard only: the shortcut keys toggle their emotion, n ticks neutral, Enter on Submit sends', async () => {
  const { page, context } = await openPage(env, '?example=en-emotions&participant=P-mc3');
  await box(page, 'Joy').waitFor();
  await box(page, 'Joy').focus(); // Tab would land here: the widget has the keyboard
  await page.keyboard.press('5');
  await page.keyboard.press('4');
  await page.keyboard.press('5');
  assert.deepEqual([await box(page, 'Anger').isChecked(), await box(page, 'Sadness').isChecked()], [false, true]);
  await page.keyboard.press('n');
  assert.equal(await box(page, 'Neutral (no emotion)').isChecked(), true);
  assert.equal(await box(page, 'Sadness').isChecked(), false);
  await page.getByRole('button', { name: 'Submit', exact: true }).focus();
  await page.keyboard.press('Enter');
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.emotions, ['neutral']);
  await context.close();
});
