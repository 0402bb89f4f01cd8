// The studio's small helpers: elements by id, downloads, error lines, the researcher's wasm.

/** The element with this id. */
export const $ = (id) => document.getElementById(id);

/** A new element: `props` are attributes (`class`, `text` for its text, `on…` listeners,
 * booleans and numbers set as properties), `kids` its children (null ones left out). */
export const el = (tag, props = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k in e && typeof v !== 'string') e[k] = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  e.append(...kids.filter((x) => x !== null && x !== undefined));
  return e;
};

/** Saves `data` (text or bytes) as a file called `name`. */
export function download(name, data, type) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Lines of an error from the wasm, listed in `list`. */
export function listLines(list, error) {
  list.replaceChildren();
  for (const line of String(error?.message ?? error).split('\n')) {
    const li = document.createElement('li');
    li.textContent = line;
    list.append(li);
  }
}

/** The spec's id made safe for a file name (`study` while it has none). */
export function studyName(specText) {
  let id = 'study';
  try { id = JSON.parse(specText).id || id; } catch { /* the checks say why */ }
  return id.replace(/[^A-Za-z0-9_-]/g, '_');
}

let reader = null;
/** The researcher's wasm (`www/report-pkg/`: the report's, with `glossa items`' reader, the
 * study export and `glossa host`'s plan), loaded on first use. */
export async function researcherWasm() {
  if (!reader) {
    reader = import('../report-pkg/report.js').then(async (m) => {
      await m.default({ module_or_path: new URL('../report-pkg/report_bg.wasm', import.meta.url) });
      return m;
    });
  }
  return reader;
}

let renderer = null;
/** The studio's renderer (`www/prerender-pkg/`: the widget's components rendered to HTML — the
 * items' first screens, Markdown previews), loaded on first use. */
export async function rendererWasm() {
  if (!renderer) {
    const root = new URL('../', import.meta.url);
    renderer = import(new URL('prerender-pkg/prerender.js', root).href).then(async (m) => {
      await m.default({ module_or_path: new URL('prerender-pkg/prerender_bg.wasm', root) });
      return m;
    });
  }
  return renderer;
}
