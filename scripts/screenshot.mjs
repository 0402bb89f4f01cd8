// Regenerates docs/src/images/screenshot.png (the README's picture of the demo). Needs a built bundle:
//   scripts/build.sh && node scripts/screenshot.mjs
import { chromium } from '../tests/e2e/node_modules/playwright-core/index.mjs';
import { startServer } from './static-server.mjs';
import { CHROMIUM_ARGS, wordCentre } from '../tests/e2e/harness.mjs';

const { server, url } = await startServer('.', 0);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 900, height: 1200 }, deviceScaleFactor: 1 });
await page.goto(`${url}?example=it-implicit&item=2`);
await page.getByRole('radio', { name: 'Totalmente corretto', exact: true }).check();
await page.getByRole('button', { name: 'Definizione di «Totalmente corretto»' }).click();
await page.locator('.card').first().screenshot({ path: 'docs/src/images/screenshot.png' });

// The question-authoring task on a phone: two questions, one fragment marked, the overlap badge.
const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });
await phone.goto(`${url}?example=pl-poquad`);
const q = (n) => phone.locator('li.glossa-question').nth(n - 1).getByRole('textbox', { name: 'Treść pytania' });
await q(1).fill('Ile lat trwały badania prowadzące do publikacji z 1781?');
const text = phone.locator('.glossa-span-text');
for (const w of ['następną', 'dekadę']) {
  const at = await wordCentre(text, w);
  await phone.touchscreen.tap(at.x, at.y);
}
await phone.getByRole('button', { name: 'Dodaj do pytania 1', exact: true }).tap();
await phone.getByRole('textbox', { name: 'Forma bazowa odpowiedzi' }).fill('dziesięć lat');
await phone.locator('.glossa-questions').scrollIntoViewIfNeeded();
await phone.evaluate(() => window.scrollBy(0, document.querySelector('.glossa-questions').getBoundingClientRect().top - 8));
await phone.screenshot({ path: 'docs/src/images/questions.png' });
await browser.close();
server.close();
console.log('wrote docs/src/images/screenshot.png, docs/src/images/questions.png');
