// End to end: the researcher's report (issue 20) — `glossa report` and the static page
// www/report.html make the same self-contained page from the same files, in the browser with
// nothing uploaded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openPage } from './harness.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'target/debug/glossa'); // built by the native test step
let env;
let dir;
const result = (who, item, v, ms) => JSON.stringify({ format: 'glossa.result/1', spec: { id: 'implicit-content-it', version: '1.0.0' }, item_id: item, ids: { participant: who }, answers: { valutazione: v }, timings: { active_ms: ms } });
before(async () => {
  env = await launch();
  dir = mkdtempSync(join(tmpdir(), 'glossa-report-'));
  writeFileSync(join(dir, 'results.jsonl'), [
    result('A', 'it-001', 'totalmente_corretto', 30000), result('B', 'it-001', 'parzialmente_corretto', 900),
    result('A', 'it-002', 'totalmente_sbagliato', 41000), result('B', 'it-002', 'totalmente_sbagliato', 38000),
    result('A', 'it-003', 'risposta_non_fornita', 25000), result('B', 'it-003', 'risposta_non_fornita', 27000),
  ].join('\n') + '\n');
  writeFileSync(join(dir, 'gold.json'), JSON.stringify({ items: [
    { item_id: 'it-002', kind: 'gold', answers: { valutazione: 'totalmente_sbagliato' } },
    { item_id: 'it-001', kind: 'attention', answers: { valutazione: 'totalmente_corretto' } },
  ] }));
});
after(async () => { await env?.close(); });

test('glossa report and www/report.html make the same page; it loads nothing and flags the careless annotator', async () => {
  const spec = join(ROOT, 'www/examples/it-implicit/spec.json');
  const items = join(ROOT, 'www/examples/it-implicit/items.json');
  const out = join(dir, 'report.html');
  execFileSync(CLI, ['report', spec, items, join(dir, 'results.jsonl'), '--gold', join(dir, 'gold.json'), '--out', out], { cwd: ROOT });
  const cli = readFileSync(out, 'utf8');
  assert.doesNotMatch(cli, /<script|src=|href=/i, 'self-contained: no scripts, no links, nothing fetched');
  assert.match(cli, /<svg/);

  const { page, context, errors } = await openPage(env, 'www/report.html');
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.locator('#spec').setInputFiles(spec);
  await page.locator('#items').setInputFiles(items);
  await page.locator('#results').setInputFiles(join(dir, 'results.jsonl'));
  await page.locator('#gold').setInputFiles(join(dir, 'gold.json'));
  await page.getByRole('button', { name: 'Make the report' }).click();
  await page.getByText('Report made.').waitFor();
  // The same page as the CLI: every table and figure alike. (The charts' pixel layout may differ
  // by a few pixels: plotters estimates text extents differently natively and in wasm.)
  const web = await page.evaluate(() => window.reportHtml);
  const outside = (html) => html.replace(/<svg[\s\S]*?<\/svg>/g, '<svg/>');
  const bars = (html) => [...html.matchAll(/<svg[\s\S]*?<\/svg>/g)].map((m) => (m[0].match(/fill="#1F5FBF"/gi) ?? []).length);
  assert.equal(outside(web), outside(cli), 'the same page as the CLI');
  assert.deepEqual(bars(web), bars(cli), 'the same bars in every chart');
  assert.ok(bars(cli).length >= 1);
  assert.deepEqual(requests.filter((u) => !u.startsWith(env.url) && !u.startsWith('blob:') && !u.startsWith('about:')), [], 'nothing leaves the page');
  const frame = page.frameLocator('#report');
  const b = frame.locator('section[aria-labelledby=annotators]').getByRole('row').filter({ hasText: /^B/ });
  const cells = await b.getByRole('cell').allTextContents();
  assert.deepEqual(cells.slice(0, 4), ['B', '3', '27.0', '1'], 'B: three results, one too fast');
  assert.deepEqual(cells.slice(6, 8), ['1 / 1', '1 / 1'], 'B: the gold item right, the attention item failed');
  assert.deepEqual(cells.slice(4, 6), ['67', '100'], 'B agrees with A on two of three items; the third, a tie, has no majority');
  assert.match(cells[9], /too fast: it-001; failed attention: it-001 \(valutazione\)/, 'the flags name their items');
  // The dashboard sorts by any column on the page: by median time, slowest first.
  const table = frame.locator('section[aria-labelledby=annotators] table');
  await table.getByRole('button', { name: 'median active (s)' }).click();
  await table.getByRole('button', { name: 'median active (s)' }).click();
  assert.equal(await table.locator('th[aria-sort]').getAttribute('aria-sort'), 'descending');
  assert.deepEqual((await table.locator('tbody tr td:first-child').allTextContents()), ['A', 'B']);
  await table.getByRole('button', { name: 'annotator' }).click();
  await table.getByRole('button', { name: 'annotator' }).click();
  assert.deepEqual((await table.locator('tbody tr td:first-child').allTextContents()), ['B', 'A']);
  // A chart of time against agreement, described for screen readers.
  await frame.getByRole('figure', { name: /Median active time against agreement with the majority — A: .*; B: / }).waitFor();
  await frame.getByRole('heading', { name: "Agreement (Krippendorff's α)" }).waitFor();
  // Each annotator's competence per aggregated control, in the researcher's wasm as natively.
  await frame.getByRole('heading', { name: "Annotators' competence (crowd aggregation)" }).waitFor();
  assert.equal(await frame.locator('section[aria-labelledby=competence]').getByRole('row').filter({ hasText: /^B/ }).count(), 1);
  assert.deepEqual(errors, []);
  // The report runs no script, whatever text it holds: its own policy forbids any (here, and
  // in the downloaded file opened on its own).
  const inFrame = page.frames().find((f) => f.url() === 'about:srcdoc');
  const ran = await inFrame.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__ran = true';
    document.body.append(s);
    return window.__ran === true;
  });
  assert.equal(ran, false, 'an inline script in the report does not run');
  await context.close();
});

test('the page names result lines it cannot read and makes the report without them', async () => {
  writeFileSync(join(dir, 'bad.jsonl'), `${result('A', 'it-001', 'totalmente_corretto', 30000)}\n{oops\n`);
  const { page, context } = await openPage(env, 'www/report.html');
  await page.locator('#spec').setInputFiles(join(ROOT, 'www/examples/it-implicit/spec.json'));
  await page.locator('#items').setInputFiles(join(ROOT, 'www/examples/it-implicit/items.json'));
  await page.locator('#results').setInputFiles(join(dir, 'bad.jsonl'));
  await page.getByRole('button', { name: 'Make the report' }).click();
  await page.getByText('1 result line(s) could not be read').waitFor();
  assert.match(await page.locator('#problems').textContent(), /results:2: not JSON/);
  await context.close();
});
