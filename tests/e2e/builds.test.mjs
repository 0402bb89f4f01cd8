// End to end: builds per need. Each example loads the smallest build that has its kinds and no
// other wasm; two tasks of different builds on one page both work; a spec no lighter build
// can show, or one that cannot be read, gets the full build and its messages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

async function openBuilds() {
  const opened = await openPage(env, '/tests/e2e/pages/builds.html');
  const wasm = [];
  const strings = [];
  opened.page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('.wasm')) wasm.push(path);
    if (path.startsWith('/www/strings/')) strings.push(path);
  });
  opened.strings = strings;
  // The examples' images are addressed relative to the demo page, so they miss from this one;
  // everything Glossa itself loads must be found.
  const missing = [];
  opened.page.on('response', (r) => { if (r.status() >= 400) missing.push(new URL(r.url()).pathname); });
  opened.missing = missing;
  await opened.page.waitForFunction(() => window.ready === true);
  // The page's errors so far, but those misses (checked through `missing`).
  const errors = () => opened.errors.filter((e) => !e.startsWith('Failed to load resource'));
  return { ...opened, wasm, errors };
}

// Per build: its stylesheet, and an element whose rule comes from the kinds of that build.
const styled = {
  choice: ['/www/pkg/choice/glossa.css', '.glossa-submit', 'minHeight', '48px'],
  number: ['/www/pkg/number/glossa.css', '.glossa-number-input', 'minHeight', '48px'],
  // A scale's point, or a slider.
  rating: ['/www/pkg/rating/glossa.css', '.glossa-point, .glossa-slider input[type=range], .glossa-pair-option, .glossa-rank-main, .glossa-bw-cell input', 'minHeight', ['48px', '44px', '25.6px']],
  grid: ['/www/pkg/grid/glossa.css', '.glossa-grid-row', 'borderTopStyle', 'solid'],
  // A multiple choice's hidden box.
  labels: ['/www/pkg/labels/glossa.css', '.glossa-multi input[type=checkbox]', 'position', 'absolute'],
  // A span task's label bar (framed), in the labels build.
  'en-de-mqm': ['/www/pkg/labels/glossa.css', '.glossa-label-bar', 'borderTopStyle', 'solid'],
  // A span text, or a section's output text (sections are the full build's).
  full: ['/www/pkg/full/glossa.css', '.glossa-span-text, .glossa-section-text', 'whiteSpace', 'pre-wrap'],
  // A pairwise option, in the full build (the example carries a model's suggestions).
  'en-chatbot-pairwise': ['/www/pkg/full/glossa.css', '.glossa-pair-option', 'minHeight', ['48px', '44px', '25.6px']],
  // A player's play button (media: the listen and media builds').
  listen: ['/www/pkg/listen/glossa.css', '.glossa-play', 'width', '48px'],
  media: ['/www/glossa.css', '.glossa-play', 'width', '48px'],
  // A relations form's button (the relations build's own rules).
  relations: ['/www/pkg/relations/glossa.css', '.glossa-links-none', 'color', 'rgb(91, 100, 117)'],
  // An image that a tap enlarges.
  'en-image-captions': ['/www/pkg/listen/glossa.css', '.glossa-zoom', 'cursor', 'zoom-in'],
};

const expected = {
  'it-implicit': 'choice',
  'en-informativeness': 'number',
  'en-likert': 'rating',
  'en-de-da': 'rating',
  'en-chatbot-pairwise': 'full',
  'en-rankme-ranking': 'rating',
  'en-bws': 'rating',
  'cs-abstract-errors': 'grid',
  'cs-headline-errors': 'grid',
  'en-emotions': 'labels',
  'de-toxic': 'full',
  'en-ner': 'full',
  'en-de-mqm': 'labels',
  'cs-propaganda': 'full',
  'pl-poquad': 'full',
  // Sections asked per output and display logic: compositions, the full build's.
  'de-esa': 'full',
  // (de-toxic, en-ner and en-chatbot-pairwise carry a model's suggestions: the full build's.)
  'en-summeval': 'full',
  'en-chatbot-compare': 'full',
  // A dialogue's turns: a section asked per turn, the full build's.
  'en-dialogue': 'full',
  // Sections, and labels in groups (two-level MQM categories): the full build's.
  'en-de-mqm-systems': 'full',
  // Ratings of recordings (a media block, outputs that are media): the listen build's.
  'en-p808-acr': 'listen',
  'en-mushra': 'listen',
  'en-image-captions': 'listen',
  // Links between labelled spans (with a model's suggestions): the relations build's.
  'en-relations': 'relations',
  // Spans in a transcript beside its recording: labels and media, the media build's.
  'en-transcript-check': 'media',
};

