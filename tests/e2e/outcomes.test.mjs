// End to end: the pilot's completion links per outcome, as Prolific's completion codes are —
// completed, missed an attention item, or the study could not be shown on the device.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, ItalianTask } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const code = (cc) => encodeURIComponent(`https://app.prolific.example/submissions/complete?cc=${cc}`);
const LINKS = `complete=${code('DONE')}&complete_attention=${code('ATTN')}&complete_error=${code('ERR')}`;
const PLAN = 'example=it-implicit&plan=tests/fixtures/it-plan-attention.json&PROLIFIC_PID=s01';

async function answer(page, name) {
  const it = await new ItalianTask(page).ready();
  await it.option(name).check();
  await it.submitButton().click();
}

/** Answers the plan's three items (it-001, it-004, then the attention item it-002). */
async function runThrough(page, attentionAnswer) {
  for (const [n, name] of [[1, 'Totalmente sbagliato'], [2, 'Totalmente corretto'], [3, attentionAnswer]]) {
    await page.getByText(`Elemento ${n} di 3`).waitFor();
    await answer(page, name);
    if (n < 3) await page.getByRole('button', { name: 'Elemento successivo →' }).click();
  }
  const finish = page.getByRole('link', { name: 'Termina e torna allo studio' });
  await finish.waitFor();
  return finish.getAttribute('href');
}

test('the instructed answer on the attention item ends on the completed code', async () => {
  const { page, context } = await openPage(env, `?${PLAN}&${LINKS}`);
  assert.match(await runThrough(page, 'Risposta non fornita'), /cc=DONE$/);
  await context.close();
});

test('another answer on the attention item ends on the attention code; nothing on screen differs', async () => {
  const { page, context } = await openPage(env, `?${PLAN}&${LINKS}`);
  assert.match(await runThrough(page, 'Totalmente corretto'), /cc=ATTN$/);
  assert.equal(await page.getByText('attenzione', { exact: false }).count(), 0);
  await context.close();
});

test('a study that cannot be loaded tells the participant and gives the error code, never a blank page', async () => {
  // The items file is not there.
  const { page, context } = await openPage(env, `?spec=www/examples/it-implicit/spec.json&items=tests/fixtures/nothing-here.json&PROLIFIC_PID=p1&${LINKS}`);
  await page.getByRole('alert').waitFor();
  const back = page.getByRole('link', { name: 'Termina e torna allo studio' });
  await back.waitFor();
  assert.match(await back.getAttribute('href'), /cc=ERR$/);
  assert.match(await page.locator('#complete').textContent(), /Ci dispiace/);
  await context.close();
  // The spec has errors: the widget's panel names them, and the error code is offered too.
  const bad = await openPage(env, `?spec=tests/fixtures/bad-spec.json&items=www/examples/it-implicit/items.json&PROLIFIC_PID=p1&${LINKS}`);
  await bad.page.locator('.glossa-error-panel').waitFor();
  const link = bad.page.locator('#complete-link');
  await link.waitFor();
  assert.match(await link.getAttribute('href'), /cc=ERR$/);
  await bad.context.close();
});
