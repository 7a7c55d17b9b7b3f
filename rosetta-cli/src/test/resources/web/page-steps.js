'use strict';
/*
 * The conversation controls of `rosetta serve`'s page in a real browser (run by WebPageIT, which
 * started the jar against a fake provider): undo and rewind, switching the model and the tool
 * format, rename and fork, an MCP server's form, and the page used by keyboard alone. Each step
 * prints one JSON line of what it saw; a failed expectation exits 1 with what the page showed.
 */
const { expect, main, newConversation, send, turnEnded } = require('./browser');

const lines = (page, selector) => page.locator(selector).allTextContents();

async function said(page, text) {
  await page.waitForFunction((t) => [...document.querySelectorAll('#transcript .line')]
    .some((l) => l.textContent.includes(t)), text);
}

async function answerWith(page, label) {
  const question = page.locator('.question').first();
  await question.waitFor();
  await question.getByRole('button', { name: label, exact: true }).click();
  await page.waitForFunction((l) => ![...document.querySelectorAll('.question button')]
    .some((b) => b.textContent === l && !b.disabled), label);
}

/** Two turns; Undo takes the last back; Rewind picks the first from a list, shows the diff and puts the file back. */
async function undoRewind({ page, url }) {
  await page.goto(url);
  await newConversation(page, 'undo');
  await send(page, 'rewrite notes.txt');
  await answerWith(page, 'Yes');
  await turnEnded(page, 1);
  await send(page, 'and say more');
  await page.waitForFunction(() => document.getElementById('transcript').textContent.includes('More words.'));
  await turnEnded(page, 2);
  await page.getByRole('button', { name: 'Undo last turn' }).click();
  await said(page, 'took back 2 messages');
  await page.waitForFunction(() => !document.getElementById('transcript').textContent.includes('More words.'));
  const afterUndo = await lines(page, '.turn-input:not(.command)');
  await page.getByRole('button', { name: 'Rewind…' }).click();
  const pick = page.locator('.question').first();
  await pick.waitFor();
  const offered = await pick.locator('button').allTextContents();
  await pick.getByRole('button', { name: 'rewrite notes.txt' }).click();
  await page.waitForSelector('.block.change .diff .del');
  const diff = await page.locator('.block.change').last().textContent();
  await answerWith(page, 'put the files back');
  await said(page, 'put back 1 file');
  await page.waitForFunction(() => !document.getElementById('transcript').textContent.includes('Rewritten.'));
  const afterRewind = await lines(page, '.turn-input:not(.command)');
  console.log(JSON.stringify({ afterUndo, offered, diff, afterRewind }));
}

/** The status bar's dialog switches the model and the tool format; the bar says so, the next turn uses them. */
async function switchModel({ page, url }) {
  await page.goto(url);
  await newConversation(page, 'switch');
  const before = await page.locator('#statusbar').textContent();
  await page.click('#status-model');
  await page.fill('#model-form input[name=model]', 'anthropic/claude-sonnet-4-6');
  await page.selectOption('#model-form select[name=format]', 'xml');
  await page.click('#model-form button[type=submit]');
  await page.waitForFunction(() => document.getElementById('st-model').textContent === 'anthropic/claude-sonnet-4-6'
    && document.getElementById('st-format').textContent === 'xml');
  await send(page, 'which model are you?');
  await page.waitForFunction(() => document.getElementById('transcript').textContent.includes('Claude here.'));
  await turnEnded(page, 1);
  const after = await page.locator('#statusbar').textContent();
  console.log(JSON.stringify({ before, after }));
}

/**
 * Rename, then go on talking under the new name; a command that only reports draws nothing again;
 * fork, and the page offers to open the fork, which holds the conversation so far.
 */
async function renameFork({ page, url }) {
  await page.goto(url);
  await newConversation(page, 'original');
  await send(page, 'hello');
  await turnEnded(page, 1);
  await page.getByRole('button', { name: 'Rename' }).click();
  await page.fill('#name-form input[name=name]', 'renamed');
  await page.click('#name-form button[type=submit]');
  await page.waitForFunction(() => document.getElementById('title').textContent === 'renamed');
  await page.waitForFunction(() => [...document.querySelectorAll('#conversations .conv-name')]
    .some((n) => n.textContent === 'renamed'));
  expect(decodeURIComponent(new URL(page.url()).hash) === '#/c/renamed',
    'the address to name the conversation by its new name, got ' + page.url());
  await send(page, 'still there?');
  await turnEnded(page, 2);
  await page.evaluate(() => { window.firstInput = document.querySelector('.turn-input'); });
  await send(page, '/tokens');
  await turnEnded(page, 3);
  await page.getByRole('button', { name: 'Fork' }).click();
  await page.fill('#name-form input[name=name]', 'forked');
  await page.click('#name-form button[type=submit]');
  await page.waitForFunction(() => [...document.querySelectorAll('#conversations .conv-name')]
    .some((n) => n.textContent === 'forked'));
  const names = await lines(page, '#conversations .conv-name');
  const open = page.getByRole('button', { name: 'Open forked' });
  await open.waitFor();
  const kept = await page.evaluate(() => window.firstInput.isConnected);
  await open.click();
  await page.waitForFunction(() => document.getElementById('title').textContent === 'forked');
  await turnEnded(page, 2);
  const forkInputs = await lines(page, '.turn-input');
  const forkAddress = decodeURIComponent(new URL(page.url()).hash);
  await page.evaluate(() => { location.hash = '#/c/renamed'; });
  await page.reload();
  await page.waitForFunction(() => document.getElementById('title').textContent === 'renamed');
  await turnEnded(page, 2);
  const inputs = await lines(page, '.turn-input');
  console.log(JSON.stringify({ names, inputs, kept, forkInputs, forkAddress }));
}

