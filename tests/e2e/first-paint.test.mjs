// End to end: `mount()`'s first screen, painted before the wasm arrives (www/first-paint.js)
// for a page that builds its task at run time. The painted screen is the widget's own markup
// (equal for every example it paints, instructions folded or not); a choice tapped on it before
// the wasm is here is the widget's answer once it takes over. The wasm is held back by the test
// until it says so: no timing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, ItalianTask, heldPhone } from './harness.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** Each example's spec and first item, as written and with its instructions folded. */
async function examples() {
  const out = [];
  for (const name of (await readdir(join(ROOT, 'www/examples'), { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name)) {
    const text = await readFile(join(ROOT, 'www/examples', name, 'spec.json'), 'utf8').catch(() => null);
    if (text === null) continue;
    const spec = JSON.parse(text);
    const file = join(ROOT, 'www/examples', name, 'items.json');
    const items = JSON.parse(await readFile(file, 'utf8').catch(() => '[]'));
    if (!items[0]) continue;
    out.push({ name, spec, item: items[0] });
    if (spec.instructions !== undefined) out.push({ name: `${name}, instructions folded`, spec: { ...spec, instructions_open_first: false }, item: items[0] });
  }
  return out;
}

test('the painted first screen is the widget\'s own, for every example it paints', async () => {
  const painted = [];
  for (const { name, spec, item } of await examples()) {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(new URL('tests/e2e/pages/paint.html', env.url).href);
    await page.waitForFunction(() => window.loaded);
    const same = await page.evaluate(async ({ spec, item }) => {
      if (!window.firstPaint.paintable(spec, item, {}, window.glossa.LANGUAGES)) return null;
      const say = await window.glossa.strings(spec);
      window.firstPaint.paint(document.getElementById('painted'), spec, item, {}, say, window.glossa.LANGUAGES);
      await window.glossa.mount(document.getElementById('task'), { spec, item });
      // What both show: elements, attributes (sorted, without the widget's instance) and text;
      // a folded panel's summary only (the widget fills its body after the first frame).
      const shape = (node) => {
        if (node.nodeType === Node.TEXT_NODE) return node.data ? JSON.stringify(node.data) : '';
        if (node.nodeType !== Node.ELEMENT_NODE) return '';
        const attrs = [...node.attributes].map((a) => `${a.name}=${a.value.replace(/glossa\d+/g, 'glossa#')}`).sort();
        let kids = [...node.childNodes];
        if (node.tagName === 'DETAILS' && !node.open) kids = kids.filter((k) => k.tagName === 'SUMMARY');
        return `<${node.tagName} ${attrs.join(' ')}>${kids.map(shape).join('')}</${node.tagName}>`;
      };
      return { painted: shape(document.querySelector('#painted > .glossa')), widget: shape(document.querySelector('#task > .glossa')) };
    }, { spec, item });
    await context.close();
    if (same === null) continue;
    painted.push(name);
    assert.equal(same.painted, same.widget, `${name}: the painted screen is not the widget's`);
  }
  assert.ok(painted.includes('it-implicit, instructions folded'), `the Italian item is painted (painted: ${painted.join(', ')})`);
});

test('before the wasm arrives, mount() shows the item, and a choice tapped on it is the widget\'s answer', async () => {
  const { context, page, open, errors, asked } = await heldPhone(env.browser);
  await page.goto(new URL('tests/e2e/pages/paint.html', env.url).href);
  await page.waitForFunction(() => window.loaded);
  const spec = { ...JSON.parse(await readFile(join(ROOT, 'www/examples/it-implicit/spec.json'), 'utf8')), instructions_open_first: false };
  const [item] = JSON.parse(await readFile(join(ROOT, 'www/examples/it-implicit/items.json'), 'utf8'));
  await page.evaluate(({ spec, item }) => { window.mounted = window.glossa.mount(document.getElementById('task'), { spec, item }).then((h) => { window.handle = h; }); }, { spec, item });
  await page.waitForSelector('#task[data-glossa-item] .glossa-option');
  const it = new ItalianTask(page);
  for (const name of ['Totalmente corretto', 'Risposta non fornita']) assert.ok(await it.option(name).isVisible(), name);
  await it.option('Parzialmente corretto').tap();
  assert.equal(await it.option('Parzialmente corretto').isChecked(), true, 'the tap shows at once');
  await page.waitForFunction(() => window.glossaEarly?.length >= 1);
  open();
  await page.waitForFunction(() => window.handle && !document.querySelector('[data-glossa-item]'));
  await page.waitForFunction(() => document.querySelector('#task .glossa input[value="parzialmente_corretto"]')?.checked);
  await it.submitButton().tap();
  await page.waitForFunction(() => window.results.length === 1);
  const [result] = await page.evaluate(() => window.results);
  assert.equal(result.item_id, item.id);
  assert.deepEqual(result.answers, { valutazione: 'parzialmente_corretto' });
  assert.ok(asked() >= 1, 'the wasm was asked for (and was held)');
  assert.deepEqual(errors, []);
  await context.close();
});

test('when the build cannot be loaded, the painted screen is taken away and mount() says why', async () => {
  const context = await env.browser.newContext({ viewport: { width: 360, height: 740 } });
  let fail;
  const gate = new Promise((ok) => { fail = ok; });
  await context.route('**/glossa_bg.wasm', async (route) => { await gate; await route.abort(); });
  const page = await context.newPage();
  await page.goto(new URL('tests/e2e/pages/paint.html', env.url).href);
  await page.waitForFunction(() => window.loaded);
  const spec = { ...JSON.parse(await readFile(join(ROOT, 'www/examples/it-implicit/spec.json'), 'utf8')), instructions_open_first: false };
  const [item] = JSON.parse(await readFile(join(ROOT, 'www/examples/it-implicit/items.json'), 'utf8'));
  await page.evaluate(({ spec, item }) => {
    window.outcome = window.glossa.mount(document.getElementById('task'), { spec, item }).then(() => 'mounted', (e) => `failed: ${e?.message ?? e}`);
  }, { spec, item });
  await page.waitForSelector('#task[data-glossa-item] .glossa-option');
  fail();
  const outcome = await page.evaluate(() => window.outcome);
  assert.match(outcome, /^failed/);
  assert.equal(await page.evaluate(() => document.getElementById('task').children.length), 0, 'no screen that cannot be submitted is left');
  await context.close();
});

test('a spec the painter does not know is left to the widget: nothing is painted', async () => {
  const context = await env.browser.newContext();
  const p = await context.newPage();
  await p.goto(new URL('tests/e2e/pages/paint.html', env.url).href);
  await p.waitForFunction(() => window.loaded);
  const spec = JSON.parse(await readFile(join(ROOT, 'www/examples/it-implicit/spec.json'), 'utf8'));
  const [item] = JSON.parse(await readFile(join(ROOT, 'www/examples/it-implicit/items.json'), 'utf8'));
  const verdicts = await p.evaluate(({ spec, item }) => {
    const can = (s, o = {}) => window.firstPaint.paintable(s, item, o, window.glossa.LANGUAGES);
    const folded = { ...spec, instructions_open_first: false };
    return {
      folded: can(folded),
      open: can(spec),
      help: can({ ...folded, controls: [{ ...folded.controls[0], help: 'In **Markdown**' }] }),
      unknown: can({ ...folded, controls: [{ ...folded.controls[0], show_if: { control: 'x' } }] }),
      readonly: can(folded, { readonly: true }),
      otherKind: can({ ...folded, controls: [{ kind: 'text', id: 'why', label: 'Perché?' }] }),
    };
  }, { spec, item });
  assert.deepEqual(verdicts, { folded: true, open: false, help: false, unknown: false, readonly: false, otherKind: false });
  await context.close();
});
