// The built-in messenger: messages are written to `outbox_messages`, where operators can read them
// (nothing leaves the machine). In development only, the message is also logged, so a developer can
// type the code; in production and test logs it never appears.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/pool.ts';
import type { Messenger, OutgoingMessage } from './messenger.ts';

export class OutboxMessenger implements Messenger {
  readonly name = 'outbox';

  constructor(
    private readonly db: Queryable,
    private readonly log: FastifyBaseLogger,
    private readonly env: 'development' | 'production' | 'test',
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    await this.db.query(
      'INSERT INTO outbox_messages (channel, destination, subject, body, customer_id) VALUES ($1, $2, $3, $4, $5)',
      [message.channel, message.destination, message.subject, message.text, message.customerId],
    );
    if (this.env === 'development') {
      this.log.info({ outbox: { channel: message.channel, destination: message.destination, text: message.text } }, 'outbox message (development only)');
    }
  }
}