for (const [example, build] of Object.entries(expected)) {
  test(`${example} loads the ${build} build and nothing else`, async () => {
    const { page, context, errors, wasm, missing, strings } = await openBuilds();
    const chosen = await page.evaluate((id) => window.mountExample('one', id), example);
    assert.equal(chosen, build);
    // The widget is on screen with its first control (no error panel).
    await page.locator('#one .glossa-form').waitFor();
    assert.equal(await page.locator('#one .glossa-error-panel').count(), 0);
    assert.deepEqual(wasm, [`/www/pkg/${build}/glossa_bg.wasm`]);
    // The UI strings of the spec's language, and those only (the examples' ids start with it).
    // (The builds with media have their family's strings too; the others never fetch them.)
    const tag = example.slice(0, 2);
    const media = build === 'listen' || build === 'media';
    const relations = build === 'relations' || build === 'media';
    assert.deepEqual(strings.sort(), [`/www/strings/${tag}.json`, ...(media ? [`/www/strings/media/${tag}.json`] : []),
      ...(relations ? [`/www/strings/relations/${tag}.json`] : [])]);
    // Its own stylesheet, and its kinds styled by it (no bare element on screen).
    const [sheet, selector, property, value] = styled[example] ?? styled[build];
    const style = await page.evaluate(([sel, prop]) => ({
      sheets: [...document.querySelectorAll('link[rel=stylesheet]')].map((l) => new URL(l.href).pathname),
      value: getComputedStyle(document.querySelector(sel))[prop],
      submit: getComputedStyle(document.querySelector('.glossa-submit')).minHeight,
    }), [selector, property]);
    assert.deepEqual(style.sheets, [sheet]);
    assert.ok([value].flat().includes(style.value), `${selector} ${property}: ${style.value}`);
    assert.equal(style.submit, '48px', 'the shared rules are in every build');
    assert.deepEqual(errors(), []);
    assert.deepEqual(missing.filter((p) => !/\.(svg|jpg|png|wav)$/.test(p)), []);
    await context.close();
  });
}

test('a choice task and a span task on one page load two builds, and both submit', async () => {
  const { page, context, errors, wasm, missing } = await openBuilds();
  await page.evaluate(() => window.mountExample('one', 'it-implicit'));
  await page.evaluate(() => window.mountExample('two', 'cs-propaganda'));
  assert.deepEqual([...wasm].sort(), ['/www/pkg/choice/glossa_bg.wasm', '/www/pkg/full/glossa_bg.wasm']);
  await page.locator('#one').getByRole('radio', { name: 'Totalmente corretto', exact: true }).check();
  await page.locator('#one').getByRole('button', { name: 'Invia', exact: true }).click();
  await page.waitForFunction(() => window.received.length === 1);
  const [first] = await page.evaluate(() => window.received);
  assert.equal(first.item_id, 'it-001');
  assert.deepEqual(first.answers, { valutazione: 'totalmente_corretto' });
  // The span task's refusal comes from its own build, in Czech.
  const refusal = await page.evaluate(() => window.handles.two.submit());
  assert.equal(refusal.valid, false);
  assert.ok(refusal.problems.length > 0);
  // A second choice task reuses the loaded build.
  await page.evaluate(() => { window.handles.one.destroy(); return window.mountExample('one', 'it-implicit', 1); });
  assert.equal(wasm.length, 2);
  assert.deepEqual(errors(), []);
  assert.deepEqual(missing.filter((p) => !/\.(svg|jpg|png)$/.test(p)), []);
  await context.close();
});

test('a spec with a kind no build has, kinds of two lighter builds, or no spec at all, gets the full build', async () => {
  const { page, context, wasm } = await openBuilds();
  const [unknown, broken, both] = await page.evaluate(async () => {
    const spec = { glossa: 1, id: 's', version: '1', language: 'en', title: 't',
      blocks: [], controls: [{ kind: 'rankings', id: 'r', label: 'Rank' }] };
    const both = { ...spec, controls: [{ kind: 'number', id: 'n', label: 'N' }, { kind: 'grid', id: 'g', label: 'G' }] };
    return [window.glossa.buildFor(spec), window.glossa.buildFor('{not json'), window.glossa.buildFor(both)];
  });
  assert.deepEqual([unknown, broken, both], ['full', 'full', 'full'], 'a number and a grid together need full');
  // Labelled spans load the labels build; the same labels in groups (MQM's two levels), full.
  const [flat, grouped] = await page.evaluate(async () => {
    const labels = [{ value: 'Accuracy/Omission', label: 'Omission' }, { value: 'Other', label: 'Other' }];
    const spec = { glossa: 1, id: 's', version: '1', language: 'en', title: 't', blocks: [],
      controls: [{ kind: 'span_labels', id: 'e', label: 'Errors', text_field: 't', text_label: 'T', labels }] };
    const withGroups = { ...spec, controls: [{ ...spec.controls[0], labels: [{ ...labels[0], group: 'Accuracy' }, labels[1]] }] };
    return [window.glossa.buildFor(spec), window.glossa.buildFor(withGroups)];
  });
  assert.deepEqual([flat, grouped], ['labels', 'full']);
  // Links between them: the relations build, which has no simulated annotators (media has).
  const [linked, simulated, spansInSections] = await page.evaluate(async () => {
    const spans = { kind: 'span_labels', id: 'e', label: 'Entities', text_field: 't', text_label: 'T',
      labels: [{ value: 'PER', label: 'Person' }, { value: 'ORG', label: 'Organisation' }] };
    const links = { kind: 'relations', id: 'r', label: 'Relations', spans: 'e', types: [{ value: 'works_for', label: 'Works for' }] };
    const spec = { glossa: 1, id: 's', version: '1', language: 'en', title: 't', blocks: [], controls: [spans, links] };
    const sections = { ...spec, blocks: [{ kind: 'section', id: 'x', title: 'X' }], controls: [spans] };
    return [window.glossa.buildFor(spec), window.glossa.buildFor(spec, { simulated: true }), window.glossa.buildFor(sections)];
  });
  assert.deepEqual([linked, simulated, spansInSections], ['relations', 'media', 'full'],
    'spans in sections without links keep the full build');
  await page.evaluate(async () => {
    const spec = { glossa: 1, id: 's', version: '1', language: 'en', title: 't',
      blocks: [], controls: [{ kind: 'rankings', id: 'r', label: 'Rank' }] };
    await window.glossa.mount(document.getElementById('one'), { spec, item: { id: 'i' } });
  });
  const panel = page.locator('#one .glossa-error-panel');
  await panel.waitFor();
  assert.match(await panel.innerText(), /controls\[0\]/);
  assert.match(await panel.innerText(), /span_attributes/, 'the full build lists every kind');
  assert.deepEqual(wasm, ['/www/pkg/full/glossa_bg.wasm']);
  await context.close();
});

