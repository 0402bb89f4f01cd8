// End to end: the review page (issue 41). A reviewer adjudicates the ten most disputed items of
// a labelled-span study and of a pairwise study by keyboard alone, on a tablet-sized screen,
// reloads midway without losing a decision, and downloads a set that `glossa export`,
// `glossa report`, `glossa validate` and the gold reader accept.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openPage, axeViolations } from './harness.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'target/debug/glossa'); // built by the native test step
const TABLET = { viewport: { width: 820, height: 1180 }, hasTouch: true };
let env;
let dir;
before(async () => {
  env = await launch();
  dir = mkdtempSync(join(tmpdir(), 'glossa-review-'));
});
after(async () => { await env?.close(); });

const glossa = (...args) => execFileSync(CLI, args, { cwd: ROOT, encoding: 'utf8' });
const lines = (text) => text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));

/** The study's files: the example's spec (or a fixture's), twelve items, five simulated
 *  annotators' results. */
function study(example, items, seed, specPath = `www/examples/${example}/spec.json`) {
  const spec = join(ROOT, specPath);
  const itemsPath = join(ROOT, `tests/fixtures/review/${items}`);
  const results = join(dir, `${example}-results.jsonl`);
  writeFileSync(results, glossa('simulate', spec, itemsPath, '--annotators', '5', '--agreement', '0.6', '--seed', String(seed)));
  return { spec, items: itemsPath, results };
}

async function openStudy(files) {
  const opened = await openPage(env, 'www/review.html', TABLET);
  const { page } = opened;
  await page.locator('#spec').setInputFiles(files.spec);
  await page.locator('#items').setInputFiles(files.items);
  await page.locator('#results').setInputFiles(files.results);
  await page.getByRole('button', { name: 'Open for review' }).click();
  await page.locator('#item-title').filter({ hasText: /^Item / }).waitFor();
  return opened;
}

const current = async (page) => (await page.locator('#item-title').textContent()).match(/^Item (\S+)/)[1];
const queueIds = (page) => page.locator('#queue button').evaluateAll((bs) => bs.map((b) => b.dataset.item));

/** Presses a decision's keys on the current item; returns the item and the next one shown. */
async function decide(page, keys) {
  const item = await current(page);
  for (const k of keys) {
    if (typeof k === 'string') await page.keyboard.press(k);
    else await k();
  }
  await page.waitForFunction((id) => !document.getElementById('item-title').textContent.startsWith(`Item ${id} `)
    && !document.getElementById('item-title').textContent.endsWith(`Item ${id}`), item);
  return item;
}

/** The keys for ten decisions: annotators by number, the majority, the aggregate, an edit, and
 * a reason typed before one decision. */
function plan(page, edit) {
  const reason = async () => {
    await page.keyboard.press('r');
    await page.keyboard.type('Annotator 2 marked the whole name.');
    // Every key reached the box, however slowly the page mounted the item meanwhile.
    assert.equal(await page.locator('#reason').inputValue(), 'Annotator 2 marked the whole name.');
    await page.keyboard.press('Escape');
  };
  // The widget is mounted for editing, and the focus is in it.
  const editing = () => page.waitForFunction(() => document.activeElement?.closest('#editor'));
  return [
    { keys: ['1'], source: 'annotator', from: 'sim-01' },
    { keys: [reason, '2'], source: 'annotator', from: 'sim-02', reason: 'Annotator 2 marked the whole name.' },
    { keys: ['m'], source: 'majority_vote' },
    { keys: ['a'], source: 'dawid_skene' },
    { keys: ['e', editing, edit, 'Control+Enter'], source: 'edited' },
    { keys: ['3'], source: 'annotator', from: 'sim-03' },
    { keys: ['4'], source: 'annotator', from: 'sim-04' },
    { keys: ['5'], source: 'annotator', from: 'sim-05' },
    { keys: ['1'], source: 'annotator', from: 'sim-01' },
    { keys: ['2'], source: 'annotator', from: 'sim-02' },
  ];
}

/** Adjudicates the ten most disputed items, reloading after the fifth; returns the decisions
 * made (item, plan entry) and the downloaded lines. */
async function adjudicate(files, edit) {
  const { page, context, errors } = await openStudy(files);
  const order = await queueIds(page);
  assert.equal(order.length, 12);
  assert.equal(await current(page), order[0], 'the most disputed item first');
  await page.locator('#by').focus();
  await page.keyboard.type('maria');
  // Tab out of the name field lands on the first filter: the keys are still the page's there.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'filter-control');
  const steps = plan(page, () => edit(page));
  const made = [];
  for (const [n, step] of steps.entries()) {
    if (n === 5) {
      // Midway: a reload reopens the same study at the same item with every decision.
      await page.reload();
      await page.locator('#item-title').filter({ hasText: /^Item / }).waitFor();
      await page.getByText('5 of 12 items decided.').waitFor();
      assert.equal(await current(page), order[5], 'back at the item after the last decided');
      const marks = await page.locator('#queue button').evaluateAll((bs) => bs.map((b) => b.textContent.startsWith('✓')));
      assert.deepEqual(marks.slice(0, 6), [true, true, true, true, true, false]);
      assert.equal(await page.locator('#by').inputValue(), 'maria');
      await page.locator('#item').focus();
    }
    made.push({ item: await decide(page, step.keys), ...step });
  }
  assert.deepEqual(made.map((m) => m.item), order.slice(0, 10), 'the ten most disputed, in order');
  await page.getByText('10 of 12 items decided.').waitFor();
  // The reason is back with its item.
  await page.locator('#queue button', { hasText: made[1].item }).click();
  assert.equal(await page.locator('#reason').inputValue(), made[1].reason);
  assert.deepEqual(await axeViolations(page, null), []);
  const download = page.waitForEvent('download');
  await page.locator('#download').focus();
  await page.keyboard.press('Enter');
  const file = join(dir, `adjudicated-${Date.now()}.jsonl`);
  await (await download).saveAs(file);
  assert.equal(await page.locator('#download-problems').textContent(), '');
  assert.deepEqual(errors, []);
  await context.close();
  return { made, file, got: lines(readFileSync(file, 'utf8')) };
}

