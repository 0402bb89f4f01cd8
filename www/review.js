// The review page (www/review.html): a reviewer goes through the items whose annotators
// disagree most, takes one annotator's answer, the majority's or the aggregate's, or edits an
// answer in the widget itself, says why, and downloads the adjudicated results. The study is
// read by the researcher's wasm (the CLI's own code); the study's files are kept in this
// browser's IndexedDB and every decision in its localStorage the moment it is made, so a
// reload opens the same study at the same item with every decision. Nothing is uploaded.
import init, { Review, simulateCrowd } from './report-pkg/report.js';
import { mount } from './glossa.js';

const $ = (id) => document.getElementById(id);
const ready = init({ module_or_path: new URL('./report-pkg/report_bg.wasm', import.meta.url) });

// ---- What the browser keeps -------------------------------------------------------------
const DB = 'glossa-review';
const STORE = 'study';
function idb(mode, act) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction(STORE, mode);
      const req = act(tx.objectStore(STORE));
      tx.oncomplete = () => { open.result.close(); resolve(req.result); };
      tx.onerror = () => reject(tx.error);
    };
  });
}
const keepStudy = (study) => idb('readwrite', (s) => s.put(study, 'current'));
const keptStudy = () => idb('readonly', (s) => s.get('current')).catch(() => undefined);
const dropStudy = () => idb('readwrite', (s) => s.delete('current')).catch(() => undefined);

