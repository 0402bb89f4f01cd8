// Benchmark (not a test): the JS boundary both ways, JSON text (what Glossa does) against
// serde-wasm-bindgen (JS objects), at 4× CPU throttling. Run via bench/boundary.sh.
import { chromium } from '../tests/e2e/node_modules/playwright-core/index.mjs';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { startServer } from '../scripts/static-server.mjs';
import { CHROMIUM_ARGS } from '../tests/e2e/harness.mjs';

const RUNS = Number(process.argv[2] ?? 200);
const gz = async (f) => gzipSync(await readFile(f), { level: 9 }).length;
const { server, url } = await startServer('.', 0);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const page = await browser.newPage();
await page.goto(new URL('bench/pages/plain.html', url).href);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const rows = await page.evaluate(async (runs) => {
  const m = await import('/target/bench/boundary/glossa.js');
  await m.default({ module_or_path: '/target/bench/boundary/glossa_bg.wasm' });
  const get = (p) => fetch(p).then((r) => r.json());
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
  const time = (f) => {
    for (let i = 0; i < 20; i++) f();
    const t = [];
    // 10 calls per sample: the browser's clock is coarse (0.1 ms).
    for (let i = 0; i < runs; i++) { const t0 = performance.now(); for (let k = 0; k < 10; k++) f(); t.push((performance.now() - t0) / 10); }
    return median(t);
  };
  const out = [];
  for (const ex of ['it-implicit', 'pl-poquad']) {
    const spec = await get(`/www/examples/${ex}/spec.json`);
    const [item] = await get(`/www/examples/${ex}/items.json`);
    const specText = JSON.stringify(spec);
    if (!m.benchReadJson(JSON.stringify(spec), JSON.stringify(item)) || !m.benchReadJs(spec, item)) throw new Error(`${ex}: not read`);
    out.push({
      ex,
      bytes: specText.length + JSON.stringify(item).length,
      inJson: time(() => m.benchReadJson(JSON.stringify(spec), JSON.stringify(item))),
      inJs: time(() => m.benchReadJs(spec, item)),
      outJson: time(() => JSON.parse(m.benchWriteJson(specText))),
      outJs: time(() => m.benchWriteJs(specText)),
    });
  }
  return out;
}, RUNS);
await browser.close();
server.close();
const [withSwb, choice] = [await gz('target/bench/boundary/glossa_bg.wasm'), await gz('www/pkg/full/glossa_bg.wasm')];
console.log(`JS boundary, ${RUNS} runs each, CPU throttling 4x, ${browser.version()}: median ms per call`);
console.log('| example (spec + item JSON) | in: JSON text | in: JS objects (serde-wasm-bindgen) | out: JSON text + JSON.parse | out: JS object (serde-wasm-bindgen) |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const r of rows) console.log(`| ${r.ex} (${(r.bytes / 1024).toFixed(1)} KB) | ${r.inJson.toFixed(2)} | ${r.inJs.toFixed(2)} | ${r.outJson.toFixed(2)} | ${r.outJs.toFixed(2)} |`);
console.log(`(out: each includes the same parse of the spec, so the difference is the hand-over)`);
console.log(`bytes: the full build ${(choice / 1024).toFixed(1)} KB gzip wasm; with serde-wasm-bindgen both ways (and the bench functions) ${(withSwb / 1024).toFixed(1)} KB: +${((withSwb - choice) / 1024).toFixed(1)} KB`);
