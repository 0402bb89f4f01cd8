// End to end: a host that reads the widget in the same JavaScript task as the annotator's last
// input gets that input (issue 25, part 1). Qualtrics' Next, a jsPsych timeline wired by the
// host, a test script or a browser's autofill all call `submit()` this way: before the fix,
// the answer was the state of the last render (`required`, no `glossa:submit`, the typed text
// lost).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, openPage, wordCentres } from './harness.mjs';

let env;
const read = async (path) => JSON.parse(await readFile(new URL(`../../${path}`, import.meta.url), 'utf8'));
let italian, italianItems, czech, czechItems;
before(async () => {
  env = await launch();
  [italian, italianItems, czech, czechItems] = await Promise.all([
    read('www/examples/it-implicit/spec.json'), read('www/examples/it-implicit/items.json'),
    read('www/examples/cs-propaganda/spec.json'), read('www/examples/cs-propaganda/items.json'),
  ]);
});
after(async () => { await env?.close(); });

/** The Italian example with a free-text note added (as in the report). */
const withNote = () => ({
  ...italian,
  controls: [...italian.controls, { kind: 'text', id: 'nota', label: 'Nota', required: true }],
});

/** Mounts a spec and item in a fresh element; `window.h` is the handle, `window.submits` the events. */
async function mountOn(page, spec, item) {
  await page.evaluate(async ([spec, item]) => {
    const { mount } = await import('/www/glossa.js');
    const el = document.createElement('div');
    el.id = 'w';
    document.body.append(el);
    window.submits = [];
    el.addEventListener('glossa:submit', (e) => window.submits.push(e.detail));
    window.h = await mount(el, { spec, item, options: { hideSubmit: true, ids: { participant: 'L-1' } } });
  }, [spec, item]);
}

test('a click and typing, then submit() in the same task: the result has both', async () => {
  const { page, context, errors } = await openPage(env, 'tests/e2e/pages/element.html');
  await mountOn(page, withNote(), italianItems[0]);
  const out = await page.evaluate(() => {
    const el = document.getElementById('w');
    el.querySelector('input[value=parzialmente_corretto]').click();
    const box = el.querySelector('input.glossa-text-input');
    box.value = 'Manca la seconda parte.';
    box.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }));
    const result = window.h.submit();
    return { result, submits: window.submits.length };
  });
  assert.equal(out.result.valid, undefined, `a result, not a report: ${JSON.stringify(out.result)}`);
  assert.deepEqual(out.result.answers, { valutazione: 'parzialmente_corretto', nota: 'Manca la seconda parte.' });
  assert.equal(out.submits, 1, 'glossa:submit fired in the same task');
  assert.deepEqual(errors, []);
  await context.close();
});

test('validate() and draft() in the same task as the input see it too', async () => {
  const { page, context, errors } = await openPage(env, 'tests/e2e/pages/element.html');
  await mountOn(page, withNote(), italianItems[1]);
  const out = await page.evaluate(() => {
    const el = document.getElementById('w');
    el.querySelector('input[value=totalmente_corretto]').click();
    const first = window.h.validate();
    const box = el.querySelector('input.glossa-text-input');
    box.value = 'ok';
    box.dispatchEvent(new InputEvent('input', { bubbles: true }));
    return { first, second: window.h.validate(), draft: window.h.draft() };
  });
  assert.deepEqual(out.first.problems.map((p) => [p.path, p.code]), [['nota', 'required']], 'only the empty note is missing');
  assert.equal(out.second.valid, true);
  assert.equal(JSON.stringify(out.draft).includes('totalmente_corretto'), true, 'the draft has the click');
  assert.equal(JSON.stringify(out.draft).includes('"ok"'), true, 'the draft has the typing');
  assert.deepEqual(errors, []);
  await context.close();
});

