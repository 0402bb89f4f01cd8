// The Python wheel `glossa-annotate` (issue 68), as a new user has it: built by
// scripts/package.sh from the test command's own builds (target/wheels-test, made by
// scripts/test.sh; built here when missing), installed into a fresh virtual environment whose
// PATH has no cargo, rustc or source checkout, and used from a folder outside the checkout —
// an example copied, served and finished by a participant in Chromium, hosted for a pilot and
// for jsPsych (the pages run), the studio opened, and the collected results through agreement,
// report and export dataset.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, ItalianTask } from './harness.mjs';
import { startServer } from '../../scripts/static-server.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WHEELS = join(ROOT, 'target/wheels-test');

let env, home, bin, user;
before(async () => {
  env = await launch();
  let wheels = (await readdir(WHEELS).catch(() => [])).filter((f) => f.endsWith('.whl'));
  if (!wheels.length) {
    const built = spawnSync(join(ROOT, 'scripts/package.sh'), ['--profile', 'dev', '--out', WHEELS], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    wheels = (await readdir(WHEELS)).filter((f) => f.endsWith('.whl'));
  }
  assert.equal(wheels.length, 1, `one wheel: ${wheels}`);
  home = await mkdtemp(join(tmpdir(), 'glossa-wheel-'));
  // A fresh virtual environment; then PATH is its bin and the system's, nothing of Rust's.
  const venv = spawnSync('python3', ['-m', 'venv', join(home, 'venv')], { encoding: 'utf8' });
  assert.equal(venv.status, 0, venv.stderr);
  bin = join(home, 'venv/bin');
  const PATH = [bin, '/usr/local/bin', '/usr/bin', '/bin'].filter((d) => !/cargo|rustup/.test(d)).join(delimiter);
  user = { PATH, HOME: home, LANG: 'C.UTF-8' };
  for (const tool of ['cargo', 'rustc']) assert.notEqual(spawnSync('sh', ['-c', `command -v ${tool}`], { env: user }).status, 0, `${tool} on PATH`);
  const pip = spawnSync(join(bin, 'pip'), ['install', '--no-index', '--disable-pip-version-check', '--quiet', join(WHEELS, wheels[0])], { env: user, cwd: home, encoding: 'utf8' });
  assert.equal(pip.status, 0, pip.stderr);
});
after(async () => { await env?.close(); });

/** Runs the installed `glossa` in the user's folder; its exit code and output. */
function glossa(...args) {
  const r = spawnSync(join(bin, 'glossa'), args, { cwd: home, env: user, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Runs the installed `glossa`, which must succeed; its standard output. */
function ok(...args) {
  const r = glossa(...args);
  assert.equal(r.code, 0, `glossa ${args.join(' ')}:\n${r.err}`);
  return r.out;
}

/** Starts a `glossa` server command (`serve`, `studio`) in the user's folder; resolves to
 *  {server, url} once it prints its address. */
async function server(...args) {
  const child = spawn(join(bin, 'glossa'), args, { cwd: home, env: user });
  let said = '';
  child.stderr.on('data', (d) => { said += d; });
  const url = await new Promise((done, fail) => {
    child.stdout.on('data', (d) => {
      const m = /http:\/\/\S+/.exec(String(d));
      if (m) done(m[0]);
    });
    child.on('exit', (code) => fail(new Error(`glossa ${args.join(' ')} exited with ${code}: ${said}`)));
  });
  return { child, url };
}

const SENT = () => !Object.keys(localStorage).some((k) => k.startsWith('glossa:outbox:'));

test('installed with pip alone: the program finds its site inside the installation, and says so', async () => {
  const doctor = ok('doctor');
  assert.match(doctor, new RegExp(`site: ${home}/venv/share/glossa-annotate/site \\(installed with this program\\)`));
  assert.doesNotMatch(doctor, /MISSING/);
  assert.match(ok('--version'), /site: .*installed with this program, complete/);
  assert.match(ok('help', 'serve'), /The book: `glossa studio` serves it at \/book\//);
  // Python's ways in: `python -m glossa` and the module's own finder.
  const py = spawnSync(join(bin, 'python'), ['-m', 'glossa', '--version'], { cwd: home, env: user, encoding: 'utf8' });
  assert.equal(py.status, 0, py.stderr);
  assert.match(py.stdout, /^glossa \d/);
  const found = spawnSync(join(bin, 'python'), ['-c', 'import glossa; print(glossa.executable())'], { cwd: home, env: user, encoding: 'utf8' });
  assert.equal(found.stdout.trim(), join(bin, 'glossa'));
});

test('an example copied, served, finished by a participant in Chromium; hosted for a pilot and for jsPsych; the results through agreement, report and export dataset', async () => {
  assert.match(ok('examples'), /^it-implicit\s+Implicit content judgement/m);
  ok('examples', 'it-implicit', '--out', 'study');
  ok('check', 'study/spec.json', 'study/items.json');
  // Served, and finished by hand.
  const { child, url } = await server('serve', 'study', '--collect', 'results.jsonl', '--port', '0');
  try {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${url}?participant=W-1`);
    await page.waitForFunction(() => window.glossaHandle);
    const total = await page.evaluate(() => document.querySelector('#progress-bar').max);
    for (let i = 0; i < total; i += 1) {
      const it = await new ItalianTask(page).ready();
      await it.option(i % 2 ? 'Parzialmente corretto' : 'Totalmente corretto').check();
      await it.submitButton().click();
      if (i + 1 < total) await page.getByRole('button', { name: 'Elemento successivo →' }).click();
    }
    await page.waitForFunction((t) => window.glossaReceived?.length === t, total);
    await page.waitForFunction(SENT);
    await context.close();
  } finally {
    child.kill();
  }
  const results = join(home, 'results.jsonl');
  const collected = (await readFile(results, 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
  assert.ok(collected.length >= 2 && collected.every((r) => r.ids.participant === 'W-1'), `${collected.length} results`);

  // A pilot folder and a jsPsych folder (jsPsych from the installation): their pages run.
  ok('host', 'pilot', 'study', '--out', 'up-pilot');
  ok('host', 'jspsych', 'study', '--out', 'up-jspsych');
  // (Each page's own record of the result: the pilot's list, jsPsych's saved data.)
  const recorded = {
    'up-pilot': () => window.glossaReceived?.length === 1,
    'up-jspsych': () => Object.keys(localStorage).some((k) => k.startsWith('glossa:jspsych:') && localStorage.getItem(k).includes('totalmente_corretto')),
  };
  for (const [folder, page] of [['up-pilot', 'index.html'], ['up-jspsych', 'index.html']]) {
    const { server: site, url: base } = await startServer(join(home, folder), 0);
    try {
      const context = await env.browser.newContext();
      const p = await context.newPage();
      const errors = [];
      p.on('pageerror', (e) => errors.push(String(e)));
      await p.goto(new URL(`${page}?participant=H-1`, base).href);
      const it = await new ItalianTask(p).ready();
      await it.option('Totalmente corretto').check();
      await it.submitButton().click();
      await p.waitForFunction(recorded[folder]);
      assert.deepEqual(errors, [], `${folder}: ${errors}`);
      await context.close();
    } finally {
      await new Promise((done) => site.close(done));
    }
  }

  // The analysis commands on what the page collected.
  const agreement = JSON.parse(ok('agreement', 'study/spec.json', 'results.jsonl', '--items', 'study/items.json', '--json'));
  assert.equal(typeof agreement.controls, 'object');
  ok('report', 'study/spec.json', 'study/items.json', 'results.jsonl', '--out', 'report.html');
  assert.match(await readFile(join(home, 'report.html'), 'utf8'), /<html/);
  await writeFile(join(home, 'card.json'), JSON.stringify({ license: 'cc-by-4.0', pretty_name: 'Wheel pilot', task_categories: ['other'] }));
  await writeFile(join(home, 'salt.txt'), 'a salt of the wheel test, thirty-two bytes or more\n');
  ok('export', 'dataset', 'study/spec.json', 'study/items.json', 'results.jsonl', '--card', 'card.json', '--salt', 'salt.txt', '--out', 'dataset');
  assert.ok((await stat(join(home, 'dataset/README.md'))).size > 0);
  assert.ok(!(await readFile(join(home, 'dataset/data/annotations/train.jsonl'), 'utf8')).includes('W-1'), 'no participant id published');
});

test('glossa studio serves the studio, the examples and the book from the installation', async () => {
  const { child, url } = await server('studio', '--port', '0');
  try {
    assert.match(url, /\/www\/studio\.html$/);
    const context = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.rendered);
    const book = await page.request.get(new URL('/book/', url).href);
    assert.equal(book.status(), 200);
    assert.match(await book.text(), /Glossa/);
    await context.close();
  } finally {
    child.kill();
  }
});
