// The studio's builder: the study's parts in an outline (its settings, the blocks the screen
// shows, the controls annotators answer), a palette of every block and control kind the schema
// has, and a form for the selected part made from the schema (schemaform.js). Parts are added
// by a click or by dragging from the palette, reordered by drag or Alt+↑/↓, duplicated and
// deleted; every change is one edit of the editor's text (jsonedit.js), so the JSON keeps its
// layout and Undo/Redo (Ctrl+Z / Ctrl+Shift+Z) take any change back.

import { $, el, rendererWasm } from './common.js';
import { setChange, removeChange, insertChange, moveChange, pathString, pathOf } from './jsonedit.js';
import { formFor, fieldOf, emptyOf, deref, summary } from './schemaform.js';
import { withMediaFrom } from '../hosts/pilot.js';

/** The list parts of a spec the outline shows, each with the schema of its entries. */
const LISTS = [
  { key: 'blocks', title: 'Blocks: what the screen shows', noun: 'block' },
  { key: 'controls', title: 'Controls: what annotators answer', noun: 'control' },
];

/** The kinds a list takes, from the schema: `[{ kind, description, schema }]`. */
function kindsOf(schema, key) {
  const f = fieldOf(schema, deref(schema, schema.properties[key]).s.items);
  return f.shape === 'union'
    ? f.s.alts.map((b) => ({ kind: b.properties.kind.const, description: summary(b.description), schema: b }))
    : [];
}

/** What an outline entry says of a part: its kind and its label, id or field. */
function nameOf(part) {
  if (!part || typeof part !== 'object') return String(part);
  const what = part.label || part.id || part.field || (Array.isArray(part.controls) ? part.controls.join(', ') : '');
  return `${part.kind ?? '?'}${what ? ` · ${what}` : ''}`;
}

