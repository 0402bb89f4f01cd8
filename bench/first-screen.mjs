// Benchmark (not a test): when a participant first sees the item, on every page Glossa writes
// and beside the peers, measured as a phone would load it. The moment: from navigation until
// the 5th option of the Italian 5-label item has a visible box (`checkVisibility`, opacity and
// visibility too) and no stylesheet of the page is still loading. Each page is opened cold
// (cache off, 4× CPU throttling) on loopback and on Lighthouse's mobile network (150 ms round
// trip, 1.6 Mbps down, 675 kbps up; files sent gzipped, as static hosts send them), the pages
// one after another in turn (each run starting one page further on), so drift over the run and
// the page before hit every page alike.
//   node bench/first-screen.mjs [runs=7] [page filter] [network]
// (bench/compare.sh runs it after its own tables, every page on both networks). A filter keeps
// the pages whose names contain one of its comma-separated words, with the floor and jsPsych
// always (`node bench/first-screen.mjs 40 mount loopback` for an A/B of `mount()` and jsPsych).
import { chromium } from '../tests/e2e/node_modules/playwright-core/index.mjs';
import { mkdir, readFile, writeFile, copyFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '../tests/e2e/harness.mjs';
import { say, said, serve } from './driver.mjs';

const RUNS = Number(process.argv[2] ?? 7);
const FILTER = (process.argv[3] ?? '').split(',').filter(Boolean);
const NETS = process.argv[4] ? [process.argv[4]] : ['loopback', 'mobile'];
const cli = (...args) => execFileSync('cargo', ['run', '--quiet', '--no-default-features', '--bin', 'glossa', '--', ...args], { stdio: 'pipe' });

// One study, the Italian item (its instructions closed on the first item, as on the peers'
// pages, which show none), written out by each `glossa host` page.
const spec = JSON.parse(await readFile('www/examples/it-implicit/spec.json', 'utf8'));
spec.instructions_open_first = false;
const item = JSON.parse(await readFile('www/examples/it-implicit/items.json', 'utf8'))[0];
const out = 'target/bench/first-screen';
execFileSync('rm', ['-rf', out]);
await mkdir(`${out}/study`, { recursive: true });
await writeFile(`${out}/study/spec.json`, JSON.stringify(spec));
await writeFile(`${out}/study/items.json`, JSON.stringify([item]));
await writeFile('target/bench/italian.js', `export const spec = ${JSON.stringify(spec)};\nexport const item = ${JSON.stringify(item)};\n`);
cli('host', 'pilot', `${out}/study`, '--out', `${out}/pilot`);
cli('host', 'jspsych', `${out}/study`, '--out', `${out}/jspsych`, '--jspsych', 'bench/node_modules/jspsych/dist');
cli('host', 'mturk', `${out}/study`, '--out', `${out}/mturk`);
cli('host', 'jatos', `${out}/study`, '--out', `${out}/jatos`);
// JATOS serves its `jatos.js` beside the study's page: the tests' stand-in, at the same path.
await copyFile('tests/e2e/pages/jatos-stand-in.js', `${out}/jatos/assets/jatos.js`);

// Every file is served from the repository's root (one origin, as a host serves its folder).
const servers = { loopback: await serve({}), mobile: await serve({ gzip: true }) };

// The Qualtrics survey as Qualtrics sends its page: the survey's custom CSS in a style element,
// the question's text (loop field 5: the item's screen) in the question's box, the question's
// JavaScript run by the stand-in survey engine (tests/e2e/pages/qualtrics.html) at the end.
async function qualtricsPage(base, name) {
  cli('host', 'qualtrics', `${out}/study`, '--out', `${out}/${name}`, '--url', `${base}${out}/${name}/`);
  const qsf = JSON.parse(await readFile(`${out}/${name}/survey.qsf`, 'utf8'));
  const question = qsf.SurveyElements.find((e) => e.Element === 'SQ').Payload;
  const row = qsf.SurveyElements.find((e) => e.Element === 'BL').Payload.find((b) => b.Options?.Looping).Options.LoopingOptions.Static['1'];
  const pipe = (t) => t.replace(/\$\{lm:\/\/Field\/(\d+)\}/g, (_, k) => row[k] ?? '').replace(/\$\{lm:\/\/CurrentLoopNumber\}/g, '1').replace(/\$\{e:\/\/Field\/[^}]+\}/g, 'R_bench');
  const css = qsf.SurveyElements.find((e) => e.Element === 'SO').Payload.CustomStyles.customCSS;
  const standIn = await readFile('tests/e2e/pages/qualtrics.html', 'utf8');
  const page = standIn.replace('<html lang="en">', '<html lang="it">').replace('</head>', `<meta name="viewport" content="width=device-width, initial-scale=1"><style>${css}</style></head>`)
    .replace('<div class="QuestionText"></div>', `<div class="QuestionText">${pipe(question.QuestionText)}</div>`)
    .replace('</body>', `<script>runQuestionJs(${JSON.stringify(pipe(question.QuestionJS)).replace(/<\//g, '<\\/')});</script></body>`);
  await writeFile(`${out}/${name}/page.html`, page);
  return `${out}/${name}/page.html`;
}
const PAGES = [
  ['plain HTML + JS (the floor)', () => 'bench/pages/plain.html'],
  ['jsPsych 8 + survey-multi-choice', () => 'bench/pages/jspsych.html'],
  ['SurveyJS 2', () => 'bench/pages/surveyjs.html'],
  ['Glossa `mount()`', () => 'bench/pages/glossa.html'],
  ['`glossa host pilot` (Prolific, static host)', () => `${out}/pilot/index.html?PROLIFIC_PID=bench`],
  ['`glossa host jspsych`', () => `${out}/jspsych/index.html?PROLIFIC_PID=bench`],
  ['`glossa host jatos` (stand-in jatos.js)', () => `${out}/jatos/assets/index.html?PROLIFIC_PID=bench`],
  ['`glossa host mturk` (an accepted HIT)', () => `${out}/mturk/hit/${item.id}.html?item=${item.id}&assignmentId=A1&hitId=H1&workerId=W1&turkSubmitTo=https%3A%2F%2Fworkersandbox.mturk.com`],
  ['`glossa host qualtrics` (stand-in survey page)', (net) => qualtricsPage(servers[net].url, `qualtrics-${net}`)],
];

