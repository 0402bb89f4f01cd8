// End to end: the browser and the CLI agree. Results submitted in the browser for every family
// pass `glossa validate`; the same result with a tampered answer fails it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openPage, ItalianTask, MagnitudeTask, GridTask, SpanTask, QaTask, waitForResults } from './harness.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'target/debug/glossa'); // built by the native test step
let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

function validate(spec, items, results) {
  const file = join(mkdtempSync(join(tmpdir(), 'glossa-')), 'results.jsonl');
  writeFileSync(file, results.map((r) => JSON.stringify(r)).join('\n') + '\n');
  try {
    return { code: 0, out: execFileSync(CLI, ['validate', spec, items, file], { cwd: ROOT, encoding: 'utf8' }) };
  } catch (e) {
    return { code: e.status, out: e.stdout };
  }
}

const flows = {
  'it-implicit': ['www/examples/it-implicit/spec.json', 'www/examples/it-implicit/items.json', async (page) => {
    const t = await new ItalianTask(page).ready();
    await t.option('Parzialmente corretto').check();
    await t.submitButton().click();
  }, (r) => { r.answers.valutazione = 'geniale'; }],
  'en-informativeness': ['www/examples/en-informativeness/spec.json', 'www/examples/en-informativeness/items.json', async (page) => {
    const t = await new MagnitudeTask(page).ready();
    for (const [n, v] of [[1, '70'], [2, '100'], [3, '90']]) await t.box(n).fill(v);
    await t.submitButton().click();
  }, (r) => { r.answers.informativeness['sys-a'] = -70; }],
  'cs-abstract-errors': ['www/examples/cs-summary-errors/abstract-spec.json', 'www/examples/cs-summary-errors/abstract-items.json', async (page) => {
    const t = await new GridTask(page).ready();
    await t.option(1, 'Special cases', 'OK').check();
    await t.option(2, 'Special cases', 'OK').check();
    await t.option(3, 'Special cases', 'Repetitive').check();
    await t.submitButton().click();
  }, (r) => { r.answers.errors[0].cells.mapping = 'omission'; }],
  'cs-headline-errors': ['www/examples/cs-summary-errors/headline-spec.json', 'www/examples/cs-summary-errors/headline-items.json', async (page) => {
    const t = await new GridTask(page).ready();
    await t.option(1, 'Special cases', 'OK').check();
    await t.submitButton().click();
  }, (r) => { r.answers.errors[0].sentence = 'Jiný titulek'; }],
  'cs-propaganda': ['www/examples/cs-propaganda/spec.json', 'www/examples/cs-propaganda/items.json', async (page) => {
    const t = await new SpanTask(page).ready();
    const w = await t.wordCentre('xenofoba');
    await page.mouse.click(w.x, w.y);
    await page.mouse.click(w.x, w.y);
    await t.assign('Nálepkování').click();
    await t.value('Nálepkování').selectOption({ label: 'ano' });
    await t.fillRest(['Nálepkování']);
    await t.submitButton().click();
  }, (r) => { r.answers.techniky.nalepkovani.spans[0].start += 1; }],
  'pl-poquad': ['www/examples/pl-poquad/spec.json', 'www/examples/pl-poquad/items.json', async (page) => {
    const t = await new QaTask(page).ready();
    await t.question(1).fill('Kiedy wydano Prolegomena?');
    await t.pick('1783', 'roku');
    await t.addToQuestion(1).click();
    await page.getByRole('checkbox', { name: 'Nie mogę zadać więcej pytań do tego akapitu' }).check();
    await t.submitButton().click();
  }, (r) => { r.answers.qa.questions[0].question = 'Kiedy wydano Prolegomena'; }],
};

for (const [example, [spec, items, flow, tamper]] of Object.entries(flows)) {
  test(`${example}: the browser's result passes glossa validate; a tampered copy fails`, async () => {
    const { page, context } = await openPage(env, `?example=${example}`);
    await flow(page);
    const [result] = await waitForResults(page, 1);
    const good = validate(spec, items, [result]);
    assert.equal(good.code, 0, good.out);
    const bad = structuredClone(result);
    tamper(bad);
    const failed = validate(spec, items, [bad]);
    assert.equal(failed.code, 1, failed.out);
    assert.match(failed.out, /1 result\(s\), 1 with problems/);
    await context.close();
  });
}
