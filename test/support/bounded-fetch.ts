/**
 * A vitest setup file: every fetch() a test makes without a signal of its own gets one that ends
 * it after the suite's patience (./patience.ts). An answer that never comes then fails that fetch
 * while its test file runs, instead of leaving a request open that undici gives up on minutes later
 * (HeadersTimeout), in whatever test file the worker runs by then: an unhandled rejection that
 * fails the whole run and points at the wrong file. Test files share their worker's modules
 * (isolate: false), so fetch is wrapped once per process.
 */
import { patient } from './patience.ts';

const WRAPPED = Symbol.for('specpress.tests.boundedFetch');
const global = globalThis as typeof globalThis & { [WRAPPED]?: true };

if (!global[WRAPPED]) {
  global[WRAPPED] = true;
  const unbounded = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    // A Request carries its own signal, and a caller's own signal wins.
    if (init?.signal || input instanceof Request) return unbounded(input, init);
    return unbounded(input, { ...init, signal: patient() });
  };
}
