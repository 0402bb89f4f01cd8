// End to end: pairwise preference — the chatbot example: two responses side by side (stacked on
// a phone), per criterion the better one or "About the same", how much better, refusals that
// name what is missing, the result naming output ids (never "left"), the sides shuffled per
// participant and recorded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, waitForResults } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const group = (page, criterion) => page.locator(`[role=radiogroup][id*="-preference-pair-${criterion}"]`);
const submit = (page) => page.getByRole('button', { name: 'Submit', exact: true });

test('phone: the responses stack; a refused submit; taps choose a side and a tie, a select the strength', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-chatbot-pairwise&participant=P-pw1', { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  await group(page, 'helpful').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll');
  assert.equal(await page.locator('.glossa-pair-options').first().evaluate((el) => getComputedStyle(el).flexDirection), 'column');
  await submit(page).tap();
  await page.getByText('Choose the better one, or “About the same”.').first().waitFor();
  // The first response shown, whichever output that is.
  const first = await page.locator('article.glossa-output').first().getAttribute('data-output-id');
  await group(page, 'helpful').locator('label', { hasText: 'Response 1' }).tap();
  await page.getByRole('combobox', { name: 'How much better is Response 1?' }).selectOption({ label: 'Clearly better' });
  await group(page, 'correct').locator('label', { hasText: 'About the same' }).tap();
  await submit(page).tap();
  const [result] = await waitForResults(page, 1);
  const other = ['model-a', 'model-b'].find((x) => x !== first);
  assert.deepEqual(result.answers.preference.helpful, { winner: first, loser: other, tie: false, strength: 'clearly' });
  assert.deepEqual(result.answers.preference.correct, { winner: null, loser: null, tie: true });
  assert.equal(result.shown.order.preference[0], first, 'the order shown is recorded');
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard only: arrows move between the sides and the tie; the strength is asked and focused when missing', async () => {
  const { page, context } = await openPage(env, '?example=en-chatbot-pairwise&participant=P-pw2', { viewport: { width: 1280, height: 900 } });
  await group(page, 'helpful').waitFor();
  const order = await page.evaluate(() => [...document.querySelectorAll('article.glossa-output')].map((a) => a.dataset.outputId));
  await group(page, 'helpful').locator('input').first().focus();
  await page.keyboard.press('Space'); // Response 1
  await page.keyboard.press('ArrowRight'); // About the same
  await page.keyboard.press('ArrowRight'); // Response 2
  await group(page, 'correct').locator('input').first().focus();
  await page.keyboard.press('Space');
  await submit(page).focus();
  await page.keyboard.press('Enter');
  await page.getByText('Choose a value.').first().waitFor();
  const focused = await page.evaluate(() => document.activeElement?.id ?? '');
  assert.match(focused, /-preference-pair-helpful-strength$/, 'focus on the first missing strength');
  await page.keyboard.press('ArrowDown'); // Slightly better
  await page.locator('select[id$="-preference-pair-correct-strength"]').selectOption('slightly');
  await submit(page).focus();
  await page.keyboard.press('Enter');
  const [result] = await waitForResults(page, 1);
  assert.equal(result.answers.preference.helpful.winner, order[1]);
  assert.equal(result.answers.preference.correct.winner, order[0]);
  assert.equal(result.answers.preference.helpful.strength, 'slightly');
  await context.close();
});

test('two participants can see the sides in different orders; each result names the same outputs', async () => {
  const seen = new Set();
  for (const who of ['P-pw3', 'P-pw4', 'P-pw5', 'P-pw6', 'P-pw7', 'P-pw8']) {
    const { page, context } = await openPage(env, `?example=en-chatbot-pairwise&participant=${who}`);
    await group(page, 'helpful').waitFor();
    seen.add(await page.locator('article.glossa-output').first().getAttribute('data-output-id'));
    await context.close();
  }
  assert.equal(seen.size, 2, 'both sides come first for someone');
});
