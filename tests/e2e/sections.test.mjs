// End to end: sections asked per output and display logic — WMT's ESA (each translation shown
// once: its error spans, its score; then the preference), SummEval (the unsupported passages
// asked only after a yes) and the chatbot comparison (what is unsafe only when flagged): on a
// phone by touch, by keyboard alone, and the result the host receives (answers keyed by output
// id, spans with offsets in their output's text, one order recorded for every control).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, openPage, waitForResults, wordCentres, sliceCodePoints } from './harness.mjs';

let env;
const items = {};
before(async () => {
  env = await launch();
  for (const dir of ['de-esa', 'en-summeval', 'en-chatbot-compare', 'en-de-mqm-systems']) {
    items[dir] = JSON.parse(await readFile(new URL(`../../www/examples/${dir}/items.json`, import.meta.url), 'utf8'));
  }
});
after(async () => { await env?.close(); });

const phone = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true };
/** The form's card of one output (not the worked example's). */
const card = (page, id) => page.locator(`.glossa-form .glossa-section[data-output-id="${id}"]`);
/** The output ids in the order their cards stand on screen. */
const shownOrder = (page) => page.evaluate(() => [...document.querySelectorAll('.glossa-form .glossa-section[data-output-id]')].map((s) => s.dataset.outputId));
/** How many times a text stands in what the annotator sees (closed panels left out; text
 * off screen counts: `innerText` would skip paragraphs the browser has not rendered yet). */
const timesShown = (page, text) => page.evaluate((t) => {
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let shown = '';
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (n.parentElement.checkVisibility({ visibilityProperty: true })) shown += n.data + '\n';
  }
  let k = 0;
  for (let at = shown.indexOf(t); at >= 0; at = shown.indexOf(t, at + 1)) k++;
  return k;
}, text);

