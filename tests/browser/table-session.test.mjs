// The table around the moves: the pass (T5), the clock's time-out move under a
// fake clock (T16), mute by M (T15), the sound readied before the first
// move, a reload mid-game, a damaged store, the
// three languages, the disc boxes' and corners' explanations (T18, T19).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newContext, open, pageUrl } from './harness.mjs';
import { cells, ply, SEED, cell } from './table-util.mjs';
import { openStored } from './stored-game.mjs';

const PP = `seats=person,person&seed=${SEED}`;
/** The fake clock's start (page.clock). */
const START = Date.UTC(2026, 11, 7, 12);

async function clickMoves(page, transcript) {
  for (const mv of transcript.match(/../g)) {
    const p = await ply(page);
    await cell(page, mv).click();
    await page.waitForFunction((n) => Number(document.body.dataset.ply) > n, p);
  }
}

// Found with the engine (random playouts from the start, shortest kept): after
// these ten plies dark has no legal square while light still has one.
const TO_PASS = 'd3c3b3e3f5d2d1c1f2e1';

test('a forced pass is made by the table and announced (text, live region, history)', async () => {
  const context = await newContext();
  // The game stored at its ninth ply (stored-game.mjs); the tenth, clicked, brings the pass.
  const page = await openStored(context, `?lang=en&clock=0&${PP}`, {
    seats: 'person,person', level: 3, clock: 0, seed: SEED, moves: TO_PASS.slice(0, 18),
  });
  assert.equal(await ply(page), 9, 'the stored game resumed');
  await clickMoves(page, TO_PASS.slice(18));
  assert.equal(await ply(page), 11, 'ten moves and the pass');
  const status = await page.getByRole('status').textContent();
  assert.match(status, /Dark has no legal square and passes\. Light plays again\./);
  assert.equal(await page.locator('#turn-line').getAttribute('data-side'), 'light');
  const history = await page.locator('#history li').allTextContents();
  assert.equal(history.at(-1), 'Dark: —');
  await context.close();
});

/**
 * A table at `query` whose time stands still at START + 1 s from before its
 * first load until the test moves it (`page.clock.runFor`): a load slowed by
 * a busy machine takes nothing off the turn's clock, so every figure is exact.
 */
async function frozen(context, query) {
  const page = await context.newPage();
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1_000);
  await page.goto(await pageUrl(query));
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

test('time-out: under a fake clock the table places the most-flipping square and says so', async () => {
  const context = await newContext();
  const page = await frozen(context, `?lang=en&clock=10&${PP}`);
  assert.equal((await page.locator('#clock').textContent()).trim(), '10 s');
  await page.clock.runFor(4000);
  assert.equal((await page.locator('#clock').textContent()).trim(), '6 s');
  assert.equal(await ply(page), 0);
  await page.clock.runFor(6500);
  await page.waitForFunction(() => document.body.dataset.ply === '1');
  // At the start every legal square flips one disc; d3 is first in reading order.
  assert.match(await page.getByRole('status').textContent(), /Time ran out for dark: the table placed d3 \(flips 1 disc\)\./);
  assert.equal((await page.locator('#history li').allTextContents())[0], 'Dark: d3 (placed by the table)');

  // Next turn: a person moves, then the clock runs out on a position with unequal flips.
  await cell(page, 'c3').click();
  await page.waitForFunction(() => document.body.dataset.ply === '2');
  const legal = (await cells(page)).filter((c) => c.legal != null);
  const most = Math.max(...legal.map((c) => c.legal));
  const expected = legal.find((c) => c.legal === most); // cells are in reading order
  await page.clock.runFor(10_500);
  await page.waitForFunction(() => document.body.dataset.ply === '3');
  const now = await cells(page);
  assert.ok(now[expected.sq].last, 'the table played the rule move');
  await context.close();
});

test('the clock keeps its deadline across a reload', async () => {
  const context = await newContext();
  const page = await frozen(context, `?lang=en&clock=30&${PP}`);
  await page.clock.runFor(12_000);
  assert.equal((await page.locator('#clock').textContent()).trim(), '18 s');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  // The reloaded page's first check of the deadline (a timer of 0 ms).
  await page.clock.runFor(1);
  assert.equal((await page.locator('#clock').textContent()).trim(), '18 s', 'the deadline kept, not a fresh 30 s');
  await context.close();
});

test('M mutes and unmutes, the visible control follows, and the choice is remembered', async () => {
  const context = await newContext();
  const page = await open(context, `?lang=en&clock=0&${PP}`);
  assert.ok(await page.getByRole('button', { name: 'Mute' }).isVisible());
  await page.keyboard.press('m');
  assert.ok(await page.getByRole('button', { name: 'Unmute' }).isVisible());
  assert.match(await page.getByRole('status').textContent(), /Sound off/);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.ok(await page.getByRole('button', { name: 'Unmute' }).isVisible(), 'mute remembered');
  await page.keyboard.press('M');
  assert.ok(await page.getByRole('button', { name: 'Mute' }).isVisible());
  await page.getByRole('button', { name: 'Mute' }).click();
  assert.ok(await page.getByRole('button', { name: 'Unmute' }).isVisible());
  await context.close();
});

