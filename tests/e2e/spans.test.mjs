// End to end: span annotation (family 4), the Czech propaganda task: taps, drags, keys.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, openPage, SpanTask, waitForResults, sliceCodePoints } from './harness.mjs';

let env;
let article;
before(async () => {
  env = await launch();
  const items = JSON.parse(await readFile(new URL('../../www/examples/cs-propaganda/items.json', import.meta.url), 'utf8'));
  article = items[0].article;
});
after(async () => { await env?.close(); });

async function openTask(contextOptions = {}) {
  const opened = await openPage(env, '?example=cs-propaganda', contextOptions);
  const task = await new SpanTask(opened.page).ready();
  return { ...opened, task };
}

test('phone: tap the first and last word, assign to Vina, submit; offsets slice the text', async () => {
  const { page, context, errors, task } = await openTask({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll');
  const first = await task.wordCentre('Nenasytní');
  await page.touchscreen.tap(first.x, first.y);
  const last = await task.wordCentre('eurokraté');
  await page.touchscreen.tap(last.x, last.y);
  await page.getByText('Vybráno: „Nenasytní eurokraté“').waitFor();
  await task.assign('Vina').tap();
  await page.getByText('Uloženo: Vina').waitFor();
  await task.value('Vina').selectOption({ label: 'ano' });
  await task.fillRest(['Vina']);
  await task.submitButton().tap();
  const [result] = await waitForResults(page, 1);
  const vina = result.answers.techniky.vina;
  assert.equal(vina.value, 'ano');
  assert.equal(vina.spans.length, 1);
  const span = vina.spans[0];
  assert.equal(span.text, 'Nenasytní eurokraté');
  assert.equal(sliceCodePoints(article, span.start, span.end), 'Nenasytní eurokraté');
  assert.equal(article.slice(span.start_utf16, span.end_utf16), 'Nenasytní eurokraté');
  assert.equal(result.answers.zanr, 'komentar');
  assert.deepEqual(errors, []);
  await context.close();
});

test('desktop: a drag from mid-word to mid-word snaps to whole words; an emoji-crossing span slices back', async () => {
  const { page, context, task } = await openTask({ viewport: { width: 1280, height: 900 } });
  const from = await task.wordCentre('bezpečnostního');
  const to = await task.wordCentre('analytika');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  await page.getByText('Vybráno: „bezpečnostního analytika“').waitFor();
  await task.assign('Odborník').click();
  await task.value('Odborník').selectOption({ label: 'ano' });
  // A span after the emoji and the ZWJ family, where code points and UTF-16 differ.
  const a = await task.wordCentre('Rodiny');
  const b = await task.wordCentre('strach', 0);
  await page.mouse.click(a.x, a.y);
  await page.mouse.click(b.x, b.y);
  await task.assign('Strach').click();
  await task.value('Strach').selectOption({ label: 'ano' });
  await task.fillRest(['Odborník', 'Strach']);
  await task.submitButton().click();
  const [result] = await waitForResults(page, 1);
  const expert = result.answers.techniky.odbornik.spans[0];
  assert.equal(expert.text, 'bezpečnostního analytika');
  const fear = result.answers.techniky.strach.spans[0];
  assert.equal(fear.text, 'Rodiny s dětmi mají strach');
  assert.notEqual(fear.start, fear.start_utf16);
  assert.equal(sliceCodePoints(article, fear.start, fear.end), fear.text);
  assert.equal(article.slice(fear.start_utf16, fear.end_utf16), fear.text);
  await context.close();
});

test('keyboard only: arrows move, Shift extends, Enter selects, the attribute button assigns', async () => {
  const { page, context, task } = await openTask();
  await task.text().focus();
  await page.keyboard.press('ArrowRight'); // word 0: "Brusel"
  await page.keyboard.press('Shift+ArrowRight'); // "Brusel opět"
  await page.keyboard.press('Enter');
  await page.getByText('Vybráno: „Brusel opět“').waitFor();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => document.activeElement?.textContent);
    if (name === 'Místo') break;
  }
  await page.keyboard.press('Enter');
  await page.getByText('Uloženo: Místo').waitFor();
  await task.value('Místo').focus();
  await task.value('Místo').selectOption({ label: 'EU' });
  await task.fillRest(['Místo']);
  await task.submitButton().focus();
  await page.keyboard.press('Enter');
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.techniky.misto.spans.map((s) => [s.text, s.first_word, s.last_word]), [['Brusel opět', 0, 1]]);
  await context.close();
});

test('a value that needs a span blocks submit with the red marker until a span is marked', async () => {
  const { page, context, task } = await openTask();
  await task.value('Vina').selectOption({ label: 'ano' });
  const marker = task.attribute('Vina').locator('.glossa-span-marker');
  await marker.waitFor();
  assert.equal(await marker.getAttribute('title'), 'chybí rozsah');
  await task.fillRest(['Vina']);
  await task.submitButton().click();
  await task.attribute('Vina').getByText('Vyznačte v textu část, která to dokládá.').waitFor();
  await page.getByText('Před odesláním doplňte označená místa (1).').waitFor();
  assert.deepEqual(await page.evaluate(() => window.glossaReceived), []);
  // Marking a span removes the marker and lets the item through.
  const w = await task.wordCentre('xenofoba');
  await page.mouse.click(w.x, w.y);
  await page.mouse.click(w.x, w.y);
  await task.assign('Vina').click();
  await marker.waitFor({ state: 'detached' });
  await task.submitButton().click();
  const [result] = await waitForResults(page, 1);
  assert.equal(result.answers.techniky.vina.spans[0].text, 'xenofoba');
  await context.close();
});

test('spans can be listed, shown and removed; politicians repeat with their tone', async () => {
  const { page, context, task } = await openTask();
  for (const [a, b] of [['Petr', 'Fiala'], ['Tomio', 'Okamura']]) {
    const x = await task.wordCentre(a);
    await page.mouse.click(x.x, x.y);
    const y = await task.wordCentre(b);
    await page.mouse.click(y.x, y.y);
    await page.locator('.glossa-assign', { hasText: '(nový)' }).click();
  }
  await task.value('Politik 2').selectOption({ label: 'negativní' });
  await page.getByRole('button', { name: 'Ukázat „Tomio Okamura“ v textu' }).click();
  await page.getByRole('button', { name: 'Odebrat „Petr Fiala“ z Politik 1' }).click();
  await page.getByText('Uloženo: Politik').waitFor();
  assert.equal(await page.getByRole('button', { name: /^Ukázat „Petr Fiala“/ }).count(), 0);
  // Okamura is now Politik 1 and keeps his tone.
  assert.equal(await task.value('Politik 1').inputValue(), 'negativni');
  await context.close();
});
