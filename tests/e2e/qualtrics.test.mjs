// End to end: the Qualtrics snippet in a stand-in survey page (see docs/qualtrics.md for what
// a live survey adds).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, openPage } from './harness.mjs';

let env;
let item;
before(async () => {
  env = await launch();
  item = JSON.parse(await readFile(new URL('../../www/examples/it-implicit/items.json', import.meta.url), 'utf8'))[2];
});
after(async () => { await env?.close(); });

test('Next stays disabled until valid; embedded data reassembles to the exact result JSON', async () => {
  const { page, context, errors } = await openPage(env, 'tests/e2e/pages/qualtrics.html');
  const b64 = Buffer.from(JSON.stringify(item), 'utf8').toString('base64');
  // The question's JavaScript, as pasted into Qualtrics (piped text already substituted).
  await page.evaluate(([base, b64]) => window.runQuestionJs(`
    Qualtrics.SurveyEngine.addOnReady(function () {
      var q = this;
      var s = document.createElement('script');
      s.src = '${base}www/hosts/qualtrics.js';
      s.onload = function () {
        GlossaQualtrics.attach(q, { base: '${base}', spec: '${base}www/examples/it-implicit/spec.json',
          itemBase64: '${b64}', field: 'glossa_2', ids: { participant: 'R_abc' }, textEntryQuestionId: 'QID7' });
      };
      document.head.appendChild(s);
    });`), [env.url, b64]);
  const next = page.locator('#NextButton');
  await page.getByRole('radio', { name: 'Corretto tra varie opzioni', exact: true }).waitFor();
  assert.equal(await next.isDisabled(), true, 'Next disabled before an answer');
  assert.equal(await page.getByRole('button', { name: 'Invia' }).count(), 0, 'the widget hides its own button');
  await page.getByRole('radio', { name: 'Corretto tra varie opzioni', exact: true }).check();
  await page.waitForFunction(() => !document.getElementById('NextButton').disabled);
  await next.click();
  const embedded = await page.evaluate(() => window.embedded);
  const count = Number(embedded.glossa_2_count);
  assert.ok(count >= 1);
  for (let i = 1; i <= count; i++) assert.ok(embedded[`glossa_2_${i}`].length <= 10000);
  const json = Array.from({ length: count }, (_, i) => embedded[`glossa_2_${i + 1}`]).join('');
  const result = JSON.parse(json);
  assert.equal(result.item_id, 'it-003');
  assert.deepEqual(result.answers, { valutazione: 'corretto_tra_opzioni' });
  assert.deepEqual(result.ids, { participant: 'R_abc' });
  const expected = await page.evaluate(async (text) => {
    const d = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join('');
  }, json);
  assert.equal(embedded.glossa_2_sha256, expected, 'the snippet hash matches WebCrypto');
  assert.equal(await page.locator('[id="QR~QID7"]').inputValue(), json);
  assert.deepEqual(errors, []);
  await context.close();
});

test('long results are chunked at 10,000 characters and the hash covers them all', async () => {
  const { page, context } = await openPage(env, 'tests/e2e/pages/qualtrics.html');
  await page.addScriptTag({ url: `${env.url}www/hosts/qualtrics.js` });
  const checks = await page.evaluate(async () => {
    const text = 'žluťoučký kůň 🐴 '.repeat(2000); // > 30,000 characters, multi-byte
    const d = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    const hex = [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join('');
    const empty = await crypto.subtle.digest('SHA-256', new Uint8Array(0));
    return {
      long: window.GlossaQualtrics.sha256(text) === hex,
      empty: window.GlossaQualtrics.sha256('') === [...new Uint8Array(empty)].map((b) => b.toString(16).padStart(2, '0')).join(''),
      parts: window.GlossaQualtrics.chunks(text).map((p) => p.length),
      rejoined: window.GlossaQualtrics.chunks(text).join('') === text,
    };
  });
  assert.equal(checks.long, true);
  assert.equal(checks.empty, true);
  assert.deepEqual(checks.parts, [10000, 10000, 10000, 4000]);
  assert.equal(checks.rejoined, true);
  await context.close();
});
