// End to end: the studio's builder. Every shipped example is rebuilt from an empty spec with
// the palette and the forms alone — parts added from the palette, each field typed, picked or
// ticked where a person would, lists grown with their Add buttons — and the spec the studio
// wrote equals the example's (fields left at their documented defaults count as equal). Then:
// reordering by keyboard and by drag, duplicate, delete and undo; the JSON keeps the
// researcher's layout where the form did not touch it; right-to-left text is edited right to
// left; the builder fits 360 px and axe finds nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, mkdtemp, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openPage, axeViolations } from './harness.mjs';
import { fieldOf, branchOf, deref, human, fieldLabel } from '../../www/studio/schemaform.js';
import { pathString } from '../../www/studio/jsonedit.js';

const ROOT = new URL('../../', import.meta.url);
const schema = JSON.parse(await readFile(new URL('www/schema/spec-1.json', ROOT), 'utf8'));
const examples = JSON.parse(await readFile(new URL('www/examples/index.json', ROOT), 'utf8'));

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

async function openStudio(viewport = { width: 1400, height: 1000 }, extra = {}) {
  const opened = await openPage(env, 'www/studio.html', { viewport, ...extra });
  await opened.page.waitForFunction(() => document.body.dataset.rendered);
  return opened;
}

const specOf = (page) => page.evaluate(() => JSON.parse(window.studio.editor.text()));

/** `value` without the fields that equal their schema's default (the same spec either way). */
function normal(s, value) {
  const f = fieldOf(schema, s);
  if (Array.isArray(value)) return value.map((v) => normal(f.s.items ?? {}, v));
  if (!value || typeof value !== 'object') return value;
  const obj = f.shape === 'union' ? branchOf(f, value) : f.shape === 'object' ? f.s : null;
  const out = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '$schema') continue;
    const sub = obj?.properties?.[k] ?? (f.shape === 'map' ? f.s.additionalProperties : {});
    const d = fieldOf(schema, sub).s.default;
    if (d !== undefined && JSON.stringify(d) === JSON.stringify(v)) continue;
    out[k] = normal(sub, v);
  }
  return out;
}

/** The form's field at a path (the builder shows one part at a time). */
const fieldAt = (page, path) => page.locator(`#properties [data-path="${pathString(path)}"]`).first();

