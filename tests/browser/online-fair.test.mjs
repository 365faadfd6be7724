// The page keeps the server to its commitment: a socket whose first frame
// carries a fingerprint other than the one the opening answer gave gets no
// hello (the page does not sit, and says why); a record at the end whose
// seed does not give the fingerprint the page saw before it contributed
// makes the page refuse to play on at that table, and say why. The frames
// are altered in flight by Playwright's WebSocket routing; the server is
// the real one.
import assert from 'node:assert/strict';
import test from 'node:test';
import { newContext, serverWith } from './harness.mjs';
import { PHONE, hostTable, joinLink, playOut, resign } from './online-util.mjs';

/**
 * Routes `context`'s table sockets through `rewrite(frame)` on their way to
 * the page; returns the log of what the page sent and got, in order.
 */
async function alterFrames(context, rewrite) {
  /** @type {{dir: 'sent'|'received', data: any}[]} */
  const log = [];
  await context.routeWebSocket(/\/api\/tables\/[0-9a-f]+\/ws$/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      const data = rewrite(JSON.parse(String(message)));
      log.push({ dir: 'received', data });
      ws.send(JSON.stringify(data));
    });
    ws.onMessage((message) => {
      log.push({ dir: 'sent', data: JSON.parse(String(message)) });
      server.send(message);
    });
  });
  return log;
}

test('a first frame with another fingerprint than the opening answer: the page does not sit', async () => {
  const server = await serverWith([]);
  const other = 'f'.repeat(64);
  let log = [];
  const host = await hostTable(server, '?lang=en', {
    word: 'olá',
    waitFor: 'none',
    prepare: async (context) => {
      log = await alterFrames(context, (f) => (f.type === 'commitment' ? { ...f, fingerprint: other } : f));
    },
  });
  const a = host.page;
  await a.waitForFunction(() => /not the one this page saw first/.test(document.getElementById('online-line').textContent));
  assert.deepEqual(log.map((f) => [f.dir, f.data.type]), [['received', 'commitment']]);
  assert.equal(log[0].data.fingerprint, other);
  // Nothing went out: no hello, no word, no contribution; the page never sat.
  // The refusal and the hello are the two ends of one task (committed() in
  // www/online/online.js), so the message shown means no hello follows; a
  // round trip to the page lets any frame it sent reach the log first.
  await a.evaluate(() => new Promise((done) => requestAnimationFrame(() => done())));
  assert.equal(log.filter((f) => f.dir === 'sent').length, 0);
  assert.notEqual(await a.locator('body').getAttribute('data-seat'), '0');
});

test('a seed at the end that does not give the fingerprint seen first: the page says so and does not play on', async () => {
  const server = await serverWith([]);
  const host = await hostTable(server, 'nabu.html?lang=en', { size: 5 });
  const a = host.page;
  const context = await newContext(PHONE);
  // The guest's page gets the real frames, except that the final record's seed is another one.
  await alterFrames(context, (f) => {
    if (f.type !== 'state' || !f.record) return f;
    return { ...f, record: f.record.replace(/^seed: [0-9a-f]{64}$/m, `seed: ${'0'.repeat(64)}`) };
  });
  const { page: b } = await joinLink(host.link, context);
  for (const page of [a, b]) await page.waitForSelector('body[data-online="playing"]');
  // Both seats move, then the host resigns: the end's record, with its seed, comes at once.
  await playOut([a, b], { until: (ply) => ply >= 2 });
  await resign(a, [a, b]);
  await b.waitForFunction(() => /this game is not fair/.test(document.getElementById('online-line').textContent));
  // The honest page's check passed.
  assert.doesNotMatch(await a.locator('#online-line').textContent(), /not fair/);
});
