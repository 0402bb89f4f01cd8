// End to end: the Qualtrics snippet in a stand-in survey page (see docs/src/hosts/qualtrics.md for what
// a live survey adds).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, openPage } from './harness.mjs';

let env;
let item;
before(async () => {
  env = await launch();
  item = JSON.parse(await readFile(new URL('../../www/examples/it-implicit/items.json', import.meta.url), 'utf8'))[2];
});
after(async () => { await env?.close(); });

/** The question's JavaScript, as pasted into Qualtrics (piped text already substituted). */
async function runSnippet(page, { base, spec, extra = '' }) {
  const b64 = Buffer.from(JSON.stringify(item), 'utf8').toString('base64');
  await page.evaluate(([base, spec, b64, extra]) => window.runQuestionJs(`
    Qualtrics.SurveyEngine.addOnReady(function () {
      var q = this;
      var s = document.createElement('script');
      s.src = '${base}www/hosts/qualtrics.js';
      s.onload = function () {
        GlossaQualtrics.attach(q, { base: '${base}', spec: '${spec}',
          itemBase64: '${b64}', field: 'glossa_2', ids: { participant: 'R_abc' }, textEntryQuestionId: 'QID7'${extra} });
      };
      document.head.appendChild(s);
    });`), [base, spec, b64, extra]);
}

async function sha256Hex(page, text) {
  return page.evaluate(async (t) => {
    const d = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(t));
    return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join('');
  }, text);
}

/** Answers the Italian item, presses Next, and returns the fields the snippet wrote. */
async function answerAndSubmit(page) {
  const next = page.locator('#NextButton');
  await page.getByRole('radio', { name: 'Corretto tra varie opzioni', exact: true }).waitFor();
  assert.equal(await next.isDisabled(), true, 'Next disabled before an answer');
  assert.equal(await page.getByRole('button', { name: 'Invia' }).count(), 0, 'the widget hides its own button');
  await page.getByRole('radio', { name: 'Corretto tra varie opzioni', exact: true }).check();
  await page.waitForFunction(() => !document.getElementById('NextButton').disabled);
  await next.click();
  return page.evaluate(() => window.embedded);
}

function reassemble(embedded, prefix) {
  const count = Number(embedded[`${prefix}_count`]);
  assert.ok(count >= 1);
  for (let i = 1; i <= count; i++) assert.ok(embedded[`${prefix}_${i}`].length <= 10000);
  return Array.from({ length: count }, (_, i) => embedded[`${prefix}_${i + 1}`]).join('');
}

for (const [api, prefix] of [['both', '__js_glossa_2'], ['js', '__js_glossa_2'], ['legacy', 'glossa_2']]) {
  test(`embedded data (survey offering ${api === 'both' ? 'both APIs' : api === 'js' ? 'only setJSEmbeddedData' : 'only setEmbeddedData'}): Next gated, fields ${prefix}_* reassemble to the exact result JSON`, async () => {
    const { page, context, errors } = await openPage(env, `tests/e2e/pages/qualtrics.html?api=${api}`);
    await runSnippet(page, { base: env.url, spec: `${env.url}www/examples/it-implicit/spec.json` });
    const embedded = await answerAndSubmit(page);
    const json = reassemble(embedded, prefix);
    const result = JSON.parse(json);
    assert.equal(result.item_id, 'it-003');
    assert.deepEqual(result.answers, { valutazione: 'corretto_tra_opzioni' });
    assert.deepEqual(result.ids, { participant: 'R_abc' });
    assert.equal(embedded[`${prefix}_sha256`], await sha256Hex(page, json), 'the snippet hash matches WebCrypto');
    const other = prefix.startsWith('__js_') ? 'glossa_2_count' : '__js_glossa_2_count';
    assert.equal(embedded[other], undefined, 'one API only: setJSEmbeddedData where it exists');
    assert.equal(await page.locator('[id="QR~QID7"]').inputValue(), json);
    assert.equal(embedded.__js_glossa_error ?? embedded.glossa_error, undefined, 'no error recorded');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a survey with no embedded-data API: Next stays disabled and the participant is told', async () => {
  const { page, context } = await openPage(env, 'tests/e2e/pages/qualtrics.html?api=none');
  await page.evaluate(() => { document.documentElement.lang = 'it'; });
  await runSnippet(page, { base: env.url, spec: `${env.url}www/examples/it-implicit/spec.json` });
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /non può salvare la tua risposta/);
  assert.equal(await page.locator('#NextButton').isDisabled(), true);
  assert.equal(await page.getByRole('radio').count(), 0, 'no task to do whose answer would be dropped');
  await context.close();
});

