// The studio's work as this browser keeps it: the spec's text, the item shown and the gold
// answers under one key, the items under another (written only when they change).

const STORE = 'glossa-studio/1';

/** The studio's state as it is kept: the spec's text, the items, the item shown. */
const ITEMS = `${STORE}/items`;
const read = (key) => { try { return JSON.parse(localStorage.getItem(key)) ?? null; } catch { return null; } };
const saved = read(STORE);
const savedItems = read(ITEMS);
export const state = {
  specText: saved?.specText ?? '',
  items: Array.isArray(savedItems) ? savedItems : [],
  itemsName: saved?.itemsName ?? '',
  index: Number.isInteger(saved?.index) ? saved.index : 0,
  gold: saved?.gold?.items ? saved.gold : { items: [], span_overlap: 0.5, point_band: 0, ratio_band: 2 },
  // The export pane's settings (the plan, the host's links), by input id.
  settings: saved?.settings && typeof saved.settings === 'object' ? saved.settings : {},
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
    document.getElementById('preview-status').textContent = 'This browser would not keep the work (storage full or off): download the spec to keep it.';
  }
}
/** Keeps the state soon (typing saves once it pauses), and at once when the page goes;
 * `items` when the items changed. */
export function save(items = false) {
  itemsChanged ||= items;
  clearTimeout(saveTimer);
  saveTimer = setTimeout(flush, 200);
}
addEventListener('pagehide', () => { if (saveTimer) flush(); });
document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden' && saveTimer) flush(); });

