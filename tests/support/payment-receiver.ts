// A tiny merchant notification endpoint for the payments tests: records every delivery, verifies it with
// the adapter under test, and acknowledges it unless told to refuse.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GatewayNotification, PaymentGateway } from '../../src/server/payments/gateway.ts';

export interface Delivery {
  at: number;
  rawBody: string;
  headers: http.IncomingHttpHeaders;
  /** null: the adapter refused it (BadNotificationError). */
  notification: GatewayNotification | null;
  acknowledged: boolean;
}

export interface NotificationReceiver {
  url: string;
  deliveries: Delivery[];
  /** Answer the next `count` deliveries with HTTP 500. */
  refuseNext(count: number): void;
  waitFor(predicate: (deliveries: Delivery[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(gateway: () => PaymentGateway): Promise<NotificationReceiver> {
  const deliveries: Delivery[] = [];
  let refusals = 0;
  const waiters = new Set<() => void>();
  const server = http.createServer((request, response) => {
    let rawBody = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (rawBody += chunk));
    request.on('end', () => {
      let notification: GatewayNotification | null = null;
      try {
        notification = gateway().verifyNotification(rawBody, request.headers);
      } catch {
        notification = null;
      }
      const refuse = refusals > 0;
      if (refuse) refusals--;
      const acknowledged = notification !== null && !refuse;
      deliveries.push({ at: Date.now(), rawBody, headers: request.headers, notification, acknowledged });
      for (const wake of waiters) wake();
      if (acknowledged) {
        const ack = gateway().acknowledge();
        response.writeHead(ack.status, { 'content-type': ack.contentType }).end(ack.body);
      } else {
        response.writeHead(notification === null ? 400 : 500, { 'content-type': 'text/plain' }).end('FAIL');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/notify`,
    deliveries,
    refuseNext(count) {
      refusals = count;
    },
    waitFor(predicate, timeoutMs = 15_000) {
      if (predicate(deliveries)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`condition not met within ${timeoutMs} ms; deliveries: ${JSON.stringify(deliveries.map((d) => d.notification))}`));
        }, timeoutMs);
        const check = () => {
          if (!predicate(deliveries)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