/** Types, picks or ticks `value` into the field of `path` (schema `s`, named `key`). */
async function fill(page, s, key, value, path) {
  const f = fieldOf(schema, s);
  const name = typeof key === 'number' ? null : fieldLabel(schema, key, s);
  const at = fieldAt(page, path);
  switch (f.shape) {
    case 'const':
      return;
    case 'choice': {
      const select = at.getByLabel(name ?? /.+/, { exact: true }).first();
      const labels = await select.locator('option').allTextContents();
      const label = labels.find((l) => l === String(value) || l.startsWith(`${value} — `));
      assert.ok(label, `${pathString(path)}: no option ${value} in ${labels}`);
      await select.selectOption({ label });
      return;
    }
    case 'boolean':
      await at.getByLabel(name, { exact: true }).setChecked(Boolean(value));
      return;
    case 'number':
    case 'text': {
      if (value === null) return;
      const input = name ? at.getByLabel(name === 'Comment' ? 'Comment (Markdown)' : new RegExp(`^${name}( \\(Markdown\\))?$`)).first() : at.locator('input, textarea').first();
      await input.fill(String(value));
      if (process.env.DEBUG_BUILD) console.log('# filled', pathString(path), JSON.stringify(await page.evaluate((p) => { const s = JSON.parse(window.studio.editor.text()); return p.reduce((x, k) => x?.[k], s); }, path)));
      return;
    }
    case 'list': {
      const item = f.s.items;
      const inner = fieldOf(schema, item);
      for (const [k, v] of value.entries()) {
        const list = fieldAt(page, path);
        if (inner.shape === 'union') {
          await list.locator(':scope > fieldset > .sf-add select').selectOption(v.kind);
        }
        await list.getByRole('button', { name: `Add to ${human(key)}`, exact: true }).last().click();
        await fieldAt(page, [...path, k]).waitFor();
        await fillValue(page, item, `${human(key)} ${k + 1}`, v, [...path, k]);
      }
      return;
    }
    case 'map': {
      for (const [k, v] of Object.entries(value)) {
        const map = fieldAt(page, path);
        await map.getByLabel(`New key of ${human(key)}`, { exact: true }).fill(k);
        await map.getByRole('button', { name: `Add to ${human(key)}`, exact: true }).click();
        await page.locator(`#properties [data-path="${pathString([...path, k])}"]`).first().waitFor();
        await fillValue(page, f.s.additionalProperties, k, v, [...path, k]);
      }
      return;
    }
    case 'object':
    case 'union':
      if (f.shape === 'object' && value) {
        const add = at.getByRole('button', { name: `Add ${human(key)}`, exact: true });
        if (await add.count()) {
          await add.first().click();
          await page.locator(`#properties [data-path="${pathString(path)}"] button:text-is("Remove ${human(key)}")`).first().waitFor();
        }
      }
      if (f.shape === 'union' && value) {
        await at.locator('.sf-add select').first().selectOption(value.kind);
        await at.getByRole('button', { name: `Add ${human(key)}`, exact: true }).click();
        await page.locator(`#properties [data-path="${pathString([...path, 'kind'])}"]`).first().waitFor();
      }
      await fillValue(page, s, key, value, path);
      return;
    case 'any': {
      const json = value !== null && typeof value !== 'string';
      await at.getByLabel(new RegExp(` as JSON`)).first().setChecked(json);
      await at.getByLabel(human(key), { exact: true }).first().fill(json ? JSON.stringify(value) : value);
      return;
    }
    default:
      await at.locator('textarea').fill(JSON.stringify(value));
  }
}

/** Fills an object's fields (or one value) at `path`. */
async function fillValue(page, s, key, value, path) {
  const f = fieldOf(schema, s);
  const obj = f.shape === 'union' ? branchOf(f, value) : f.shape === 'object' ? f.s : null;
  if (!obj || !value || typeof value !== 'object' || Array.isArray(value)) {
    if (['object', 'union'].includes(f.shape)) return;
    return fill(page, s, key, value, path);
  }
  for (const [k, v] of Object.entries(value)) {
    if (k === '$schema' || k === 'kind') continue;
    if (obj.properties?.[k]) {
      await fill(page, obj.properties[k], k, v, [...path, k]);
      continue;
    }
    // An open object's other fields (an item's): a key, then its value.
    const others = fieldAt(page, path).locator('.sf-map').last();
    await others.getByLabel('New key of Other fields', { exact: true }).fill(k);
    await others.getByRole('button', { name: 'Add to Other fields', exact: true }).click();
    if (process.env.DEBUG_BUILD) console.log('# added', k, await page.evaluate(() => window.studio.editor.text().slice(-600)), await others.innerHTML());
    await page.locator(`#properties [data-path="${pathString([...path, k])}"]`).first().waitFor();
    await fill(page, obj.additionalProperties, k, v, [...path, k]);
  }
}

/** Builds `spec` with the palette and the forms, from an empty spec. */
async function build(page, spec) {
  await page.getByLabel('Start from').selectOption('empty');
  await page.getByRole('button', { name: 'Study settings' }).click();
  for (const [k, v] of Object.entries(spec)) {
    if (['$schema', 'blocks', 'controls'].includes(k)) continue;
    await fill(page, schema.properties[k], k, v, [k]);
  }
  for (const list of ['blocks', 'controls']) {
    for (const [k, part] of (spec[list] ?? []).entries()) {
      await page.getByRole('button', { name: `Add ${list === 'blocks' ? 'block' : 'control'}: ${part.kind}`, exact: true }).click();
      await page.locator(`#properties .sf-form[data-path="${list}[${k}]"]`).waitFor();
      await fillValue(page, deref(schema, schema.properties[list]).s.items, list, part, [list, k]);
    }
  }
}

