// End to end: the <glossa-task> custom element.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('<glossa-task> loads its spec and item from attributes, and its events bubble to document', async () => {
  const { page, context, errors } = await openPage(env, 'tests/e2e/pages/element.html');
  await page.getByRole('radio', { name: 'Risposta non fornita', exact: true }).check();
  await page.getByRole('button', { name: 'Invia', exact: true }).click();
  await page.waitForFunction(() => window.received.length === 1);
  const [result] = await page.evaluate(() => window.received);
  assert.equal(result.item_id, 'it-004');
  assert.deepEqual(result.answers, { valutazione: 'risposta_non_fornita' });
  assert.deepEqual(result.ids, { participant: 'E-1' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('<glossa-task> whose spec or items cannot be fetched shows an error panel and raises glossa:error', async () => {
  const { page, context } = await openPage(env, 'tests/e2e/pages/element.html');
  await page.getByRole('radio', { name: 'Risposta non fornita', exact: true }).waitFor();
  const got = await page.evaluate(async () => {
    const results = [];
    for (const [spec, items] of [['/www/examples/nope/spec.json', '/www/examples/it-implicit/items.json'],
      ['/www/examples/it-implicit/spec.json', '/README.md']]) {
      const el = document.createElement('glossa-task');
      el.setAttribute('spec-src', spec);
      el.setAttribute('item-src', items);
      const error = new Promise((ok) => el.addEventListener('glossa:error', (e) => ok(e.detail), { once: true }));
      document.body.append(el);
      const detail = await error;
      results.push({ detail, panel: el.querySelector('[role=alert]')?.textContent ?? null });
    }
    return results;
  });
  assert.equal(got[0].detail.kind, 'load');
  assert.match(got[0].detail.message, /spec-src \/www\/examples\/nope\/spec.json: HTTP 404/);
  assert.match(got[0].panel, /This task could not be loaded: spec-src/);
  assert.match(got[1].detail.message, /item-src \/README.md: not JSON/);
  await context.close();
});
