// Benchmark (not a test): Glossa beside a hand-written page, SurveyJS and jsPsych on the same
// Italian 5-label item, plus every Glossa family. Prints one table. Run via bench/compare.sh.
//   node bench/compare.mjs [runs=10]
import { chromium } from '../tests/e2e/node_modules/playwright-core/index.mjs';
import { mkdir, readFile, writeFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '../tests/e2e/harness.mjs';
import { say, said, serve } from './driver.mjs';

const RUNS = Number(process.argv[2] ?? 10);
const spec = JSON.parse(await readFile('www/examples/it-implicit/spec.json', 'utf8'));
// The peers' pages show the item without its instructions: so does Glossa's (instructions are
// otherwise open on an annotator's first item).
spec.instructions_open_first = false;
const item = JSON.parse(await readFile('www/examples/it-implicit/items.json', 'utf8'))[0];
await mkdir('target/bench', { recursive: true });
await writeFile('target/bench/italian.js', `export const spec = ${JSON.stringify(spec)};\nexport const item = ${JSON.stringify(item)};\n`);

async function sizes(files) {
  let raw = 0, gz = 0;
  for (const f of files) {
    const b = await readFile(f);
    raw += b.length;
    gz += gzipSync(b, { level: 9 }).length;
  }
  return { raw, gz };
}
const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]);
// What a host page loads for a task of each build: the build's wasm and glue, glossa.js, the CSS.
// (the UI strings are those of the family's language; for full, Czech, the largest).
const BUILDS = [['choice', 'Italian 5-label (family 1)', 150, 'it'], ['number', 'magnitude estimation (family 2)', 170, 'en'], ['grid', 'error grid (family 3)', 170, 'cs'], ['full', 'spans, questions (4, 5)', 260, 'cs']];
const buildFiles = (b, lang) => ({ wasm: walk(`www/pkg/${b}`).filter((f) => f.endsWith('.wasm')), js: [...walk(`www/pkg/${b}`).filter((f) => f.endsWith('.js')), 'www/glossa.js'], css: [existsSync(`www/pkg/${b}/glossa.css`) ? `www/pkg/${b}/glossa.css` : 'www/glossa.css', `www/strings/${lang}.json`] });
const peers = {
  SurveyJS: ['bench/node_modules/survey-core/survey.core.min.js', 'bench/node_modules/survey-js-ui/survey-js-ui.min.js', 'bench/node_modules/survey-core/survey-core.min.css'],
  jsPsych: ['bench/node_modules/jspsych/dist/index.browser.min.js', 'bench/node_modules/@jspsych/plugin-survey-multi-choice/dist/index.browser.min.js', 'bench/node_modules/jspsych/css/jspsych.css'],
};

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const p95 = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]; };

