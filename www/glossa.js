// Glossa's public JS API. Host pages import this one module:
//
//   import { mount } from './glossa.js';
//   const handle = await mount(element, { spec, item, options });
//   handle.validate(); handle.submit(); handle.destroy();
//
// The API, its events and its options: glossa.d.ts. Each mount loads, from beside this file,
// the smallest build (pkg/…) with every kind of its spec, once per page.

/**
 * The participant builds, smallest first: the control and block kinds each has (null: every
 * kind of its families) and what a spec can need beyond its kinds (model suggestions, label
 * groups, media, relations). A spec that cannot be read, or names a kind no build has, gets `full` (or
 * `media`, the last, with media), whose messages say what is wrong with it.
 */
const RATING = ['single_choice', 'text', 'scale', 'slider', 'pairwise', 'ranking'];
export const BUILDS = Object.freeze([
  { name: 'choice', controls: ['single_choice', 'text'], blocks: ['text', 'source'] },
  {
    name: 'number',
    controls: ['single_choice', 'text', 'number'],
    blocks: ['text', 'source', 'meaning_representation', 'standard'],
  },
  { name: 'grid', controls: ['single_choice', 'text', 'grid'], blocks: ['text', 'source', 'sentences'] },
  {
    name: 'labels',
    controls: ['single_choice', 'multiple_choice', 'text', 'span_labels'],
    blocks: ['text', 'source'],
  },
  { name: 'rating', controls: RATING, blocks: ['text', 'source'] },
  { name: 'listen', controls: RATING, blocks: ['text', 'source', 'media'], needs: ['media'] },
  { name: 'full', controls: null, blocks: null, needs: ['compose', 'suggest'], simulates: true },
  {
    name: 'relations',
    controls: ['single_choice', 'multiple_choice', 'text', 'span_labels', 'relations'],
    blocks: ['text', 'source', 'section'],
    needs: ['compose', 'suggest', 'relations'],
  },
  { name: 'media', controls: null, blocks: null, needs: null, simulates: true },
]);

const kinds = (list) => (Array.isArray(list) ? list.map((x) => x?.kind) : []);

/** The spec as an object, or null when it is not a readable object. */
function readSpec(spec) {
  let s = spec;
  if (typeof s === 'string') {
    try { s = JSON.parse(s); } catch { return null; }
  }
  return s !== null && typeof s === 'object' && !Array.isArray(s) ? s : null;
}

/** The build a spec read by `readSpec` needs (`simulated`: one with the simulated annotators). */
function buildOf(s, simulated = false) {
  if (s === null) return 'full';
  const [controls, blocks] = [kinds(s.controls), kinds(s.blocks)];
  // Beyond the kinds: suggestions, label groups (a key "group"), media (a media block,
  // outputs with a key "media", or a headphone check) and relations (that kind).
  const listed = JSON.stringify([s.controls, s.blocks]);
  const needs = [s.suggestions != null && 'suggest', listed.includes('"group":') && 'compose',
    (blocks.includes('media') || listed.includes('"media":') || s.headphone_check != null)
      && 'media', controls.includes('relations') && 'relations'].filter(Boolean);
  const has = (list, ks) => list === null || ks.every((k) => list.includes(k));
  return BUILDS.find((b) => (!simulated || b.simulates) && has(b.controls, controls)
    && has(b.blocks, blocks) && has(b.needs === undefined ? [] : b.needs, needs)).name;
}

/**
 * The name of the build a spec needs (`full` for a spec that is not a readable object); with
 * `{simulated: true}`, the lightest that also has the simulated annotators (`handle.simulate`).
 */
export function buildFor(spec, { simulated = false } = {}) {
  return buildOf(readSpec(spec), simulated);
}

/**
 * The languages Glossa ships strings for (`strings/<tag>.json`); a spec's `language` is any
 * BCP 47 tag, read through the first of these its tag falls back to (`de-AT` → `de`), then
 * English.
 */
export const LANGUAGES = ['ar', 'cs', 'de', 'en', 'es', 'fa', 'fr', 'he', 'hi', 'hr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'ru', 'sk', 'sl', 'tr', 'uk', 'zh'];
const TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;
/** Primary subtags of languages written right to left. */
const RTL = ['ar', 'arc', 'dv', 'fa', 'he', 'ku', 'ps', 'sd', 'ug', 'ur'];

/** The tag of a spec read by `readSpec` (English when it names none that is a tag). */
function languageOf(s) {
  const tag = s?.language;
  return typeof tag === 'string' && tag.length <= 35 && TAG.test(tag) ? tag : 'en';
}

/** The shipped strings file a tag reads: the tag, then shorter ones; `en` when none. */
export function shippedLanguage(tag) {
  let t = String(tag ?? '').toLowerCase();
  while (t) {
    const hit = LANGUAGES.find((l) => l.toLowerCase() === t);
    if (hit) return hit;
    const cut = t.lastIndexOf('-');
    t = cut > 0 ? t.slice(0, cut) : '';
  }
  return 'en';
}

/** A strings file (`strings/<tag>.json`) as an object, fetched once per page. */
const files = new Map();
function fetchStrings(file) {
  if (!files.has(file)) {
    const url = new URL(`./strings/${file}.json`, import.meta.url);
    const json = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`strings/${file}.json: HTTP ${r.status}`);
      return r.json();
    });
    json.catch(() => files.delete(file));
    files.set(file, json);
  }
  return files.get(file);
}

