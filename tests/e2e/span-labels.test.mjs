// End to end: labelled spans (span_labels) — the German toxic-span, English NER and MQM
// examples: a passage then its label (tap, click, drag), a label then passages (the brush),
// keys for both, the overlap rule, "nothing to mark", per-span attributes, tags over the text,
// the result's offsets sliced back, a phone's 360 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, openPage, waitForResults, wordCentre, wordCentres, sliceCodePoints } from './harness.mjs';

let env;
const items = {};
before(async () => {
  env = await launch();
  for (const dir of ['de-toxic', 'en-ner', 'en-de-mqm']) {
    items[dir] = JSON.parse(await readFile(new URL(`../../www/examples/${dir}/items.json`, import.meta.url), 'utf8'));
  }
});
after(async () => { await env?.close(); });

const text = (page) => page.locator('.glossa-span-text');
const labelButton = (page, name) => page.locator('.glossa-label-bar').getByRole('button', { name, exact: true });
const spansOf = (result, control) => result.answers[control].spans.map((s) => [s.label, s.text]);

/** Taps (or clicks) two words: the passage from the first to the second. */
async function mark(page, first, last, { touch = false, nth = [0, 0] } = {}) {
  for (const [w, n] of [[first, nth[0]], [last, nth[1]]]) {
    const at = await wordCentre(text(page), w, n);
    if (touch) await page.touchscreen.tap(at.x, at.y); else await page.mouse.click(at.x, at.y);
  }
}

function assertSlices(result, control, source) {
  for (const s of result.answers[control].spans) {
    assert.equal(sliceCodePoints(source, s.start, s.end), s.text, `code points: ${s.text}`);
    assert.equal(source.slice(s.start_utf16, s.end_utf16), s.text, `UTF-16: ${s.text}`);
  }
}