// (Each server in a process of its own, as a real host's: bench/driver.mjs.)
const server = await serve();
const { url } = server;
// The repeat visit: a server that lets the browser cache (as a static host does).
const cached = await serve({ cache: 3600 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

/**
 * ms from navigation start until `ready()` holds in the page (checked on every DOM change).
 * `repeat`: the page is visited once first, from a server that lets it be cached, and the second
 * visit (warm HTTP cache, same browser context) is timed.
 */
async function firstRender(path, readySource, { repeat = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  await context.addInitScript(`(() => {
    const ready = ${readySource};
    const check = () => {
      if (window.__rendered !== undefined || !ready()) return;
      window.__rendered = performance.now();
      ${say('rendered', 'window.__rendered')};
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
    addEventListener('DOMContentLoaded', check);
  })();`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const base = repeat ? cached.url : url;
  if (repeat) {
    const first = said(page, 'rendered', path, 60000);
    await page.goto(new URL(path, base).href, { waitUntil: 'commit' });
    await first;
    await page.goto('about:blank');
  } else {
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // (The page says when: the driver runs nothing in it while it loads, bench/driver.mjs.)
  const rendered = said(page, 'rendered', path, 60000);
  await page.goto(new URL(path, base).href, { waitUntil: 'commit' });
  const ms = await rendered;
  await context.close();
  return ms;
}
// "Interactive": the fifth option is on screen next to an enabled radio button.
const fifthOption = `() => { for (const l of document.querySelectorAll('label')) {
  if (l.textContent.includes('Risposta non fornita') && l.getBoundingClientRect().height > 0) {
    const input = l.control || l.querySelector('input') || l.parentElement?.querySelector('input');
    if (input && !input.disabled) return true; } } return false; }`;

// The page `glossa host pilot` generates for the same item (what a Prolific participant opens).
const site = 'target/bench/pilot-site';
await mkdir('target/bench/pilot-study', { recursive: true });
await writeFile('target/bench/pilot-study/spec.json', JSON.stringify(spec));
await writeFile('target/bench/pilot-study/items.json', JSON.stringify([item]));
execFileSync('rm', ['-rf', site]);
execFileSync('cargo', ['run', '--quiet', '--no-default-features', '--bin', 'glossa', '--', 'host', 'pilot', 'target/bench/pilot-study', '--out', site], { stdio: 'pipe' });

const PAGES = [['plain HTML+JS', 'bench/pages/plain.html'], ['Glossa', 'bench/pages/glossa.html'], ['SurveyJS', 'bench/pages/surveyjs.html'], ['jsPsych', 'bench/pages/jspsych.html'], ['Glossa, `glossa host pilot` page', `${site}/index.html?PROLIFIC_PID=bench`]];
const rows = [];
const warm = [];
// Interleaved (one run of each page in turn), so drift over the run hits every page alike.
for (const [name] of PAGES) { rows.push({ name, times: [] }); warm.push({ name, times: [] }); }
for (let i = 0; i < RUNS; i++) {
  for (const [k, [, path]] of PAGES.entries()) {
    rows[k].times.push(await firstRender(path, fifthOption));
    warm[k].times.push(await firstRender(path, fifthOption, { repeat: true }));
  }
}
const plain = median(rows[0].times);
const plainWarm = median(warm[0].times);

/**
 * One cold visit to a page, timed (ms from navigation): the first screen (the fifth option on
 * screen beside an enabled radio), interactive (the page's code answers: a Glossa page once its
 * widget is mounted — for a page with a pre-rendered screen, once the widget has taken it over;
 * a plain or jsPsych page at its first screen), and click → result (the fifth option chosen,
 * then Submit: from the click on Submit until the host has the result).
 */
async function visit(path, { interactive, submit }) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  await context.addInitScript(`(() => {
    const ready = ${fifthOption};
    const interactive = ${interactive};
    const check = () => {
      if (window.__first === undefined && ready()) window.__first = performance.now();
      if (window.__interactive === undefined && ready() && interactive()) {
        window.__interactive = performance.now();
        ${say('interactive', 'window.__interactive')};
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
    addEventListener('DOMContentLoaded', check);
    const poll = () => { check(); if (window.__interactive === undefined) requestAnimationFrame(poll); };
    requestAnimationFrame(poll);
    // The host has the result: the page sets window.result, or a Glossa widget submits.
    let result;
    Object.defineProperty(window, 'result', { configurable: true, get: () => result, set: (v) => { result = v; window.__result ??= performance.now(); } });
    addEventListener('glossa:submit', () => { window.__result ??= performance.now(); }, true);
    addEventListener('click', () => { window.__clicked = performance.now(); }, true);
  })();`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const interactiveAt = said(page, 'interactive', path, 60000);
  await page.goto(new URL(path, url).href, { waitUntil: 'commit' });
  await interactiveAt;
  await page.getByRole('radio', { name: /Risposta non fornita/ }).first().check({ force: true });
  await page.getByRole('button', { name: submit, exact: true }).click();
  await page.waitForFunction(() => window.__result !== undefined, null, { timeout: 60000 });
  const t = await page.evaluate(() => ({ first: window.__first, interactive: window.__interactive, click: window.__result - window.__clicked }));
  await context.close();
  return t;
}
const mounted = `() => !!document.querySelector('.glossa') && !document.querySelector('[data-glossa-item]') && !!(window.glossaHandle ?? true)`;
const VISITS = [
  ['plain HTML+JS', 'bench/pages/plain.html', { interactive: '() => true', submit: 'Invia' }],
  ['Glossa, `mount()`', 'bench/pages/glossa.html', { interactive: mounted, submit: 'Invia' }],
  ['jsPsych', 'bench/pages/jspsych.html', { interactive: '() => true', submit: 'Continue' }],
  ['Glossa, `glossa host pilot` page', `${site}/index.html?PROLIFIC_PID=bench`, { interactive: `() => !document.querySelector('[data-glossa-item]') && !!window.glossaHandle`, submit: 'Invia' }],
];
const visits = VISITS.map(([name]) => ({ name, first: [], interactive: [], click: [] }));
for (let i = 0; i < RUNS; i++) {
  for (const [k, [, path, how]] of VISITS.entries()) {
    const t = await visit(path, how);
    for (const key of ['first', 'interactive', 'click']) visits[k][key].push(t[key]);
  }
}

const families = [];
for (const [example, ready] of [
  ['it-implicit', `() => !!document.querySelector('.glossa-submit')`],
  ['en-informativeness', `() => !!document.querySelector('.glossa-number-input') && !!document.querySelector('.glossa-submit')`],
  ['cs-abstract-errors', `() => !!document.querySelector('.glossa-grid-row') && !!document.querySelector('.glossa-submit')`],
  ['cs-propaganda', `() => !!document.querySelector('.glossa-span-text') && !!document.querySelector('.glossa-submit')`],
  ['pl-poquad', `() => !!document.querySelector('.glossa-question') && !!document.querySelector('.glossa-submit')`],
]) {
  const times = [];
  for (let i = 0; i < Math.max(5, Math.ceil(RUNS / 2)); i++) times.push(await firstRender(`index.html?example=${example}`, ready));
  families.push({ example, times });
}
await browser.close();
server.close();
cached.close();
const spans = execFileSync('node', ['bench/spans.mjs', '20000', '30'], { encoding: 'utf8' });
const nextItem = execFileSync('node', ['bench/next-item.mjs', '5'], { encoding: 'utf8' });

const kb = (n) => (n / 1024).toFixed(1);
const cpu = execFileSync('sh', ['-c', "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], { encoding: 'utf8' }).trim();
console.log(`Machine: ${cpu}, ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores; Chromium ${browser.version()}; CPU throttling 4x; cold cache; ${RUNS} runs`);
console.log('');
console.log('| what the host page loads | wasm gzip KB | JS + CSS + strings gzip KB | raw KB | **gzip KB** | target KB |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const [b, families, target, lang] of BUILDS) {
  const f = buildFiles(b, lang);
  const [w, j, c] = [await sizes(f.wasm), await sizes(f.js), await sizes(f.css)];
  console.log(`| Glossa \`${b}\` build: ${families} | ${kb(w.gz)} | ${kb(j.gz + c.gz)} | ${kb(w.raw + j.raw + c.raw)} | **${kb(w.gz + j.gz + c.gz)}** | ${target} |`);
}
for (const [name, files] of Object.entries(peers)) { const s = await sizes(files); console.log(`| ${name} (JS + CSS) | | | ${kb(s.raw)} | ${kb(s.gz)} | |`); }
console.log('');
console.log('| Italian 5-label item: navigation -> 5th option interactive | cold median ms | p95 ms | × plain | warm-cache repeat visit median ms | p95 ms | × plain |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [k, r] of rows.entries()) {
  const w = warm[k].times;
  console.log(`| ${r.name} | ${median(r.times).toFixed(0)} | ${p95(r.times).toFixed(0)} | ${(median(r.times) / plain).toFixed(2)} | ${median(w).toFixed(0)} | ${p95(w).toFixed(0)} | ${(median(w) / plainWarm).toFixed(2)} |`);
}
console.log('');
console.log('| Italian 5-label item, cold, one run each in turn | first screen median ms | × plain | interactive median ms | × plain | click Submit → host has the result, median ms |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
const [floorFirst, floorInteractive] = [median(visits[0].first), median(visits[0].interactive)];
for (const v of visits) {
  const [f, n] = [median(v.first), median(v.interactive)];
  console.log(`| ${v.name} | ${f.toFixed(0)} | ${(f / floorFirst).toFixed(2)} | ${n.toFixed(0)} | ${(n / floorInteractive).toFixed(2)} | ${median(v.click).toFixed(1)} |`);
}
console.log('');
console.log('| Glossa family (demo page) | first render median ms | p95 ms |');
console.log('| --- | ---: | ---: |');
for (const f of families) console.log(`| ${f.example} | ${median(f.times).toFixed(0)} | ${p95(f.times).toFixed(0)} |`);
console.log('');
console.log(spans.trim().split('\n').map((l) => `    ${l}`).join('\n'));
console.log('');
console.log(nextItem.trim());
