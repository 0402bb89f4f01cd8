// End to end: `glossa serve STUDY --collect results.jsonl`, the in-lab pilot — three
// participants at once, each reloading mid-study; a server killed and started again under
// three open pages; a phone that reloads the study with no network: every result reaches the
// file exactly once, and no completion link shows before it has.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, mkdtemp, mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, ItalianTask } from './harness.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'target/debug/glossa'); // built by the native test step

let env;
let server;
let base;
let results;
before(async () => {
  env = await launch();
  const dir = await mkdtemp(join(tmpdir(), 'glossa-serve-'));
  await mkdir(join(dir, 'study'));
  await copyFile(join(ROOT, 'www/examples/it-implicit/spec.json'), join(dir, 'study/spec.json'));
  await copyFile(join(ROOT, 'tests/fixtures/it-two-items.json'), join(dir, 'study/items.json'));
  results = join(dir, 'results.jsonl');
  server = spawn(CLI, ['serve', join(dir, 'study'), '--collect', results, '--port', '0'], { cwd: ROOT });
  base = await new Promise((ok, fail) => {
    server.stdout.on('data', (d) => {
      const m = /http:\/\/[^/\s]+\//.exec(String(d));
      if (m) ok(m[0]);
    });
    server.on('exit', (code) => fail(new Error(`glossa serve exited with ${code}`)));
  });
});
after(async () => {
  server?.kill();
  await env?.close();
});

async function answer(page, name) {
  const it = await new ItalianTask(page).ready();
  await it.option(name).check();
  await it.submitButton().click();
}

