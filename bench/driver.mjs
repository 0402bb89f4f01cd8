// What the page-load benchmarks' driver shares, so that it disturbs no page it times:
// - `serve`: a static server in a process of its own, as a real host's is (in the driver's
//   process, its responses would wait behind the protocol's events for every request, which
//   falls hardest on the pages that ask for the most files);
// - `say` / `said`: the page tells the driver that a moment came (a console line), so the driver
//   runs nothing in the page while it loads (a polled `waitForFunction` first evaluates
//   Playwright's own script in the page, some 50 ms of a 4×-throttled thread, landing wherever
//   the page then is, on its critical path or not).
import { once } from 'node:events';
import { spawn } from 'node:child_process';

/** A static server of the repository's root (scripts/static-server.mjs `options`) in a process
 *  of its own: `{ url, close }`. */
export async function serve(options = {}) {
  const code = `const { startServer } = await import(${JSON.stringify(new URL('../scripts/static-server.mjs', import.meta.url).href)});
    const { url } = await startServer('.', 0, ${JSON.stringify(options)}); console.log(url);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = await once(child.stdout, 'data');
  return { url: String(line).trim(), close: () => child.kill() };
}

/** The init-script line that says `name` came at `ms` (a number). */
export const say = (name, ms) => `console.debug(${JSON.stringify(`glossa-bench ${name}`)}, ${ms})`;

/** Resolves to the ms the page said for `name`; rejects after `limit` ms, naming `what`. */
export function said(page, name, what, limit = 120000) {
  const prefix = `glossa-bench ${name} `;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: "${name}" did not come within ${limit / 1000} s`)), limit);
    const listen = (m) => {
      if (!m.text().startsWith(prefix)) return;
      clearTimeout(timer);
      page.off('console', listen);
      resolve(Number(m.text().slice(prefix.length)));
    };
    page.on('console', listen);
  });
}
