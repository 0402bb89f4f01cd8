// End to end: Glossa items as jsPsych 8 trials (the real jspsych package from npm).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('two Glossa trials run in jsPsych; each result lands in its trial data', async () => {
  const { page, context, errors } = await openPage(env, 'tests/e2e/pages/jspsych.html');
  const option = (name) => page.getByRole('radio', { name, exact: true });
  await option('Totalmente sbagliato').check();
  await page.getByRole('button', { name: 'Invia', exact: true }).click();
  await page.getByText('Noi abbiamo detto, abbiamo detto chiaramente', { exact: false }).waitFor();
  await option('Totalmente corretto').check();
  await page.getByRole('button', { name: 'Invia', exact: true }).click();
  await page.waitForFunction(() => Array.isArray(window.done));
  const data = await page.evaluate(() => window.done);
  assert.equal(data.length, 2);
  assert.deepEqual(data.map((d) => d.item_id), ['it-001', 'it-002']);
  assert.deepEqual(data.map((d) => d.result.answers.valutazione), ['totalmente_sbagliato', 'totalmente_corretto']);
  assert.equal(data[0].trial_type, 'glossa');
  // rt: ms from the trial's start to the accepted submit (issue 14, fault 8), as jsPsych's own
  // plugins record it; never more than the time the trial took.
  for (const d of data) {
    assert.equal(typeof d.rt, 'number', 'every trial records rt');
    assert.ok(Number.isInteger(d.rt) && d.rt > 0 && d.rt <= d.time_elapsed, `rt ${d.rt} within the trial`);
  }
  assert.deepEqual(data[1].result.ids, { participant: 'J-1' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a spec Glossa refuses ends in a visible error with Continue, not a hung trial; data records it', async () => {
  const { page, context } = await openPage(env, 'tests/e2e/pages/jspsych.html?bad');
  const alert = page.getByRole('alert');
  await alert.getByText('controls[0].options', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Continua' }).click();
  await page.getByRole('radio', { name: 'Totalmente sbagliato', exact: true }).check();
  await page.getByRole('button', { name: 'Invia', exact: true }).click();
  await page.getByRole('radio', { name: 'Totalmente corretto', exact: true }).check();
  await page.getByRole('button', { name: 'Invia', exact: true }).click();
  await page.waitForFunction(() => Array.isArray(window.done));
  const data = await page.evaluate(() => window.done);
  assert.equal(data.length, 3);
  assert.equal(data[0].result, null);
  assert.equal(data[0].error.kind, 'spec');
  assert.equal(data[0].item_id, 'it-001');
  assert.equal(typeof data[0].rt, 'number');
  assert.deepEqual(data.slice(1).map((d) => d.result.answers.valutazione), ['totalmente_sbagliato', 'totalmente_corretto']);
  assert.deepEqual(data.slice(1).map((d) => d.error), [null, null]);
  await context.close();
});
