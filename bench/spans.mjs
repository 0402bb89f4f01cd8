// Benchmark (not a test): a 20,000-word article in the span task, in headless Chromium with
// 4x CPU throttling. Prints first render and tap -> highlight painted (median, p95).
//   scripts/build.sh && node bench/spans.mjs [words=20000] [taps=40]
import { chromium } from '../tests/e2e/node_modules/playwright-core/index.mjs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { startServer } from '../scripts/static-server.mjs';
import { CHROMIUM_ARGS } from '../tests/e2e/harness.mjs';

const WORDS = Number(process.argv[2] ?? 20000);
const TAPS = Number(process.argv[3] ?? 40);
const base = JSON.parse(await readFile('www/examples/cs-propaganda/items.json', 'utf8'))[0];
const sentence = base.article.split(/\s+/);
const words = [];
for (let i = 0; words.length < WORDS; i++) words.push(sentence[i % sentence.length] + ((i + 1) % 120 === 0 ? '\n\n' : ''));
await mkdir('target/bench', { recursive: true });
await writeFile('target/bench/long-items.json', JSON.stringify([{ id: 'long', title: 'Dlouhý článek', article: words.join(' ') }]));

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const p95 = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]; };

const { server, url } = await startServer('.', 0);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.goto(`${url}?spec=www/examples/cs-propaganda/spec.json&items=target/bench/long-items.json`);
await page.locator('.glossa-span-text').waitFor();
const firstRender = await page.evaluate(() => performance.now());
if (process.env.EXTRA_CSS) await page.addStyleTag({ content: process.env.EXTRA_CSS });
await page.evaluate(() => {
  // Time from the tap's event timestamp to the first frame after the selection highlight
  // was replaced (the frame that paints it).
  window.__taps = [];
  let pending = null;
  const set = CSS.highlights.set.bind(CSS.highlights);
  CSS.highlights.set = (name, h) => {
    const r = set(name, h);
    if (name === 'glossa-sel' && pending !== null) {
      const t0 = pending;
      pending = null;
      const applied = performance.now() - t0;
      requestAnimationFrame(() => window.__taps.push({ ms: performance.now() - t0, applied }));
    }
    return r;
  };
  document.querySelector('.glossa-span-text').addEventListener('pointerdown', (e) => { pending = e.timeStamp; }, { capture: true });
});
// Centres of the words on screen (every tap lands on a word, not between lines), with the
// article scrolled to the top of the window and clear of the selection bar at the bottom.
await page.evaluate(() => {
  window.scrollTo(0, document.querySelector('.glossa-span-text').getBoundingClientRect().top + scrollY - 20);
  return new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
});
const centres = await page.evaluate(() => {
  const out = [];
  for (const p of document.querySelectorAll('.glossa-span-text .glossa-para')) {
    const t = p.firstChild;
    if (!t) continue;
    for (const m of t.data.matchAll(/[\p{L}\p{N}]+/gu)) {
      const r = document.createRange();
      r.setStart(t, m.index); r.setEnd(t, m.index + m[0].length);
      const b = r.getClientRects()[0];
      if (b && b.top > 0 && b.bottom < innerHeight - 250) out.push({ x: b.left + b.width / 2, y: b.top + b.height / 2 });
    }
    if (p.getBoundingClientRect().top > innerHeight) break;
  }
  return out;
});
if (centres.length < 10) throw new Error(`only ${centres.length} words on screen`);
for (let i = 0; i < TAPS; i++) {
  // Taps on words on screen, a pair at a time (first word, last word), then Escape.
  const { x, y } = centres[(i * 37) % centres.length];
  await page.mouse.click(x, y);
  await page.waitForTimeout(150);
  if (i % 2 === 1) { await page.keyboard.press('Escape'); await page.waitForTimeout(50); }
}
const taps = await page.evaluate(() => window.__taps);
const ms = taps.map((t) => t.ms);
const applied = taps.map((t) => t.applied);
console.log(`span text: ${WORDS} words, CPU throttling 4x, Chromium ${browser.version()}`);
console.log(`first render (navigation -> text on screen): ${firstRender.toFixed(0)} ms`);
console.log(`tap -> highlight set: median ${median(applied).toFixed(1)} ms, p95 ${p95(applied).toFixed(1)} ms`);
console.log(`tap -> next frame after it: median ${median(ms).toFixed(1)} ms, p95 ${p95(ms).toFixed(1)} ms over ${ms.length} taps`);
await browser.close();
server.close();
