// End to end: `glossa:error` has one shape whatever failed — `{valid: false, kind, stage,
// message, problems: [{path, code, severity, message}]}` (GlossaError in glossa.d.ts) — for a
// spec the wasm refuses (stage `mount`), for files `<glossa-task>` cannot fetch (stage `load`),
// and in the jsPsych plugin's data.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** Checks one error detail against the documented shape. */
function shaped(detail, kind, stage) {
  assert.deepEqual(Object.keys(detail).sort(), ['kind', 'message', 'problems', 'stage', 'valid'], JSON.stringify(detail));
  assert.equal(detail.valid, false);
  assert.equal(detail.kind, kind);
  assert.equal(detail.stage, stage);
  assert.ok(detail.message.length > 0);
  assert.ok(detail.problems.length > 0);
  for (const p of detail.problems) assert.deepEqual(Object.keys(p).sort(), ['code', 'message', 'path', 'severity']);
}

test('a refused spec and unfetchable files raise glossa:error in one shape; validate() returns it too', async () => {
  const { page, context } = await openPage(env, 'tests/e2e/pages/element.html');
  const out = await page.evaluate(async () => {
    const { mount } = await import('/www/glossa.js');
    const el = document.createElement('div');
    document.body.append(el);
    const raised = new Promise((ok) => el.addEventListener('glossa:error', (e) => ok(e.detail), { once: true }));
    const handle = await mount(el, { spec: { glossa: 1, id: 'x', version: '1', language: 'en', blocks: [], controls: [{ kind: 'single_choice', id: 'c', label: 'C', options: [] }] }, item: { id: 'i' } });
    const task = document.createElement('glossa-task');
    task.setAttribute('spec-src', '/no/such/spec.json');
    task.setAttribute('item-src', '/no/such/items.json');
    const loadRaised = new Promise((ok) => task.addEventListener('glossa:error', (e) => ok(e.detail), { once: true }));
    document.body.append(task);
    return { mounted: await raised, validate: handle.validate(), load: await loadRaised };
  });
  shaped(out.mounted, 'spec', 'mount');
  assert.match(out.mounted.message, /^controls\[0\]\.options/);
  assert.deepEqual(out.validate, out.mounted, 'validate() of a widget that could not show its task returns the same');
  shaped(out.load, 'load', 'load');
  assert.equal(out.load.problems[0].code, 'load_failed');
  await context.close();
});

test('the jsPsych plugin records a refused spec in data.error in the same shape', async () => {
  const { page, context } = await openPage(env, 'tests/e2e/pages/jspsych.html?bad');
  await page.getByRole('button', { name: 'Continua' }).click();
  await page.getByRole('radio', { name: 'Totalmente sbagliato', exact: true }).check();
  await page.getByRole('button', { name: 'Invia', exact: true }).click();
  await page.getByRole('radio', { name: 'Totalmente corretto', exact: true }).check();
  await page.getByRole('button', { name: 'Invia', exact: true }).click();
  await page.waitForFunction(() => Array.isArray(window.done));
  const [first] = await page.evaluate(() => window.done);
  shaped(first.error, 'spec', 'mount');
  assert.equal(first.response, null);
  await context.close();
});
