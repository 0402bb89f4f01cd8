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
  const [from, to] = await task.wordCentres('bezpečnostního', 'analytika');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  await page.getByText('Vybráno: „bezpečnostního analytika“').waitFor();
  await task.assign('Odborník').click();
  await task.value('Odborník').selectOption({ label: 'ano' });
  // A span after the emoji and the ZWJ family, where code points and UTF-16 differ.
  const [a, b] = await task.wordCentres('Rodiny', ['strach', 0]);
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

test('the source: a link to the original in a new tab, images lazily with their captions as alt text', async () => {
  const { page, context, errors } = await openTask();
  const source = page.getByRole('region', { name: 'Zdroj článku' });
  const link = source.getByRole('link', { name: 'Otevřít původní článek' });
  assert.equal(await link.getAttribute('href'), 'https://zpravy.example/clanek/brusel-tlaci-na-cesko-dalsi-kvoty-nebo-sankce');
  assert.equal(await link.getAttribute('target'), '_blank');
  assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
  await source.getByText('(zpravy.example)').waitFor();
  const image = source.getByRole('img', { name: 'Koláž: budova Evropské komise nad hraničním přechodem s nápisem „Kvóty“' });
  assert.equal(await image.getAttribute('loading'), 'lazy');
  assert.equal(await image.getAttribute('referrerpolicy'), 'no-referrer');
  await source.getByText('Koláž: budova Evropské komise', { exact: false }).first().waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a javascript: source address is refused as an item error naming the field', async () => {
  const { page, context } = await openPage(env, '?spec=www/examples/cs-propaganda/spec.json&items=tests/fixtures/cs-propaganda-bad-source.json');
  const panel = page.getByRole('alert');
  await panel.getByText('item.url: field "url" must be the source\'s address, starting with https:// or http://').waitFor();
  await panel.getByText('item.images[0].url: an image\'s url must start with https:// or http://', { exact: false }).waitFor();
  assert.equal(await page.locator('a[href^="javascript"]').count(), 0);
  await context.close();
});

test('every attribute has its own look, shown in a legend; two overlapping spans of different attributes stay apart', async () => {
  const { page, context, task } = await openTask({ viewport: { width: 1280, height: 900 } });
  // The legend: each attribute's swatch carries its colour and its line.
  const looks = await page.locator('.glossa-attribute-head .glossa-swatch').evaluateAll((els) => els.map((e) => {
    const s = getComputedStyle(e);
    return `${s.backgroundColor} | ${s.textDecorationLine} ${s.textDecorationStyle} ${s.textDecorationColor}`;
  }));
  assert.equal(looks.length, 13, 'thirteen span attributes (Politik N gets its swatch with its first entry)');
  assert.equal(new Set(looks).size, looks.length, `no two attributes alike: ${looks.join('\n')}`);
  const lines = looks.map((l) => l.split(' | ')[1]);
  assert.equal(new Set(lines).size, lines.length, 'the lines alone tell them apart (without colour vision)');
  // Two overlapping spans: "Nenasytní eurokraté" to Vina, "eurokraté" to Nálepkování.
  for (const [a, b, attr] of [['Nenasytní', 'eurokraté', 'Vina'], ['eurokraté', 'eurokraté', 'Nálepkování']]) {
    for (const w of [a, b]) { const at = await task.wordCentre(w); await page.mouse.click(at.x, at.y); }
    await task.assign(attr).click();
    await page.getByText(`Uloženo: ${attr}`).waitFor();
  }
  const painted = await page.evaluate(() => {
    const covered = (name) => [...(CSS.highlights.get(name) ?? [])].map((r) => r.toString());
    const rule = (name) => [...document.styleSheets].flatMap((s) => [...s.cssRules])
      .find((r) => r.selectorText === `::highlight(${name})`)?.style.cssText;
    const names = [...CSS.highlights.keys()].filter((n) => /^glossa-a\d+$/.test(n));
    return names.map((n) => ({ name: n, texts: covered(n), style: rule(n) }));
  });
  const vina = painted.find((p) => p.texts.includes('Nenasytní eurokraté'));
  const nalepka = painted.find((p) => p.texts.includes('eurokraté'));
  assert.ok(vina && nalepka && vina.name !== nalepka.name, JSON.stringify(painted));
  assert.ok(vina.style && nalepka.style && vina.style !== nalepka.style, 'painted differently');
  assert.match(vina.style, /text-decoration/);
  await context.close();
});

