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

test('a participant who misses an attention item ends on complete_attention; a task that cannot load offers complete_error', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.route('**/www/hosts/jatos.js', (route) => route.fulfill({ contentType: 'text/javascript', body: standIn }));
  await page.route('https://app.prolific.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>Prolific</p>' }));
  const done = encodeURIComponent('https://app.prolific.example/complete?cc=DONE');
  const missed = encodeURIComponent('https://app.prolific.example/complete?cc=ATTN');
  const broken = encodeURIComponent('https://app.prolific.example/complete?cc=RETURN');
  await page.goto(new URL(`www/hosts/jatos.html?spec=../examples/it-implicit/spec.json&items=../examples/it-implicit/items.json&plan=../../tests/fixtures/it-plan-attention.json&participant=s01&complete=${done}&complete_attention=${missed}`, env.url).href);
  // it-001, it-004, then the attention item it-002, whose instructed answer is "risposta non fornita".
  for (let n = 1; n <= 3; n += 1) {
    await page.getByText(`Elemento ${n} di 3`).waitFor();
    await answer(page, 'Totalmente corretto');
  }
  await page.waitForURL('https://app.prolific.example/**');
  assert.equal(page.url(), 'https://app.prolific.example/complete?cc=ATTN');
  // The task cannot load (no such spec): the participant is offered the study's way back.
  await page.goto(new URL('www/hosts/jatos.html', env.url).href.replace('jatos.html', 'nothing.html'));
  // The plan's gold item (here the attention item) is flagged in its result, as every page does.
  const data = await page.evaluate(() => JSON.parse(localStorage.getItem('jatos:data')));
  const flags = data.trim().split('\n').map((l) => JSON.parse(l)).map((r) => [r.item_id, r.ids.gold ?? null, r.ids.slot]);
  assert.deepEqual(flags, [['it-001', null, 's01'], ['it-004', null, 's01'], ['it-002', 'gold', 's01']]);
  await page.evaluate(() => localStorage.clear());
  await page.goto(new URL(`www/hosts/jatos.html?spec=missing.json&complete_error=${broken}`, env.url).href);
  await page.getByRole('alert').waitFor();
  await page.getByRole('link').click();
  await page.waitForURL('https://app.prolific.example/**');
  assert.equal(page.url(), 'https://app.prolific.example/complete?cc=RETURN');
  await page.goto(new URL('www/hosts/jatos.html', env.url).href.replace('jatos.html', 'nothing.html'));
  const ended = await page.evaluate(() => JSON.parse(localStorage.getItem('jatos:ended')));
  assert.deepEqual(ended, { successful: false, url: 'https://app.prolific.example/complete?cc=RETURN' });
  await context.close();
});
