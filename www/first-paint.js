// The first screen of `mount()`, painted before the wasm has arrived: for a page that builds
// its task at run time (its own page, a survey's question), where no `glossa host` wrote the
// screen into the HTML. `mount()` imports this module beside the build; `paint` writes the
// widget's own markup for the item (the markup `glossa host` pre-renders, checked equal for
// every example by tests/e2e/first-paint.test.mjs), marked as a pre-rendered screen, so
// `first-screen.js` keeps what the participant does on it and the widget, once loaded, takes it
// over and does it again.
//
// It paints only what it can paint as the widget does: titled text blocks and options to pick
// (the kinds of `PAINTED`), the instructions folded, worked examples folded. Any other spec,
// item or option — a key it does not know, a note or help in Markdown, display logic, another
// kind — and it paints nothing: the widget then shows the screen itself, as before.
import './first-screen.js';

/** The control kinds painted, and how: options as radio buttons (`tests/kinds.rs` checks each
 *  is a kind of www/kinds.json). */
const PAINTED = { single_choice: 'radio' };
const KEYS = {
  spec: ['$schema', '$comment', 'glossa', 'version', 'id', 'title', 'language', 'instructions', 'instructions_open', 'instructions_open_first', 'examples', 'blocks', 'controls', 'min_seconds', 'ui_strings'],
  block: ['kind', 'label', 'field'],
  control: ['kind', 'id', 'label', 'options', 'required', 'definitions_open', 'layout'],
  option: ['value', 'label', 'description', 'key'],
  example: ['title', 'item', 'answers', 'explanation'],
  options: ['ids', 'hideSubmit', 'seed', 'autosave'],
};
const only = (o, keys) => o !== null && typeof o === 'object' && !Array.isArray(o) && Object.keys(o).every((k) => keys.includes(k));
const str = (v) => typeof v === 'string';
const read = (v) => {
  if (!str(v)) return v;
  try { return JSON.parse(v); } catch { return null; }
};

/** Whether the widget's first screen of this mount is one `paint` writes as the widget does. */
export function paintable(spec, item, options, languages) {
  const [s, i, o] = [read(spec), read(item), read(options ?? {})];
  if (!only(s, KEYS.spec) || !only(o, KEYS.options) || i === null || typeof i !== 'object' || !str(i.id)) return false;
  if (s.language !== undefined && !languages.includes(s.language)) return false;
  // (Instructions open on an annotator's first item are Markdown: not painted.)
  if (s.instructions !== undefined && (!str(s.instructions) || s.instructions_open === true || s.instructions_open_first !== false)) return false;
  if (s.title !== undefined && !str(s.title)) return false;
  if (!Array.isArray(s.blocks ?? []) || !Array.isArray(s.controls) || !Array.isArray(s.examples ?? [])) return false;
  const blocks = (s.blocks ?? []).every((b) => only(b, KEYS.block) && b.kind === 'text' && str(b.label) && str(b.field) && str(i[b.field] ?? ''));
  const controls = s.controls.every((c) => only(c, KEYS.control) && PAINTED[c.kind] && str(c.id) && str(c.label)
    && (c.layout ?? 'radio') === 'radio' && c.definitions_open !== true && Array.isArray(c.options)
    && c.options.every((x) => only(x, KEYS.option) && str(x.value) && str(x.label) && ['undefined', 'string'].includes(typeof x.key)));
  const examples = (s.examples ?? []).every((e) => only(e, KEYS.example) && ['undefined', 'string'].includes(typeof e.title));
  return blocks && controls && examples;
}

/** An element: `attrs` set in order (none for null or false), then `children` (text for strings). */
function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== false && v !== undefined) e.setAttribute(k, v);
  e.append(...children.filter((c) => c !== null));
  return e;
}

/** `dom_id` (src/support/ids.rs): the parts after `glossa<instance>`, one `_` for each character
 *  that is not an ASCII letter, digit, `_` or `-`. */
const domId = (instance, ...parts) => [`glossa${instance}`, ...parts.map((p) => [...p].map((c) => (/[A-Za-z0-9_-]/.test(c) ? c : '_')).join(''))].join('-');

/**
 * Paints the widget's first screen of a mount into `element` with the task's strings
 * (`glossa.js`' `strings`) when it is `paintable`; returns whether it did. The screen's ids
 * carry the instance 0 (no widget has it): the widget replaces the screen whole when it takes
 * it over.
 */
export function paint(element, spec, item, options, say, languages) {
  if (!paintable(spec, item, options, languages)) return false;
  const [s, i, o] = [read(spec), read(item), read(options ?? {}) ?? {}];
  const n = 0;
  const root = el('div', { class: 'glossa', lang: s.language ?? 'en', dir: say.dir, 'data-testid': domId(n) });
  if (s.title !== undefined) root.append(el('h2', { class: 'glossa-title' }, s.title));
  if (s.instructions !== undefined) root.append(el('details', { class: 'glossa-panel glossa-instructions' }, el('summary', {}, say.text('instructions'))));
  if ((s.examples ?? []).length) {
    root.append(el('div', { class: 'glossa-examples', role: 'group', 'aria-label': say.text('examples') },
      ...s.examples.map((e, k) => el('details', { class: 'glossa-panel glossa-example', id: domId(n, 'example', String(k + 1)) },
        el('summary', {}, e.title ?? say.text('example_n', { n: k + 1 }))))));
  }
  const form = el('form', { class: 'glossa-form', novalidate: 'novalidate' });
  (s.blocks ?? []).forEach((b, k) => {
    const id = `${domId(n, 'block')}-${k}`;
    form.append(el('section', { class: 'glossa-block', id, 'aria-labelledby': `${id}-label` },
      el('h3', { class: 'glossa-block-label', id: `${id}-label` }, b.label),
      el('div', { class: 'glossa-block-text', 'data-testid': `${id}-text` }, i[b.field] ?? '')));
  });
  for (const c of s.controls) {
    const base = domId(n, c.id);
    form.append(el('fieldset', { class: 'glossa-control', id: base },
      el('legend', { class: 'glossa-control-label' }, c.label),
      el('div', { class: 'glossa-options' }, ...c.options.map((x) => {
        const id = domId(n, c.id, 'opt', x.value);
        const def = x.description === undefined ? null : say.text('definition', { label: x.label });
        return el('div', { class: 'glossa-option' }, el('div', { class: 'glossa-option-row' },
          el('input', { type: PAINTED[c.kind], id, name: base, 'aria-keyshortcuts': x.key ?? null, value: x.value }),
          el('label', { for: id, class: 'glossa-option-label' },
            x.key === undefined ? null : el('kbd', { class: 'glossa-key', 'aria-hidden': 'true', title: say.text('shortcut_hint', { key: x.key }) }, x.key),
            el('span', {}, x.label)),
          def === null ? null : el('button', { type: 'button', class: 'glossa-def-toggle', 'aria-expanded': 'false', 'aria-controls': `${id}-def`, 'aria-label': def, title: def, 'data-testid': `${id}-toggle` },
            el('span', { 'aria-hidden': 'true' }, '?'))));
      }))));
  }
  form.append(el('div', { class: 'glossa-submit-bar', id: domId(n, 'submit') },
    o.hideSubmit ? null : el('button', { type: 'submit', class: 'glossa-submit' }, say.text('submit')),
    el('p', { class: 'glossa-status', role: 'status', 'aria-live': 'polite' })));
  root.append(form);
  element.replaceChildren(root);
  element.dataset.glossaItem = i.id;
  element.toggleAttribute('data-glossa-hide-submit', Boolean(o.hideSubmit));
  return true;
}
