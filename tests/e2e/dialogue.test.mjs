// End to end: a dialogue rated turn by turn (the en-dialogue example: MultiWOZ conversations,
// the assistant's replies asked about, the customer's turns as context). On a phone by touch
// and by keyboard alone: the conversation shows up to the first reply not yet rated, each
// reply's questions reveal the next turns, and the host
// receives the answers keyed by turn id — the assistant's turns only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, openPage, waitForResults } from './harness.mjs';

let env;
let items;
before(async () => {
  env = await launch();
  items = JSON.parse(await readFile(new URL('../../www/examples/en-dialogue/items.json', import.meta.url), 'utf8'));
});
after(async () => { await env?.close(); });

const phone = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true };
/** The form's turn (not the worked example's). */
const turn = (page, id) => page.locator(`.glossa-form .glossa-section[data-output-id="${id}"]`);
/** The turn ids shown, in screen order. */
const turnsShown = (page) => page.evaluate(() => [...document.querySelectorAll('.glossa-form .glossa-turn')].map((s) => s.dataset.outputId));

test('a dialogue on a phone: each reply rated by touch reveals the next turns; the host receives the replies\' answers by turn', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-dialogue&participant=P-dlg1', phone);
  await turn(page, 't2').waitFor();
  const item = items[0];
  assert.deepEqual(await turnsShown(page), ['t1', 't2'], 'up to the first reply');
  // The customer's turn: its speaker, its text, no question; the reply: its speaker and two.
  const first = turn(page, 't1');
  assert.equal(await first.getByRole('heading').textContent(), 'Customer (turn 1)');
  assert.ok((await first.textContent()).includes(item.turns[0].text));
  assert.equal(await first.locator('input').count(), 0);
  assert.ok(await first.evaluate((e) => e.classList.contains('glossa-turn-context')));
  const reply = turn(page, 't2');
  assert.equal(await reply.getByRole('heading').textContent(), 'Assistant (turn 2)');
  assert.equal(await page.getByRole('region', { name: 'Assistant (turn 2)' }).count(), 1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll');

  // The worked example: its conversation, each turn headed by its speaker, and the answers
  // named by the turns they rate.
  await page.getByText('Example', { exact: true }).tap();
  const example = page.locator('.glossa-example');
  await example.getByText('Assistant (turn 4): ').first().waitFor();
  const answers = await example.locator('.glossa-example-answer').allTextContents();
  assert.ok(answers.some((a) => a.includes('Assistant (turn 2): 1') && a.includes('Assistant (turn 4): 5')), JSON.stringify(answers));
  assert.deepEqual(await example.locator('.glossa-turn h3').allTextContents(), ['Customer (turn 1)', 'Assistant (turn 2)', 'Customer (turn 3)', 'Assistant (turn 4)']);
  await page.getByText('Example', { exact: true }).tap();

  const rateTurn = async (id, point, problem) => {
    await turn(page, id).getByRole('radiogroup', { name: 'Does the reply address the request?' }).locator('label').nth(point - 1).tap();
    await turn(page, id).getByText(problem, { exact: true }).tap();
  };
  // Half the questions: the next turn waits.
  await reply.getByRole('radiogroup', { name: 'Does the reply address the request?' }).locator('label').nth(3).tap();
  await page.waitForFunction(() => document.querySelector('.glossa-form input[type=radio]:checked'));
  assert.deepEqual(await turnsShown(page), ['t1', 't2']);
  await reply.getByText('No problem', { exact: true }).tap();
  await turn(page, 't4').waitFor();
  assert.deepEqual(await turnsShown(page), ['t1', 't2', 't3', 't4']);
  await rateTurn('t4', 5, 'No problem');
  await turn(page, 't6').waitFor();
  await rateTurn('t6', 2, 'Ignores or misreads the request');
  await page.getByRole('radiogroup', { name: 'How satisfied would the customer be with the whole conversation?' }).locator('label').nth(3).tap();
  await page.getByRole('button', { name: 'Submit', exact: true }).tap();
  const [result] = await waitForResults(page, 1);
  assert.equal(result.item_id, item.id);
  assert.deepEqual(result.answers.addresses, { t2: 4, t4: 5, t6: 2 });
  assert.deepEqual(result.answers.problem, { t2: 'none', t4: 'none', t6: 'misread' });
  assert.equal(result.answers.satisfaction, 4);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a dialogue by keyboard alone: Tab reaches each reply\'s questions, arrows choose, the next turn appears, Enter sends', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-dialogue&participant=P-dlg2&item=2');
  await turn(page, 't2').waitFor();
  // Rates the reply whose scale the focus is at: a point by arrows, then its problem (the
  // first option, where Tab lands in a group none of whose options is chosen).
  const rateHere = async (arrows) => {
    for (let k = 0; k < arrows; k++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
  };
  await turn(page, 't2').locator('input[type=radio]').first().focus();
  await rateHere(2);
  await turn(page, 't4').waitFor();
  // Tab goes on from the reply just rated into the next one's questions.
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => document.activeElement?.closest('.glossa-section')?.dataset.outputId === 't4');
  await rateHere(4);
  await turn(page, 't6').waitFor();
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => document.activeElement?.closest('.glossa-section')?.dataset.outputId === 't6');
  await rateHere(0);
  assert.deepEqual(await turnsShown(page), ['t1', 't2', 't3', 't4', 't5', 't6']);
  // The whole conversation last, then Enter sends it.
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => document.activeElement?.closest('.glossa-control')?.textContent.includes('whole conversation'));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  const [result] = await waitForResults(page, 1);
  assert.equal(result.item_id, items[1].id);
  assert.deepEqual(result.answers.addresses, { t2: 3, t4: 5, t6: 1 });
  assert.deepEqual(result.answers.problem, { t2: 'none', t4: 'none', t6: 'none' });
  assert.equal(result.answers.satisfaction, 2);
  assert.deepEqual(errors, []);
  await context.close();
});
