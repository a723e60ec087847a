// Load client of bench/streams.ts, run as a forked child: opens many SSE streams from one source
// address with raw `net` sockets (no EventSource: a few bytes of state per stream, a tiny parser that
// only reads `id:` lines), and tells its parent when every stream has received an event. A process
// holds at most ~19,000 sockets here (ulimit -n 20000), so the bench runs several of these.
//
// Messages (process.send / on('message')):
//   parent → {cmd:'open', port, path, cookies, localAddress}   child → {type:'opened', ok, failed, retried, firstFailure}
//   child  → {type:'complete', id, lastArrivalMs}               (every stream of this child has event `id`)
//   parent → {cmd:'arrivals', id}                               child → {type:'arrivals', id, ms: number[]}
//   parent → {cmd:'check', ids}                                 child → {type:'checked', streams, closedAfterOpen, firstClosedTail, missing, …}
//   parent → {cmd:'close'}                                      child closes every socket and exits
import net from 'node:net';

interface Stream {
  socket: net.Socket;
  /** The incomplete last line of what arrived, with the newline before it (or the header part). */
  tail: string;
  headersDone: boolean;
  ids: number[];
}

const streams: Stream[] = [];
/** Streams that ended after they had opened (the server closed them), and the end of the first one's data. */
let closedAfterOpen = 0;
let firstClosedTail: string | null = null;
/** Per event id: how many streams have it, and when each received it (ms, CLOCK_MONOTONIC). */
const arrivals = new Map<number, number[]>();
const OPENING_AT_ONCE = 200;
const OPEN_ATTEMPTS = 5;
const RETRY_MS = 5_000;

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

function received(stream: Stream, id: number, at: number): void {
  stream.ids.push(id);
  let times = arrivals.get(id);
  if (!times) arrivals.set(id, (times = []));
  times.push(at);
  if (times.length === streams.length - closedAfterOpen) process.send!({ type: 'complete', id, lastArrivalMs: at });
}

function onData(stream: Stream, chunk: Buffer): void {
  const at = nowMs();
  let text = stream.tail + chunk.toString('latin1');
  if (!stream.headersDone) {
    const end = text.indexOf('\r\n\r\n');
    if (end < 0) {
      stream.tail = text;
      return;
    }
    stream.headersDone = true;
    text = text.slice(end + 2);
  }
  for (let at2 = text.indexOf('\nid: '); at2 >= 0; at2 = text.indexOf('\nid: ', at2 + 5)) {
    const lineEnd = text.indexOf('\n', at2 + 5);
    if (lineEnd < 0) break;
    received(stream, Number(text.slice(at2 + 5, lineEnd)), at);
  }
  const lastNewline = text.lastIndexOf('\n');
  stream.tail = lastNewline < 0 ? text : text.slice(lastNewline);
}

function openOne(port: number, path: string, cookie: string, localAddress: string): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    const stream: Stream = { socket, tail: '', headersDone: false, ids: [] };
    let settled = false;
    const settle = (failure: string | null) => {
      if (settled) return;
      settled = true;
      if (failure === null) streams.push(stream);
      else socket.destroy();
      resolve(failure);
    };
    socket.once('connect', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\naccept: text/event-stream\r\ncookie: ${cookie}\r\n\r\n`);
    });
    const first = (chunk: Buffer) => {
      const head = chunk.toString('latin1', 0, 12);
      if (!head.startsWith('HTTP/1.1 200')) return settle(`status: ${head}`);
      socket.off('data', first);
      socket.on('data', (more: Buffer) => onData(stream, more));
      onData(stream, chunk);
      // Opened once the first line (`retry:`) is here: the server has attached the stream by then.
      if (stream.headersDone) settle(null);
      else socket.once('data', () => settle(null));
    };
    socket.on('data', first);
    socket.on('error', (error) => settle(String(error)));
    socket.on('close', () => {
      if (settled && streams.includes(stream)) {
        closedAfterOpen++;
        firstClosedTail ??= stream.tail.slice(-200);
      }
      settle('closed');
    });
  });
}

async function open(port: number, path: string, cookies: string[], localAddress: string): Promise<void> {
  let next = 0;
  let failed = 0;
  let firstFailure: string | null = null;
  let retried = 0;
  const worker = async () => {
    while (next < cookies.length) {
      const cookie = cookies[next++]!;
      // Refused or broken: again after the stream's `retry:` delay, as EventSource would, a few times.
      for (let attempt = 1; ; attempt++) {
        const failure = await openOne(port, path, cookie, localAddress);
        if (failure === null) break;
        firstFailure ??= failure;
        if (attempt === OPEN_ATTEMPTS) {
          failed++;
          break;
        }
        retried++;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  };
  await Promise.all(Array.from({ length: OPENING_AT_ONCE }, worker));
  process.send!({ type: 'opened', ok: streams.length, failed, retried, firstFailure });
}

function check(ids: number[]): void {
  const expected = new Set(ids);
  let missing = 0;
  let duplicates = 0;
  let unexpected = 0;
  let disorder = 0;
  for (const stream of streams) {
    const seen = new Set<number>();
    let previous = -Infinity;
    for (const id of stream.ids) {
      if (seen.has(id)) duplicates++;
      else if (!expected.has(id)) unexpected++;
      if (id < previous) disorder++;
      previous = id;
      seen.add(id);
    }
    for (const id of ids) if (!seen.has(id)) missing++;
  }
  process.send!({ type: 'checked', streams: streams.length, closedAfterOpen, firstClosedTail, missing, duplicates, unexpected, disorder });
}

type Command =
  | { cmd: 'open'; port: number; path: string; cookies: string[]; localAddress: string }
  | { cmd: 'arrivals'; id: number }
  | { cmd: 'check'; ids: number[] }
  | { cmd: 'close' };

process.on('message', (message: Command) => {
  if (message.cmd === 'open') void open(message.port, message.path, message.cookies, message.localAddress);
  else if (message.cmd === 'arrivals') process.send!({ type: 'arrivals', id: message.id, ms: arrivals.get(message.id) ?? [] });
  else if (message.cmd === 'check') check(message.ids);
  else if (message.cmd === 'close') {
    for (const stream of streams) stream.socket.destroy();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
