// The cross-engine tier: every family answered through the UI in Chromium, Firefox and
// WebKit (over W3C WebDriver: chromedriver, geckodriver, WebKitWebDriver under Xvfb); each
// engine's results must equal Chromium's for the same steps (same answers, same offsets).
// `ENGINES=firefox,webkit` picks engines (Chromium always runs: it is the reference).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/static-server.mjs';
import { launchEngine } from './webdriver.mjs';
import { SCENARIOS, comparable } from './scenarios.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OTHERS = (process.env.ENGINES ?? 'firefox,webkit').split(',').filter(Boolean);
let server;
let base;
const reference = {};

before(async () => {
  const s = await startServer(ROOT, 0);
  server = s.server;
  base = s.url.replace('localhost', '127.0.0.1');
});
after(() => new Promise((ok) => server.close(ok)));

/** Runs every scenario in one engine's session; returns results by scenario. */
async function runAll(engine, t) {
  const started = Date.now();
  const session = await launchEngine(engine);
  t.diagnostic(`${engine} ${session.version}: session in ${Date.now() - started} ms`);
  const out = {};
  try {
    let n = 0;
    for (const [name, scenario] of Object.entries(SCENARIOS)) {
      const t0 = Date.now();
      out[name] = comparable(await scenario(session, base, `${engine}-${++n}-${Date.now()}`));
      t.diagnostic(`${engine}: ${name}: ${Date.now() - t0} ms`);
    }
  } finally {
    await session.quit();
  }
  t.diagnostic(`${engine}: ${Date.now() - started} ms in all`);
  return out;
}

/** Runs the scenarios; a driver or browser that fails outright (a crashed web process, a hung
 *  session — both seen under Xvfb, rarely) gets one fresh session more, and says so. Results
 *  that differ are never retried: they fail the comparison. */
async function runWithRetry(engine, t) {
  try {
    return await runAll(engine, t);
  } catch (err) {
    t.diagnostic(`${engine}: ${err.message.split('\n')[0]} — retrying once in a fresh session`);
    return runAll(engine, t);
  }
}

test('chromium (the reference): every scenario submits', async (t) => {
  Object.assign(reference, await runWithRetry('chromium', t));
  assert.equal(Object.keys(reference).length, Object.keys(SCENARIOS).length);
});

for (const engine of OTHERS) {
  test(`${engine}: every scenario gives Chromium's result`, async (t) => {
    assert.ok(Object.keys(reference).length, 'the Chromium reference ran');
    const got = await runWithRetry(engine, t);
    for (const name of Object.keys(SCENARIOS)) {
      assert.deepEqual(got[name], reference[name], `${engine}: ${name}`);
    }
  });
}
