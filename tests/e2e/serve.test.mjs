// End to end: `glossa serve STUDY --collect results.jsonl`, the in-lab pilot — three
// participants at once, each reloading mid-study; every result reaches the file exactly once.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
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
