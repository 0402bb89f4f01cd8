// The strict Content-Security-Policy of the pages `glossa host` writes, in Chromium, Firefox
// and WebKit: the generated pilot runs a choice item (choice build) and paints a span selection
// (full build) with its stylesheet applied, no violation while it is used, and the policy in
// force (an injected inline script does not run). A page whose wasm, strings or stylesheet the
// policy blocked would show no widget, an error panel, or unstyled controls.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/static-server.mjs';
import { launchEngine } from './webdriver.mjs';
import { clickRadio, submit, tapWord } from './scenarios.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'target/debug/glossa'); // built by the native test step
const ENGINES = ['chromium', ...(process.env.ENGINES ?? 'firefox,webkit').split(',').filter(Boolean)];
const sites = {};
const servers = [];

/** A `glossa host pilot` folder for an example, served; its base URL. */
async function hosted(example, items) {
  const study = await mkdtemp(join(tmpdir(), 'glossa-csp-study-'));
  await copyFile(join(ROOT, `www/examples/${example}/spec.json`), join(study, 'spec.json'));
  await copyFile(join(ROOT, items), join(study, 'items.json'));
  const out = join(await mkdtemp(join(tmpdir(), 'glossa-csp-')), 'upload');
  execFileSync(CLI, ['host', 'pilot', study, '--out', out], { cwd: ROOT, stdio: 'pipe' });
  const { server, url } = await startServer(out, 0);
  servers.push(server);
  return url.replace('localhost', '127.0.0.1');
}

before(async () => {
  sites.choice = await hosted('it-implicit', 'tests/fixtures/it-two-items.json');
  sites.full = await hosted('cs-propaganda', 'www/examples/cs-propaganda/items.json');
});
after(() => Promise.all(servers.map((s) => new Promise((ok) => s.close(ok)))));

/** Starts recording violations (those while loading show as a page that does not work). */
const listen = () => {
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  return true;
};

for (const engine of ENGINES) {
  test(`${engine}: the generated pages work under their policy`, async (t) => {
    const s = await launchEngine(engine);
    t.diagnostic(`${engine} ${s.version}`);
    try {
      await s.goto(`${sites.choice}index.html?participant=csp-${engine}`);
      // The page carries the item's screen; the widget takes it over (the early taps a
      // participant makes before that are tested in tests/e2e/first-screen.test.mjs).
      await s.waitFor(() => document.querySelector('input[value=totalmente_corretto]') && !document.querySelector('[data-glossa-item]') && window.glossaHandle, [], 'the widget');
      await s.run(listen);
      const styled = await s.run(() => getComputedStyle(document.querySelector('.glossa-submit')).minHeight);
      assert.equal(styled, '48px', 'the build stylesheet applies');
      await clickRadio(s, 'input[value=parzialmente_corretto]');
      await submit(s);
      const [result] = await s.waitFor(() => window.glossaReceived?.length && window.glossaReceived, [], 'the result');
      assert.equal(result.answers.valutazione, 'parzialmente_corretto');
      assert.deepEqual(await s.run(() => window.__violations), []);
      const ran = await s.run(() => {
        const el = document.createElement('script');
        el.textContent = 'window.__ran = true';
        document.body.append(el);
        return window.__ran === true;
      });
      assert.equal(ran, false, 'an injected inline script does not run');

      await s.goto(`${sites.full}index.html?participant=csp-${engine}`);
      await s.waitFor(() => document.querySelector('.glossa-span-text'), [], 'the span text');
      await s.run(listen);
      await tapWord(s, 'Nenasytní');
      await tapWord(s, 'eurokraté');
      await s.waitFor(() => document.body.textContent.includes('Vybráno: „Nenasytní eurokraté“'), [], 'the selection');
      assert.deepEqual(await s.run(() => window.__violations), []);
    } finally {
      await s.quit();
    }
  });
}
