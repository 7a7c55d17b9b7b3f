// A model for the conformance runs, on loopback, speaking OpenAI's Chat Completions: the first
// request gets one native call of the MCP tool whose server-side name is FAKE_TOOL (found among
// the tools Rosetta offers, as SERVER__TOOL) with FAKE_ARGS; every other request, a short text.
// Prints the port it listens on.
import http from 'node:http';

const tool = process.env.FAKE_TOOL || '';
const args = process.env.FAKE_ARGS || '{}';
let requests = 0;

const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const request = JSON.parse(body || '{}');
    requests++;
    const offered = (request.tools || []).map((t) => t.function && t.function.name);
    const name = tool && requests === 1 ? offered.find((n) => n && n.endsWith('__' + tool)) : undefined;
    const message = name
      ? { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name, arguments: args } }] }
      : { role: 'assistant', content: requests === 1 ? 'Connected.' : 'Done.' };
    const finish = name ? 'tool_calls' : 'stop';
    if (request.stream === false) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'fake', object: 'chat.completion', created: 1, model: 'fake',
        choices: [{ index: 0, message, finish_reason: finish }] }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta, reason) => res.write('data: ' + JSON.stringify({ id: 'fake', object: 'chat.completion.chunk',
      created: 1, model: 'fake', choices: [{ index: 0, delta, finish_reason: reason }] }) + '\n\n');
    const delta = name
      ? { role: 'assistant', tool_calls: [{ index: 0, ...message.tool_calls[0] }] }
      : { role: 'assistant', content: message.content };
    chunk(delta, null);
    chunk({}, finish);
    res.end('data: [DONE]\n\n');
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
