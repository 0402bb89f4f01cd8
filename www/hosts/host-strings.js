// The host pages' own words (pilot runner, MTurk page) in the task's language: English,
// Czech, Polish, Italian, like the widget. `text(lang, key, params)` fills `{name}`s; a count
// written `{n:one|few|many}` takes the language's plural form (as the widget's strings do).
const STRINGS = {
  en: {
    itemOf: 'Item {n} of {total}', allDone: 'All {total} items done.', sending: 'Sending {n} {n:result|results}…',
    next: 'Next item →', download: 'Download results (JSONL)', reset: 'Start this task again',
    thanks: 'Thank you — every result is stored.', finish: 'Finish and return to the study',
    received: 'What the host page received', itemsDone: 'Items done', nothing: '(nothing yet)',
    preview: 'This is a preview. Accept the HIT to answer and submit.', loadFailed: 'This task could not be loaded: {message}',
    continue: 'Continue',
    trainingRight: 'Correct — that is the expected answer.',
    trainingWrong: 'Not the expected answer{expected}. Read the definitions again before the next item.',
    trainingExpected: ' (expected: {answer})',
    deliveryFailed: 'Your {n:answer|answers} could not be sent ({reason}). Nothing is lost: download them and send the file to the researchers.',
    downloadAnswers: 'Download your answers',
    sorry: 'Sorry — this task cannot be shown on this device.',
  },
  cs: {
    itemOf: 'Položka {n} z {total}', allDone: 'Hotovo: všechny položky ({total}).', sending: 'Odesílá se {n} {n:výsledek|výsledky|výsledků}…',
    next: 'Další položka →', download: 'Stáhnout výsledky (JSONL)', reset: 'Začít úlohu znovu',
    thanks: 'Děkujeme — všechny výsledky jsou uloženy.', finish: 'Dokončit a vrátit se do studie',
    received: 'Co obdržela hostitelská stránka', itemsDone: 'Hotové položky', nothing: '(zatím nic)',
    preview: 'Toto je náhled. Přijměte HIT, abyste mohli odpovídat a odeslat.', loadFailed: 'Úlohu se nepodařilo načíst: {message}',
    continue: 'Pokračovat',
    trainingRight: 'Správně — to je očekávaná odpověď.',
    trainingWrong: 'Toto není očekávaná odpověď{expected}. Před další položkou si znovu přečtěte definice.',
    trainingExpected: ' (očekáváno: {answer})',
    deliveryFailed: '{n:Odpověď|Odpovědi|Odpovědi} se nepodařilo odeslat ({reason}). Nic se neztratilo: stáhněte je a pošlete soubor výzkumníkům.',
    downloadAnswers: 'Stáhnout vaše odpovědi',
    sorry: 'Omlouváme se — tuto úlohu nelze na tomto zařízení zobrazit.',
  },
  pl: {
    itemOf: 'Element {n} z {total}', allDone: 'Gotowe: wszystkie elementy ({total}).', sending: 'Wysyłanie: {n} {n:wynik|wyniki|wyników}…',
    next: 'Następny element →', download: 'Pobierz wyniki (JSONL)', reset: 'Zacznij zadanie od nowa',
    thanks: 'Dziękujemy — wszystkie wyniki zostały zapisane.', finish: 'Zakończ i wróć do badania',
    received: 'Co otrzymała strona-gospodarz', itemsDone: 'Ukończone elementy', nothing: '(jeszcze nic)',
    preview: 'To jest podgląd. Zaakceptuj HIT, aby odpowiedzieć i wysłać.', loadFailed: 'Nie udało się wczytać zadania: {message}',
    continue: 'Dalej',
    trainingRight: 'Dobrze — to oczekiwana odpowiedź.',
    trainingWrong: 'To nie jest oczekiwana odpowiedź{expected}. Przed następnym elementem przeczytaj ponownie definicje.',
    trainingExpected: ' (oczekiwano: {answer})',
    deliveryFailed: 'Nie udało się wysłać {n:odpowiedzi|odpowiedzi|odpowiedzi} ({reason}). Nic nie zginęło: pobierz je i wyślij plik badaczom.',
    downloadAnswers: 'Pobierz swoje odpowiedzi',
    sorry: 'Przepraszamy — tego zadania nie można wyświetlić na tym urządzeniu.',
  },
  it: {
    itemOf: 'Elemento {n} di {total}', allDone: 'Completati tutti gli elementi ({total}).', sending: 'Invio di {n} {n:risultato|risultati}…',
    next: 'Elemento successivo →', download: 'Scarica i risultati (JSONL)', reset: 'Ricomincia questo compito',
    thanks: 'Grazie — tutti i risultati sono stati salvati.', finish: 'Termina e torna allo studio',
    received: 'Cosa ha ricevuto la pagina ospite', itemsDone: 'Elementi completati', nothing: '(ancora niente)',
    preview: "Questa è un'anteprima. Accetta l'HIT per rispondere e inviare.", loadFailed: 'Non è stato possibile caricare il compito: {message}',
    continue: 'Continua',
    trainingRight: 'Corretto — è la risposta attesa.',
    trainingWrong: 'Non è la risposta attesa{expected}. Rileggi le definizioni prima del prossimo elemento.',
    trainingExpected: ' (attesa: {answer})',
    deliveryFailed: 'Non è stato possibile inviare {n:la risposta|le risposte} ({reason}). Non si è perso nulla: scaricale e invia il file ai ricercatori.',
    downloadAnswers: 'Scarica le tue risposte',
    sorry: 'Ci dispiace — questo compito non può essere mostrato su questo dispositivo.',
  },
};

/** The plural form index of `n`: 0 one, 1 few, 2 many (two-form languages use 0 and 1). */
function pluralForm(lang, n) {
  if (lang === 'cs') return n === 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2;
  if (lang === 'pl') {
    if (n === 1) return 0;
    const [d, dd] = [n % 10, n % 100];
    return d >= 2 && d <= 4 && !(dd >= 12 && dd <= 14) ? 1 : 2;
  }
  return n === 1 ? 0 : 1;
}

/** The language of a spec (`it`, `en`, `cs`, `pl`; English for anything else). */
export function langOf(spec) {
  try {
    const l = (typeof spec === 'string' ? JSON.parse(spec) : spec)?.language;
    return STRINGS[l] ? l : 'en';
  } catch {
    return 'en';
  }
}

/** The host string `key` in `lang`, with `{name}` and `{name:one|few|many}` filled. */
export function text(lang, key, params = {}) {
  const table = STRINGS[lang] ?? STRINGS.en;
  return (table[key] ?? STRINGS.en[key]).replace(/\{(\w+)(?::([^}]*))?\}/g, (whole, name, forms) => {
    if (!(name in params)) return whole;
    if (forms === undefined) return String(params[name]);
    const list = forms.split('|');
    return list[Math.min(pluralForm(lang, Number(params[name])), list.length - 1)];
  });
}