for (const example of examples) {
  test(`${example.id}: rebuilt from an empty spec with the palette and the forms alone`, async () => {
    const { page, context, errors } = await openStudio();
    const spec = JSON.parse(await readFile(new URL(`www/examples/${example.spec}`, ROOT), 'utf8'));
    await build(page, spec);
    // The form wrote the spec the example is (the editor's text is what is downloaded).
    await page.waitForFunction(() => { try { JSON.parse(window.studio.editor.text()); return true; } catch { return false; } });
    assert.deepEqual(normal(schema, await specOf(page)), normal(schema, spec));
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the book\'s WMT MQM spec, built in the studio, reproduces the published TED segment scores', async () => {
  const chapter = await readFile(new URL('docs/src/mqm.md', ROOT), 'utf8');
  const start = chapter.indexOf('```json spec\n') + 13;
  const spec = JSON.parse(chapter.slice(start, chapter.indexOf('\n```', start)));
  const { page, context, errors } = await openStudio();
  await build(page, spec);
  await page.waitForFunction(() => { try { JSON.parse(window.studio.editor.text()); return true; } catch { return false; } });
  const built = await specOf(page);
  assert.deepEqual(normal(schema, built), normal(schema, spec));
  assert.deepEqual(errors, []);
  await context.close();
  // The studio's spec, through the command line: every rated segment as published.
  const dir = await mkdtemp(join(tmpdir(), 'glossa-studio-mqm-'));
  const sp = join(dir, 'spec.json');
  await writeFile(sp, JSON.stringify(built));
  const tsv = fileURLToPath(new URL('tests/fixtures/mqm/mqm_ted_ende.tsv', ROOT));
  const cli = fileURLToPath(new URL('target/debug/glossa', ROOT)); // built by the native test step
  const run = (...args) => execFileSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
  await writeFile(join(dir, 'items.jsonl'), run('items', sp, tsv, '--from', 'mqm-tsv'));
  await writeFile(join(dir, 'results.jsonl'), run('collect', 'mqm-tsv', tsv, '--spec', sp));
  const agreement = JSON.parse(run('agreement', sp, join(dir, 'results.jsonl'), '--items', join(dir, 'items.jsonl'), '--json'));
  const published = new Map((await readFile(new URL('tests/fixtures/mqm/mqm_ted_ende.avg_seg_scores.tsv', ROOT), 'utf8'))
    .trim().split('\n').slice(1).map((l) => l.split(/\s+/)).filter((c) => c[1] !== 'None')
    .map(([system, score, seg]) => [`${system === 'ref-A' ? 'ref' : system}/${seg}`, score]));
  const outputs = agreement.error_scores.errors.outputs;
  assert.equal(outputs.length, published.size);
  const differ = outputs.filter((o) => (-o.error_score).toFixed(6).replace(/^-/, '') !== published.get(`${o.output}/${o.item}`).replace(/^-/, ''));
  assert.deepEqual(differ, []);
});

/** The ids (or kinds) of a spec's list, in order. */
const idsOf = (spec, list) => spec[list].map((p) => p.id ?? p.field ?? p.kind);

test('parts reordered by keyboard and by drag, added by drag, duplicated, deleted; Undo and Redo take each back', async () => {
  const { page, context, errors } = await openStudio();
  await page.getByLabel('Start from').selectOption('example:en-summeval');
  await page.locator('[data-outline="controls:1"]').waitFor();
  const before = idsOf(await specOf(page), 'controls');
  // Alt+↑ on the second control moves it first, and it keeps the focus.
  await page.locator('[data-outline="controls:1"]').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await page.waitForFunction((first) => JSON.parse(window.studio.editor.text()).controls[0].id === first, before[1]);
  await page.waitForFunction(() => document.activeElement?.dataset.outline === 'controls:0');
  // Dragged back below the next one.
  await page.locator('[data-outline="controls:0"]').dragTo(page.locator('[data-outline="controls:1"]'));
  await page.waitForFunction((first) => JSON.parse(window.studio.editor.text()).controls[0].id === first, before[0]);
  assert.deepEqual(idsOf(await specOf(page), 'controls'), before);
  // A kind dragged from the palette onto the first control goes in before it, with an id of its own.
  await page.getByRole('button', { name: 'Add control: text', exact: true }).dragTo(page.locator('[data-outline="controls:0"]'));
  await page.waitForFunction(() => JSON.parse(window.studio.editor.text()).controls[0].kind === 'text');
  assert.deepEqual(idsOf(await specOf(page), 'controls'), ['text', ...before]);
  // Duplicate the selected part (the new one): a copy after it, its id made unique.
  await page.locator('#properties').getByRole('button', { name: 'Duplicate', exact: true }).click();
  await page.waitForFunction(() => JSON.parse(window.studio.editor.text()).controls[1].id === 'text_2');
  // Delete it; Undo brings it back, Redo takes it away again; Ctrl+Z outside a text field too.
  await page.locator('#properties').getByRole('button', { name: 'Delete', exact: true }).click();
  await page.waitForFunction(() => JSON.parse(window.studio.editor.text()).controls[1].id !== 'text_2');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await page.waitForFunction(() => JSON.parse(window.studio.editor.text()).controls[1].id === 'text_2');
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await page.waitForFunction(() => JSON.parse(window.studio.editor.text()).controls[1].id !== 'text_2');
  await page.locator('[data-outline="controls:0"]').focus();
  // Three changes back: the deletion, the copy, the kind dragged in.
  for (let k = 0; k < 3; k++) await page.keyboard.press('Control+z');
  await page.waitForFunction((first) => JSON.parse(window.studio.editor.text()).controls[0].id === first, before[0]);
  assert.deepEqual(idsOf(await specOf(page), 'controls'), before);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the JSON keeps the researcher\'s layout where the form did not touch it; a problem shows at its field', async () => {
  const { page, context, errors } = await openStudio();
  const text = (await readFile(new URL('www/examples/en-summeval/spec.json', ROOT), 'utf8'))
    .replace('"glossa": 1,', '"glossa":   1 ,');
  await page.locator('#open-spec').setInputFiles({ name: 'spec.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.waitForFunction((t) => window.studio.editor.text() === t, text);
  await page.locator('[data-outline="controls:0"]').click();
  const label = page.locator('#properties').getByLabel('Label', { exact: true }).first();
  const old = await label.inputValue();
  await label.fill('Does the summary say anything the article does not?');
  await page.waitForFunction(() => window.studio.editor.text().includes('anything the article does not?'));
  assert.equal(await page.evaluate(() => window.studio.editor.text()), text.replace(JSON.stringify(old), JSON.stringify('Does the summary say anything the article does not?')));
  // An option without a label is a problem of the widget's, said at the field, marked invalid.
  const optionLabel = page.locator('#properties [data-path="controls[0].options[0]"]').first().getByLabel('Label', { exact: true });
  await optionLabel.fill('');
  const problem = page.locator('#properties .sf-field[data-path="controls[0].options[0].label"] .sf-problem');
  await problem.waitFor();
  assert.equal(await optionLabel.getAttribute('aria-invalid'), 'true');
  assert.ok((await optionLabel.getAttribute('aria-describedby')).includes(await problem.getAttribute('id')));
  assert.deepEqual(errors, []);
  await context.close();
});

test('right-to-left text is typed and shown right to left; the builder fits 360 px, works by keyboard alone, and axe finds nothing', async () => {
  const { page, context, errors } = await openStudio({ width: 360, height: 740 }, { hasTouch: true, isMobile: true });
  await page.getByLabel('Start from').selectOption('empty');
  // Keyboard alone: the palette's button adds a control and the outline entry takes the focus;
  // Tab reaches its form.
  await page.getByRole('button', { name: 'Add control: single_choice', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.dataset.outline === 'controls:0');
  const form = page.locator('#properties');
  for (let k = 0; k < 40 && !(await form.getByLabel('Label', { exact: true }).evaluate((e) => e === document.activeElement)); k++) await page.keyboard.press('Tab');
  await page.keyboard.type('أيّ الترجمتين أفضل؟');
  await page.waitForFunction(() => JSON.parse(window.studio.editor.text()).controls[0].label === 'أيّ الترجمتين أفضل؟');
  assert.equal(await form.getByLabel('Label', { exact: true }).evaluate((e) => e.matches(':dir(rtl)')), true, 'Arabic is shown right to left');
  // In the JSON too: the string is an island of its own direction, the quotes and keys in order.
  await page.waitForFunction(() => [...document.querySelectorAll('.cm-content .cm-iso')].some((e) => e.textContent.includes('أفضل')));
  // Add an option by keyboard, and give it an Arabic label.
  await form.getByRole('button', { name: 'Add to Options', exact: true }).focus();
  await page.keyboard.press('Enter');
  const option = form.locator('[data-path="controls[0].options[0]"]').first();
  await option.waitFor();
  await option.getByLabel('Label', { exact: true }).focus();
  await page.keyboard.type('الأولى');
  await page.waitForFunction(() => JSON.parse(window.studio.editor.text()).controls[0].options[0].label === 'الأولى');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll');
  assert.deepEqual(await axeViolations(page, '#builder'), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the palette pictures each kind as annotators see it; a Markdown field previews as the widget renders it, markup kept as text', async () => {
  const { page, context, errors } = await openStudio();
  await page.getByLabel('Start from').selectOption('empty');
  // The picture follows the focus through the palette.
  await page.getByRole('button', { name: 'Add control: ranking', exact: true }).focus();
  await page.getByText('What the annotator sees: ranking, in “Ranking of outputs (ranking)”.').waitFor();
  const picture = page.frameLocator('#palette-picture');
  await picture.getByText('Best first').first().waitFor();
  await page.getByRole('button', { name: 'Add block: section', exact: true }).focus();
  await page.getByText(/What the annotator sees: section, in “/).waitFor();
  await page.waitForFunction(() => document.querySelector('#palette-picture').dataset.kind === 'blocks:section');
  assert.ok(await picture.locator('.glossa-section, section').count() > 0, 'a section is pictured');
  // Instructions typed with Markdown and markup; the preview is the widget's rendering.
  const form = page.locator('#properties');
  const instructions = form.getByLabel('Instructions (Markdown)', { exact: true });
  await instructions.fill('Mark **every** name.\n\n<script>window.__pwned = 1</script>');
  await form.getByRole('button', { name: 'Preview Instructions', exact: true }).click();
  const preview = form.locator('.sf-md-preview:not([hidden])');
  await preview.locator('strong', { hasText: 'every' }).waitFor();
  assert.equal(await preview.locator('script').count(), 0);
  assert.match(await preview.innerText(), /<script>window\.__pwned = 1<\/script>/);
  // It follows the text while open, and stays open while the form is made again.
  await instructions.fill('Mark *each* name.');
  await preview.locator('em', { hasText: 'each' }).waitFor();
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.deepEqual(errors, []);
  await context.close();
});

test('every field of a control\'s form has a name of its own: the pairwise control\'s label and its outputs\' label are told apart', async () => {
  const { page, context, errors } = await openStudio();
  await page.getByLabel('Start from').selectOption('example:en-chatbot-pairwise');
  await page.locator('[data-outline="controls:0"]').click();
  const form = page.locator('#properties');
  await form.locator('[data-path="controls[0].outputs.label"] input').waitFor();
  // The fields of the control itself and of its objects (a list's rows aside: each row is a
  // group of its own, numbered in its list).
  const names = await form.locator('input, select, textarea').evaluateAll((all) => all
    .filter((e) => !e.closest('.sf-list') && e.labels?.length)
    .map((e) => e.labels[0].textContent.trim()));
  assert.equal(names.filter((n) => n === 'Label').length, 1, `one field is the control's label: ${names.join(' | ')}`);
  assert.equal(names.filter((n) => n === 'Output label').length, 1, 'the outputs\' label says whose it is');
  assert.deepEqual(names.filter((n, k) => names.indexOf(n) !== k), [], names.join(' | '));
  assert.deepEqual(errors, []);
  await context.close();
});
