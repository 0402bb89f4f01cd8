// End to end: the JATOS component (www/hosts/jatos.html) against a stand-in jatos.js — every
// result appended to the result data once, through a failing server and a reload, the study
// session resuming at the next item, the study ended with its redirect.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, openPage, ItalianTask } from './harness.mjs';

let env;
let standIn;
before(async () => {
  env = await launch();
  standIn = await readFile(new URL('./pages/jatos-stand-in.js', import.meta.url), 'utf8');
});
after(async () => { await env?.close(); });

async function answer(page, name) {
  const it = await new ItalianTask(page).ready();
  await it.option(name).check();
  await it.submitButton().click();
}

test('every result appended once; a reload resumes; the study ends on the completion link', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.route('**/www/hosts/jatos.js', (route) => route.fulfill({ contentType: 'text/javascript', body: standIn }));
  await page.route('https://app.prolific.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>Prolific</p>' }));
  const complete = encodeURIComponent('https://app.prolific.example/submissions/complete?cc=C0DE');
  await page.goto(new URL(`www/hosts/jatos.html?spec=../examples/it-implicit/spec.json&items=../../tests/fixtures/it-two-items.json&PROLIFIC_PID=5f1a&flaky=2&complete=${complete}`, env.url).href);
  await page.getByText('Elemento 1 di 2').waitFor();
  await answer(page, 'Totalmente sbagliato');
  // Two failed appends later (retried after 1 s and 2 s), the next item.
  await page.getByText('Elemento 2 di 2').waitFor({ timeout: 15000 });
  await page.reload();
  await page.getByText('Elemento 2 di 2').waitFor();
  await answer(page, 'Totalmente corretto');
  await page.waitForURL('https://app.prolific.example/**');
  await page.goto(new URL('www/hosts/jatos.html', env.url).href.replace('jatos.html', 'nothing.html'));
  const stored = await page.evaluate(() => ({ data: JSON.parse(localStorage.getItem('jatos:data')), ended: JSON.parse(localStorage.getItem('jatos:ended')), appends: JSON.parse(localStorage.getItem('jatos:appends')) }));
  const lines = stored.data.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((r) => [r.item_id, r.answers.valutazione]), [['it-001', 'totalmente_sbagliato'], ['it-002', 'totalmente_corretto']]);
  assert.deepEqual(lines[0].ids, { PROLIFIC_PID: '5f1a', jatos_worker: '7' });
  assert.equal(stored.appends, 4, 'two failed tries, then one append per result');
  assert.deepEqual(stored.ended, { successful: true, url: 'https://app.prolific.example/submissions/complete?cc=C0DE' });
  await context.close();
});
