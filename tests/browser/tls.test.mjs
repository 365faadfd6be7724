// The whole site over https on one machine: `virada trial --tls` (Redis,
// two servers, the shipped haproxy configuration ending TLS with a
// self-signed certificate made for the trial) says an https://localhost
// address; a person signs up there with a passkey (Chromium's virtual
// authenticator), opens a table and sees its first word over the socket
// through the proxy; the page at the plain http port is sent to https.
// The browser context accepts the trial's certificate (`ignoreHTTPSErrors`,
// what a person does once in the browser's warning).
import assert from 'node:assert/strict';
import test from 'node:test';
import { newContext, open } from './harness.mjs';
import { startTrial as trial } from './trial-util.mjs';
import { authenticator } from './accounts-util.mjs';

/** `virada trial --tls --servers 2 --port 0`: {url, plain, stop()}, once it said where all is. */
async function startTrial() {
  const { out, stop } = await trial(['--tls', '--servers', '2', '--port', '0']);
  const said = out.match(/^Open (https:\/\/localhost:\d+)\/ /m);
  assert.ok(said, out);
  const plain = Number(out.match(/^TLS: .* http:\/\/127\.0\.0\.1:(\d+)\//m)[1]);
  return { url: said[1], plain, stop };
}

test('virada trial --tls: a passkey made over https through the proxy, a table socket through it, http sent to https', async () => {
  const trial = await startTrial();
  try {
    // Chromium registers no service worker from a self-signed certificate,
    // whatever the context accepts, and says so as an error: the page's
    // offline worker (registered seconds after load, docs/offline.md) is
    // kept out of this test of the passkey, the socket and the redirect.
    const context = await newContext({
      ignoreHTTPSErrors: true,
      serviceWorkers: 'block',
      viewport: { width: 360, height: 740 },
    });
    const page = await open(context, `${trial.url}/lobby.html?lang=en`);
    assert.equal(await page.evaluate(() => window.isSecureContext), true);
    await authenticator(page);
    await page.locator('#account-name').fill('tessa');
    await page.locator('#account-signup').click();
    await page.locator('#account-profile').waitFor();
    assert.match(await page.locator('#account-profile').textContent(), /Signed in as tessa, 1500\?/i);
    // Signed in on the next page too: the session cookie came over https.
    const me = await page.evaluate(async () => (await fetch('/api/accounts/me')).json());
    assert.equal(me.name, 'tessa');
    // A table opened, and its first word over the socket through the proxy.
    const word = await page.evaluate(async () => {
      const made = await fetch('/api/tables', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'othello' }),
      });
      const { id } = await made.json();
      return new Promise((resolve, reject) => {
        const socket = new WebSocket(`wss://${location.host}/api/tables/${id}/ws`);
        socket.onmessage = (e) => { resolve(JSON.parse(e.data)); socket.close(); };
        socket.onerror = () => reject(new Error('the socket failed'));
      });
    });
    assert.equal(word.type, 'commitment');
    // The plain port sends the page to https.
    const plain = await context.newPage();
    await plain.goto(`http://127.0.0.1:${trial.plain}/lobby.html?lang=en`);
    assert.equal(plain.url(), `${trial.url}/lobby.html?lang=en`);
    assert.deepEqual(page.errors, []);
    await context.close();
  } finally {
    await trial.stop();
  }
});
