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

// jsPsych's own simulation (issue 25): `jsPsych.simulate(timeline, mode)` over every example
// family finishes by itself, and `glossa validate` accepts every simulated result.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'target/debug/glossa'); // built by the native test step

/** Runs `glossa validate` on each example's simulated results; returns every failure's output. */
function validateAll(data) {
  const examples = JSON.parse(readFileSync(join(ROOT, 'www/examples/index.json'), 'utf8'));
  const dir = mkdtempSync(join(tmpdir(), 'glossa-sim-'));
  const failures = [];
  for (const e of examples) {
    const results = data.filter((d) => d.example === e.id).map((d) => d.result);
    assert.equal(results.length, 2, `${e.id}: two simulated trials`);
    const file = join(dir, `${e.id}.jsonl`);
    writeFileSync(file, results.map((r) => JSON.stringify(r)).join('\n') + '\n');
    try {
      execFileSync(CLI, ['validate', `www/examples/${e.spec}`, `www/examples/${e.items}`, file], { cwd: ROOT, stdio: 'pipe' });
    } catch (err) {
      failures.push(`${e.id}: ${err.stdout}${err.stderr}`);
    }
  }
  return failures;
}

for (const mode of ['data-only', 'visual']) {
  test(`jsPsych.simulate(timeline, '${mode}') over every family finishes by itself; glossa validate accepts every result`, async () => {
    const { page, context, errors } = await openPage(env, `tests/e2e/pages/jspsych-simulate.html?mode=${mode}&override`);
    await page.waitForFunction(() => Array.isArray(window.done), null, { timeout: 60000 });
    const data = await page.evaluate(() => window.done);
    const examples = JSON.parse(readFileSync(join(ROOT, 'www/examples/index.json'), 'utf8'));
    assert.equal(data.length, 2 * examples.length, 'two trials per example');
    for (const d of data) {
      assert.equal(d.trial_type, 'glossa');
      assert.equal(d.error, null, JSON.stringify(d.error));
      assert.equal(d.result.ids.simulated, mode, 'a simulated result says so');
      assert.equal(d.result.ids.participant, 'SIM-1');
      assert.deepEqual(d.response, d.result.answers, 'response holds the answers');
      assert.equal(d.item_id, d.result.item_id);
      assert.ok(Object.keys(d.result.answers).length > 0, `${d.example}: answered`);
      assert.ok(Number.isInteger(d.rt) && d.rt >= 0);
    }
    assert.equal(data[0].rt, 1234, 'simulation_options.data overrides the data');
    assert.deepEqual(validateAll(data), []);
    // Simulated annotators differ from trial to trial (random seeds): two magnitude scorings of
    // three utterances, each score drawn from 200 values, are practically never the same.
    const scores = data.filter((d) => d.example === 'en-informativeness').map((d) => JSON.stringify(d.response));
    assert.notEqual(scores[0], scores[1]);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the data declaration lists response beside the result, and the plugin cites itself', async () => {
  const { default: GlossaPlugin } = await import('../../www/hosts/jspsych-glossa.js');
  assert.deepEqual(Object.keys(GlossaPlugin.info.data), ['rt', 'item_id', 'response', 'result', 'error']);
  assert.match(GlossaPlugin.info.citations.apa, /Glossa/);
  assert.match(GlossaPlugin.info.citations.bibtex, /^@software\{glossa/);
});
