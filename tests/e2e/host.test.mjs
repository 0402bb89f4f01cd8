// End to end: the folders `glossa host` writes, each served as a static host would and run in
// Chromium under its own Content-Security-Policy — the pilot runner and the jsPsych experiment
// (jsPsych from npm) — with every result reaching the endpoint once and no policy violation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtemp, mkdir, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, ItalianTask } from './harness.mjs';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/static-server.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'target/debug/glossa'); // built by the native test step

let browser;
let endpoint;
const received = [];
let study;
before(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  endpoint = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, idempotency-key', 'access-control-allow-methods': 'POST, OPTIONS' };
    if (req.method === 'OPTIONS') { res.writeHead(204, cors); res.end(); return; }
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const key = req.headers['idempotency-key'];
      if (!received.some((r) => r.key === key)) received.push({ key, result: JSON.parse(body) });
      res.writeHead(201, cors);
      res.end();
    });
  });
  await new Promise((ok) => endpoint.listen(0, '127.0.0.1', ok));
  study = await mkdtemp(join(tmpdir(), 'glossa-study-'));
  await copyFile(join(ROOT, 'www/examples/it-implicit/spec.json'), join(study, 'spec.json'));
  await copyFile(join(ROOT, 'tests/fixtures/it-two-items.json'), join(study, 'items.json'));
});
after(async () => {
  await browser?.close();
  await new Promise((ok) => endpoint.close(ok));
});

/** Writes a host folder and serves it; returns its address and a stop function. */
async function hosted(page, extra = [], { post = true } = {}) {
  const out = join(await mkdtemp(join(tmpdir(), 'glossa-host-')), 'upload');
  const to = post ? ['--post', `http://127.0.0.1:${endpoint.address().port}/collect`] : [];
  execFileSync(CLI, ['host', page, study, '--out', out, ...to, '--complete', 'https://app.prolific.example/done?cc=C0DE', ...extra], { cwd: ROOT, stdio: 'pipe' });
  const { server, url } = await startServer(out, 0);
  return { url, stop: () => new Promise((ok) => server.close(ok)) };
}

/** A page that records every Content-Security-Policy violation. */
async function strictPage() {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await context.route('https://app.prolific.example/**', (route) => route.fulfill({ contentType: 'text/html', body: 'Prolific' }));
  return { context, page: await context.newPage() };
}

async function answer(page, name) {
  const it = await new ItalianTask(page).ready();
  await it.option(name).check();
  await it.submitButton().click();
}

test('the pilot folder runs under its policy: two results posted once, the completion link, nothing blocked', async () => {
  received.length = 0;
  const site = await hosted('pilot');
  const { context, page } = await strictPage();
  // Every request the hosted page makes is answered: it asks for no demo file it lacks.
  const failed = [];
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  await page.goto(`${site.url}index.html?PROLIFIC_PID=h1&STUDY_ID=s&SESSION_ID=x`);
  // The first item's screen is in the page itself (and taken over by the widget).
  assert.match(await (await fetch(`${site.url}index.html`)).text(), /<div id="widget" data-glossa-item="it-001"[^>]*><div lang="it"/);
  await answer(page, 'Totalmente sbagliato');
  await page.getByRole('button', { name: 'Elemento successivo →' }).click();
  await answer(page, 'Totalmente corretto');
  const done = page.getByRole('link', { name: 'Termina e torna allo studio' });
  await done.waitFor({ timeout: 20000 });
  assert.equal(await done.getAttribute('href'), 'https://app.prolific.example/done?cc=C0DE');
  assert.deepEqual(received.map((r) => r.result.item_id).sort(), ['it-001', 'it-002']);
  assert.deepEqual(await page.evaluate(() => window.__violations), [], 'the page needs nothing its policy forbids');
  assert.deepEqual(failed, [], 'no request fails (the demo\'s examples list is not asked for)');
  // The policy is in force: an injected inline script does not run.
  await page.evaluate(() => { const s = document.createElement('script'); s.textContent = 'window.__ran = true'; document.body.append(s); });
  assert.equal(await page.evaluate(() => window.__ran), undefined);
  assert.ok((await page.evaluate(() => window.__violations)).some((v) => v.startsWith('script-src')));
  await context.close();
  await site.stop();
});

