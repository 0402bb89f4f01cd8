// End to end: a model's suggestions — a tagger's spans, an LLM's choice and score pre-filled
// and marked (a sign and a word, announced), accepted, fixed and rejected on a phone by touch
// and by keyboard alone, kept through a reload, refused while undecided, and recorded per part
// in the result the host receives; the anchoring split (suggestions hidden on a seeded share)
// the same for the same participant and recorded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, waitForResults, wordCentres, axeViolations } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const phone = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true };
const E2E = 'spec=tests/fixtures/suggest-e2e-spec.json&items=tests/fixtures/suggest-e2e-items.json';
const row = (page, text) => page.locator('.glossa-labelled-span', { has: page.getByRole('button', { name: `Show “${text}” in the text` }) });
const bar = (page, control) => page.locator(`.glossa-suggestion[id$="-${control}-suggestion"]`);
const decisions = (result, control) => result.provenance[control].units.map((u) => [u.decision, (u.suggested ?? u.answer)?.text ?? u.suggested ?? u.answer]);

test('phone, by touch: accept, fix and reject suggested spans, accept a suggested choice; a reload keeps each decision; the result records them', async () => {
  const { page, context, errors } = await openPage(env, `?${E2E}&participant=P-sg1`, phone);
  await bar(page, 'entities').waitFor();
  // Marked by a sign and a word, not by colour alone; the model named.
  // The model's name is isolated from the sentence's direction (FSI … PDI): a Latin name in an
  // Arabic sentence, or an Arabic one in an English sentence, reorders nothing around it.
  assert.match(await bar(page, 'entities').innerText(), /✦ Suggested by \u2068tagger-1\u2069/);
  assert.equal(await row(page, 'Peter Blackburn').locator('.glossa-suggestion-tag').innerText(), '✦ Suggested');
  assert.equal(await page.getByRole('radio', { name: /Negative ✦ Suggested/ }).isChecked(), true, 'the suggested option is chosen and says so');
  assert.deepEqual(await axeViolations(page), []);
  // Every control fits the phone.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360));

  // Undecided suggestions are refused.
  await page.getByRole('button', { name: 'Submit', exact: true }).tap();
  await page.getByText('Accept, change or reject every suggestion before you submit.').first().waitFor();

  await row(page, 'Peter Blackburn').getByRole('button', { name: 'Accept: Peter Blackburn (Person)' }).tap();
  await row(page, 'Peter Blackburn').getByText('✦ Accepted').waitFor();
  // Brussels is no person: its label fixed.
  await row(page, 'Brussels').getByRole('combobox', { name: 'Label' }).selectOption({ label: 'Location' });
  await row(page, 'Brussels').getByText('✦ Changed').waitFor();

  await page.reload();
  await bar(page, 'entities').waitFor();
  await row(page, 'Peter Blackburn').getByText('✦ Accepted').waitFor();
  await row(page, 'Brussels').getByText('✦ Changed').waitFor();
  assert.equal(await row(page, 'reports').getByRole('button', { name: 'Reject: reports (Other name)' }).count(), 1, 'still to decide after the reload');

  await row(page, 'reports').getByRole('button', { name: 'Reject: reports (Other name)' }).tap();
  await row(page, 'reports').waitFor({ state: 'detached' });
  // The name the tagger missed: two taps, then its label.
  const text = page.locator('.glossa-span-text');
  const [a, b] = await wordCentres(text, ['European', 'Commission']);
  await page.touchscreen.tap(a.x, a.y);
  await page.touchscreen.tap(b.x, b.y);
  await page.locator('.glossa-label-button', { hasText: 'Organisation' }).tap();
  await row(page, 'European Commission').waitFor();
  await bar(page, 'sentiment').getByRole('button', { name: 'Accept: Sentiment' }).tap();
  await bar(page, 'sentiment').getByText('Accepted').waitFor();
  await bar(page, 'quality').getByRole('button', { name: 'Accept: How well written is it?' }).tap();
  await page.getByRole('button', { name: 'Submit', exact: true }).tap();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(decisions(result, 'entities'), [
    ['accepted', 'Peter Blackburn'], ['changed', 'Brussels'], ['rejected', 'reports'], ['added', 'European Commission'],
  ]);
  assert.equal(result.provenance.entities.units[1].answer.label, 'LOC');
  assert.deepEqual(decisions(result, 'sentiment'), [['accepted', 'negative']]);
  assert.deepEqual(decisions(result, 'quality'), [['accepted', 70]]);
  assert.equal(result.provenance.entities.model, 'tagger-1');
  assert.equal(result.answers.sentiment, 'negative');
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard alone: accept all spans, reject the suggested choice and choose another, reject a score and set it', async () => {
  const { page, context } = await openPage(env, `?${E2E}&participant=P-sg2`, { viewport: { width: 1280, height: 900 } });
  await bar(page, 'entities').waitFor();
  // Tab from the entities' bar reaches its buttons: native buttons in the tab order.
  await bar(page, 'entities').getByRole('button', { name: 'Accept all: Named entities' }).focus();
  await page.keyboard.press('Enter');
  await bar(page, 'entities').getByText('Every suggestion is decided.').waitFor();
  await bar(page, 'sentiment').getByRole('button', { name: 'Reject: Sentiment' }).focus();
  await page.keyboard.press('Space');
  await bar(page, 'sentiment').getByText('Rejected').waitFor();
  assert.equal(await page.getByRole('radio', { name: /Negative/ }).isChecked(), false, 'a rejected choice is cleared');
  await page.getByRole('radio', { name: /Neutral/ }).focus();
  await page.keyboard.press('Space');
  await bar(page, 'sentiment').getByText('Changed').waitFor();
  await bar(page, 'quality').getByRole('button', { name: 'Reject: How well written is it?' }).focus();
  await page.keyboard.press('Enter');
  const slider = page.getByRole('slider', { name: 'How well written is it?' });
  await slider.focus();
  await page.keyboard.press('End');
  await bar(page, 'quality').getByText('Changed').waitFor();
  await page.getByRole('button', { name: 'Submit', exact: true }).focus();
  await page.keyboard.press('Enter');
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(decisions(result, 'entities').map((d) => d[0]), ['accepted', 'accepted', 'accepted']);
  assert.deepEqual(decisions(result, 'sentiment'), [['changed', 'negative']]);
  assert.equal(result.provenance.sentiment.units[0].answer, 'neutral');
  assert.deepEqual(decisions(result, 'quality'), [['changed', 70]]);
  assert.equal(result.answers.quality, 100);
  await context.close();
});

