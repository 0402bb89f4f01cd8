// End to end: question authoring (family 5), the Polish PoQuAD task. Five questions on a phone
// and on a desktop — one unanswerable, one yes/no — submitted, then converted by the CLI into
// dataset JSON whose offsets slice the paragraph by code points.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openPage, QaTask, waitForResults, sliceCodePoints } from './harness.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'target/debug/glossa'); // built by the native test step
const ITEMS = 'www/examples/pl-poquad/items.json';
let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

function cli(...args) {
  try {
    return { code: 0, out: execFileSync(CLI, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (e) {
    return { code: e.status, out: String(e.stdout) + String(e.stderr) };
  }
}

function resultsFile(results) {
  const file = join(mkdtempSync(join(tmpdir(), 'glossa-qa-')), 'results.jsonl');
  writeFileSync(file, results.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

const QUESTIONS = [
  { q: 'Ile lat trwały badania prowadzące do publikacji z 1781?', from: 'następną', to: 'dekadę', base: 'dziesięć lat' },
  { q: 'Jakimi działami filozofii zajmował się Kant pod koniec XVIII wieku?', from: 'teorią', to: 'estetyką' },
  { q: 'Dlaczego Kant porzucił plany wydania Krytyki czystego rozumu?', from: 'zarzucił', to: 'śmiercią', unanswerable: true },
  { q: 'Czy Prolegomena były obszerniejsze od dzieła z 1781 roku?', from: 'skromniejsze', to: 'objętościowo', yesNo: 'Nie' },
  { q: 'Pod czyim wpływem był myśliciel u schyłku tego okresu?', from: 'empiryzmu', to: 'Hume’a', category: 'Osoba (Kto? Kogo?)' },
];

async function writeFive(page, task, { touch }) {
  const press = (locator) => (touch ? locator.tap() : locator.click());
  for (const [i, x] of QUESTIONS.entries()) {
    const n = i + 1;
    if (n > 1) {
      await press(task.addQuestion());
      // The new card's question box has focus.
      await page.waitForFunction((k) => document.activeElement?.id?.endsWith(`-q${k}-text`), i);
    }
    await task.question(n).fill(x.q);
    await task.pick(x.from, x.to, { touch });
    await press(task.addToQuestion(n));
    await task.card(n).locator('.glossa-chip').first().waitFor();
    if (x.base) await task.baseForm(n).fill(x.base);
    if (x.unanswerable) await press(task.card(n).getByRole('checkbox', { name: 'Pytanie nieodpowiadalne' }));
    if (x.yesNo) {
      await press(task.card(n).getByRole('checkbox', { name: 'Pytanie o rozstrzygnięcie (tak/nie)' }));
      await press(task.card(n).getByRole('radio', { name: x.yesNo, exact: true }));
    }
    if (x.category) await task.card(n).getByRole('combobox', { name: 'Typ pytania' }).selectOption({ label: x.category });
  }
}

async function checkExport(result, paragraph) {
  const out = cli('export', 'poquad', ITEMS, resultsFile([result]));
  assert.equal(out.code, 0, out.out);
  const dataset = JSON.parse(out.out);
  const para = dataset.data[0].paragraphs[0];
  assert.equal(para.context, paragraph);
  assert.equal(para.qas.length, 5);
  for (const qa of para.qas) {
    const answers = qa.is_impossible ? qa.plausible_answers : qa.answers;
    assert.ok(answers.length >= 1, qa.question);
    for (const a of answers) {
      assert.equal(sliceCodePoints(para.context, a.answer_start, a.answer_start + Array.from(a.text).length), a.text);
    }
  }
  return para.qas;
}

for (const [name, options] of [
  ['phone', { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true }],
  ['desktop', { viewport: { width: 1280, height: 900 } }],
]) {
  test(`${name}: five questions, one unanswerable, one yes/no; submitted and exported`, async () => {
    const { page, context, errors } = await openPage(env, '?example=pl-poquad', options);
    const task = await new QaTask(page).ready();
    const touch = name === 'phone';
    await writeFive(page, task, { touch });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, 'no horizontal scroll');
    await page.getByText('Pytania: 5 z 5').waitFor();
    await (touch ? task.submitButton().tap() : task.submitButton().click());
    const [result] = await waitForResults(page, 1);
    const qa = result.answers.qa;
    assert.equal(qa.questions.length, 5);
    assert.equal(qa.no_more_questions, false);
    assert.equal(qa.questions[0].base_form, 'dziesięć lat');
    assert.equal(qa.questions[0].base_form_edited, true);
    assert.equal(qa.questions[1].base_form, 'teorią poznania, etyką oraz estetyką');
    assert.equal(qa.questions[2].unanswerable, true);
    assert.equal(qa.questions[3].yes_no, true);
    assert.equal(qa.questions[3].base_form, 'Nie');
    assert.equal(qa.questions[3].category, 'rozstrzygniecie');
    assert.equal(qa.questions[4].category, 'osoba');
    assert.equal(qa.questions[4].answers[0].text, 'empiryzmu Hume’a');
    const items = JSON.parse(await (await import('node:fs/promises')).readFile(join(ROOT, ITEMS), 'utf8'));
    const qas = await checkExport(result, items[0].paragraph);
    assert.equal(qas[2].is_impossible, true);
    assert.deepEqual(qas[2].answers, []);
    assert.equal(qas[3].generative_answer, 'Nie');
    assert.equal(qas[3].is_yes_no, true);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('rules: fewer than five only with the box; the overlap badge updates while typing and flags, not blocks', async () => {
  const { page, context } = await openPage(env, '?example=pl-poquad', { viewport: { width: 1280, height: 900 } });
  const task = await new QaTask(page).ready();
  await task.question(1).fill('Kiedy ukazała się Krytyka czystego rozumu');
  await task.pick('1781', '1781');
  await task.addToQuestion(1).click();
  // Krytyka, czystego, rozumu are in the sentence; Kiedy is a function word; ukazała is not there.
  await assert.doesNotReject(task.overlap(1).filter({ hasText: '3/4' }).waitFor());
  assert.match(await task.overlap(1).textContent(), /wymaga ręcznej akceptacji/);
  await task.question(1).fill('Kiedy wydano najsłynniejszą pracę myśliciela');
  await task.overlap(1).filter({ hasText: '0/4' }).waitFor();
  await task.submitButton().click();
  await page.getByText('Zakończ pytanie znakiem zapytania.').waitFor();
  await page.getByText('Pytania: 1 z 5. Dopisz kolejne albo zaznacz „Nie mogę zadać więcej pytań”.').waitFor();
  // Focus went to the first problem: the question box.
  assert.equal(await page.evaluate(() => document.activeElement.id.endsWith('-q0-text')), true);
  await task.question(1).fill('Kiedy wydano najsłynniejszą pracę myśliciela?');
  await page.getByRole('checkbox', { name: 'Nie mogę zadać więcej pytań do tego akapitu' }).check();
  await page.getByText('Żadne pytanie nie jest tu nieodpowiadalne; takich powinno być ok. 20% wszystkich pytań.').waitFor();
  await task.submitButton().click();
  const [result] = await waitForResults(page, 1);
  assert.equal(result.answers.qa.no_more_questions, true);
  assert.equal(result.answers.qa.questions.length, 1);
  assert.equal(result.answers.qa.questions[0].needs_manual_acceptance, false);
  assert.deepEqual(result.warnings.map((w) => w.code), ['no_unanswerable']);
  await context.close();
});

test('cards move, fold and go; the paragraph shows the focused card; keyboard picks a fragment', async () => {
  const { page, context } = await openPage(env, '?example=pl-poquad', { viewport: { width: 1280, height: 900 } });
  const task = await new QaTask(page).ready();
  await task.question(1).fill('Pierwsze?');
  await task.addQuestion().click();
  // The new card's question box takes the focus.
  await page.waitForFunction(() => document.activeElement?.id?.endsWith('-q1-text'));
  await page.keyboard.type('Drugie?');
  await task.card(2).getByRole('button', { name: 'Przesuń pytanie 2 w górę' }).click();
  assert.equal(await task.question(1).inputValue(), 'Drugie?');
  assert.equal(await task.question(2).inputValue(), 'Pierwsze?');
  // The moved card stays the card in focus.
  assert.equal(await page.locator('li.glossa-question.is-active textarea').inputValue(), 'Drugie?');
  // Keyboard only: into the paragraph, arrows to a word, Enter twice, Tab to the bar, Enter.
  await task.question(1).focus();
  await task.text().focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.getByText('Zaznaczono: „Praca”').waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await task.card(1).getByRole('button', { name: 'Pokaż „Praca” w tekście' }).waitFor();
  // The paragraph highlights the focused card's fragment only.
  const highlighted = () => page.evaluate(() => [...(CSS.highlights.get('glossa-a0') ?? [])].map((r) => r.toString()));
  assert.deepEqual(await highlighted(), ['Praca']);
  await task.question(2).focus();
  await page.waitForFunction(() => (CSS.highlights.get('glossa-a0')?.size ?? 0) === 0);
  // Fold card 2: its body hides, its summary shows.
  await task.card(2).getByRole('button', { name: 'Zwiń pytanie 2' }).click();
  assert.equal(await task.question(2).isVisible(), false);
  await task.card(2).getByText('Pierwsze? —').waitFor();
  await task.card(1).getByRole('button', { name: 'Usuń pytanie 1' }).click();
  assert.equal(await page.locator('li.glossa-question').count(), 1);
  await page.getByText('Pytania: 1 z 5').waitFor();
  await context.close();
});

test('a reload restores every card, and the session tally counts submitted items', async () => {
  const { page, context } = await openPage(env, '?example=pl-poquad', { viewport: { width: 1280, height: 900 } });
  const task = await new QaTask(page).ready();
  await task.question(1).fill('Czy Kant wydał Prolegomena?');
  await task.pick('Kant', 'Prolegomena');
  await task.addToQuestion(1).click();
  await task.card(1).getByRole('checkbox', { name: 'Pytanie o rozstrzygnięcie (tak/nie)' }).check();
  await task.card(1).getByRole('radio', { name: 'Tak', exact: true }).check();
  await page.reload();
  await task.ready();
  assert.equal(await task.question(1).inputValue(), 'Czy Kant wydał Prolegomena?');
  assert.equal(await task.card(1).getByRole('radio', { name: 'Tak', exact: true }).isChecked(), true);
  await task.card(1).locator('.glossa-chip-jump', { hasText: 'Kant wydał skromniejsze' }).click();
  // The chip shows its words in the paragraph.
  await page.waitForFunction(() => (CSS.highlights.get('glossa-jump')?.size ?? 0) === 1);
  await page.getByRole('checkbox', { name: 'Nie mogę zadać więcej pytań do tego akapitu' }).check();
  await page.getByText('Twoje proporcje pytań').click();
  const row = (label) => page.locator('.glossa-tally-table tr', { hasText: label });
  assert.match(await row('Rozstrzygnięcie (tak/nie)').textContent(), /100 %.*15 %/);
  await task.submitButton().click();
  await waitForResults(page, 1);
  // The next item: the tally counts the submitted one (1 of 1 questions was yes/no) and then
  // this item's questions as they are written.
  await page.getByRole('button', { name: 'Następny element →' }).click();
  await task.card(1).locator('.glossa-question-title').waitFor();
  await page.getByText('Twoje proporcje pytań').click();
  assert.match(await row('Rozstrzygnięcie (tak/nie)').textContent(), /100 %/);
  await page.getByText('Pytania: 1, teksty: 2 (łącznie z tym).').waitFor();
  await task.question(1).fill('Gdzie pojawiły się pierwsze granaty?');
  await task.card(1).getByRole('combobox', { name: 'Typ pytania' }).selectOption({ label: 'Miejsce (Gdzie? Skąd?)' });
  assert.match(await row('Rozstrzygnięcie (tak/nie)').textContent(), /50 %/);
  assert.match(await row('Miejsce (Gdzie? Skąd?)').textContent(), /50 %.*6,5 %/);
  await context.close();
});

test('keyboard only: write a question, mark its answer, tick "no more", submit', async () => {
  const { page, context } = await openPage(env, '?example=pl-poquad', { viewport: { width: 1280, height: 900 } });
  const task = await new QaTask(page).ready();
  const active = () => page.evaluate(() => {
    const el = document.activeElement;
    return `${el.tagName.toLowerCase()}|${el.className}|${el.getAttribute('aria-label') ?? el.closest('label')?.textContent ?? el.textContent.slice(0, 40)}`;
  });
  /** Presses Tab (or Shift+Tab) until the focused element matches, at most 40 times. */
  async function tabTo(pattern, back = false) {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
      if (pattern.test(await active())) return;
    }
    throw new Error(`never reached ${pattern}; at ${await active()}`);
  }
  await tabTo(/^textarea\|glossa-textarea/);
  await page.keyboard.type('W którym roku Kant wydał skromniejsze Prolegomena?');
  await tabTo(/glossa-span-text/, true);
  // Word cursor to "1783" (the 86th word of the paragraph), then Enter.
  const target = await page.evaluate(() => {
    const text = document.querySelector('.glossa-span-text').textContent;
    return [...new Intl.Segmenter('pl', { granularity: 'word' }).segment(text)].filter((s) => s.segment.trim()).findIndex((s) => s.segment === '1783');
  });
  for (let i = 0; i <= target; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.getByText('Zaznaczono: „1783”').waitFor();
  await tabTo(/Dodaj do pytania 1/);
  await page.keyboard.press('Enter');
  await task.card(1).getByRole('button', { name: 'Pokaż „1783” w tekście' }).waitFor();
  await tabTo(/Nie mogę zadać więcej pytań/);
  await page.keyboard.press('Space');
  await tabTo(/glossa-submit/);
  await page.keyboard.press('Enter');
  const [result] = await waitForResults(page, 1);
  assert.equal(result.answers.qa.questions[0].answers[0].text, '1783');
  assert.equal(result.answers.qa.questions[0].question, 'W którym roku Kant wydał skromniejsze Prolegomena?');
  assert.equal(result.answers.qa.no_more_questions, true);
  await context.close();
});

test('the demo runner: three items counted in the tally, and "start again" starts the tally anew', async () => {
  const { page, context } = await openPage(env, '?example=pl-poquad', { viewport: { width: 1280, height: 900 } });
  const task = await new QaTask(page).ready();
  for (const [i, [from, q]] of [['1781', 'Kiedy?'], ['Tang', 'Za czyich rządów?'], ['Glasgow', 'Gdzie?']].entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Następny element →' }).click();
    await task.question(1).fill(q);
    await task.pick(from, from);
    await task.addToQuestion(1).click();
    await page.getByRole('checkbox', { name: 'Nie mogę zadać więcej pytań do tego akapitu' }).check();
    await page.getByText('Twoje proporcje pytań').click();
    await page.getByText(`Pytania: ${i + 1}, teksty: ${i + 1} (łącznie z tym).`).waitFor();
    await task.submitButton().click();
    await waitForResults(page, i + 1);
  }
  await page.getByRole('button', { name: 'Zacznij zadanie od nowa' }).click();
  await task.ready();
  await page.getByText('Twoje proporcje pytań').click();
  await page.getByText('Pytania: 0, teksty: 1 (łącznie z tym).').waitFor();
  await context.close();
});

test('skip an uninteresting paragraph with a reason: no questions asked, the reason recorded', async () => {
  const { page, context, errors } = await openPage(env, '?example=pl-poquad&item=3');
  const task = await new QaTask(page).ready();
  await task.submitButton().click();
  await page.locator('.glossa-questions .glossa-error').first().waitFor();
  assert.equal((await page.evaluate(() => window.glossaReceived)).length, 0, 'zero questions are refused');
  await page.getByRole('combobox', { name: 'Pomiń ten akapit' }).selectOption({ label: 'Akapit nieinteresujący' });
  await page.getByRole('status').filter({ hasText: 'Akapit pominięty: Akapit nieinteresujący' }).waitFor();
  assert.equal(await page.locator('li.glossa-question').count(), 0, 'no cards while skipped');
  await task.submitButton().click();
  const [result] = await waitForResults(page, 1);
  assert.equal(result.answers.qa.skipped, 'nieinteresujacy');
  assert.deepEqual(result.answers.qa.questions, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the worked examples show a base form, an unanswerable and a yes/no question', async () => {
  const { page, context } = await openPage(env, '?example=pl-poquad');
  await new QaTask(page).ready();
  for (const title of ['Forma bazowa', 'Pytanie nieodpowiadalne', 'Pytanie o rozstrzygnięcie']) {
    await page.locator('details.glossa-example > summary').filter({ hasText: title }).click();
  }
  const text = await page.locator('.glossa-example').allTextContents();
  const all = text.join('\n');
  assert.match(all, /Forma bazowa odpowiedzi: Etiopia/);
  assert.match(all, /na przełomie wieków XVI i XVII[\s\S]*Pytanie nieodpowiadalne/);
  assert.match(all, /Forma bazowa odpowiedzi: Tak[\s\S]*Pytanie o rozstrzygnięcie \(tak\/nie\)/);
  await context.close();
});