test('word taps and a span assignment, then submit() in the same task: the span is in the result', async () => {
  const { page, context, errors } = await openPage(env, 'tests/e2e/pages/element.html');
  // The Czech propaganda task cut to one span attribute (Místo), so one span completes it.
  const span = czech.controls[0];
  const spec = { ...czech, blocks: [], controls: [{ ...span, attributes: [span.attributes[0]] }] };
  await mountOn(page, spec, czechItems[0]);
  await page.getByRole('combobox', { name: 'Místo', exact: true }).selectOption({ label: 'EU' });
  const text = page.locator('.glossa-span-text');
  const words = czechItems[0].article.split(/\s+/).slice(0, 2);
  const [a, b] = await wordCentres(text, words);
  await page.evaluate(([a, b]) => {
    const el = document.querySelector('.glossa-span-text');
    for (const p of [a, b]) el.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: p.x, clientY: p.y }));
  }, [a, b]);
  const assign = page.locator('.glossa-assign-bar').getByRole('button', { name: 'Místo', exact: false });
  await assign.first().waitFor();
  const out = await page.evaluate(() => {
    document.querySelector('.glossa-assign-bar button.glossa-assign').click();
    return { result: window.h.submit(), submits: window.submits.length };
  });
  assert.equal(out.result.valid, undefined, `a result, not a report: ${JSON.stringify(out.result)}`);
  const misto = out.result.answers.techniky.misto;
  assert.equal(misto.value, 'eu');
  assert.equal(misto.spans.length, 1);
  assert.equal(misto.spans[0].text, `${words[0]} ${words[1]}`);
  assert.equal(out.submits, 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Qualtrics: a click and Next in the same task write the result to embedded data', async () => {
  const { page, context, errors } = await openPage(env, 'tests/e2e/pages/qualtrics.html');
  const b64 = Buffer.from(JSON.stringify(italianItems[2]), 'utf8').toString('base64');
  await page.evaluate((b64) => window.runQuestionJs(`
    Qualtrics.SurveyEngine.addOnReady(function () {
      var q = this;
      var s = document.createElement('script');
      s.src = '/www/hosts/qualtrics.js';
      s.onload = function () {
        window.attached = GlossaQualtrics.attach(q, { base: '/', spec: '/www/examples/it-implicit/spec.json',
          itemBase64: '${b64}', field: 'glossa_1', ids: { participant: 'R_1' } });
      };
      document.head.appendChild(s);
    });`), b64);
  await page.getByRole('radio', { name: 'Totalmente corretto', exact: true }).waitFor();
  await page.waitForFunction(() => window.attached);
  await page.evaluate(() => window.attached);
  const embedded = await page.evaluate(() => {
    document.querySelector('input[value=totalmente_sbagliato]').click();
    // The survey's Next, pressed in the same task (a host or a script does not wait for Glossa
    // to re-render): the page-submit hook runs now.
    const next = document.getElementById('NextButton');
    next.disabled = false;
    next.click();
    return window.embedded;
  });
  const json = embedded.__js_glossa_1_1;
  assert.ok(json, `the result was written: ${JSON.stringify(embedded)}`);
  assert.equal(JSON.parse(json).answers.valutazione, 'totalmente_sbagliato');
  assert.deepEqual(errors, []);
  await context.close();
});

test('jsPsych: a click and the widget\'s submit in the same task end the trial with that answer', async () => {
  const { page, context, errors } = await openPage(env, 'tests/e2e/pages/jspsych.html');
  await page.getByRole('radio', { name: 'Totalmente sbagliato', exact: true }).waitFor();
  await page.evaluate(() => {
    document.querySelector('input[value=corretto_tra_opzioni]').click();
    document.querySelector('.glossa-submit').click();
  });
  await page.getByText('Noi abbiamo detto, abbiamo detto chiaramente', { exact: false }).waitFor();
  await page.evaluate(() => {
    document.querySelector('input[value=risposta_non_fornita]').click();
    document.querySelector('.glossa-submit').click();
  });
  await page.waitForFunction(() => Array.isArray(window.done));
  const data = await page.evaluate(() => window.done);
  assert.deepEqual(data.map((d) => d.result?.answers.valutazione), ['corretto_tra_opzioni', 'risposta_non_fornita']);
  assert.deepEqual(errors, []);
  await context.close();
});
