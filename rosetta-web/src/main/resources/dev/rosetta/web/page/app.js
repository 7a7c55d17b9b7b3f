'use strict';
/*
 * The page: the conversation list, one conversation's event stream (Server-Sent Events; the browser
 * reconnects by itself with the last id it saw, and the server resumes after it), the composer,
 * the questions the host asks, the status bar. Every decision is the host's: the page sends what
 * the user typed or chose and shows what the host says.
 */
(function () {
  const { Transcript, el, previewView } = window.Render;
  const $ = (id) => document.getElementById(id);
  const state = { id: null, source: null, lastSeq: null, epoch: null, busy: false, choices: null,
    status: null, tokens: { input: 0, output: 0, context: 0 }, cost: 0, questions: new Map(),
    commandAt: null, kept: null };
  const transcript = new Transcript($('transcript'));

  // ---- the theme: the system's, until the user picks one -------------------------------------
  function applyTheme(theme) {
    const dark = theme ? theme === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }
  applyTheme(localStorage.getItem('rosetta-theme'));
  $('theme').addEventListener('click', () => {
    const next = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
    localStorage.setItem('rosetta-theme', next);
    applyTheme(next);
  });

  // ---- the API -------------------------------------------------------------------------------
  async function api(path, body) {
    const init = body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body) };
    const response = await fetch('/api/' + path, init);
    const json = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(json.error || ('the server answered ' + response.status));
    return json;
  }

  function problem(text) {
    transcript.append(el('div', { class: 'line tone-problem', text }));
  }

  // ---- the conversation list -----------------------------------------------------------------
  async function loadList() {
    let rows;
    try { rows = await api('conversations'); } catch (e) { return []; }
    const list = $('conversations');
    list.replaceChildren();
    for (const row of rows) {
      const meta = [row.model, row.format].filter(Boolean).join(' · ');
      const button = el('button', { type: 'button', 'data-id': row.id, 'aria-current': row.id === state.id ? 'true' : 'false' },
        el('div', { class: 'conv-name', text: row.name || row.id },
          row.terminal ? el('span', { class: 'badge', text: 'terminal' }) : null),
        el('div', { class: 'conv-meta', text: meta + (row.updated ? ' · ' + new Date(row.updated).toLocaleString() : '') }),
        el('div', { class: 'conv-last', text: row.last || row.first || '' }));
      button.addEventListener('click', () => { location.hash = '#/c/' + encodeURIComponent(row.id); closeSidebar(); });
      list.append(el('li', {}, button));
    }
    return rows;
  }

  async function loadChoices() {
    try { state.choices = await api('choices'); } catch (e) { return; }
    const models = $('model-list');
    models.replaceChildren(...state.choices.models.map((m) => el('option', { value: m })));
    for (const select of document.querySelectorAll('select[name=format]')) {
      const keep = select.querySelector('option[value=""]');
      select.replaceChildren(...(keep ? [keep] : []), ...state.choices.formats.map((f) => el('option', { value: f, text: f })));
    }
    $('new-form').elements.workspace.placeholder = state.choices.workspace;
  }

  // ---- one conversation ----------------------------------------------------------------------
  function open(id) {
    if (state.source) state.source.close();
    state.id = id;
    state.lastSeq = null;
    state.epoch = null;
    transcript.clear();
    $('questions').replaceChildren();
    state.questions.clear();
    enable(true);
    connect();
    $('composer-text').focus();
    document.querySelectorAll('#conversations button').forEach((b) =>
      b.setAttribute('aria-current', b.dataset.id === id ? 'true' : 'false'));
  }

  /**
   * Opens the event stream: from the start (a snapshot first), or after the last event seen. The
   * browser's EventSource reconnects by itself with the last id; a stream the page closed (the
   * device went offline) is opened again with that id in the query.
   */
  function connect() {
    const id = state.id;
    const after = state.epoch !== null && state.lastSeq !== null ? '?last=' + encodeURIComponent(state.epoch + '-' + state.lastSeq) : '';
    const source = new EventSource('/api/conversations/' + encodeURIComponent(id) + '/events' + after);
    state.source = source;
    source.onmessage = (m) => receive(m);
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) {
        problem('The connection to this conversation ended; reload the page to try again.');
      }
      setState('reconnecting…');
    };
    source.onopen = () => setState(state.busy ? 'working…' : '');
  }
  window.addEventListener('offline', () => {
    if (!state.source) return;
    state.source.close();
    setState('offline: reconnecting when the network is back…');
  });
  window.addEventListener('online', () => { if (state.id) connect(); });

  function receive(message) {
    const data = JSON.parse(message.data);
    const [epoch, seqText] = (message.lastEventId || '').split('-');
    const seq = Number(seqText);
    if (data.type !== 'snapshot' && epoch === state.epoch && state.lastSeq !== null && seq <= state.lastSeq) {
      return; // seen already: never shown twice
    }
    state.epoch = epoch;
    state.lastSeq = seq;
    if (data.type === 'snapshot') return snapshot(data);
    event(data);
  }

  function snapshot(s) {
    transcript.clear();
    $('questions').replaceChildren();
    state.questions.clear();
    $('title').textContent = s.conversation;
    $('live').hidden = !s.terminal;
    $('live').textContent = s.terminal ? 'live from the terminal' : '';
    state.tokens = { input: s.tokens.input, output: s.tokens.output, context: s.tokens.context };
    state.cost = s.cost || 0;
    status(s.status);
    s.history.forEach((e) => transcript.apply(e));
    if (state.kept) {
      transcript.endText();
      state.kept.forEach((n) => transcript.append(n));
      state.kept = null;
    }
    setBusy(s.busy);
    queued(s.queued);
    s.questions.forEach(ask);
    scrollDown(true);
  }

  function event(e) {
    const near = nearBottom();
    switch (e.type) {
      case 'turn_started': setBusy(true); break;
      case 'turn_ended': setBusy(false); loadList(); break;
      case 'queued': queued(e.waiting); return;
      case 'status': status(e.status); return;
      case 'usage': usage(e); return;
      case 'question': ask(e.question); return;
      case 'answered': answered(e); break;
      default: break;
    }
    const shown = transcript.apply(e);
    if (e.type === 'turn_started' && e.input.kind === 'command') state.commandAt = shown;
    if (e.type === 'turn_ended') {
      if (e.history_rewritten) resync();
      state.commandAt = null;
      const fork = e.input && e.input.kind === 'command' && /^\/fork\s+(\S+)/i.exec(e.input.text.trim());
      if (fork) offerFork(fork[1]);
    }
    if (near) scrollDown(false);
  }

  /** A fork made from here or from the terminal: once the list has it, the page offers to open it. */
  async function offerFork(id) {
    const rows = await loadList();
    if (!rows.some((r) => r.id === id)) return; // the command said why it failed
    const near = nearBottom();
    transcript.endText();
    transcript.append(el('div', { class: 'line fork-offer' }, el('span', { text: 'The fork ' + id + ' is ready. ' }),
      el('button', { type: 'button', 'data-open': id, text: 'Open ' + id,
        onclick: () => { location.hash = '#/c/' + encodeURIComponent(id); } })));
    if (near) scrollDown(false);
  }

  /**
   * When the host says an input rewrote the history (an /undo or /rewind took messages back, a
   * compaction) the page shows the conversation as the host now has it, followed by what the command
   * said: the stream is opened again from a snapshot, and the command's lines are put back after its
   * history. Any other input only added to what the page shows, and nothing is redrawn.
   */
  function resync() {
    const kept = [];
    for (let n = state.commandAt; n && n.isConnected; n = n.nextSibling) kept.push(n);
    state.commandAt = null;
    state.kept = kept;
    if (state.source) state.source.close();
    state.epoch = null;
    state.lastSeq = null;
    connect();
  }

  function nearBottom() {
    const t = $('transcript');
    return t.scrollHeight - t.scrollTop - t.clientHeight < 120;
  }

  function scrollDown() {
    const t = $('transcript');
    requestAnimationFrame(() => { t.scrollTop = t.scrollHeight; });
  }

  // ---- the status bar ------------------------------------------------------------------------
  function status(s) {
    if (!s) return;
    state.status = s;
    if (s.conversation && state.id && s.conversation !== state.id) renamed(s.conversation);
    $('title').textContent = s.conversation || $('title').textContent;
    $('st-model').textContent = s.model;
    $('st-format').textContent = s.format;
    paintTokens();
  }

  /** The conversation has a new id (a /rename, from here or from the terminal): the address and the list follow. */
  function renamed(id) {
    state.id = id;
    history.replaceState(null, '', '#/c/' + encodeURIComponent(id));
    loadList();
  }

  function usage(e) {
    const u = e.usage || {};
    state.tokens.input += u.input || 0;
    state.tokens.output += u.output || 0;
    state.tokens.context = (u.input || 0) + (u.output || 0) + (u.cache_read || 0);
    if (typeof e.cost === 'number') state.cost += e.cost;
    paintTokens();
  }

  function count(n) {
    return n >= 1000 ? (n / 1000).toFixed(n >= 10000 ? 0 : 1) + 'k' : String(n);
  }

  function paintTokens() {
    const window_ = state.status && state.status.window;
    $('st-context').textContent = 'context ' + count(state.tokens.context) + (window_ ? '/' + count(window_) : '');
    $('st-tokens').textContent = '↑' + count(state.tokens.input) + ' ↓' + count(state.tokens.output) + ' tokens';
    $('st-cost').textContent = '$' + state.cost.toFixed(state.cost < 1 ? 4 : 2);
  }

  function setState(text) {
    $('st-state').textContent = text;
  }

  function setBusy(busy) {
    state.busy = busy;
    $('stop').hidden = !busy;
    setState(busy ? 'working…' : '');
  }

  function queued(waiting) {
    const list = $('queued');
    list.replaceChildren(...(waiting || []).map((t) => el('li', { text: t })));
    list.hidden = !waiting || waiting.length === 0;
  }

  function enable(on) {
    $('composer-text').disabled = !on;
    $('send').disabled = !on;
    document.querySelectorAll('.composer-tools button').forEach((b) => { b.disabled = !on; });
  }

  // ---- questions: the first answer, from any front end, wins ----------------------------------
  function ask(q) {
    if (state.questions.has(q.id)) return;
    const card = el('section', { class: 'question', 'data-question': q.id, 'aria-label': 'Question ' + q.id, tabindex: '-1' });
    const send = (answer) => {
      card.querySelectorAll('button').forEach((b) => { b.disabled = true; });
      api('conversations/' + encodeURIComponent(state.id) + '/answer', { question: q.id, answer })
        .catch((e) => { card.append(el('p', { class: 'error', text: e.message })); });
    };
    const answers = el('div', { class: 'answers' });
    const button = (label, answer, cls) => answers.append(el('button', { type: 'button', class: cls || null, text: label,
      onclick: () => send(typeof answer === 'function' ? answer() : answer) }));
    switch (q.type) {
      case 'permission': {
        card.append(el('h2', { text: 'Run this? ' }, el('span', { class: 'mono', text: q.call.title })));
        const preview = previewView(q.preview);
        if (preview) card.append(preview);
        else if (q.call.body) card.append(window.Render.codeView(q.call.body, null));
        button('Yes', { kind: 'yes' }, 'primary');
        button('No', { kind: 'no' });
        q.remember.forEach((r) => button('Always: ' + r.text, { kind: 'remember', rule: r.index }));
        if (q.editable !== null && q.editable !== undefined) {
          const area = el('textarea', { 'aria-label': 'The call, edited' });
          area.value = q.editable;
          const editing = el('div', { hidden: true }, area, el('div', { class: 'answers' },
            el('button', { type: 'button', class: 'primary', text: 'Run the edited call',
              onclick: () => send({ kind: 'edit', text: area.value }) })));
          answers.append(el('button', { type: 'button', text: 'Edit…', onclick: () => { editing.hidden = false; area.focus(); } }));
          card.append(answers, editing);
        } else {
          card.append(answers);
        }
        card.append(el('p', { class: 'hint', text: 'Keys: y yes · n no' }));
        card.addEventListener('keydown', (k) => {
          if (k.target.tagName === 'TEXTAREA') return;
          if (k.key === 'y') send({ kind: 'yes' });
          if (k.key === 'n') send({ kind: 'no' });
        });
        break;
      }
      case 'form': {
        card.append(el('h2', { text: q.server + ' asks: ' + q.message }));
        const inputs = q.fields.map((f) => formField(f));
        inputs.forEach((i) => card.append(i.label));
        const values = () => {
          const v = {};
          inputs.forEach((i) => { const x = i.value(); if (x !== undefined) v[i.name] = x; });
          return { kind: 'form', action: 'accept', values: v };
        };
        // The server's limits are checked here first, so the user mends a value rather than the server refusing it.
        answers.append(el('button', { type: 'button', class: 'primary', text: 'Send',
          onclick: () => { if (inputs.every((i) => i.valid())) send(values()); } }));
        button('Decline', { kind: 'form', action: 'decline' });
        button('Cancel', { kind: 'form', action: 'cancel' });
        card.append(answers);
        break;
      }
      case 'choice': {
        card.append(el('h2', { text: q.prompt }));
        q.options.forEach((o) => button(o.label, { kind: 'text', text: o.answer }));
        card.append(answers);
        break;
      }
      default: { // a message the user writes
        card.append(el('h2', { text: q.prompt }));
        const area = el('textarea', { 'aria-label': q.prompt });
        card.append(area);
        button('Send', () => ({ kind: 'text', text: area.value }), 'primary');
        button('Cancel', { kind: 'text', text: null });
        card.append(answers);
      }
    }
    state.questions.set(q.id, card);
    $('questions').append(card);
    card.focus({ preventScroll: true });
  }

  function formField(f) {
    const title = (f.label || f.name) + (f.required ? ' *' : '');
    if (f.kind === 'array') return choicesField(f, title);
    let input;
    if (f.choices && f.choices.length) {
      input = el('select', {}, ...(f.required ? [] : [el('option', { value: '', text: '' })]),
        ...f.choices.map((c, n) => el('option', { value: c, text: choiceTitle(f, n) })));
      if (f.default !== null && f.default !== undefined) input.value = String(f.default);
    } else if (f.kind === 'boolean') {
      input = el('input', { type: 'checkbox' });
      input.checked = f.default === true;
    } else {
      const limits = f.limits || {};
      const numeric = f.kind === 'number' || f.kind === 'integer';
      input = el('input', { type: numeric ? 'number' : TEXT_TYPES[limits.format] || 'text',
        step: f.kind === 'integer' ? '1' : f.kind === 'number' ? 'any' : null, required: f.required,
        min: numeric ? limits.minimum : null, max: numeric ? limits.maximum : null,
        minlength: numeric ? null : limits.minLength, maxlength: numeric ? null : limits.maxLength,
        pattern: numeric || !limits.pattern ? null : unanchored(limits.pattern) });
      if (f.default !== null && f.default !== undefined) input.value = String(f.default);
    }
    input.dataset.field = f.name;
    const label = el('label', {}, el('span', { text: title }), input,
      f.description ? el('span', { class: 'hint', text: f.description }) : null);
    const value = () => {
      if (f.kind === 'boolean') return input.checked;
      if (input.value === '') return undefined;
      if (f.kind === 'number' || f.kind === 'integer') return Number(input.value);
      return input.value;
    };
    // The browser checks minlength only on what the user typed, not on a default: checked here for both.
    const valid = () => {
      if (input.value !== '' && input.minLength > 0 && [...input.value].length < input.minLength) {
        input.setCustomValidity('At least ' + input.minLength + ' characters.');
      } else input.setCustomValidity('');
      return input.reportValidity();
    };
    return { name: f.name, label, value, valid };
  }

  /** The input types a field's format asks for: the browser checks and offers the right keyboard. */
  const TEXT_TYPES = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' };

  /**
   * A JSON Schema pattern is found anywhere in the text; an HTML pattern must match all of it. So
   * anything may surround it — its own ^ and $ still hold it to the start and end.
   */
  function unanchored(pattern) {
    return '[\\s\\S]*(?:' + pattern + ')[\\s\\S]*';
  }

  /** What the user is shown for a field's choice {@code n}: the title the server gave it, else its value. */
  function choiceTitle(f, n) {
    return (f.choice_titles && f.choice_titles[n]) || f.choices[n];
  }

  /** Several of a list (an array field): a box each, the server's default ticked; the value is the list ticked. */
  function choicesField(f, title) {
    const ticked = Array.isArray(f.default) ? f.default.map(String) : [];
    const boxes = (f.choices || []).map((c) => {
      const box = el('input', { type: 'checkbox', value: c, 'data-field': f.name });
      box.checked = ticked.includes(c);
      return box;
    });
    const label = el('fieldset', { class: 'choices' }, el('legend', { text: title }),
      ...boxes.map((b, n) => el('label', {}, b, el('span', { text: choiceTitle(f, n) }))),
      f.description ? el('span', { class: 'hint', text: f.description }) : null);
    const value = () => {
      const chosen = boxes.filter((b) => b.checked).map((b) => b.value);
      return chosen.length || f.required ? chosen : undefined;
    };
    const limits = f.limits || {};
    const note = el('span', { class: 'error', role: 'alert', hidden: true });
    label.append(note);
    const valid = () => {
      const n = boxes.filter((b) => b.checked).length;
      const wrong = (limits.minItems !== undefined && n < limits.minItems && (n > 0 || f.required)) ? 'Choose at least ' + limits.minItems + '.'
        : limits.maxItems !== undefined && n > limits.maxItems ? 'Choose at most ' + limits.maxItems + '.' : null;
      note.textContent = wrong || '';
      note.hidden = !wrong;
      if (wrong && boxes.length) boxes[0].focus();
      return !wrong;
    };
    return { name: f.name, label, value, valid };
  }

  function answered(e) {
    const card = state.questions.get(e.id);
    if (card) card.remove();
    state.questions.delete(e.id);
  }

  // ---- the composer --------------------------------------------------------------------------
  async function submit(text) {
    if (!state.id || !text.trim()) return;
    // The commands a front end carries out itself (the host's PROMPT_COMMANDS): here, the page does.
    const command = text.trim().split(/\s+/)[0].toLowerCase();
    if (command === '/clear') { transcript.clear(); return; }
    if (command === '/exit' || command === '/quit') { leave(); return; }
    try {
      await api('conversations/' + encodeURIComponent(state.id) + '/input', { text });
    } catch (e) { problem(e.message); }
  }

  const box = $('composer-text');
  $('composer').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = box.value;
    box.value = '';
    resize();
    hideCompletions();
    submit(text);
  });
  function resize() {
    box.style.height = 'auto';
    box.style.height = Math.min(box.scrollHeight, window.innerHeight * 0.4) + 'px';
  }
  box.addEventListener('input', () => { resize(); completions(); });
  box.addEventListener('keydown', (e) => {
    const list = $('completions');
    if (!list.hidden && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      const items = [...list.children];
      const at = items.findIndex((i) => i.getAttribute('aria-selected') === 'true');
      const next = (at + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
      items.forEach((i, n) => i.setAttribute('aria-selected', String(n === next)));
      return;
    }
    if (!list.hidden && e.key === 'Tab') {
      const chosen = list.querySelector('[aria-selected="true"]') || list.firstChild;
      if (chosen) { e.preventDefault(); box.value = chosen.textContent + ' '; hideCompletions(); }
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      $('composer').requestSubmit();
    }
    if (e.key === 'Escape') {
      if (!list.hidden) hideCompletions();
      else if (state.busy) interrupt();
    }
  });

  function completions() {
    const list = $('completions');
    const text = box.value;
    if (!state.choices || !/^\/\S*$/.test(text)) return hideCompletions();
    const matches = state.choices.commands.filter((c) => c.startsWith(text) && c !== text);
    list.replaceChildren(...matches.map((c, n) => el('li', { role: 'option', 'aria-selected': String(n === 0), text: c,
      onclick: () => { box.value = c + ' '; hideCompletions(); box.focus(); } })));
    list.hidden = matches.length === 0;
  }
  function hideCompletions() { $('completions').hidden = true; }

  /** Leaves the conversation (it goes on where it runs); back to the list. */
  function leave() {
    if (state.source) state.source.close();
    state.source = null;
    state.id = null;
    transcript.clear();
    $('questions').replaceChildren();
    $('title').textContent = 'Rosetta';
    enable(false);
    history.replaceState(null, '', '/');
    $('sidebar').classList.add('open');
    loadList();
  }

  function interrupt() {
    if (state.id) api('conversations/' + encodeURIComponent(state.id) + '/interrupt', {}).catch((e) => problem(e.message));
  }
  $('stop').addEventListener('click', interrupt);
  document.querySelectorAll('[data-command]').forEach((b) =>
    b.addEventListener('click', () => submit(b.dataset.command)));

  // ---- dialogs -------------------------------------------------------------------------------
  function dialog(id, onOk, prepare) {
    const d = $(id);
    const form = d.querySelector('form');
    d.querySelector('.cancel').addEventListener('click', () => d.close());
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      try { await onOk(form.elements); d.close(); } catch (err) {
        const error = d.querySelector('.error');
        if (error) { error.textContent = err.message; error.hidden = false; } else problem(err.message);
      }
    });
    return () => { const error = d.querySelector('.error'); if (error) error.hidden = true; if (prepare) prepare(form.elements); d.showModal(); };
  }

  const newDialog = dialog('new-dialog', async (f) => {
    const created = await api('conversations', { model: f.model.value, format: f.format.value,
      workspace: f.workspace.value, name: f.name.value });
    await loadList();
    location.hash = '#/c/' + encodeURIComponent(created.id);
  });
  $('new-conversation').addEventListener('click', () => { closeSidebar(); newDialog(); });

  const modelDialog = dialog('model-dialog', async (f) => {
    if (f.model.value && state.status && f.model.value !== state.status.model) await submit('/model ' + f.model.value);
    if (f.format.value && state.status && f.format.value !== state.status.format) await submit('/format ' + f.format.value);
  }, (f) => {
    if (!state.status) return;
    f.model.value = state.status.model;
    f.format.value = state.status.format;
  });
  $('status-model').addEventListener('click', () => { if (state.id) modelDialog(); });

  let nameAction = null;
  const nameDialog = dialog('name-dialog', async (f) => { await nameAction(f.name.value); });
  $('rename').addEventListener('click', () => {
    $('name-title').textContent = 'Rename';
    nameAction = async (name) => {
      await api('conversations/' + encodeURIComponent(state.id) + '/rename', { name });
    };
    nameDialog();
  });
  $('fork').addEventListener('click', () => {
    $('name-title').textContent = 'Fork: the copy’s name';
    nameAction = async (name) => {
      await api('conversations/' + encodeURIComponent(state.id) + '/fork', { name });
    };
    nameDialog();
  });

  // ---- layout and keys -----------------------------------------------------------------------
  function closeSidebar() { $('sidebar').classList.remove('open'); }
  $('open-sidebar').addEventListener('click', () => { $('sidebar').classList.add('open'); loadList(); });
  $('close-sidebar').addEventListener('click', closeSidebar);
  $('fold-all').addEventListener('click', () => {
    const open = !transcript.expanded;
    transcript.setAllOpen(open);
    $('fold-all').setAttribute('aria-label', open ? 'Fold every block' : 'Expand every block');
    $('fold-all').textContent = open ? '⊟' : '⊞';
  });
  document.addEventListener('keydown', (e) => {
    if (e.altKey && (e.key === 'e' || e.key === 'E')) { e.preventDefault(); $('fold-all').click(); }
    if (e.key === 'Escape' && state.busy && document.activeElement !== box) interrupt();
  });

  function route() {
    const m = /^#\/c\/(.+)$/.exec(location.hash);
    if (m) {
      const id = decodeURIComponent(m[1]);
      if (id !== state.id) open(id);
    }
  }
  window.addEventListener('hashchange', route);
  loadChoices();
  loadList();
  route();
  if (!state.id) enable(false);
})();
