// `virada trial` for the browser tests: Redis, several servers and the
// shipped haproxy in front of them, started as an operator tries them.
import { spawn } from 'node:child_process';
import { BIN, ROOT } from './harness.mjs';

/**
 * Starts `virada trial ARGS --root ROOT` and resolves, once it has said its
 * `Open …` line, with everything it printed up to then and `stop()` (SIGTERM,
 * resolved when it exits). It is stopped with the test process too.
 * @param {string[]} args
 * @returns {Promise<{out: string, stop: () => Promise<unknown>}>}
 */
export function startTrial(args) {
  const child = spawn(BIN, ['trial', ...args, '--root', ROOT], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, RUST_LOG: 'warn' },
  });
  const stop = () => new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  process.on('exit', () => child.kill('SIGTERM'));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`virada trial said no more than:\n${out}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`virada trial stopped (${code}):\n${out}`)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text) => {
      out += text;
      if (!/^Open /m.test(out)) return;
      clearTimeout(timer);
      resolve({ out, stop });
    });
  });
}
