// Shared set-up for the end-to-end tests: serve the repo, launch system Chromium, open pages.
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
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
