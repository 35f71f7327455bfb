// A stand-in for JATOS's jatos.js (no JATOS server exists here): the calls the rater page makes, each
// recorded in window.__jatosCalls in order, with the promises jatos.js 3.x returns. The batch session
// keeps JATOS's versioning: the first set() is refused as if another participant had changed the
// session first (their group counted), so the page's test-and-set retry is exercised.
(() => {
  const calls = [];
  window.__jatosCalls = calls;
  let batch = {};
  let sets = 0;
  const clone = (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
  const toBase64 = (bytes) => {
    let s = '';
    for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
    return btoa(s);
  };
  window.jatos = {
    studyResultId: 'standin-1',
    urlQueryParameters: Object.fromEntries(new URLSearchParams(location.search)),
    onLoad(cb) {
      calls.push({ fn: 'onLoad' });
      setTimeout(cb, 30);
    },
    appendResultData(data) {
      calls.push({ fn: 'appendResultData', data: String(data) });
      return Promise.resolve();
    },
    submitResultData(data) {
      calls.push({ fn: 'submitResultData', data: String(data) });
      return Promise.resolve();
    },
    async uploadResultFile(obj, filename) {
      const blob = obj instanceof Blob ? obj : new Blob([typeof obj === 'string' ? obj : JSON.stringify(obj)]);
      const bytes = new Uint8Array(await blob.arrayBuffer());
      calls.push({ fn: 'uploadResultFile', filename, size: bytes.length, base64: toBase64(bytes) });
    },
    endStudy(resultData, successful, message) {
      calls.push({ fn: 'endStudy', resultData, successful, message });
      return Promise.resolve();
    },
    endStudyAndRedirect(url, resultData, successful, message) {
      calls.push({ fn: 'endStudyAndRedirect', url, resultData, successful, message });
      return Promise.resolve();
    },
    batchSession: {
      get(name) {
        calls.push({ fn: 'batchSession.get', name });
        return clone(batch[name]);
      },
      getAll() {
        return clone(batch);
      },
      set(name, value) {
        calls.push({ fn: 'batchSession.set', name, value: clone(value) });
        sets++;
        if (sets === 1) {
          // Someone else got there first: their participant counted in group A, this patch refused.
          const counts = { ...(batch[name] || {}) };
          counts.A = (counts.A || 0) + 1;
          batch = { ...batch, [name]: counts };
          return Promise.reject(new Error('batch session version conflict'));
        }
        batch = { ...batch, [name]: clone(value) };
        return Promise.resolve();
      },
    },
  };
})();
