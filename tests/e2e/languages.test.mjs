// End to end: studies in any language. A German pilot shows no English word on any of its
// screens (the completion page included); a Basque study (a language Glossa does not ship)
// with its own strings likewise; Arabic spans by tap, drag and keyboard in right-to-left text,
// their offsets slicing the text in JavaScript and in Python; a Japanese span in text without
// spaces; on a phone, no keyboard hint and the first item on the first screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { launch, openPage, waitForResults, sliceCodePoints, wordCentre, wordCentres } from './harness.mjs';
import { englishRuns, foundIn, shipped } from '../english-runs.mjs';

let env;
const PHONE = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true };
const DONE = encodeURIComponent('https://app.prolific.example/submissions/complete?cc=DONE');

before(async () => {
  env = await launch();
});
after(async () => { await env?.close(); });

/** Glossa's English words that the page shows (as text or in an accessible name, title or
 *  placeholder) although its strings are `own`. */
async function englishOnScreen(page, own) {
  const shown = await page.evaluate(() => {
    const attrs = ['aria-label', 'title', 'placeholder', 'alt', 'aria-description'];
    const parts = [document.body.innerText];
    for (const el of document.querySelectorAll('*')) {
      if (el.closest('[hidden]') || getComputedStyle(el).display === 'none') continue;
      for (const a of attrs) if (el.getAttribute(a)) parts.push(el.getAttribute(a));
    }
    return parts.join('\n');
  });
  return foundIn(shown, englishRuns(own));
}

const strings = async (tag) => shipped(tag);

test('German pilot on a phone: no English word on any screen, no keyboard hint, the item on the first screen', async () => {
  const de = await strings('de');
  const { page, context, errors } = await openPage(env,
    `?spec=tests/fixtures/de-study.json&items=tests/fixtures/de-items.json&participant=P-de&complete=${DONE}`, PHONE);
  const choice = page.getByRole('radio', { name: 'Ganz richtig' });
  await choice.waitFor();
  assert.equal(await page.locator('.glossa').getAttribute('lang'), 'de');
  assert.equal(await page.locator('.glossa').getAttribute('dir'), 'ltr');
  // The instructions are open on the first item, yet the item starts on the first screen.
  assert.notEqual(await page.locator('.glossa-instructions').getAttribute('open'), null, 'open on the first item');
  const top = await page.locator('.glossa-form > .glossa-block').first()
    .evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(top < 640 - 100, `the item's first text starts at ${top}px: not on the first screen`);
  // The title once (the widget's), no shortcut badge, no keyboard hint.
  assert.equal(await page.getByText('Bewertung impliziter Inhalte', { exact: true }).evaluateAll((els) => els.filter((e) => e.checkVisibility()).length), 1, 'the title once');
  assert.equal(await page.locator('.glossa-key').evaluateAll((els) => els.filter((e) => e.offsetParent).length), 0);
  assert.deepEqual(await englishOnScreen(page, de), [], 'the first screen');
  // A refused submit, a definition, the worked example, a note.
  await page.getByRole('button', { name: 'Absenden' }).tap();
  await page.getByText('Wählen Sie eine der Möglichkeiten.').first().waitFor();
  await page.getByRole('button', { name: 'Definition von „Ganz richtig“' }).tap();
  await page.getByText('Beispiel', { exact: true }).tap();
  await page.getByText('Richtige Antwort').first().waitFor();
  await page.getByRole('textbox', { name: 'Anmerkung (freiwillig)' }).fill('Gut begründet.');
  assert.deepEqual(await englishOnScreen(page, de), [], 'errors, definitions, the example');
  await choice.check();
  await page.getByRole('button', { name: 'Absenden' }).tap();
  await page.getByRole('button', { name: 'Nächstes Element →' }).tap();
  await page.getByText('Element 2 von 2').waitFor();
  assert.deepEqual(await englishOnScreen(page, de), [], 'the second item');
  await page.getByRole('radio', { name: 'Ganz falsch' }).check();
  await page.getByRole('button', { name: 'Absenden' }).tap();
  const done = page.getByRole('link', { name: 'Beenden und zur Studie zurückkehren' });
  await done.waitFor();
  assert.deepEqual(await englishOnScreen(page, de), [], 'the completion page');
  const results = await waitForResults(page, 2);
  assert.deepEqual(results.map((r) => [r.item_id, r.answers.bewertung]), [['de-001', 'ganz_richtig'], ['de-002', 'falsch']]);
  assert.equal(results[0].environment.ui_language, 'de');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a study in Basque, which Glossa does not ship, speaks only Basque through its own strings', async () => {
  const spec = JSON.parse(await readFile(new URL('../fixtures/eu-own-strings.json', import.meta.url), 'utf8'));
  const { page, context, errors } = await openPage(env,
    `?spec=tests/fixtures/eu-own-strings.json&items=tests/fixtures/eu-items.json&participant=P-eu&complete=${DONE}`);
  await page.getByRole('radio', { name: 'Positiboa' }).waitFor();
  assert.equal(await page.locator('.glossa').getAttribute('lang'), 'eu');
  await page.getByRole('button', { name: 'Bidali' }).click();
  await page.getByText('Aukeratu aukeretako bat.').first().waitFor();
  assert.deepEqual(await englishOnScreen(page, spec.ui_strings), [], 'the first screen and its error');
  await page.getByRole('radio', { name: 'Positiboa' }).check();
  await page.getByRole('button', { name: 'Bidali' }).click();
  await page.getByRole('button', { name: 'Hurrengo elementua →' }).click();
  await page.getByText('2. elementua (2 guztira)').waitFor();
  await page.getByRole('radio', { name: 'Negatiboa' }).check();
  await page.getByRole('button', { name: 'Bidali' }).click();
  await page.getByRole('link', { name: 'Amaitu eta itzuli ikerketara' }).waitFor();
  assert.deepEqual(await englishOnScreen(page, spec.ui_strings), [], 'the completion page');
  assert.deepEqual(errors, []);
  await context.close();
});

