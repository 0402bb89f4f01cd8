// End to end: relations between marked passages (the en-relations example, brat's news
// tutorial) — on a 360 px phone by touch and by keyboard alone: a link made from two passages
// and a type, a suggested link fixed (re-pointed, retyped) and one rejected, a refused link
// said aloud, links following a relabelled passage and going with a deleted one (offered back,
// and undone); the result
// the host receives holds the links with their passages and the provenance of each.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, waitForResults, wordCentres, axeViolations, sliceCodePoints } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const phone = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true };
const form = (page) => page.locator('.glossa-link-form');
const links = (page) => page.locator('.glossa-link');
const linksOf = (result) => result.answers.relations.links.map((l) => [l.head.text, l.label, l.tail.text]);
const decisions = (result) => result.provenance.relations.units.map((u) => [u.decision, ...[u.suggested, u.answer].map((l) => (l ? `${l.head.text} ${l.label} ${l.tail.text}` : null))]);

test('phone, by touch: accept the names, fix a suggested link by re-pointing it, make another; the result holds them with their provenance', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-relations&participant=P-re1&item=6', phone);
  await form(page).waitFor();
  // The suggested link reads as a sentence, marked as suggested.
  const suggested = links(page).first();
  assert.equal(await suggested.locator('.glossa-link-sentence').innerText(), '“Terry Pratchett” (Person) → Located (lives in) → “Oxfordshire” (Geo-political entity)');
  await suggested.getByText('✦ Suggested').waitFor();
  assert.deepEqual(await axeViolations(page), []);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'the control fits the phone');

  await page.getByRole('button', { name: 'Accept all: Names' }).tap();
  // Terry Pratchett lives in Buckinghamshire, not Oxfordshire: the suggested link is rejected
  // and the right one made — first passage, second, then the only type that takes them.
  await suggested.getByRole('button', { name: /^Reject: “Terry Pratchett”/ }).tap();
  await page.getByText('No links yet.').waitFor();
  await form(page).getByRole('combobox', { name: 'First passage' }).selectOption({ label: '“Terry Pratchett” (Person)' });
  await form(page).getByRole('combobox', { name: 'Second passage' }).selectOption({ label: '“Buckinghamshire” (Geo-political entity)' });
  // Person → GPE: Located and Employment take them; Employment first chosen, then Located.
  const type = form(page).getByRole('combobox', { name: 'Type of link' });
  assert.deepEqual(await type.locator('option').allInnerTexts(), ['Choose…', 'Located (lives in)', 'Employment (works in)']);
  await type.selectOption({ label: 'Located (lives in)' });
  await form(page).getByRole('button', { name: 'Add link' }).tap();
  await links(page).first().getByText('“Terry Pratchett” (Person) → Located (lives in) → “Buckinghamshire” (Geo-political entity)').waitFor();
  // The form is empty again, ready for the next link; the same link again is refused, aloud.
  assert.equal(await form(page).getByRole('combobox', { name: 'First passage' }).inputValue(), '');
  await form(page).getByRole('combobox', { name: 'First passage' }).selectOption({ label: '“Terry Pratchett” (Person)' });
  await form(page).getByRole('combobox', { name: 'Second passage' }).selectOption({ label: '“Buckinghamshire” (Geo-political entity)' });
  await type.selectOption({ label: 'Located (lives in)' });
  await form(page).getByRole('button', { name: 'Add link' }).tap();
  assert.equal(await form(page).getByRole('status').innerText(), 'This link has already been made.');
  assert.equal(await links(page).count(), 1);
  // Buckinghamshire is near Oxfordshire, not part of it: Geographical part takes GPE → GPE,
  // made the other way round first, then turned.
  await form(page).getByRole('combobox', { name: 'First passage' }).selectOption({ label: '“Oxfordshire” (Geo-political entity)' });
  await form(page).getByRole('combobox', { name: 'Second passage' }).selectOption({ label: '“Buckinghamshire” (Geo-political entity)' });
  await form(page).getByRole('button', { name: 'Add link' }).tap();
  await links(page).nth(1).waitFor();
  await links(page).nth(1).getByRole('button', { name: 'Swap direction' }).tap();
  await links(page).nth(1).getByText('“Buckinghamshire” (Geo-political entity) → Geographical part (part of) → “Oxfordshire” (Geo-political entity)').waitFor();
  assert.deepEqual(await axeViolations(page), []);
  await page.getByRole('button', { name: 'Submit', exact: true }).tap();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(linksOf(result), [
    ['Terry Pratchett', 'Located', 'Buckinghamshire'],
    ['Buckinghamshire', 'Geographical_part', 'Oxfordshire'],
  ]);
  const sentence = 'Terry Pratchett lives in Buckinghamshire, which is near Oxfordshire.';
  for (const l of result.answers.relations.links) {
    for (const s of [l.head, l.tail]) assert.equal([...sentence].slice(s.start, s.end).join(''), s.text);
  }
  // The suggested link was changed (the same type from the same passage, re-pointed); the
  // other link is the annotator's own.
  assert.deepEqual(decisions(result), [
    ['changed', 'Terry Pratchett Located Oxfordshire', 'Terry Pratchett Located Buckinghamshire'],
    ['added', null, 'Buckinghamshire Geographical_part Oxfordshire'],
  ]);
  assert.match(result.provenance.relations.model, /brat news tutorial/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard alone: retype a suggested link, accept another, make a link; a relabelled passage keeps its links where they still fit', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-relations&participant=P-re2&item=7', { viewport: { width: 1280, height: 900 } });
  await form(page).waitFor();
  await page.getByRole('button', { name: 'Accept all: Names' }).focus();
  await page.keyboard.press('Enter');
  // Terry Pratchett lives in Buckinghamshire: the suggested Employment is retyped to Located,
  // from its own type select, by keys.
  const row = links(page).first();
  await row.getByRole('combobox', { name: 'Type of link' }).focus();
  await page.keyboard.press('ArrowUp');
  await row.locator('.glossa-link-type', { hasText: 'Located (lives in)' }).waitFor();
  await row.getByText('✦ Changed').waitFor();
  // A second link, of the other type that takes a person and a place, made by keys.
  await form(page).getByRole('combobox', { name: 'First passage' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await form(page).getByRole('combobox', { name: 'Second passage' }).inputValue(), '1');
  await page.keyboard.press('Tab');
  assert.deepEqual(await form(page).getByRole('combobox', { name: 'Type of link' }).locator('option').allInnerTexts(),
    ['Choose…', 'Located (lives in)', 'Employment (works in)']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await links(page).nth(1).getByText('“Terry Pratchett” (Person) → Employment (works in) → “Buckinghamshire” (Geo-political entity)').waitFor();
  // Buckinghamshire relabelled Organisation (in the names' list): neither link takes it, and
  // both go; relabelled back, nothing comes back by itself.
  await page.locator('.glossa-labelled-span', { hasText: 'Buckinghamshire' }).getByRole('combobox', { name: 'Label' }).selectOption({ label: 'Organisation' });
  await page.getByText('No links yet.').waitFor();
  await page.locator('.glossa-labelled-span', { hasText: 'Buckinghamshire' }).getByRole('combobox', { name: 'Label' }).selectOption({ label: 'Geo-political entity' });
  assert.equal(await links(page).count(), 0);
  // Made again, by keys, and submitted by keys.
  await form(page).getByRole('combobox', { name: 'First passage' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await links(page).first().waitFor();
  await page.getByRole('button', { name: 'Submit', exact: true }).focus();
  await page.keyboard.press('Enter');
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(linksOf(result), [['Terry Pratchett', 'Located', 'Buckinghamshire']]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a passage deleted takes its links, said and offered back (undone, by touch); fewer than two passages: nothing to link yet', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-relations&participant=P-re3&item=2', phone);
  await form(page).waitFor();
  await links(page).first().waitFor();
  const remove = page.getByRole('button', { name: 'Remove “England” from Geo-political entity' });
  await remove.tap();
  await page.getByText('No links yet.').waitFor();
  // The link went with it: a status says so, with Undo, which puts back the passage in its
  // place and its link, and takes the focus to the list of links (its button goes).
  const deleted = page.locator('.glossa-links-deleted[role="status"]');
  assert.match(await deleted.innerText(), /^Deleting “England” also deleted its links: 1\. Undo$/);
  assert.deepEqual(await axeViolations(page), []);
  await deleted.getByRole('button', { name: 'Undo' }).tap();
  await links(page).first().waitFor();
  assert.match(await links(page).first().locator('.glossa-link-sentence').innerText(), /“England” \(Geo-political entity\)/);
  assert.equal(await deleted.count(), 0);
  await page.waitForFunction(() => document.activeElement?.classList.contains('glossa-links-heading'));
  // Deleted again, and the offer left alone: the passage and its link stay deleted.
  await remove.tap();
  await page.getByText('No links yet.').waitFor();
  await deleted.waitFor();
  await page.getByText('Mark at least two passages to link them.').waitFor();
  assert.equal(await form(page).count(), 0);
  // Marked again (a tap on its first word and one on its last, then its label), it can be
  // linked again.
  const [w] = await wordCentres(page.locator('.glossa-span-text'), ['England']);
  await page.touchscreen.tap(w.x, w.y);
  await page.touchscreen.tap(w.x, w.y);
  await page.locator('.glossa-label-button', { hasText: 'Geo-political entity' }).tap();
  await form(page).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('asked per output, on a phone: each translation\'s card links its own names; the result keys the links by output', async () => {
  const PER_OUTPUT = 'spec=tests/fixtures/relations-per-output-spec.json&items=tests/fixtures/relations-per-output-items.json';
  const { page, context, errors } = await openPage(env, `?${PER_OUTPUT}&participant=P-re4`, phone);
  const card = (id) => page.locator(`.glossa-form .glossa-section[data-output-id="${id}"]`);
  await card('sys-a').waitFor();
  for (const id of ['sys-a', 'sys-b']) {
    // Each card: its own text, its own label bar, and nothing to link yet.
    const c = card(id);
    await c.getByText('Mark at least two passages to link them.').waitFor();
    // A passage: a tap on its first word and one on its last (measured when the page stands
    // still: a marked passage's tag moves the text), then its label; its row shows it taken.
    for (const [words, label, k] of [[['Terry', 'Pratchett'], 'Person', 1], [['England', 'England'], 'Geo-political entity', 2]]) {
      for (const at of await wordCentres(c.locator('.glossa-span-text'), words)) await page.touchscreen.tap(at.x, at.y);
      await c.locator('.glossa-label-button', { hasText: label }).tap();
      await c.locator('.glossa-labelled-span').nth(k - 1).waitFor();
    }
    await c.locator('.glossa-link-form').waitFor();
  }
  // Only the first translation's names are linked: the link is made in its card, and the
  // other card's list stays empty.
  const first = card('sys-a').locator('.glossa-link-form');
  await first.getByRole('combobox', { name: 'First passage' }).selectOption({ label: '“Terry Pratchett” (Person)' });
  await first.getByRole('combobox', { name: 'Second passage' }).selectOption({ label: '“England” (Geo-political entity)' });
  await first.getByRole('combobox', { name: 'Type of link' }).selectOption({ label: 'Located (lives in)' });
  await first.getByRole('button', { name: 'Add link' }).tap();
  await card('sys-a').locator('.glossa-link').getByText('“Terry Pratchett” (Person) → Located (lives in) → “England” (Geo-political entity)').waitFor();
  assert.equal(await card('sys-b').locator('.glossa-link').count(), 0);
  await card('sys-b').getByText('No links yet.').waitFor();
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'the cards fit the phone');
  assert.deepEqual(await axeViolations(page), []);
  await page.getByRole('button', { name: 'Submit', exact: true }).tap();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(Object.keys(result.answers.relations), ['sys-a', 'sys-b']);
  assert.deepEqual(result.answers.relations['sys-a'].links.map((l) => [l.head.text, l.label, l.tail.text]), [['Terry Pratchett', 'Located', 'England']]);
  assert.deepEqual(result.answers.relations['sys-b'], { links: [] });
  const text = 'Terry Pratchett lebt in England.';
  for (const s of [result.answers.relations['sys-a'].links[0].head, result.answers.relations['sys-a'].links[0].tail]) {
    assert.equal(sliceCodePoints(text, s.start, s.end), s.text, 'offsets in its own output\'s text');
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link pointed at or focused highlights its two passages in the text; moving away, or the link deleted, clears it', async () => {
  const { page, context, errors } = await openPage(env, '?example=en-relations&participant=P-re5&item=6', { viewport: { width: 1280, height: 900 } });
  await links(page).first().waitFor();
  /** The texts of the ranges highlighted as a link's (either painter: the Highlight API's
   *  ranges, or the fallback's boxes counted). */
  const lit = () => page.evaluate(() => {
    const h = globalThis.CSS?.highlights?.get('glossa-link');
    if (h) return [...h].map((r) => r.toString());
    return [...document.querySelectorAll('.glossa-fb-glossa-link')].map(() => '(box)');
  });
  assert.deepEqual(await lit(), [], 'nothing lit before');
  // The suggested link's sentence, pointed at with the mouse.
  await links(page).first().locator('.glossa-link-sentence').hover();
  await page.waitForFunction(() => (globalThis.CSS?.highlights?.get('glossa-link')?.size ?? 0) === 2);
  assert.deepEqual(await lit(), ['Terry Pratchett', 'Oxfordshire']);
  await page.mouse.move(5, 5);
  await page.waitForFunction(() => !globalThis.CSS?.highlights?.has('glossa-link'));
  // By keyboard: the focus on the link's type select lights it, and leaving it clears it.
  await links(page).first().getByRole('combobox').focus();
  await page.waitForFunction(() => (globalThis.CSS?.highlights?.get('glossa-link')?.size ?? 0) === 2);
  assert.deepEqual(await lit(), ['Terry Pratchett', 'Oxfordshire']);
  // Rejected while lit: the link goes, and so does its highlight.
  await links(page).first().getByRole('button', { name: /^Reject: “Terry Pratchett”/ }).click();
  await page.getByText('No links yet.').waitFor();
  await page.waitForFunction(() => !globalThis.CSS?.highlights?.has('glossa-link'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('attributes of links: chosen in a link\'s row by touch and by keys, only for the types they apply to, and in the result', async () => {
  const path = '?spec=tests/fixtures/relations-attributes-spec.json&items=www/examples/en-relations/items.json&participant=P-re6&item=6';
  const { page, context, errors } = await openPage(env, path, phone);
  await links(page).first().waitFor();
  await page.getByRole('button', { name: 'Accept all: Names' }).tap();
  const row = links(page).first();
  // The suggested Located link: "Negated?" (every type), not "How sure?" (Employment only).
  const negated = row.getByRole('combobox', { name: 'Negated?' });
  assert.deepEqual(await negated.locator('option').allInnerTexts(), ['—', 'Yes, the text denies it', 'No']);
  assert.equal(await row.getByRole('combobox', { name: 'How sure?' }).count(), 0);
  await row.getByRole('button', { name: /^Accept: “Terry Pratchett”/ }).tap();
  await negated.selectOption({ label: 'Yes, the text denies it' });
  // Retyped to Employment, the link keeps "Negated?" and is offered "How sure?", chosen by keys.
  await row.getByRole('combobox', { name: 'Type of link' }).selectOption({ label: 'Employment (works in)' });
  const sure = row.getByRole('combobox', { name: 'How sure?' });
  await sure.focus();
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => [...document.querySelectorAll('.glossa-link select')].some((s) => s.value === 'sure'));
  assert.equal(await negated.inputValue(), 'yes');
  assert.deepEqual(await axeViolations(page), []);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'the row fits the phone');
  await page.getByRole('button', { name: 'Submit', exact: true }).tap();
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers.relations.links.map((l) => [l.label, l.attributes]), [['Employment', { Certainty: 'sure', Negated: 'yes' }]]);
  assert.deepEqual(errors, []);
  await context.close();
});
