// End to end: the first screen in the pages of the survey tools Glossa is embedded in — the
// jsPsych experiment `glossa host jspsych` writes (jsPsych from npm), and the Qualtrics survey
// `glossa host qualtrics` writes (its question's text and the survey's custom CSS, as Qualtrics
// sends them, in the stand-in survey page). The item is on screen from the page's own HTML
// (with JavaScript off too); what the participant does before the widget's wasm arrives is done
// on the widget when it takes the screen over. The wasm is held back by the test until it says
// so: no timing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, copyFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, ItalianTask, heldPhone } from './harness.mjs';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/static-server.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'target/debug/glossa'); // built by the native test step
const JSPSYCH = join(ROOT, 'tests/e2e/node_modules/jspsych/dist');

let browser;
let site;
let folder;
let pages; // the repository, for the Qualtrics stand-in page
let qualtrics; // the Qualtrics folder, served with CORS as a static host serves it: {root, url, server}
before(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const study = await mkdtemp(join(tmpdir(), 'glossa-study-'));
  await copyFile(join(ROOT, 'www/examples/it-implicit/spec.json'), join(study, 'spec.json'));
  await copyFile(join(ROOT, 'tests/fixtures/it-two-items.json'), join(study, 'items.json'));
  folder = join(await mkdtemp(join(tmpdir(), 'glossa-host-')), 'upload');
  execFileSync(CLI, ['host', 'jspsych', study, '--out', folder, '--jspsych', JSPSYCH], { cwd: ROOT, stdio: 'pipe' });
  site = await startServer(folder, 0);
  pages = await startServer(ROOT, 0);
  const root = await mkdtemp(join(tmpdir(), 'glossa-qualtrics-'));
  qualtrics = { root, ...(await startServer(root, 0, { cors: true })) };
  execFileSync(CLI, ['host', 'qualtrics', study, '--out', join(root, 'up'), '--url', `${qualtrics.url}up/`], { cwd: ROOT, stdio: 'pipe' });
});
after(async () => {
  await browser?.close();
  for (const s of [site, pages, qualtrics]) await new Promise((ok) => (s ? s.server.close(ok) : ok()));
});

/** The survey's question, its first loop row and the survey's custom CSS, as Qualtrics has them. */
async function survey() {
  const qsf = JSON.parse(await readFile(join(qualtrics.root, 'up/survey.qsf'), 'utf8'));
  const question = qsf.SurveyElements.find((e) => e.Element === 'SQ').Payload;
  const block = qsf.SurveyElements.find((e) => e.Element === 'BL').Payload.find((b) => b.Options?.Looping);
  const row = block.Options.LoopingOptions.Static['1'];
  const pipe = (text) => text.replace(/\$\{lm:\/\/Field\/(\d+)\}/g, (_, k) => row[k] ?? '').replace(/\$\{lm:\/\/CurrentLoopNumber\}/g, '1')
    .replace(/\$\{e:\/\/Field\/([^}]+)\}/g, (_, k) => (k === 'ResponseID' ? 'R_early' : ''));
  const css = qsf.SurveyElements.find((e) => e.Element === 'SO').Payload.CustomStyles.customCSS;
  return { text: pipe(question.QuestionText), js: pipe(question.QuestionJS), css, row };
}

const OPTIONS = ['Totalmente corretto', 'Corretto tra varie opzioni', 'Parzialmente corretto', 'Totalmente sbagliato', 'Risposta non fornita'];

