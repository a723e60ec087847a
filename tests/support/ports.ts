// A port nobody listens on right now, for a server that must know its own URL before it listens (tests
// and benchmarks start real processes on loopback). Taken below Linux's ephemeral range (32768–60999):
// a port the kernel handed out for `listen(0)` is also what it hands out next as the local port of an
// outgoing connection, so a server starting a few seconds later (after its embedded PostgreSQL) could
// find its port taken by one of its own connections. The ports given out here are not given twice.
import net from 'node:net';

const LOW = 20_000;
const HIGH = 32_000;
const given = new Set<number>();

function listensFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1' }, () => probe.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (;;) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (given.has(port)) continue;
    given.add(port);
    if (await listensFree(port)) return port;
  }
}
