// End to end: the first screen in the pages of the survey tools Glossa is embedded in — the
// jsPsych experiment `glossa host jspsych` writes (jsPsych from npm). The item is on screen from
// the page's own HTML (with JavaScript off too); what the participant does before the widget's
// wasm arrives is done on the widget when the trial takes the screen over. The wasm is held back
// by the test until it says so: no timing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, copyFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, ItalianTask } from './harness.mjs';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/static-server.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'target/debug/glossa'); // built by the native test step
const JSPSYCH = join(ROOT, 'tests/e2e/node_modules/jspsych/dist');

let browser;
let site;
let folder;
before(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const study = await mkdtemp(join(tmpdir(), 'glossa-study-'));
  await copyFile(join(ROOT, 'www/examples/it-implicit/spec.json'), join(study, 'spec.json'));
  await copyFile(join(ROOT, 'tests/fixtures/it-two-items.json'), join(study, 'items.json'));
  folder = join(await mkdtemp(join(tmpdir(), 'glossa-host-')), 'upload');
  execFileSync(CLI, ['host', 'jspsych', study, '--out', folder, '--jspsych', JSPSYCH], { cwd: ROOT, stdio: 'pipe' });
  site = await startServer(folder, 0);
});
after(async () => {
  await browser?.close();
  await new Promise((ok) => site?.server.close(ok));
});

const OPTIONS = ['Totalmente corretto', 'Corretto tra varie opzioni', 'Parzialmente corretto', 'Totalmente sbagliato', 'Risposta non fornita'];

test('with JavaScript off, the jsPsych page shows the first item: its text and every option, under its policy', async () => {
  const html = await readFile(join(folder, 'index.html'), 'utf8');
  assert.match(html, /<div id="glossa-first" class="jspsych-content" data-glossa-item="it-001"/);
  assert.doesNotMatch(html, /<link rel="stylesheet"/, 'no stylesheet to wait for: jsPsych\'s and the widget\'s are in the page');
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const violations = [];
  page.on('console', (m) => { if (/Content Security Policy/.test(m.text())) violations.push(m.text()); });
  await page.goto(`${site.url}index.html?PROLIFIC_PID=nojs`);
  const it = new ItalianTask(page);
  const radios = page.getByRole('radio');
  const count = await radios.count();
  assert.equal(count, OPTIONS.length);
  for (let i = 0; i < count; i += 1) assert.ok(await radios.nth(i).isVisible(), `option ${i + 1} is visible`);
  for (const name of OPTIONS) assert.ok(await it.option(name).isVisible(), name);
  assert.ok(await page.getByText('Diseguaglianza significa un lavoro precario', { exact: false }).isVisible());
  // Laid out as jsPsych lays out a trial: inside its content box, within the phone's width.
  const box = await page.locator('.jspsych-content').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 360, JSON.stringify(box));
  assert.deepEqual(violations, []);
  await context.close();
});

test('on the jsPsych page, a choice and Submit tapped before the wasm are the first trial\'s result', async () => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  let open;
  const gate = new Promise((ok) => { open = ok; });
  let asked = 0;
  await context.route('**/glossa_bg.wasm', async (route) => { asked += 1; await gate; await route.continue(); });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${site.url}index.html?PROLIFIC_PID=early`, { waitUntil: 'domcontentloaded' });
  const it = new ItalianTask(page);
  await it.option('Parzialmente corretto').waitFor();
  await page.waitForFunction(() => Array.isArray(window.glossaEarly));
  await it.option('Parzialmente corretto').tap();
  await it.submitButton().tap();
  await page.waitForFunction(() => window.glossaEarly.length >= 2);
  assert.ok(asked >= 1, 'the wasm was asked for (and is held)');
  assert.equal(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('glossa:jspsych:'))), false, 'no result yet');
  open();
  // The trial took the screen over, did the taps again, and jsPsych kept its result.
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('glossa:jspsych:') && localStorage.getItem(k).includes('it-001')));
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('glossa:jspsych:')))));
  assert.deepEqual(stored.map((r) => [r.item_id, r.answers.valutazione]), [['it-001', 'parzialmente_corretto']]);
  // The second item follows as a jsPsych trial of its own.
  await page.getByText('Noi abbiamo detto, abbiamo detto chiaramente', { exact: false }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('on the jsPsych page, the trial\'s take-over moves nothing on the screen', async () => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  let open;
  const gate = new Promise((ok) => { open = ok; });
  await context.route('**/glossa_bg.wasm', async (route) => { await gate; await route.continue(); });
  const page = await context.newPage();
  await page.goto(`${site.url}index.html?PROLIFIC_PID=still`, { waitUntil: 'domcontentloaded' });
  const it = new ItalianTask(page);
  await it.option('Risposta non fornita').waitFor();
  const boxes = () => Promise.all(OPTIONS.map((name) => it.option(name).boundingBox()));
  const before = await boxes();
  open();
  await page.waitForFunction(() => window.glossaJsPsych && document.querySelector('#jspsych-content .glossa') && !document.querySelector('[data-glossa-item], #glossa-first'));
  assert.deepEqual(await boxes(), before, 'the options are where they were');
  await context.close();
});

test('on the jsPsych page, a participant back at the second item does not see the first item\'s screen', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${site.url}index.html?PROLIFIC_PID=back`);
  const it = await new ItalianTask(page).ready();
  await page.waitForFunction(() => window.glossaJsPsych && !document.querySelector('[data-glossa-item]'));
  await it.option('Totalmente sbagliato').check();
  await it.submitButton().click();
  await page.getByText('Noi abbiamo detto, abbiamo detto chiaramente', { exact: false }).waitFor();
  let open;
  const gate = new Promise((ok) => { open = ok; });
  await context.route('**/glossa_bg.wasm', async (route) => { await gate; await route.continue(); });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.readyState !== 'loading');
  assert.equal(await page.locator('[data-glossa-item]').count(), 0, 'the first item\'s screen is taken away');
  assert.equal(await page.getByText('Diseguaglianza significa un lavoro precario', { exact: false }).count(), 0);
  open();
  await page.getByText('Noi abbiamo detto, abbiamo detto chiaramente', { exact: false }).waitFor();
  await context.close();
});
