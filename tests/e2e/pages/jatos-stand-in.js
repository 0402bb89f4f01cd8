// A stand-in for JATOS's jatos.js (the API its components call: onLoad, urlQueryParameters,
// componentJsonInput, workerId, studySessionData, setStudySessionData, appendResultData,
// endStudy, endStudyAndRedirect), keeping the study session and the result data in
// localStorage so they outlive a reload as JATOS's server does; the component's JSON input is
// `window.__jatosComponentInput` (set before the page loads). `?flaky=N` fails the first N
// appends, as an unreachable server would.
(() => {
  const store = {
    get: (k, d) => { try { return JSON.parse(localStorage.getItem(`jatos:${k}`)) ?? d; } catch { return d; } },
    set: (k, v) => localStorage.setItem(`jatos:${k}`, JSON.stringify(v)),
  };
  const query = Object.fromEntries(new URLSearchParams(location.search));
  let flaky = Number(query.flaky ?? 0) - store.get('failed', 0);
  window.jatos = {
    urlQueryParameters: query,
    // JATOS hands the page its component's JSON input; the test sets it here.
    componentJsonInput: window.__jatosComponentInput ?? {},
    workerId: 7,
    studySessionData: store.get('session', {}),
    onLoad(cb) {
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => cb());
      else setTimeout(cb, 0);
    },
    setStudySessionData(data) {
      this.studySessionData = data;
      store.set('session', data);
      return Promise.resolve();
    },
    appendResultData(text) {
      store.set('appends', store.get('appends', 0) + 1);
      if (flaky > 0) {
        flaky -= 1;
        store.set('failed', store.get('failed', 0) + 1);
        return Promise.reject(new Error('JATOS unreachable'));
      }
      store.set('data', store.get('data', '') + text);
      return Promise.resolve();
    },
    endStudy(successful) {
      store.set('ended', { successful });
      return Promise.resolve();
    },
    endStudyAndRedirect(url, successful) {
      store.set('ended', { successful, url });
      location.href = url;
      return Promise.resolve();
    },
  };
})();