test('phone: tap a passage, then its label; its name shows over it; the bar stays on screen; submit', async () => {
  const { page, context, errors } = await openPage(env, '?example=de-toxic&participant=P-sl1', { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  await text(page).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll');
  await mark(page, 'kompletter', 'Idiot', { touch: true });
  await page.getByText('Ausgewählt: „kompletter Idiot“').waitFor();
  const bar = await page.locator('.glossa-label-bar').boundingBox();
  assert.ok(bar.y + bar.height <= 640 + 1 && bar.y >= 0, `the label bar is on screen: ${JSON.stringify(bar)}`);
  await labelButton(page, 'Beleidigung').tap();
  await page.locator('.glossa-tag', { hasText: 'Beleidigung' }).waitFor();
  await page.locator('.glossa-labelled-span').first().waitFor();
  assert.equal(await page.locator('.glossa-labelled-span').count(), 1);
  await page.getByRole('button', { name: 'Absenden', exact: true }).tap();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(spansOf(result, 'toxisch'), [['beleidigung', 'kompletter Idiot']]);
  assert.equal(result.answers.toxisch.nothing_to_mark, false);
  assertSlices(result, 'toxisch', items['de-toxic'][0].text);
  assert.deepEqual(errors, []);
  await context.close();
});

test('desktop: a label first marks every passage until put down; a drag then a label; marking over a span replaces it', async () => {
  const { page, context } = await openPage(env, '?example=de-toxic&participant=P-sl2&item=3', { viewport: { width: 1280, height: 900 } });
  await text(page).waitFor();
  await labelButton(page, 'Drohung').click();
  assert.equal(await labelButton(page, 'Drohung').getAttribute('aria-pressed'), 'true');
  await page.getByText('Sie markieren als „Drohung“').waitFor();
  await mark(page, 'wenn', 'dran');
  await mark(page, 'weggesperrt', 'weggesperrt');
  await page.locator('.glossa-labelled-span').nth(1).waitFor(); // both passages took the brush
  assert.equal(await page.locator('.glossa-labelled-span').count(), 2);
  await labelButton(page, 'Drohung').click();
  assert.equal(await labelButton(page, 'Drohung').getAttribute('aria-pressed'), 'false');
  // A drag, then its label.
  const [from, to] = await wordCentres(text(page), ['Leute', 'du']);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  await page.getByText('Ausgewählt: „Leute wie du“').waitFor();
  await labelButton(page, 'Beleidigung').click();
  await page.locator('.glossa-labelled-span').nth(2).waitFor();
  // Overlap "none": "du gehören" over "Leute wie du" replaces it.
  await mark(page, 'du', 'gehören');
  await labelButton(page, 'Sonstiges').click();
  await page.getByRole('button', { name: 'Absenden', exact: true }).click();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(spansOf(result, 'toxisch'), [
    ['sonstiges', 'du gehören'],
    ['drohung', 'weggesperrt'],
    ['drohung', 'wenn ich dich treffe, bist du dran'],
  ]);
  assertSlices(result, 'toxisch', items['de-toxic'][2].text);
  await context.close();
});

test('nothing to mark: an empty answer is refused with its message, the box makes it an answer', async () => {
  const { page, context } = await openPage(env, '?example=de-toxic&participant=P-sl3&item=2');
  await text(page).waitFor();
  await page.getByRole('button', { name: 'Absenden', exact: true }).click();
  await page.getByText('Markieren Sie eine Stelle oder kreuzen Sie „In diesem Text gibt es nichts zu markieren“ an.').waitFor();
  const box = page.getByRole('checkbox', { name: 'In diesem Text gibt es nichts zu markieren' });
  assert.ok(await box.evaluate((el) => el === document.activeElement), 'focus goes to the box');
  assert.equal(await page.evaluate(() => window.glossaReceived.length), 0);
  await box.check();
  await page.getByRole('button', { name: 'Absenden', exact: true }).click();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.toxisch, { spans: [], nothing_to_mark: true });
  await context.close();
});

test('keyboard only: select with the arrows and Enter, a key labels it; a key first marks with the brush', async () => {
  const { page, context } = await openPage(env, '?example=en-ner&participant=P-sl4');
  await text(page).waitFor();
  // "Peter Blackburn reports from Brussels for the European Commission ."
  await text(page).focus();
  await page.keyboard.press('ArrowRight'); // the cursor on word 0
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Enter');
  await page.getByText('Selected: “Peter Blackburn”').waitFor();
  await page.keyboard.press('p');
  await page.locator('.glossa-tag', { hasText: 'Person' }).waitFor();
  assert.ok(await text(page).evaluate((el) => el === document.activeElement), 'focus stays in the text');
  // The brush: l, then a word, Enter.
  await page.keyboard.press('l');
  assert.equal(await labelButton(page, 'Location').getAttribute('aria-pressed'), 'true');
  // The cursor goes on from the passage just labelled (word 1): three words on is Brussels.
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.keyboard.press('l'); // put the brush down
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight'); // word 7, European
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Enter');
  await page.keyboard.press('o');
  await page.getByRole('button', { name: 'Submit', exact: true }).focus();
  await page.keyboard.press('Enter');
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(spansOf(result, 'entities'), [['PER', 'Peter Blackburn'], ['LOC', 'Brussels'], ['ORG', 'European Commission']]);
  assertSlices(result, 'entities', items['en-ner'][0].text);
  await context.close();
});

test('MQM: each span asks its severity (refused until chosen, focus on it) and takes a note; the source is shown', async () => {
  const { page, context } = await openPage(env, '?example=en-de-mqm&participant=P-sl5&item=3', { viewport: { width: 1280, height: 900 } });
  await text(page).waitFor();
  await page.getByText('The bank raised interest rates by half a percentage point.').waitFor();
  await mark(page, 'am', 'Fluss');
  await labelButton(page, 'Accuracy').click();
  await mark(page, 'halben', 'Prozent');
  await labelButton(page, 'Fluency').click();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByText('Choose a value.').first().waitFor();
  const severity = page.locator('.glossa-labelled-span').first().getByRole('combobox', { name: 'Severity' });
  assert.ok(await severity.evaluate((el) => el === document.activeElement), 'focus on the first missing severity');
  await severity.selectOption({ label: 'Major' });
  await page.locator('.glossa-labelled-span').first().getByRole('textbox', { name: 'Note (optional)' }).fill('bank of a river');
  await page.locator('.glossa-labelled-span').nth(1).getByRole('combobox', { name: 'Severity' }).selectOption({ label: 'Minor' });
  await page.locator('.glossa-labelled-span').nth(1).getByRole('combobox', { name: 'Label' }).selectOption({ label: 'Terminology' });
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const [result] = await waitForResults(page, 1);
  const spans = result.answers.errors.spans;
  assert.deepEqual(spans.map((s) => [s.label, s.text, s.attributes]), [
    ['accuracy', 'am Fluss', { note: 'bank of a river', severity: 'major' }],
    ['terminology', 'halben Prozent', { severity: 'minor' }],
  ]);
  assertSlices(result, 'errors', items['en-de-mqm'][2].target);
  await context.close();
});

test('a reload keeps the spans, their attributes and the brush', async () => {
  const { page, context } = await openPage(env, '?example=en-de-mqm&participant=P-sl6', { viewport: { width: 1280, height: 900 } });
  await text(page).waitFor();
  await mark(page, 'Treffen', 'Treffen');
  await labelButton(page, 'Style').click();
  await page.locator('.glossa-labelled-span').first().getByRole('combobox', { name: 'Severity' }).selectOption({ label: 'Critical' });
  await labelButton(page, 'Accuracy').click();
  await page.reload();
  await text(page).waitFor();
  await page.locator('.glossa-labelled-span').first().waitFor();
  assert.equal(await page.locator('.glossa-labelled-span').first().getByRole('combobox', { name: 'Severity' }).inputValue(), 'critical');
  assert.equal(await labelButton(page, 'Accuracy').getAttribute('aria-pressed'), 'true');
  await context.close();
});

test('phone: a word tapped just above the label bar is scrolled clear of the bar the tap opens, in every example', async () => {
  for (const [example, word] of [['de-toxic', 'Idiot'], ['en-de-mqm', 'Dienstag'], ['en-ner', null]]) {
    const { page, context, errors } = await openPage(env, `?example=${example}&participant=P-clear-${example}`, { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
    await text(page).waitFor();
    const target = word ?? (await text(page).evaluate((el) => el.textContent.trim().split(/\s+/)[3]));
    // Put the word's bottom 4 px above the bar's top (where the bar sits before any selection).
    // (Twice: once the text is in view the bar sticks to the screen's bottom, higher up.)
    for (let pass = 0; pass < 3; pass += 1) {
      await text(page).evaluate((el, w) => {
        const t = [...el.children].map((p) => p.firstChild).find((n) => n?.data.includes(w));
        const r = document.createRange();
        r.setStart(t, t.data.indexOf(w)); r.setEnd(t, t.data.indexOf(w) + w.length);
        const bar = el.closest('fieldset').querySelector('.glossa-label-bar').getBoundingClientRect();
        window.scrollBy(0, r.getBoundingClientRect().bottom - (Math.min(bar.top, innerHeight) - 4));
        return new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
      }, target);
    }
    const at = await text(page).evaluate((el, w) => {
      const t = [...el.children].map((p) => p.firstChild).find((n) => n?.data.includes(w));
      const r = document.createRange();
      r.setStart(t, t.data.indexOf(w)); r.setEnd(t, t.data.indexOf(w) + w.length);
      const b = r.getBoundingClientRect();
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    }, target);
    await page.touchscreen.tap(at.x, at.y);
    await page.waitForFunction(() => [...(CSS.highlights.get('glossa-sel') ?? [])].length > 0);
    await page.waitForFunction(() => {
      const sel = [...CSS.highlights.get('glossa-sel')][0].getBoundingClientRect();
      const bar = document.querySelector('.glossa-label-bar').getBoundingClientRect();
      return sel.bottom <= bar.top && sel.top >= 0;
    }, null, { timeout: 10000 }).catch(async () => {
      const got = await page.evaluate(() => ({ sel: [...CSS.highlights.get('glossa-sel')][0].getBoundingClientRect().toJSON(), bar: document.querySelector('.glossa-label-bar').getBoundingClientRect().toJSON() }));
      assert.fail(`${example}: the selection is under the label bar: ${JSON.stringify(got)}`);
    });
    assert.deepEqual(errors, []);
    await context.close();
  }
});