/** FNV-1a over the study's texts: decisions are kept per study. */
function digest(...texts) {
  let h = 0x811c9dc5;
  for (const t of texts) {
    for (let i = 0; i < t.length; i++) h = Math.imul(h ^ t.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0xff, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

// ---- The open study ---------------------------------------------------------------------
let review = null;
let spec = null;
let queue = [];
let key = '';
/** What is kept per study: who decides, the decisions and reasons by item, where they were. */
const fresh = () => ({ by: '', decisions: {}, reasons: {}, item: null, control: '', label: '', advance: true });
let kept = fresh();
let candidates = null;
let shown = null;
let editor = null;
let token = 0;

function save() {
  try {
    localStorage.setItem(key, JSON.stringify(kept));
  } catch {
    $('decision').textContent = 'This browser would not keep the decisions (storage full or off): download them now.';
  }
}

const announce = (text) => { $('announce').textContent = ''; requestAnimationFrame(() => { $('announce').textContent = text; }); };

async function open(study, { restored = false } = {}) {
  await ready;
  const r = new Review(study.spec, study.items, study.results);
  review?.free();
  review = r;
  spec = JSON.parse(study.spec);
  queue = JSON.parse(review.queue());
  key = `glossa:review/1:${spec.id}@${spec.version}:${digest(study.spec, study.items, study.results)}`;
  let stored = null;
  try { stored = JSON.parse(localStorage.getItem(key)); } catch { stored = null; }
  kept = { ...fresh(), ...(stored ?? {}) };
  if (!kept.by) kept.by = localStorage.getItem('glossa:review/1:by') ?? '';
  const problems = JSON.parse(review.problems());
  $('open-problems').textContent = problems.join('\n');
  $('open').hidden = true;
  $('review').hidden = false;
  $('study-title').textContent = spec.title || spec.id;
  const annotators = queue.reduce((n, e) => n + e.annotators, 0);
  $('study-facts').textContent = `${study.names ?? ''}${study.names ? ': ' : ''}${annotators} results on ${queue.length} items`
    + `${problems.length ? `; ${problems.length} result line(s) could not be read and were left out` : ''}.`
    + (restored ? ' Reopened from this browser, with your decisions.' : '');
  $('by').value = kept.by;
  $('advance').checked = kept.advance !== false;
  fillFilters();
  const first = filtered()[0]?.item_id ?? queue[0]?.item_id;
  await show(kept.item && queue.some((e) => e.item_id === kept.item) ? kept.item : first, { focus: false });
}

function fillFilters() {
  const control = $('filter-control');
  control.replaceChildren(new Option('All controls', ''));
  for (const c of spec.controls ?? []) control.add(new Option(`${c.label ?? c.id} (${c.id}) differs`, c.id));
  control.value = kept.control ?? '';
  const label = $('filter-label');
  label.replaceChildren(new Option('All labels', ''));
  const labels = [...new Set(queue.flatMap((e) => e.labels))].sort();
  for (const l of labels) label.add(new Option(l, l));
  label.value = labels.includes(kept.label) ? kept.label : '';
}

/** The queue as the filters leave it. */
function filtered() {
  return queue.filter((e) => (!kept.control || e.differ.includes(kept.control)) && (!kept.label || e.labels.includes(kept.label)));
}

function renderQueue() {
  const list = $('queue');
  list.replaceChildren();
  const entries = filtered();
  for (const e of entries) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.item = e.item_id;
    const decided = kept.decisions[e.item_id];
    b.textContent = `${decided ? '✓ ' : ''}${e.item_id} · ${Math.round(e.disagreement * 100)}% differ · ${e.annotators} annotators`;
    if (decided) {
      const sr = document.createElement('span');
      sr.className = 'sr-only';
      sr.textContent = ' (decided)';
      b.append(sr);
    }
    if (e.item_id === kept.item) b.setAttribute('aria-current', 'true');
    b.addEventListener('click', () => show(e.item_id));
    li.append(b);
    list.append(li);
  }
  if (!entries.length) {
    const li = document.createElement('li');
    li.textContent = 'No item matches the filters.';
    list.append(li);
  }
  const done = queue.filter((e) => kept.decisions[e.item_id]).length;
  $('progress').textContent = `${done} of ${queue.length} items decided.`;
}

const SOURCE = { annotator: 'annotator', majority_vote: 'the majority', dawid_skene: 'the aggregate (Dawid–Skene)', edited: 'your own answer' };

function describe(d) {
  if (!d) return 'Not decided yet.';
  const what = d.source === 'annotator' ? `${d.from}'s answer` : SOURCE[d.source];
  return `Decided: ${what}.`;
}

function takeButton(text, shortcut, onClick, { pressed = false, disabled = false, note = '' } = {}) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  if (shortcut) {
    b.setAttribute('aria-keyshortcuts', shortcut);
    const k = document.createElement('kbd');
    k.textContent = shortcut;
    b.prepend(k, ' ');
  }
  b.setAttribute('aria-pressed', String(pressed));
  b.disabled = disabled;
  if (note) b.title = note;
  b.addEventListener('click', onClick);
  return b;
}

function renderTakes() {
  const id = kept.item;
  const d = kept.decisions[id];
  const box = $('takes');
  box.replaceChildren();
  candidates.annotators.forEach((a, n) => {
    const label = `Take ${n + 1}: ${a.who}`;
    box.append(takeButton(label, n < 9 ? String(n + 1) : '', () => decide({ source: 'annotator', from: a.who }),
      { pressed: d?.source === 'annotator' && d.from === a.who }));
  });
  for (const [source, text, k] of [['majority_vote', 'Take the majority', 'm'], ['dawid_skene', 'Take the aggregate (Dawid–Skene)', 'a']]) {
    const c = candidates[source];
    box.append(takeButton(c.answers ? text : `${text}: ${c.note}`, k, () => decide({ source }),
      { pressed: d?.source === source, disabled: !c.answers }));
  }
  box.append(takeButton('Edit an answer', 'e', () => edit(), { pressed: d?.source === 'edited' }));
  if (d) box.append(takeButton('Undo the decision', 'u', () => undo()));
  $('decision').textContent = describe(d);
}

/** The answers a decision stands for, as results hold them. */
function answersOf(d) {
  if (!d) return null;
  if (d.source === 'annotator') return candidates.annotators.find((a) => a.who === d.from)?.answers ?? null;
  if (d.source === 'edited') return d.answers;
  return candidates[d.source]?.answers ?? null;
}

/** The item as read by the same code as the CLI, without a model's suggestions: the reviewer
 * decides afresh. */
function plainItem(id) {
  const { suggestions, ...item } = JSON.parse(review.item(id) || '{}');
  return item;
}

async function mountShown(id, mine) {
  shown?.destroy();
  shown = null;
  const d = kept.decisions[id];
  const answers = answersOf(d);
  const options = { readonly: true, autosave: false, ids: { participant: 'review' } };
  if (answers) options.resume = JSON.parse(review.draft(id, JSON.stringify(answers), Date.now()) || 'null') ?? undefined;
  const h = await mount($('shown'), { spec, item: plainItem(id), options });
  if (mine !== token) { h.destroy(); return; }
  shown = h;
}

async function show(id, { focus = true } = {}) {
  if (!id) return;
  const mine = ++token;
  const before = document.activeElement;
  closeEditor();
  kept.item = id;
  save();
  candidates = JSON.parse(review.candidates(id));
  const entry = queue.find((e) => e.item_id === id);
  const list = filtered();
  const at = list.findIndex((e) => e.item_id === id);
  $('item-title').textContent = `Item ${id}${at >= 0 ? ` (${at + 1} of ${list.length})` : ''}`;
  $('item-facts').textContent = `${Math.round(entry.disagreement * 100)}% of annotator pairs differ; ${entry.annotators} annotators`
    + (entry.differ.length ? `; answers differ on ${entry.differ.join(', ')}.` : '; all gave the same answers.');
  $('reason').value = kept.reasons[id] ?? '';
  renderTakes();
  renderQueue();
  // Made by analysis::review::view, every item, spec, answer and annotator text in it escaped
  // (tests/review.rs tries each); this page reads no URL parameter.
  $('view').innerHTML = review.view(id);
  await mountShown(id, mine);
  // A reviewer who went into a text box (r for the reason) while the widget mounted keeps it.
  const moved = document.activeElement !== before && document.activeElement !== null && typing(document.activeElement);
  if (focus && mine === token && !moved) $('item').focus();
}

function step(by) {
  const list = filtered();
  const at = list.findIndex((e) => e.item_id === kept.item);
  const next = list[Math.min(Math.max(at + by, 0), list.length - 1)];
  if (next && next.item_id !== kept.item) show(next.item_id);
}

function decide(decision) {
  const id = kept.item;
  kept.decisions[id] = { ...decision, at: new Date().toISOString() };
  kept.reasons[id] = $('reason').value;
  save();
  announce(`Item ${id}: ${describe(kept.decisions[id])}`);
  if (kept.advance) {
    const list = filtered();
    const at = list.findIndex((e) => e.item_id === id);
    const next = list.slice(at + 1).find((e) => !kept.decisions[e.item_id]) ?? list.find((e) => !kept.decisions[e.item_id]);
    if (next) { show(next.item_id); return; }
  }
  show(id);
}

function undo() {
  const id = kept.item;
  if (!kept.decisions[id]) return;
  delete kept.decisions[id];
  save();
  announce(`Item ${id}: decision undone.`);
  show(id);
}

// ---- Editing an answer in the widget ------------------------------------------------------
async function edit() {
  const id = kept.item;
  const mine = token;
  closeEditor();
  const start = answersOf(kept.decisions[id]) ?? candidates.majority_vote.answers ?? candidates.annotators[0]?.answers ?? {};
  const draft = JSON.parse(review.draft(id, JSON.stringify(start), Date.now()) || 'null');
  $('editor-box').hidden = false;
  $('shown-box').hidden = true;
  $('edit-status').textContent = '';
  const h = await mount($('editor'), {
    spec,
    item: plainItem(id),
    options: { hideSubmit: true, autosave: false, ids: { participant: 'review' }, ...(draft ? { resume: draft } : {}) },
  });
  if (mine !== token) { h.destroy(); return; }
  editor = h;
  ($('editor').querySelector('input, button, textarea, select, [tabindex="0"]') ?? $('editor')).focus();
}

function closeEditor() {
  editor?.destroy();
  editor = null;
  $('editor-box').hidden = true;
  $('shown-box').hidden = false;
}

$('save-edit').addEventListener('click', () => {
  if (!editor) return;
  const doc = editor.preview();
  if (!doc) {
    editor.submit(); // shows what is missing or wrong, in the widget
    $('edit-status').textContent = 'The answer is not complete yet: see what the widget says above.';
    return;
  }
  decide({ source: 'edited', answers: doc.answers });
});
$('cancel-edit').addEventListener('click', () => { closeEditor(); $('item').focus(); });

// ---- Controls of the page -----------------------------------------------------------------
$('reason').addEventListener('input', () => {
  kept.reasons[kept.item] = $('reason').value;
  save();
});
$('by').addEventListener('input', () => {
  kept.by = $('by').value.trim();
  localStorage.setItem('glossa:review/1:by', kept.by);
  save();
});
$('advance').addEventListener('change', () => { kept.advance = $('advance').checked; save(); });
for (const [id, field] of [['filter-control', 'control'], ['filter-label', 'label']]) {
  $(id).addEventListener('change', () => {
    kept[field] = $(id).value;
    save();
    const list = filtered();
    if (list.length && !list.some((e) => e.item_id === kept.item)) show(list[0].item_id, { focus: false });
    else show(kept.item, { focus: false });
  });
}

$('download').addEventListener('click', () => {
  $('download-problems').textContent = '';
  if (!kept.by) {
    $('download-problems').textContent = 'Write your name or id first: each adjudicated result says who decided.';
    $('by').focus();
    return;
  }
  const decisions = {};
  for (const [id, d] of Object.entries(kept.decisions)) decisions[id] = { ...d, reason: kept.reasons[id] ?? '' };
  const { lines, count, problems } = JSON.parse(review.adjudicated(kept.by, JSON.stringify(decisions)));
  $('download-problems').textContent = problems.join('\n');
  const a = $('saved');
  URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([lines], { type: 'application/x-ndjson' }));
  a.textContent = `adjudicated.jsonl (${count} results)`;
  a.hidden = false;
  a.click();
  announce(`${count} adjudicated results downloaded.`);
});