// (The floor and jsPsych first: the tables are relative to them.)
const kept = PAGES.filter(([name], k) => k < 2 || !FILTER.length || FILTER.some((w) => name.includes(w)));
PAGES.splice(0, PAGES.length, ...kept);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const ready = `() => {
  const fifth = [...document.querySelectorAll('label')].find((l) => l.textContent.includes('Risposta non fornita'));
  if (!fifth || !fifth.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
  const box = fifth.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && [...document.querySelectorAll('link[rel~="stylesheet"]')].every((l) => l.sheet !== null);
}`;
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

/** ms from navigation until the moment above, one cold visit. */
async function visit(path, net) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.addInitScript(`(() => {
    const ready = ${ready};
    const check = () => {
      if (window.__seen !== undefined || !ready()) return;
      window.__seen = performance.now();
      ${say('seen', 'window.__seen')};
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
    const poll = () => { check(); if (window.__seen === undefined) requestAnimationFrame(poll); };
    requestAnimationFrame(poll);
    addEventListener('load', check, true);
  })();`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (net === 'mobile') await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // (The page says when, so that the driver runs nothing in it while it loads: bench/driver.mjs.)
  const seen = said(page, 'seen', `${path} (${net})`);
  await page.goto(new URL(path, servers[net].url).href, { waitUntil: 'commit' });
  const ms = await seen;
  await context.close();
  return ms;
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : NaN; };
// A figure, or a dash for a network not run.
const fig = (x, digits) => (Number.isNaN(x) ? '—' : x.toFixed(digits));
const times = { loopback: PAGES.map(() => []), mobile: PAGES.map(() => []) };
const paths = { loopback: [], mobile: [] };
for (const net of NETS) for (const [, path] of PAGES) paths[net].push(await path(net));
// Each run starts one page further on, so every page follows every other equally often: a
// visit right after a heavy page's (SurveyJS's) shares the machine with that page's teardown.
for (let i = 0; i < RUNS; i += 1) {
  for (const net of NETS) {
    for (const [j] of PAGES.entries()) {
      const k = (i + j) % PAGES.length;
      times[net][k].push(await visit(paths[net][k], net));
    }
  }
}
await browser.close();
for (const s of Object.values(servers)) s.close();

const floor = { loopback: median(times.loopback[0]), mobile: median(times.mobile[0]) };
const jspsych = { loopback: median(times.loopback[1]), mobile: median(times.mobile[1]) };
console.log(`First screen: navigation -> the 5th option's box visible and every stylesheet loaded (Chromium ${browser.version()}, 4x CPU, cache off, 412x823, median of ${RUNS})`);
console.log('');
console.log('| page | loopback ms | × floor | × jsPsych | mobile network ms | × floor | × jsPsych |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [k, [name]] of PAGES.entries()) {
  const [l, m] = [median(times.loopback[k]), median(times.mobile[k])];
  console.log(`| ${name} | ${fig(l, 0)} | ${fig(l / floor.loopback, 2)} | ${fig(l / jspsych.loopback, 2)} | ${fig(m, 0)} | ${fig(m / floor.mobile, 2)} | ${fig(m / jspsych.mobile, 2)} |`);
}