/** Runs before the page's scripts: counts the AudioContexts made and the tones played, and notes the first click. */
function countAudio() {
  window.__audio = { contexts: 0, madeAt: null, tones: 0, clickAt: null };
  const Base = window.AudioContext;
  window.AudioContext = class extends Base {
    constructor(...args) {
      super(...args);
      window.__audio.contexts += 1;
      window.__audio.madeAt ??= performance.now();
    }
    createOscillator() {
      window.__audio.tones += 1;
      return super.createOscillator();
    }
  };
  window.addEventListener('click', () => (window.__audio.clickAt ??= performance.now()), { capture: true });
}

test('the AudioContext is made in idle time before the first move, which sounds without making one', async () => {
  const context = await newContext();
  await context.addInitScript(countAudio);
  const page = await open(context, `?lang=en&clock=0&${PP}`);
  // No input yet: the page readies its sound by itself.
  await page.waitForFunction(() => window.__audio.contexts === 1);
  await page.locator('#grid [data-hint]').first().click();
  await page.waitForFunction(() => document.body.dataset.ply === '1');
  const audio = await page.evaluate(() => window.__audio);
  assert.equal(audio.contexts, 1, 'the move made no context of its own');
  assert.ok(audio.madeAt < audio.clickAt, `made at ${audio.madeAt} ms, the first click at ${audio.clickAt} ms`);
  assert.ok(audio.tones > 0, 'the move sounds');

  // Muted (remembered): no context and no tone, until the sound is turned on again.
  await page.keyboard.press('m');
  assert.equal(await page.locator('#mute').textContent(), 'Unmute');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await page.locator('#grid [data-hint]').first().click();
  await page.waitForFunction(() => document.body.dataset.ply === '2');
  assert.deepEqual(await page.evaluate(() => [window.__audio.contexts, window.__audio.tones]), [0, 0], 'muted: silent');
  await page.keyboard.press('m');
  await page.waitForFunction(() => window.__audio.contexts === 1);
  await page.locator('#grid [data-hint]').first().click();
  await page.waitForFunction(() => document.body.dataset.ply === '3');
  assert.ok((await page.evaluate(() => window.__audio.tones)) > 0, 'unmuted: the move sounds');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a reload mid-game restores the same position, moves and fingerprint', async () => {
  const context = await newContext();
  const page = await open(context, `?lang=en&clock=0&${PP}`);
  await clickMoves(page, 'f5d6c3d3c4');
  const before = await cells(page);
  const fingerprint = await page.locator('#fingerprint').textContent();
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await ply(page), 5);
  assert.deepEqual((await cells(page)).map((c) => c.disc), before.map((c) => c.disc));
  assert.equal(await page.locator('#fingerprint').textContent(), fingerprint);
  assert.equal(await page.locator('#turn-line').getAttribute('data-side'), 'light');
  // Opening the plain address also continues the stored game.
  const plain = await open(context, '?lang=en');
  assert.equal(await ply(plain), 5);
  await context.close();
});

test('a damaged store gives a clear message and a fresh game', async () => {
  const context = await newContext();
  const page = await open(context, `?lang=en&clock=0&${PP}`);
  await page.evaluate(() => localStorage.setItem('virada.game.v1', '{"seats": 12, broken'));
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.match(await page.getByRole('status').textContent(), /The saved game could not be read, so a fresh game has started\./);
  assert.equal(await ply(page), 0);
  assert.equal((await cells(page)).filter((c) => c.legal != null).length, 4);

  // Well-formed but illegal moves: the engine refuses them, the page starts afresh.
  await page.evaluate((seed) => localStorage.setItem('virada.game.v1', JSON.stringify({
    seats: 'person,person', level: 2, clock: 0, seed, seedChosen: true, moves: 'f5a1', byTable: [],
  })), SEED);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.match(await page.getByRole('status').textContent(), /The saved game could not be continued, so a fresh game has started\. Why: A disc there would turn over no disc/);
  assert.equal(await ply(page), 0);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('three languages: ?lang forces one, the switch changes and is remembered', async () => {
  const context = await newContext({ locale: 'it-IT' });
  const expect = {
    pt: ['Colocar', 'Todas as minhas jogadas', 'Novo jogo', 'Copiar registro', 'Verificar um jogo', 'vazia', 'jogada possível'],
    en: ['Place', 'All my moves', 'New game', 'Copy record', 'Verify a game', 'empty', 'legal move'],
    it: ['Posiziona', 'Tutte le mie mosse', 'Nuova partita', 'Copia registrazione', 'Verifica una partita', 'vuota', 'mossa possibile'],
  };
  for (const [lang, [place, all, fresh, copy, verify, empty, legal]] of Object.entries(expect)) {
    const page = await open(context, `?lang=${lang}&clock=0&${PP}`);
    for (const name of [place, all, fresh, copy]) assert.ok(await page.getByRole('button', { name, exact: true }).count(), `${lang}: ${name}`);
    assert.ok(await page.getByRole('link', { name: verify }).isVisible());
    const names = (await cells(page)).map((c) => c.name);
    assert.ok(names.every((n, i) => n.startsWith('abcdefgh'[i % 8] + String(Math.floor(i / 8) + 1) + ',')));
    assert.ok(names[0].includes(empty));
    assert.ok(names[19].startsWith('d3') && names[19].includes(legal));
    await page.close();
  }
  // No ?lang: the browser's language (Italian here) unless one was chosen.
  const page = await open(context, `?clock=0&${PP}`);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'it');
  await page.locator('#lang').selectOption('pt');
  assert.ok(await page.getByRole('button', { name: 'Colocar' }).isVisible());
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'pt-BR');
  await context.close();
});

