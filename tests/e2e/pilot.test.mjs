// End to end: the static pilot runner (index.html) as a Prolific study would use it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, openPage, ItalianTask } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const TWO = 'spec=www/examples/it-implicit/spec.json&items=tests/fixtures/it-two-items.json';
const PROLIFIC = 'PROLIFIC_PID=5f1a&STUDY_ID=s77&SESSION_ID=x9';
const COMPLETE = encodeURIComponent('https://app.prolific.example/submissions/complete?cc=C0DE');

async function answer(page, name) {
  const it = await new ItalianTask(page).ready();
  await it.option(name).check();
  await it.submitButton().click();
}

test('Prolific ids go into results; a reload resumes at the next item; JSONL download; completion link last', async () => {
  const { page, context } = await openPage(env, `?${TWO}&${PROLIFIC}&complete=${COMPLETE}`);
  await answer(page, 'Totalmente sbagliato');
  await page.getByRole('button', { name: 'Elemento successivo →' }).waitFor();
  assert.equal(await page.locator('#complete').isVisible(), false);
  await page.reload();
  await page.getByText('Elemento 2 di 2').waitFor();
  assert.equal(await page.locator('#progress-bar').evaluate((p) => p.value), 1);
  await answer(page, 'Totalmente corretto');
  await page.getByText('Completati tutti gli elementi (2).').waitFor();
  const link = page.getByRole('link', { name: 'Termina e torna allo studio' });
  await link.waitFor();
  assert.equal(await link.getAttribute('href'), decodeURIComponent(COMPLETE));
  // A participant sees the task only: no example list, no raw JSON, no download.
  assert.equal(await page.locator('#host-log').isVisible(), false);
  assert.equal(await page.getByRole('button', { name: 'Scarica i risultati (JSONL)' }).isVisible(), false);
  assert.equal(await page.getByRole('navigation', { name: 'Example tasks' }).isVisible(), false);
  const lines = await page.evaluate(() => window.glossaReceived);
  assert.deepEqual(lines.map((r) => [r.item_id, r.answers.valutazione]), [['it-001', 'totalmente_sbagliato'], ['it-002', 'totalmente_corretto']]);
  assert.deepEqual(lines[0].ids, { PROLIFIC_PID: '5f1a', STUDY_ID: 's77', SESSION_ID: 'x9' });
  await context.close();
});

test('the collect endpoint going down and up again loses and duplicates nothing', async () => {
  const { page, context } = await openPage(env, `?${TWO}&${PROLIFIC}&post=/collect&complete=${COMPLETE}`, {});
  const received = [];
  let up = false;
  await page.route('**/collect', async (route) => {
    if (!up) return route.abort('connectionrefused');
    received.push({ key: route.request().headers()['idempotency-key'], body: JSON.parse(route.request().postData()) });
    return route.fulfill({ status: 201, body: '' });
  });
  await answer(page, 'Totalmente sbagliato');
  await page.getByRole('button', { name: 'Elemento successivo →' }).click();
  await answer(page, 'Risposta non fornita');
  await page.getByText('Completati tutti gli elementi (2). Invio di 2 risultati…').waitFor();
  assert.equal(await page.locator('#complete').isVisible(), false, 'no completion link while results are unsent');
  // A reload while the endpoint is still down keeps the queue.
  await page.reload();
  await page.getByText('Invio di 2 risultati…', { exact: false }).waitFor();
  up = true;
  await page.getByRole('link', { name: 'Termina e torna allo studio' }).waitFor({ timeout: 20000 });
  assert.equal(received.length, 2, 'each result sent once');
  assert.deepEqual(received.map((r) => r.body.item_id).sort(), ['it-001', 'it-002']);
  assert.equal(new Set(received.map((r) => r.key)).size, 2);
  assert.match(received[0].key, /^implicit-content-it@1\.0\.0\/it-00[12]\/5f1a&s77&x9$/);
  await context.close();
});

