// A form for any part of the spec, made from the spec's JSON Schema alone: each field labelled
// by its name and helped by its documentation, choices as selects, yes/no as checkboxes,
// numbers, texts (Markdown ones as text areas), lists as rows to add, remove and reorder,
// keyed maps as rows with their keys, and anything else as JSON of its own. A new kind or field
// in the schema needs no code here. The form never writes the spec: each change is handed to
// `edit` as an operation on a path ({ op: 'set' | 'remove' | 'insert' | 'move', path, … }).

import { pathString } from './jsonedit.js';
import { el } from './common.js';

/** The schema `s` with its `$ref`s followed (the referring node's description kept), and the
 * name of the last definition it named (`FieldName`, `ControlId`…). */
export function deref(root, s) {
  let ref = null;
  for (let i = 0; s && s.$ref && i < 20; i++) {
    ref = s.$ref.replace(/^#\/(\$defs|definitions)\//, '');
    const target = (root.$defs || root.definitions || {})[ref];
    s = target ? { ...target, description: s.description ?? target.description, default: s.default ?? target.default } : null;
  }
  return { s: s || {}, ref };
}

/**
 * What a field is: `{ s, ref, nullable, shape }`, shape one of `const`, `choice` (s.choices:
 * `[{ value, title }]`), `union` (s.alts: objects told apart by their `kind`), `boolean`,
 * `number`, `text`, `list`, `object`, `map`, `json`.
 */
export function fieldOf(root, schema) {
  if (schema === true || schema?.anyValue) return { s: { description: schema?.description }, ref: null, nullable: true, shape: 'any' };
  let { s, ref } = deref(root, schema);
  let nullable = false;
  if (Array.isArray(s.type)) {
    const types = s.type.filter((t) => t !== 'null');
    nullable = types.length < s.type.length;
    s = { ...s, type: types.length === 1 ? types[0] : types };
  }
  const alts = s.anyOf || s.oneOf;
  if (alts) {
    const real = alts.filter((a) => deref(root, a).s.type !== 'null');
    nullable ||= real.length < alts.length;
    if (real.length === 1) {
      const inner = fieldOf(root, real[0]);
      return { ...inner, s: { ...inner.s, description: s.description ?? inner.s.description, default: s.default ?? inner.s.default }, nullable: true };
    }
    const resolved = real.map((a) => deref(root, a).s);
    if (resolved.every((a) => a.const !== undefined)) {
      return { s: { ...s, choices: resolved.map((a) => ({ value: a.const, title: a.description })) }, ref, nullable, shape: 'choice' };
    }
    if (resolved.every((a) => a.properties?.kind?.const !== undefined)) {
      return { s: { ...s, alts: resolved }, ref, nullable, shape: 'union' };
    }
    return { s, ref, nullable, shape: 'json' };
  }
  if (s.const !== undefined) return { s, ref, nullable, shape: 'const' };
  if (s.enum) return { s: { ...s, choices: s.enum.map((value) => ({ value })) }, ref, nullable, shape: 'choice' };
  const shape = {
    boolean: 'boolean', integer: 'number', number: 'number', string: 'text', array: 'list',
  }[s.type] ?? (s.type === 'object' && s.properties ? 'object'
    : s.type === 'object' && s.additionalProperties ? 'map' : 'json');
  return { s, ref, nullable, shape };
}

/** The branch of a union for an object of this `kind`. */
export function branchOf(f, value) {
  return f.s.alts.find((b) => b.properties.kind.const === value?.kind) ?? null;
}

/** The least value a schema takes: its required fields, empty. */
export function emptyOf(root, schema) {
  const f = fieldOf(root, schema);
  switch (f.shape) {
    case 'const': return f.s.const;
    case 'choice': return f.s.default ?? f.s.choices[0].value;
    case 'union': return emptyOf(root, f.s.alts[0]);
    case 'boolean': return f.s.default ?? false;
    case 'number': return f.s.default ?? f.s.minimum ?? 0;
    case 'text': return '';
    case 'list': return [];
    case 'any': return '';
    case 'object': {
      const o = {};
      for (const k of f.s.required || []) o[k] = emptyOf(root, f.s.properties[k]);
      return o;
    }
    default: return f.nullable ? null : {};
  }
}

/** A field's name as people read it: `min_seconds` → "Min seconds". */
export function human(key) {
  const k = String(key).replace(/^\$/, '').replace(/_/g, ' ');
  return k.charAt(0).toUpperCase() + k.slice(1);
}

/** A field's label: its schema's title where it has one (a nested field that would read like
 *  one of its parent's: an output source's "Output label" beside the control's "Label"), else
 *  its name as people read it. */
export function fieldLabel(root, key, schema) {
  return fieldOf(root, schema).s.title ?? human(key);
}

/** The first paragraph of a description, on one line. */
export const summary = (d) => (d ? String(d).split('\n\n')[0].replace(/\s*\n\s*/g, ' ') : '');

let uid = 0;
/**
 * The form of `value` (at `path` of the spec) under `schema`. `cx`: `{ root, edit(op),
 * problems: Map<path string, message[]>, lists: { fields, controls } }` (the datalists' ids).
 * `omit`: the keys not shown (a part the outline edits on its own).
 */
export function formFor(cx, schema, value, path, { omit = [], label = 'Value' } = {}) {
  const f = fieldOf(cx.root, schema);
  const box = el('div', { class: 'sf-form', 'data-path': pathString(path) });
  if (f.shape === 'union') {
    const b = branchOf(f, value);
    if (b) box.append(...objectFields(cx, b, value, path, omit));
    else box.append(jsonField(cx, label, value, path, f, true));
  } else if (f.shape === 'object') {
    box.append(...objectFields(cx, f.s, value, path, omit));
  } else {
    box.append(field(cx, label, schema, value, path, true));
  }
  return box;
}

/** The fields of an object schema, in the schema's order (required ones first); the fields
 * an open object (an item) may have besides, as "Other fields". */
function objectFields(cx, s, value, path, omit) {
  const req = new Set(s.required || []);
  const keys = Object.keys(s.properties || {}).filter((k) => !omit.includes(k) && k !== '$schema');
  keys.sort((a, b) => (a === 'kind' ? -1 : b === 'kind' ? 1 : Number(req.has(b)) - Number(req.has(a))));
  const out = keys.map((k) => field(cx, k, s.properties[k], value?.[k], [...path, k], req.has(k)));
  if (s.additionalProperties) {
    const others = Object.fromEntries(Object.entries(value && typeof value === 'object' ? value : {}).filter(([k]) => !(k in (s.properties || {}))));
    out.push(el('div', { class: 'sf-field sf-map' }, mapField(cx, 'Other fields', { s: { additionalProperties: s.additionalProperties } }, others, path, value)));
  }
  return out;
}

/** One field: its label, its input (or rows), its help and its problems. */
export function field(cx, key, schema, value, path, required) {
  const f = fieldOf(cx.root, schema);
  const p = pathString(path);
  const id = `sf${++uid}`;
  const label = typeof key === 'number' ? `${key + 1}` : f.s.title ?? human(key);
  const help = summary(f.s.description);
  const wrap = el('div', { class: `sf-field sf-${f.shape}`, 'data-path': p });
  const helpEl = help ? el('small', { class: 'sf-help', id: `${id}-help`, text: help }) : null;
  const described = [helpEl && `${id}-help`].filter(Boolean);
  const problems = cx.problems.get(p) || [];
  const problemEl = problems.length ? el('p', { class: 'sf-problem', id: `${id}-problem`, role: 'alert', text: problems.join(' ') }) : null;
  if (problemEl) described.push(`${id}-problem`);
  const aria = { 'aria-describedby': described.join(' ') || null, 'aria-invalid': problems.length ? 'true' : null };
  const absent = value === undefined || value === null;
  const unset = (v) => (v === '' && !required ? cx.edit({ op: 'remove', path }) : cx.edit({ op: 'set', path, value: v }));
  let input;
  switch (f.shape) {
    case 'const':
      input = el('output', { id, 'data-path': p, text: String(value ?? f.s.const) });
      wrap.append(el('label', { for: id, text: label }), input);
      break;
    case 'choice': {
      input = el('select', { id, 'data-path': p, ...aria, onchange: () => {
        const c = f.s.choices[Number(input.value)];
        if (!c) cx.edit({ op: 'remove', path }); else cx.edit({ op: 'set', path, value: c.value });
      } });
      if (!required || absent) {
        const d = f.s.default;
        input.append(el('option', { value: '', text: d !== undefined && d !== null ? `(default: ${d})` : '(none)' }));
      }
      f.s.choices.forEach((c, k) => input.append(el('option', { value: String(k), text: c.title ? `${c.value} — ${summary(c.title)}` : String(c.value) })));
      const at = f.s.choices.findIndex((c) => c.value === value);
      input.value = at >= 0 ? String(at) : '';
      wrap.append(el('label', { for: id, text: label }), input);
      break;
    }
    case 'boolean':
      input = el('input', { type: 'checkbox', id, 'data-path': p, ...aria, onchange: () => cx.edit({ op: 'set', path, value: input.checked }) });
      input.checked = Boolean(absent ? f.s.default : value);
      wrap.append(el('label', { class: 'sf-check' }, input, document.createTextNode(` ${label}`)));
      break;
    case 'number':
      input = el('input', { type: 'number', id, 'data-path': p, ...aria, step: f.s.type === 'integer' ? '1' : 'any', min: f.s.minimum,
        placeholder: f.s.default !== undefined && f.s.default !== null ? `default: ${f.s.default}` : null,
        oninput: () => {
          if (input.value === '') { if (!required) cx.edit({ op: 'remove', path }); return; }
          const n = Number(input.value);
          if (Number.isFinite(n)) cx.edit({ op: 'set', path, value: n });
        } });
      input.value = absent ? '' : String(value);
      wrap.append(el('label', { for: id, text: label }), input);
      break;
    case 'text': {
      const markdown = /Markdown/.test(f.s.description || '') || key === '$comment';
      const list = f.ref === 'FieldName' || /(^|_)field$/.test(String(key)) ? cx.lists.fields
        : f.ref === 'ControlId' && key !== 'id' ? cx.lists.controls : null;
      input = markdown
        ? el('textarea', { id, rows: '4', dir: 'auto', 'data-path': p, ...aria, oninput: () => unset(input.value) })
        : el('input', { type: 'text', id, dir: 'auto', list, 'data-path': p, ...aria, oninput: () => unset(input.value),
          placeholder: typeof f.s.default === 'string' ? `default: ${f.s.default}` : null });
      input.value = absent ? '' : String(value);
      wrap.append(el('label', { for: id, text: label + (markdown ? ' (Markdown)' : '') }), input);
      if (markdown && cx.markdown) wrap.append(...markdownPreview(cx, input, p, label));
      break;
    }
    case 'list':
      wrap.append(listField(cx, label, f, value, path, id));
      break;
    case 'object': {
      // An optional object is there or not (`"suggestions": {}` turns suggestions on): added
      // and removed as a whole.
      const group = el('fieldset', { class: 'sf-group', 'aria-describedby': aria['aria-describedby'] }, el('legend', { text: label }));
      if (absent && !required) {
        group.append(el('button', { type: 'button', class: 'sf-add', text: `Add ${label}`, onclick: () => cx.edit({ op: 'set', path, value: emptyOf(cx.root, schema) }) }));
      } else {
        group.append(...objectFields(cx, f.s, value, path, []));
        if (!required) group.append(el('button', { type: 'button', text: `Remove ${label}`, onclick: () => cx.edit({ op: 'remove', path }) }));
      }
      wrap.append(group);
      break;
    }
    case 'union': {
      const b = absent ? null : branchOf(f, value);
      const group = el('fieldset', { class: 'sf-group' }, el('legend', { text: label }));
      if (b) {
        group.append(...objectFields(cx, b, value, path, []));
        if (!required) group.append(el('button', { type: 'button', text: `Remove ${label}`, onclick: () => cx.edit({ op: 'remove', path }) }));
      } else group.append(kindPicker(cx, f, `Add ${label}`, (v) => cx.edit({ op: 'set', path, value: v })));
      wrap.append(group);
      break;
    }
    case 'map':
      wrap.append(mapField(cx, label, f, value, path, value));
      break;
    case 'any':
      wrap.append(anyField(cx, label, value, path, required, aria));
      break;
    default:
      wrap.append(jsonField(cx, label, value, path, f, required));
  }
  if (helpEl) wrap.append(helpEl);
  if (problemEl) wrap.append(problemEl);
  return wrap;
}

/** A Markdown field's preview, as the widget renders it (`cx.markdown(text)` gives the HTML),
 * opened and closed by a button, following the text while open. */
function markdownPreview(cx, input, path, label) {
  const box = el('div', { class: 'sf-md-preview', id: `${input.id}-preview`, hidden: true });
  const button = el('button', { type: 'button', class: 'sf-md-toggle', 'aria-controls': box.id, 'aria-expanded': 'false', text: `Preview ${label}` });
  let shown = 0;
  const show = async () => {
    const mine = ++shown;
    // The renderer's own output: the widget's components, with every text escaped.
    const html = await cx.markdown(input.value);
    if (mine === shown && !box.hidden) box.innerHTML = html;
  };
  const open = (on) => {
    box.hidden = !on;
    button.setAttribute('aria-expanded', String(on));
    if (on) { cx.previews.add(path); show(); } else cx.previews.delete(path);
  };
  button.addEventListener('click', () => open(box.hidden));
  input.addEventListener('input', () => { if (!box.hidden) show(); });
  if (cx.previews.has(path)) open(true);
  return [button, box];
}

/** A select of a union's kinds and a button that adds one. */
function kindPicker(cx, f, text, add) {
  const id = `sf${++uid}`;
  const select = el('select', { id, 'data-draft': `kind:${text}` });
  for (const b of f.s.alts) select.append(el('option', { value: b.properties.kind.const, text: `${b.properties.kind.const} — ${summary(b.description)}` }));
  return el('div', { class: 'sf-add' },
    el('label', { for: id, text: 'Kind' }), select,
    el('button', { type: 'button', text, onclick: () => {
      const b = f.s.alts.find((x) => x.properties.kind.const === select.value);
      add(emptyOf(cx.root, b));
    } }));
}

/** A list: a row per entry (its fields, or one input), each movable and removable; Add. */
function listField(cx, label, f, value, path, id) {
  const items = Array.isArray(value) ? value : [];
  const itemSchema = f.s.items || {};
  const inner = fieldOf(cx.root, itemSchema);
  const group = el('fieldset', { class: 'sf-group sf-list', id }, el('legend', { text: label }));
  const rows = el('ol', { class: 'sf-rows' });
  items.forEach((v, k) => {
    const rowPath = [...path, k];
    const name = `${label} ${k + 1}`;
    const body = ['object', 'union'].includes(inner.shape)
      ? el('fieldset', { class: 'sf-row-body' }, el('legend', { text: name }), formFor(cx, itemSchema, v, rowPath))
      : field(cx, name, itemSchema, v, rowPath, true);
    const tools = el('div', { class: 'sf-row-tools' },
      el('button', { type: 'button', 'aria-label': `Move ${name} up`, text: '↑', disabled: k === 0, onclick: () => cx.edit({ op: 'move', path, from: k, to: k - 1 }) }),
      el('button', { type: 'button', 'aria-label': `Move ${name} down`, text: '↓', disabled: k === items.length - 1, onclick: () => cx.edit({ op: 'move', path, from: k, to: k + 1 }) }),
      el('button', { type: 'button', 'aria-label': `Remove ${name}`, text: '✕', onclick: () => cx.edit({ op: 'remove', path: rowPath }) }));
    rows.append(el('li', { class: 'sf-row', 'data-path': pathString(rowPath) }, body, tools));
  });
  group.append(rows);
  const add = (v) => cx.edit({ op: 'insert', path, index: items.length, value: v });
  if (inner.shape === 'union') group.append(kindPicker(cx, inner, `Add to ${label}`, add));
  else group.append(el('button', { type: 'button', class: 'sf-add', text: `Add to ${label}`, onclick: () => add(emptyOf(cx.root, itemSchema)) }));
  return group;
}

/** A keyed map: a row per key (the key, the value's form), removable; a new key added
 * (`all`: every key the object has, which a new one must not be). */
function mapField(cx, label, f, value, path, all) {
  const entries = value && typeof value === 'object' ? Object.entries(value) : [];
  const group = el('fieldset', { class: 'sf-group sf-map' }, el('legend', { text: label }));
  const rows = el('ul', { class: 'sf-rows' });
  for (const [k, v] of entries) {
    const rowPath = [...path, k];
    rows.append(el('li', { class: 'sf-row', 'data-path': pathString(rowPath) },
      el('fieldset', { class: 'sf-row-body' }, el('legend', { text: `${label}: ${k}` }), formFor(cx, f.s.additionalProperties, v, rowPath, { label: k })),
      el('div', { class: 'sf-row-tools' },
        el('button', { type: 'button', 'aria-label': `Remove ${label}: ${k}`, text: '✕', onclick: () => cx.edit({ op: 'remove', path: rowPath }) }))));
  }
  const id = `sf${++uid}`;
  // Not a value of the spec: what is typed here stays while the form is made again.
  const key = el('input', { type: 'text', id, dir: 'auto', list: cx.lists.controls, 'data-draft': `${pathString(path)}:${label}:key` });
  group.append(rows, el('div', { class: 'sf-add' },
    el('label', { for: id, text: `New key of ${label}` }), key,
    el('button', { type: 'button', text: `Add to ${label}`, onclick: () => {
      const k = key.value.trim();
      if (k && !(all && typeof all === 'object' && k in all)) cx.edit({ op: 'set', path: [...path, k], value: emptyOf(cx.root, f.s.additionalProperties) });
    } })));
  return group;
}

/** A value of any type (an item's field, a worked example's answer): text, or JSON when its
 * box is ticked (a list of outputs, a number). */
function anyField(cx, label, value, path, required, aria) {
  const id = `sf${++uid}`;
  const asJson = value !== undefined && value !== null && typeof value !== 'string';
  const area = el('textarea', { id, rows: '2', dir: 'auto', 'data-path': pathString(path), ...aria });
  area.value = asJson ? JSON.stringify(value) : value ?? '';
  const json = el('input', { type: 'checkbox', id: `${id}-json` });
  json.checked = asJson;
  const write = () => {
    if (!json.checked) { cx.edit({ op: 'set', path, value: area.value }); return; }
    try { cx.edit({ op: 'set', path, value: JSON.parse(area.value) }); area.removeAttribute('aria-invalid'); } catch { area.setAttribute('aria-invalid', 'true'); }
  };
  area.addEventListener('input', write);
  json.addEventListener('change', write);
  return el('div', { class: 'sf-any' }, el('label', { for: id, text: label }), area,
    el('label', { class: 'sf-check' }, json, document.createTextNode(` ${label} as JSON (a number, a list, an object)`)));
}

/** A value the form has no shape for, as JSON text of its own (set once it parses). */
function jsonField(cx, label, value, path, f, required) {
  const id = `sf${++uid}`;
  const area = el('textarea', { id, rows: '4', class: 'sf-json', dir: 'ltr', 'data-path': pathString(path), spellcheck: 'false' });
  area.value = value === undefined ? '' : JSON.stringify(value, null, 2);
  const note = el('small', { class: 'sf-help', text: 'JSON' });
  area.addEventListener('input', () => {
    if (area.value.trim() === '') { if (!required) cx.edit({ op: 'remove', path }); return; }
    try {
      cx.edit({ op: 'set', path, value: JSON.parse(area.value) });
      area.removeAttribute('aria-invalid');
      note.textContent = 'JSON';
    } catch {
      area.setAttribute('aria-invalid', 'true');
      note.textContent = 'Not JSON yet: the spec keeps the last good value.';
    }
  });
  return el('div', { class: 'sf-json-field', 'data-path': pathString(path) }, el('label', { for: id, text: `${label} (JSON)` }), area, note);
}
