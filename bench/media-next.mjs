// Benchmark (not a test): how soon the next item's recording is ready in a listening test on a
// phone's network — Lighthouse's mobile throttling ("Slow 4G": 150 ms round trip, 1.6 Mbps down,
// 750 kbps up) over the P.808 example in the pilot runner, served as a static host serves it
// (files cacheable for 10 minutes). From the click on Next to the next item's player being
// ready (its file loaded whole), with the runner fetching the next item's files while the
// current one is answered, and without (`prefetch=0`). The clips are 48 KB WAV files.
// Run via: scripts/build.sh listen && node bench/media-next.mjs [runs=5]
import { chromium } from '../tests/e2e/node_modules/playwright-core/index.mjs';
import { startServer } from '../scripts/static-server.mjs';
import { CHROMIUM_ARGS } from '../tests/e2e/harness.mjs';

const RUNS = Number(process.argv[2] ?? 5);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const max = (xs) => Math.max(...xs);
const { server, url } = await startServer('.', 0, { cache: 600 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
// Lighthouse's mobile network (its "Slow 4G" throttling; DevTools' own figures).
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** One participant's session: per item after the first, ms from Next to the player ready. */
async function session(prefetch, run) {
  // (No offline worker: its fetches would bypass the page's throttled network.)
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await page.goto(new URL(`index.html?example=en-p808-acr&participant=bench-${run}-${prefetch}${prefetch ? '' : '&prefetch=0'}`, url).href);
  const out = [];
  for (let i = 0; i < 4; i++) {
    await page.locator('.glossa-form .glossa-player[data-status="ready"]').waitFor({ timeout: 120000 });
    await page.locator('.glossa-form .glossa-play').tap();
    await page.locator('.glossa-form .glossa-player[data-ended="true"]').waitFor({ timeout: 120000 });
    await page.getByRole('radio', { name: /Good/ }).first().tap();
    await page.locator('.glossa-submit').tap();
    await page.locator('#next').waitFor();
    // (The answer takes the participant a few seconds; the prefetch has at least the clip's.)
    out.push(await page.evaluate(() => new Promise((ok) => {
      const t0 = performance.now();
      document.getElementById('next').click();
      const poll = () => {
        const p = document.querySelector('.glossa-form .glossa-player');
        const a = p?.querySelector('audio');
        // Ready: the new item's player, its whole file buffered.
        const whole = a && a.duration > 0 && a.buffered.length && a.buffered.end(a.buffered.length - 1) >= a.duration - 0.05;
        if (p && p.dataset.ended === 'false' && whole) ok(performance.now() - t0); else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    })));
  }
  await context.close();
  return out;
}

const rows = { 'next item ready, fetched ahead': [], 'next item ready, not fetched ahead (prefetch=0)': [] };
for (let r = 0; r < RUNS; r++) {
  rows['next item ready, fetched ahead'].push(...await session(true, r));
  rows['next item ready, not fetched ahead (prefetch=0)'].push(...await session(false, r));
}
await browser.close();
server.close();
console.log(`P.808 pilot on Lighthouse's mobile network (Slow 4G), ${RUNS} sessions × 4 items, ms from Next to the next clip loaded whole:`);
for (const [name, xs] of Object.entries(rows)) {
  console.log(`  ${name.padEnd(52)} median ${median(xs).toFixed(0).padStart(5)}   max ${max(xs).toFixed(0).padStart(5)}   (n=${xs.length})`);
}