test('the anchoring split: the same participant always sees the same items with suggestions; a hidden one is recorded as hidden', async () => {
  const seen = {};
  for (const who of ['P-an1', 'P-an2', 'P-an3', 'P-an4', 'P-an5', 'P-an6']) {
    const { page, context } = await openPage(env, `?spec=tests/fixtures/suggest-spec.json&items=tests/fixtures/suggest-items.json&participant=${who}`);
    await page.locator('.glossa-span-text').waitFor();
    seen[who] = await bar(page, 'entities').count();
    // The same on a reload, and in a fresh browser.
    await page.reload();
    await page.locator('.glossa-span-text').waitFor();
    assert.equal(await bar(page, 'entities').count(), seen[who], who);
    await context.close();
    const again = await openPage(env, `?spec=tests/fixtures/suggest-spec.json&items=tests/fixtures/suggest-items.json&participant=${who}`);
    await again.page.locator('.glossa-span-text').waitFor();
    assert.equal(await bar(again.page, 'entities').count(), seen[who], `${who}, a new browser`);
    await again.context.close();
  }
  const hidden = Object.keys(seen).find((w) => seen[w] === 0);
  assert.ok(hidden && Object.values(seen).includes(1), JSON.stringify(seen));
  const { page, context } = await openPage(env, `?spec=tests/fixtures/suggest-spec.json&items=tests/fixtures/suggest-items.json&participant=${hidden}`);
  await page.locator('.glossa-span-text').waitFor();
  assert.equal(await page.locator('.glossa-labelled-span').count(), 0, 'nothing pre-filled');
  await page.getByRole('checkbox', { name: 'Nothing to mark in this text' }).check();
  await page.getByRole('radio', { name: 'Neutral' }).check();
  await page.getByRole('slider', { name: 'How well written is it?' }).focus();
  await page.keyboard.press('Home');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const [result] = await waitForResults(page, 1);
  assert.equal(result.provenance.entities.shown, false);
  assert.deepEqual(result.provenance.entities.units, []);
  assert.equal(result.provenance.entities.suggested.spans.length, 3);
  await context.close();
});
