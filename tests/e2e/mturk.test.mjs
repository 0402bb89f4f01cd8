// End to end: the MTurk ExternalQuestion page against a stand-in externalSubmit endpoint.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const task = 'spec=/www/examples/it-implicit/spec.json&items=/www/examples/it-implicit/items.json&item=it-002';

test('an accepted HIT posts the assignment id and the result to turkSubmitTo', async () => {
  const endpoint = `${env.url}stand-in-mturk`;
  const { page, context } = await openPage(env, `www/hosts/mturk.html?assignmentId=A123&hitId=H9&workerId=W77&turkSubmitTo=${encodeURIComponent(endpoint)}&${task}`);
  let posted = null;
  await page.route('**/mturk/externalSubmit', async (route) => {
    posted = { url: route.request().url(), method: route.request().method(), body: route.request().postData() };
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Thanks</p>' });
  });
  await page.getByRole('radio', { name: 'Totalmente corretto', exact: true }).check();
  await page.getByRole('button', { name: 'Invia', exact: true }).click();
  await page.getByText('Thanks').waitFor();
  assert.equal(posted.method, 'POST');
  assert.equal(new URL(posted.url).pathname, '/mturk/externalSubmit');
  const form = new URLSearchParams(posted.body);
  assert.equal(form.get('assignmentId'), 'A123');
  const result = JSON.parse(form.get('glossaResult'));
  assert.equal(result.item_id, 'it-002');
  assert.deepEqual(result.answers, { valutazione: 'totalmente_corretto' });
  assert.deepEqual(result.ids, { assignmentId: 'A123', hitId: 'H9', workerId: 'W77' });
  await context.close();
});

test('a preview shows the item locked, with no way to submit', async () => {
  const { page, context } = await openPage(env, `www/hosts/mturk.html?assignmentId=ASSIGNMENT_ID_NOT_AVAILABLE&hitId=H9&${task}`);
  // The note speaks the task's language (Italian here), as the whole page does.
  await page.getByText("Questa è un'anteprima. Accetta l'HIT per rispondere e inviare.").waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'it');
  assert.equal(await page.getByRole('radio', { name: 'Totalmente corretto', exact: true }).isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: 'Invia' }).count(), 0);
  await context.close();
});
