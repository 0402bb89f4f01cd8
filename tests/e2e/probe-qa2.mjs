import { launch, openPage, QaTask } from './harness.mjs';
const env = await launch();
const pos = (page, w, n) => page.locator('.glossa-span-text').evaluate((el, [w, n]) => {
  let seen = -1;
  for (const p of el.children) { const t = p.firstChild; let at = -1;
    while (t && (at = t.data.indexOf(w, at + 1)) >= 0) { if (++seen === n) { const r = document.createRange(); r.setStart(t, at); r.setEnd(t, at + w.length); const b = r.getClientRects()[0]; return { x: b.left + b.width / 2, y: b.top + b.height / 2 }; } } }
}, [w, n]);
let bad = 0;
for (let run = 0; run < 8; run++) {
  const { page, context } = await openPage(env, `?spec=www/examples/pl-poquad/spec.json&items=tests/fixtures/qa/pl-gdynia-items.json&participant=r${run}`, { viewport: { width: 1280, height: 800 } });
  const task = await new QaTask(page).ready();
  await task.question(1).fill('Czy w pierwszej połowie XX wieku w Gdyni była komunikacja miejska?');
  // The annotator scrolls the paragraph until the sentence shows near the bottom of its box.
  await page.locator('.glossa-span-text').evaluate((el, k) => { el.scrollTop = 0; const r = document.createRange(); const t = el.firstElementChild.firstChild; const at = t.data.indexOf('Początki'); r.setStart(t, at); r.setEnd(t, at + 8); const box = el.getBoundingClientRect(); el.scrollTop += r.getBoundingClientRect().bottom - Math.min(box.bottom, innerHeight) + 4 + k * 6; }, run % 4);
  await page.waitForTimeout(100);
  const a = await pos(page, 'Początki', 0), b = await pos(page, "1927 roku", 0);
  await page.mouse.click(a.x, a.y);
  await page.waitForTimeout(run % 2 ? 120 : 700);
  const b2 = await pos(page, "1927 roku", 0);
  await page.mouse.click(b.x, b.y);
  await page.waitForTimeout(800);
  const bar = await page.locator('.glossa-assign-selected').textContent().catch(() => null);
  if (!bar?.includes('Początki')) bad++;
  console.log(run, JSON.stringify(a), JSON.stringify(b), JSON.stringify(b2), await page.evaluate(() => scrollY), bar);
  await context.close();
}
console.log('bad', bad);
await env.close();
