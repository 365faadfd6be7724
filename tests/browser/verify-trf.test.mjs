// "Verify a game" checks a tournament's file (TRF) as `virada swiss check`
// does: a signed file whose every round is the Dutch system's passes,
// round by round, with the signature checked by the browser's Ed25519; a
// copy with one result changed fails in words (the signature, and the
// first round whose pairing no longer follows), the check loaded from its
// own wasm package, not the bots'; the page's languages; the
// file's names shown as text; a text that is no tournament's file refused
// in words.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { generateKeyPairSync, sign } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPage, ROOT } from './harness.mjs';

// A 9-player, 8-round tournament that bbpPairings' generator made and its
// `--dutch` paired (tests/data/README.md).
const FILE = join(ROOT, 'tests/data/swiss/bbp-seed108.trf');
let body;
let signed;

/**
 * `text` signed as the server signs a tournament's file
 * (crate/src/tournament/signed.rs): a last line `XXK ed25519 KEY SIGNATURE`
 * over every line above it, with a fresh Ed25519 key.
 */
function signTrf(text) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const key = Buffer.from(publicKey.export({ format: 'jwk' }).x, 'base64url').toString('hex');
  const signature = sign(null, Buffer.from(text, 'utf8'), privateKey).toString('hex');
  return `${text}XXK ed25519 ${key} ${signature}\n`;
}

/** Player 1 lost round 1 to player 5: the copy says they won, the points stated changed to match. */
function tampered(text) {
  const out = text.replace('6.0    1     5 w 0', '7.0    1     5 w 1').replace('4.0    6     1 b 1', '3.0    6     1 b 0');
  assert.notEqual(out, text);
  return out;
}

before(async () => {
  body = (await readFile(FILE, 'utf8')).replace(/\r\n?/g, '\n');
  signed = signTrf(body);
});

async function openVerify(query = '?lang=en') {
  const { page, errors } = await openPage(`verify.html${query}`);
  page.errors = errors;
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

/** Waits for the file's report, its signature checked by the page where it has one. */
async function report(page) {
  await page.waitForSelector('#verdict:not([hidden])');
  await page.waitForSelector('#checks li[data-check="signature"]:not([data-code="signature-in-page"]), #checks li[data-check="trf"][data-status="failed"]');
}

async function pasteAndVerify(page, text) {
  await page.fill('#record-input', text);
  await page.click('#verify-button');
  await report(page);
}

/** [{check, status, code, text}] as shown. */
function shown(page) {
  return page.locator('#checks li').evaluateAll((els) =>
    els.map((e) => ({ check: e.dataset.check, status: e.dataset.status, code: e.dataset.code, text: e.textContent })),
  );
}

test('a signed tournament file checks round by round; a changed result fails in words', async () => {
  const page = await openVerify();
  // The check is a package of its own (www/pkg-trf), fetched only now; the
  // bots' package is not.
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await pasteAndVerify(page, signed);
  assert.ok(fetched.includes('/www/pkg-trf/virada_bg.wasm'), fetched.join(' '));
  assert.ok(!fetched.some((p) => p.startsWith('/www/pkg-bot/')), fetched.join(' '));
  assert.equal(await page.getAttribute('#verdict', 'data-ok'), 'true');
  assert.match(await page.textContent('#verdict'), /Every round is the Dutch system’s pairing/);
  let checks = await shown(page);
  assert.deepEqual(
    checks.map((c) => `${c.check} ${c.code}`),
    ['trf trf-ok', 'signature signature-ok', ...Array(8).fill('round round-dutch'), 'criteria criteria-ok'],
  );
  assert.ok(checks.every((c) => c.status === 'passed'), JSON.stringify(checks));
  assert.match(checks[0].text, /9 players, 8 rounds played/);
  assert.match(checks[1].text, /The tournament’s server signed this file with the key [0-9a-f]{64}/);
  assert.match(checks[2].text, /^passedRound 1: The pairings played are the Dutch system’s/);
  const players = await page.locator('#trf-player-list li').allTextContents();
  assert.equal(players.length, 9);
  assert.equal(players[0], '1. Test0001 Player0001: 6.0 points');

  await pasteAndVerify(page, tampered(signed));
  assert.equal(await page.getAttribute('#verdict', 'data-ok'), 'false');
  checks = await shown(page);
  const signature = checks.find((c) => c.check === 'signature');
  assert.deepEqual([signature.status, signature.code], ['failed', 'signature-mismatch']);
  assert.match(signature.text, /it was changed after the server signed it/);
  // Round 1 was played before the result: it still follows. Round 2 does not.
  assert.deepEqual(checks.slice(2, 4).map((c) => `${c.status} ${c.code}`), ['passed round-dutch', 'failed round-not-dutch']);
  assert.match(checks[3].text, /Round 2: Not the Dutch system’s pairing\. First difference, board \d+: the Dutch system pairs \d+-\d+ \(white first, 0 the bye\), the file has (\d+-\d+|-)\./);
  assert.deepEqual(page.errors, []);
});

test('the report in Portuguese and Italian; a file opened from disk is checked at once', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'virada-trf-'));
  const path = join(dir, 'tournament.trf');
  await writeFile(path, tampered(signed));
  const pt = await openVerify('?lang=pt');
  await pt.setInputFiles('#record-file', path);
  await report(pt);
  const checks = await shown(pt);
  assert.match(checks[1].text, /A assinatura não confere com o arquivo/);
  assert.match(checks[3].text, /Rodada 2: Não é o emparceiramento do sistema holandês\. Primeira diferença, mesa \d+/);
  assert.match(await pt.textContent('#trf-players h2'), /Jogadores no arquivo/);
  assert.deepEqual(pt.errors, []);

  const it = await openVerify('?lang=it');
  await pasteAndVerify(it, signed);
  assert.match(await it.textContent('#verdict'), /Ogni turno è l’abbinamento del sistema olandese/);
  assert.match((await shown(it))[2].text, /Turno 1: Gli abbinamenti giocati sono quelli del sistema olandese/);
  assert.deepEqual(it.errors, []);
});

test('names from the file stay text; a text that is no tournament file is refused in words', async () => {
  const page = await openVerify();
  // The same width as the name it replaces: a TRF's fields are columns.
  const named = body.replace('Test0001 Player0001', '<b>Ana</b>&<i>x</i>');
  await pasteAndVerify(page, named);
  const checks = await shown(page);
  assert.deepEqual([checks[1].status, checks[1].code], ['notice', 'unsigned']);
  assert.equal(await page.getAttribute('#verdict', 'data-ok'), 'true');
  assert.equal(await page.locator('#trf-player-list li').first().textContent(), '1. <b>Ana</b>&<i>x</i>: 6.0 points');
  assert.equal(await page.locator('#trf-player-list b, #trf-player-list i').count(), 0);

  await pasteAndVerify(page, '001 hello\n');
  assert.equal(await page.getAttribute('#verdict', 'data-ok'), 'false');
  const [only, ...rest] = await shown(page);
  assert.deepEqual([only.check, only.status, rest.length], ['trf', 'failed', 0]);
  assert.match(only.text, /This is not a tournament file the checker can read: /);
  assert.equal(await page.locator('#trf-players').isHidden(), true);
  assert.deepEqual(page.errors, []);
});
