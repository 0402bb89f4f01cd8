import { launch, openPage, QaTask, wordCentre } from './harness.mjs';
const env = await launch();
let bad = 0;
for (let run = 0; run < 8; run++) {
  const { page, context } = await openPage(env, `?spec=www/examples/pl-poquad/spec.json&items=tests/fixtures/qa/pl-gdynia-items.json&participant=r${run}`, { viewport: { width: 1280, height: 800 } });
  const task = await new QaTask(page).ready();
  await task.question(1).fill('Czy w pierwszej połowie XX wieku w Gdyni była komunikacja miejska?');
  let at = await wordCentre(task.text(), 'Początki');
  await page.mouse.click(at.x, at.y);
  await page.waitForTimeout(run % 2 ? 120 : 700);
  at = await wordCentre(task.text(), 'roku', 2);
  await page.mouse.click(at.x, at.y);
  await page.waitForTimeout(800);
  const bar = await page.locator('.glossa-assign-selected').textContent().catch(() => null);
  if (!bar?.includes('Początki')) bad++;
  console.log(run, bar);
  await context.close();
}
console.log('bad', bad);
await env.close();