/**
 * The UI strings of a spec (object or JSON): its own `ui_strings` over its language's file
 * over English (with `families`, their files too: `strings/media/`, `strings/relations/`).
 * `text(key, params)` fills `{name}`s (numbers in the language's digits) and
 * resolves `{n:one=…|few=…|other=…}` by the language's plural rules (`Intl.PluralRules`);
 * `dir` is `rtl` for a language written right to left.
 */
export async function strings(spec, { withEnglish = false, families = [] } = {}) {
  const s = readSpec(spec);
  const tag = languageOf(s);
  const file = shippedLanguage(tag);
  const fetchAll = (f) => Promise.all([f, ...families.map((x) => `${x}/${f}`)].map(fetchStrings)).then((l) => Object.assign({}, ...l));
  // (A shipped file has every string: English only when asked, see loadWithStrings, or failing.)
  let [own, en] = await Promise.all([
    file === 'en' ? null : fetchAll(file).catch(() => null),
    file === 'en' || withEnglish ? fetchAll('en') : null,
  ]);
  if (!own && !en) en = await fetchAll('en');
  own ??= {};
  en ??= own;
  const mine = s?.ui_strings && typeof s.ui_strings === 'object' ? s.ui_strings : {};
  const get = (key) => mine[key] ?? own[key] ?? en[key];
  const digits = [...(get('_digits') ?? '0123456789')];
  const local = (v) => (/^[0-9]+$/.test(String(v)) ? String(v).replace(/[0-9]/g, (d) => digits[d]) : String(v));
  let rules = null;
  try { rules = new Intl.PluralRules(tag); } catch { /* an unknown tag: one and other */ }
  const category = (n) => (rules ? rules.select(n) : n === 1 ? 'one' : 'other');
  const text = (key, params = {}) => String(get(key) ?? key).replace(/\{(\w+)(?::([^}]*))?\}/g, (whole, name, forms) => {
    if (!(name in params)) return whole;
    if (forms === undefined) return local(params[name]);
    const list = forms.split('|').map((f) => (f.includes('=') ? f.split(/=(.*)/s).slice(0, 2) : ['', f]));
    const want = category(Number(params[name]));
    return (list.find(([c]) => c === want) ?? list.find(([c]) => c === 'other') ?? list[list.length - 1])[1];
  });
  const dir = RTL.includes(tag.split('-')[0].toLowerCase()) ? 'rtl' : 'ltr';
  // What a build takes (made when it does): the widget's strings in en.json's order, the digits,
  // the direction, the plural categories of 0–199 as letters (o one, t two, f few, m many, z
  // zero, x other).
  const widget = () => {
    const letters = Array.from({ length: 200 }, (_, n) => ({ zero: 'z', one: 'o', two: 't', few: 'f', many: 'm' })[category(n)] ?? 'x').join('');
    return [...Object.keys(en).filter((k) => !k.startsWith('_') && !k.includes('.')).map(get), get('_digits') ?? '0123456789', dir, letters]
      .map((x) => `${String(x).replaceAll('\u0001', '')}\u0001`).join('');
  };
  return { tag, file, dir, get, text, widget, key: `${tag}\u0000${JSON.stringify(mine)}` };
}

const loading = new Map();
const stylesheets = new Map();

/**
 * Adds a build's stylesheet once (the lighter builds have the rules of their kinds only,
 * `pkg/<build>/glossa.css`; `full` has `glossa.css` whole). A page that links `glossa.css`
 * itself has every rule already.
 */
