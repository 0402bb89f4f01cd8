// End to end: a spec's `min_seconds`. A submit before the time is up is refused with the
// seconds still to go, in the status line and in what `submit()` returns; once the time is up
// the same answers go through and the result's timings show it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('a submit before min_seconds is refused with the seconds to go; after them it goes through', async () => {
  const { page, context, errors } = await openPage(env, 'tests/e2e/pages/element.html');
  await page.evaluate(async () => {
    const { mount } = await import('/www/glossa.js');
    const [spec, items] = await Promise.all([
      fetch('/www/examples/en-likert/spec.json').then((r) => r.json()),
      fetch('/www/examples/en-likert/items.json').then((r) => r.json()),
    ]);
    const el = document.createElement('div');
    el.id = 'timed';
    document.body.append(el);
    window.timed = await mount(el, { spec: { ...spec, min_seconds: 3 }, item: items[0], options: { ids: { participant: 'T-1' } } });
    window.mountedAt = Date.now();
  });
  const widget = page.locator('#timed');
  // Answer every scale: the first point of each radio group.
  const groups = await widget.locator('input[type=radio]').evaluateAll((rs) => [...new Set(rs.map((r) => r.name))]);
  for (const name of groups) await widget.locator(`input[type=radio][name="${name}"]`).first().check();
  await widget.getByRole('button', { name: 'Submit', exact: true }).click();
  const status = widget.locator('.glossa-status');
  await assert.doesNotReject(status.getByText(/Please spend at least 3 seconds on this item; [1-3] seconds to go\./).waitFor());
  const refused = await page.evaluate(() => window.timed.submit());
  assert.equal(refused.valid, false);
  assert.deepEqual(refused.problems.map((p) => [p.path, p.code]), [['timings', 'min_time']]);
  assert.match(refused.problems[0].message, /seconds to go/);
  await page.waitForFunction(() => Date.now() - window.mountedAt > 3200);
  const done = await page.evaluate(() => window.timed.submit());
  assert.equal(done.item_id !== undefined, true, JSON.stringify(done));
  assert.ok(done.timings.active_ms >= 3000, `active ${done.timings.active_ms} ms`);
  assert.equal(await status.innerText(), 'Answer submitted. Thank you!');
  assert.deepEqual(errors, []);
  await context.close();
});