test('the demo can start a task again; a study link (with Prolific ids) cannot', async () => {
  const { page, context } = await openPage(env, `?${TWO}`);
  await answer(page, 'Totalmente sbagliato');
  await page.getByRole('button', { name: 'Ricomincia questo compito' }).click();
  await page.getByText('Elemento 1 di 2').waitFor();
  assert.equal(await new ItalianTask(page).option('Totalmente sbagliato').isChecked(), false);
  await context.close();
  const study = await openPage(env, `?${TWO}&${PROLIFIC}`);
  await answer(study.page, 'Totalmente sbagliato');
  await study.page.getByRole('button', { name: 'Elemento successivo →' }).waitFor();
  assert.equal(await study.page.getByRole('button', { name: 'Ricomincia questo compito' }).isVisible(), false);
  await study.context.close();
});

test('a slow endpoint gets each result once: flushes during a send wait for it (issue 14, fault 7)', async () => {
  const { page, context } = await openPage(env, `?${TWO}&${PROLIFIC}&post=/collect&complete=${COMPLETE}`, {});
  const posts = [];
  await page.route('**/collect', async (route) => {
    posts.push(route.request().headers()['idempotency-key']);
    await new Promise((ok) => setTimeout(ok, 1500)); // a 1.5 s endpoint
    return route.fulfill({ status: 201, body: '' });
  });
  await answer(page, 'Totalmente sbagliato');
  // While the first POST is in flight: the browser comes back online, the runner is asked to
  // flush again, and a second result is queued.
  while (!posts.length) await page.waitForTimeout(20);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.getByRole('button', { name: 'Elemento successivo →' }).click();
  await answer(page, 'Risposta non fornita');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.getByRole('link', { name: 'Termina e torna allo studio' }).waitFor({ timeout: 20000 });
  await page.waitForTimeout(1800); // a duplicate would still be arriving
  assert.equal(posts.length, 2, `one POST per result, got ${posts.join(', ')}`);
  assert.equal(new Set(posts).size, 2);
  await context.close();
});

test("instructions are open on an annotator's first item and folded after, one tap to reopen", async () => {
  const { page, context } = await openPage(env, `?${TWO}&participant=first-1`);
  const panel = page.locator('details.glossa-instructions');
  await new ItalianTask(page).ready();
  assert.equal(await panel.evaluate((d) => d.open), true, 'open on the first item');
  await answer(page, 'Totalmente sbagliato');
  await page.getByRole('button', { name: 'Elemento successivo →' }).click();
  await page.getByText('Elemento 2 di 2').waitFor();
  await new ItalianTask(page).ready();
  assert.equal(await panel.evaluate((d) => d.open), false, 'folded on the second');
  await page.reload();
  await new ItalianTask(page).ready();
  assert.equal(await panel.evaluate((d) => d.open), false, 'still folded after a reload');
  await panel.locator('summary').click();
  assert.equal(await panel.evaluate((d) => d.open), true, 'one tap reopens');
  await panel.getByText('Ti verrà chiesto di valutare', { exact: false }).waitFor();
  // Another annotator on the same browser starts with them open.
  await page.goto(new URL(`?${TWO}&participant=first-2`, env.url).href);
  await new ItalianTask(page).ready();
  assert.equal(await panel.evaluate((d) => d.open), true);
  await context.close();
});

test("the runner speaks the task's language: Czech progress, buttons and messages", async () => {
  const { page, context } = await openPage(env, '?example=cs-headline-errors&participant=lang-1');
  await page.getByText('Položka 1 z 2').waitFor();
  assert.equal(await page.locator('#task-card').getAttribute('lang'), 'cs');
  assert.equal(await page.getByRole('progressbar').getAttribute('aria-label'), 'Hotové položky');
  await page.getByRole('radio', { name: 'OK', exact: true }).first().check();
  await page.getByRole('button', { name: 'Odeslat', exact: true }).click();
  await page.getByRole('button', { name: 'Další položka →' }).waitFor();
  // (The download is the researcher's, hidden from a participant; its label is Czech too.)
  assert.equal(await page.locator('#download').textContent(), 'Stáhnout výsledky (JSONL)');
  await context.close();
});

