// Load client of bench/failover.ts, run as a forked child: holds many SSE streams (raw `net` sockets,
// a tiny parser that reads `id:` lines only) from one source address, and reconnects every stream
// that fails to open or that the server ends — as EventSource does, after a jittered delay, with `Last-Event-ID` set to the
// last id it received — until told to stop.
//
// Messages (process.send / on('message')):
//   parent → {cmd:'open', port, cookies, localAddress}   child → {type:'opened', ok, failed, firstFailure}
//   parent → {cmd:'live'}                                child → {type:'live', live}   (streams open now)
//   parent → {cmd:'check', ids}                          child → {type:'checked', streams, complete, missing, duplicates, reconnected, reconnects, failedReconnects}
//   parent → {cmd:'close'}                               child closes every socket and exits
import net from 'node:net';

interface Stream {
  cookie: string;
  socket: net.Socket | null;
  tail: string;
  headersDone: boolean;
  lastId: number;
  ids: number[];
  reconnects: number;
  /** Answered 200 and not closed since. */
  live: boolean;
}

const PATH = '/sse/events';
const OPENING_AT_ONCE = 200;
/** EventSource waits `retry` ms; spread over a second so that thousands do not come back at once. */
const RECONNECT_JITTER_MS = 1_000;

let port = 0;
let localAddress = '127.0.0.1';
let closing = false;
let failedReconnects = 0;
const streams: Stream[] = [];

function onData(stream: Stream, chunk: Buffer): void {
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
  for (let at = text.indexOf('\nid: '); at >= 0; at = text.indexOf('\nid: ', at + 5)) {
    const lineEnd = text.indexOf('\n', at + 5);
    if (lineEnd < 0) break;
    const id = Number(text.slice(at + 5, lineEnd));
    stream.ids.push(id);
    if (id > stream.lastId) stream.lastId = id;
  }
  const lastNewline = text.lastIndexOf('\n');
  stream.tail = lastNewline < 0 ? text : text.slice(lastNewline);
}

/** Connects `stream`; resolves with null once the 200 and the first line are in, else the failure. */
function connect(stream: Stream): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    stream.socket = socket;
    stream.tail = '';
    stream.headersDone = false;
    let settled = false;
    const settle = (failure: string | null) => {
      if (settled) return;
      settled = true;
      resolve(failure);
    };
    socket.once('connect', () => {
      const resume = stream.lastId > 0 ? `last-event-id: ${stream.lastId}\r\n` : '';
      socket.write(`GET ${PATH} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\naccept: text/event-stream\r\ncookie: ${stream.cookie}\r\n${resume}\r\n`);
    });
    const first = (chunk: Buffer) => {
      const head = chunk.toString('latin1', 0, 12);
      if (!head.startsWith('HTTP/1.1 200')) {
        socket.destroy();
        return settle(`status: ${chunk.toString('utf8').split('\r\n\r\n').pop()!.slice(0, 300) || head}`);
      }
      socket.off('data', first);
      stream.live = true;
      socket.on('data', (more: Buffer) => onData(stream, more));
      onData(stream, chunk);
      settle(null);
    };
    socket.on('data', first);
    socket.on('error', (error) => settle(String(error)));
    socket.on('close', () => {
      stream.live = false;
      settle('closed');
      if (!closing && stream.socket === socket) scheduleReconnect(stream);
    });
  });
}

function scheduleReconnect(stream: Stream): void {
  stream.socket = null;
  setTimeout(() => {
    if (closing) return;
    stream.reconnects++;
    void connect(stream).then((failure) => {
      // A failed attempt closes its socket, which schedules the next one.
      if (failure !== null) failedReconnects++;
    });
  }, Math.random() * RECONNECT_JITTER_MS);
}

async function open(cookies: string[]): Promise<void> {
  let next = 0;
  let failed = 0;
  let firstFailure: string | null = null;
  const worker = async () => {
    while (next < cookies.length) {
      const stream: Stream = { cookie: cookies[next++]!, socket: null, tail: '', headersDone: false, lastId: 0, ids: [], reconnects: 0, live: false };
      streams.push(stream);
      const failure = await connect(stream);
      if (failure !== null) {
        failed++;
        firstFailure ??= failure;
      }
    }
  };
  await Promise.all(Array.from({ length: OPENING_AT_ONCE }, worker));
  process.send!({ type: 'opened', ok: streams.length - failed, failed, firstFailure });
}

function check(ids: number[]): void {
  const expected = new Set(ids);
  let missing = 0;
  let duplicates = 0;
  let complete = 0;
  for (const stream of streams) {
    const seen = new Set<number>();
    for (const id of stream.ids) {
      if (!expected.has(id)) continue;
      if (seen.has(id)) duplicates++;
      seen.add(id);
    }
    missing += ids.length - seen.size;
    if (seen.size === ids.length) complete++;
  }
  process.send!({
    type: 'checked',
    streams: streams.length,
    complete,
    missing,
    duplicates,
    reconnected: streams.filter((s) => s.reconnects > 0).length,
    reconnects: streams.reduce((total, s) => total + s.reconnects, 0),
    failedReconnects,
  });
}

type Command = { cmd: 'open'; port: number; cookies: string[]; localAddress: string } | { cmd: 'check'; ids: number[] } | { cmd: 'live' } | { cmd: 'close' };

process.on('message', (message: Command) => {
  if (message.cmd === 'open') {
    port = message.port;
    localAddress = message.localAddress;
    void open(message.cookies);
  } else if (message.cmd === 'check') check(message.ids);
  else if (message.cmd === 'live') process.send!({ type: 'live', live: streams.filter((s) => s.live).length });
  else if (message.cmd === 'close') {
    closing = true;
    for (const stream of streams) stream.socket?.destroy();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