test('without the Highlight API (Safari < 17.2, Firefox < 140) a fallback still shows the selection and the spans', async () => {
  // The demo page in a browser that has no CSS.highlights and no Highlight.
  const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await ctx.addInitScript(() => { delete window.Highlight; Object.defineProperty(CSS, 'highlights', { value: undefined }); });
  const p = await ctx.newPage();
  const pageErrors = [];
  p.on('pageerror', (e) => pageErrors.push(String(e)));
  await p.goto(new URL('?example=cs-propaganda', env.url).href);
  const spans = await new SpanTask(p).ready();
  assert.equal(await p.evaluate(() => typeof CSS.highlights), 'undefined');
  const boxes = (name) => p.locator(`.glossa-fb-layer .glossa-fb-${name}`);
  const covers = async (name, word) => {
    const at = await spans.wordCentre(word);
    return boxes(name).evaluateAll((els, pt) => els.some((e) => {
      const b = e.getBoundingClientRect();
      return pt.x >= b.left && pt.x <= b.right && pt.y >= b.top && pt.y <= b.bottom;
    }), at);
  };
  for (const w of ['Nenasytní', 'eurokraté']) { const at = await spans.wordCentre(w); await p.mouse.click(at.x, at.y); }
  await p.getByText('Vybráno: „Nenasytní eurokraté“').waitFor();
  assert.ok(await covers('glossa-sel', 'Nenasytní') && await covers('glossa-sel', 'eurokraté'), 'the selection is painted');
  await spans.assign('Vina').click();
  await p.getByText('Uloženo: Vina').waitFor();
  assert.equal(await boxes('glossa-sel').count(), 0, 'the selection is gone once assigned');
  const vina = await p.locator('.glossa-attribute', { hasText: 'Vina' }).locator('.glossa-swatch').getAttribute('class');
  const style = vina.match(/glossa-c(\d+)/)[1];
  assert.ok(await covers(`glossa-a${style}`, 'eurokraté'), 'the span is painted in Vina\'s style');
  // The layer never takes a tap: the next word picked is still a word of the text.
  const at = await spans.wordCentre('Brusel');
  await p.mouse.click(at.x, at.y);
  await p.mouse.click(at.x, at.y);
  await p.getByText('Vybráno: „Brusel“').waitFor();
  assert.deepEqual(pageErrors, []);
  await ctx.close();
});

test('desktop: a click on a first and a last word selects the passage every time, on a slowed-down page', async () => {
  const { page, context, errors, task } = await openTask({ viewport: { width: 1280, height: 900 } });
  // A busy machine: the page's CPU four times slower, so clicks arrive while renders run.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  const pairs = [['Nenasytní', 'eurokraté'], ['eurokraté', 'Nenasytní']];
  for (let round = 0; round < 16; round += 1) {
    const [a, b] = pairs[round % 2];
    const [first, last] = await task.wordCentres(a, b);
    await page.mouse.click(first.x, first.y);
    await page.mouse.click(last.x, last.y);
    await page.getByText('Vybráno: „Nenasytní eurokraté“').waitFor({ timeout: 15000 }).catch(async () => {
      const shown = await page.evaluate(() => [...(CSS.highlights.get('glossa-sel') ?? [])].map((r) => r.toString()));
      assert.fail(`round ${round + 1}: the two clicks selected ${JSON.stringify(shown)}`);
    });
    // Escape drops the selection for the next round.
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => ![...(CSS.highlights.get('glossa-sel') ?? [])].length, null, { timeout: 15000 }).catch(async () => {
      const state = await page.evaluate(() => ({ sel: [...(CSS.highlights.get('glossa-sel') ?? [])].map((r) => r.toString()), focus: document.activeElement?.className, bar: document.querySelector('.glossa-assign-bar')?.textContent }));
      assert.fail(`round ${round + 1}: Escape left ${JSON.stringify(state)}`);
    });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  assert.deepEqual(errors, []);
  await context.close();
});