test('a completion link that is not http(s) is never offered (javascript:, data:)', async () => {
  for (const bad of ['javascript:alert(document.domain)', 'data:text/html,<script>alert(1)</script>', 'JaVaScRiPt:window.__pwned=1']) {
    const { page, context, dialogs } = await openPage(env, `?${TWO}&participant=link-${bad.length}&complete=${encodeURIComponent(bad)}`);
    await answer(page, 'Totalmente sbagliato');
    await page.getByRole('button', { name: 'Elemento successivo →' }).click();
    await answer(page, 'Totalmente corretto');
    await page.getByText('Completati tutti gli elementi (2).').waitFor();
    assert.equal(await page.locator('#complete').isVisible(), false, bad);
    assert.equal(await page.locator('a[href^="javascript" i], a[href^="data:" i]').count(), 0, bad);
    assert.deepEqual(dialogs, []);
    await context.close();
  }
});

test('the researcher\'s demo (no participant id) keeps the JSONL download and the raw results', async () => {
  const { page, context } = await openPage(env, `?${TWO}`);
  await answer(page, 'Totalmente sbagliato');
  await page.getByRole('button', { name: 'Elemento successivo →' }).click();
  await answer(page, 'Totalmente corretto');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica i risultati (JSONL)' }).click();
  const file = await (await download).path();
  const lines = (await readFile(file, 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((r) => r.item_id), ['it-001', 'it-002']);
  assert.match(await page.locator('#host-log').textContent(), /"item_id": "it-002"/);
  await context.close();
});

test('a participant runs through their plan slot, a gold item among the others; the expected answers never reach the page', async () => {
  const plan = JSON.parse(await readFile(new URL('../fixtures/it-plan.json', import.meta.url), 'utf8'));
  const goldText = await readFile(new URL('../fixtures/it-gold.json', import.meta.url), 'utf8');
  const slot = plan.annotators.find((a) => a.slot === 's01');
  const { page, context } = await openPage(env, `?example=it-implicit&plan=tests/fixtures/it-plan.json&PROLIFIC_PID=s01&complete=${COMPLETE}`);
  const bodies = [];
  page.on('response', async (r) => { try { bodies.push({ url: r.url(), body: await r.text() }); } catch { /* binary */ } });
  await page.getByText(`Elemento 1 di ${slot.items.length}`).waitFor();
  // The study's title, once: the widget shows it (once mounted: the progress line comes
  // first); the page's own heading steps aside.
  await page.locator('.glossa-title').waitFor();
  assert.equal(await page.getByText('Valutazione del contenuto implicito', { exact: true }).evaluateAll((els) => els.filter((e) => e.checkVisibility()).length), 1, 'the title once');
  assert.equal(await page.title(), 'Valutazione del contenuto implicito');
  assert.equal(await page.getByRole('navigation', { name: 'Example tasks' }).isVisible(), false);
  assert.equal(await page.locator('#log-card').isVisible(), false, 'no raw JSON, no download');
  assert.equal(await page.getByRole('progressbar').isVisible(), true);
  // Nothing on a gold item differs from an ordinary one: the instructions open on the first item
  // only, never again on the first gold one.
  const instructionsOpen = [];
  for (let i = 0; i < slot.items.length; i++) {
    if (i > 0) await page.getByRole('button', { name: 'Elemento successivo →' }).click();
    await page.getByText(`Elemento ${i + 1} di ${slot.items.length}`).waitFor();
    await new ItalianTask(page).ready();
    instructionsOpen.push(await page.locator('details.glossa-instructions').evaluate((d) => d.open));
    await answer(page, 'Totalmente sbagliato');
  }
  assert.deepEqual(instructionsOpen, slot.items.map((_, i) => i === 0), `instructions open per item (gold: ${plan.gold})`);
  await page.getByRole('link', { name: 'Termina e torna allo studio' }).waitFor();
  const results = await page.evaluate(() => window.glossaReceived);
  assert.deepEqual(results.map((r) => r.item_id), slot.items, 'the slot\'s items, in its order');
  for (const r of results) {
    assert.equal(r.ids.slot, 's01');
    assert.equal(r.ids.gold, plan.gold.includes(r.item_id) ? 'gold' : undefined, r.item_id);
    assert.ok(r.timings.active_ms > 0);
  }
  assert.ok(results.some((r) => r.ids.gold === 'gold'), 'the gold item was shown');
  assert.ok(!bodies.some((b) => b.url.includes('it-gold') || b.body.includes(goldText.trim()) || /"kind":\s*"gold"/.test(b.body)), 'the gold file never reaches the browser');
  assert.ok(bodies.some((b) => b.url.includes('it-plan.json')), 'the plan (item ids only) does');
  await context.close();
});

test('a participant the plan does not name gets a slot by FNV-1a of their id, the same on every visit', async () => {
  const plan = JSON.parse(await readFile(new URL('../fixtures/it-plan.json', import.meta.url), 'utf8'));
  const { fnv1a } = await import('../../www/hosts/pilot.js');
  for (const id of ['5f1a9c', 'worker-77']) {
    const slot = plan.annotators[fnv1a(id) % plan.annotators.length];
    const { page, context } = await openPage(env, `?example=it-implicit&plan=tests/fixtures/it-plan.json&workerId=${id}`);
    await page.getByText(`Elemento 1 di ${slot.items.length}`).waitFor();
    await answer(page, 'Totalmente corretto');
    const [r] = await page.evaluate(() => window.glossaReceived);
    assert.equal(r.item_id, slot.items[0], id);
    assert.equal(r.ids.slot, slot.slot, id);
    await context.close();
  }
});

test('training mode (opt-in): after a gold item the participant is told whether the answer was the expected one', async () => {
  for (const [last, verdict] of [['Totalmente sbagliato', /Non è la risposta attesa \(attesa: Corretto tra varie opzioni\)/], ['Corretto tra varie opzioni', /Corretto — è la risposta attesa/]]) {
    const { page, context } = await openPage(env, `?example=it-implicit&plan=tests/fixtures/it-plan.json&PROLIFIC_PID=s01&training=tests/fixtures/it-gold.json`);
    const feedback = page.locator('#feedback');
    await answer(page, 'Totalmente sbagliato'); // it-004: not gold
    assert.equal(await feedback.isVisible(), false, 'no feedback on an ordinary item');
    await page.getByRole('button', { name: 'Elemento successivo →' }).click();
    await answer(page, 'Totalmente sbagliato'); // it-001
    await page.getByRole('button', { name: 'Elemento successivo →' }).click();
    await answer(page, last); // it-003: gold
    await feedback.waitFor();
    assert.match(await feedback.textContent(), verdict);
    await context.close();
  }
});

test('training mode refuses a gold file that does not fit the study, naming every problem', async () => {
  const { page, context, errors } = await openPage(env, `?example=it-implicit&plan=tests/fixtures/it-plan.json&PROLIFIC_PID=s01&training=tests/fixtures/it-gold-bad.json`);
  const alert = page.getByRole('alert');
  await alert.waitFor();
  const said = await alert.textContent();
  assert.match(said, /items\[0\]\.answers\.valutazion: the spec has no control "valutazion"/);
  assert.match(said, /items\[1\]\.item_id: no item "it-404"/);
  assert.match(said, /items\[2\]\.answers\.valutazione: "corretto" is not an option/);
  assert.equal(await page.locator('.glossa').count(), 0, 'no item is shown: every participant would be scored wrong');
  assert.ok(errors.some((e) => e.includes('training gold file')), 'the console says so too');
  await context.close();
});

/** Fills the page's localStorage to its quota before any script runs (once: a reload finds it
 *  full), as a shared lab browser with earlier participants' drafts is. */
const FILL_STORAGE = () => {
  try { if (localStorage.getItem('junk:0') !== null) return; } catch { return; }
  let i = 0;
  for (const size of [1 << 20, 1 << 14, 1 << 8, 1]) {
    const chunk = 'x'.repeat(size);
    try { for (;;) localStorage.setItem(`junk:${i++}`, chunk); } catch { /* full at this size */ }
  }
};

test('with the browser\'s storage full, results are kept in the page, sent when the endpoint is back, and "stored" is never said before', async () => {
  const context = await env.browser.newContext();
  await context.addInitScript(FILL_STORAGE);
  const page = await context.newPage();
  const received = [];
  let up = false;
  await page.route('**/collect', async (route) => {
    if (!up) return route.abort('connectionrefused');
    received.push(JSON.parse(route.request().postData()).item_id);
    return route.fulfill({ status: 201, body: '' });
  });
  await page.goto(new URL(`?${TWO}&${PROLIFIC}&post=/collect&complete=${COMPLETE}`, env.url).href);
  assert.equal(await page.evaluate(() => { try { localStorage.setItem('probe', 'x'.repeat(64)); return 'room'; } catch { return 'full'; } }), 'full');
  await answer(page, 'Totalmente sbagliato');
  await page.getByRole('button', { name: 'Elemento successivo →' }).click();
  await answer(page, 'Risposta non fornita');
  await page.getByText('Completati tutti gli elementi (2). Invio di 2 risultati…').waitFor();
  // Told the truth: the answers live in this page only; download them.
  const alert = page.locator('#delivery');
  await alert.getByText('Questo browser non può conservare le tue risposte', { exact: false }).waitFor();
  assert.equal(await page.locator('#complete').isVisible(), false, 'no completion link with nothing delivered');
  up = true;
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.getByRole('link', { name: 'Termina e torna allo studio' }).waitFor({ timeout: 60000 });
  assert.deepEqual(received.sort(), ['it-001', 'it-002']);
  assert.equal(await alert.isVisible(), false, 'the warning goes once everything is delivered');
  await context.close();
});

test('with the browser\'s storage full and nowhere to send, the completion waits for the download', async () => {
  const context = await env.browser.newContext();
  await context.addInitScript(FILL_STORAGE);
  const page = await context.newPage();
  await page.goto(new URL(`?${TWO}&${PROLIFIC}&complete=${COMPLETE}`, env.url).href);
  await answer(page, 'Totalmente sbagliato');
  await page.getByRole('button', { name: 'Elemento successivo →' }).click();
  await answer(page, 'Totalmente corretto');
  await page.getByText('Completati tutti gli elementi (2).').waitFor();
  await page.locator('#delivery').getByText('Questo browser non può conservare', { exact: false }).waitFor();
  assert.equal(await page.locator('#complete').isVisible(), false, 'not "stored": nothing is');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('#delivery').getByRole('button').click(),
  ]);
  const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((r) => r.item_id), ['it-001', 'it-002']);
  await page.getByRole('link', { name: 'Termina e torna allo studio' }).waitFor();
  await context.close();
});

