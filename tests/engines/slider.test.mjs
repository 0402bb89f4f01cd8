// An untouched Direct Assessment slider shows no position in any engine: read by pixels, its
// track is one colour from end to end (a native range filled up to its value, 50, would be an
// anchor at 50), and it gains a thumb once set.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchEngine, servedRepo, ENGINES } from './webdriver.mjs';
import { decodePng } from './png.mjs';

const site = servedRepo(before, after);

/** The colours along the middle row of the slider's track (its inner 90%), read from a
 *  screenshot of the viewport cropped to the slider (element screenshots come back black from
 *  WebKitWebDriver under Xvfb). */
async function track(s) {
  const rect = await s.run(() => {
    const r = document.querySelector('.glossa-slider input[type=range]').getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height, dpr: devicePixelRatio };
  });
  const png = decodePng(Buffer.from(await s.cmd('GET', '/screenshot'), 'base64'));
  const y = Math.floor((rect.y + rect.h / 2) * rect.dpr);
  const out = [];
  for (let f = 0.05; f <= 0.95; f += 0.01) out.push(png.pixel(Math.floor((rect.x + rect.w * f) * rect.dpr), y));
  return out;
}

const distance = (a, b) => Math.max(...a.slice(0, 3).map((v, i) => Math.abs(v - b[i])));

for (const engine of ENGINES) {
  test(`${engine}: an untouched slider's track is even; a set one shows its thumb`, async (t) => {
    const s = await launchEngine(engine);
    t.diagnostic(`${engine} ${s.version}`);
    try {
      await s.goto(`${site.base}index.html?example=en-de-da&participant=slider-${engine}-${Date.now()}`);
      await s.waitFor(() => document.querySelector('.glossa-slider.is-untouched input[type=range]'), [], 'the slider');
      await s.run(() => document.querySelector('.glossa-slider').scrollIntoView({ block: 'center' }));
      const before = await track(s);
      const spread = Math.max(...before.map((p) => distance(p, before[0])));
      assert.ok(spread <= 12, `${engine}: the untouched track varies by ${spread} along its length: ${JSON.stringify(before)}`);
      // Set it by keyboard: the thumb appears where the value is (the track is no longer even).
      const el = await s.element(() => document.querySelector('.glossa-slider input[type=range]'));
      await s.click(el);
      await s.press('\uE014'); // ArrowRight
      await s.waitFor(() => !document.querySelector('.glossa-slider input[type=range]').closest('.is-untouched'), [], 'the slider set');
      const after = await track(s);
      const moved = Math.max(...after.map((p, i) => distance(p, before[i])));
      assert.ok(moved > 40, `${engine}: a set slider shows its thumb: ${JSON.stringify(after)}`);
      assert.ok(distance(before[0], [0, 0, 0]) > 40, `${engine}: the screenshot shows the page`);
    } finally {
      await s.quit();
    }
  });
}