/** An id not yet taken by a control: `base`, else `base_2`, `base_3`… */
function freeId(spec, base) {
  const taken = new Set((spec.controls || []).map((c) => c?.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

/**
 * Sets the builder up. `cx`: `{ editor, schema, items(), samples }` (samples: the templates, the
 * examples' index and its base address, for the palette's picture); returns `{ show(spec, problems) }`,
 * called on every render with the parsed spec and the widget's problems.
 */
export function setupBuilder({ editor, schema, items, samples }) {
  let spec = null;
  let problems = [];
  // The part selected: [] (the study's settings) or [list, index].
  let selected = [];
  // The Markdown fields whose preview is open, by path (kept while the form is made again).
  const previews = new Set();

  /** Makes one operation on the spec's text (one undoable change of the editor). */
  function edit(op) {
    const text = editor.text();
    let change;
    try {
      if (op.op === 'set') change = setChange(text, op.path, op.value);
      else if (op.op === 'remove') change = removeChange(text, op.path);
      else if (op.op === 'insert') change = insertChange(text, op.path, op.index, op.value);
      else if (op.op === 'move') change = moveChange(text, op.path, op.from, op.to);
    } catch (e) {
      $('builder-status').textContent = `The spec is not JSON at the moment (${e.message}): fix it in the editor below, then use the form again.`;
      return false;
    }
    if (!change) return false;
    editor.change(change);
    return true;
  }

  // ---- the palette ----
  const palette = $('palette-list');
  for (const list of LISTS) {
    const kinds = kindsOf(schema, list.key);
    const group = el('li', { class: 'studio-palette-group' }, el('h4', { text: list.key === 'controls' ? 'Controls' : 'Blocks' }));
    const ul = el('ul', { class: 'studio-palette-kinds' });
    for (const k of kinds) {
      const about = `palette-${list.key}-${k.kind}`;
      const button = el('button', {
        type: 'button', class: 'studio-palette-kind', draggable: 'true', 'data-list': list.key, 'data-kind': k.kind,
        'aria-describedby': about,
        onclick: () => add(list.key, k, (spec?.[list.key] || []).length),
        onfocus: () => picture(list.key, k.kind),
        onmouseenter: () => picture(list.key, k.kind),
        ondragstart: (e) => { e.dataTransfer.setData('text/x-glossa-kind', `${list.key}:${k.kind}`); e.dataTransfer.effectAllowed = 'copy'; },
      }, el('span', { class: 'studio-sr', text: `Add ${list.noun}: ` }), el('strong', { text: k.kind }));
      ul.append(el('li', { class: 'studio-palette-entry' }, button, el('span', { id: about, class: 'studio-palette-about', text: k.description })));
    }
    group.append(ul);
    palette.append(group);
  }

  // ---- the palette's picture: a study using the kind, as its annotators see it ----
  let pictured = '';
  /** Shows, in the palette's frame, the first template or shipped example with a part of this
   * kind, on its first item. */
  async function picture(list, kind) {
    const key = `${list}:${kind}`;
    if (pictured === key) return;
    pictured = key;
    const sample = await sampleOf(list, kind);
    if (pictured !== key) return;
    const frame = $('palette-picture');
    $('palette-picture-caption').textContent = sample
      ? `What the annotator sees: ${kind}, in “${sample.title}”.`
      : `No template or example has a ${kind} yet.`;
    if (!sample) return;
    await new Promise((ok) => { const check = () => (frame.contentWindow?.studioReady ? ok() : setTimeout(check, 20)); check(); });
    if (pictured !== key) return;
    const { instructions, examples: _, ...shown } = sample.spec;
    await frame.contentWindow.studioRender(shown, sample.item, { readonly: true });
    frame.dataset.kind = key;
  }

  /** The first template or example whose spec has a part of this kind: `{ title, spec, item }`. */
  async function sampleOf(list, kind) {
    const has = (s) => Array.isArray(s?.[list]) && s[list].some((p) => p?.kind === kind);
    const t = samples.templates.find((x) => has(x.spec));
    if (t) return { title: t.title, spec: t.spec, item: t.items[0] };
    for (const e of samples.examples) {
      // An example's media paths are relative to its items file, as a study host resolves them.
      const itemsUrl = new URL(e.items, samples.base);
      e.loaded ??= Promise.all([fetch(new URL(e.spec, samples.base)).then((r) => r.text()), fetch(itemsUrl).then((r) => r.text())])
        .then(([specText, itemsText]) => [JSON.parse(specText), withMediaFrom(specText, JSON.parse(itemsText), itemsUrl)]);
      const [s, items] = await e.loaded;
      if (has(s)) return { title: e.title, spec: s, item: items[0] };
    }
    return null;
  }

  /** Adds a new part of kind `k` to `list` at `index`, and selects it. */
  function add(list, k, index) {
    if (!spec || typeof spec !== 'object') return;
    const value = emptyOf(schema, k.schema);
    if ('id' in value || k.schema.required?.includes('id')) value.id = freeId(spec, k.kind);
    if (edit({ op: 'insert', path: [list], index, value })) {
      selected = [list, index];
      focusAfter = `[data-outline="${list}:${index}"]`;
    }
  }

  // ---- the outline ----
  let focusAfter = null;
  function outline() {
    const root = $('outline');
    const rows = [];
    const entry = (path, text, extra = {}) => el('li', { class: 'studio-outline-row' },
      el('button', {
        type: 'button', class: 'studio-outline-entry', 'data-outline': path.join(':'),
        'aria-current': String(path.join(':') === selected.join(':')),
        onclick: () => { selected = path; focusAfter = `[data-outline="${path.join(':')}"]`; refresh(); },
        ...extra,
      }, text));
    rows.push(entry([], 'Study settings'));
    for (const list of LISTS) {
      const parts = Array.isArray(spec?.[list.key]) ? spec[list.key] : [];
      const ol = el('ol', { class: 'studio-outline-list', 'data-list': list.key, 'aria-label': list.title });
      parts.forEach((part, k) => {
        const row = entry([list.key, k], nameOf(part), {
          draggable: 'true',
          ondragstart: (e) => { e.dataTransfer.setData('text/x-glossa-part', `${list.key}:${k}`); e.dataTransfer.effectAllowed = 'move'; },
          onkeydown: (e) => {
            if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
            e.preventDefault();
            move(list.key, k, e.key === 'ArrowUp' ? k - 1 : k + 1);
          },
        });
        if (problemsUnder([list.key, k]).length) row.firstChild.classList.add('studio-has-problems');
        row.addEventListener('dragover', (e) => { e.preventDefault(); row.classList.add('studio-drop'); });
        row.addEventListener('dragleave', () => row.classList.remove('studio-drop'));
        row.addEventListener('drop', (e) => { e.preventDefault(); row.classList.remove('studio-drop'); dropped(e, list.key, k); });
        ol.append(row);
      });
      // The end of the list takes drops too.
      const end = el('li', { class: 'studio-outline-end', text: parts.length ? '' : `No ${list.noun}s yet: add one from the palette.` });
      end.addEventListener('dragover', (e) => { e.preventDefault(); end.classList.add('studio-drop'); });
      end.addEventListener('dragleave', () => end.classList.remove('studio-drop'));
      end.addEventListener('drop', (e) => { e.preventDefault(); end.classList.remove('studio-drop'); dropped(e, list.key, parts.length); });
      ol.append(end);
      rows.push(el('li', {}, el('h4', { text: list.title }), ol));
    }
    // The entry with the focus keeps it (the outline is made again on each change).
    const had = root.contains(document.activeElement) ? document.activeElement.dataset.outline : null;
    root.replaceChildren(...rows);
    if (had !== null && had !== undefined) root.querySelector(`[data-outline="${had}"]`)?.focus();
  }

  /** A drop on the outline at `index` of `list`: a kind from the palette or a part moved. */
  function dropped(e, list, index) {
    const kind = e.dataTransfer.getData('text/x-glossa-kind');
    const part = e.dataTransfer.getData('text/x-glossa-part');
    if (kind) {
      const [from, name] = kind.split(':');
      if (from !== list) return;
      const k = kindsOf(schema, list).find((x) => x.kind === name);
      if (k) add(list, k, index);
    } else if (part) {
      const [from, k] = part.split(':');
      if (from === list) move(list, Number(k), Math.min(index, (spec[list] || []).length - 1));
    }
  }

  function move(list, from, to) {
    const n = (spec?.[list] || []).length;
    if (to < 0 || to >= n || from === to) return;
    if (edit({ op: 'move', path: [list], from, to })) {
      if (selected[0] === list && selected[1] === from) selected = [list, to];
      focusAfter = `[data-outline="${list}:${to}"]`;
    }
  }

  // ---- the selected part's form ----
  function problemsUnder(path) {
    const p = pathString(path);
    return problems.filter((x) => x.path === p || x.path.startsWith(`${p}.`) || x.path.startsWith(`${p}[`));
  }

  function partTools(list, k) {
    const n = (spec[list] || []).length;
    const part = spec[list][k];
    return el('div', { class: 'studio-actions studio-part-tools' },
      el('button', { type: 'button', text: 'Move up', disabled: k === 0, onclick: () => move(list, k, k - 1) }),
      el('button', { type: 'button', text: 'Move down', disabled: k === n - 1, onclick: () => move(list, k, k + 1) }),
      el('button', { type: 'button', text: 'Duplicate', onclick: () => {
        const copy = structuredClone(part);
        if (list === 'controls' && copy && typeof copy.id === 'string') copy.id = freeId(spec, copy.id);
        if (edit({ op: 'insert', path: [list], index: k + 1, value: copy })) { selected = [list, k + 1]; focusAfter = `[data-outline="${list}:${k + 1}"]`; }
      } }),
      el('button', { type: 'button', text: 'Delete', onclick: () => {
        if (edit({ op: 'remove', path: [list, k] })) { selected = n > 1 ? [list, Math.min(k, n - 2)] : []; focusAfter = `[data-outline="${selected.join(':')}"]`; }
      } }));
  }

  function form() {
    const host = $('properties');
    const cx = {
      root: schema,
      edit,
      problems: new Map(),
      lists: { fields: 'studio-item-fields', controls: 'studio-control-ids' },
      markdown: async (text) => (await rendererWasm()).markdownHtml(text),
      previews,
    };
    for (const p of problems) cx.problems.set(p.path, [...(cx.problems.get(p.path) || []), p.message]);
    let body;
    let heading;
    if (!selected.length) {
      heading = 'Study settings';
      body = formFor(cx, schema, spec, [], { omit: LISTS.map((l) => l.key) });
    } else {
      const [list, k] = selected;
      heading = `${list === 'controls' ? 'Control' : 'Block'} ${k + 1}: ${nameOf(spec[list][k])}`;
      body = el('div', {}, partTools(list, k), formFor(cx, schema.properties[list].items, spec[list][k], [list, k]));
    }
    // Problems with no field of their own (a missing field, the part as a whole) show at the
    // nearest part of the form that has their path's start.
    const shown = new Set([...body.querySelectorAll('.sf-field[data-path]')].map((f) => f.dataset.path).filter((p) => cx.problems.has(p)));
    const base = pathString(selected);
    const elsewhere = problems.filter((p) => !shown.has(p.path) && (base === '' ? !LISTS.some((l) => p.path.startsWith(l.key)) : problemsUnder(selected).includes(p)));
    if (elsewhere.length) {
      body.prepend(el('ul', { class: 'studio-problems sf-problems', 'aria-label': 'Problems of this part' },
        ...elsewhere.map((p) => el('li', { class: 'sf-problem', text: `${p.path || '(the whole spec)'}: ${p.message}` }))));
    }
    return [el('h3', { id: 'properties-heading', text: heading }), body];
  }

  /** Puts the new form in place; when it has the same fields as the one shown, only the values
   * of the fields not being edited change (the field being typed into keeps its caret). */
  function place(kids) {
    const host = $('properties');
    const signature = (root) => [...root.querySelectorAll('[data-path], button, legend, .sf-problem')]
      .map((e) => `${e.tagName}:${e.dataset.path ?? ''}:${e.tagName === 'LEGEND' || e.tagName === 'BUTTON' || e.classList.contains('sf-problem') ? e.textContent : ''}`).join('|');
    const fresh = el('div', {}, ...kids);
    // What is typed into a field that is not the spec's (a new key, a kind to add) stays.
    for (const d of fresh.querySelectorAll('[data-draft]')) {
      const was = host.querySelector(`[data-draft="${CSS.escape(d.dataset.draft)}"]`);
      if (was) d.value = was.value;
    }
    const active = document.activeElement;
    if (host.contains(active) && signature(host) === signature(fresh)) {
      const old = [...host.querySelectorAll(':is(input, select, textarea, output, h3):not([data-draft])')];
      const now = [...fresh.querySelectorAll(':is(input, select, textarea, output, h3):not([data-draft])')];
      old.forEach((o, k) => {
        const n = now[k];
        if (!n || o === active) return;
        if (o.type === 'checkbox') o.checked = n.checked;
        else if ('value' in o && o.tagName !== 'OUTPUT') o.value = n.value;
        else o.textContent = n.textContent;
      });
      return;
    }
    const key = active && host.contains(active) ? focusKey(active) : null;
    const caret = key && 'selectionStart' in active ? [active.selectionStart, active.selectionEnd] : null;
    host.replaceChildren(...fresh.childNodes);
    if (key) {
      // The same field, button or box in the new form gets the focus (and the caret) back.
      const again = [...host.querySelectorAll('input, select, textarea, button')].find((e) => focusKey(e) === key);
      if (again) {
        again.focus();
        if (caret && 'setSelectionRange' in again) { try { again.setSelectionRange(...caret); } catch { /* not a text input */ } }
      }
    }
  }

  /** What names an element of the form across its re-makings: its kind, the path of its
   * field, and its own name. */
  function focusKey(e) {
    return [e.tagName, e.type, e.dataset.path ?? e.closest('[data-path]')?.dataset.path ?? '', e.dataset.draft ?? '',
      e.getAttribute('aria-label') ?? (e.tagName === 'BUTTON' ? e.textContent : '')].join('|');
  }

  function datalists() {
    const columns = new Set();
    for (const item of items().slice(0, 200)) for (const k of Object.keys(item || {})) if (k !== 'id') columns.add(k);
    $('studio-item-fields').replaceChildren(...[...columns].map((c) => el('option', { value: c })));
    const ids = (spec?.controls || []).map((c) => c?.id).filter((x) => typeof x === 'string');
    $('studio-control-ids').replaceChildren(...ids.map((c) => el('option', { value: c })));
  }

  function refresh() {
    if (!spec || typeof spec !== 'object') return;
    if (selected.length && !spec[selected[0]]?.[selected[1]]) selected = [];
    datalists();
    outline();
    place(form());
    $('undo').disabled = !editor.canUndo();
    $('redo').disabled = !editor.canRedo();
    // The focus goes where the change put it once the outline shows the change (a render of
    // the spec before it may come first).
    const target = focusAfter && document.querySelector(focusAfter);
    if (target) {
      target.focus();
      focusAfter = null;
    }
  }

  // ---- undo ----
  $('to-json').addEventListener('click', () => editor.view.focus());
  $('undo').addEventListener('click', () => editor.undo());
  $('redo').addEventListener('click', () => editor.redo());
  $('builder').addEventListener('keydown', (e) => {
    const typing = e.target.matches('input[type=text], input[type=number], textarea, input:not([type])');
    if (typing || !(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z') return;
    e.preventDefault();
    if (e.shiftKey) editor.redo(); else editor.undo();
  });

  return {
    /** Shows the spec as it now is (called once a frame while it changes). */
    show(parsed, found) {
      spec = parsed;
      problems = found || [];
      $('builder-status').textContent = '';
      refresh();
    },
    /** Selects the part at a widget path (a problem's), showing its form. */
    select(path) {
      const p = pathOf(path);
      selected = LISTS.some((l) => l.key === p[0]) && typeof p[1] === 'number' ? [p[0], p[1]] : [];
      refresh();
    },
  };
}
