// Listening tests in Chromium, Firefox and WebKit (WebDriver, as a participant's browser): the
// P.808 example hosted by `glossa host pilot` (its clips copied beside the items, played under
// the page's policy), nothing playing before a click, a rating refused before the clip has
// played to its end, then accepted, the result recording the play — the same in every engine.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cp, copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/static-server.mjs';
import { ENGINES, launchEngine } from './webdriver.mjs';
import { submit } from './scenarios.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'target/debug/glossa'); // built by the native test step
const servers = [];
after(() => Promise.all(servers.map((s) => new Promise((ok) => s.close(ok)))));

let site;
/** The P.808 example as `glossa host pilot` writes it, served once. */
async function hosted() {
  if (site) return site;
  const example = join(ROOT, 'www/examples/en-p808-acr');
  const study = await mkdtemp(join(tmpdir(), 'glossa-media-study-'));
  await copyFile(join(example, 'spec.json'), join(study, 'spec.json'));
  await copyFile(join(example, 'items.json'), join(study, 'items.json'));
  await cp(join(example, 'clips'), join(study, 'clips'), { recursive: true });
  const out = join(await mkdtemp(join(tmpdir(), 'glossa-media-')), 'upload');
  execFileSync(CLI, ['host', 'pilot', study, '--out', out], { cwd: ROOT, stdio: 'pipe' });
  const { server, url } = await startServer(out, 0);
  servers.push(server);
  site = url.replace('localhost', '127.0.0.1');
  return site;
}

for (const engine of ENGINES) {
  test(`${engine}: a clip plays after a click, a rating waits for its end, the result records the play`, async (t) => {
    const base = await hosted();
    const s = await launchEngine(engine);
    t.diagnostic(`${engine} ${s.version}`);
    try {
      await s.goto(`${base}index.html?participant=media-${engine}`);
      await s.waitFor(() => document.querySelector('.glossa-form .glossa-player[data-status="ready"]') && window.glossaHandle, [], 'the player, its file loaded');
      assert.deepEqual(await s.run(() => [...document.querySelectorAll('audio')].map((a) => a.paused)), [true], 'nothing plays before a click');
      const good = `function () { const i = document.querySelector('.glossa-scale input[value="4"]'); return i && i.closest('label'); }`;
      await s.click(await s.element(good));
      await submit(s);
      await s.waitFor(() => document.body.textContent.includes('Play the recording to the end before you answer.'), [], 'the refusal');
      assert.equal(await s.run(() => window.glossaReceived?.length ?? 0), 0);
      await s.click(await s.element(() => document.querySelector('.glossa-form .glossa-play')));
      await s.waitFor(() => document.querySelector('.glossa-form .glossa-player[data-ended="true"]'), [], 'the clip played to its end');
      await submit(s);
      const [result] = await s.waitFor(() => window.glossaReceived?.length && window.glossaReceived, [], 'the result');
      assert.equal(result.answers.quality, 4);
      const clip = result.media.clip;
      assert.deepEqual([clip.plays, clip.ended, clip.loaded, clip.duration_ms], [1, true, true, 1500]);
      // Heard once, whole, in the file's own time (to the ms: engines' clocks round apart).
      assert.ok(Math.abs(clip.heard_ms - 1500) <= 1, `heard ${clip.heard_ms} ms`);
    } finally {
      await s.quit();
    }
  });
}
