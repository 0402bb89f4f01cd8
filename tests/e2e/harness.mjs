// Shared set-up for the end-to-end tests: serve the repo, launch system Chromium, open pages.
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { startServer } from '../../scripts/static-server.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CHROMIUM_ARGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
];

/** Starts the static server and the browser; returns {url, browser, close}. */
export async function launch() {
  const { server, url } = await startServer(ROOT, 0);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return {
    url,
    browser,
    async close() {
      await browser.close();
      await new Promise((ok) => server.close(ok));
    },
  };
}

/**
 * Opens a page that records what a script could do if item text were executed as markup:
 * `window.__pwned` is set by any payload, and dialogs are recorded.
 */
export async function openPage(env, path, contextOptions = {}) {
  const context = await env.browser.newContext(contextOptions);
  const page = await context.newPage();
  const errors = [];
  const dialogs = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('dialog', async (d) => { dialogs.push(d.message()); await d.dismiss(); });
  await page.goto(new URL(path, env.url).href);
  return { page, context, errors, dialogs };
}

let axeSource;
/**
 * What axe-core finds against WCAG 2 A/AA under `root` (a selector; `null`: the whole document)
 * of a page or a frame: one line per violation, with a few of its nodes.
 */
export async function axeViolations(target, root = '.glossa') {
  axeSource ??= await readFile(new URL('./node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');
  await target.evaluate(axeSource);
  return target.evaluate(async (selector) => {
    const r = await window.axe.run(selector ? document.querySelector(selector) : document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
    return r.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  }, root);
}

/** The Italian task page object: the demo page showing the Italian example. */
export class ItalianTask {
  constructor(page) { this.page = page; }
  widget() { return this.page.locator('.glossa'); }
  option(name) { return this.page.getByRole('radio', { name, exact: true }); }
  definitionToggle(name) { return this.page.getByRole('button', { name: `Definizione di «${name}»` }); }
  submitButton() { return this.page.getByRole('button', { name: 'Invia', exact: true }); }
  group() { return this.page.getByRole('group', { name: 'Il modello ha colto il contenuto implicito annotato?' }); }
  async ready() { await this.option('Totalmente corretto').waitFor(); return this; }
  received() { return this.page.evaluate(() => window.glossaReceived); }
}

/** The English magnitude-estimation task page object. */
export class MagnitudeTask {
  constructor(page) { this.page = page; }
  box(n) { return this.page.getByRole('textbox', { name: `Informativeness? — Utterance ${n}`, exact: true }); }
  boxes() { return this.page.locator('.glossa-number-input'); }
  outputs() { return this.page.locator('.glossa-output'); }
  submitButton() { return this.page.getByRole('button', { name: 'Submit', exact: true }); }
  async ready() { await this.box(1).waitFor(); return this; }
  received() { return this.page.evaluate(() => window.glossaReceived); }
}

/** Waits until the demo page's host has received `n` results and returns them all. */
export async function waitForResults(page, n) {
  await page.waitForFunction((k) => window.glossaReceived.length >= k, n);
  return page.evaluate(() => window.glossaReceived);
}

/** The Czech error-grid task page object. Rows are cards; each column a radio group. */
export class GridTask {
  constructor(page) { this.page = page; }
  row(n) { return this.page.locator('article.glossa-grid-row').nth(n - 1); }
  /** The radio for `label` in column `column` of row `n` (accessible names are the labels). */
  option(n, column, label) {
    return this.row(n).getByRole('group', { name: new RegExp(`^${column} — Sentence${n}`) }).getByRole('radio', { name: label, exact: true });
  }
  submitButton() { return this.page.getByRole('button', { name: 'Odeslat', exact: true }); }
  async ready() { await this.row(1).waitFor(); return this; }
  received() { return this.page.evaluate(() => window.glossaReceived); }
}

/**
 * The centre of the `nth` occurrence of `word` in a span text (viewport coordinates), after
 * scrolling it into view.
 */
export async function wordCentre(text, word, nth = 0) {
  const find = (el, [w, n]) => {
    let seen = -1;
    for (const p of el.children) {
      const t = p.firstChild;
      let at = -1;
      while (t && (at = t.data.indexOf(w, at + 1)) >= 0) {
        if (++seen === n) { const r = document.createRange(); r.setStart(t, at); r.setEnd(t, at + w.length); return r; }
      }
    }
    throw new Error(`no ${w}`);
  };
  await text.evaluate((el, args) => {
    const r = (0, eval)(`(${args[0]})`)(el, args[1]);
    const b = r.getBoundingClientRect();
    // Scroll the text's own box first (it may scroll inside).
    el.scrollTop += b.top - el.getBoundingClientRect().top - el.clientHeight / 2;
    // Then the page, so that the word sits in the upper part of the viewport: the assign bar
    // that the first tap opens is sticky at the bottom and would cover a word near it.
    const after = r.getBoundingClientRect();
    if (after.top < 0 || after.bottom > innerHeight * 0.6) window.scrollBy(0, after.top - innerHeight / 3);
    // Let a frame pass: paragraphs that were off screen (`content-visibility: auto`) are hit
    // tested only once the browser has rendered them — a finger is never that fast anyway.
    return new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
  }, [find.toString(), [word, nth]]);
  return text.evaluate((el, args) => {
    const r = (0, eval)(`(${args[0]})`)(el, args[1]);
    const b = r.getClientRects()[0];
    return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
  }, [find.toString(), [word, nth]]);
}

/** The Polish question-authoring task page object. */
export class QaTask {
  constructor(page) { this.page = page; }
  text() { return this.page.locator('.glossa-span-text'); }
  card(n) { return this.page.locator('li.glossa-question').nth(n - 1); }
  question(n) { return this.card(n).getByRole('textbox', { name: 'Treść pytania' }); }
  baseForm(n) { return this.card(n).getByRole('textbox', { name: 'Forma bazowa odpowiedzi' }); }
  overlap(n) { return this.card(n).locator('.glossa-overlap'); }
  addQuestion() { return this.page.getByRole('button', { name: '+ Dodaj pytanie' }); }
  addToQuestion(n) { return this.page.getByRole('button', { name: `Dodaj do pytania ${n}`, exact: true }); }
  submitButton() { return this.page.getByRole('button', { name: 'Wyślij', exact: true }); }
  async ready() { await this.text().waitFor(); return this; }
  /** Selects `first`…`last` in the paragraph by tapping (or clicking) both words. */
  async pick(first, last, { touch = false } = {}) {
    for (const w of [first, last]) {
      const at = await wordCentre(this.text(), w);
      if (touch) await this.page.touchscreen.tap(at.x, at.y); else await this.page.mouse.click(at.x, at.y);
      // The tap's state is on screen (the bar it opens names the words) before the next word is
      // measured: the bar may move the text, and on a busy machine it can come after a frame.
      await this.page.locator('.glossa-assign-selected', { hasText: w }).waitFor();
    }
  }
}

/**
 * The centres of several words at once, as they stand together on screen: measuring one may
 * scroll the page (to bring it into the upper part of the viewport) past another measured
 * before it, so every word is measured again until a whole pass moves none of them. Each word
 * is a string or `[word, nth]`.
 */
export async function wordCentres(text, words) {
  let last = null;
  for (let pass = 0; pass < 10; pass++) {
    const now = [];
    for (const w of words) now.push(await wordCentre(text, ...(Array.isArray(w) ? w : [w])));
    if (last && now.every((p, k) => p.x === last[k].x && p.y === last[k].y)) return now;
    last = now;
  }
  return last;
}

/** The Czech propaganda span task page object. */
export class SpanTask {
  constructor(page) { this.page = page; }
  text() { return this.page.locator('.glossa-span-text'); }
  value(attr) { return this.page.getByRole('combobox', { name: attr, exact: true }); }
  assign(label) { return this.page.locator('.glossa-assign-bar').getByRole('button', { name: label, exact: true }); }
  attribute(label) { return this.page.locator('.glossa-attribute').filter({ has: this.page.getByText(label, { exact: true }) }); }
  submitButton() { return this.page.getByRole('button', { name: 'Odeslat', exact: true }); }
  async ready() { await this.text().waitFor(); return this; }
  /** The centre of the `nth` occurrence of `word` in the span text (viewport coordinates). */
  wordCentre(word, nth = 0) { return wordCentre(this.text(), word, nth); }
  /** The centres of several words as they stand together on screen (see `wordCentres`). */
  wordCentres(...words) { return wordCentres(this.text(), words); }
  /** Fills every attribute except `skip` with a value that needs no span, and the document attributes. */
  async fillRest(skip = []) {
    const plain = { 'Místo': 'nelze určit', 'Obsažené emoce': 'žádná' };
    for (const attr of ['Místo', 'Vina', 'Nálepkování', 'Argumentace', 'Obsažené emoce', 'Démonizace', 'Relativizace', 'Strach', 'Fabulace', 'Názor', 'Zdroj', 'Odborník']) {
      if (!skip.includes(attr)) await this.value(attr).selectOption({ label: plain[attr] ?? 'ne' });
    }
    for (const [doc, label] of [['Téma', 'domácí politika'], ['Žánr', 'komentář'], ['Zaměření', 'domácí'], ['Celkové vyznění', 'negativní'], ['Obrázek', 'ne'], ['Video', 'ne']]) {
      await this.value(doc).selectOption({ label });
    }
  }
}

/** Slices a string by Unicode code points, as Python's str does. */
export function sliceCodePoints(text, start, end) {
  return Array.from(text).slice(start, end).join('');
}

/**
 * A phone with the widget's wasm held back until `open()` (routing also keeps it out of the
 * HTTP cache); records page errors (and console errors with `console: true`).
 */
export async function heldPhone(browser, { console: withConsole = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  let open;
  const gate = new Promise((ok) => { open = ok; });
  let asked = 0;
  await context.route('**/glossa_bg.wasm', async (route) => { asked += 1; await gate; await route.continue(); });
  const page = await context.newPage();
  const errors = [];
  if (withConsole) page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, open, errors, asked: () => asked };
}
