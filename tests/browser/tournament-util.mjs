// Helpers for the tournaments' browser tests.

/**
 * `page`, on a tournament's page, goes to its game of round `n`: taken
 * there when the round's start reaches it (tournament/call.js), or, when
 * it was told of that game before, by the round's "Your game" link.
 * Answers the table's id.
 * @param {import('playwright-core').Page} page
 * @param {number} n
 */
export async function toYourGame(page, n) {
  const atTable = /index\.html\?table=/;
  const link = page.locator(`#round-${n} .tn-mine`);
  const reached = () => page.waitForURL(atTable, { timeout: 60_000, waitUntil: 'commit' });
  const taken = reached();
  await Promise.race([taken, link.waitFor({ timeout: 60_000 })]).catch(() => {});
  // The link, unless the page is on its way to the table already (the click then finds nothing).
  if (!atTable.test(page.url())) await link.click({ timeout: 5_000 }).catch(() => {});
  // Taken by the call and by the link at once, the first navigation is
  // aborted (ERR_ABORTED): the second reaches the same table.
  await taken.catch((e) => {
    if (!/ERR_ABORTED|detached/.test(String(e))) throw e;
    return reached();
  });
  return new URL(page.url()).searchParams.get('table');
}

/**
 * The tournament as the server at `url` says it, asked from the test
 * rather than a page: the round's call may carry any page to its table.
 * @param {string} url
 * @param {string} id
 */
export async function tournamentNow(url, id) {
  const answer = await fetch(`${url}/api/tournaments/${id}`);
  if (!answer.ok) throw new Error(`tournament ${id}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

/**
 * Asks again until `holds` is true of the tournament; answers it.
 * @param {string} url
 * @param {string} id
 * @param {(t: any) => boolean} holds
 * @param {number} [within] milliseconds
 */
export async function tournamentWhen(url, id, holds, within = 60_000) {
  const end = Date.now() + within;
  for (;;) {
    const t = await tournamentNow(url, id);
    if (holds(t)) return t;
    if (Date.now() > end) throw new Error(`tournament ${id} never came to that: ${JSON.stringify(t)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
