// End to end: every family on a 360x640 touch screen — tap targets at least 44x44 px, no
// horizontal scroll, and text readable without zooming (16 px body and inputs, nothing under
// 12 px), in its plain state, with definitions and panels opened, and with messages showing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, wordCentre } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const PHONE = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true };

/** Every visible control in the widget that is smaller than 44x44 (radios and checkboxes count
 *  by their label, which is what a finger hits), and every text under 12 px. */
function measure() {
  const small = [];
  const root = document.querySelector('.glossa');
  const targets = root.querySelectorAll('button, select, textarea, input, summary, a[href], [role=textbox]');
  for (const el of targets) {
    const hit = (el.type === 'radio' || el.type === 'checkbox') ? el.closest('label') ?? el.parentElement.querySelector('label') : el;
    const r = hit.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue; // not shown (folded)
    if (getComputedStyle(el).visibility === 'hidden') continue;
    if (r.width < 44 || r.height < 44) small.push(`${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ')[0] : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  const tiny = [];
  for (const el of root.querySelectorAll('*')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.data.trim());
    if (!own || el.closest('.glossa-sr-only')) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 12) tiny.push(`${el.tagName.toLowerCase()}.${el.className} ${size}px`);
  }
  const inputs = [...root.querySelectorAll('input:not([type=radio]):not([type=checkbox]), select, textarea')]
    .filter((el) => parseFloat(getComputedStyle(el).fontSize) < 16).map((el) => el.className);
  const body = parseFloat(getComputedStyle(root).fontSize);
  const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  return { small, tiny, inputs, body, overflow };
}

async function check(page, when) {
  const m = await page.evaluate(measure);
  assert.deepEqual(m.small, [], `${when}: tap targets under 44 px`);
  assert.deepEqual(m.tiny, [], `${when}: text under 12 px`);
  assert.deepEqual(m.inputs, [], `${when}: inputs under 16 px zoom on phones`);
  assert.ok(m.body >= 16, `${when}: body text ${m.body}px`);
  assert.equal(m.overflow, 0, `${when}: no horizontal scroll`);
}

for (const example of ['it-implicit', 'en-informativeness', 'cs-abstract-errors', 'cs-propaganda', 'pl-poquad']) {
  test(`${example}: 44 px targets, readable text, no sideways scroll at 360x640`, async () => {
    const { page, context } = await openPage(env, `?example=${example}`, PHONE);
    await page.locator('.glossa-submit').waitFor();
    await check(page, 'plain');
    // Open every panel and definition, as an annotator reading the manual would.
    for (const s of await page.locator('.glossa summary').all()) await s.tap();
    for (const b of await page.locator('.glossa [aria-expanded=false]').all()) if (await b.isVisible()) await b.tap();
    await check(page, 'opened');
    // Spans and fragments bring chips with their own buttons.
    if (example === 'cs-propaganda' || example === 'pl-poquad') {
      // A passage of two words (its first, then its last: two taps apart, so no double tap),
      // each tapped where the word is now, the second once the first is the selection's start.
      const words = example === 'cs-propaganda' ? ['xenofoba', 'bezpečnostního'] : ['dekadę', 'dekadę'];
      if (example === 'pl-poquad') await page.getByRole('textbox', { name: 'Treść pytania' }).fill('Ile to trwało?');
      const bar = page.locator('.glossa-assign-bar').first();
      const whole = bar.locator('.glossa-assign').first();
      // From no selection: a panel's tap above may have landed on the text (a paragraph laid
      // out late under the finger), and a selection begun there would make these taps its end.
      if (await bar.count()) {
        await bar.locator('.glossa-link-button').tap();
        await bar.waitFor({ state: 'detached' });
      }
      let at = await wordCentre(page.locator('.glossa-span-text'), words[0]);
      await page.touchscreen.tap(at.x, at.y);
      await bar.locator('.glossa-assign-selected', { hasText: words[0] }).waitFor();
      at = await wordCentre(page.locator('.glossa-span-text'), words[1]);
      await page.touchscreen.tap(at.x, at.y);
      await bar.locator('.glossa-assign-selected', { hasText: words[1] }).waitFor();
      await whole.tap();
      await page.locator('.glossa-chip-remove').first().waitFor();
      await check(page, 'with a span');
    }
    await page.locator('.glossa-submit').tap();
    await page.locator('.glossa-error').first().waitFor();
    await check(page, 'messages');
    await context.close();
  });
}

/** In the page: the whole page, a quarter screen at a time, and the words under a bar at each
 *  scroll position (none is the rule); ends where it began. */
async function sweep() {
  // Every word of a span text that lies, where it shows (on the screen and inside its text's
  // box), under a label or assign bar.
  function wordsUnderBars() {
    const bars = [...document.querySelectorAll('.glossa-label-bar, .glossa-assign-bar')].map((b) => b.getBoundingClientRect());
    const under = [];
    for (const text of document.querySelectorAll('.glossa-span-text')) {
      const box = text.getBoundingClientRect();
      for (const para of text.querySelectorAll('.glossa-para')) {
        const t = para.firstChild;
        if (!t) continue;
        for (const m of t.data.matchAll(/\S+/gu)) {
          const r = document.createRange();
          r.setStart(t, m.index); r.setEnd(t, m.index + m[0].length);
          for (const w of r.getClientRects()) {
            const top = Math.max(w.top, box.top, 0), bottom = Math.min(w.bottom, box.bottom, innerHeight);
            if (bottom <= top) continue;
            if (bars.some((b) => b.top < bottom && b.bottom > top && b.left < w.right && b.right > w.left)) under.push(`${m[0]}@${Math.round(top)}`);
          }
        }
      }
    }
    return under;
  }
  const frame = () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
  const start = window.scrollY, found = [];
  const end = document.documentElement.scrollHeight - innerHeight;
  for (let y = 0; ; y = Math.min(end, y + innerHeight / 4)) {
    window.scrollTo(0, y);
    await frame();
    const under = wordsUnderBars();
    if (under.length) found.push(`at ${Math.round(window.scrollY)}: ${under.slice(0, 5).join(' ')}`);
    if (y >= end) break;
  }
  window.scrollTo(0, start);
  await frame();
  return found;
}

/** In the page: puts the last line of a span text at the very bottom of the screen (its last
 *  paragraph scrolled to the end of the text's box, then the page moved as far as it goes) —
 *  the first text of two lines or more, so the line is not also the first — and returns its
 *  last word, its centre and what a finger there would touch. */
async function lastLineAtBottom() {
  const frame = () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
  const lines = (el) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    return new Set([...r.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top))).size;
  };
  const texts = [...document.querySelectorAll('.glossa-span-text')];
  const text = texts.find((t) => lines(t) >= 2) ?? texts[texts.length - 1];
  const para = [...text.querySelectorAll('.glossa-para')].pop();
  para.scrollIntoView({ block: 'end' });
  await frame();
  const t = para.firstChild;
  const words = t.data.replace(/[\s.!?»“”"]+$/u, '');
  const at = words.search(/[^\s]+$/u);
  const range = document.createRange();
  range.setStart(t, at); range.setEnd(t, words.length);
  const line = () => [...range.getClientRects()].filter((r) => r.width > 0).pop();
  window.scrollBy(0, line().bottom - (innerHeight - 1));
  await frame();
  const b = line();
  const x = b.left + b.width / 2, y = b.top + b.height / 2;
  const hit = document.elementFromPoint(x, y);
  return { word: words.slice(at), x, y, lines: lines(text), index: texts.indexOf(text), inText: Boolean(hit && text.contains(hit)), under: hit?.closest('.glossa-label-bar, .glossa-assign-bar') ? 'the bar' : hit?.className };
}

for (const example of ['de-esa', 'en-de-mqm', 'cs-propaganda']) {
  test(`${example}: on a 360x640 phone no word is under a bar at any scroll position, and the last line of a text at the screen's bottom takes a tap`, async () => {
    const { page, context, errors } = await openPage(env, `?example=${example}&participant=last-line`, PHONE);
    await page.locator('.glossa-span-text').first().waitFor({ state: 'attached' });
    await page.waitForFunction(() => window.glossaHandle);
    assert.deepEqual(await page.evaluate(sweep), [], 'words under a bar');
    const seen = await page.evaluate(lastLineAtBottom);
    assert.ok(seen.lines >= 2, `a text of ${seen.lines} line(s)`);
    assert.ok(seen.inText, `${seen.word} at y=${Math.round(seen.y)} is under ${seen.under}`);
    await page.touchscreen.tap(seen.x, seen.y);
    const control = page.locator('.glossa-span-text').nth(seen.index).locator('xpath=ancestor::fieldset[1]');
    await control.locator('.glossa-label-bar, .glossa-assign-bar').getByText(seen.word, { exact: false }).first().waitFor();
    // With the selection under way (an assign bar comes with the first tap), still none.
    assert.deepEqual(await page.evaluate(sweep), [], 'words under a bar with a passage selected');
    assert.deepEqual(errors, []);
    await context.close();
  });
}
