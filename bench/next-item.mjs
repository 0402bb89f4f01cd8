// Benchmark (not a test): next-item latency in a multi-item session, at 4× CPU throttling, the
// wasm already compiled — from the click that moves on (the pilot runner's Next after an
// accepted submit; the accepted submit itself in a jsPsych timeline) to the next item's
// options on screen and enabled. jsPsych's own next trial (survey-multi-choice) is measured
// in the same run. Run via: scripts/build.sh && (cd bench && npm ci) && node bench/next-item.mjs [runs=5]
import { chromium } from '../tests/e2e/node_modules/playwright-core/index.mjs';
import { startServer } from '../scripts/static-server.mjs';
import { CHROMIUM_ARGS } from '../tests/e2e/harness.mjs';

const RUNS = Number(process.argv[2] ?? 5);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const p95 = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]; };
const { server, url } = await startServer('.', 0);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

/** Opens `path` throttled 4×, then `step(page)` returns one latency per call, `times` times. */
async function session(path, ready, step, times) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(new URL(path, url).href);
  await page.waitForFunction(ready, null, { timeout: 60000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const out = [];
  for (let i = 0; i < times; i++) out.push(await step(page, i));
  await context.close();
  return out;
}

/** Runs `act` in the page and polls every frame until `done` holds: elapsed ms. */
const timed = (page, act, done) => page.evaluate(([a, d]) => new Promise((ok) => {
  const act = (0, eval)(`(${a})`), done = (0, eval)(`(${d})`);
  const t0 = performance.now();
  const before = done.length ? done() : null;
  act();
  const poll = () => (done(before) ? ok(performance.now() - t0) : requestAnimationFrame(poll));
  requestAnimationFrame(poll);
}), [act.toString(), done.toString()]);

const glossaAnswer = async (page) => {
  await page.locator('input[value=totalmente_corretto]').check();
  await page.locator('.glossa-submit').click();
};
const results = { 'Glossa, pilot runner (Next → next item interactive)': [], 'Glossa, jsPsych timeline (submit → next item interactive)': [], 'jsPsych survey-multi-choice (Continue → next trial interactive)': [] };
for (let r = 0; r < RUNS; r++) {
  results['Glossa, pilot runner (Next → next item interactive)'].push(...await session(
    `index.html?example=it-implicit&participant=bench-${Date.now()}-${r}`,
    () => !!document.querySelector('input[value=totalmente_corretto]'),
    async (page) => {
      await glossaAnswer(page);
      await page.locator('#next').waitFor();
      return timed(page, () => document.getElementById('next').click(), () => {
        const p = document.getElementById('progress').textContent;
        const input = document.querySelector('input[value=totalmente_corretto]');
        return input && !input.disabled && !input.checked && !document.getElementById('next').offsetParent && p;
      });
    }, 3));
  results['Glossa, jsPsych timeline (submit → next item interactive)'].push(...await session(
    'bench/pages/glossa-jspsych.html',
    () => !!document.querySelector('input[value=totalmente_corretto]'),
    async (page) => {
      await page.locator('input[value=totalmente_corretto]').check();
      return timed(page, () => document.querySelector('.glossa-submit').click(), () => {
        const input = document.querySelector('input[value=totalmente_corretto]');
        return input && !input.disabled && !input.checked;
      });
    }, 3));
  results['jsPsych survey-multi-choice (Continue → next trial interactive)'].push(...await session(
    'bench/pages/jspsych-timeline.html',
    () => !!document.querySelector('input[type=radio]'),
    async (page) => {
      await page.locator('input[type=radio]').first().check();
      return timed(page, () => document.getElementById('jspsych-survey-multi-choice-next').click(), () => {
        const input = document.querySelector('input[type=radio]');
        return input && !input.checked;
      });
    }, 3));
}
await browser.close();
server.close();
const chromium_version = browser.version?.() ?? '';
console.log(`next item, CPU throttling 4x, wasm compiled, ${RUNS} sessions × 3 transitions each`);
console.log('| transition | median ms | p95 ms |\n| --- | ---: | ---: |');
for (const [name, xs] of Object.entries(results)) console.log(`| ${name} | ${median(xs).toFixed(1)} | ${p95(xs).toFixed(1)} |`);
