// The studio (www/studio.html): a spec edited with completion from its JSON Schema, the
// participants' widget re-rendered at phone and desktop widths on every change, the widget's
// own problems shown at their paths (a click jumps there), items read from a spreadsheet by
// `glossa items`' code compiled to wasm, and the work kept in this browser across reloads.
// Nothing is uploaded.
import { createEditor } from '../vendor/codemirror.js';

const STORE = 'glossa-studio/1';
const $ = (id) => document.getElementById(id);

/** The studio's state as it is kept: the spec's text, the items, the item shown. */
const ITEMS = `${STORE}/items`;
const read = (key) => { try { return JSON.parse(localStorage.getItem(key)) ?? null; } catch { return null; } };
const saved = read(STORE);
const savedItems = read(ITEMS);
const state = {
  specText: saved?.specText ?? '',
  items: Array.isArray(savedItems) ? savedItems : [],
  itemsName: saved?.itemsName ?? '',
  index: Number.isInteger(saved?.index) ? saved.index : 0,
  gold: saved?.gold?.items ? saved.gold : { items: [], span_overlap: 0.5, point_band: 0, ratio_band: 2 },
};

// The items are kept under their own key, written only when they change: typing in the spec
// does not write 10,000 items again.
let saveTimer = 0;
let itemsChanged = false;
function flush() {
  clearTimeout(saveTimer);
  saveTimer = 0;
  try {
    const { items, ...rest } = state;
    localStorage.setItem(STORE, JSON.stringify(rest));
    if (itemsChanged) localStorage.setItem(ITEMS, JSON.stringify(items));
    itemsChanged = false;
  } catch {
    $('preview-status').textContent = 'This browser would not keep the work (storage full or off): download the spec to keep it.';
  }
}
/** Keeps the state soon (typing saves once it pauses), and at once when the page goes;
 * `items` when the items changed. */
function save(items = false) {
  itemsChanged ||= items;
  clearTimeout(saveTimer);
  saveTimer = setTimeout(flush, 200);
}
addEventListener('pagehide', () => { if (saveTimer) flush(); });
document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden' && saveTimer) flush(); });

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
group('A control kind', templates.map((t) => [`kind:${t.id}`, t.title]));
group('A shipped example', examples.map((e) => [`example:${e.id}`, e.title]));

