// End to end: the per-sentence error grid (family 3), Czech abstracts, driven as a person would.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, GridTask, waitForResults } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

async function openTask(item = 1, contextOptions = {}) {
  const opened = await openPage(env, `?example=cs-abstract-errors&item=${item}`, contextOptions);
  const task = await new GridTask(opened.page).ready();
  return { ...opened, task };
}

const EXPECTED_ITEM_1 = [
  { row: 1, sentence: 'Trenér Nigel Pearson se obává dalších zranění, zatímco jeho mužstvo pokračuje v boji o přežití.',
    cells: { mapping: 'omission', meaning: { category: 'misleading', value: 'pragmatic' } } },
  { row: 2, sentence: 'Leicester City v sobotu hostí Chelsea.', cells: { special: 'ok' } },
  { row: 3, sentence: 'Leicester City v sobotu hostí Chelsea.', cells: { special: 'repetitive' } },
];

test('by mouse: a 3-row item; the host receives each row with its sentence and both levels', async () => {
  const { page, context, errors, task } = await openTask();
  await task.option(1, 'Mapping', 'Omission').check();
  await task.option(1, 'Meaning', 'Pragmatic meaning changed').check();
  await task.option(2, 'Special cases', 'OK').check();
  await task.option(3, 'Special cases', 'Repetitive').check();
  await task.submitButton().click();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.errors, EXPECTED_ITEM_1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('ticking OK after Omission in the same row: the rule holds, with a notice and undo', async () => {
  const { page, context, task } = await openTask();
  await task.option(1, 'Mapping', 'Omission').check();
  await task.option(1, 'Special cases', 'OK').check();
  assert.equal(await task.option(1, 'Mapping', 'Omission').isChecked(), false, 'Omission was cleared');
  const notice = task.row(1).getByRole('status');
  await notice.getByText('V tomto řádku bylo vymazáno: Mapping.').waitFor();
  await notice.getByRole('button', { name: 'Vrátit zpět' }).click();
  assert.equal(await task.option(1, 'Mapping', 'Omission').isChecked(), true, 'undo restores Omission');
  assert.equal(await task.option(1, 'Special cases', 'OK').isChecked(), false, 'undo removes OK');
  // A half-filled side is refused at submit with a message naming what is missing.
  await task.submitButton().click();
  await task.row(1).getByText('Dokončete řádek: vyberte také Meaning.').waitFor();
  await task.row(2).getByText('Vyplňte tento řádek: Special cases / Mapping + Meaning.').waitFor();
  assert.deepEqual(await task.received(), []);
  await context.close();
});

test('a 2-sentence abstract: row 3 is Sentence missing, and rows 1-2 do not offer it', async () => {
  const { page, context, task } = await openTask(2);
  await task.row(3).getByText('(v textu chybí)').waitFor();
  assert.equal(await task.row(3).getByRole('radio').count(), 0, 'nothing to choose in a missing row');
  assert.equal(await task.row(1).getByRole('radio', { name: 'Sentence missing' }).count(), 0);
  await task.option(1, 'Mapping', 'Fabrication').check();
  await task.option(1, 'Meaning', 'Meaning changed – not entailed').check();
  await task.option(2, 'Special cases', 'OK').check();
  await task.submitButton().click();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.errors[2], { row: 3, sentence: null, cells: { special: 'sentence_missing' } });
  assert.deepEqual(result.answers.errors[0].cells, { mapping: 'fabrication', meaning: { category: 'misleading', value: 'not_entailed' } });
  await context.close();
});

test('keyboard only: Tab between column groups, arrows within, Space picks, Enter submits', async () => {
  const { page, context, task } = await openTask(3);
  // Walk the tab order; in each wanted group, arrow down to the wanted option and press Space.
  const wanted = [
    ['r0-mapping', 'wrong_combination'], ['r0-meaning', 'contradiction'],
    ['r1-special', 'ok'], ['r2-mapping', 'fabrication'], ['r2-meaning', 'not_entailed'],
  ];
  for (const [group, value] of wanted) {
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(() => document.activeElement?.type === 'radio' ? document.activeElement.name : '');
      if (name.endsWith(group)) break;
    }
    for (let i = 0; i < 8; i++) {
      const v = await page.evaluate(() => document.activeElement.value);
      if (v === value) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Space');
  }
  await page.keyboard.press('Enter');
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.errors.map((r) => r.cells), [
    { mapping: 'wrong_combination', meaning: { category: 'misleading', value: 'contradiction' } },
    { special: 'ok' },
    { mapping: 'fabrication', meaning: { category: 'misleading', value: 'not_entailed' } },
  ]);
  await context.close();
});

test('by touch at 360x640: one card per sentence, no sideways scroll, definitions by tap', async () => {
  const { page, context, task } = await openTask(1, { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0);
  const columns = task.row(1).locator('.glossa-grid-column');
  const [a, b] = [await columns.nth(0).boundingBox(), await columns.nth(1).boundingBox()];
  assert.ok(b.y >= a.y + a.height - 1, 'columns stack on a phone');
  await task.row(1).getByRole('button', { name: 'Definice „Omission“' }).tap();
  await task.row(1).getByText('Zkopírování věty/fráze, ale vynechání slova/fráze.').waitFor();
  const tap = async (n, column, label) => task.row(n).getByRole('group', { name: new RegExp(`^${column} — Sentence${n}`) })
    .locator('label', { hasText: new RegExp(`^${label}$`) }).tap();
  await tap(1, 'Mapping', 'Omission');
  await tap(1, 'Meaning', 'Pragmatic meaning changed');
  await tap(2, 'Special cases', 'OK');
  await tap(3, 'Special cases', 'Repetitive');
  await task.submitButton().tap();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.errors, EXPECTED_ITEM_1);
  await context.close();
});

test('a summary with four sentences on three rows: the fourth is shown and flagged, and the result says so', async () => {
  const { page, context, errors } = await openPage(env, '?spec=www/examples/cs-summary-errors/abstract-spec.json&items=tests/fixtures/cs-four-sentences.json');
  const task = await new GridTask(page).ready();
  const extra = page.locator('article.glossa-grid-extra');
  await extra.waitFor();
  assert.equal(await extra.getByRole('heading').textContent(), 'Sentence4');
  await extra.getByText('Pearson řekl, že kádr je po dlouhé sezoně unavený.').waitFor();
  assert.match(await extra.getByRole('note').textContent(), /Věta navíc: .*chybný počet vět/);
  assert.equal(await extra.getByRole('radio').count(), 0, 'an extra sentence is not rated');
  for (const n of [1, 2, 3]) await task.option(n, 'Special cases', n === 3 ? 'Repetitive' : 'OK').check();
  await task.submitButton().click();
  const [result] = await waitForResults(page, 1);
  assert.equal(result.answers.errors.length, 3);
  assert.deepEqual(result.warnings.map((w) => [w.code, w.path]), [['grid_extra_sentences', 'errors']]);
  assert.match(result.warnings[0].message, /4 věty, ale tabulka jen 3 řádky/);
  assert.deepEqual(errors, []);
  await context.close();
});
