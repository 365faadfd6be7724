// What the service worker adds to a first visit: the table opened once in a
// fresh browser (person vs bot, so the bot's worker and weights load), until
// the worker controls the page and has stored the site; then the bytes on
// the wire (compressed bodies and headers) the page asked for and the
// worker's own requests, and how the server answered them.
//
//   cargo build -q --profile test -p virada-cli --bin virada && node tests/bench/offline-first-visit.mjs

import { closeAll, newContext, open, serverWith } from '../browser/harness.mjs';

const server = await serverWith([]);
const context = await newContext({ reducedMotion: 'no-preference' });
const wire = { page: { requests: 0, bytes: 0 }, worker: { requests: 0, bytes: 0 } };
const pending = [];
context.on('requestfinished', (request) => {
  pending.push((async () => {
    const response = await request.response();
    if (response?.fromServiceWorker()) return; // answered by the worker: counted as the worker's request
    const sizes = await request.sizes();
    const who = request.serviceWorker() ? wire.worker : wire.page;
    who.requests += 1;
    who.bytes += sizes.responseBodySize + sizes.responseHeadersSize;
  })());
});
const page = await open(context, `${server.url}/?lang=en`);
await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
await page.waitForFunction(() => Number(document.body.dataset.ply) >= 1 || document.body.dataset.thinking === 'false');
await Promise.all(pending);
const statuses = {};
for (const line of server.log) {
  const m = / (\d{3}) GET \//.exec(line);
  if (m) statuses[m[1]] = (statuses[m[1]] ?? 0) + 1;
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`page:   ${wire.page.requests} requests, ${kb(wire.page.bytes)} on the wire`);
console.log(`worker: ${wire.worker.requests} requests, ${kb(wire.worker.bytes)} on the wire`);
console.log(`server answers: ${Object.entries(statuses).map(([s, n]) => `${n}× ${s}`).join(', ')}`);
await closeAll();
