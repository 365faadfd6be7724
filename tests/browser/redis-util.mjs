// A Redis of a test's own: Debian's redis-server on a free loopback port in
// a scratch folder, for the tests of several servers over one Redis.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A free loopback port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/** Whether something answers on `port` now. */
export function answers(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/**
 * redis-server on a free port in a scratch folder named after `name`;
 * {url, dir, stop()}.
 * @param {string} name
 */
export async function startRedis(name) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), `virada-${name}-`));
  const child = spawn('/usr/bin/redis-server', [
    '--port', String(port), '--bind', '127.0.0.1', '--dir', dir,
    '--save', '', '--appendonly', 'yes', '--appendfsync', 'always',
  ], { stdio: 'ignore' });
  const stop = () => { child.kill('SIGKILL'); rmSync(dir, { recursive: true, force: true }); };
  process.on('exit', stop);
  for (let i = 0; i < 200 && !(await answers(port)); i++) await new Promise((r) => setTimeout(r, 25));
  return { url: `redis://127.0.0.1:${port}`, dir, stop };
}
