// The studio's items: a file read by `glossa items`' code in the researcher's wasm, which
// column is which field, the rows that do not fit, and paging through the items.
import { $, researcherWasm } from './common.js';
import { state, save } from './store.js';

/** Wires the items pane. `cx` gives `currentItem()` and `schedule()` (a new preview); returns
 * `showItems(problems)`, `rowProblems()` and `forget()` (a new study: no table, no columns). */
export function setupItems(cx) {
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
    const gold = n ? state.gold.items.find((g) => g.item_id === cx.currentItem().id) : null;
    $('item-position').textContent = n ? `Item ${state.index + 1} of ${n} (${cx.currentItem().id})${gold ? `, ${gold.kind} answer saved` : ''}` : 'No items yet: the preview shows an empty one.';
    $('prev-item').disabled = state.index <= 0;
    $('next-item').disabled = state.index >= n - 1;
  }

  /** The table last opened (kept in memory while the page is open): a new column mapping reads
   * it again. */
  let table = null;

  /** One select per field the spec needs (and the id): which column fills it; for a list of
   * outputs, the columns (several), each header the output's id. */
  function showColumns(header, fields, map, outputs = []) {
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
      const several = outputs.includes(field);
      if (several) {
        // Its outputs: a column each (Ctrl/Cmd or Shift picks several; each header is an id).
        select.multiple = true;
        select.size = Math.min(Math.max(header.length, 2), 6);
        label.textContent = `${field} (outputs: one column each)`;
        const chosen = (map[field] ?? '').split(',').filter(Boolean);
        for (const h of header) select.append(new Option(h, h, false, chosen.includes(h)));
      } else {
        select.append(new Option('(the column of that name)', ''));
        for (const h of header) select.append(new Option(h, h));
        select.value = map[field] ?? '';
      }
      select.addEventListener('change', () => {
        const next = {};
        for (const s of list.querySelectorAll('select')) {
          const value = s.multiple ? [...s.selectedOptions].map((o) => o.value).join(',') : s.value;
          if (value) next[s.dataset.field] = value;
        }
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
      showColumns(out.header, out.fields, map, out.outputs ?? []);
      state.items = out.items.map((x) => x.item);
      state.itemsName = name;
      state.mediaBase = null;
      state.index = 0;
      const bad = out.problems.length;
      status.textContent = `${name}: ${state.items.length} item${state.items.length === 1 ? '' : 's'}${bad ? `, ${bad} problem${bad === 1 ? '' : 's'} (those rows left out)` : ''}.${out.notes.length ? ` ${out.notes.join('; ')}.` : ''}`;
      showItems(out.problems);
      save(true);
      cx.schedule();
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
      cx.schedule();
    });
  }

  return {
    showItems,
    rowProblems: () => rowProblems,
    forget() {
      table = null;
      $('item-columns').hidden = true;
    },
  };
}