function addStylesheet(name) {
  const whole = new URL('./glossa.css', import.meta.url).href;
  const href = name === BUILDS.at(-1).name ? whole : new URL(`./pkg/${name}/glossa.css`, import.meta.url).href;
  const links = [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.href);
  // A page `glossa host` wrote has the build's rules in it (`<style data-glossa-css=…>`).
  for (const c of document.querySelectorAll('style[data-glossa-css]')) links.push(new URL(c.dataset.glossaCss, document.baseURI).href);
  if (links.some((l) => l === whole || l === href)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}

const stringsSet = new Set();
/** The builds loaded. */
const ready = new Set();
// A mount's first screen is painted until its build is here (first-paint.js; not where one is).
const painter = globalThis.document?.querySelector('[data-glossa-item]') === null
  ? Promise.all([import('./first-paint.js'), import('./first-screen.js')]) : null;
painter?.catch(() => {});
let painting;

/** Loads a build and its stylesheet, once per page; resolves to the build's module. */
function loadBuild(name) {
  if (!stylesheets.has(name)) stylesheets.set(name, addStylesheet(name));
  if (!loading.has(name)) {
    const url = (file) => new URL(`./pkg/${name}/${file}`, import.meta.url);
    // The wasm fetched beside its glue; compiled once a first screen being painted is painted.
    const wasm = fetch(url('glossa_bg.wasm'));
    wasm.catch(() => {});
    const build = import(url('glossa.js').href).then(async (m) => {
      await painting;
      await m.default({ module_or_path: wasm });
      ready.add(name);
      return m;
    });
    // A failed load is tried again by the next mount (a network blip must not stick).
    build.catch(() => loading.delete(name));
    loading.set(name, build);
  }
  return Promise.all([loading.get(name), stylesheets.get(name)]).then(([m]) => m);
}

/**
 * Loads what a spec needs — its build, the stylesheet and the UI strings of its language — once
 * per page, all at the same time; resolves to the build's module. `load('choice')` (a build's
 * name; `full` without an argument) loads a build alone, without strings.
 */
export function load(specOrBuild) {
  if (specOrBuild === undefined || BUILDS.some((b) => b.name === specOrBuild)) {
    return loadBuild(specOrBuild ?? 'full');
  }
  const s = readSpec(specOrBuild);
  return loadWithStrings(buildOf(s), s);
}

/** A build, with a spec's UI strings handed over once. */
function loadWithStrings(name, spec) {
  const { needs } = BUILDS.find((b) => b.name === name);
  // The strings families the build has beyond the base's.
  const families = ['media', 'relations'].filter((f) => needs === null || needs?.includes(f));
  return Promise.all([loadBuild(name), strings(spec, { families })]).then(async ([m, st]) => {
    if (!stringsSet.has(`${name}:${st.key}`)) {
      // A language file short of a string (edited by hand) reads English for it.
      const ok = m.setUiStrings(st.tag, st.widget())
        || m.setUiStrings(st.tag, (await strings(spec, { withEnglish: true, families })).widget());
      if (!ok) throw new Error(`strings/${st.file}.json does not match this version of Glossa`);
      stringsSet.add(`${name}:${st.key}`);
    }
    return m;
  });
}

/** A simulated annotator's result, without a screen (the `full` build; see glossa.d.ts). */
export async function simulate({ spec, item, options } = {}, seed = 0) {
  const s = readSpec(spec);
  const m = await loadWithStrings(buildOf(s, true), s);
  return JSON.parse(m.simulateResult(asJson(spec, 'spec'), asJson(item, 'item'), asJson(options ?? {}, 'options'), seed));
}

function asJson(value, name) {
  if (typeof value === 'string') return value;
  if (value === undefined) return 'null';
  try {
    return JSON.stringify(value);
  } catch (e) {
    return JSON.stringify({ [`<${name} is not JSON>`]: String(e) });
  }
}

/** Resolves once the widget (or its error panel) is in `element` (yew renders in tasks of its
 *  own), within two seconds: a host never waits on a promise that does not settle. */
function rendered(element) {
  if (element.firstChild) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { watch.disconnect(); clearTimeout(limit); resolve(); };
    const watch = new MutationObserver(() => { if (element.firstChild) done(); });
    const limit = setTimeout(done, 2000);
    watch.observe(element, { childList: true });
  });
}

/** `glossa:error`'s one shape (GlossaError in glossa.d.ts) for what fails before the wasm runs. */
export function loadError(message, path = '') {
  return { valid: false, kind: 'load', stage: 'load', message, problems: [{ path, code: 'load_failed', severity: 'error', message }] };
}

/** What `validate()` and `submit()` of a destroyed handle return. */
const DESTROYED = Object.freeze({ valid: false, kind: 'destroyed', problems: [] });

/**
 * Mounts one annotation item into `element` (its content is replaced); resolves, once the widget
 * or the panel saying what is wrong is in `element`, to the handle glossa.d.ts describes.
 * @param {Element} element
 * @param {{spec: object|string, item: object|string, options?: object, build?: string}} config
 */