async function start(choice) {
  let spec;
  let items;
  if (choice.startsWith('kind:')) {
    const t = templates.find((x) => `kind:${x.id}` === choice);
    ({ spec, items } = t);
  } else {
    const e = examples.find((x) => `example:${x.id}` === choice);
    const base = new URL(`../examples/`, import.meta.url);
    [spec, items] = await Promise.all([
      fetch(new URL(e.spec, base)).then((r) => r.json()),
      fetch(new URL(e.items, base)).then((r) => r.json()),
    ]);
    spec = { ...spec, $schema: '../schema/spec-1.json' };
  }
  state.items = items;
  state.itemsName = '';
  state.index = 0;
  state.gold = { ...state.gold, items: [], tolerance: {} };
  table = null;
  $('item-columns').hidden = true;
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
    showForm();
    showTolerances();
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

/** Saves `data` (text or bytes) as a file called `name`. */
function download(name, data, type) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ---- the form of the common fields ----
const formFields = [...document.querySelectorAll('#spec-form [data-key]')];
/** The form shows the spec's fields (when the text is JSON). */
function showForm() {
  let spec;
  try { spec = JSON.parse(state.specText); } catch { return; }
  if (!spec || typeof spec !== 'object') return;
  for (const f of formFields) {
    if (f === document.activeElement) continue;
    const v = spec[f.dataset.key];
    f.value = v == null ? '' : String(v);
  }
}
for (const f of formFields) {
  f.addEventListener('input', () => {
    let spec;
    try { spec = JSON.parse(state.specText); } catch { return; }
    const key = f.dataset.key;
    const value = 'number' in f.dataset ? (f.value === '' ? null : Number(f.value)) : f.value;
    if (value === '' || value === null) delete spec[key];
    else spec[key] = value;
    editor.setText(`${JSON.stringify(spec, null, 2)}\n`);
  });
}

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
    b.addEventListener('click', () => editor.jumpTo(p.path));
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

let renders = 0;
async function render() {
  let spec;
  try {
    spec = JSON.parse(state.specText);
  } catch (e) {
    showProblems([]);
    $('preview-status').textContent = `The spec is not JSON yet: ${e.message}`;
    return;
  }
  const mine = ++renders;
  await Promise.all(ready);
  const item = currentItem();
  // The preview is for looking and for gold answers: no minimum time on it.
  const shown = spec && typeof spec === 'object' ? { ...spec } : spec;
  if (shown && typeof shown === 'object') delete shown.min_seconds;
  const outcomes = await Promise.all(frames.map((f) => f.contentWindow.studioRender(shown, item)));
  if (mine !== renders) return;
  const refused = outcomes[0]?.refused;
  const specProblems = refused?.kind === 'spec' ? refused.problems : [];
  showProblems(specProblems);
  const status = refused?.kind === 'item'
    ? `The item ${item.id ?? ''} does not fit the spec: ${refused.problems.map((p) => `${p.path} ${p.message}`).join('; ')}`
    : refused ? 'The preview shows what participants would see: an error panel.' : '';
  $('preview-status').textContent = status;
  document.body.dataset.rendered = String(mine);
}

// ---- items ----
let reader = null;
async function researcherWasm() {
  if (!reader) {
    reader = import('../report-pkg/report.js').then(async (m) => {
      await m.default({ module_or_path: new URL('../report-pkg/report_bg.wasm', import.meta.url) });
      return m;
    });
  }
  return reader;
}

let rowProblems = [];
function showItems(problems) {
  rowProblems = problems;
  const list = $('item-problems');
  list.replaceChildren();
  for (const p of problems) {
    const li = document.createElement('li');
    const where = p.row == null ? 'The file' : `Row ${p.row}${p.column ? `, column “${p.column}”` : ''}`;
    li.textContent = `${where}: ${p.message}`;
    list.append(li);
  }
  const n = state.items.length;
  const gold = n ? state.gold.items.find((g) => g.item_id === currentItem().id) : null;
  $('item-position').textContent = n ? `Item ${state.index + 1} of ${n} (${currentItem().id})${gold ? `, ${gold.kind} answer saved` : ''}` : 'No items yet: the preview shows an empty one.';
  $('prev-item').disabled = state.index <= 0;
  $('next-item').disabled = state.index >= n - 1;
}

/** The table last opened (kept in memory while the page is open): a new column mapping reads
 * it again. */
let table = null;

/** One select per field the spec needs (and the id): which column fills it. */
function showColumns(header, fields, map) {
  const box = $('item-columns');
  const list = $('item-column-list');
  list.replaceChildren();
  box.hidden = !header.length;
  for (const [k, field] of ['id', ...fields].entries()) {
    // A label of its own (not around the select: its name would take the option shown).
    const cell = document.createElement('div');
    cell.className = 'studio-field';
    const label = document.createElement('label');
    label.htmlFor = `column-${k}`;
    label.textContent = field;
    const select = document.createElement('select');
    select.id = `column-${k}`;
    select.dataset.field = field;
    select.append(new Option('(the column of that name)', ''));
    for (const h of header) select.append(new Option(h, h));
    select.value = map[field] ?? '';
    select.addEventListener('change', () => {
      const next = {};
      for (const s of list.querySelectorAll('select')) if (s.value) next[s.dataset.field] = s.value;
      readTable(next);
    });
    cell.append(label, select);
    list.append(cell);
  }
}

/** Reads the table last opened with a column mapping, and shows the items it makes. */
async function readTable(map) {
  const { bytes, name } = table;
  const status = $('items-status');
  status.textContent = `Reading ${name}…`;
  try {
    const wasm = await researcherWasm();
    const out = JSON.parse(wasm.readItems(bytes, name, state.specText, JSON.stringify(map)));
    showColumns(out.header, out.fields, map);
    state.items = out.items.map((x) => x.item);
    state.itemsName = name;
    state.index = 0;
    const bad = out.problems.length;
    status.textContent = `${name}: ${state.items.length} item${state.items.length === 1 ? '' : 's'}${bad ? `, ${bad} problem${bad === 1 ? '' : 's'} (those rows left out)` : ''}.${out.notes.length ? ` ${out.notes.join('; ')}.` : ''}`;
    showItems(out.problems);
    save(true);
    schedule();
  } catch (err) {
    status.textContent = `${name} could not be read: ${err?.message ?? err}`;
  }
}

$('open-items').addEventListener('change', async (e) => {
  const file = e.target.files?.[0];
  if (!file) return;
  e.target.value = '';
  table = { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name };
  await readTable({});
});

for (const [id, step] of [['prev-item', -1], ['next-item', 1]]) {
  $(id).addEventListener('click', () => {
    state.index += step;
    showItems(rowProblems);
    save();
    schedule();
  });
}

// ---- gold ----
/** The gold file as `glossa report --gold` and the pilot's training mode read it. */
function goldFile() {
  const { items, span_overlap, point_band, ratio_band, tolerance } = state.gold;
  const own = Object.fromEntries(Object.entries(tolerance ?? {}).filter(([, v]) => Number.isFinite(v)));
  return { items, span_overlap, point_band, ratio_band, ...(Object.keys(own).length ? { tolerance: own } : {}) };
}

/** What a control's own tolerance means, by its kind (none: compared exactly). */
const TOLERANCE = {
  number: ['ratio still right', 1, 0.5],
  scale: ['points off still right', 0, 1],
  slider: ['points off still right', 0, 1],
  span_labels: ['word overlap (0–1)', 0, 0.05],
  span_attributes: ['word overlap (0–1)', 0, 0.05],
  questions: ['fragment overlap (0–1)', 0, 0.05],
};

/** One input per control that takes a tolerance: empty keeps the kind's. */
function showTolerances() {
  const box = $('tol-controls');
  let spec;
  try { spec = JSON.parse(state.specText); } catch { return; }
  const controls = (Array.isArray(spec?.controls) ? spec.controls : []).filter((c) => TOLERANCE[c?.kind] && typeof c.id === 'string');
  const key = JSON.stringify(controls.map((c) => [c.id, c.kind, c.label]));
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren();
  for (const [k, c] of controls.entries()) {
    const [what, min, step] = TOLERANCE[c.kind];
    const cell = document.createElement('div');
    cell.className = 'studio-field';
    const label = document.createElement('label');
    label.htmlFor = `tol-control-${k}`;
    label.textContent = `${c.label || c.id}: ${what}`;
    const input = document.createElement('input');
    input.id = `tol-control-${k}`;
    input.type = 'number';
    input.min = String(min);
    input.step = String(step);
    input.dataset.control = c.id;
    input.value = state.gold.tolerance?.[c.id] ?? '';
    input.addEventListener('change', () => {
      const tolerance = { ...(state.gold.tolerance ?? {}) };
      if (input.value === '') delete tolerance[c.id];
      else tolerance[c.id] = Number(input.value);
      state.gold.tolerance = tolerance;
      changedGold();
    });
    cell.append(label, input);
    box.append(cell);
  }
}

function showGold() {
  const list = $('gold-list');
  list.replaceChildren();
  for (const g of state.gold.items) {
    const li = document.createElement('li');
    const text = document.createElement('span');
    text.textContent = `${g.item_id} (${g.kind}): ${Object.keys(g.answers).join(', ')}`;
    const show = document.createElement('button');
    show.type = 'button';
    show.textContent = `Show ${g.item_id}`;
    show.addEventListener('click', () => {
      const at = state.items.findIndex((i) => i.id === g.item_id);
      if (at >= 0) { state.index = at; showItems(rowProblems); save(); schedule(); }
    });
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.textContent = `Remove ${g.item_id}`;
    remove.addEventListener('click', () => {
      state.gold.items = state.gold.items.filter((x) => x !== g);
      changedGold(`The gold answer of ${g.item_id} was removed.`);
    });
    li.append(text, show, remove);
    list.append(li);
  }
  $('tol-span').value = state.gold.span_overlap;
  $('tol-point').value = state.gold.point_band;
  $('tol-ratio').value = state.gold.ratio_band;
}

function changedGold(message) {
  if (message) $('gold-status').textContent = message;
  showGold();
  showItems(rowProblems);
  save();
  checkGold();
}

/** The gold file read against the spec and the items by the report's own code. */
async function checkGold() {
  const list = $('gold-problems');
  list.replaceChildren();
  if (!state.gold.items.length) return;
  try {
    const wasm = await researcherWasm();
    new wasm.TrainingGold(state.specText, JSON.stringify(state.items), JSON.stringify(goldFile())).free();
  } catch (e) {
    listLines(list, e);
  }
}

$('save-gold').addEventListener('click', async () => {
  const status = $('gold-status');
  if (!state.items.length) { status.textContent = 'Open the items first: gold answers belong to items.'; return; }
  const item = currentItem();
  // The preview whose answer is complete (the phone's first); else show what is missing.
  const handles = frames.map((f) => f.contentWindow.studioHandle?.()).filter(Boolean);
  const ready = handles.find((h) => h.validate()?.valid);
  if (!ready) {
    const report = handles[0]?.submit();
    const missing = report?.problems?.map((p) => p.message).join(' ') ?? '';
    status.textContent = `Answer the item in a preview first. ${missing}`;
    return;
  }
  const result = ready.submit();
  if (!result?.answers) { status.textContent = 'The preview did not give an answer.'; return; }
  const kind = $('gold-kind').value;
  state.gold.items = [...state.gold.items.filter((g) => g.item_id !== item.id), { item_id: item.id, kind, answers: result.answers }];
  changedGold(`Saved the ${kind} answer of ${item.id}.`);
  schedule();
});

for (const [id, key, parse] of [['tol-span', 'span_overlap', Number], ['tol-point', 'point_band', (v) => Math.round(Number(v))], ['tol-ratio', 'ratio_band', Number]]) {
  $(id).addEventListener('change', (e) => {
    const v = parse(e.target.value);
    if (Number.isFinite(v)) state.gold[key] = v;
    changedGold();
  });
}

$('download-gold').addEventListener('click', () => {
  download('gold.json', `${JSON.stringify(goldFile(), null, 2)}\n`, 'application/json');
});

// ---- export ----
$('export-study').addEventListener('click', async () => {
  const status = $('export-status');
  const problems = $('export-problems');
  problems.replaceChildren();
  status.textContent = 'Checking the study…';
  const num = (id) => Math.max(0, Math.floor(Number($(id).value) || 0));
  const plan = $('plan-on').checked
    ? JSON.stringify({ per_item: num('plan-per-item'), annotators: num('plan-annotators'), gold_every: num('plan-gold-every') })
    : '';
  const gold = state.gold.items.length ? JSON.stringify(goldFile(), null, 2) + '\n' : '';
  try {
    const wasm = await researcherWasm();
    const zip = wasm.exportStudy(state.specText, JSON.stringify(state.items), gold, plan);
    const name = `${studyName()}.zip`;
    download(name, zip, 'application/zip');
    status.textContent = `Exported ${name}: spec, ${state.items.length} items${gold ? ', gold' : ''}${plan ? ', plan' : ''}.`;
  } catch (e) {
    status.textContent = 'The study cannot be exported yet:';
    listLines(problems, e);
  }
});

/** The spec's id made safe for a file name (`study` while it has none). */
function studyName() {
  let id = 'study';
  try { id = JSON.parse(state.specText).id || id; } catch { /* the checks say why */ }
  return id.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** Lines of an error from the wasm, listed in `list`. */
function listLines(list, error) {
  list.replaceChildren();
  for (const line of String(error?.message ?? error).split('\n')) {
    const li = document.createElement('li');
    li.textContent = line;
    list.append(li);
  }
}

$('export-host').addEventListener('click', async () => {
  const status = $('host-status');
  const problems = $('host-problems');
  const shown = $('host-links');
  problems.replaceChildren();
  shown.hidden = true;
  status.textContent = 'Making the folder…';
  const kind = $('host-kind').value;
  const root = new URL('../../', import.meta.url);
  const num = (id) => Math.max(0, Math.floor(Number($(id).value) || 0));
  try {
    const wasm = await researcherWasm();
    const items = JSON.stringify(state.items);
    const gold = state.gold.items.length ? JSON.stringify(goldFile()) : '';
    const plan = $('plan-on').checked
      ? wasm.makePlan(state.specText, items, gold, JSON.stringify({ per_item: num('plan-per-item'), annotators: num('plan-annotators'), gold_every: num('plan-gold-every') }))
      : '';
    const text = (p) => fetch(new URL(p, root)).then((r) => (r.ok ? r.text() : ''));
    const [listing, index, mturk] = await Promise.all([text('www/site-files.json'), text('index.html'), text('www/hosts/mturk.html')]);
    const options = { url: $('host-url').value, datapipe: $('host-datapipe').value, complete: [$('host-complete').value, null, null] };
    const site = new wasm.SiteZip(kind, state.specText, items, plan, JSON.stringify(options), listing || '[]', index, mturk);
    try {
      const needed = JSON.parse(site.needed());
      for (let i = 0; i < needed.length; i += 8) {
        const batch = needed.slice(i, i + 8);
        const got = await Promise.all(batch.map(async (p) => {
          const r = await fetch(new URL(p, root));
          if (!r.ok) throw new Error(`${p} could not be fetched (${r.status})`);
          return new Uint8Array(await r.arrayBuffer());
        }));
        batch.forEach((p, k) => site.add(p, got[k]));
        status.textContent = `Making the folder… ${Math.min(i + 8, needed.length)} of ${needed.length} files`;
      }
      const zip = site.finish();
      const name = `${studyName()}-${kind}.zip`;
      download(name, zip, 'application/zip');
      status.textContent = `Made ${name} (${(zip.length / 1e6).toFixed(1)} MB). What to do with it:`;
      shown.textContent = site.links();
      shown.hidden = false;
    } finally {
      site.free();
    }
  } catch (e) {
    status.textContent = 'The folder cannot be made yet:';
    listLines(problems, e);
  }
});

// ---- try as a participant ----
const tryFrame = $('try-frame');
window.studioTried = [];
$('try-start').addEventListener('click', () => {
  const n = Math.max(1, Math.floor(Number($('try-count').value) || 3));
  const items = (state.items.length ? state.items : [currentItem()]).slice(0, n);
  const url = (text) => URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const spec = url(state.specText);
  const list = url(JSON.stringify(items));
  window.studioTried = [];
  tryFrame.hidden = false;
  tryFrame.src = `../index.html?spec=${encodeURIComponent(spec)}&items=${encodeURIComponent(list)}&participant=studio-try-${Date.now()}`;
  tryFrame.scrollIntoView({ block: 'start' });
});
tryFrame.addEventListener('load', () => {
  tryFrame.contentDocument?.addEventListener('glossa:submit', (e) => {
    window.studioTried.push(e.detail);
    showTried();
  });
});

function showTried() {
  let box = $('try-results');
  if (!box) {
    box = document.createElement('div');
    box.id = 'try-results';
    box.setAttribute('aria-label', 'Results of the try');
    box.setAttribute('role', 'region');
    tryFrame.after(box);
  }
  box.replaceChildren();
  for (const [k, r] of window.studioTried.entries()) {
    const d = document.createElement('details');
    const sum = document.createElement('summary');
    sum.textContent = `Result ${k + 1}: item ${r.item_id}`;
    const pre = document.createElement('pre');
    pre.textContent = JSON.stringify(r, null, 2);
    pre.tabIndex = 0;
    d.append(sum, pre);
    box.append(d);
  }
}

// ---- start ----
if (!state.specText.trim()) await start('kind:single_choice');
showItems([]);
showForm();
showTolerances();
showGold();
checkGold();
schedule();
window.studio = { editor, state, render };
