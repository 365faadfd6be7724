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
  const taken = page.waitForURL(atTable, { timeout: 60_000, waitUntil: 'commit' });
  await Promise.race([taken, link.waitFor({ timeout: 60_000 })]);
  // The link, unless the page is on its way to the table already (the click then finds nothing).
  if (!atTable.test(page.url())) await link.click({ timeout: 5_000 }).catch(() => {});
  await taken;
  return new URL(page.url()).searchParams.get('table');
}
