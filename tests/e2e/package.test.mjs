// The npm package of www/ (issue 21): packed, installed into a scratch project, imported in
// Node and mounted in a browser from node_modules.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile, readFile, access, copyFile, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './harness.mjs';
import { startServer } from '../../scripts/static-server.mjs';

const WWW = fileURLToPath(new URL('../../www', import.meta.url));
let dir;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'glossa-npm-'));
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: WWW, encoding: 'utf8' }));
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', join(dir, packed[0].filename)], { cwd: dir, stdio: 'pipe' });
});

test('the package ships the module, the wasm, the types, the hosts and the schemas, nothing else', async () => {
  const root = join(dir, 'node_modules', 'glossa-annotate');
  for (const f of ['glossa.js', 'glossa.d.ts', 'glossa.css', 'pkg/choice/glossa_bg.wasm', 'pkg/choice/glossa.js', 'pkg/number/glossa_bg.wasm', 'pkg/grid/glossa_bg.wasm', 'strings/it.json', 'strings/pl.json', 'pkg/full/glossa_bg.wasm', 'hosts/jspsych-glossa.js',
    'hosts/jspsych-glossa.d.ts', 'hosts/qualtrics.js', 'embed.html', 'schema/spec-1.json', 'schema/result-1.json']) {
    await access(join(root, f));
  }
  await assert.rejects(access(join(root, 'examples')), 'the demo examples stay out');
  const out = execFileSync('node', ['--input-type=module', '-e', `
    const m = await import('glossa-annotate');
    const j = await import('glossa-annotate/jspsych');
    const q = import.meta.resolve('glossa-annotate/qualtrics');
    const s = import.meta.resolve('glossa-annotate/schema/spec-1.json');
    console.log(JSON.stringify({ mount: typeof m.mount, load: typeof m.load, plugin: j.default.info.name, q: q.endsWith('/hosts/qualtrics.js'), s: s.endsWith('/schema/spec-1.json') }));
  `], { cwd: dir, encoding: 'utf8' });
  assert.deepEqual(JSON.parse(out.trim().split('\n').pop()), { mount: 'function', load: 'function', plugin: 'glossa', q: true, s: true });
});

test('a page of the scratch project mounts an item from node_modules and submits', async () => {
  await copyFile(join(WWW, 'examples/it-implicit/spec.json'), join(dir, 'spec.json'));
  const items = JSON.parse(await readFile(join(WWW, 'examples/it-implicit/items.json'), 'utf8'));
  await writeFile(join(dir, 'index.html'), `<!doctype html><html lang="it"><meta charset="utf-8"><title>scratch</title><link rel="icon" href="data:,">
<div id="task"></div>
<script type="module">
import { mount } from './node_modules/glossa-annotate/glossa.js';
const spec = await (await fetch('spec.json')).json();
document.getElementById('task').addEventListener('glossa:submit', (e) => { window.result = e.detail; });
window.handle = await mount(document.getElementById('task'), { spec, item: ${JSON.stringify(items[0])} });
</script></html>`);
  const { server, url } = await startServer(dir, 0);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByRole('radio', { name: 'Totalmente corretto', exact: true }).check();
    await page.getByRole('button', { name: 'Invia', exact: true }).click();
    await page.waitForFunction(() => window.result);
    assert.equal(await page.evaluate(() => window.result.answers.valutazione), 'totalmente_corretto');
  } finally {
    await browser.close();
    await new Promise((ok) => server.close(ok));
  }
});

test('a jsPsych timeline of the scratch project (jsPsych from npm) runs two Glossa trials, and the data jsPsych keeps holds both results', async () => {
  // jsPsych as npm gave it to the tests (tests/e2e/package.json), copied into the project's
  // node_modules as npm lays it out: an offline `npm install jspsych` needs the registry's
  // metadata of jsPsych and its dependencies in npm's cache, which a lockfile install leaves out
  // (the page loads the self-contained browser bundle, which needs none of them).
  await cp(fileURLToPath(new URL('./node_modules/jspsych', import.meta.url)), join(dir, 'node_modules', 'jspsych'), { recursive: true });
  await copyFile(join(WWW, 'examples/it-implicit/spec.json'), join(dir, 'spec.json'));
  await copyFile(join(WWW, 'examples/it-implicit/items.json'), join(dir, 'items.json'));
  await writeFile(join(dir, 'timeline.html'), `<!doctype html><html lang="it"><meta charset="utf-8"><title>timeline</title><link rel="icon" href="data:,">
<script src="./node_modules/jspsych/dist/index.browser.js"></script>
<link rel="stylesheet" href="./node_modules/jspsych/css/jspsych.css">
<body><script type="module">
import GlossaPlugin from './node_modules/glossa-annotate/hosts/jspsych-glossa.js';
const [spec, items] = await Promise.all([fetch('spec.json').then((r) => r.json()), fetch('items.json').then((r) => r.json())]);
const jsPsych = jsPsychModule.initJsPsych({ on_finish: () => { window.done = jsPsych.data.get().values(); } });
jsPsych.run(items.slice(0, 2).map((item) => ({ type: GlossaPlugin, spec, item, ids: { participant: 'NPM-1' } })));
</script></body></html>`);
  const { server, url } = await startServer(dir, 0);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(new URL('timeline.html', url).href);
    for (const answer of ['Totalmente corretto', 'Parzialmente corretto']) {
      const option = page.getByRole('radio', { name: answer, exact: true });
      await option.check();
      const trial = await option.elementHandle();
      await page.getByRole('button', { name: 'Invia', exact: true }).click();
      await page.waitForFunction((el) => !el.isConnected, trial); // the next trial's screen
    }
    await page.waitForFunction(() => window.done);
    const data = await page.evaluate(() => window.done);
    const items = JSON.parse(await readFile(join(dir, 'items.json'), 'utf8'));
    assert.deepEqual(data.map((d) => [d.item_id, d.response.valutazione, d.result.ids.participant]),
      [[items[0].id, 'totalmente_corretto', 'NPM-1'], [items[1].id, 'parzialmente_corretto', 'NPM-1']]);
  } finally {
    await browser.close();
    await new Promise((ok) => server.close(ok));
  }
});
