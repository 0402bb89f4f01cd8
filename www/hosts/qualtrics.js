// Glossa in a Qualtrics question. Paste into the question's JavaScript (see docs/src/hosts/qualtrics.md):
//
//   Qualtrics.SurveyEngine.addOnReady(function () {
//     var q = this;
//     var s = document.createElement('script');
//     s.src = 'https://your.host/glossa/www/hosts/qualtrics.js';
//     s.onload = function () {
//       GlossaQualtrics.attach(q, {
//         base: 'https://your.host/glossa/',              // where www/ is served
//         spec: 'https://your.host/glossa/study/spec.json', // URL or object
//         itemBase64: '${e://Field/glossa_item}',          // the item, base64 JSON (piped text)
//         field: 'glossa_${lm://CurrentLoopNumber}',       // embedded data prefix (per loop)
//         ids: { participant: '${e://Field/ResponseID}' },
//         fields: 5,                                        // chunk fields declared per loop
//         textEntryQuestionId: 'QID7',                      // optional hidden text entry question
//       });
//     };
//     document.head.appendChild(s);
//   });
//
// `glossa host qualtrics` writes a whole survey (.qsf) that runs this snippet in a Loop & Merge;
// it also passes `attentionBase64`, the item's instructed answers (base64 JSON, control id ->
// answer): a result that differs sets embedded data `glossa_attention` (`attentionField`) to
// `missed: ITEM`, for the Survey Flow's branch to its own completion code.
//
// Next stays disabled until the item is valid. When the page is submitted, the result JSON is
// written to embedded data in chunks of at most 10,000 UTF-16 code units, each ending on a code
// point boundary — FIELD_1 … FIELD_n — with FIELD_count and FIELD_sha256 (hex SHA-256 of the
// whole JSON's UTF-8) so it can be reassembled and checked; and, if asked, into a (hidden) text
// entry question.
//
// Qualtrics keeps only the embedded-data fields the Survey Flow declares: `fields` (default 5,
// as docs/src/hosts/qualtrics.md declares FIELD_1 … FIELD_5, 50,000 code units) says how many chunk fields
// there are. A result is never cut to fit: while the valid answers' result would need more
// fields than that, Next stays disabled and the participant is asked, in the task's language, to
// shorten their text; `glossa_error` says `too-large` for the researcher's preview. Should a
// page be submitted anyway (a host calling Next itself), every chunk is written, FIELD_count
// says how many there are, and `glossa_error` names the shortfall: the export then lacks columns
// and `glossa collect qualtrics` names each such response. The text entry question, when given,
// always holds a second, whole copy. Embedded data goes through `setJSEmbeddedData` where Qualtrics offers it
// (stored as `__js_FIELD_…`), else through the older `setEmbeddedData` (stored as `FIELD_…`);
// with neither, Next stays disabled and the participant is told. If Glossa cannot load (network,
// CORS, wasm, spec, item), the participant sees a message in the task's language, Next is
// enabled, and `glossa_error` (embedded data) says what failed, for the Survey Flow to branch on.
(function () {
  'use strict';
  var CHUNK = 10000;

  // SHA-256 (FIPS 180-4) of a UTF-8 string, synchronous: Qualtrics' page-submit hooks cannot
  // wait for crypto.subtle.
  function sha256(text) {
    var bytes = new TextEncoder().encode(text);
    var K = [0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
      0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
      0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
      0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
      0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
      0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
      0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
      0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2];
    var H = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    var len = bytes.length;
    var padded = new Uint8Array(((len + 9 + 63) >> 6) << 6);
    padded.set(bytes);
    padded[len] = 0x80;
    var view = new DataView(padded.buffer);
    view.setUint32(padded.length - 4, (len * 8) >>> 0);
    view.setUint32(padded.length - 8, Math.floor(len / 0x20000000));
    var W = new Uint32Array(64);
    var rotr = function (x, n) { return (x >>> n) | (x << (32 - n)); };
    for (var off = 0; off < padded.length; off += 64) {
      for (var t = 0; t < 16; t++) W[t] = view.getUint32(off + t * 4);
      for (t = 16; t < 64; t++) {
        var s0 = rotr(W[t - 15], 7) ^ rotr(W[t - 15], 18) ^ (W[t - 15] >>> 3);
        var s1 = rotr(W[t - 2], 17) ^ rotr(W[t - 2], 19) ^ (W[t - 2] >>> 10);
        W[t] = (W[t - 16] + s0 + W[t - 7] + s1) >>> 0;
      }
      var a = H[0], b = H[1], c = H[2], d = H[3], e = H[4], f = H[5], g = H[6], h = H[7];
      for (t = 0; t < 64; t++) {
        var S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
        var t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[t] + W[t]) >>> 0;
        var S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
        var t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
        h = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
      }
      H = [H[0] + a, H[1] + b, H[2] + c, H[3] + d, H[4] + e, H[5] + f, H[6] + g, H[7] + h].map(function (x) { return x >>> 0; });
    }
    return H.map(function (x) { return x.toString(16).padStart(8, '0'); }).join('');
  }

  // Piped text arrives inside a script: base64 keeps quotes and line breaks from breaking it.
  function decodeBase64Json(b64) {
    var bin = atob(String(b64).replace(/\s+/g, ''));
    var bytes = Uint8Array.from(bin, function (ch) { return ch.charCodeAt(0); });
    return JSON.parse(new TextDecoder().decode(bytes));
  }

  // Chunks of at most CHUNK UTF-16 code units that never split a surrogate pair: a lone half
  // would become U+FFFD when the page is posted as UTF-8, and the JSON would not reassemble.
  function chunks(text) {
    var out = [];
    var i = 0;
    while (i < text.length) {
      var end = Math.min(i + CHUNK, text.length);
      var last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1; // high surrogate: keep the pair
      out.push(text.slice(i, end));
      i = end;
    }
    return out.length ? out : [''];
  }

  // What the participant reads when something goes wrong, in the task's language.
  // The snippet's three messages come from the strings files every page reads
  // (`www/strings/<tag>.json`, keys `qualtrics.load`, `qualtrics.store`, `qualtrics.too_large`):
  // `config.messages` (what `glossa host qualtrics` writes into the survey, in the study's
  // language), else the files through glossa.js once it has loaded, else the copy below —
  // this script may be all that loads when the files' host sends no CORS headers.
  var RTL = ['ar', 'arc', 'dv', 'fa', 'he', 'ku', 'ps', 'sd', 'ug', 'ur'];
  // BEGIN MESSAGES (written from www/strings/*.json by GLOSSA_WRITE_STRINGS=1 cargo test --test strings_copies)
  var MESSAGES = {
    ar: { load: "تعذّر تحميل مهمة التوسيم. يُرجى الضغط على «التالي» للمتابعة؛ سيرى الباحثون أن التحميل فشل.", store: "لا يستطيع هذا الاستبيان حفظ إجابتك (لا توفر صفحته طريقة لحفظها). يُرجى عدم المتابعة وإبلاغ الباحثين.", too_large: "إجابتك أطول من أن يحفظها هذا الاستبيان ({size} حرفًا؛ الحد الأقصى {max}). يُرجى اختصار نصوصك للمتابعة." },
    cs: { load: "Anotační úlohu se nepodařilo načíst. Pokračujte prosím tlačítkem Další; výzkumníci uvidí, že načtení selhalo.", store: "Tento dotazník nemůže uložit vaši odpověď (stránka nenabízí způsob, jak ji uložit). Prosím nepokračujte a dejte vědět výzkumníkům.", too_large: "Vaše odpověď je pro tento dotazník příliš dlouhá ({size} znaků; uloží nejvýše {max}). Abyste mohli pokračovat, zkraťte prosím své texty." },
    de: { load: "Die Annotationsaufgabe konnte nicht geladen werden. Bitte klicken Sie auf Weiter; die Forschenden sehen, dass es fehlgeschlagen ist.", store: "Diese Umfrage kann Ihre Antwort nicht speichern (die Seite bietet keine Möglichkeit dazu). Bitte machen Sie nicht weiter und informieren Sie die Forschenden.", too_large: "Ihre Antwort ist zu lang, um in dieser Umfrage gespeichert zu werden ({size} Zeichen; höchstens {max}). Bitte kürzen Sie Ihre Texte, um weiterzumachen." },
    en: { load: "The annotation task could not be loaded. Please press Next to continue; the researchers will see that it failed.", store: "This survey cannot store your answer (its page offers no way to save it). Please do not continue, and tell the researchers.", too_large: "Your answer is too long for this survey to store ({size} characters; it keeps at most {max}). Please shorten your texts to go on." },
    es: { load: "No se pudo cargar la tarea de anotación. Pulse Siguiente para continuar; los investigadores verán que falló.", store: "Esta encuesta no puede guardar su respuesta (su página no ofrece forma de guardarla). No continúe y avise a los investigadores.", too_large: "Su respuesta es demasiado larga para que esta encuesta la guarde ({size} caracteres; como máximo {max}). Acorte sus textos para continuar." },
    fa: { load: "کار برچسب‌گذاری بارگذاری نشد. لطفاً برای ادامه «بعدی» را بزنید؛ پژوهشگران خواهند دید که بارگذاری ناموفق بود.", store: "این پرسش‌نامه نمی‌تواند پاسخ شما را ذخیره کند (صفحه‌اش راهی برای ذخیره ندارد). لطفاً ادامه ندهید و به پژوهشگران خبر دهید.", too_large: "پاسخ شما برای ذخیره در این پرسش‌نامه بیش از اندازه بلند است ({size} نویسه؛ حداکثر {max}). لطفاً برای ادامه متن‌هایتان را کوتاه کنید." },
    fr: { load: "La tâche d’annotation n’a pas pu être chargée. Appuyez sur Suivant pour continuer ; les chercheurs verront que le chargement a échoué.", store: "Ce questionnaire ne peut pas enregistrer votre réponse (sa page n’offre aucun moyen de l’enregistrer). Ne continuez pas et prévenez les chercheurs.", too_large: "Votre réponse est trop longue pour être enregistrée par ce questionnaire ({size} caractères ; au plus {max}). Raccourcissez vos textes pour continuer." },
    he: { load: "לא ניתן היה לטעון את משימת התיוג. נא ללחוץ על „הבא” כדי להמשיך; החוקרים יראו שהטעינה נכשלה.", store: "הסקר הזה אינו יכול לשמור את התשובה שלך (הדף שלו אינו מציע דרך לשמור אותה). נא לא להמשיך ולדווח לחוקרים.", too_large: "התשובה שלך ארוכה מכדי שהסקר הזה ישמור אותה ({size} תווים; לכל היותר {max}). נא לקצר את הטקסטים כדי להמשיך." },
    hi: { load: "एनोटेशन कार्य लोड नहीं हो सका। जारी रखने के लिए कृपया Next दबाएँ; शोधकर्ता देखेंगे कि यह विफल रहा।", store: "यह सर्वेक्षण आपका उत्तर सहेज नहीं सकता (इसका पेज इसे सहेजने का कोई तरीका नहीं देता)। कृपया आगे न बढ़ें और शोधकर्ताओं को बताएँ।", too_large: "आपका उत्तर इस सर्वेक्षण के सहेजने के लिए बहुत लंबा है ({size} वर्ण; अधिकतम {max})। आगे बढ़ने के लिए अपने पाठ छोटे करें।" },
    hr: { load: "Zadatak označavanja nije se mogao učitati. Pritisnite Dalje za nastavak; istraživači će vidjeti da nije uspjelo.", store: "Ova anketa ne može spremiti vaš odgovor (stranica ne nudi način spremanja). Ne nastavljajte i obavijestite istraživače.", too_large: "Vaš je odgovor predugačak da bi ga ova anketa spremila ({size} znakova; najviše {max}). Skratite tekstove da biste nastavili." },
    it: { load: "Non è stato possibile caricare il compito di annotazione. Premi Avanti per continuare; i ricercatori vedranno che il caricamento non è riuscito.", store: "Questo questionario non può salvare la tua risposta (la pagina non offre un modo per salvarla). Per favore non proseguire e avvisa i ricercatori.", too_large: "La tua risposta è troppo lunga per essere salvata da questo questionario ({size} caratteri; al massimo {max}). Accorcia i tuoi testi per proseguire." },
    ja: { load: "アノテーションタスクを読み込めませんでした。「次へ」を押して進んでください。研究者には失敗したことが伝わります。", store: "このアンケートは回答を保存できません（ページに保存する手段がありません）。先へ進まず、研究者にお知らせください。", too_large: "回答が長すぎて、このアンケートでは保存できません（{size} 文字、上限 {max} 文字）。先へ進むには文章を短くしてください。" },
    ko: { load: "주석 작업을 불러오지 못했습니다. 계속하려면 ‘다음’을 누르세요. 연구자는 실패했다는 것을 알게 됩니다.", store: "이 설문은 답변을 저장할 수 없습니다(페이지에 저장 방법이 없습니다). 계속하지 말고 연구자에게 알려 주세요.", too_large: "답변이 너무 길어 이 설문에 저장할 수 없습니다({size}자, 최대 {max}자). 계속하려면 글을 줄이세요." },
    nl: { load: "De annotatietaak kon niet worden geladen. Druk op Volgende om door te gaan; de onderzoekers zien dat het mislukt is.", store: "Deze vragenlijst kan je antwoord niet opslaan (de pagina biedt geen manier om het op te slaan). Ga niet verder en laat het de onderzoekers weten.", too_large: "Je antwoord is te lang om in deze vragenlijst op te slaan ({size} tekens; hoogstens {max}). Maak je teksten korter om verder te gaan." },
    pl: { load: "Nie udało się wczytać zadania. Naciśnij Dalej, aby kontynuować; badacze zobaczą, że wczytanie się nie powiodło.", store: "Ta ankieta nie może zapisać Twojej odpowiedzi (strona nie oferuje sposobu jej zapisania). Nie kontynuuj i powiadom badaczy.", too_large: "Twoja odpowiedź jest za długa, aby ta ankieta mogła ją zapisać ({size} znaków; najwyżej {max}). Skróć swoje teksty, aby przejść dalej." },
    pt: { load: "Não foi possível carregar a tarefa de anotação. Pressione Avançar para continuar; os pesquisadores verão que falhou.", store: "Este questionário não consegue guardar a sua resposta (a página não oferece forma de guardá-la). Não continue e avise os pesquisadores.", too_large: "A sua resposta é longa demais para este questionário guardar ({size} caracteres; no máximo {max}). Encurte os seus textos para continuar." },
    ru: { load: "Не удалось загрузить задание по разметке. Нажмите «Далее», чтобы продолжить; исследователи увидят, что произошёл сбой.", store: "Эта анкета не может сохранить ваш ответ (на странице нет способа его сохранить). Пожалуйста, не продолжайте и сообщите исследователям.", too_large: "Ваш ответ слишком длинный для этой анкеты ({size} символов; не больше {max}). Сократите тексты, чтобы продолжить." },
    sk: { load: "Anotačnú úlohu sa nepodarilo načítať. Pokračujte, prosím, tlačidlom Ďalej; výskumníci uvidia, že načítanie zlyhalo.", store: "Tento dotazník nemôže uložiť vašu odpoveď (stránka neponúka spôsob, ako ju uložiť). Nepokračujte, prosím, a dajte vedieť výskumníkom.", too_large: "Vaša odpoveď je pre tento dotazník príliš dlhá ({size} znakov; uloží najviac {max}). Aby ste mohli pokračovať, skráťte, prosím, svoje texty." },
    sl: { load: "Naloge označevanja ni bilo mogoče naložiti. Pritisnite Naprej za nadaljevanje; raziskovalci bodo videli, da ni uspelo.", store: "Ta vprašalnik ne more shraniti vašega odgovora (stran ne ponuja načina za shranjevanje). Ne nadaljujte in obvestite raziskovalce.", too_large: "Vaš odgovor je predolg, da bi ga ta vprašalnik shranil ({size} znakov; največ {max}). Za nadaljevanje skrajšajte besedila." },
    tr: { load: "Etiketleme görevi yüklenemedi. Devam etmek için İleri'ye basın; araştırmacılar başarısız olduğunu görecek.", store: "Bu anket yanıtınızı kaydedemiyor (sayfası kaydetmek için bir yol sunmuyor). Lütfen devam etmeyin ve araştırmacılara bildirin.", too_large: "Yanıtınız bu anketin kaydedemeyeceği kadar uzun ({size} karakter; en fazla {max}). Devam etmek için metinlerinizi kısaltın." },
    uk: { load: "Не вдалося завантажити завдання з розмітки. Натисніть «Далі», щоб продовжити; дослідники побачать, що стався збій.", store: "Ця анкета не може зберегти вашу відповідь (сторінка не пропонує способу її зберегти). Будь ласка, не продовжуйте й повідомте дослідників.", too_large: "Ваша відповідь задовга для цієї анкети ({size} символів; не більше {max}). Скоротіть тексти, щоб продовжити." },
    zh: { load: "无法加载标注任务。请点击“下一页”继续；研究人员会看到加载失败。", store: "此问卷无法保存您的答案（其页面未提供保存方式）。请不要继续，并告知研究人员。", too_large: "您的答案太长，此问卷无法保存（{size} 个字符；最多 {max} 个）。请缩短文字后继续。" },
  };
  // END MESSAGES

  // The embedded-data writer this survey offers: `setJSEmbeddedData` (current; Qualtrics stores
  // the value as `__js_` + name) or `setEmbeddedData` (deprecated), or null when neither exists.
  function embeddedDataWriter(engine) {
    if (engine && typeof engine.setJSEmbeddedData === 'function') {
      return { api: 'setJSEmbeddedData', prefix: '__js_', set: function (k, v) { engine.setJSEmbeddedData(k, v); } };
    }
    if (engine && typeof engine.setEmbeddedData === 'function') {
      return { api: 'setEmbeddedData', prefix: '', set: function (k, v) { engine.setEmbeddedData(k, v); } };
    }
    return null;
  }

  function fetchJson(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error('HTTP ' + r.status + ' for ' + url);
      return r.text();
    });
  }

  function withTimeout(promise, ms, what) {
    return new Promise(function (resolve, reject) {
      var timer = setTimeout(function () { reject(new Error(what + ' took longer than ' + ms + ' ms')); }, ms);
      promise.then(function (v) { clearTimeout(timer); resolve(v); }, function (e) { clearTimeout(timer); reject(e); });
    });
  }

  function attach(question, config) {
    var engine = Qualtrics.SurveyEngine;
    var field = config.field || 'glossa';
    var errorField = config.errorField || 'glossa_error';
    var container = question.getQuestionContainer();
    // The item's screen the question's text carries (`glossa host qualtrics`) is where the
    // widget goes: it takes it over, and what was done on it is done again.
    var host = container.querySelector('.glossa-qualtrics[data-glossa-item]');
    if (!host) {
      host = document.createElement('div');
      host.className = 'glossa-qualtrics';
      container.appendChild(host);
    }
    question.disableNextButton();
    var writer = embeddedDataWriter(engine);
    var lang = config.language || (typeof config.spec === 'object' && config.spec && config.spec.language) ||
      document.documentElement.lang || (navigator.language || 'en');
    var strings = null; // glossa.js's strings of the spec, once loaded
    function say(key, params) {
      var own = MESSAGES[String(lang).split('-')[0].toLowerCase()] || MESSAGES.en;
      var text = (config.messages && config.messages[key]) || (strings && strings.get('qualtrics.' + key)) || own[key];
      Object.keys(params || {}).forEach(function (k) { text = text.replace('{' + k + '}', String(params[k])); });
      return text;
    }
    var handle = null;
    var failed = false;
    var fields = Math.max(1, Math.floor(Number(config.fields) || 5));
    var tooLarge = null; // the notice shown while the result would not fit

    function notice(text, kind) {
      var p = document.createElement('p');
      p.className = 'glossa-qualtrics-' + kind;
      p.setAttribute('role', 'alert');
      p.style.cssText = 'border:2px solid #b3261e;border-radius:8px;padding:.75rem;color:#1d2330;background:#fff4f2;font-size:16px';
      p.textContent = text;
      return p;
    }

    // Without a way to store the result the participant must not move on: their work would
    // be dropped silently.
    if (!writer) {
      host.replaceChildren(notice(say('store'), 'store-error'));
      if (typeof console !== 'undefined') console.error('Glossa: Qualtrics.SurveyEngine offers neither setJSEmbeddedData nor setEmbeddedData');
      return Promise.resolve(null);
    }

    // Glossa could not show the task: tell the participant, record why for the Survey Flow
    // (branch on `glossa_error`), and let them go on.
    function fail(stage, error) {
      if (failed) return;
      failed = true;
      var detail = stage + ': ' + (error && error.message ? error.message : String(error));
      writer.set(errorField, detail.slice(0, 1000));
      var shown = notice(say('load'), 'load-error');
      if (stage === 'bundle' || stage === 'spec-url' || stage === 'item-data' || stage === 'wasm') {
        host.replaceChildren(shown);
      } else {
        // The widget shows its own panel naming the problem (bad spec or item); add the way on.
        host.appendChild(shown);
      }
      shown.dir = RTL.indexOf(String(lang).split('-')[0].toLowerCase()) >= 0 ? 'rtl' : 'ltr';
      question.enableNextButton();
      if (typeof console !== 'undefined') console.error('Glossa: ' + detail);
    }

    // Whether the result of the current answers fits the declared fields. Its timings still
    // grow by a few digits before the page is submitted: 256 code units of room are kept.
    function fits() {
      var doc = handle && handle.preview ? handle.preview() : null;
      if (!doc) return true;
      var json = JSON.stringify(doc);
      var ok = chunks(json + new Array(257).join(' ')).length <= fields;
      if (ok) {
        // Shortened after all: the notice goes, and so does its record.
        if (tooLarge) { tooLarge.remove(); tooLarge = null; writer.set(errorField, ''); }
        return true;
      }
      var text = say('too_large', { size: json.length, max: fields * CHUNK - 256 });
      if (!tooLarge) {
        tooLarge = notice(text, 'too-large');
        host.appendChild(tooLarge);
      } else {
        tooLarge.textContent = text;
      }
      writer.set(errorField, 'too-large: the result needs more than the ' + fields + ' declared fields (' + json.length + ' code units)');
      if (typeof console !== 'undefined') console.error('Glossa: the result (' + json.length + ' UTF-16 code units) needs more than the ' + fields + ' chunk fields the survey declares (fields: ' + fields + '); declare more, or ask for shorter texts');
      return false;
    }

    host.addEventListener('glossa:change', function (e) {
      if (failed) return;
      if (e.detail && e.detail.valid && fits()) question.enableNextButton(); else question.disableNextButton();
    });
    host.addEventListener('glossa:error', function (e) {
      var d = e.detail || {};
      var first = d.problems && d.problems[0];
      fail(d.kind || 'internal', new Error(first ? first.path + ': ' + first.message : (d.message || 'error')));
    });
    engine.addOnPageSubmit(function (type) {
      if (!handle || failed || type === 'prev') return;
      var result = handle.submit();
      if (!result || result.valid === false) return;
      var json = JSON.stringify(result);
      var parts = chunks(json);
      parts.forEach(function (part, i) { writer.set(field + '_' + (i + 1), part); });
      writer.set(field + '_count', String(parts.length));
      writer.set(field + '_sha256', sha256(json));
      if (parts.length > fields) {
        // Reached only when a host submits the page itself: nothing is cut, and the shortfall
        // is on record (and named again by `glossa collect qualtrics`).
        writer.set(errorField, 'too-large: ' + parts.length + ' chunks written, ' + fields + ' declared; declare ' +
          field + '_1 … ' + field + '_' + parts.length + ' (the text entry question holds a whole copy if configured)');
      }
      // An attention item answered otherwise than instructed: on record for the Survey Flow's
      // branch (never cleared by a later item).
      // (An instructed object is matched by each of its keys: a judgement's winner, a point
      // per output; anything else exactly.)
      var asInstructed = function (given, want) {
        if (!want || typeof want !== 'object' || Array.isArray(want)) return JSON.stringify(given === undefined ? null : given) === JSON.stringify(want);
        return !!given && typeof given === 'object' && Object.keys(want).every(function (k) { return asInstructed(given[k], want[k]); });
      };
      if (attention && Object.keys(attention).some(function (control) {
        return !asInstructed(result.answers ? result.answers[control] : undefined, attention[control]);
      })) {
        writer.set(config.attentionField || 'glossa_attention', 'missed: ' + result.item_id);
      }
      if (config.textEntryQuestionId) {
        var input = document.getElementById('QR~' + config.textEntryQuestionId);
        if (input) input.value = json;
      }
      handle.confirm(); // Qualtrics stores embedded data with the page
    });

    var item;
    var attention = config.attention || null;
    try {
      item = config.item || decodeBase64Json(config.itemBase64);
      if (!attention && config.attentionBase64) attention = decodeBase64Json(config.attentionBase64);
    } catch (e) {
      fail('item-data', e);
      return Promise.resolve(null);
    }
    var timeout = config.timeoutMs || 30000;
    var base = config.base.replace(/\/?$/, '/');
    var moduleP = withTimeout(import(base + 'www/glossa.js'), timeout, 'loading Glossa')
      .catch(function (e) { throw { stage: 'bundle', error: e }; });
    var specP = (typeof config.spec === 'string' ? withTimeout(fetchJson(config.spec), timeout, 'loading the spec') : Promise.resolve(config.spec))
      .catch(function (e) { throw { stage: 'spec-url', error: e }; });
    return Promise.allSettled([moduleP, specP]).then(function (settled) {
      // The spec names the task's language, also for the message when the bundle failed.
      if (settled[1].status === 'fulfilled' && !config.language) {
        var spec0 = settled[1].value;
        try { lang = (typeof spec0 === 'string' ? JSON.parse(spec0) : spec0).language || lang; } catch (e) { /* the widget reports a bad spec */ }
      }
      var glossa = settled[0].status === 'fulfilled' ? settled[0].value : null;
      // The messages in the spec's language, from the same files the widget reads.
      var wanted = settled[1].status === 'fulfilled' ? settled[1].value : { language: lang };
      var stringsP = glossa && glossa.strings
        ? glossa.strings(wanted).then(function (st) { strings = st; }, function () { /* English */ })
        : Promise.resolve();
      return stringsP.then(function () {
        if (settled[0].status === 'rejected') throw settled[0].reason;
        if (settled[1].status === 'rejected') throw settled[1].reason;
        return glossa.mount(host, { spec: settled[1].value, item: item, options: { hideSubmit: true, ids: config.ids || {}, seed: config.seed } })
          .catch(function (e) { throw { stage: 'wasm', error: e }; });
      });
    }).then(function (h) {
      handle = h;
      return h;
    }, function (f) {
      fail(f && f.stage ? f.stage : 'bundle', f && f.stage ? f.error : f);
      return null;
    });
  }

  window.GlossaQualtrics = { attach: attach, sha256: sha256, chunks: chunks, CHUNK: CHUNK, embeddedDataWriter: embeddedDataWriter };
})();
