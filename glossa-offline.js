// The pilot's offline worker (a service worker, registered by www/hosts/pilot.js for a
// participant's study): the page and every file it loads are kept in the browser, so a reload
// without network — a train, a lift, a server restarting — opens the study where it was. The
// answers themselves are the outbox's (localStorage), sent when the network returns.
//
// Network first: while the network answers, the participant gets the files as served (a
// researcher's fix reaches them at once) and the copy is refreshed; only when it does not are
// the kept copies given. Only GET requests to this origin are touched: results are POSTed past
// it, untouched. The page hands over what it loaded before the worker ran (`{keep: [urls]}`).
const KEPT = 'glossa-pilot-1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));

/** Keeps a fresh copy of a response (a whole 200 of this origin). */
async function keep(request, response) {
  if (response.ok && response.status === 200 && response.type === 'basic') {
    await (await caches.open(KEPT)).put(request, response);
  }
}

self.addEventListener('message', (e) => {
  const urls = Array.isArray(e.data?.keep) ? e.data.keep : [];
  e.waitUntil((async () => {
    await Promise.all(urls.map(async (url) => {
      try {
        if (new URL(url).origin !== location.origin) return;
        // From the browser's HTTP cache where the host allows it: no second download.
        await keep(url, await fetch(url));
      } catch { /* the network went already: what the page loads next is kept as it comes */ }
    }));
    e.ports[0]?.postMessage('kept');
  })());
});

self.addEventListener('fetch', (e) => {
  const request = e.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  e.respondWith((async () => {
    try {
      const response = await fetch(request);
      await keep(request, response.clone());
      return response;
    } catch (offline) {
      const kept = await caches.match(request)
        ?? (request.mode === 'navigate' ? await caches.match(request, { ignoreSearch: true }) : undefined);
      if (kept) return kept;
      throw offline;
    }
  })());
});