/** Python's reading of a span: the text sliced by code points. */
function pythonSlice(text, start, end) {
  return execFileSync('python3', ['-c', 'import json,sys; t,a,b=json.load(sys.stdin); sys.stdout.write(t[a:b])'],
    { input: JSON.stringify([text, start, end]), encoding: 'utf8' });
}

test('Arabic spans, right to left, by tap, drag and keyboard: offsets slice the text in JavaScript and Python', async () => {
  const [item] = JSON.parse(await readFile(new URL('../fixtures/ar-items.json', import.meta.url), 'utf8'));
  const text = item.khabar;
  const { page, context, errors } = await openPage(env, '?spec=tests/fixtures/ar-spans.json&items=tests/fixtures/ar-items.json&participant=P-ar', PHONE);
  const words = page.locator('.glossa-span-text');
  await words.waitFor();
  assert.equal(await page.locator('.glossa').getAttribute('dir'), 'rtl');
  assert.equal(await page.locator('.glossa').evaluate((el) => getComputedStyle(el).direction), 'rtl');
  // The participant's whole page is Arabic and right to left, not only the widget.
  assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['ar', 'rtl']);
  assert.equal(await page.locator('.glossa-keys-hint').first().isVisible(), false, 'no keyboard hint on a phone');
  assert.equal(await page.locator('.glossa-span-hint').first().isVisible(), true, 'the touch hint');
  // Tap the first and the last word of an Arabic name.
  for (const w of ['إيمانويل', 'ماكرون']) {
    const at = await wordCentre(words, w);
    await page.touchscreen.tap(at.x, at.y);
  }
  await page.getByText('المحدد: «إيمانويل ماكرون»').waitFor();
  await page.locator('.glossa-assign-bar').getByRole('button', { name: 'شخص', exact: true }).tap();
  // A drag over a Latin name inside the Arabic sentence (a left-to-right run).
  const [from, to] = await wordCentres(words, ['Anna', 'Schmidt']);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
  await page.getByText('المحدد: «Anna Schmidt»').waitFor();
  await page.locator('.glossa-assign-bar').getByRole('button', { name: 'شخص', exact: true }).click();
  await page.getByRole('combobox', { name: 'شخص', exact: true }).selectOption({ label: 'سياسي' });
  // Keyboard: Home goes to the first word (the cursor otherwise goes on from the last
  // passage); in right-to-left text the left arrow goes on to the next word.
  await words.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+ArrowLeft');
  await page.getByText('«التقى الرئيس»').first().waitFor();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Enter');
  await page.getByText('المحدد: «التقى»').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'إرسال', exact: true }).click();
  const [result] = await waitForResults(page, 1);
  const spans = result.answers.persons.person.spans;
  assert.deepEqual(spans.map((s) => s.text), ['إيمانويل ماكرون', 'Anna Schmidt']);
  for (const s of spans) {
    assert.equal(sliceCodePoints(text, s.start, s.end), s.text);
    assert.equal(text.slice(s.start_utf16, s.end_utf16), s.text);
    assert.equal(pythonSlice(text, s.start, s.end), s.text);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a Japanese span in text without spaces: a kanji and a katakana run, offsets exact', async () => {
  const [item] = JSON.parse(await readFile(new URL('../fixtures/ja-items.json', import.meta.url), 'utf8'));
  const { page, context, errors } = await openPage(env, '?spec=tests/fixtures/ja-spans.json&items=tests/fixtures/ja-items.json&participant=P-ja', PHONE);
  const words = page.locator('.glossa-span-text');
  await words.waitFor();
  for (const w of ['東', 'ツリー']) {
    const at = await wordCentre(words, w);
    await page.touchscreen.tap(at.x, at.y);
  }
  await page.getByText('選択中：「東京スカイツリー」').waitFor();
  await page.locator('.glossa-assign-bar').getByRole('button', { name: '場所', exact: true }).tap();
  await page.getByRole('combobox', { name: '場所', exact: true }).selectOption({ label: '建物' });
  await page.getByRole('button', { name: '送信', exact: true }).tap();
  const [result] = await waitForResults(page, 1);
  const [span] = result.answers.places.place.spans;
  assert.equal(span.text, '東京スカイツリー');
  assert.deepEqual([span.start, span.end], [0, 8]);
  assert.equal(pythonSlice(item.bun, span.start, span.end), '東京スカイツリー');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Thai, without spaces between words: a span of characters, from a letter to a letter, offsets exact', async () => {
  const [item] = JSON.parse(await readFile(new URL('../fixtures/th-items.json', import.meta.url), 'utf8'));
  const { page, context, errors } = await openPage(env, '?spec=tests/fixtures/th-spans.json&items=tests/fixtures/th-items.json&participant=P-th', PHONE);
  const words = page.locator('.glossa-span-text');
  await words.waitFor();
  // The first letter of กรุงเทพมหานคร and its last (the second ร of the sentence).
  for (const [w, nth] of [['ก', 0], ['ร', 1]]) {
    const at = await wordCentre(words, w, nth);
    await page.touchscreen.tap(at.x, at.y);
  }
  await page.getByText('เลือกแล้ว: “กรุงเทพมหานคร”').waitFor();
  await page.locator('.glossa-assign-bar').getByRole('button', { name: 'สถานที่', exact: true }).tap();
  await page.getByRole('combobox', { name: 'สถานที่', exact: true }).selectOption({ label: 'เมือง' });
  await page.getByRole('button', { name: 'ส่ง', exact: true }).tap();
  const [result] = await waitForResults(page, 1);
  const [span] = result.answers.places.place.spans;
  assert.equal(span.text, 'กรุงเทพมหานคร');
  assert.equal(sliceCodePoints(item.prayok, span.start, span.end), span.text);
  assert.equal(pythonSlice(item.prayok, span.start, span.end), span.text);
  assert.deepEqual(errors, []);
  await context.close();
});