test('a request that never answers is given up and sent again; later results are not held behind it', async () => {
  const { page, context } = await openPage(env, `?${TWO}&${PROLIFIC}&post=/collect&complete=${COMPLETE}`);
  const received = [];
  let hung = 0;
  await page.route('**/collect', async (route) => {
    if (hung === 0) { hung += 1; return; } // the first request: no answer, ever
    received.push(JSON.parse(route.request().postData()).item_id);
    return route.fulfill({ status: 201, body: '' });
  });
  await answer(page, 'Totalmente sbagliato');
  await page.getByRole('button', { name: 'Elemento successivo →' }).click();
  await answer(page, 'Totalmente corretto');
  await page.getByRole('link', { name: 'Termina e torna allo studio' }).waitFor({ timeout: 90000 });
  assert.equal(hung, 1);
  assert.deepEqual(received.sort(), ['it-001', 'it-002'], 'each result delivered once');
  await context.close();
});

test('whatever the endpoint answers (403, 413, 422, 503), no completion link shows before every result is delivered; a refusal offers the download', async () => {
  for (const status of [403, 413, 422, 503]) {
    const { page, context } = await openPage(env, `?${TWO}&PROLIFIC_PID=refused-${status}&post=/collect&complete=${COMPLETE}`);
    let refusing = true;
    const received = [];
    await page.route('**/collect', async (route) => {
      if (refusing) return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ error: `test answer ${status}` }) });
      received.push(JSON.parse(route.request().postData()).item_id);
      return route.fulfill({ status: 201, body: '' });
    });
    await answer(page, 'Totalmente sbagliato');
    await page.getByRole('button', { name: 'Elemento successivo →' }).click();
    await answer(page, 'Totalmente corretto');
    await page.getByText('Completati tutti gli elementi (2).', { exact: false }).waitFor();
    if (status === 503) {
      // Tried again and again: still sending, no link.
      await page.getByText('Invio di 2 risultati…', { exact: false }).waitFor();
    } else {
      // Refused: the participant is told, and can take the answers along.
      const alert = page.locator('#delivery');
      await alert.getByText(`Non è stato possibile inviare le risposte (HTTP ${status}: test answer ${status})`, { exact: false }).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), alert.getByRole('button', { name: 'Scarica le tue risposte' }).click()]);
      const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
      assert.deepEqual(lines.map((r) => r.item_id), ['it-001', 'it-002']);
    }
    assert.equal(await page.locator('#complete').isVisible(), false, `${status}: no completion link with results undelivered`);
    // The destination is mended; a new page (or the retry) delivers, and only then the link.
    refusing = false;
    if (status !== 503) await page.reload();
    await page.getByRole('link', { name: 'Termina e torna allo studio' }).waitFor({ timeout: 60000 });
    assert.deepEqual(received.sort(), ['it-001', 'it-002'], `${status}: each result delivered once`);
    await context.close();
  }
});