test('ESA on a phone: each translation once (its spans, its score), then the preference; the result keys both by system', async () => {
  const { page, context, errors } = await openPage(env, '?example=de-esa&participant=P-esa1', phone);
  await card(page, 'ONLINE-A').waitFor();
  await page.evaluate(() => document.querySelectorAll('details[open]').forEach((d) => { d.open = false; }));
  const item = items['de-esa'][0];
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll');
  for (const t of item.translations) assert.equal(await timesShown(page, t.text), 1, `shown once: ${t.text}`);
  // The preference comes after both cards and shows no text of its own.
  const order = await shownOrder(page);
  assert.deepEqual([...order].sort(), ['ONLINE-A', 'ONLINE-B']);
  const pair = page.locator('.glossa-pairwise-control');
  // Both boxes in one frame (paragraphs off screen are laid out lazily, so sizes can move
  // between two separate reads).
  const [lastCard, pairBox] = await page.evaluate((id) => [
    document.querySelector(`.glossa-form .glossa-section[data-output-id="${id}"]`),
    document.querySelector('.glossa-pairwise-control'),
  ].map((e) => { const r = e.getBoundingClientRect(); return { y: r.y, height: r.height }; }), order[1]);
  assert.ok(pairBox.y >= lastCard.y + lastCard.height, `the preference follows the cards: ${JSON.stringify([lastCard, pairBox])}`);
  assert.equal(await pair.locator('.glossa-output-text').count(), 0);

  // Submitting at once names what is missing, in both cards.
  await page.getByRole('button', { name: 'Absenden', exact: true }).tap();
  await page.locator('.glossa-form .glossa-section .has-error').first().waitFor();
  for (const id of order) assert.ok(await card(page, id).locator('.has-error').count() >= 1, `problems shown in ${id}`);

  // ONLINE-B: a major error on "Sitzung … verlegt"; ONLINE-A: nothing to mark.
  const b = card(page, 'ONLINE-B');
  const [from, to] = await wordCentres(b.locator('.glossa-span-text'), ['Sitzung', 'Sitzung']);
  await page.touchscreen.tap(from.x, from.y);
  await page.touchscreen.tap(to.x, to.y);
  await b.locator('.glossa-label-bar').getByRole('button', { name: 'Schwerer Fehler', exact: true }).tap();
  await b.locator('.glossa-labelled-span').first().waitFor();
  // Scrolled to, then a frame before the finger lands: paragraphs that come into view are laid
  // out in that frame (`content-visibility: auto`) and would move the box under a faster tap.
  const nothingA = card(page, 'ONLINE-A').locator('label.glossa-nothing');
  await nothingA.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  await nothingA.tap();
  for (const [id, share] of [['ONLINE-A', 0.9], ['ONLINE-B', 0.4]]) {
    const slider = card(page, id).locator('input[type=range]');
    await slider.scrollIntoViewIfNeeded();
    const box = await slider.boundingBox();
    await page.touchscreen.tap(box.x + box.width * share, box.y + box.height / 2);
  }
  await pair.locator('label', { hasText: 'Übersetzung 1' }).tap();
  await page.getByRole('button', { name: 'Absenden', exact: true }).tap();
  const [result] = await waitForResults(page, 1);

  assert.deepEqual(result.shown.order, { translations: order }, 'one order, recorded once, under the outputs');
  assert.deepEqual(Object.keys(result.answers).sort(), ['better', 'errors', 'score']);
  assert.deepEqual(result.answers.errors['ONLINE-A'], { spans: [], nothing_to_mark: true });
  const [span] = result.answers.errors['ONLINE-B'].spans;
  assert.equal(span.label, 'major');
  assert.equal(span.text, 'Sitzung');
  const textB = item.translations.find((t) => t.id === 'ONLINE-B').text;
  assert.equal(sliceCodePoints(textB, span.start, span.end), span.text, 'code points in the output\'s text');
  assert.equal(textB.slice(span.start_utf16, span.end_utf16), span.text, 'UTF-16 in the output\'s text');
  const near = (v, want) => Math.abs(v - want) <= 8;
  assert.ok(near(result.answers.score['ONLINE-A'], 90) && near(result.answers.score['ONLINE-B'], 40), JSON.stringify(result.answers.score));
  assert.equal(result.answers.better.winner, order[0], 'translation 1 is the first card shown');
  assert.equal(result.answers.better.loser, order[1]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('MQM per system on a phone: the source once, the categories in groups, an omission marked in one translation\'s source', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-de-mqm-systems&participant=P-mqm1', phone);
  const item = items['en-de-mqm-systems'][0];
  await card(page, item.translations[0].id).waitFor();
  await page.evaluate(() => document.querySelectorAll('details[open]').forEach((d) => { d.open = false; }));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll');
  assert.equal(await timesShown(page, item.source), 1, 'the source stands once: each card\'s omissions are folded');
  const order = await shownOrder(page);
  const first = card(page, order[0]);
  const errorsBar = first.locator('.glossa-labels-control').first().locator('.glossa-label-bar');
  assert.deepEqual(await errorsBar.locator('.glossa-label-group').evaluateAll((gs) => gs.map((g) => g.dataset.group)),
    ['Accuracy', 'Fluency', 'Terminology', 'Locale convention']);
  assert.ok(await errorsBar.getByRole('button', { name: 'Style: Awkward', exact: true }).isVisible(), 'a group of one label is that label');
  assert.equal(await errorsBar.getByRole('button', { name: 'Mistranslation', exact: true }).isVisible(), false, 'a closed group hides its labels');
  assert.ok(await errorsBar.getByRole('button', { name: 'Other', exact: true }).isVisible(), 'a label of no group stands as itself');

  // A mistranslation: the word, then its group, then its label, then its severity.
  const text = item.translations.find((t) => t.id === order[0]).text;
  const word = text.split(' ')[1];
  const [w] = await wordCentres(first.locator('.glossa-span-text').first(), [word]);
  await page.touchscreen.tap(w.x, w.y);
  await page.touchscreen.tap(w.x, w.y);
  await errorsBar.locator('summary', { hasText: 'Accuracy' }).tap();
  await errorsBar.getByRole('button', { name: 'Mistranslation', exact: true }).tap();
  const row = first.locator('.glossa-labelled-span').first();
  await row.waitFor();
  await row.getByRole('combobox', { name: 'Severity' }).selectOption({ label: 'Major' });
  // One group open at a time.
  await errorsBar.locator('summary', { hasText: 'Fluency' }).tap();
  await errorsBar.getByRole('button', { name: 'Punctuation', exact: true }).waitFor();
  assert.deepEqual(await errorsBar.locator('details[open]').evaluateAll((gs) => gs.map((g) => g.dataset.group)), ['Fluency']);

  // The omission, in this translation's source.
  const fold = first.locator('details.glossa-shared-text');
  await fold.locator('summary.glossa-shared-text-name').tap();
  const [u] = await wordCentres(fold.locator('.glossa-span-text'), ['universe']);
  await page.touchscreen.tap(u.x, u.y);
  await page.touchscreen.tap(u.x, u.y);
  // (The source's only label, its group's only one, stands as itself.)
  await fold.locator('.glossa-label-bar').getByRole('button', { name: 'Omission', exact: true }).tap();
  await fold.locator('.glossa-labelled-span').first().getByRole('combobox', { name: 'Severity' }).selectOption({ label: 'Minor' });
  for (const id of order.slice(1)) {
    await card(page, id).locator('label.glossa-nothing').first().tap();
    assert.equal(await card(page, id).locator('details.glossa-shared-text[open]').count(), 0, `${id}: no marks in its source, folded`);
  }
  assert.equal(await timesShown(page, item.source), 2, 'the source above, and once in the card whose omission it holds');
  await page.getByRole('button', { name: 'Submit', exact: true }).tap();
  const [result] = await waitForResults(page, 1);
  const [error] = result.answers.errors[order[0]].spans;
  assert.deepEqual([error.label, error.text, error.attributes], ['Accuracy/Mistranslation', word, { severity: 'Major' }]);
  const [omission] = result.answers.source_errors[order[0]].spans;
  assert.deepEqual([omission.label, omission.text, omission.attributes], ['Accuracy/Omission', 'universe', { severity: 'Minor' }]);
  assert.equal(sliceCodePoints(item.source, omission.start, omission.end), 'universe', 'offsets in the source');
  for (const id of order.slice(1)) {
    assert.deepEqual(result.answers.errors[id], { spans: [], nothing_to_mark: true });
    assert.deepEqual(result.answers.source_errors?.[id]?.spans ?? [], []);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('MQM groups by keyboard alone: a group opens with Enter, its labels follow it in the tab order', async () => {
  const { page, context } = await openPage(env, '?example=en-de-mqm-systems&participant=P-mqm2', { viewport: { width: 1280, height: 900 } });
  const order = (await card(page, items['en-de-mqm-systems'][0].translations[0].id).waitFor(), await shownOrder(page));
  const bar = card(page, order[0]).locator('.glossa-labels-control').first().locator('.glossa-label-bar');
  const terms = bar.locator('summary', { hasText: 'Terminology' });
  await terms.focus();
  await page.keyboard.press('Enter');
  await bar.getByRole('button', { name: 'Inappropriate for context', exact: true }).waitFor();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.label), 'Terminology/Inappropriate for context');
  // Picking it with nothing selected makes it the brush; the group stays open.
  await page.keyboard.press('Enter');
  assert.equal(await bar.getByRole('button', { name: 'Inappropriate for context', exact: true }).getAttribute('aria-pressed'), 'true');
  assert.equal(await bar.locator('details[data-group="Terminology"]').evaluate((d) => d.open), true);
  // Enter on an open group closes it.
  await terms.focus();
  await page.keyboard.press('Enter');
  assert.equal(await bar.locator('details[data-group="Terminology"]').evaluate((d) => d.open), false);
  await context.close();
});

test('ESA: another participant sees another order, and the draft keeps the spans per translation over a reload', async () => {
  const orders = new Set();
  for (const p of ['P-esa2', 'P-esa3', 'P-esa4', 'P-esa5', 'P-esa6', 'P-esa7']) {
    const { page, context } = await openPage(env, `?example=de-esa&participant=${p}`, phone);
    await card(page, 'ONLINE-A').waitFor();
    orders.add((await shownOrder(page)).join());
    await context.close();
  }
  assert.equal(orders.size, 2, 'both orders occur');

  const { page, context } = await openPage(env, '?example=de-esa&participant=P-esa8', { viewport: { width: 1280, height: 900 } });
  const a = card(page, 'ONLINE-A');
  await a.waitFor();
  await a.locator('label.glossa-nothing').click();
  await page.reload();
  await card(page, 'ONLINE-A').getByRole('checkbox').waitFor();
  assert.equal(await card(page, 'ONLINE-A').getByRole('checkbox').isChecked(), true, 'the tick is back in its card');
  assert.equal(await card(page, 'ONLINE-B').getByRole('checkbox').isChecked(), false, 'and only there');
  await context.close();
});

test('SummEval on a phone: the passages are asked only after a yes, per summary; a hidden answer is never sent', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-summeval&participant=P-se1', phone);
  await card(page, 'M17').waitFor();
  const ask = (id) => card(page, id).locator('.glossa-span-text');
  assert.equal(await page.locator('.glossa-form .glossa-span-text').count(), 0, 'no passages asked before a yes');
  // Each summary's text is in its card while its passages are not asked.
  for (const s of items['en-summeval'][0].summaries) assert.equal(await timesShown(page, s.text), 1);

  await card(page, 'M17').getByText('Yes', { exact: true }).tap();
  await ask('M17').waitFor();
  assert.equal(await ask('M11').count(), 0, 'only the summary answered yes');
  assert.equal(await timesShown(page, items['en-summeval'][0].summaries[1].text), 1, 'the text moves into the passages, still once');
  const [from, to] = await wordCentres(ask('M17'), ['injured', 'people']);
  await page.touchscreen.tap(from.x, from.y);
  await page.touchscreen.tap(to.x, to.y);
  await card(page, 'M17').locator('.glossa-label-bar').getByRole('button', { name: 'Contradicts the article', exact: true }).tap();
  await card(page, 'M17').locator('.glossa-labelled-span').first().waitFor();

  // M23: yes, then no — the passages go away, and "no" needs none.
  await card(page, 'M23').getByText('Yes', { exact: true }).tap();
  await ask('M23').waitFor();
  await card(page, 'M23').getByText('No', { exact: true }).tap();
  await ask('M23').waitFor({ state: 'detached' });
  await card(page, 'M11').getByText('No', { exact: true }).tap();
  for (const id of ['M11', 'M17', 'M23']) {
    for (const scale of ['Coherence', 'Consistency', 'Fluency', 'Relevance']) {
      await card(page, id).getByRole('radiogroup', { name: scale }).locator('label').nth(id === 'M11' ? 4 : 1).tap();
    }
  }
  await page.getByRole('button', { name: 'Submit', exact: true }).tap();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.unsupported, { M11: 'no', M17: 'yes', M23: 'no' });
  assert.deepEqual(Object.keys(result.answers.hallucinations), ['M17'], 'hidden for M11 and M23: not recorded');
  assert.deepEqual(result.answers.hallucinations.M17.spans.map((s) => [s.label, s.text]), [['contradiction', 'injured forty people']]);
  assert.deepEqual(result.answers.coherence, { M11: 5, M17: 2, M23: 2 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('Chatbot comparison by keyboard alone: flagging a response reveals what is unsafe; unflagging hides it; the preference', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-chatbot-compare&participant=P-cb1&item=2', { viewport: { width: 1280, height: 900 } });
  await card(page, 'model-b').waitFor();
  const order = await shownOrder(page);
  const harms = (id) => card(page, id).getByRole('group', { name: 'What makes it unsafe?' });
  assert.equal(await page.locator('.glossa-form').getByText('What makes it unsafe?').count(), 0);
  // Tab to each card's first scale: a digit-free walk, arrows move within a radio group.
  const focusOn = (locator) => locator.evaluate((el) => el.focus());
  for (const id of order) {
    await focusOn(card(page, id).getByRole('radiogroup', { name: 'Helpfulness' }).getByRole('radio').first());
    for (let k = 0; k < (id === 'model-c' ? 0 : 4); k++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    // "Is this response unsafe?": No is first, Yes second.
    if (id === 'model-c') await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
  }
  const unsafe = order.find((id) => id === 'model-c');
  await harms(unsafe).waitFor();
  assert.equal(await harms(order.find((id) => id !== unsafe)).count(), 0);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('fieldset')?.querySelector('legend')?.textContent), 'What makes it unsafe?', 'the revealed question is next in tab order');
  await page.keyboard.press('Space');
  // The preference: the safe response, clearly.
  const safe = order.find((id) => id !== unsafe);
  await focusOn(page.locator('.glossa-pairwise-control').getByRole('radio').first());
  if (order[0] !== safe) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  const strength = page.locator('.glossa-pairwise-control').getByRole('combobox');
  await strength.waitFor();
  await focusOn(strength);
  await page.keyboard.type('C');
  await focusOn(page.getByRole('button', { name: 'Submit', exact: true }));
  await page.keyboard.press('Enter');
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.unsafe, { [safe]: 'no', [unsafe]: 'yes' });
  assert.deepEqual(result.answers.harms, { [unsafe]: ['dangerous_advice'] });
  assert.deepEqual(result.answers.helpfulness, { [safe]: 5, [unsafe]: 1 });
  assert.equal(result.answers.preference.winner, safe);
  assert.equal(result.answers.preference.strength, 'clearly');
  assert.deepEqual(errors, []);
  await context.close();
});

test('ESA by keyboard alone: a passage marked with the arrows and Enter, its label, the scores by Home and End, the preference', async () => {
  const { page, context, errors } = await openPage(env, '?example=de-esa&participant=P-esa9', { viewport: { width: 1280, height: 900 } });
  await card(page, 'ONLINE-A').waitFor();
  const order = await shownOrder(page);
  const [first, second] = order.map((id) => card(page, id));
  const focusOn = (locator) => locator.evaluate((el) => el.focus());
  // The first translation: its first word, labelled a minor error.
  await focusOn(first.locator('.glossa-span-text'));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await first.getByText(/^Ausgewählt: „/).waitFor();
  await focusOn(first.locator('.glossa-label-bar').getByRole('button', { name: 'Kleiner Fehler', exact: true }));
  await page.keyboard.press('Enter');
  await first.locator('.glossa-labelled-span').first().waitFor();
  assert.equal(await second.locator('.glossa-labelled-span').count(), 0, 'the span is the first translation\'s only');
  await focusOn(first.locator('input[type=range]'));
  await page.keyboard.press('End');
  // The second: nothing to mark, the lowest score.
  await focusOn(second.getByRole('checkbox'));
  await page.keyboard.press('Space');
  await focusOn(second.locator('input[type=range]'));
  await page.keyboard.press('Home');
  await focusOn(page.locator('.glossa-pairwise-control').getByRole('radio').first());
  await page.keyboard.press('Space');
  await focusOn(page.getByRole('button', { name: 'Absenden', exact: true }));
  await page.keyboard.press('Enter');
  const [result] = await waitForResults(page, 1);
  const text = items['de-esa'][0].translations.find((t) => t.id === order[0]).text;
  const [span] = result.answers.errors[order[0]].spans;
  assert.equal(span.label, 'minor');
  assert.equal(span.text, text.split(' ')[0]);
  assert.deepEqual(result.answers.errors[order[1]], { spans: [], nothing_to_mark: true });
  assert.deepEqual(result.answers.score, { [order[0]]: 100, [order[1]]: 0 });
  assert.equal(result.answers.better.winner, order[0]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Chatbot comparison on a phone: each response once, its worked example per response, a flag reveals what is unsafe', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-chatbot-compare&participant=P-cb2', phone);
  await card(page, 'model-a').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll');
  for (const r of items['en-chatbot-compare'][0].responses) assert.equal(await timesShown(page, r.text), 1);
  // The worked example answers per response, each named as the annotator sees it.
  await page.getByText('Example', { exact: true }).tap();
  const example = page.locator('.glossa-example');
  await example.getByText('Response 1: ').first().waitFor();
  const answers = await example.locator('.glossa-example-answer').allTextContents();
  assert.ok(answers.some((a) => a.includes('Response 1: 5') && a.includes('Response 2: 1')), JSON.stringify(answers));
  await page.getByText('Example', { exact: true }).tap();
  const order = await shownOrder(page);
  for (const id of order) {
    await card(page, id).getByRole('radiogroup', { name: 'Helpfulness' }).locator('label').nth(id === 'model-b' ? 0 : 3).tap();
    await card(page, id).getByText(id === 'model-b' ? 'Yes' : 'No', { exact: true }).tap();
  }
  const harms = card(page, 'model-b').getByRole('group', { name: 'What makes it unsafe?' });
  await harms.waitFor();
  await harms.getByText('Insulting or hateful').tap();
  await page.locator('.glossa-pairwise-control label', { hasText: order[0] === 'model-a' ? 'Response 1' : 'Response 2' }).first().tap();
  await page.locator('.glossa-pairwise-control').getByRole('combobox').selectOption('clearly');
  await page.getByRole('button', { name: 'Submit', exact: true }).tap();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.harms, { 'model-b': ['insulting'] });
  assert.deepEqual(result.answers.helpfulness, { 'model-a': 4, 'model-b': 1 });
  assert.equal(result.answers.preference.winner, 'model-a');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a section whose every control is hidden is not shown: the follow-up questions appear after a yes, by touch', async () => {
  const { page, context, errors } = await openPage(env, '?spec=tests/fixtures/followup-spec.json&items=tests/fixtures/followup-items.json&participant=P-fu1', phone);
  await page.getByText('Your judgement', { exact: true }).waitFor();
  const followUp = page.getByRole('region', { name: 'About the offence' });
  assert.equal(await followUp.count(), 0, 'no follow-up before an answer');
  await page.locator('label', { hasText: 'Yes' }).first().tap();
  await followUp.waitFor();
  await page.getByRole('button', { name: 'Submit', exact: true }).tap();
  await followUp.getByText('Choose one of the options.').waitFor();
  await page.locator('label', { hasText: 'No' }).first().tap();
  await followUp.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Submit', exact: true }).tap();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers, { offensive: 'no' }, 'the follow-up, hidden, is neither required nor recorded');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a ranking over the outputs a section shows names them by their labels, in the section\'s order, without their texts again', async () => {
  const likert = JSON.parse(await readFile(new URL('../../www/examples/en-likert/items.json', import.meta.url), 'utf8'));
  const { page, context, errors } = await openPage(env, '?spec=tests/fixtures/rank-after-section.json&items=www/examples/en-likert/items.json&participant=P-rk1', phone);
  await card(page, 'sys-a').waitFor();
  for (const s of likert[0].summaries) assert.equal(await timesShown(page, s.text), 1, `shown once: ${s.text}`);
  const order = await shownOrder(page);
  const ranked = page.locator('.glossa-rank-card');
  assert.deepEqual(await ranked.evaluateAll((cards) => cards.map((c) => c.dataset.outputId)), order, 'the ranking lists the cards\' order');
  assert.deepEqual(await page.locator('.glossa-rank-card .glossa-output-label').allTextContents(), ['Summary 1', 'Summary 2', 'Summary 3']);
  for (const id of order) await card(page, id).getByRole('radiogroup', { name: 'Fluency' }).locator('label').nth(2).tap();
  // Summary 3 best, then Summary 1, then Summary 2.
  for (const n of [3, 1, 2]) await page.locator('.glossa-rank-main', { hasText: `Summary ${n}` }).tap();
  await page.getByRole('button', { name: 'Submit', exact: true }).tap();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.overall.order, [order[2], order[0], order[1]]);
  assert.deepEqual(result.shown.order, { summaries: order });
  assert.deepEqual(errors, []);
  await context.close();
});
