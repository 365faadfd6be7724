// Two servers, one table: two `virada serve --redis` on loopback over one
// Redis (Debian's redis-server, started here on a free port and stopped),
// sharing one signing key. The host opens a table in a page of the first
// server; the second person opens the same link on the second server's
// port (another origin). The two pages play a whole game, every move going
// from one server to the other through Redis; the record verifies.
//
// Three servers as an operator runs them: `virada trial` (Redis, three
// servers, haproxy with the shipped configuration), both pages reaching the
// table through the proxy, which sends them to one server: a whole game,
// and no server published anything. And a deploy: the server running the
// table stopped with SIGTERM mid-game; it hands the table on, the pages
// reconnect at once (close code 1012) without a word of it, and the game
// goes on to its end.
import assert from 'node:assert/strict';
import test from 'node:test';
import { join } from 'node:path';
import { serverWith } from './harness.mjs';
import { startRedis } from './redis-util.mjs';
import { startTrial as trial } from './trial-util.mjs';
import { hostTable, joinLink, playOut, field, cliVerify } from './online-util.mjs';

test('two pages on two servers over one Redis play a whole game', async () => {
  const redis = await startRedis('servers');
  const key = join(redis.dir, 'signing.key');
  const flags = ['--redis', redis.url, '--key-file', key];
  const first = await serverWith(flags);
  const second = await serverWith(flags);
  try {
    const host = await hostTable(first, '?lang=en');
    // The same link, on the second server.
    const link = new URL(host.link);
    link.port = String(second.port);
    const guest = await joinLink(link.href);
    assert.equal(new URL(guest.page.url()).port, String(second.port));
    for (const page of [host.page, guest.page]) await page.waitForSelector('body[data-online="playing"]');
    await playOut([host.page, guest.page]);
    for (const page of [host.page, guest.page]) await page.waitForSelector('body[data-over="true"]');
    const record = await host.page.locator('#record').textContent();
    assert.equal(await guest.page.locator('#record').textContent(), record, 'both pages have the one record');
    assert.match(field(record, 'seats'), /^person, person$/);
    assert.equal(cliVerify(record).code, 0);
  } finally {
    first.stop();
    second.stop();
    redis.stop();
  }
});

/** `virada trial --servers 3 --port 0`: {url, ports, pids, stop()}, once it said where all is. */
async function startTrial() {
  const { out, stop } = await trial(['--servers', '3', '--port', '0']);
  const port = (line) => Number(line.match(/127\.0\.0\.1:(\d+)/)[1]);
  const lines = out.split('\n');
  const proxy = port(lines.find((l) => l.startsWith('Proxy: ')));
  const servers = lines.filter((l) => l.startsWith('Server '));
  const pids = servers.map((l) => Number(l.match(/\(pid (\d+)\)/)[1]));
  return { url: `http://127.0.0.1:${proxy}`, ports: servers.map(port), pids, stop };
}

test('two pages through the shipped proxy in front of three servers play a whole game, and nothing goes over pub/sub', async () => {
  const trial = await startTrial();
  try {
    const host = await hostTable(trial, '?lang=en');
    const guest = await joinLink(host.link);
    assert.equal(new URL(guest.page.url()).port, new URL(trial.url).port, 'both pages on the proxy');
    for (const page of [host.page, guest.page]) await page.waitForSelector('body[data-online="playing"]');
    await playOut([host.page, guest.page]);
    for (const page of [host.page, guest.page]) await page.waitForSelector('body[data-over="true"]');
    const record = await host.page.locator('#record').textContent();
    assert.equal(await guest.page.locator('#record').textContent(), record);
    assert.equal(cliVerify(record).code, 0);
    // The table ran where the proxy sent its sockets: nothing relayed.
    const relays = await Promise.all(trial.ports.map(async (p) => (await fetch(`http://127.0.0.1:${p}/api/relay`)).json()));
    assert.deepEqual(relays.map((r) => r.published.total), [0, 0, 0], JSON.stringify(relays));
    assert.equal(relays.reduce((n, r) => n + r.tables.running, 0), 1, JSON.stringify(relays));
  } finally {
    await trial.stop();
  }
});

test('the server running a table stopped for a deploy: the pages follow the table to the next server without a word, and the game ends', async () => {
  const trial = await startTrial();
  try {
    const host = await hostTable(trial, '?lang=en');
    const guest = await joinLink(host.link);
    const pages = [host.page, guest.page];
    for (const page of pages) await page.waitForSelector('body[data-online="playing"]');
    await playOut(pages, { until: (ply) => ply >= 4 });
    // Every line the status shows and every word said, from now on.
    for (const page of pages) {
      await page.evaluate(() => {
        const seen = [];
        window.__seen = seen;
        const watch = (el) => new MutationObserver(() => seen.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true });
        watch(document.getElementById('online-line'));
        for (const live of document.querySelectorAll('[role=status]')) watch(live);
      });
    }
    const running = async () => Promise.all(trial.ports.map(async (p) => {
      try {
        return (await (await fetch(`http://127.0.0.1:${p}/api/relay`)).json()).tables.running;
      } catch {
        return -1;
      }
    }));
    const before = await running();
    const holder = before.indexOf(1);
    assert.notEqual(holder, -1, JSON.stringify(before));
    process.kill(trial.pids[holder], 'SIGTERM');
    // It hands the table on and exits; another server runs it.
    for (let i = 0; i < 200; i++) {
      const now = await running();
      if (now[holder] === -1 && now.some((n) => n === 1)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const after = await running();
    assert.equal(after[holder], -1, `the stopped server is gone: ${JSON.stringify(after)}`);
    assert.equal(after.filter((n) => n === 1).length, 1, JSON.stringify(after));
    await playOut(pages);
    for (const page of pages) await page.waitForSelector('body[data-over="true"]');
    const record = await host.page.locator('#record').textContent();
    assert.equal(cliVerify(record).code, 0);
    for (const page of pages) {
      const seen = await page.evaluate(() => window.__seen.join('\n'));
      assert.doesNotMatch(seen, /reconnecting|Connected again/, seen);
    }
  } finally {
    await trial.stop();
  }
});