$('close').addEventListener('click', async () => {
  closeEditor();
  shown?.destroy();
  shown = null;
  await dropStudy();
  review?.free();
  review = null;
  $('review').hidden = true;
  $('open').hidden = false;
  $('open-status').textContent = 'The study is closed; your decisions stay in this browser for when you open it again.';
});

// Where keys are text: the name, the reason, the editor. A select (the filters) is not: its
// type-ahead gives way to the page's keys, so Tab out of the name field onto a filter leaves
// the keys the reviewer's (its arrows up and down still pick a filter).
const typing = (el) => el.closest('input, textarea, [contenteditable], #editor') !== null;
document.addEventListener('keydown', (e) => {
  if (!review || $('review').hidden) return;
  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && editor && e.target.closest('#editor')) {
    e.preventDefault();
    $('save-edit').click();
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === 'Escape' && e.target.closest('textarea, input')) { $('item').focus(); return; }
  if (typing(e.target)) return;
  const k = e.key;
  if (k === 'j' || k === 'ArrowRight') step(1);
  else if (k === 'k' || k === 'ArrowLeft') step(-1);
  else if (/^[1-9]$/.test(k)) {
    const a = candidates?.annotators[Number(k) - 1];
    if (!a) return;
    decide({ source: 'annotator', from: a.who });
  } else if (k === 'm' && candidates?.majority_vote.answers) decide({ source: 'majority_vote' });
  else if (k === 'a' && candidates?.dawid_skene.answers) decide({ source: 'dawid_skene' });
  else if (k === 'e') edit();
  else if (k === 'u') undo();
  else if (k === 'r') { $('reason').focus(); }
  else return;
  e.preventDefault();
});

