// The pilot page's script (index.html, and the pages `glossa host pilot` writes): a file, not
// an inline script, so the page runs under a strict Content-Security-Policy. A page made for
// one study names it in `<body data-spec=… data-items=… data-plan=…>` (and may name `post`,
// `datapipe`, `complete`, `complete_attention`, `complete_error`); the study link's own query
// wins over them.
import { runPilot } from './pilot.js';

const $ = (id) => document.getElementById(id);
const defaults = Object.fromEntries(Object.entries(document.body.dataset).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]));
await runPilot({
  examples: $('examples'), widget: $('widget'), progress: $('progress'), progressBar: $('progress-bar'),
  next: $('next'), log: $('host-log'), download: $('download'), reset: $('reset'), complete: $('complete'), completeLink: $('complete-link'),
  task: $('task-card'), thanks: $('thanks'), logTitle: $('log-title'),
  title: $('title'), intro: $('intro'), logCard: $('log-card'), feedback: $('feedback'),
  delivery: $('delivery'), offline: $('offline'), deliveryText: $('delivery-text'), deliveryDownload: $('delivery-download'),
  defaults,
});
