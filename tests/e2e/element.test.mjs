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