// ---- Opening -------------------------------------------------------------------------------
const text = (input) => (input.files[0] ? input.files[0].text() : Promise.resolve(''));
async function openFiles(study) {
  $('open-problems').textContent = '';
  $('open-status').textContent = 'Opening…';
  try {
    await open(study);
    await keepStudy(study);
    $('open-status').textContent = '';
  } catch (err) {
    $('open-status').textContent = '';
    $('open-problems').textContent = String(err?.message ?? err);
  }
}
$('files').addEventListener('submit', async (e) => {
  e.preventDefault();
  const [s, i, r] = await Promise.all(['spec', 'items', 'results'].map((id) => text($(id))));
  if (!s || !i || !r) { $('open-problems').textContent = 'Choose the spec, the items and the results.'; return; }
  const names = ['spec', 'items', 'results'].map((id) => $(id).files[0].name).join(', ');
  openFiles({ spec: s, items: i, results: r, names });
});
$('open').addEventListener('dragover', (e) => e.preventDefault());
$('open').addEventListener('drop', (e) => {
  e.preventDefault();
  for (const file of e.dataTransfer.files) {
    const name = file.name.toLowerCase();
    const target = name.includes('spec') ? 'spec' : name.includes('result') || (name.endsWith('.jsonl') && !name.includes('item')) ? 'results' : 'items';
    const dt = new DataTransfer();
    dt.items.add(file);
    $(target).files = dt.files;
  }
});
$('try').addEventListener('submit', async (e) => {
  e.preventDefault();
  const ex = examples.find((x) => x.id === $('example').value);
  if (!ex) return;
  $('open-status').textContent = 'Simulating five annotators…';
  try {
    const [s, i] = await Promise.all([ex.spec, ex.items].map((p) => fetch(new URL(`examples/${p}`, import.meta.url)).then((r) => r.text())));
    await ready;
    const r = simulateCrowd(s, i, 5, 0.7, 7);
    openFiles({ spec: s, items: i, results: r, names: `${ex.title}, simulated annotators` });
  } catch (err) {
    $('open-status').textContent = '';
    $('open-problems').textContent = String(err?.message ?? err);
  }
});

let examples = [];
fetch(new URL('examples/index.json', import.meta.url)).then((r) => r.json()).then((list) => {
  examples = list;
  for (const ex of list) $('example').add(new Option(ex.title, ex.id));
  $('example').value = list.some((x) => x.id === 'en-ner') ? 'en-ner' : list[0]?.id;
}).catch(() => { $('try').hidden = true; });

keptStudy().then((study) => {
  if (study && !review) open(study, { restored: true }).catch(() => dropStudy());
});
