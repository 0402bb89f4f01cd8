// A tiny static file server for the demo and the end-to-end tests (no dependencies).
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.jsonl': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm', '.png': 'image/png', '.svg': 'image/svg+xml', '.md': 'text/plain; charset=utf-8',
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.wav': 'audio/wav', '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg', '.opus': 'audio/ogg', '.m4a': 'audio/mp4', '.mp4': 'video/mp4', '.webm': 'video/webm',
};

/** Whether `file` (a real path) lies inside `root` (a real path). */
function inside(root, file) {
  const rel = relative(root, file);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Serves `root` on 127.0.0.1:`port` (0 = any free port). Resolves to {server, url}. Only files
 * inside `root` are served: the decoded path is resolved, symbolic links followed, and the real
 * path checked against the real root (`/..%2fsibling/…` and links out of the root get 404).
 * Responses are `no-store`, unless `cache` is given: then `cache-control: max-age=<cache>`, as
 * a static host would send (the benchmark's repeat visit with a warm HTTP cache). With `cors`,
 * every response allows any origin (`access-control-allow-origin: *`), as the hosts the
 * Qualtrics guide names are set up to do. With `standIn` (the demo while `scripts/serve.sh`
 * finishes the other builds), a participant build not built yet is served by the `media` build,
 * which has every kind (its stylesheet is `www/glossa.css` whole). With `gzip` (the benchmark's
 * phone network), a whole text or wasm file is sent gzipped to a browser that accepts it, as
 * static hosts send them.
 */
export function startServer(root, port = 0, { cache = 0, cors = false, standIn = false, gzip = false } = {}) {
  const zipped = new Map();
  const cacheControl = cache > 0 ? `max-age=${cache}` : 'no-store';
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    try {
      const realBase = await realpath(base);
      let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (path.includes('\0')) throw new Error('bad path');
      const build = standIn && path.match(/^\/www\/pkg\/(choice|number|grid|labels|rating|listen|full)\/(.+)$/);
      if (build && !(await stat(join(base, path)).catch(() => null))) {
        path = build[2] === 'glossa.css' ? '/www/glossa.css' : `/www/pkg/media/${build[2]}`;
      }
      let file = await realpath(resolve(realBase, `.${path.startsWith('/') ? path : `/${path}`}`));
      if (!inside(realBase, file)) throw new Error('outside root');
      if ((await stat(file)).isDirectory()) file = await realpath(join(file, 'index.html'));
      if (!inside(realBase, file)) throw new Error('outside root');
      const body = await readFile(file);
      const headers = {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': cacheControl,
        'accept-ranges': 'bytes',
        ...(cors ? { 'access-control-allow-origin': '*' } : {}),
      };
      // A part of the file (a media player seeking): `bytes=a-b`, `bytes=a-`.
      const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
      if (range && (range[1] || range[2])) {
        const start = range[1] ? Number(range[1]) : Math.max(0, body.length - Number(range[2]));
        const end = range[1] && range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
        if (start > end || start >= body.length) {
          res.writeHead(416, { 'content-range': `bytes */${body.length}` });
          res.end();
          return;
        }
        res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${body.length}` });
        res.end(body.subarray(start, end + 1));
        return;
      }
      if (gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && /text|json|javascript|wasm|svg/.test(headers['content-type'])) {
        if (!zipped.has(file) || zipped.get(file).from !== body.length) zipped.set(file, { from: body.length, bytes: gzipSync(body, { level: 6 }) });
        res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' });
        res.end(zipped.get(file).bytes);
        return;
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  return new Promise((ok) => server.listen(port, '127.0.0.1', () => {
    ok({ server, url: `http://localhost:${server.address().port}/` });
  }));
}

const USAGE = `Usage: node scripts/static-server.mjs [FOLDER] [--stand-in]

Serves FOLDER (default: the current folder) on http://localhost:$PORT/ (PORT=8080 by default;
0 for any free port), only the files inside it, each with no-store.
  --stand-in  a participant build not built yet is served by the media build (scripts/serve.sh)
  --help      this text`;

/** The command line: the folder and the options; an unknown option or a second folder is an error. */
export function parseArgs(argv) {
  const out = { folder: '.', standIn: false, help: false, error: null };
  const folders = [];
  for (const a of argv) {
    if (a === '--help' || a === '-h') out.help = true;
    else if (a === '--stand-in') out.standIn = true;
    else if (a.startsWith('-')) out.error = `unknown option: ${a}`;
    else folders.push(a);
  }
  if (folders.length > 1) out.error = `one folder, not ${folders.length}: ${folders.join(' ')}`;
  if (folders.length) [out.folder] = folders;
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs(process.argv.slice(2));
  if (args.help || args.error) {
    if (args.error) console.error(`${args.error}\n`);
    console[args.error ? 'error' : 'log'](USAGE);
    process.exit(args.error ? 2 : 0);
  }
  const port = Number(process.env.PORT ?? 8080);
  const { url } = await startServer(args.folder, port, { standIn: args.standIn });
  console.log(`Glossa demo: ${url}  (Ctrl+C to stop)`);
}