test('the jsPsych folder (jsPsych from npm) runs the study as trials, resumes after a reload, posts each result once', async () => {
  received.length = 0;
  const site = await hosted('jspsych', ['--jspsych', join(ROOT, 'tests/e2e/node_modules/jspsych/dist')]);
  const { context, page } = await strictPage();
  await page.goto(`${site.url}index.html?PROLIFIC_PID=j1`);
  await answer(page, 'Totalmente sbagliato');
  // The first result is kept (and queued): after a reload the second item comes next.
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('glossa:jspsych:') && localStorage.getItem(k).includes('it-001')));
  await page.reload();
  await answer(page, 'Risposta non fornita');
  const done = page.getByRole('link', { name: 'Termina e torna allo studio' });
  await done.waitFor({ timeout: 20000 });
  assert.equal(await done.getAttribute('href'), 'https://app.prolific.example/done?cc=C0DE');
  const results = received.map((r) => r.result);
  assert.deepEqual(results.map((r) => [r.item_id, r.answers.valutazione]).sort(), [['it-001', 'totalmente_sbagliato'], ['it-002', 'risposta_non_fornita']]);
  assert.deepEqual(results[0].ids, { PROLIFIC_PID: 'j1' });
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  await context.close();
  await site.stop();
});

test('the jsPsych folder with --datapipe sends each result to DataPipe once, through a failed send, under its policy', async () => {
  const site = await hosted('jspsych', ['--jspsych', join(ROOT, 'tests/e2e/node_modules/jspsych/dist'), '--datapipe', 'EXP1'], { post: false });
  const { context, page } = await strictPage();
  // DataPipe's documented API at its real address (the policy names it), answered here.
  const files = new Map();
  let attempts = 0;
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, accept', 'access-control-allow-methods': 'POST, OPTIONS' };
  await context.route('https://pipe.jspsych.org/**', async (route) => {
    const req = route.request();
    if (req.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    attempts += 1;
    if (attempts === 1) return route.abort('internetdisconnected'); // an offline moment
    const { experimentID, filename, data } = JSON.parse(req.postData());
    const answer = (status, json) => route.fulfill({ status, headers: { ...cors, 'content-type': 'application/json' }, body: JSON.stringify(json) });
    if (experimentID !== 'EXP1') return answer(400, { error: 'EXPERIMENT_NOT_FOUND' });
    if (files.has(filename)) return answer(400, { error: 'OSF_FILE_EXISTS' });
    files.set(filename, data);
    return answer(201, { message: 'Success' });
  });
  await page.goto(`${site.url}index.html?PROLIFIC_PID=d1&STUDY_ID=s&SESSION_ID=x`);
  await answer(page, 'Totalmente sbagliato');
  await answer(page, 'Totalmente corretto');
  const done = page.getByRole('link', { name: 'Termina e torna allo studio' });
  await done.waitFor({ timeout: 30000 });
  const stored = [...files.entries()].map(([name, data]) => [name, JSON.parse(data)]);
  assert.deepEqual(stored.map(([, r]) => [r.item_id, r.answers.valutazione]).sort(), [['it-001', 'totalmente_sbagliato'], ['it-002', 'totalmente_corretto']]);
  for (const [name, r] of stored) assert.match(name, new RegExp(`^d1_x_s_${r.item_id}_[0-9a-f]{8}\\.json$`), name);
  assert.ok(attempts >= 3, 'the failed send was sent again');
  assert.deepEqual(await page.evaluate(() => window.__violations), [], 'DataPipe is the one place the policy lets results go');
  await context.close();
  await site.stop();
});

test('the full build (span painting) runs under the same policy', async () => {
  const spans = await mkdtemp(join(tmpdir(), 'glossa-spans-'));
  await copyFile(join(ROOT, 'www/examples/cs-propaganda/spec.json'), join(spans, 'spec.json'));
  await copyFile(join(ROOT, 'www/examples/cs-propaganda/items.json'), join(spans, 'items.json'));
  const out = join(await mkdtemp(join(tmpdir(), 'glossa-host-')), 'upload');
  execFileSync(CLI, ['host', 'pilot', spans, '--out', out], { cwd: ROOT, stdio: 'pipe' });
  const { server, url } = await startServer(out, 0);
  const { context, page } = await strictPage();
  await page.goto(`${url}index.html?participant=c1`);
  const { SpanTask } = await import('./harness.mjs');
  const task = await new SpanTask(page).ready();
  for (const w of ['Nenasytní', 'eurokraté']) {
    const at = await task.wordCentre(w);
    await page.mouse.click(at.x, at.y);
  }
  await page.getByText('Vybráno: „Nenasytní eurokraté“').waitFor();
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  await context.close();
  await new Promise((ok) => server.close(ok));
});

test('the JATOS archive unpacks as JATOS reads it, and its component runs the study under its policy', async () => {
  const out = join(await mkdtemp(join(tmpdir(), 'glossa-jatos-')), 'upload');
  execFileSync(CLI, ['host', 'jatos', study, '--out', out, '--complete', 'https://app.prolific.example/done?cc=C0DE',
    '--complete-attention', 'https://app.prolific.example/done?cc=ATTN', '--complete-error', 'https://app.prolific.example/done?cc=BACK'], { cwd: ROOT, stdio: 'pipe' });
  // Unpacked by Python's zipfile (not the code that wrote it).
  const unpacked = join(out, 'unpacked');
  execFileSync('python3', ['-c', 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])', join(out, 'glossa_implicit_content_it.jzip'), unpacked]);
  const { readFile: read } = await import('node:fs/promises');
  const jas = JSON.parse(await read(join(unpacked, 'glossa_implicit_content_it.jas'), 'utf8'));
  // The shape of JATOS's own study archives (version 3; e.g. its test archive potato_compass.jzip).
  assert.equal(jas.version, '3');
  assert.deepEqual(Object.keys(jas.data).sort(), ['active', 'batchList', 'comments', 'componentList', 'description', 'dirName', 'endRedirectUrl', 'groupStudy', 'jsonData', 'linearStudy', 'title', 'uuid']);
  assert.deepEqual(Object.keys(jas.data.componentList[0]).sort(), ['active', 'comments', 'htmlFilePath', 'jsonData', 'reloadable', 'title', 'uuid']);
  assert.deepEqual(Object.keys(jas.data.batchList[0]).sort(), ['active', 'allowedWorkerTypes', 'comments', 'jsonData', 'maxActiveMembers', 'maxTotalMembers', 'maxTotalWorkers', 'title', 'uuid']);
  assert.match(jas.data.uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  const assets = join(unpacked, jas.data.dirName);
  const config = JSON.parse(jas.data.componentList[0].jsonData);
  // Every completion link reaches the component (none dropped).
  assert.deepEqual(config, {
    complete: 'https://app.prolific.example/done?cc=C0DE', complete_attention: 'https://app.prolific.example/done?cc=ATTN',
    complete_error: 'https://app.prolific.example/done?cc=BACK', items: 'study/items.json', spec: 'study/spec.json',
  });
  // The component page carries the first item's screen (taken over by the widget).
  const component = await read(join(assets, jas.data.componentList[0].htmlFilePath), 'utf8');
  assert.match(component, /<div id="task" data-glossa-item="it-001"[^>]*><div lang="it"/);
  // JATOS serves the assets and its jatos.js beside the component page: here, a stand-in.
  const { server, url } = await startServer(assets, 0);
  const { context, page } = await strictPage();
  const standIn = await read(new URL('./pages/jatos-stand-in.js', import.meta.url), 'utf8');
  await page.route('**/jatos.js', (route) => route.fulfill({ contentType: 'text/javascript', body: standIn }));
  await context.addInitScript((input) => { window.__jatosComponentInput = input; }, config);
  await page.goto(`${url}${jas.data.componentList[0].htmlFilePath}?PROLIFIC_PID=z1`);
  await answer(page, 'Totalmente sbagliato');
  await page.getByText('Elemento 2 di 2').waitFor();
  assert.deepEqual(await page.evaluate(() => window.__violations), [], 'the component needs nothing its policy forbids');
  await answer(page, 'Totalmente corretto');
  await page.waitForURL('https://app.prolific.example/**');
  await page.goto(`${url}index.html#done`);
  const data = await page.evaluate(() => JSON.parse(localStorage.getItem('jatos:data')));
  assert.deepEqual(data.trim().split('\n').map((l) => JSON.parse(l).item_id), ['it-001', 'it-002']);
  await context.close();
  await new Promise((ok) => server.close(ok));
});

test('the MTurk folder: a HIT on its item\'s page posts the assignment and its result under the policy, and a preview is locked', async () => {
  const out = join(await mkdtemp(join(tmpdir(), 'glossa-mturk-')), 'upload');
  execFileSync(CLI, ['host', 'mturk', study, '--out', out, '--url', 'https://example.org/study'], { cwd: ROOT, stdio: 'pipe' });
  const { readFile: read } = await import('node:fs/promises');
  const xml = await read(join(out, 'mturk/it-002.xml'), 'utf8');
  // Each item has a page of its own carrying its screen.
  assert.match(xml, /<ExternalURL>https:\/\/example\.org\/study\/hit\/it-002\.html\?item=it-002<\/ExternalURL>/);
  assert.match(await read(join(out, 'hit/it-002.html'), 'utf8'), /<div id="task" data-glossa-item="it-002"[^>]*><div lang="it"/);
  const { server, url } = await startServer(out, 0);
  const { context, page } = await strictPage();
  let posted = null;
  await context.route('https://workersandbox.mturk.com/**', async (route) => {
    posted = new URLSearchParams(route.request().postData());
    await route.fulfill({ contentType: 'text/html', body: '<p>Thanks</p>' });
  });
  await page.goto(`${url}hit/it-002.html?item=it-002&assignmentId=A9&hitId=H1&workerId=W5&turkSubmitTo=${encodeURIComponent('https://workersandbox.mturk.com')}`);
  const it = await new ItalianTask(page).ready();
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  await it.option('Totalmente corretto').check();
  await it.submitButton().click();
  await page.waitForURL('https://workersandbox.mturk.com/**');
  assert.equal(posted.get('assignmentId'), 'A9');
  const result = JSON.parse(posted.get('glossaResult'));
  assert.equal(result.item_id, 'it-002');
  assert.deepEqual(result.ids, { assignmentId: 'A9', hitId: 'H1', workerId: 'W5' });
  // A preview (before the worker accepts) shows the item locked, without a Submit button.
  const preview = await context.newPage();
  await preview.goto(`${url}hit/it-002.html?item=it-002&assignmentId=ASSIGNMENT_ID_NOT_AVAILABLE&hitId=H1`);
  await preview.getByText('Accetta la HIT', { exact: false }).or(preview.locator('#preview-note:not([hidden])')).first().waitFor();
  await new ItalianTask(preview).ready();
  assert.equal(await new ItalianTask(preview).option('Totalmente corretto').isDisabled(), true);
  assert.equal(await preview.getByRole('button', { name: 'Invia', exact: true }).count(), 0);
  await context.close();
  await new Promise((ok) => server.close(ok));
});