test('with JavaScript off, the jsPsych page shows the first item: its text and every option, under its policy', async () => {
  const html = await readFile(join(folder, 'index.html'), 'utf8');
  assert.match(html, /<div id="glossa-first" class="jspsych-content" data-glossa-item="it-001"/);
  assert.doesNotMatch(html, /<link rel="stylesheet"/, 'no stylesheet to wait for: jsPsych\'s and the widget\'s are in the page');
  // jsPsych's fonts (data: URLs, most of its stylesheet) are not in the page: a file of their
  // own, which the page links once it runs.
  assert.doesNotMatch(html, /@font-face/);
  assert.match(html, /<body[^>]* data-fonts="jspsych\/fonts.css"/);
  assert.match(await readFile(join(folder, 'jspsych', 'fonts.css'), 'utf8'), /@font-face\s*\{[^}]*font-family:\s*'Open Sans'/);
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
  const { context, page, open, errors, asked } = await heldPhone(browser, { console: true });
  await page.goto(`${site.url}index.html?PROLIFIC_PID=early`, { waitUntil: 'domcontentloaded' });
  const it = new ItalianTask(page);
  await it.option('Parzialmente corretto').waitFor();
  await page.waitForFunction(() => Array.isArray(window.glossaEarly));
  await it.option('Parzialmente corretto').tap();
  await it.submitButton().tap();
  await page.waitForFunction(() => window.glossaEarly.length >= 2);
  assert.ok(asked() >= 1, 'the wasm was asked for (and is held)');
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
  const { context, page, open } = await heldPhone(browser);
  await page.goto(`${site.url}index.html?PROLIFIC_PID=still`, { waitUntil: 'domcontentloaded' });
  const it = new ItalianTask(page);
  await it.option('Risposta non fornita').waitFor();
  const boxes = () => Promise.all(OPTIONS.map((name) => it.option(name).boundingBox()));
  const before = await boxes();
  open();
  await page.waitForFunction(() => window.glossaJsPsych && document.querySelector('#jspsych-content .glossa') && !document.querySelector('[data-glossa-item], #glossa-first'));
  assert.deepEqual(await boxes(), before, 'the options are where they were');
  // jsPsych's own font arrives once the page runs, under the page's policy.
  const faces = await page.evaluate(async () => (await document.fonts.load('16px "Open Sans"')).length);
  assert.ok(faces > 0, 'jsPsych\'s Open Sans is loaded');
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

test('with JavaScript off, the Qualtrics question shows the loop\'s item as Qualtrics renders its text', async () => {
  const { text, css, row } = await survey();
  assert.equal(row['2'], 'it-001');
  assert.match(text, /^<div class="glossa-qualtrics" data-glossa-item="it-001" data-glossa-build="[^"]+\/www\/pkg\/choice\/" data-glossa-hide-submit>/);
  assert.ok(css.length > 1000, 'the build\'s stylesheet is the survey\'s custom CSS');
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  // A Qualtrics page: the Look & Feel's custom CSS in a style element, the question's text in its box.
  await page.setContent(`<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><style>${css}</style></head>
<body><div class="Skin"><div id="QID1" class="QuestionOuter"><div class="QuestionText">${text}</div><div class="QuestionBody"></div></div></div></body></html>`);
  const it = new ItalianTask(page);
  assert.equal(await page.getByRole('radio').count(), OPTIONS.length);
  for (const name of OPTIONS) assert.ok(await it.option(name).isVisible(), name);
  assert.ok(await page.getByText('Diseguaglianza significa un lavoro precario', { exact: false }).first().isVisible());
  assert.equal(await it.submitButton().count(), 0, 'no Submit: the survey\'s Next submits');
  await context.close();
});

test('in the Qualtrics question, a choice tapped before the wasm is the loop\'s result when Next is pressed', async () => {
  const { text, css, js } = await survey();
  const { context, page, open, errors, asked } = await heldPhone(browser);
  await page.goto(new URL('tests/e2e/pages/qualtrics.html', pages.url).href);
  // As Qualtrics sends the page: the custom CSS and the question's text are in it before any script.
  await page.evaluate(({ text, css }) => {
    document.head.append(Object.assign(document.createElement('style'), { textContent: css }));
    document.querySelector('#QID3 .QuestionText').innerHTML = text;
  }, { text, css });
  await page.evaluate((code) => window.runQuestionJs(code), js);
  const it = new ItalianTask(page);
  await it.option('Parzialmente corretto').tap();
  await page.waitForFunction(() => window.glossaEarly?.length >= 1);
  assert.equal(await page.evaluate(() => document.getElementById('NextButton').disabled), true, 'Next waits for the widget');
  open();
  await page.waitForFunction(() => !document.querySelector('[data-glossa-item]') && !document.getElementById('NextButton').disabled);
  assert.equal(await it.option('Parzialmente corretto').isChecked(), true);
  await page.locator('#NextButton').click();
  const embedded = await page.evaluate(() => window.embedded);
  const result = JSON.parse(embedded.__js_glossa_1_1);
  assert.equal(result.item_id, 'it-001');
  assert.deepEqual(result.answers, { valutazione: 'parzialmente_corretto' });
  assert.ok(asked() >= 1, 'the wasm was asked for (and was held)');
  assert.deepEqual(errors, []);
  await context.close();
});
