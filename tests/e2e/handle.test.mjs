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
