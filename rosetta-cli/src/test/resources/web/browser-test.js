'use strict';
/*
 * The page of `rosetta serve` in a real browser (Debian's Chromium, driven by playwright-core):
 * run by WebBrowserIT, which started the jar against a fake provider. Arguments: the printed URL,
 * the folder for screenshots, and the step to run. Prints one JSON line of what it saw; any failed
 * expectation exits 1 with a message.
 */
const path = require('path');
const { expect, main, newConversation, send, turnEnded } = require('./browser');

/** A streamed reply, a folded save opened, approved in the page; the file is written (the IT checks). */
async function approve({ page, problems, url, shots }) {
  await page.goto(url);
  expect(new URL(page.url()).search === '', 'the token to leave the address bar');
  await newConversation(page, 'from-the-browser');
  await send(page, 'greet me, then write hello.py');
  await page.waitForSelector('.prose strong');
  await page.waitForSelector('.prose pre code.language-java .token.string'); // highlighted by Prism
  await page.waitForSelector('.question[data-question]');
  const block = page.locator('.block.call').first();
  const header = await block.locator('.block-head').textContent();
  expect(/^▶\s*save hello\.py · \d+ lines$/.test(header.trim()), 'the terminal UI header, got ' + header);
  const foldedText = await block.locator('.body pre').textContent();
  await block.locator('.block-head').click();
  const openText = await block.locator('.body pre').textContent();
  expect(openText.length > foldedText.length, 'opening the block to show the folded lines');
  const question = page.locator('.question').first();
  expect(await question.locator('.diff .add').count() > 0, 'a coloured diff in the confirmation');
  await page.screenshot({ path: path.join(shots, 'web-desktop-confirm.png') });
  await question.getByRole('button', { name: 'Yes', exact: true }).click();
  await page.waitForSelector('.result .mark.ok');
  const result = await page.locator('.result').first().textContent();
  expect(/✓ save/.test(result), 'a ✓ save result, got ' + result);
  await turnEnded(page, 1);
  const prose = await page.locator('.prose').allTextContents();
  await page.screenshot({ path: path.join(shots, 'web-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow <= 0, 'no sideways scrolling at 390 px, got ' + overflow + ' px too wide');
  await page.screenshot({ path: path.join(shots, 'web-phone.png') });
  await page.click('#open-sidebar');
  await page.waitForSelector('#sidebar.open #conversations button');
  await page.screenshot({ path: path.join(shots, 'web-phone-list.png') });
  expect(problems.length === 0, 'no errors in the page, got ' + problems.join(' | '));
  console.log(JSON.stringify({ prose, header, result }));
}

/** Hostile markup from the model and a tool reaches the page as text; no script runs. */
async function hostile({ page, problems, url }) {
  await page.goto(url);
  await newConversation(page, 'hostile');
  await send(page, 'be hostile');
  await page.locator('.question').first().getByRole('button', { name: 'Yes', exact: true }).click();
  await page.waitForSelector('.result');
  await turnEnded(page, 1);
  const pwned = await page.evaluate(() => window.__pwned === undefined && document.querySelectorAll(
    '#transcript script, #transcript img[src="x"], #transcript iframe, #transcript [onerror], #transcript [onclick]').length);
  expect(pwned === 0, 'no element from the hostile text, found ' + pwned);
  expect(await page.evaluate(() => window.__pwned) === undefined, 'no script from the hostile text to run');
  const shown = await page.locator('#transcript').textContent();
  expect(shown.includes('<script>'), 'the hostile markup shown as text');
  expect(problems.every((p) => !p.startsWith('a dialog')), 'no dialog: ' + problems.join(' | '));
  console.log(JSON.stringify({ ok: true }));
}

/** The network drops mid-stream and comes back: the reply is shown whole, nothing lost, nothing twice. */
async function reconnect({ context, page, url }) {
  await page.goto(url);
  await newConversation(page, 'dropped');
  await send(page, 'count slowly');
  await page.locator('.question').first().getByRole('button', { name: 'Yes', exact: true }).click();
  await page.waitForFunction(() => (document.querySelector('.live-output') || {}).textContent?.includes('line 3'));
  await context.setOffline(true);
  await page.waitForFunction(() => /reconnecting/.test(document.getElementById('st-state').textContent));
  await new Promise((r) => setTimeout(r, 1500));
  await context.setOffline(false);
  await page.waitForFunction(() => [...document.querySelectorAll('.prose')].some((p) => p.textContent.includes('done')));
  await turnEnded(page, 1);
  const prose = (await page.locator('.prose').allTextContents()).map((t) => t.trim());
  const results = await page.locator('.result').allTextContents();
  const blocks = await page.locator('.block.call').count();
  const inputs = await page.locator('.turn-input').count();
  console.log(JSON.stringify({ prose, results, blocks, inputs }));
}

/** A conversation a terminal runs (--serve): its confirmation answered here. */
async function terminal({ page, url }) {
  await page.goto(url);
  await page.waitForSelector('.question[data-question]');
  await page.locator('.question').first().getByRole('button', { name: 'Yes', exact: true }).click();
  await page.waitForSelector('.result .mark.ok');
  console.log(JSON.stringify({ live: await page.locator('#live').textContent() }));
}

main({ approve, hostile, reconnect, terminal });
