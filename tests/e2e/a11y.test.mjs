// End to end: axe-core finds no accessibility violations (WCAG 2 A/AA) in any family, in its
// plain state and with its messages showing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, axeViolations } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const violations = (page) => axeViolations(page);

for (const example of ['it-implicit', 'en-emotions', 'en-informativeness', 'cs-abstract-errors', 'cs-propaganda', 'pl-poquad', 'de-toxic', 'en-ner', 'en-relations', 'en-de-mqm', 'en-de-mqm-systems', 'en-likert', 'en-de-da', 'en-chatbot-pairwise', 'en-rankme-ranking', 'en-bws', 'de-esa', 'en-summeval', 'en-chatbot-compare', 'en-dialogue', 'en-p808-acr', 'en-mushra', 'en-image-captions', 'en-transcript-check']) {
  test(`${example}: no violations, before and after a refused submit`, async () => {
    const { page, context } = await openPage(env, `?example=${example}`);
    await page.locator('.glossa-submit').waitFor();
    assert.deepEqual(await violations(page), []);
    await page.locator('.glossa-submit').click();
    await page.locator('.glossa-error').first().waitFor();
    assert.deepEqual(await violations(page), []);
    await context.close();
  });
}

/** axe over a whole document (host chrome included), or over one frame of it. */
const documentViolations = (target) => axeViolations(target, null);

const hostPages = [
  ['the pilot runner (index.html) with Prolific ids', '?example=pl-poquad&PROLIFIC_PID=p1&STUDY_ID=s1&SESSION_ID=x1', null],
  ['the MTurk page, accepted', 'www/hosts/mturk.html?assignmentId=A1&hitId=H1&workerId=W1&turkSubmitTo=%2Fnowhere&spec=/www/examples/cs-propaganda/spec.json&items=/www/examples/cs-propaganda/items.json&item=prop-001', null],
  ['the MTurk page, preview', 'www/hosts/mturk.html?assignmentId=ASSIGNMENT_ID_NOT_AVAILABLE&spec=/www/examples/it-implicit/spec.json&items=/www/examples/it-implicit/items.json&item=it-002', null],
  ['a jsPsych 8 timeline', 'tests/e2e/pages/jspsych.html', null],
  ['the <glossa-task> element', 'tests/e2e/pages/element.html', null],
  ['the iframe embed (the frame document)', 'tests/e2e/pages/parent.html', '#glossa'],
];

for (const [name, path, frameSelector] of hostPages) {
  test(`host page: ${name} has no violations`, async () => {
    let url = path;
    if (frameSelector) {
      const child = env.url.replace('localhost', '127.0.0.1').replace(/\/$/, '');
      url = `${path}?child=${encodeURIComponent(child)}`;
    }
    const { page, context } = await openPage(env, url);
    const target = frameSelector ? await (await page.waitForSelector(frameSelector)).contentFrame() : page;
    await target.locator('.glossa, .glossa-error-panel').first().waitFor();
    await target.locator('.glossa-submit, .glossa-question, .glossa-option').first().waitFor().catch(() => {});
    assert.deepEqual(await documentViolations(target), []);
    await context.close();
  });
}

test('labelled spans: no violations with spans marked, tags drawn and a span\'s problems showing', async () => {
  const { page, context } = await openPage(env, '?example=en-de-mqm', { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  const text = page.locator('.glossa-span-text');
  await text.waitFor();
  await page.locator('.glossa-label-bar').getByRole('button', { name: 'Accuracy', exact: true }).tap();
  for (const w of ['Treffen', 'Dienstag']) {
    // Each tap where the word is now (a bar the first tap opens may scroll it clear).
    for (let n = 0; n < 2; n += 1) {
      const at = await text.evaluate((el, [w, first]) => {
        const t = el.firstChild.firstChild; const i = t.data.indexOf(w);
        const r = document.createRange(); r.setStart(t, i); r.setEnd(t, i + w.length);
        if (first) el.scrollIntoView({ block: 'start' });
        const b = r.getBoundingClientRect(); return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
      }, [w, n === 0]);
      await page.touchscreen.tap(at.x, at.y);
    }
  }
  await page.locator('.glossa-tag').nth(1).waitFor();
  await page.locator('.glossa-submit').tap();
  await page.locator('.glossa-labelled-span .glossa-error').first().waitFor();
  assert.deepEqual(await violations(page), []);
  await context.close();
});