/** An MCP server's form (the everything server's elicitation) answered in the page. */
async function form({ page, url }) {
  await page.goto(url);
  await newConversation(page, 'form');
  await send(page, 'ask me things');
  await answerWith(page, 'Yes');
  const card = page.locator('.question').first();
  await card.locator('input, select').first().waitFor();
  const heading = await card.locator('h2').textContent();
  await card.locator('[data-field="name"]').fill('Ada');
  await card.locator('[data-field="check"]').check();
  // Values outside the server's limits (1–100; at most 3 instruments) are held back in the page.
  await card.locator('[data-field="integer"]').fill('700');
  const instruments = card.getByRole('group', { name: 'Untitled Multiple Select Enum' });
  for (const name of ['Piano', 'Violin', 'Drums']) await instruments.getByLabel(name).check();
  await card.getByRole('button', { name: 'Send', exact: true }).click();
  const heldBack = await card.locator('[data-field="integer"]').evaluate((i) => i.validity.rangeOverflow)
    && await card.isVisible() && !(await card.getByRole('button', { name: 'Send', exact: true }).isDisabled());
  await card.locator('[data-field="integer"]').fill('7');
  await card.getByRole('button', { name: 'Send', exact: true }).click();
  const tooMany = await instruments.getByRole('alert').textContent();
  await instruments.getByLabel('Guitar').uncheck();
  await instruments.getByLabel('Violin').uncheck();
  await card.locator('[data-field="titledSingleSelectEnum"]').selectOption({ label: 'Green Lantern' });
  const fish = card.getByRole('group', { name: 'Titled Multiple Select Enum' });
  expect(await fish.getByLabel('Tuna').isChecked(), 'the default (fish-1) ticked under its title, Tuna');
  await fish.getByLabel('Salmon').check();
  await card.getByRole('button', { name: 'Send', exact: true }).click();
  await page.waitForSelector('.result .mark.ok');
  await turnEnded(page, 1);
  const result = await page.locator('.result').first().textContent();
  console.log(JSON.stringify({ heading, result, heldBack, tooMany }));
}

/** Tab order, Enter to start and to send, a confirmation approved and one denied by keys; focus always shown. */
async function keyboard({ page, url }) {
  await page.goto(url);
  const order = [];
  const unseen = [];
  async function tab(times) {
    for (let i = 0; i < times; i++) {
      await page.keyboard.press('Tab');
      const f = await page.evaluate(() => {
        const a = document.activeElement;
        const s = getComputedStyle(a);
        return { name: a.id || a.getAttribute('aria-label') || a.textContent.trim().slice(0, 30),
          visible: a.matches(':focus-visible') && s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0
            && a.getBoundingClientRect().width > 0 && a.getBoundingClientRect().left >= 0 };
      });
      order.push(f.name);
      if (!f.visible) unseen.push(f.name);
    }
  }
  await tab(2);
  expect(order[0] === 'Skip to the message box', 'the skip link first, got ' + order.join(', '));
  expect(order[1] === 'new-conversation', 'then New conversation, got ' + order.join(', '));
  await page.keyboard.press('Enter');
  await page.waitForSelector('#new-dialog[open]');
  for (let i = 0; i < 4 && await page.evaluate(() => document.activeElement.name !== 'name'); i++) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.type('keys');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.getElementById('composer-text').disabled);
  await page.waitForFunction(() => document.activeElement === document.getElementById('composer-text'));
  await page.keyboard.type('write two files');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement.closest('.question'));
  await page.keyboard.press('y');
  await page.waitForSelector('.result .mark.ok');
  await page.waitForFunction(() => document.querySelectorAll('.question').length === 1
    && document.activeElement.closest('.question'));
  const answers = [];
  for (let i = 0; i < 6 && answers[answers.length - 1] !== 'No'; i++) {
    await page.keyboard.press('Tab');
    answers.push(await page.evaluate(() => document.activeElement.textContent));
    const visible = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle !== 'none');
    if (!visible) unseen.push(answers[answers.length - 1]);
  }
  await page.keyboard.press('Enter');
  await page.waitForSelector('.result .mark.bad');
  await turnEnded(page, 1);
  const results = await lines(page, '.result');
  await page.keyboard.press('Escape');
  expect(unseen.length === 0, 'focus to be visible on every control, not on ' + unseen.join(', '));
  console.log(JSON.stringify({ order, answers, results }));
}

main({ undoRewind, switchModel, renameFork, form, keyboard });
