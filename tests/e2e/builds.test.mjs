// End to end: builds per need. Each example loads the smallest build that has its kinds and no
// other wasm; two tasks of different builds on one page both work; a spec no lighter build
// can show, or one that cannot be read, gets the full build and its messages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

async function openBuilds() {
  const opened = await openPage(env, '/tests/e2e/pages/builds.html');
  const wasm = [];
  opened.page.on('request', (r) => { if (r.url().endsWith('.wasm')) wasm.push(new URL(r.url()).pathname); });
  // The examples' images are addressed relative to the demo page, so they miss from this one;
  // everything Glossa itself loads must be found.
  const missing = [];
  opened.page.on('response', (r) => { if (r.status() >= 400) missing.push(new URL(r.url()).pathname); });
  const errors = opened.errors;
  Object.defineProperty(opened, 'errors', { get: () => errors.filter((e) => !e.startsWith('Failed to load resource')) });
  opened.missing = missing;
  await opened.page.waitForFunction(() => window.ready === true);
  return { ...opened, wasm };
}

const expected = {
  'it-implicit': 'choice',
  'en-informativeness': 'number',
  'cs-abstract-errors': 'grid',
  'cs-headline-errors': 'grid',
  'cs-propaganda': 'full',
  'pl-poquad': 'full',
};

for (const [example, build] of Object.entries(expected)) {
  test(`${example} loads the ${build} build and nothing else`, async () => {
    const { page, context, errors, wasm, missing } = await openBuilds();
    const chosen = await page.evaluate((id) => window.mountExample('one', id), example);
    assert.equal(chosen, build);
    // The widget is on screen with its first control (no error panel).
    await page.locator('#one .glossa-form').waitFor();
    assert.equal(await page.locator('#one .glossa-error-panel').count(), 0);
    assert.deepEqual(wasm, [`/www/pkg/${build}/glossa_bg.wasm`]);
    assert.deepEqual(errors, []);
    assert.deepEqual(missing.filter((p) => !p.endsWith('.svg') && !p.endsWith('.jpg') && !p.endsWith('.png')), []);
    await context.close();
  });
}

test('a choice task and a span task on one page load two builds, and both submit', async () => {
  const { page, context, errors, wasm } = await openBuilds();
  await page.evaluate(() => window.mountExample('one', 'it-implicit'));
  await page.evaluate(() => window.mountExample('two', 'cs-propaganda'));
  assert.deepEqual([...wasm].sort(), ['/www/pkg/choice/glossa_bg.wasm', '/www/pkg/full/glossa_bg.wasm']);
  await page.locator('#one').getByRole('radio', { name: 'Totalmente corretto', exact: true }).check();
  await page.locator('#one').getByRole('button', { name: 'Invia', exact: true }).click();
  await page.waitForFunction(() => window.received.length === 1);
  const [first] = await page.evaluate(() => window.received);
  assert.equal(first.item_id, 'it-001');
  assert.deepEqual(first.answers, { valutazione: 'totalmente_corretto' });
  // The span task's refusal comes from its own build, in Czech.
  const refusal = await page.evaluate(() => window.handles.two.submit());
  assert.equal(refusal.valid, false);
  assert.ok(refusal.problems.length > 0);
  // A second choice task reuses the loaded build.
  await page.evaluate(() => { window.handles.one.destroy(); return window.mountExample('one', 'it-implicit', 1); });
  assert.equal(wasm.length, 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a spec with a kind no build has, kinds of two lighter builds, or no spec at all, gets the full build', async () => {
  const { page, context, wasm } = await openBuilds();
  const [unknown, broken, both] = await page.evaluate(async () => {
    const spec = { glossa: 1, id: 's', version: '1', language: 'en', title: 't',
      blocks: [], controls: [{ kind: 'ranking', id: 'r', label: 'Rank' }] };
    const both = { ...spec, controls: [{ kind: 'number', id: 'n', label: 'N' }, { kind: 'grid', id: 'g', label: 'G' }] };
    return [window.glossa.buildFor(spec), window.glossa.buildFor('{not json'), window.glossa.buildFor(both)];
  });
  assert.deepEqual([unknown, broken, both], ['full', 'full', 'full'], 'a number and a grid together need full');
  await page.evaluate(async () => {
    const spec = { glossa: 1, id: 's', version: '1', language: 'en', title: 't',
      blocks: [], controls: [{ kind: 'ranking', id: 'r', label: 'Rank' }] };
    await window.glossa.mount(document.getElementById('one'), { spec, item: { id: 'i' } });
  });
  const panel = page.locator('#one .glossa-error-panel');
  await panel.waitFor();
  assert.match(await panel.innerText(), /controls\[0\]/);
  assert.match(await panel.innerText(), /span_attributes/, 'the full build lists every kind');
  assert.deepEqual(wasm, ['/www/pkg/full/glossa_bg.wasm']);
  await context.close();
});

test('a lean build given a kind it lacks says which build to load (never a blank or a panic)', async () => {
  const { page, context } = await openBuilds();
  await page.evaluate(async () => {
    const choice = await window.glossa.load('choice');
    const spec = { glossa: 1, id: 's', version: '1', language: 'en', title: 't', blocks: [],
      controls: [{ kind: 'number', id: 'n', label: 'How many?' }] };
    window.lean = choice.mountWidget(document.getElementById('two'), JSON.stringify(spec), JSON.stringify({ id: 'i' }), '{}');
  });
  const panel = page.locator('#two .glossa-error-panel');
  await panel.waitFor();
  const text = await panel.innerText();
  assert.match(text, /controls\[0\]/);
  assert.match(text, /glossa\.js/);
  await context.close();
});
