// End to end: the iframe protocol, between two real origins (localhost vs 127.0.0.1).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from './harness.mjs';

let env;
let parentUrl;
before(async () => {
  env = await launch();
  const child = env.url.replace('localhost', '127.0.0.1').replace(/\/$/, '');
  parentUrl = `${env.url}tests/e2e/pages/parent.html?child=${encodeURIComponent(child)}`;
});
after(async () => { await env?.close(); });

async function openParent(initScript) {
  const context = await env.browser.newContext();
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(parentUrl);
  const frame = page.frameLocator('#glossa');
  await frame.getByRole('radio', { name: 'Totalmente corretto', exact: true }).waitFor();
  return { context, page, frame, errors };
}

test('ready -> config -> result -> ack: the parent stores the exact result and the draft goes', async () => {
  const { context, page, frame, errors } = await openParent();
  await page.waitForFunction(() => parseInt(document.getElementById('glossa').style.height) > 400);
  await frame.getByRole('radio', { name: 'Totalmente sbagliato', exact: true }).check();
  await page.waitForFunction(() => window.log.includes('state'));
  await frame.getByRole('button', { name: 'Invia', exact: true }).click();
  await page.waitForFunction(() => window.stored.length === 1);
  const [stored] = await page.evaluate(() => window.stored);
  assert.equal(stored.answers.valutazione, 'totalmente_sbagliato');
  assert.deepEqual(stored.ids, { participant: 'P-9' });
  assert.equal(await page.evaluate(() => localStorage.getItem('draft')), null, 'the parent dropped its draft');
  assert.deepEqual(errors, []);
  await context.close();
});

test('reload mid-item: the parent resumes the frame from the draft it kept', async () => {
  const { context, page, frame } = await openParent();
  await frame.getByRole('radio', { name: 'Parzialmente corretto', exact: true }).check();
  await page.waitForFunction(() => localStorage.getItem('draft')?.includes('parzialmente_corretto'));
  await page.reload();
  await frame.getByRole('radio', { name: 'Parzialmente corretto', exact: true }).waitFor();
  await page.waitForFunction(() => window.log.includes('ready'));
  const again = page.frameLocator('#glossa');
  await again.locator('input[value=parzialmente_corretto]:checked').waitFor();
  await context.close();
});

test('a message from any other origin or window is ignored', async () => {
  const { context, page, frame } = await openParent();
  const child = page.frames().find((f) => f.url().includes('embed.html'));
  // The frame's own origin is not the parent's: a config from it must not be obeyed.
  await child.evaluate(() => window.postMessage({
    glossa: 1, type: 'config',
    spec: { glossa: 1, id: 'evil', version: '1', language: 'en', blocks: [], controls: [{ kind: 'text', id: 'x', label: 'Pwned' }] },
    item: { id: 'evil' },
  }, '*'));
  await page.waitForTimeout(400);
  assert.equal(await frame.getByText('Pwned').count(), 0);
  assert.equal(await frame.getByRole('radio', { name: 'Totalmente corretto', exact: true }).count(), 1);
  // The parent never hears of it either.
  assert.equal((await page.evaluate(() => window.log)).filter((t) => t === 'error').length, 0);
  await context.close();
});

test('preview mode: everything locked, nothing to submit', async () => {
  const { context, frame } = await openParent(() => { window.mode = 'preview'; });
  assert.equal(await frame.getByRole('radio', { name: 'Totalmente corretto', exact: true }).isDisabled(), true);
  assert.equal(await frame.getByRole('button', { name: 'Invia' }).count(), 0);
  await context.close();
});

test('the frame refuses to run without a parent origin', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${env.url}www/embed.html`);
  await page.getByRole('alert').getByText('parentOrigin', { exact: false }).waitFor();
  await context.close();
});

/** Opens the parent page with the test sending configs itself; the wasm may be held back. */
async function openDriven({ holdWasm = false } = {}) {
  const context = await env.browser.newContext();
  await context.addInitScript(() => { window.onReady = () => { window.readySeen = true; }; });
  let release = () => {};
  if (holdWasm) {
    const gate = new Promise((ok) => { release = ok; });
    await context.route('**/glossa_bg.wasm', async (route) => { await gate; await route.continue(); });
  }
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(parentUrl);
  await page.waitForFunction(() => window.readySeen === true);
  return { context, page, frame: page.frameLocator('#glossa'), errors, release };
}

test('two configs before the wasm loaded: the latest wins, one widget, every message names its item (issue 14, fault 2)', async () => {
  const { context, page, frame, errors, release } = await openDriven({ holdWasm: true });
  await page.evaluate(() => { window.sendConfig(0, 1); window.sendConfig(1, 2); });
  await page.waitForTimeout(300);
  release();
  await frame.getByRole('radio', { name: 'Totalmente corretto', exact: true }).waitFor();
  await page.waitForFunction(() => window.messages.some((m) => m.type === 'state'));
  await page.waitForTimeout(300);
  assert.equal(await frame.locator('.glossa').count(), 1, 'one widget in the frame');
  assert.equal(await frame.getByText('Noi abbiamo detto, abbiamo detto chiaramente', { exact: false }).count(), 1, 'it shows the second item');
  await frame.getByRole('radio', { name: 'Totalmente sbagliato', exact: true }).check();
  await frame.getByRole('button', { name: 'Invia', exact: true }).click();
  await page.waitForFunction(() => window.stored.length === 1);
  // Before any config (ready, the first resize) messages carry seq 0; after, only the latest.
  const all = await page.evaluate(() => window.messages);
  assert.ok(!all.some((m) => m.seq === 1), 'nothing about the abandoned config');
  const messages = all.filter((m) => m.seq !== 0);
  for (const m of messages) {
    assert.equal(m.seq, 2, `${m.type} carries the latest config's seq`);
    assert.equal(m.item_id, 'it-002', `${m.type} names the item`);
  }
  assert.ok(messages.some((m) => m.type === 'state'), 'the parent got the new item\'s state');
  const [stored] = await page.evaluate(() => window.stored);
  assert.equal(stored.item_id, 'it-002');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a second config after the first mounted: no error, the new item\'s state reaches the parent', async () => {
  const { context, page, frame, errors } = await openDriven();
  await page.evaluate(() => window.sendConfig(0, 7));
  await frame.getByRole('radio', { name: 'Totalmente corretto', exact: true }).waitFor();
  await page.waitForFunction(() => window.messages.some((m) => m.type === 'state' && m.seq === 7));
  await page.evaluate(() => window.sendConfig(1, 8));
  await page.waitForFunction(() => window.messages.some((m) => m.type === 'state' && m.seq === 8));
  const state = await page.evaluate(() => window.messages.find((m) => m.type === 'state' && m.seq === 8));
  assert.equal(state.item_id, 'it-002');
  assert.equal(state.draft?.item_id, 'it-002', 'the draft is the new item\'s');
  assert.equal(await frame.locator('.glossa').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});