test('disc boxes show counts and supplies as text; boxes and corners explain themselves', async () => {
  const context = await newContext({ viewport: { width: 1280, height: 800 } });
  const page = await open(context, `?lang=en&clock=0&${PP}`);
  await clickMoves(page, 'f5');
  const dark = page.locator('#box-dark');
  assert.match(await dark.textContent(), /^Dark.*4on the board/);
  assert.match(await dark.textContent(), /29 to place/);
  assert.match(await page.locator('#box-light').textContent(), /1on the board.*30 to place/);
  await dark.hover();
  assert.match(await page.getByRole('tooltip').textContent(), /still has to place/);
  await cell(page, 'h8').hover();
  assert.match(await page.getByRole('tooltip').textContent(), /never flipped/);
  // The same texts reach keyboard and screen-reader users as descriptions.
  const described = await page.evaluate(() => ['box-dark', 'box-light'].map((id) => {
    const el = document.getElementById(id);
    return document.getElementById(el.getAttribute('aria-describedby')).textContent;
  }));
  assert.ok(described.every((d) => d.includes('still has to place')));
  const corner = await cell(page, 'a1').evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')).textContent);
  assert.match(corner, /never flipped/);
  assert.match(await cell(page, 'a1').getAttribute('aria-label'), /corner/);
  await dark.focus();
  assert.ok(await page.getByRole('tooltip').isVisible());
  await context.close();
});

test('Copy record during a game gives the record with the seed still hidden', async () => {
  const context = await newContext();
  const page = await open(context, `?lang=en&clock=15&${PP}`);
  await clickMoves(page, 'f5d6');
  await page.getByRole('button', { name: 'Copy record' }).click();
  const record = await page.locator('#record').textContent();
  assert.ok(record.startsWith('virada-record 1\n'));
  assert.match(record, /\nclock: 15\n/);
  assert.match(record, /\nseed: hidden chosen\n/);
  assert.match(record, /\nmoves: f5 d6\n/);
  // Copying waits on the clipboard, so the announcement follows a moment later.
  await page.waitForFunction(() => /Record copied\.|Could not copy/.test(document.getElementById('status').textContent));
  await context.close();
});

test('a 360 px phone: nothing overflows sideways, buttons are at least 44 px tall, squares near it', async () => {
  const context = await newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await open(context, `?lang=pt&clock=0&${PP}`);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360);
  const heights = await page.locator('button:visible, select:visible').evaluateAll((els) => els.map((e) => [e.id || e.textContent, e.getBoundingClientRect().height]));
  for (const [name, h] of heights) assert.ok(h >= 44, `${name}: ${h}px`);
  const box = await cell(page, 'a1').boundingBox();
  assert.ok(box.width >= 40, `a square is ${box.width}px wide`);
  assert.equal(await page.locator('#grid').evaluate((e) => getComputedStyle(e).touchAction), 'manipulation');
  await context.close();
});

test('a reload after the deadline has passed: the table plays the time-out move once', async () => {
  const context = await newContext();
  // Paused time: the next turn's fresh 20 s read as it is, however slow the machine.
  const page = await frozen(context, `?lang=en&clock=20&${PP}`);
  await clickMoves(page, 'f5');
  await page.evaluate(() => {
    const g = JSON.parse(localStorage.getItem('virada.game.v1'));
    g.deadline = Date.now() - 5000;
    localStorage.setItem('virada.game.v1', JSON.stringify(g));
  });
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  // The reloaded page's first check of the deadline, and the next turn's.
  await page.clock.runFor(100);
  await page.waitForFunction(() => document.body.dataset.ply === '2');
  assert.match(await page.getByRole('status').textContent(), /Time ran out for light: the table placed/);
  // The next turn has a fresh clock, and it is the only one running: a person's move stops it.
  assert.equal((await page.locator('#clock').textContent()).trim(), '20 s');
  const legal = (await cells(page)).filter((c) => c.hint);
  await page.locator(`#grid [data-sq="${legal[0].sq}"]`).click();
  await page.waitForFunction(() => document.body.dataset.ply === '3');
  assert.equal(await ply(page), 3);
  assert.equal((await page.locator('#history li.by-table').count()), 1);
  await context.close();
});
