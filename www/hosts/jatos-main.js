// The JATOS component page's script (www/hosts/jatos.html, and the page `glossa host jatos`
// puts at the root of a study's assets): a file, not an inline script, so the page runs under
// a strict Content-Security-Policy.
import { runJatos } from './jatos-glossa.js';

runJatos({ task: document.getElementById('task'), progress: document.getElementById('progress') });