test('a plan that gives each slot some of an item\'s outputs: the page shows the slot its summaries only', async () => {
  const plan = JSON.parse(await readFile(new URL('../fixtures/summeval-plan.json', import.meta.url), 'utf8'));
  const items = JSON.parse(await readFile(new URL('../../www/examples/en-summeval/items.json', import.meta.url), 'utf8'));
  const slot = plan.annotators.find((a) => a.slot === 's01');
  const { page, context } = await openPage(env, `?example=en-summeval&plan=tests/fixtures/summeval-plan.json&PROLIFIC_PID=s01`);
  const first = items.find((i) => i.id === slot.items[0]);
  const mine = first.summaries.filter((t) => slot.outputs[first.id].includes(t.id));
  const other = first.summaries.find((t) => !slot.outputs[first.id].includes(t.id));
  // The item's own sections (not those of the worked example, folded under the instructions).
  const sections = page.locator('.glossa-section-title:not(.glossa-example *)');
  await sections.first().waitFor();
  const titles = await sections.allInnerTexts();
  assert.equal(titles.filter((t) => /^summary \d/i.test(t.trim())).length, mine.length, `a section per summary assigned: ${titles}`);
  const words = (s) => s.replace(/\s+/g, ' ');
  const shown = words(await page.locator('#widget').innerText());
  for (const m of mine) assert.ok(shown.includes(words(m.text)), `the slot's summary ${m.id} is shown`);
  assert.ok(!shown.includes(words(other.text)), `summary ${other.id} is not assigned to this slot`);
  await context.close();
});