test('inside jsPsych the widget keeps its own alignment: jspsych.css centres its content, not the task', async () => {
  const { page, context } = await openPage(env, 'tests/e2e/pages/jspsych.html');
  await page.locator('.glossa').first().waitFor();
  const aligns = await page.locator('.glossa').first().evaluate((el) => [
    getComputedStyle(el).textAlign,
    getComputedStyle(el.querySelector('.glossa-control legend, .glossa-control .glossa-label, .glossa-control') ?? el).textAlign,
  ]);
  assert.ok(aligns.every((a) => a === 'start' || a === 'left'), aligns.join(', '));
  await context.close();
});

test('Arabic: a selection quotes the item\'s own digits; spec labels number in Arabic-Indic digits; the refusal names the spec\'s tie', async () => {
  const { page, context, errors } = await openPage(env, '?spec=tests/fixtures/ar-spans.json&items=tests/fixtures/ar-items.json&participant=P-ar-digits', PHONE);
  const words = page.locator('.glossa-span-text');
  await words.waitFor();
  for (let n = 0; n < 2; n += 1) {
    const at = await wordCentre(words, '12');
    await page.touchscreen.tap(at.x, at.y);
  }
  // The text says 12: the bar quotes 12, not ١٢ (the item's words are data, never localised).
  await page.getByText('المحدد: «12»').waitFor();
  await context.close();
  const pair = await openPage(env, '?spec=tests/fixtures/ar-pairwise.json&items=tests/fixtures/ar-pairwise-items.json&participant=P-ar-pair', PHONE);
  const p = pair.page;
  await p.getByText('الترجمة ١', { exact: true }).first().waitFor();
  await p.getByText('الترجمة ٢', { exact: true }).first().waitFor();
  assert.equal(await p.getByText('الترجمة 1', { exact: true }).count(), 0, 'no Western digit beside Arabic-Indic ones');
  await p.getByRole('button', { name: 'إرسال', exact: true }).click();
  await p.getByText('اختر الأفضل، أو «متعادلتان».').first().waitFor();
  assert.equal(await p.getByText('متقاربان', { exact: false }).count(), 0, 'the default tie label is never named');
  assert.deepEqual([...errors, ...pair.errors], []);
  await pair.context.close();
});