export async function mount(element, { spec, item, options, build } = {}) {
  if (!(element instanceof Element)) throw new TypeError('glossa.mount: the first argument must be a DOM element');
  const s = readSpec(spec);
  const name = BUILDS.find((b) => b.name === build)?.name ?? buildOf(s);
  let painted = false;
  if (painter && !ready.has(name) && !element.hasAttribute('data-glossa-item')) {
    if (!stylesheets.has(name)) stylesheets.set(name, addStylesheet(name));
    painting = Promise.all([painter, strings(s), stylesheets.get(name)])
      .then(([[p], say]) => { painted = !ready.has(name) && p.paint(element, spec, item, options, say, LANGUAGES); }, () => {});
  }
  const loaded = loadWithStrings(name, s);
  await painting;
  const { mountWidget, clearDraft } = await loaded.catch((e) => {
    if (painted) element.replaceChildren();
    throw e;
  });
  // A screen pre-rendered by `glossa host` is taken over (first-screen.js, loaded by such pages).
  const early = globalThis.glossaTakeOver?.(element, item, options);
  let handle = mountWidget(element, asJson(spec, 'spec'), asJson(item, 'item'), asJson(options ?? {}, 'options'));
  await rendered(element);
  early?.(element);
  let draftKey = null;
  const api = {
    validate: () => (handle ? handle.validate() : DESTROYED),
    submit: () => (handle ? handle.submit() : DESTROYED),
    preview: () => (handle ? handle.preview() : null),
    confirm: () => {
      if (handle) handle.confirm();
      else if (draftKey) clearDraft(draftKey);
    },
    draft: () => (handle ? handle.draft() : null),
    simulate: (seed) => Boolean(handle?.simulate?.(seed)),
    destroy: () => {
      if (!handle) return;
      const h = handle;
      handle = null;
      draftKey = h.draftKey() ?? null;
      h.destroy();
      h.free();
      element.replaceChildren();
    },
    get destroyed() { return handle === null; },
  };
  return api;
}

/**
 * `<glossa-task>`: the same widget as a custom element, for pages that prefer markup.
 *
 *   <glossa-task spec-src="study/spec.json" item-src="study/items.json" item-id="it-002"
 *                participant="P-17"></glossa-task>
 *
 * `spec-src` and `item-src` are URLs (an items file may hold a list: `item-id` picks one, the
 * first by default); or the element holds a `<script type="application/json">` with
 * `{spec, item, options}`. It raises the same events as `mount()`; `element.handle` is the
 * handle once `glossa:ready` fired.
 */
// Defined only where there is a DOM (importing this module in Node or a server render is fine).
const GlossaTask = typeof HTMLElement === 'undefined' ? null : class GlossaTask extends HTMLElement {
  async connectedCallback() {
    if (this.handle || this.loading) return;
    this.loading = true;
    let config;
    try {
      config = await this.config();
    } catch (e) {
      this.loading = false;
      await this.fail(e);
      return;
    }
    this.handle = await mount(this, config);
    this.loading = false;
  }

  /** The mount's config: the inline JSON, or the spec and items fetched from their URLs. */
  async config() {
    const inline = this.querySelector('script[type="application/json"]');
    if (inline) return JSON.parse(inline.textContent);
    const fetchJson = async (attr) => {
      const src = this.getAttribute(attr);
      if (!src) throw new Error(`${attr} is missing`);
      const r = await fetch(new URL(src, document.baseURI));
      if (!r.ok) throw new Error(`${attr} ${src}: HTTP ${r.status}`);
      try { return await r.json(); } catch (e) { throw new Error(`${attr} ${src}: not JSON (${e.message})`); }
    };
    const [spec, items] = await Promise.all([fetchJson('spec-src'), fetchJson('item-src')]);
    const list = Array.isArray(items) ? items : [items];
    const wanted = this.getAttribute('item-id');
    const item = (wanted && list.find((i) => i.id === wanted)) || list[0];
    if (!item) throw new Error(`item-src: no item${wanted ? ` "${wanted}"` : ''}`);
    const participant = this.getAttribute('participant');
    return { spec, item, options: participant ? { ids: { participant } } : {} };
  }

  /** The spec or items could not be loaded: an error panel (never a blank element) and `glossa:error`. */
  async fail(error) {
    const message = error?.message ?? String(error);
    const lang = this.closest('[lang]')?.getAttribute('lang') ?? 'en';
    const say = await strings({ language: lang }).catch(() => null);
    const panel = document.createElement('div');
    panel.className = 'glossa-error-panel';
    panel.setAttribute('role', 'alert');
    if (say) panel.dir = say.dir;
    const p = document.createElement('p');
    p.textContent = say ? say.text('host.load_failed', { message }) : message;
    panel.append(p);
    this.replaceChildren(panel);
    this.dispatchEvent(new CustomEvent('glossa:error', { bubbles: true, composed: true, detail: loadError(message) }));
  }

  disconnectedCallback() {
    this.handle?.destroy();
    this.handle = null;
  }
};
if (GlossaTask && typeof customElements !== 'undefined' && !customElements.get('glossa-task')) {
  customElements.define('glossa-task', GlossaTask);
}
