// The studio (www/studio.html): a spec edited with completion from its JSON Schema, the
// participants' widget re-rendered at phone and desktop widths on every change, the widget's
// own problems shown at their paths (a click jumps there), items read from a spreadsheet by
// `glossa items`' code compiled to wasm, and the work kept in this browser across reloads.
// Nothing is uploaded.
import { createEditor } from '../vendor/codemirror.js';
import { $, download } from './common.js';
import { state, save } from './store.js';
import { setupItems } from './items.js';
import { setupGold } from './gold.js';
import { setupExports } from './exports.js';
import { setupTry } from './try.js';
import { setupBuilder } from './builder.js';
import { withMediaFrom } from '../hosts/pilot.js';

const [schema, templates, examples] = await Promise.all([
  fetch(new URL('../schema/spec-1.json', import.meta.url)).then((r) => r.json()),
  fetch(new URL('./templates.json', import.meta.url)).then((r) => r.json()),
  fetch(new URL('../examples/index.json', import.meta.url)).then((r) => r.json()),
]);

// ---- templates ----
const select = $('template');
const group = (label, entries) => {
  const g = document.createElement('optgroup');
  g.label = label;
  for (const [value, text] of entries) g.append(new Option(text, value));
  select.append(g);
};
select.append(new Option('An empty spec (build it from the palette)', 'empty'));
group('A control kind', templates.map((t) => [`kind:${t.id}`, t.title]));
group('A shipped example', examples.map((e) => [`example:${e.id}`, e.title]));

async function start(choice) {
  let spec;
  let items;
  // (An example's media files lie beside its items: the preview plays them from there.)
  let mediaBase = null;
  if (choice === 'empty') {
    spec = { $schema: '../schema/spec-1.json', glossa: 1, id: '', version: '1.0.0', language: 'en', title: '', blocks: [], controls: [] };
    items = [];
  } else if (choice.startsWith('kind:')) {
    const t = templates.find((x) => `kind:${x.id}` === choice);
    ({ spec, items } = t);
  } else {
    const e = examples.find((x) => `example:${x.id}` === choice);
    const base = new URL(`../examples/`, import.meta.url);
    mediaBase = new URL(e.items, base).href;
    [spec, items] = await Promise.all([
      fetch(new URL(e.spec, base)).then((r) => r.json()),
      fetch(mediaBase).then((r) => r.json()),
    ]);
    spec = { ...spec, $schema: '../schema/spec-1.json' };
  }
  state.items = items;
  state.itemsName = '';
  state.mediaBase = mediaBase;
  state.index = 0;
  state.gold = { ...state.gold, items: [], tolerance: {} };
  forget();
  save(true);
  showGold();
  editor.setText(`${JSON.stringify(spec, null, 2)}\n`);
  showItems([]);
}

// ---- the editor ----
const editor = createEditor($('editor'), {
  doc: state.specText,
  schema,
  label: 'Spec (JSON)',
  onChange(text) {
    state.specText = text;
    save();
    schedule();
  },
});
editor.view.contentDOM.setAttribute('aria-describedby', 'editor-hint');

select.addEventListener('change', async () => {
  if (!select.value) return;
  await start(select.value);
  select.value = '';
});

$('open-spec').addEventListener('change', async (e) => {
  const file = e.target.files?.[0];
  if (!file) return;
  editor.setText(await file.text());
  e.target.value = '';
});

$('download-spec').addEventListener('click', () => {
  download('spec.json', editor.text(), 'application/json');
});


// ---- problems ----
function showProblems(problems) {
  const list = $('problems');
  list.replaceChildren();
  for (const p of problems) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'studio-problem';
    b.dataset.path = p.path;
    const where = document.createElement('code');
    where.textContent = p.path || '(the whole spec)';
    b.append(where, document.createTextNode(` ${p.message}`));
    b.addEventListener('click', () => { builder.select(p.path); editor.jumpTo(p.path); });
    li.append(b);
    list.append(li);
  }
  $('problems-none').hidden = problems.length > 0;
  editor.setProblems(problems);
}

// ---- the preview ----
const frames = ['phone', 'desktop'].map((id) => $(id));
const ready = frames.map((f) => new Promise((ok) => {
  const check = () => (f.contentWindow?.studioReady ? ok() : setTimeout(check, 20));
  check();
}));

let pending = false;
function schedule() {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => {
    pending = false;
    render();
  });
}

/** The item shown: the current one of the loaded items, or an empty one. */
function currentItem() {
  if (!state.items.length) return { id: 'preview' };
  state.index = Math.min(Math.max(state.index, 0), state.items.length - 1);
  return state.items[state.index];
}

/**
 * The item as the preview shows it: a shipped example's media files played from beside its
 * items (a researcher's own are on their disk: the folder to upload takes them).
 */
function previewItem(item) {
  return item && state.mediaBase ? withMediaFrom(state.specText, [item], state.mediaBase)[0] : item;
}

let renders = 0;
// The widget's problems of the last render: the builder shows them at their fields.
let lastProblems = [];
async function render() {
  let spec;
  try {
    spec = JSON.parse(state.specText);
  } catch (e) {
    showProblems([]);
    $('preview-status').textContent = `The spec is not JSON yet: ${e.message}`;
    return;
  }
  // What else shows the spec follows it here, once a frame, from the one parse.
  builder.show(spec, lastProblems);
  showTolerances(spec);
  const mine = ++renders;
  await Promise.all(ready);
  const item = previewItem(currentItem());
  // The preview is for looking and for gold answers: no minimum time on it.
  const shown = spec && typeof spec === 'object' ? { ...spec } : spec;
  if (shown && typeof shown === 'object') delete shown.min_seconds;
  const outcomes = await Promise.all(frames.map((f) => f.contentWindow.studioRender(shown, item)));
  if (mine !== renders) return;
  const refused = outcomes[0]?.refused;
  const specProblems = refused?.kind === 'spec' ? refused.problems : [];
  showProblems(specProblems);
  lastProblems = specProblems;
  builder.show(spec, specProblems);
  const status = refused?.kind === 'item'
    ? `The item ${item.id ?? ''} does not fit the spec: ${refused.problems.map((p) => `${p.path} ${p.message}`).join('; ')}`
    : refused ? 'The preview shows what participants would see: an error panel.' : '';
  $('preview-status').textContent = status;
  document.body.dataset.rendered = String(mine);
}

// ---- the builder: outline, palette, the selected part's form ----
const builder = setupBuilder({
  editor, schema, items: () => state.items,
  samples: { templates, examples, base: new URL('../examples/', import.meta.url) },
});

// ---- the panes ----
const cx = { frames, currentItem, previewItem, schedule };
const { showItems, rowProblems, forget } = setupItems(cx);
Object.assign(cx, { showItems, rowProblems });
const { goldFile, showGold, checkGold, showTolerances } = setupGold(cx);
Object.assign(cx, { goldFile });
setupExports(cx);
setupTry(cx);

// ---- start ----
if (!state.specText.trim()) await start('kind:single_choice');
showItems([]);
showGold();
checkGold();
schedule();
window.studio = { editor, state, render };
