// Two people under an online 20+1 game clock, each in a browser of their
// own: both pages show both clocks from the start, they play a few moves by
// taps (each move gives its mover a second more, as the server's frames
// show), then the one to move stops, and their minute runs out on the
// server. Both pages end the game and say in words that time ran out, and
// the signed record states `clock: 20+1`, its last time `0.0`, the result
// on time, and verifies.
// Nothing is faked here: the flag falls after the real 20 s, on the
// server that holds both clocks (20 s a side: time enough for three
// moves each by taps on a loaded machine, and no longer to wait).
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith } from './harness.mjs';
import { cliVerify, clockTable, playOut, socketLog } from './online-util.mjs';

/** Both clocks as `page` shows them: {dark, light}. */
const shownClocks = (page) => page.evaluate(() => {
  const text = (id) => document.getElementById(id)?.textContent ?? '';
  return { dark: text('game-clock-dark'), light: text('game-clock-light') };
});

test('two people at an online 20+1 table play, then one\'s time runs out on the server: both pages say lost on time', { timeout: 180_000 }, async () => {
  const server = await serverWith([]);
  const { id, host, guest, pages } = await clockTable(server, '20+1');
  // Both pages show both clocks, 20 s each, before anyone moves (dark's
  // already running: a loaded machine may take a second or more to get here).
  for (const page of pages) {
    await page.waitForFunction(() => [...document.querySelectorAll('.game-clock-time')].filter((el) => el.textContent).length === 2);
    const c = await shownClocks(page);
    assert.match(c.dark, /0:(20|1\d)/, JSON.stringify(c));
    assert.match(c.light, /0:20/, JSON.stringify(c));
  }
  // Six moves by taps, three each, played as fast as the pages go.
  const moves = await playOut(pages, { until: (ply) => ply >= 6 });
  assert.equal(moves, 6);
  // Nobody moves now: the one to move loses when their time runs out on the server.
  for (const page of pages) {
    await page.waitForSelector('body[data-over="true"]', { timeout: 60_000 });
    await page.waitForFunction(() => /\nresult: dark \d+ light \d+ (dark|light) wins on time\n/.test(document.body.textContent ?? ''));
    assert.match(await page.locator('#turn-line').textContent(), /Game over/);
    // In words: whose time ran out and who wins on time.
    assert.match(await page.locator('#result-line').textContent(), /^Time ran out for (Dark|Light) \(.+\): (Light|Dark) \(.+\) wins on time\.$/);
  }
  const record = await (await fetch(`${server.url}/api/records/${id}`)).text();
  assert.match(record, /\nclock: 20\+1\n/);
  assert.match(record, /\ntimes: \d+\.\d( \d+\.\d)*\n/);
  const times = /\ntimes: (.*)\n/.exec(record)[1].trim().split(/\s+/).map(Number);
  assert.equal(times.length, 7, 'six moves and the flag');
  assert.equal(times.at(-1), 0, 'the flag: no time left');
  // The increment, in the server's frames as the host's page had them: from
  // the frame before each move to the one after it, the mover's time fell
  // by at most the time between them and rose by one second.
  const frames = socketLog(host.page)
    .filter((f) => f.dir === 'received' && f.data?.type === 'state' && f.data.clocks && f.data.status === 'playing')
    .map((f) => f.data);
  let checked = 0;
  for (let i = 1; i < frames.length; i++) {
    const [a, b] = [frames[i - 1], frames[i]];
    if (b.ply !== a.ply + 1) continue;
    const s = a.clocks.running;
    // The move fell between the two frames: at most the time between them thought, and a second added.
    const left = b.clocks.remaining[s];
    const least = a.clocks.remaining[s] - (b.now - a.now) + 1000;
    assert.ok(left >= least - 100 && left <= a.clocks.remaining[s] + 1000, `ply ${b.ply}: ${left} ms left, from ${least}`);
    // The other's had stood still; it runs from the move on, to the frame.
    const [before, after] = [a.clocks.remaining[1 - s], b.clocks.remaining[1 - s]];
    assert.ok(after <= before && after >= before - (b.now - a.now), `ply ${b.ply}: the other's ${after} ms from ${before}`);
    assert.equal(b.clocks.running, 1 - s);
    checked += 1;
  }
  assert.ok(checked >= 5, `${checked} moves checked`);
  assert.match(record, /\nresult: dark \d+ light \d+ (dark|light) wins on time\n/);
  assert.match(record, /\nsignature: /);
  const verified = cliVerify(record);
  assert.equal(verified.code, 0, verified.out);
  for (const page of pages) assert.deepEqual(page.errors, []);
  await host.context.close();
  await guest.context.close();
});
