// End to end: autosave. Reloading mid-item restores the work exactly; a confirmed result's
// draft is gone; blocked storage degrades to memory with a visible note.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, ItalianTask, GridTask, SpanTask, MagnitudeTask, waitForResults } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('reload mid-item restores choices, typed numbers, grid rows and spans', async () => {
  const { page, context } = await openPage(env, '?example=it-implicit');
  const it = await new ItalianTask(page).ready();
  await it.option('Parzialmente corretto').check();
  await page.reload();
  await it.ready();
  assert.equal(await it.option('Parzialmente corretto').isChecked(), true);

  await page.goto(new URL('?example=en-informativeness', env.url).href);
  const mag = await new MagnitudeTask(page).ready();
  await mag.box(1).fill('70');
  await mag.box(2).fill('1.5');
  await mag.box(1).focus();
  await page.reload();
  await mag.ready();
  assert.equal(await mag.box(1).inputValue(), '70');
  assert.equal(await mag.box(2).inputValue(), '1.5', 'partially typed text survives too');
  await mag.outputs().nth(1).getByText('Use a whole number written with digits only', { exact: false }).waitFor();

  await page.goto(new URL('?example=cs-abstract-errors', env.url).href);
  const grid = await new GridTask(page).ready();
  await grid.option(1, 'Mapping', 'Omission').check();
  await grid.option(2, 'Special cases', 'OK').check();
  await page.reload();
  await grid.ready();
  assert.equal(await grid.option(1, 'Mapping', 'Omission').isChecked(), true);
  assert.equal(await grid.option(2, 'Special cases', 'OK').isChecked(), true);

  await page.goto(new URL('?example=cs-propaganda', env.url).href);
  const spans = await new SpanTask(page).ready();
  const a = await spans.wordCentre('Nenasytní');
  await page.mouse.click(a.x, a.y);
  const b = await spans.wordCentre('eurokraté');
  await page.mouse.click(b.x, b.y);
  await spans.assign('Vina').click();
  await spans.value('Vina').selectOption({ label: 'ano' });
  await page.getByLabel('Poznámka').fill('rozepsaná poznámka');
  await page.reload();
  await spans.ready();
  await page.getByRole('button', { name: 'Ukázat „Nenasytní eurokraté“ v textu' }).waitFor();
  assert.equal(await spans.value('Vina').inputValue(), 'ano');
  assert.equal(await page.getByLabel('Poznámka').inputValue(), 'rozepsaná poznámka');
  await context.close();
});

test('a confirmed result leaves no draft behind, even after the page is hidden and reloaded', async () => {
  const { page, context } = await openPage(env, '?example=it-implicit');
  const it = await new ItalianTask(page).ready();
  await it.option('Totalmente corretto').check();
  await it.submitButton().click();
  await waitForResults(page, 1); // the demo page confirms on receipt
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('glossa:draft')));
  assert.deepEqual(keys, []);
  await page.reload(); // hides the page: the widget must not save a draft again
  await it.ready();
  await page.getByText('Elemento 2 di 4').waitFor(); // the pilot moved on to the next open item
  const after = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes(':it-001:')));
  assert.deepEqual(after, []);
  await context.close();
});

test('blocked storage: a visible note, and the item still works', async () => {
  const context = await env.browser.newContext();
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('blocked', 'SecurityError'); } });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(new URL('?example=it-implicit', env.url).href);
  const it = await new ItalianTask(page).ready();
  await page.getByText('In questo browser i progressi non possono essere salvati', { exact: false }).waitFor();
  await it.option('Totalmente sbagliato').check();
  await it.submitButton().click();
  const [result] = await waitForResults(page, 1);
  assert.equal(result.answers.valutazione, 'totalmente_sbagliato');
  assert.deepEqual(errors, []);
  await context.close();
});

test('after a reload, active time is counted once: active_ms never exceeds duration_ms (issue 14, fault 1)', async () => {
  const { page, context } = await openPage(env, '?example=it-implicit&participant=T-1');
  const it = await new ItalianTask(page).ready();
  await it.option('Parzialmente corretto').check();
  await page.waitForTimeout(1000);
  await page.reload();
  await it.ready();
  await page.waitForTimeout(500);
  await it.submitButton().click();
  const [result] = await waitForResults(page, 1);
  const { duration_ms, active_ms } = result.timings;
  assert.ok(active_ms <= duration_ms, `active ${active_ms} ms within duration ${duration_ms} ms`);
  assert.ok(active_ms >= 1400, `the time before the reload still counts (${active_ms} ms)`);
  assert.deepEqual(result.warnings, []);
  await context.close();
});
