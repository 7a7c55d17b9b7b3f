'use strict';
/*
 * The transcript of a conversation, built from the session host's events: the same segments the
 * terminal UI shows. Every string from the model, a tool or a log reaches the document as text
 * (textContent), except prose, which markdown-it renders with raw HTML off and DOMPurify then
 * cleans: nothing the model or a tool printed is ever run as HTML or script.
 */
(function () {
  const PREVIEW_LINES = 4;

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'class') e.className = v;
      else if (k === 'text') e.textContent = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }

  const markdown = window.markdownit
    ? window.markdownit({ html: false, linkify: true, breaks: false })
    : null;
  if (markdown) {
    // Links open elsewhere, without the page's window; only web and mail links are kept.
    markdown.validateLink = (url) => /^(https?:|mailto:|#)/i.test(url.trim());
  }

  function highlight(root) {
    if (!window.Prism) return;
    root.querySelectorAll('pre code[class*="language-"]').forEach((code) => {
      try { window.Prism.highlightElement(code); } catch (e) { /* an unknown language stays plain */ }
    });
  }

  function renderMarkdown(target, text) {
    if (!markdown || !window.DOMPurify) {
      target.textContent = text;
      return;
    }
    const html = window.DOMPurify.sanitize(markdown.render(text), { USE_PROFILES: { html: true } });
    target.innerHTML = html;
    target.querySelectorAll('a').forEach((a) => { a.target = '_blank'; a.rel = 'noopener noreferrer'; });
    highlight(target);
  }

  /** A diff as lines coloured by their first character. */
  function diffView(diff) {
    const pre = el('pre', { class: 'diff mono' });
    for (const line of String(diff).split('\n')) {
      const cls = line.startsWith('+++') || line.startsWith('---') ? 'meta'
        : line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : line.startsWith('@@') ? 'hunk' : null;
      pre.append(el('span', { class: cls, text: line + '\n' }));
    }
    return pre;
  }

  function codeView(text, language) {
    const code = el('code', { class: language ? 'language-' + language.replace(/[^\w-]/g, '') : null, text });
    const pre = el('pre', { class: 'code' }, code);
    highlight(pre);
    return pre;
  }

  function previewView(preview) {
    if (!preview) return null;
    switch (preview.type) {
      case 'command': return codeView(preview.text, preview.language);
      case 'diff': return el('div', {}, el('div', { class: 'hint', text: (preview.creates ? 'creates ' : 'changes ') + preview.path }), diffView(preview.diff));
      case 'json': return el('div', {}, preview.about ? el('div', { class: 'hint', text: preview.about }) : null, codeView(preview.text, 'json'));
      default: return el('div', { class: 'line', text: preview.text });
    }
  }

  function lines(text) {
    return text === '' ? [] : String(text).split(/\r\n|\r|\n/);
  }

  /**
   * A folding body: its first lines, the rest behind the block's header (the terminal's fold).
   * Returns {node, setOpen, update}.
   */
  function foldedBody(text, language) {
    const pre = el('pre', {});
    const code = el('code', { class: language ? 'language-' + language.replace(/[^\w-]/g, '') : null });
    pre.append(code);
    const more = el('div', { class: 'more' });
    const node = el('div', { class: 'body' }, pre, more);
    let all = text, open = false;
    function show() {
      const ls = lines(all);
      const shown = open ? ls : ls.slice(0, PREVIEW_LINES);
      code.textContent = shown.join('\n');
      highlight(pre);
      more.textContent = !open && ls.length > PREVIEW_LINES ? '… ' + (ls.length - PREVIEW_LINES) + ' more lines' : '';
      more.hidden = more.textContent === '';
      node.hidden = ls.length === 0;
    }
    show();
    return { node, setOpen(o) { open = o; show(); }, update(t) { all = t; show(); } };
  }

  class Transcript {
    constructor(root, hooks) {
      this.root = root;
      this.hooks = hooks || {};
      this.clear();
    }

    clear() {
      this.root.replaceChildren();
      this.prose = null;      // {node, text}: the prose being streamed
      this.thinking = null;   // {details, body, text}
      this.calls = new Map(); // call id -> block
      this.pending = null;    // the block of a call being read
      this.blocks = [];
      this.expanded = false;
    }

    append(node) {
      this.root.append(node);
      return node;
    }

    endText() {
      this.prose = null;
      this.thinking = null;
    }

    apply(e) {
      switch (e.type) {
        case 'turn_started': return this.input(e.input);
        case 'user': this.endText(); return this.append(el('div', { class: 'turn-input', text: e.text }));
        case 'prose': return this.proseDelta(e.text);
        case 'thinking': return this.thinkingDelta(e.text);
        case 'call_started': return this.callStarted(e);
        case 'call': return this.call(e.call, e.dialect);
        case 'unparsed': return this.unparsed(e);
        case 'tool_started': return this.toolStarted(e.call);
        case 'tool_output': return this.toolOutput(e.call_id, e.text);
        case 'result': return this.result(e.call, e.result);
        case 'message': if (e.role === 'assistant') this.endText(); return null;
        case 'notice': this.endText(); return this.append(el('div', { class: 'line notice', text: e.text }));
        case 'said': this.endText(); return this.append(el('div', { class: 'line tone-' + e.tone, text: e.text }));
        case 'change': this.endText(); return this.append(el('div', { class: 'block change' }, previewView(e.change)));
        case 'answered': return this.append(el('div', { class: 'answered', text: 'answered: ' + (e.answer && e.answer.text) }));
        case 'turn_ended': return this.turnEnded(e);
        case 'missed': return this.append(el('div', { class: 'banner', text: 'Events ' + e.from + '–' + e.to + ' could not be kept for this view; reload to see the conversation whole.' }));
        default: return null;
      }
    }

    input(input) {
      this.endText();
      const command = input.kind === 'command';
      return this.append(el('div', { class: 'turn-input' + (command ? ' command' : ''), text: input.text }));
    }

    proseDelta(text) {
      this.thinking = null;
      if (!this.prose) {
        this.prose = { node: this.append(el('div', { class: 'prose' })), text: '', queued: false };
      }
      const p = this.prose;
      p.text += text;
      if (!p.queued) {
        p.queued = true;
        // One render per frame, however many pieces arrive in it.
        (this.hooks.frame || requestAnimationFrame)(() => { p.queued = false; renderMarkdown(p.node, p.text); });
      }
    }

    thinkingDelta(text) {
      this.prose = null;
      if (!this.thinking) {
        const summary = el('summary', { text: 'Thinking' });
        const body = el('div', {});
        const details = this.append(el('details', { class: 'thinking' }, summary, body));
        this.thinking = { details, summary, body, text: '' };
      }
      const t = this.thinking;
      t.text += text;
      t.body.textContent = t.text;
      const first = t.text.trim().split('\n')[0];
      t.summary.textContent = 'Thinking: ' + first;
    }

    makeBlock(titleText, cls) {
      const fold = el('span', { class: 'fold', 'aria-hidden': 'true', text: '▶' });
      const title = el('span', { class: 'title', text: titleText });
      const head = el('button', { type: 'button', class: 'block-head', 'aria-expanded': 'false' }, fold, title);
      const block = el('div', { class: 'block ' + (cls || '') }, head);
      const b = { node: block, head, fold, title, bodies: [], open: false };
      b.setOpen = (open) => {
        b.open = open;
        head.setAttribute('aria-expanded', String(open));
        fold.textContent = open ? '▼' : '▶';
        b.bodies.forEach((x) => x.setOpen(open));
        b.node.querySelectorAll(':scope > .result-output').forEach((o) => { o.hidden = !open; });
      };
      head.addEventListener('click', () => b.setOpen(!b.open));
      this.blocks.push(b);
      return b;
    }

    callStarted(e) {
      this.endText();
      const b = this.makeBlock(e.tool + ' …', 'call reading');
      this.pending = b;
      this.append(b.node);
    }

    call(call, dialect) {
      this.endText();
      let b = this.pending;
      this.pending = null;
      if (!b) {
        b = this.makeBlock('', 'call');
        this.append(b.node);
      }
      b.node.classList.remove('reading');
      b.title.textContent = call.title;
      b.node.dataset.tool = call.tool;
      if (dialect) b.node.title = 'spelled as ' + dialect;
      if (call.body) {
        const body = foldedBody(call.body, call.json ? 'json' : null);
        b.bodies.push(body);
        b.node.append(body.node);
      }
      b.setOpen(this.expanded);
      this.calls.set(call.id, b);
      return b;
    }

    blockOf(call) {
      return this.calls.get(call.id) || this.call(call, null);
    }

    unparsed(e) {
      this.endText();
      this.pending = null;
      const b = this.makeBlock('✗ a call that could not be read (' + e.dialect + '): ' + e.problem, 'unparsed');
      const body = foldedBody(e.raw, null);
      b.bodies.push(body);
      b.node.append(body.node);
      b.setOpen(this.expanded);
      return this.append(b.node);
    }

    toolStarted(call) {
      const b = this.blockOf(call);
      b.node.classList.add('running');
      b.live = '';
    }

    toolOutput(callId, text) {
      const b = this.calls.get(callId);
      if (!b) return;
      b.live = (b.live || '') + text;
      if (!b.liveBody) {
        b.liveBody = foldedBody('', null);
        b.liveBody.node.classList.add('live-output');
        b.node.append(b.liveBody.node);
        b.bodies.push(b.liveBody);
        b.liveBody.setOpen(b.open);
      }
      const ls = lines(b.live);
      b.liveBody.update(ls.slice(-PREVIEW_LINES * 3).join('\n'));
    }

    result(call, result) {
      const b = this.blockOf(call);
      b.node.classList.remove('running');
      if (b.liveBody) {
        b.liveBody.node.remove();
        b.bodies = b.bodies.filter((x) => x !== b.liveBody);
        b.liveBody = null;
      }
      const parts = [el('span', { class: 'mark ' + (result.ok ? 'ok' : 'bad'), text: result.ok ? '✓' : '✗' }), ' ' + call.tool];
      if (result.outcome) parts.push(' · ', el('span', { class: 'outcome' + (result.ok ? '' : ' bad'), text: result.outcome }));
      if (result.lines > 0) parts.push(' · ' + result.lines + (result.lines === 1 ? ' line' : ' lines'));
      b.node.append(el('div', { class: 'result' }, ...parts));
      if (result.output) {
        const out = el('div', { class: 'result-output' }, el('pre', { text: result.output }));
        out.hidden = !b.open;
        b.node.append(out);
      }
    }

    turnEnded(e) {
      this.endText();
      this.pending = null;
      const o = e.outcome || {};
      if (!o.ok && o.message) {
        this.append(el('div', { class: 'line tone-problem', text: o.message }));
      } else if (o.reason === 'interrupted') {
        this.append(el('div', { class: 'line tone-dim', text: 'stopped' }));
      }
    }

    /** Opens or folds every block (the global expand/fold). */
    setAllOpen(open) {
      this.expanded = open;
      this.blocks.forEach((b) => b.setOpen(open));
    }
  }

  window.Render = { Transcript, el, previewView, diffView, codeView, renderMarkdown };
})();
