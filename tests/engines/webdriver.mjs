// A small W3C WebDriver client (no dependencies): starts a driver (geckodriver, WebKitWebDriver
// under Xvfb, chromedriver), opens a session and drives it. Enough for the cross-engine tier.
import { spawn, execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/static-server.mjs';

/** The engines a test file runs in: Chromium, and those `ENGINES` names (Firefox and WebKit). */
export const ENGINES = ['chromium', ...(process.env.ENGINES ?? 'firefox,webkit').split(',').filter(Boolean)];

/** The repository served for a test file from its `before` to its `after`: `site.base` is its
 *  address (on 127.0.0.1, which every engine treats alike). */
export function servedRepo(before, after) {
  const site = { base: null, server: null };
  before(async () => {
    const s = await startServer(fileURLToPath(new URL('../..', import.meta.url)), 0);
    site.server = s.server;
    site.base = s.url.replace('localhost', '127.0.0.1');
  });
  after(() => new Promise((ok) => site.server.close(ok)));
  return site;
}

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => ok(port)); });
    s.on('error', fail);
  });
}

function which(cmd) {
  try { return execFileSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).trim() || null; } catch { return null; }
}

/** The engines this machine can run, with how to start each driver and what to ask it for. */
export function engines() {
  const webkitLib = ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1', '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1']
    .find((d) => { try { execFileSync('test', ['-x', `${d}/MiniBrowser`]); return true; } catch { return false; } });
  return {
    chromium: {
      driver: process.env.CHROMEDRIVER ?? which('chromedriver'),
      args: (port) => [`--port=${port}`],
      capabilities: { browserName: 'chrome', 'goog:chromeOptions': { binary: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--window-size=1280,1024'] } },
    },
    firefox: {
      driver: process.env.GECKODRIVER ?? which('geckodriver'),
      args: (port) => ['--port', String(port)],
      capabilities: { browserName: 'firefox', 'moz:firefoxOptions': { binary: which('firefox-esr') ?? which('firefox'), args: ['-headless'] } },
    },
    webkit: {
      // MiniBrowser has no headless mode: it needs a display, so the driver runs under Xvfb.
      driver: which('WebKitWebDriver') && which('xvfb-run') ? 'xvfb-run' : null,
      args: (port) => ['-a', '-s', '-screen 0 1280x1024x24', which('WebKitWebDriver'), `--port=${port}`],
      env: { WEBKIT_SKIA_CPU_PAINTING_THREADS: '0' },
      capabilities: { 'webkitgtk:browserOptions': { binary: `${webkitLib}/MiniBrowser`, args: ['--automation'] } },
    },
  };
}

/** Starts `engine`'s driver and opens a session; resolves to a {@link Session}. */
export async function launchEngine(name) {
  const e = engines()[name];
  if (!e?.driver) throw new Error(`${name}: no driver on this machine (run scripts/setup.sh test)`);
  const port = await freePort();
  const proc = spawn(e.driver, e.args(port), { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...e.env }, detached: true });
  let stderr = '';
  proc.stderr.on('data', (d) => { stderr = (stderr + d).slice(-4000); });
  const base = `http://127.0.0.1:${port}`;
  const kill = () => { try { process.kill(-proc.pid, 'SIGTERM'); } catch { /* gone */ } };
  try {
    const until = Date.now() + 30000;
    for (;;) {
      try { if ((await fetch(`${base}/status`, { signal: AbortSignal.timeout(2000) })).ok) break; } catch { /* not yet */ }
      if (Date.now() > until) throw new Error(`${name}: driver did not start: ${stderr}`);
      await new Promise((ok) => setTimeout(ok, 200));
    }
    // Without a display WebKit never answers: the session request has its own time limit.
    const r = await fetch(`${base}/session`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ capabilities: { alwaysMatch: e.capabilities } }),
      signal: AbortSignal.timeout(90000),
    });
    const body = await r.json();
    if (!r.ok) throw new Error(`${name}: no session: ${JSON.stringify(body.value)}`);
    const session = new Session(name, `${base}/session/${body.value.sessionId}`, kill);
    session.version = body.value.capabilities.browserVersion;
    await session.cmd('POST', '/timeouts', { script: 60000, pageLoad: 60000 });
    await session.cmd('POST', '/window/rect', { width: 1280, height: 1000 }).catch(() => {});
    return session;
  } catch (err) {
    kill();
    throw err;
  }
}

/** One browser session. */
export class Session {
  constructor(engine, url, kill) { this.engine = engine; this.url = url; this.kill = kill; }

  async cmd(method, path, body) {
    const r = await fetch(this.url + path, {
      method, headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(120000),
    });
    const json = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(`${this.engine}: ${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
    return json.value;
  }

  goto(url) { return this.cmd('POST', '/url', { url }); }
  reload() { return this.cmd('POST', '/refresh', {}); }

  /** Runs `fn` (a function, serialised) in the page with `args`; returns its (JSON) value. */
  run(fn, ...args) { return this.cmd('POST', '/execute/sync', { script: `return (${fn}).apply(null, arguments)`, args }); }

  /** Polls `fn` in the page until it returns something truthy; returns that. */
  async waitFor(fn, args = [], what = String(fn), timeout = 30000) {
    const until = Date.now() + timeout;
    for (;;) {
      const v = await this.run(fn, ...args).catch(() => null);
      if (v) return v;
      if (Date.now() > until) throw new Error(`${this.engine}: timed out waiting for ${what}`);
      await new Promise((ok) => setTimeout(ok, 100));
    }
  }

  /** The element `fn` returns in the page (a WebDriver element reference), once it does. */
  async element(fn, ...args) {
    const until = Date.now() + 15000;
    for (;;) {
      const el = await this.cmd('POST', '/execute/sync', { script: `return (${fn}).apply(null, arguments)`, args }).catch(() => null);
      if (el && el[ELEMENT]) return el;
      if (Date.now() > until) throw new Error(`${this.engine}: no element from ${fn}`);
      await new Promise((ok) => setTimeout(ok, 100));
    }
  }

  /** Clicks an element as a user would (the driver scrolls it into view). */
  async click(el) { await this.cmd('POST', `/element/${el[ELEMENT]}/click`, {}); }

  /** Types into an element. */
  async type(el, text) { await this.cmd('POST', `/element/${el[ELEMENT]}/value`, { text }); }

  /** Presses a key (a WebDriver key value: '\uE012' is ArrowLeft, '\uE007' Enter), with Shift
   *  held when asked, in the element that has focus. */
  async press(key, { shift = false } = {}) {
    const SHIFT = '\uE008';
    const actions = [
      ...(shift ? [{ type: 'keyDown', value: SHIFT }] : []),
      { type: 'keyDown', value: key }, { type: 'keyUp', value: key },
      ...(shift ? [{ type: 'keyUp', value: SHIFT }] : []),
    ];
    await this.cmd('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] });
    await this.cmd('DELETE', '/actions');
  }

  /** A pointer press and release at viewport coordinates (a tap or click on the text). */
  async tap(x, y) {
    await this.cmd('POST', '/actions', {
      actions: [{
        type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' },
        actions: [
          { type: 'pointerMove', duration: 0, origin: 'viewport', x: Math.round(x), y: Math.round(y) },
          { type: 'pointerDown', button: 0 }, { type: 'pause', duration: 30 }, { type: 'pointerUp', button: 0 },
        ],
      }],
    });
    await this.cmd('DELETE', '/actions').catch(() => {});
  }

  async quit() {
    await this.cmd('DELETE', '').catch(() => {});
    this.kill();
  }
}