test('the bundle cannot load (no CORS on its host): a message in the task language, glossa_error, Next enabled', async () => {
  const { page, context } = await openPage(env, 'tests/e2e/pages/qualtrics.html');
  // Glossa's files on another origin that sends no Access-Control-Allow-Origin header, as a
  // misconfigured static host would: the module import is refused by the browser.
  const noCors = env.url.replace('localhost', '127.0.0.1');
  await runSnippet(page, { base: noCors, spec: `${env.url}www/examples/it-implicit/spec.json` });
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /Non è stato possibile caricare il compito/, 'Italian, the spec\'s language');
  await page.waitForFunction(() => !document.getElementById('NextButton').disabled);
  const embedded = await page.evaluate(() => window.embedded);
  assert.match(embedded.__js_glossa_error, /^bundle: /, 'the researcher can branch on glossa_error');
  assert.equal(embedded.__js_glossa_2_count, undefined, 'no result fields');
  await page.locator('#NextButton').click();
  assert.equal(await page.evaluate(() => window.pageSubmitted), true);
  await context.close();
});

test('a spec URL that fails and a broken item: each recorded in glossa_error', async () => {
  for (const [spec, extra, stage] of [
    [`${env.url}www/examples/nope/spec.json`, '', /^spec-url: HTTP 404/],
    [`${env.url}www/examples/it-implicit/spec.json`, ", itemBase64: 'not base64 json!'", /^item-data: /],
  ]) {
    const { page, context } = await openPage(env, 'tests/e2e/pages/qualtrics.html?api=legacy');
    await runSnippet(page, { base: env.url, spec, extra });
    await page.getByRole('alert').first().waitFor();
    await page.waitForFunction(() => !document.getElementById('NextButton').disabled);
    assert.match(await page.evaluate(() => window.embedded.glossa_error), stage);
    await context.close();
  }
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

test('chunks end on code point boundaries: emoji, ZWJ sequences, flags and combining marks at every position', async () => {
  const { page, context } = await openPage(env, 'tests/e2e/pages/qualtrics.html');
  await page.addScriptTag({ url: `${env.url}www/hosts/qualtrics.js` });
  const report = await page.evaluate(async () => {
    const { chunks, sha256, CHUNK } = window.GlossaQualtrics;
    const pieces = ['🐴', '👩‍👩‍👧‍👦', '🇨🇿', 'e\u0301', 'ů', '🧑🏽‍🚀', '"\\u{1F600}"'];
    const bad = [];
    let cases = 0;
    for (const piece of pieces) {
      for (let k = 0; k <= piece.length + 1; k++) {
        // The piece straddles the first and the second boundary at every offset.
        const lead = 'x'.repeat(CHUNK - k);
        const text = lead + piece + 'y'.repeat(CHUNK - piece.length) + piece + 'z'.repeat(k + 3);
        const parts = chunks(text);
        cases += 1;
        // Posted as UTF-8, each part is encoded on its own: a lone surrogate would turn into U+FFFD.
        const posted = parts.map((p) => new TextDecoder().decode(new TextEncoder().encode(p)));
        const joined = posted.join('');
        if (!parts.every((p) => p.length <= CHUNK && p.isWellFormed())) bad.push(`${piece}@${k}: part not well formed`);
        if (joined !== text) bad.push(`${piece}@${k}: does not reassemble`);
        if (sha256(joined) !== sha256(text)) bad.push(`${piece}@${k}: hash differs`);
      }
    }
    return { bad, cases };
  });
  assert.deepEqual(report.bad, []);
  assert.ok(report.cases > 30);
  await context.close();
});

test("the guide's reassembly (docs/src/hosts/qualtrics.md) reproduces the exact JSON from a CSV export, hash included", async () => {
  const { page, context } = await openPage(env, 'tests/e2e/pages/qualtrics.html');
  await page.addScriptTag({ url: `${env.url}www/hosts/qualtrics.js` });
  // A long result whose chunk boundaries fall inside emoji.
  const fields = await page.evaluate(() => {
    const { chunks, sha256 } = window.GlossaQualtrics;
    const json = JSON.stringify({ item_id: 'q-1', answers: { note: 'x'.repeat(9999) + '👩‍👩‍👧‍👦 žluťoučký 🐴'.repeat(900) } });
    const parts = chunks(json);
    const out = { json, __js_glossa_1_count: String(parts.length), __js_glossa_1_sha256: sha256(json) };
    parts.forEach((p, i) => { out[`__js_glossa_1_${i + 1}`] = p; });
    return out;
  });
  const { json, ...embedded } = fields;
  const dir = await mkdtemp(join(tmpdir(), 'glossa-qualtrics-'));
  // A Qualtrics CSV export: a header row, the question-text row, the ImportId row, then responses.
  const names = ['ResponseId', ...Object.keys(embedded)];
  const quote = (v) => `"${String(v).replaceAll('"', '""')}"`;
  const csv = [names, names, names.map((n) => `{"ImportId":"${n}"}`), ['R_1', ...Object.values(embedded)]]
    .map((row) => row.map(quote).join(',')).join('\r\n');
  await writeFile(join(dir, 'export.csv'), csv, 'utf8');
  const guide = await readFile(new URL('../../docs/src/hosts/qualtrics.md', import.meta.url), 'utf8');
  // The block sits in a numbered list: its lines are indented by the list's three spaces.
  const script = guide.match(/```python\n([\s\S]*?)```/)[1].split('\n').map((l) => l.replace(/^ {3}/, '')).join('\n');
  await writeFile(join(dir, 'reassemble.py'), script, 'utf8');
  const out = execFileSync('python3', [join(dir, 'reassemble.py'), join(dir, 'export.csv'), 'glossa_1'], { encoding: 'utf8' });
  assert.equal(out, json + '\n', 'one line per response: the exact JSON');
  await context.close();
});

test('a result larger than the declared fields is never cut: Next waits, the participant is asked to shorten, and a forced submit is on record', async () => {
  const { page, context, errors } = await openPage(env, 'tests/e2e/pages/qualtrics.html');
  await runSnippet(page, { base: env.url, spec: `${env.url}tests/fixtures/it-note-spec.json`, extra: ', fields: 2' });
  const next = page.locator('#NextButton');
  await page.getByRole('radio', { name: 'Totalmente corretto', exact: true }).check();
  await page.waitForFunction(() => !document.getElementById('NextButton').disabled);
  // 25,000 characters of note: the result needs three chunks, the survey keeps two.
  const note = page.getByRole('textbox', { name: 'Nota' });
  await note.fill('Una nota molto lunga. '.repeat(1137));
  const warning = page.locator('.glossa-qualtrics-too-large');
  await warning.waitFor();
  assert.match(await warning.textContent(), /La tua risposta è troppo lunga .* al massimo 19744\)/);
  assert.equal(await warning.getAttribute('role'), 'alert');
  assert.equal(await next.isDisabled(), true, 'Next waits while the result would not fit');
  assert.match(await page.evaluate(() => window.embedded.__js_glossa_error), /^too-large: the result needs more than the 2 declared fields/);
  // Shortened: the notice goes, Next comes back, and the fields hold the whole result.
  await note.fill('Una nota breve.');
  await warning.waitFor({ state: 'detached' });
  await page.waitForFunction(() => !document.getElementById('NextButton').disabled);
  await next.click();
  const fine = await page.evaluate(() => window.embedded);
  assert.equal(fine.__js_glossa_2_count, '1');
  assert.equal(JSON.parse(fine.__js_glossa_2_1).answers.nota, 'Una nota breve.');
  assert.ok(errors.some((e) => e.includes('needs more than the 2 chunk fields')), 'the researcher\'s console says what to declare');
  await context.close();
});

test('a host that forces the page on with a too-large result: every chunk written, the shortfall on record, the text entry holds a whole copy', async () => {
  const { page, context } = await openPage(env, 'tests/e2e/pages/qualtrics.html');
  await runSnippet(page, { base: env.url, spec: `${env.url}tests/fixtures/it-note-spec.json`, extra: ', fields: 1' });
  await page.getByRole('radio', { name: 'Totalmente corretto', exact: true }).check();
  await page.getByRole('textbox', { name: 'Nota' }).fill('x'.repeat(12000));
  await page.locator('.glossa-qualtrics-too-large').waitFor();
  const out = await page.evaluate(() => {
    const next = document.getElementById('NextButton');
    next.disabled = false; // the host's own script presses Next
    next.click();
    return { embedded: window.embedded, copy: document.getElementById('QR~QID7').value };
  });
  assert.equal(out.embedded.__js_glossa_2_count, '2');
  const joined = out.embedded.__js_glossa_2_1 + out.embedded.__js_glossa_2_2;
  assert.equal(joined, out.copy, 'the text entry question holds the whole result');
  assert.equal(JSON.parse(joined).answers.nota.length, 12000);
  assert.match(out.embedded.__js_glossa_error, /^too-large: 2 chunks written, 1 declared; declare glossa_2_1 … glossa_2_2/);
  await context.close();
});
