// End to end: hostile item text is inert in every family — shown as text, nothing runs,
// nothing is inserted as markup.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const cases = [
  ['magnitude estimation', 'www/examples/en-informativeness/spec.json', 'tests/fixtures/hostile-magnitude.json', ['<img src=x onerror=alert(1)>', '<b onmouseover=alert(3)>Cocum</b>', '[link](javascript:alert(4)) **x**']],
  ['error grid', 'www/examples/cs-summary-errors/abstract-spec.json', 'tests/fixtures/hostile-grid.json', ['<script>window.__pwned=1</script>', '<iframe src=javascript:alert(5)></iframe>', '<a href=javascript:alert(6)>klik</a>']],
  ['spans', 'www/examples/cs-propaganda/spec.json', 'tests/fixtures/hostile-spans.json', ['<svg onload=alert(2)>', '<style>body{display:none}</style>']],
  ['questions', 'www/examples/pl-poquad/spec.json', 'tests/fixtures/hostile-questions.json', ['<img src=x onerror=alert(1)>', '<script>window.__pwned=1</script>', '<svg onload=alert(2)>']],
];

for (const [family, spec, items, shown] of cases) {
  test(`${family}: hostile text shows as text and runs nothing`, async () => {
    const { page, context, dialogs, errors } = await openPage(env, `?spec=${spec}&items=${items}`);
    const widget = page.locator('.glossa');
    await page.locator('.glossa-submit').waitFor();
    for (const text of shown) await widget.getByText(text, { exact: false }).first().waitFor();
    await page.waitForTimeout(300);
    assert.equal(await widget.locator('img, script, svg, iframe, style, b[onmouseover], a[href^="javascript"]').count(), 0);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('questions: a hostile question typed by the annotator stays text', async () => {
  const { page, context, dialogs, errors } = await openPage(env, '?spec=www/examples/pl-poquad/spec.json&items=tests/fixtures/hostile-questions.json', { viewport: { width: 360, height: 640 } });
  const widget = page.locator('.glossa');
  const payload = '<img src=x onerror=alert(9)>?';
  await widget.getByRole('textbox', { name: 'Treść pytania' }).fill(payload);
  await widget.getByRole('button', { name: 'Zwiń pytanie 1' }).click();
  await widget.getByText(`${payload} —`).waitFor();
  await page.waitForTimeout(200);
  assert.equal(await widget.locator('img, script, svg, style').count(), 0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'a very long word does not push the page sideways');
  assert.deepEqual(dialogs, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 10 MB item shows a clear "too large" panel, not a frozen or blank page', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const article = 'slovo '.repeat((10 << 20) / 6);
  await page.route('**/tests/fixtures/generated-huge.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify([{ id: 'huge', title: 'Velký', article }]) }));
  const started = Date.now();
  await page.goto(new URL('?spec=www/examples/cs-propaganda/spec.json&items=tests/fixtures/generated-huge.json', env.url).href);
  const panel = page.locator('.glossa-error-panel');
  await panel.waitFor();
  assert.match(await panel.textContent(), /Tuto položku nelze zobrazit/);
  assert.match(await panel.textContent(), /the item is too large: 10\.0 MB of JSON, the widget shows items up to 4\.0 MB/);
  assert.ok(Date.now() - started < 20000, 'answered in time');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Markdown in a spec (instructions, definitions, explanations) cannot link to scripts or run any', async () => {
  const { page, context, dialogs, errors } = await openPage(env, '?spec=tests/fixtures/hostile-markdown-spec.json&items=www/examples/it-implicit/items.json');
  const widget = page.locator('.glossa');
  await page.locator('.glossa-submit').waitFor();
  await widget.getByRole('button', { name: 'Definizione di «Totalmente corretto»' }).click();
  for (const s of await widget.locator('.glossa-examples summary').all()) await s.click();
  await widget.getByText('<script>window.__pwned=1</script>', { exact: false }).first().waitFor();
  await page.waitForTimeout(300);
  const hrefs = await widget.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.ok(hrefs.length >= 3, 'the safe link shows in each place');
  for (const h of hrefs) assert.match(h, /^(https?:|mailto:)/, `unsafe href ${h}`);
  assert.equal(await widget.locator('img, script, svg, iframe, style').count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.deepEqual(dialogs, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('60,000 combining marks in an item neither push the page sideways nor paint over the instructions', async () => {
  // The items file is made up by the page's route: a participant's pilot keeps itself offline
  // (a service worker, which fetches past the page's routes), so this page runs without it.
  const context = await env.browser.newContext({ viewport: { width: 360, height: 640 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const item = (testo) => JSON.stringify([{ id: 'z1', testo, annotazione: 'a', output: 'b' }]);
  const zalgo = `Testo a${'\u0301\u0316\u0350'.repeat(20000)} fine.`;
  let body = item('Testo normale.');
  await page.route('**/tests/fixtures/generated-marks.json', (route) => route.fulfill({ contentType: 'application/json', body }));
  const url = new URL('?spec=www/examples/it-implicit/spec.json&items=tests/fixtures/generated-marks.json&participant=marks', env.url).href;
  const instructions = async () => {
    await page.goto(url);
    await page.locator('.glossa-submit').waitFor();
    await page.evaluate(() => document.fonts.ready);
    return page.locator('.glossa-instructions').screenshot();
  };
  const plain = await instructions();
  body = item(zalgo);
  await page.evaluate(() => localStorage.clear());
  const marked = await instructions();
  await page.getByText('fine.', { exact: false }).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll');
  assert.ok(plain.equals(marked), 'the instructions look the same with the marks below them');
  await context.close();
});
