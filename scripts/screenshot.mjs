// Regenerates docs/screenshot.png (the README's picture of the demo). Needs a built bundle:
//   scripts/build.sh && node scripts/screenshot.mjs
import { chromium } from '../tests/e2e/node_modules/playwright-core/index.mjs';
import { startServer } from './static-server.mjs';
import { CHROMIUM_ARGS } from '../tests/e2e/harness.mjs';

const { server, url } = await startServer('.', 0);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 900, height: 1200 }, deviceScaleFactor: 1 });
await page.goto(`${url}?example=it-implicit&item=2`);
await page.getByRole('radio', { name: 'Totalmente corretto', exact: true }).check();
await page.getByRole('button', { name: 'Definizione di «Totalmente corretto»' }).click();
await page.locator('.card').first().screenshot({ path: 'docs/screenshot.png' });
await browser.close();
server.close();
console.log('wrote docs/screenshot.png');
