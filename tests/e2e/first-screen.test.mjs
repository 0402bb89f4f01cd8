// End to end: the first screen a `glossa host pilot` page carries as HTML (rendered natively by
// the widget's own components). The wasm is held back by the test until it says so — no timing:
// the item must be on screen, readable and tappable without it; what the participant does
// meanwhile must be done on the widget when it takes over; and the take-over must not change
// what is on screen (the same DOM, nothing moved, never an empty frame).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, ItalianTask, MagnitudeTask } from './harness.mjs';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/static-server.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'target/debug/glossa'); // built by the native test step

let browser;
const sites = [];
/** `glossa host pilot` of a spec and items file, served; returns its address. */
async function hosted(spec, items) {
  const study = await mkdtemp(join(tmpdir(), 'glossa-study-'));
  await copyFile(join(ROOT, spec), join(study, 'spec.json'));
  await copyFile(join(ROOT, items), join(study, 'items.json'));
  const out = join(await mkdtemp(join(tmpdir(), 'glossa-host-')), 'upload');
  execFileSync(CLI, ['host', 'pilot', study, '--out', out], { cwd: ROOT, stdio: 'pipe' });
  const site = await startServer(out, 0);
  sites.push(site);
  return site.url;
}
let italian;
before(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  italian = await hosted('www/examples/it-implicit/spec.json', 'tests/fixtures/it-two-items.json');
});
after(async () => {
  await browser?.close();
  for (const s of sites) await new Promise((ok) => s.server.close(ok));
});

/**
 * A phone opening the study link with the widget's wasm held back until `release()`; records
 * console errors, and every animation frame in which the widget's place was empty.
 */
async function phone(url = italian) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  // The wasm waits while a gate is shut (routing also keeps it out of the HTTP cache).
  let gate = null;
  const hold = () => {
    let open;
    gate = new Promise((ok) => { open = ok; });
    return () => { gate = null; open(); };
  };
  let asked = 0;
  await context.route('**/glossa_bg.wasm', async (route) => { asked += 1; await gate; await route.continue(); });
  const release = hold();
  await context.addInitScript(() => {
    window.__emptyFrames = 0;
    const look = () => {
      const w = document.getElementById('widget');
      if (w && w.childElementCount === 0) window.__emptyFrames += 1;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${url}index.html?PROLIFIC_PID=p-${Math.random().toString(36).slice(2)}`, { waitUntil: 'domcontentloaded' });
  return { context, page, errors, release, hold, asked: () => asked };
}

/**
 * The widget's DOM as data: each element's tag, attributes and own text, in order — but not the
 * bodies of closed panels (the widget fills them in after its first frame is painted).
 */
const shape = () => [...document.querySelectorAll('#widget *')].filter((e) => !e.parentElement.closest('details:not([open])') || e.matches('details > summary, details > summary *')).map((e) => [
  e.tagName,
  [...e.attributes].map((a) => `${a.name}=${a.value}`).sort().join(' '),
  [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.data).join(''),
]);
const takenOver = (page) => page.waitForFunction(() => !document.getElementById('widget').hasAttribute('data-glossa-item') && window.glossaHandle);

test('the item and its options are on screen before the wasm, and the take-over changes nothing on it', async () => {
  const { context, page, errors, release, asked } = await phone();
  const it = new ItalianTask(page);
  await it.option('Risposta non fornita').waitFor();
  assert.ok(asked() >= 1, 'the wasm was asked for (and is held)');
  assert.ok(await page.getByText('Diseguaglianza significa un lavoro precario', { exact: false }).isVisible());
  assert.ok(await it.option('Totalmente corretto').isEnabled());
  const before = await page.evaluate(shape);
  const box = await it.option('Risposta non fornita').boundingBox();
  release();
  await takenOver(page);
  assert.deepEqual(await page.evaluate(shape), before, 'the widget rendered the same DOM as the page carried');
  assert.deepEqual(await it.option('Risposta non fornita').boundingBox(), box, 'nothing moved');
  assert.equal(await page.evaluate(() => window.__emptyFrames), 0, 'no frame without the item');
  assert.deepEqual(errors, []);
  await context.close();
});

test('taps and keys before the wasm are done on the widget when it takes over: none is lost', async () => {
  const { context, page, errors, release } = await phone();
  const it = new ItalianTask(page);
  await it.option('Totalmente corretto').waitFor();
  await page.waitForFunction(() => Array.isArray(window.glossaEarly));
  // A tap on an option (the page's own radio takes it), a definition opened, then the key "2"
  // (the widget's shortcut for the second option) and a tap on Submit — all before the wasm.
  await it.option('Parzialmente corretto').tap();
  await it.definitionToggle('Totalmente corretto').tap();
  await page.keyboard.press('2');
  await it.submitButton().tap();
  assert.equal(await page.evaluate(() => document.getElementById('widget').hasAttribute('data-glossa-item')), true, 'not taken over yet');
  release();
  await takenOver(page);
  await page.waitForFunction(() => window.glossaReceived?.length === 1);
  const [result] = await page.evaluate(() => window.glossaReceived);
  assert.equal(result.item_id, 'it-001');
  assert.deepEqual(result.answers, { valutazione: 'corretto_tra_opzioni' });
  assert.equal(await it.definitionToggle('Totalmente corretto').getAttribute('aria-expanded'), 'true');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a participant back at a later item does not see the first item\'s screen', async () => {
  const { context, page, release, hold } = await phone();
  release();
  const it = await new ItalianTask(page).ready();
  await takenOver(page);
  await it.option('Totalmente sbagliato').check();
  await it.submitButton().click();
  await page.getByRole('button', { name: 'Elemento successivo →' }).click();
  await page.getByText('Elemento 2 di 2').waitFor();
  const again = hold();
  await page.reload({ waitUntil: 'domcontentloaded' });
  // Before the wasm: the first item's screen is taken away, not shown.
  await page.waitForFunction(() => !document.getElementById('widget').hasAttribute('data-glossa-item'));
  assert.equal(await page.locator('#widget').textContent(), '');
  again();
  await new ItalianTask(page).ready();
  await page.getByText('Noi abbiamo detto, abbiamo detto chiaramente', { exact: false }).waitFor();
  await context.close();
});

test('numbers typed before the wasm are the widget\'s when it takes over', async () => {
  const url = await hosted('www/examples/en-informativeness/spec.json', 'www/examples/en-informativeness/items.json');
  const { context, page, errors, release } = await phone(url);
  const task = new MagnitudeTask(page);
  await task.box(1).waitFor();
  await task.box(1).fill('70');
  await task.box(2).fill('100');
  release();
  await takenOver(page);
  assert.equal(await task.box(1).inputValue(), '70');
  await task.box(3).fill('90');
  await task.submitButton().click();
  await page.waitForFunction(() => window.glossaReceived?.length === 1);
  const [result] = await page.evaluate(() => window.glossaReceived);
  assert.deepEqual(result.answers, { informativeness: { 'sys-a': 70, 'sys-b': 100, 'sys-c': 90 } });
  assert.deepEqual(errors, []);
  await context.close();
});
