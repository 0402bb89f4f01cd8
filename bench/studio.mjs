// Benchmark (not a test): the studio with a large item file. Opens www/studio.html, reads a
// 10,000-row CSV through the file input (the researcher's wasm, `glossa items`' code), then
// times paging to the next item (click → both previews re-rendered) and a keystroke in the
// spec (→ both previews re-rendered), and the size the items take in browser storage. Prints
// medians. Run via: scripts/build.sh && node bench/studio.mjs [rows=10000] [runs=20]
import { chromium } from '../tests/e2e/node_modules/playwright-core/index.mjs';
import { startServer } from '../scripts/static-server.mjs';
import { CHROMIUM_ARGS } from '../tests/e2e/harness.mjs';

const ROWS = Number(process.argv[2] ?? 10000);
const RUNS = Number(process.argv[3] ?? 20);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const { server, url } = await startServer('.', 0);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
await page.goto(new URL('www/studio.html', url).href);
await page.waitForFunction(() => document.body.dataset.rendered);
await page.getByLabel('Start from').selectOption({ label: 'One choice (single_choice)' });
await page.frameLocator('#phone').getByRole('radio').first().waitFor();

// Sentences of varied length, some with commas and quotes (quoted as a spreadsheet writes them).
const words = 'the new library opens on monday and is free for everyone honestly this is worst update they ever shipped'.split(' ');
let csv = 'id,text\n';
for (let i = 0; i < ROWS; i++) {
  const n = 6 + (i % 23);
  const text = Array.from({ length: n }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ');
  csv += `r-${i + 1},"${i % 5 === 0 ? `${text}, ""quoted""` : text}."\n`;
}
const t0 = Date.now();
await page.getByLabel(/Open items/).setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
await page.getByText(new RegExp(`big\\.csv: ${ROWS} items`)).waitFor({ timeout: 120000 });
const readMs = Date.now() - t0;

const rendered = () => page.evaluate(() => Number(document.body.dataset.rendered));
async function timedRender(act) {
  const before = await rendered();
  const t = Date.now();
  await act();
  await page.waitForFunction((k) => Number(document.body.dataset.rendered) > k, before);
  return Date.now() - t;
}
const paging = [];
for (let i = 0; i < RUNS; i++) paging.push(await timedRender(() => page.getByRole('button', { name: 'Next item' }).click()));
const typing = [];
await page.evaluate(() => { const { view } = window.studio.editor; const at = view.state.doc.toString().indexOf('"Sentiment'); view.dispatch({ selection: { anchor: at + 10 } }); view.focus(); });
for (let i = 0; i < RUNS; i++) typing.push(await timedRender(() => page.keyboard.type(String(i % 10))));
await page.waitForTimeout(400);
const stored = await page.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith('glossa-studio/')).map(([k, v]) => [k, v.length]));

console.log(`studio with ${ROWS} items (${(csv.length / 1e6).toFixed(2)} MB CSV)`);
console.log(`  read the CSV into items (file input → status):   ${readMs} ms`);
console.log(`  next item → both previews rendered, median:      ${median(paging)} ms (${RUNS} runs)`);
console.log(`  a key in the spec → both previews, median:       ${median(typing)} ms (${RUNS} runs)`);
for (const [k, n] of stored) console.log(`  browser storage ${k}: ${(n / 1e6).toFixed(2)} MB`);
await browser.close();
server.close();
