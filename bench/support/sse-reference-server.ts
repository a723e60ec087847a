// The reference of bench/streams.ts: the least a Node process can do to hold SSE streams and broadcast
// to them — node:http, the same headers and first line as our streams, one Set of responses, each
// event encoded once and the same Buffer written to every stream. Run as a forked child:
//   fork('bench/support/sse-reference-server.ts', [port]) → {type:'listening'}; send {cmd:'broadcast', id, type, payload}.
import http from 'node:http';

const port = Number(process.argv[2] ?? 0);
const streams = new Set<http.ServerResponse>();

const server = http.createServer((req, res) => {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write('retry: 5000\n\n');
  streams.add(res);
  res.once('close', () => streams.delete(res));
});

interface Broadcast {
  cmd: 'broadcast';
  id: number;
  type: string;
  payload: unknown;
}

process.on('message', (message: Broadcast) => {
  if (message.cmd !== 'broadcast') return;
  const frame = Buffer.from(`id: ${message.id}\nevent: ${message.type}\ndata: ${JSON.stringify(message.payload)}\n\n`);
  for (const res of streams) res.write(frame);
});
process.on('disconnect', () => process.exit(0));

server.listen(port, '127.0.0.1', 511, () => {
  process.send!({ type: 'listening', port: (server.address() as { port: number }).port });
});
