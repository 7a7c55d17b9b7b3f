'use strict';
/*
 * What the browser steps share: Debian's Chromium started by playwright-core with a fresh profile,
 * the page's common moves (start a conversation, send, wait for a turn to end), and a step runner
 * that says what the page showed when a step fails. Required by browser-test.js and page-steps.js.
 */
const { chromium } = require('playwright-core');
const fs = require('fs');
const os = require('os');
const path = require('path');

const TIMEOUT = 30000;

function expect(ok, what) {
  if (!ok) throw new Error('expected ' + what);
}

async function launch() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rosetta-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.ROSETTA_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run'],
    viewport: { width: 1280, height: 800 },
  });
  const page = context.pages()[0] || await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('dialog', (d) => { problems.push('a dialog opened: ' + d.message()); d.dismiss(); });
  return { context, page, problems, profile };
}

async function newConversation(page, name) {
  await page.click('#new-conversation');
  await page.fill('#new-form input[name=name]', name);
  await page.click('#new-form button[type=submit]');
  await page.waitForFunction(() => !document.getElementById('composer-text').disabled);
  await page.waitForSelector('#st-model:not(:empty)');
}

async function send(page, text) {
  await page.fill('#composer-text', text);
  await page.press('#composer-text', 'Enter');
}

/** Waits until {@code count} inputs were sent and no turn runs. */
async function turnEnded(page, count) {
  await page.waitForFunction((n) => document.querySelectorAll('.turn-input').length >= n
    && document.getElementById('stop').hidden, count);
}

/**
 * Runs the step named on the command line (arguments: the printed URL, the screenshot folder, the
 * step) from {@code steps}; each gets {url, shots} and runs in a fresh browser. Exits 0 when it
 * passed, 1 with what the page showed (and a screenshot) when it did not.
 */
function main(steps) {
  const [url, shots, step] = process.argv.slice(2);
  const run = steps[step];
  if (!run) {
    console.error('no step ' + step + '; there are ' + Object.keys(steps).join(', '));
    process.exit(2);
  }
  withBrowser(step, shots, (browser) => run({ ...browser, url, shots }))
    .then(() => process.exit(0), (e) => { console.error(e.message || String(e)); process.exit(1); });
}

async function withBrowser(step, shots, body) {
  const browser = await launch();
  try {
    await body(browser);
  } catch (e) {
    let shown = '';
    try {
      await browser.page.screenshot({ path: path.join(shots, 'failed-' + step + '.png') });
      shown = '\npage text:\n' + await browser.page.evaluate(() => document.body.innerText);
    } catch (ignored) { /* the page is gone */ }
    throw new Error((e.message || String(e)) + shown + '\nproblems: ' + browser.problems.join(' | '));
  } finally {
    await browser.context.close();
  }
}

module.exports = { expect, main, newConversation, send, turnEnded };
