// The studio's gold answers: an item's answer in a preview saved as gold or attention, the
// tolerances (per kind, and per control), the file checked by the report's code, downloaded.
import { $, download, listLines, researcherWasm } from './common.js';
import { state, save } from './store.js';

/** How each control kind's gold answer is compared (`exact`, or the tolerance unit a gold file
 * may set), from the declaration of the kinds (`www/kinds.json`, made by the Rust side). */
const GOLD = Object.fromEntries(
  (await fetch(new URL('../kinds.json', import.meta.url)).then((r) => r.json())).controls.map((c) => [c.kind, c.gold]),
);

/** Wires the gold pane. `cx` gives `frames` (the previews), `currentItem()`, `schedule()`,
 * `showItems(problems)` and `rowProblems()`; returns `goldFile()`, `showGold()`,
 * `checkGold()` and `showTolerances()`. */
export function setupGold(cx) {
  /** The gold file as `glossa report --gold` and the pilot's training mode read it. */
  function goldFile() {
    const { items, span_overlap, point_band, ratio_band, tolerance } = state.gold;
    const own = Object.fromEntries(Object.entries(tolerance ?? {}).filter(([, v]) => Number.isFinite(v)));
    return { items, span_overlap, point_band, ratio_band, ...(Object.keys(own).length ? { tolerance: own } : {}) };
  }

  /** What a control's own tolerance means, by its kind's unit (`exact`: none, compared
   * exactly): the words beside its box, its least value, its step. */
  const UNITS = {
    ratio_band: ['ratio still right', 1, 0.5],
    point_band: ['points off still right', 0, 1],
    span_overlap: ['word overlap (0–1)', 0, 0.05],
  };
  const TOLERANCE = Object.fromEntries(Object.entries(GOLD).filter(([, u]) => UNITS[u]).map(([k, u]) => [k, UNITS[u]]));

  /** One input per control of `spec` (parsed) that takes a tolerance: empty keeps the kind's. */
  function showTolerances(spec) {
    const box = $('tol-controls');
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
        if (at >= 0) { state.index = at; cx.showItems(cx.rowProblems()); save(); cx.schedule(); }
      });
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = `Remove ${g.item_id}`;
      remove.addEventListener('click', () => {
        state.gold.items = state.gold.items.filter((x) => x !== g);
        changedGold(`The gold answer of ${g.item_id} was removed.`);
      });
      // The entry itself, to change: gold or attention, and its answers as the result holds
      // them (checked by the report's code as they are typed).
      const kind = document.createElement('select');
      kind.setAttribute('aria-label', `Kind of ${g.item_id}`);
      for (const k of ['gold', 'attention']) kind.append(new Option(k, k));
      kind.value = g.kind;
      kind.addEventListener('change', () => {
        g.kind = kind.value;
        changedGold(`${g.item_id} is now ${g.kind === 'attention' ? 'an attention' : 'a gold'} item.`);
      });
      const answers = document.createElement('textarea');
      answers.setAttribute('aria-label', `Answers of ${g.item_id} (JSON)`);
      answers.className = 'studio-gold-answers';
      answers.rows = 3;
      answers.spellcheck = false;
      answers.value = JSON.stringify(g.answers);
      answers.addEventListener('change', () => {
        let value;
        try { value = JSON.parse(answers.value); } catch (err) {
          $('gold-status').textContent = `The answers of ${g.item_id} are not JSON: ${err.message}`;
          return;
        }
        if (!value || typeof value !== 'object' || Array.isArray(value)) {
          $('gold-status').textContent = `The answers of ${g.item_id} must be an object keyed by control id.`;
          return;
        }
        g.answers = value;
        changedGold(`Changed the answers of ${g.item_id}.`);
      });
      li.append(text, show, remove, kind, answers);
      list.append(li);
    }
    $('tol-span').value = state.gold.span_overlap;
    $('tol-point').value = state.gold.point_band;
    $('tol-ratio').value = state.gold.ratio_band;
  }

  function changedGold(message) {
    if (message) $('gold-status').textContent = message;
    showGold();
    cx.showItems(cx.rowProblems());
    save();
    checkGold();
  }

  /** The gold file read against the spec and the items by the report's own code. */
  let checks = 0;
  async function checkGold() {
    const list = $('gold-problems');
    const mine = ++checks;
    list.replaceChildren();
    if (state.gold.items.length) {
      try {
        const wasm = await researcherWasm();
        new wasm.TrainingGold(state.specText, JSON.stringify(state.items), JSON.stringify(goldFile())).free();
      } catch (e) {
        if (mine === checks) listLines(list, e);
      }
    }
    // Which check the list shows (tests wait for it).
    if (mine === checks) list.dataset.checked = String(mine);
  }

  $('save-gold').addEventListener('click', async () => {
    const status = $('gold-status');
    if (!state.items.length) { status.textContent = 'Open the items first: gold answers belong to items.'; return; }
    const item = cx.currentItem();
    // The preview whose answer is complete (the phone's first); else show what is missing.
    const handles = cx.frames.map((f) => f.contentWindow.studioHandle?.()).filter(Boolean);
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
    cx.schedule();
  });

  for (const [id, key, parse] of [['tol-span', 'span_overlap', Number], ['tol-point', 'point_band', (v) => Math.round(Number(v))], ['tol-ratio', 'ratio_band', Number]]) {
    $(id).addEventListener('change', (e) => {
      const v = parse(e.target.value);
      if (Number.isFinite(v)) state.gold[key] = v;
      changedGold();
    });
  }

  // A gold file made before (here, by hand, or by glossa): opened to be checked and changed —
  // its items listed, each shown or removed, answers saved over, tolerances set.
  $('open-gold').addEventListener('change', async (e) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const status = $('gold-status');
    let read;
    try { read = JSON.parse(await file.text()); } catch (err) { status.textContent = `${file.name}: not JSON: ${err.message}`; return; }
    if (!Array.isArray(read?.items)) { status.textContent = `${file.name}: not a gold file: it has no "items" list.`; return; }
    state.gold = {
      items: read.items,
      span_overlap: read.span_overlap ?? 0.5,
      point_band: read.point_band ?? 0,
      ratio_band: read.ratio_band ?? 2,
      ...(read.tolerance ? { tolerance: read.tolerance } : {}),
    };
    $('tol-controls').dataset.key = '';
    let spec = null;
    try { spec = JSON.parse(state.specText); } catch { /* the spec pane says why */ }
    showTolerances(spec);
    changedGold(`Opened ${file.name}: ${read.items.length} gold ${read.items.length === 1 ? 'item' : 'items'}.`);
    e.target.value = '';
  });

  $('download-gold').addEventListener('click', () => {
    download('gold.json', `${JSON.stringify(goldFile(), null, 2)}\n`, 'application/json');
  });

  return { goldFile, showGold, checkGold, showTolerances };
}
