const Sequencer = require('@jest/test-sequencer').default;
const { statSync } = require('node:fs');

/**
 * The order jest starts the files in, on a clean clone (no timing cache yet): the slow kinds first (the browser
 * tests, Lighthouse first of all, then the API and component suites), each kind largest file first, so that the two
 * workers never end on one long file while the other waits (CI time, issue 32). With a cache jest's own order
 * (slowest last run first) stands.
 */
const KIND = ['lighthouse', '/browser/', '/api/', '/component/', '/azure/', '/infra/', '/web/', '/unit/'];
const kindOf = (path) => {
  const i = KIND.findIndex((k) => path.includes(k));
  return i === -1 ? KIND.length : i;
};

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const cached = tests.every((test) => this._getCache(test)[test.path]?.[1] !== undefined);
    if (cached) return super.sort(tests);
    return [...tests].sort((a, b) => kindOf(a.path) - kindOf(b.path) || statSync(b.path).size - statSync(a.path).size);
  }
}

module.exports = SlowFirstSequencer;
