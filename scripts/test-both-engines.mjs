#!/usr/bin/env node
/**
 * Runs the whole test suite twice at once: on the embedded SQLite database and on PostgreSQL
 * (SPECPRESS_TEST_DATABASE=postgres, a throw-away cluster per run). Each line of output is
 * prefixed with its engine; at the end one count line per engine and a total, and the exit code
 * is non-zero when either run failed. Extra arguments go to both vitest runs.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const engines = ['sqlite', 'postgres'];
const extra = process.argv.slice(2);
const started = Date.now();

function run(engine) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...extra], {
      env: { ...process.env, SPECPRESS_TEST_DATABASE: engine },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let summary;
    const prefix = `[${engine}] `;
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        const m = /^tests(?: \(\w+\))?: (\d+) passed, (\d+) failed(?:, (\d+) skipped)?/.exec(line);
        if (m) summary = { passed: Number(m[1]), failed: Number(m[2]), skipped: Number(m[3] ?? 0) };
        process.stdout.write(prefix + line + '\n');
      });
    }
    child.on('close', (code) => resolve({ engine, code: code ?? 1, summary }));
  });
}

const results = await Promise.all(engines.map(run));
const total = { passed: 0, failed: 0, skipped: 0 };
process.stdout.write('\n');
for (const { engine, code, summary } of results) {
  const s = summary ?? { passed: 0, failed: 1, skipped: 0 };
  total.passed += s.passed;
  total.failed += s.failed;
  total.skipped += s.skipped;
  process.stdout.write(`tests (${engine}): ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}${summary ? '' : ' (no summary: the run did not finish)'} [exit ${code}]\n`);
}
process.stdout.write(`tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''} (both engines, ${Math.round((Date.now() - started) / 1000)} s)\n`);
process.exit(results.every((r) => r.code === 0 && r.summary) ? 0 : 1);
