// End to end: the JS handle `mount()` returns, after `destroy()` (issue 14, fault 3): every
// method answers as documented and nothing throws from the wasm's insides.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('a destroyed handle answers every method without throwing; destroy twice is harmless; confirm still drops the draft', async () => {
  const { page, context, errors } = await openPage(env, 'tests/e2e/pages/element.html');
  const out = await page.evaluate(async () => {
    const { mount } = await import('/www/glossa.js');
    const [spec, items] = await Promise.all([
      fetch('/www/examples/it-implicit/spec.json').then((r) => r.json()),
      fetch('/www/examples/it-implicit/items.json').then((r) => r.json()),
    ]);
    const el = document.createElement('div');
    document.body.append(el);
    const handle = await mount(el, { spec, item: items[0], options: { ids: { participant: 'H-1' } } });
    el.querySelector('input[value=totalmente_corretto]').click();
    // Let the draft be saved (its own task after the change; the page's other widget may be
    // rendering at the same moment, so wait for it rather than a fixed time).
    const draftKey = () => Object.keys(localStorage).find((k) => k.startsWith('glossa:draft/1:') && k.includes('H-1'));
    for (let waited = 0; !draftKey() && waited < 3000; waited += 20) await new Promise((ok) => setTimeout(ok, 20));
    const key = draftKey();
    const before = { draft: handle.draft()?.item_id, valid: handle.validate().valid, destroyed: handle.destroyed };
    const result = handle.submit();
    handle.destroy();
    const after = {};
    for (const name of ['validate', 'submit', 'draft', 'destroy', 'confirm', 'destroy']) {
      try { after[name] = handle[name](); } catch (e) { after[name] = `threw: ${e}`; }
    }
    return { before, submitted: result.item_id, key, keyKept: key && localStorage.getItem(key) !== null,
      after, destroyed: handle.destroyed, left: key && localStorage.getItem(key), empty: el.childNodes.length };
  });
  assert.deepEqual(out.before, { draft: 'it-001', valid: true, destroyed: false });
  assert.equal(out.submitted, 'it-001');
  assert.ok(out.key, 'a draft was saved');
  assert.deepEqual(out.after.validate, { valid: false, kind: 'destroyed', problems: [] });
  assert.deepEqual(out.after.submit, { valid: false, kind: 'destroyed', problems: [] });
  assert.equal(out.after.draft, null);
  assert.equal(out.after.destroy, undefined);
  assert.equal(out.after.confirm, undefined);
  assert.equal(out.destroyed, true);
  assert.equal(out.left, null, 'confirm after destroy removed the draft (the result was stored after the widget went)');
  assert.equal(out.empty, 0, 'the element is empty');
  assert.deepEqual(errors, []);
  await context.close();
});

test('await mount() gives a widget already on the page, even while other widgets render on a slow phone', async () => {
  const { page, context, errors } = await openPage(env, 'tests/e2e/pages/element.html');
  // A slow phone: renders run past yew's 16 ms slice, so its scheduler yields mid-way.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const out = await page.evaluate(async () => {
    const { mount } = await import('/www/glossa.js');
    const read = (name) => Promise.all(['spec', 'items'].map((f) => fetch(`/www/examples/${name.replace('*', f)}.json`).then((r) => r.json())));
    const tasks = await Promise.all(['pl-poquad/*', 'cs-propaganda/*', 'it-implicit/*', 'pl-poquad/*', 'cs-summary-errors/abstract-*'].map(read));
    // What each element holds the moment its mount resolves (no waiting of any kind after it).
    return Promise.all(tasks.map(([spec, items], n) => {
      const el = document.createElement('div');
      document.body.append(el);
      return mount(el, { spec, item: items[0], options: { ids: { participant: `R-${n}` } } })
        .then(() => ({ widget: el.querySelector('.glossa') !== null, submit: el.querySelector('button[type=submit], .glossa-submit') !== null }));
    }));
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  assert.deepEqual(out, Array(5).fill({ widget: true, submit: true }));
  // A spec with an error: the promise resolves with its panel on the page.
  const panel = await page.evaluate(async () => {
    const { mount } = await import('/www/glossa.js');
    const el = document.createElement('div');
    document.body.append(el);
    await mount(el, { spec: { language: 'en', controls: [{ kind: 'single_choice' }] }, item: { id: 'x' } });
    return el.querySelector('[role=alert]')?.textContent ?? null;
  });
  assert.ok(panel, 'the error panel is there when mount resolves');
  assert.deepEqual(errors, []);
  await context.close();
});