test('a lean build given a kind it lacks says which build to load (never a blank or a panic)', async () => {
  const { page, context } = await openBuilds();
  await page.evaluate(async () => {
    const choice = await window.glossa.load('choice');
    choice.setUiStrings('en', await (await fetch('/www/strings/en.json')).text());
    const spec = { glossa: 1, id: 's', version: '1', language: 'en', title: 't', blocks: [],
      controls: [{ kind: 'number', id: 'n', label: 'How many?' }] };
    window.lean = choice.mountWidget(document.getElementById('two'), JSON.stringify(spec), JSON.stringify({ id: 'i' }), '{}');
  });
  const panel = page.locator('#two .glossa-error-panel');
  await panel.waitFor();
  const text = await panel.innerText();
  assert.match(text, /controls\[0\]/);
  assert.match(text, /glossa\.js/);
  await context.close();
});

// A lighter build's stylesheet keeps only the rules of its kinds (scripts/css_for_build.py):
// its example, with a refused submit's messages on screen, must look exactly as it does under
// the whole glossa.css.
for (const example of ['it-implicit', 'en-informativeness', 'cs-abstract-errors']) {
  test(`${example} under its build's stylesheet looks exactly as under the whole glossa.css`, async () => {
    const shot = async (whole) => {
      const context = await env.browser.newContext({ viewport: { width: 700, height: 900 } });
      const page = await context.newPage();
      if (whole) {
        await page.route('**/?example=*', async (route) => {
          const r = await route.fetch();
          const body = (await r.text()).replace('</head>', '<link rel="stylesheet" href="www/glossa.css"></head>');
          await route.fulfill({ response: r, body });
        });
      }
      await page.goto(new URL(`?example=${example}`, env.url).href);
      await page.locator('.glossa-submit').click();
      await page.locator('.glossa-status.is-error').waitFor();
      const toggle = page.locator('.glossa-def-toggle').first();
      if (await toggle.count()) await toggle.click();
      // (Focus moved to the first problem: its caret blinks, so the box is left first.)
      const sheets = await page.evaluate(() => {
        document.activeElement?.blur();
        // The widget's stylesheets (the page's own, hosts/pilot.css, aside).
        return [...document.querySelectorAll('link[rel=stylesheet]')].map((l) => new URL(l.href).pathname).filter((p) => p !== '/www/hosts/pilot.css');
      });
      const png = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
      await context.close();
      return { sheets, png };
    };
    const [own, whole] = [await shot(false), await shot(true)];
    assert.deepEqual(own.sheets, [`/www/pkg/${expected[example]}/glossa.css`]);
    assert.deepEqual(whole.sheets, ['/www/glossa.css']);
    assert.ok(own.png.equals(whole.png), 'the same pixels');
  });
}

test('a build that is up to date is left untouched: its stylesheet and the site\'s file list keep their bytes and times', async () => {
  const { spawnSync } = await import('node:child_process');
  const { stat, readFile } = await import('node:fs/promises');
  const root = new URL('../..', import.meta.url).pathname;
  const files = ['www/pkg/choice/glossa.css', 'www/site-files.json'].map((f) => `${root}${f}`);
  const before = await Promise.all(files.map(async (f) => [(await stat(f)).mtimeMs, await readFile(f, 'utf8')]));
  assert.ok(before.every(([, text]) => text.length > 0), 'built');
  const run = spawnSync(`${root}scripts/build.sh`, ['choice'], { cwd: root, encoding: 'utf8', timeout: 600000 });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stderr, /build: www\/pkg\/choice is up to date/);
  const after = await Promise.all(files.map(async (f) => [(await stat(f)).mtimeMs, await readFile(f, 'utf8')]));
  assert.deepEqual(after, before, 'not written again (an interruption now could empty neither)');
});