/** What every adjudicated set must be: one result per decision, marked, with who and why, each
 * taking its answers from where the reviewer said. */
function checkSet(files, { made, got }) {
  const results = lines(readFileSync(files.results, 'utf8'));
  assert.deepEqual(got.map((r) => r.item_id), made.map((m) => m.item));
  for (const [n, r] of got.entries()) {
    const m = made[n];
    assert.equal(r.adjudicated, true);
    assert.equal(r.adjudication.by, 'maria');
    assert.equal(r.adjudication.source, m.source);
    assert.equal(r.adjudication.reason, m.reason ?? '');
    assert.equal(r.ids.participant, 'adjudicator:maria');
    assert.deepEqual(r.adjudication.annotators, ['sim-01', 'sim-02', 'sim-03', 'sim-04', 'sim-05']);
    if (m.source === 'annotator') {
      assert.equal(r.adjudication.from, m.from);
      const theirs = results.find((x) => x.item_id === m.item && x.ids.participant === m.from);
      assert.deepEqual(r.answers, theirs.answers, `${m.item}: ${m.from}'s answers`);
    }
  }
}

test('a labelled-span study: ten items adjudicated by keyboard, a reload midway, a set the exports, the report and the gold reader accept', async () => {
  const files = study('en-ner', 'ner-items.json', 11);
  // The edit: the majority's spans as they are, kept with Ctrl+Enter from inside the widget.
  const outcome = await adjudicate(files, async () => {});
  checkSet(files, outcome);
  const edited = outcome.got[4];
  assert.ok(Array.isArray(edited.answers.entities.spans));
  const out = join(dir, 'ner');
  assert.match(glossa('validate', files.spec, files.items, outcome.file), /10 result\(s\), 0 with problems/);
  const conll = glossa('export', 'conll', files.spec, files.items, outcome.file);
  assert.equal((conll.match(/^# annotator = adjudicator:maria$/gm) ?? []).length, 10, 'a document per adjudicated item');
  glossa('report', files.spec, files.items, outcome.file, '--out', `${out}-report.html`);
  assert.match(readFileSync(`${out}-report.html`, 'utf8'), /adjudicator:maria/);
  // The adjudicated set as gold: each annotator scored against the reviewer's answers.
  assert.match(glossa('check', files.spec, files.items, '--gold', outcome.file), /ok/);
  glossa('report', files.spec, files.items, files.results, '--gold', outcome.file, '--out', `${out}-gold.html`);
  assert.match(readFileSync(`${out}-gold.html`, 'utf8'), /sim-05/);
});

test('a pairwise study: ten items adjudicated by keyboard, one answer changed in the widget by keyboard, a reload midway', async () => {
  const files = study('en-chatbot-pairwise', 'pairwise-items.json', 5);
  // The edit: "About the same" on the second criterion — Tab to its radio group, arrows to
  // the choice.
  const outcome = await adjudicate(files, async (page) => {
    const focused = () => page.evaluate(() => ({ name: document.activeElement?.name ?? '', value: document.activeElement?.value ?? '' }));
    for (let n = 0; n < 40 && !(await focused()).name.endsWith('-correct'); n++) await page.keyboard.press('Tab');
    assert.match((await focused()).name, /-correct$/, 'the second criterion reached by Tab');
    for (let n = 0; n < 3 && (await focused()).value !== 'tie'; n++) await page.keyboard.press('ArrowRight');
    assert.equal((await focused()).value, 'tie');
  });
  checkSet(files, outcome);
  const edited = outcome.got[4].answers.preference;
  assert.equal(edited.correct.winner ?? null, null, 'the edit: neither response more correct');
  assert.match(glossa('validate', files.spec, files.items, outcome.file), /10 result\(s\), 0 with problems/);
  const csv = glossa('export', 'csv', files.spec, outcome.file);
  assert.equal(csv.trim().split('\n').filter((l) => l.includes('adjudicator:maria')).length >= 10, true);
  glossa('report', files.spec, files.items, outcome.file, '--out', join(dir, 'pairwise-report.html'));
});

test('ESA with a model\'s error spans on half of the items: ten decisions by keyboard on a tablet, items with suggestions among them, every one downloaded', async () => {
  // Error spans and a score per translation (a section asks them per output), then the
  // preference; the model's spans suggested on every other item.
  const files = study('de-esa', 'esa-items.json', 3, 'tests/fixtures/review/esa-spec.json');
  const outcome = await adjudicate(files, async () => {});
  checkSet(files, outcome);
  const suggested = new Set(JSON.parse(readFileSync(files.items, 'utf8')).filter((i) => i.suggestions).map((i) => i.id));
  assert.ok(outcome.made.some((m) => suggested.has(m.item)), 'items with suggestions among the ten');
  assert.equal(outcome.got.length, 10, 'every decision downloaded');
  // The majority and the aggregate answer each translation.
  for (const n of [2, 3]) {
    const errors = outcome.got[n].answers.errors;
    assert.deepEqual(Object.keys(errors).sort(), ['ONLINE-A', 'ONLINE-B'], `${outcome.made[n].source}: ${JSON.stringify(errors)}`);
  }
  assert.match(glossa('validate', files.spec, files.items, outcome.file), /10 result\(s\), 0 with problems/);
});