test('three participants in parallel, each reloading mid-study: every result written once', async () => {
  const one = async (who) => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    // `/` opens the pilot on the study, posting to the server, with the link's participant.
    await page.goto(`${base}?participant=${who}`);
    const opened = new URL(page.url());
    assert.equal(opened.pathname, '/index.html');
    assert.equal(opened.searchParams.get('post'), '/collect');
    assert.equal(opened.searchParams.get('participant'), who);
    await answer(page, 'Totalmente sbagliato');
    await page.reload(); // mid-study: the next item comes back, the queue survives
    await page.getByText('Elemento 2 di 2').waitFor();
    await answer(page, 'Totalmente corretto');
    await page.getByText('Completati tutti gli elementi (2).', { exact: false }).waitFor();
    // Every result delivered: nothing left to send.
    await page.waitForFunction(() => !document.querySelector('#progress')?.textContent.includes('Invio'));
    // No completion link: the page says the study is over, in the study's language.
    await page.getByText('Lo studio è concluso: puoi chiudere questa pagina.', { exact: false }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Termina e torna allo studio' }).isVisible(), false);
    // A second reload resends nothing new.
    await page.reload();
    await page.getByText('Completati tutti gli elementi (2).', { exact: false }).waitFor();
    await context.close();
  };
  await Promise.all(['p1', 'p2', 'p3'].map(one));
  const lines = (await readFile(results, 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
  const keys = lines.map((r) => `${r.ids.participant}/${r.item_id}`).sort();
  assert.deepEqual(keys, ['p1/it-001', 'p1/it-002', 'p2/it-001', 'p2/it-002', 'p3/it-001', 'p3/it-002']);
  assert.ok(lines.every((r) => r.format === 'glossa.result/1'));
  const cli = spawn(CLI, ['validate', join(ROOT, 'www/examples/it-implicit/spec.json'), join(ROOT, 'tests/fixtures/it-two-items.json'), results], { cwd: ROOT });
  const code = await new Promise((ok) => cli.on('exit', ok));
  assert.equal(code, 0, 'every collected result passes glossa validate');
});

test('the served pilot page carries the study\'s first screen, there before the wasm', async () => {
  const page = await (await fetch(`${base}index.html`)).text();
  assert.match(page, /<div id="widget" data-glossa-item="it-001"[^>]*><div lang="it"/);
  assert.ok(page.includes('Risposta non fornita') && page.includes('window.glossaTakeOver'));
});

/** `glossa serve` of a two-item Italian study collecting into `results` (on `port`, 0: any);
 *  resolves to {server, base, port} once it listens. */
async function serveStudy(dir, results, port = 0) {
  const server = spawn(CLI, ['serve', join(dir, 'study'), '--collect', results, '--port', String(port)], { cwd: ROOT });
  const at = await new Promise((ok, fail) => {
    server.stdout.on('data', (d) => {
      const m = /http:\/\/[^/\s]+\//.exec(String(d));
      if (m) ok(m[0]);
    });
    server.on('exit', (code) => fail(new Error(`glossa serve exited with ${code}`)));
  });
  return { server, base: at, port: Number(new URL(at).port) };
}

/** A study folder of its own (the two-item Italian study). */
async function studyDir() {
  const dir = await mkdtemp(join(tmpdir(), 'glossa-serve-'));
  await mkdir(join(dir, 'study'));
  await copyFile(join(ROOT, 'www/examples/it-implicit/spec.json'), join(dir, 'study/spec.json'));
  await copyFile(join(ROOT, 'tests/fixtures/it-two-items.json'), join(dir, 'study/items.json'));
  return dir;
}

/** kill -9: the server ends at once, its connections cut. */
async function kill9(server) {
  server.kill('SIGKILL');
  if (server.exitCode === null && server.signalCode === null) await once(server, 'exit');
}

/** In the page: nothing waits in its outbox (every result delivered). */
const SENT = () => !Object.keys(localStorage).some((k) => k.startsWith('glossa:outbox:'));
const linesOf = async (file) => (await readFile(file, 'utf8')).trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
const COMPLETE = encodeURIComponent('https://app.prolific.example/submissions/complete?cc=C0DE');

test('kill -9 and a restart under three open pages: every result in the file exactly once, no completion link before delivery', async () => {
  const dir = await studyDir();
  const file = join(dir, 'results.jsonl');
  let { server, base, port } = await serveStudy(dir, file);
  const pages = [];
  for (const who of ['k1', 'k2', 'k3']) {
    const context = await env.browser.newContext();
    await context.route('https://app.prolific.example/**', (route) => route.fulfill({ contentType: 'text/html', body: 'Prolific' }));
    const page = await context.newPage();
    await page.goto(`${base}?participant=${who}&complete=${COMPLETE}`);
    await answer(page, 'Totalmente sbagliato');
    await page.getByRole('button', { name: 'Elemento successivo →' }).waitFor();
    pages.push({ who, context, page });
  }
  // Each first result is in the file before the crash (each page's outbox is empty).
  for (const { page } of pages) await page.waitForFunction(SENT);
  assert.equal((await linesOf(file)).length, 3);
  await kill9(server);
  // The participants go on while it is down: their last results wait, and no page says done.
  for (const { page } of pages) {
    await page.getByRole('button', { name: 'Elemento successivo →' }).click();
    await answer(page, 'Totalmente corretto');
    await page.getByText('Completati tutti gli elementi (2). Invio di 1 risultato…').waitFor();
    assert.equal(await page.locator('#complete').isVisible(), false, 'no completion link while a result is undelivered');
  }
  // The researcher starts it again: same results file, same port, same token.
  ({ server } = await serveStudy(dir, file, port));
  try {
    for (const { page } of pages) {
      await page.getByRole('link', { name: 'Termina e torna allo studio' }).waitFor({ timeout: 90000 });
    }
    const keys = (await linesOf(file)).map((r) => `${r.ids.participant}/${r.item_id}`).sort();
    assert.deepEqual(keys, ['k1/it-001', 'k1/it-002', 'k2/it-001', 'k2/it-002', 'k3/it-001', 'k3/it-002']);
  } finally {
    for (const { context } of pages) await context.close();
    server.kill();
  }
});

test('a phone that loses its network reloads the study offline, goes on, and sends when the network returns', async () => {
  const dir = await studyDir();
  const file = join(dir, 'results.jsonl');
  let { server, base, port } = await serveStudy(dir, file);
  const context = await env.browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
  await context.route('https://app.prolific.example/**', (route) => route.fulfill({ contentType: 'text/html', body: 'Prolific' }));
  const page = await context.newPage();
  try {
    await page.goto(`${base}?participant=train-1&complete=${COMPLETE}`);
    await new ItalianTask(page).ready();
    // The page keeps itself once it has loaded.
    await page.waitForSelector('html[data-glossa-offline="ready"]');
    const it = new ItalianTask(page);
    await it.option('Totalmente sbagliato').tap();
    await it.submitButton().tap();
    await page.getByRole('button', { name: 'Elemento successivo →' }).waitFor();
    await page.waitForFunction(SENT);
    // The train enters a tunnel: no network, and the server is gone too (nothing answers).
    await context.setOffline(true);
    await kill9(server);
    await page.reload();
    // The study comes back where it was, and says it is offline.
    await page.getByText('Elemento 2 di 2').waitFor();
    await page.getByText('Nessuna connessione: le tue risposte restano su questo dispositivo', { exact: false }).waitFor();
    await it.option('Totalmente corretto').tap();
    await it.submitButton().tap();
    await page.getByText('Completati tutti gli elementi (2). Invio di 1 risultato…').waitFor();
    assert.equal(await page.locator('#complete').isVisible(), false, 'no completion link while offline');
    // Out of the tunnel.
    ({ server } = await serveStudy(dir, file, port));
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Termina e torna allo studio' }).waitFor({ timeout: 90000 });
    assert.equal(await page.locator('#offline').isVisible(), false, 'the offline notice goes');
    const keys = (await linesOf(file)).map((r) => `${r.ids.participant}/${r.item_id}`).sort();
    assert.deepEqual(keys, ['train-1/it-001', 'train-1/it-002']);
  } finally {
    await context.close();
    server.kill();
  }
});
