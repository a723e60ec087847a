// E-mail through an SMTP relay (EMAIL_ADAPTER=smtp).
import type { SmtpConfig } from '../../config.ts';
import type { Messenger, OutgoingMessage } from './messenger.ts';
import { SmtpClient } from './smtp-client.ts';

export class SmtpMessenger implements Messenger {
  readonly name = 'smtp';
  private readonly client: SmtpClient;

  constructor(private readonly config: SmtpConfig) {
    this.client = new SmtpClient(config);
  }

  send(message: OutgoingMessage): Promise<void> {
    return this.client.send({ from: this.config.from, fromName: '锦鲤', to: message.destination, subject: message.subject, text: message.text });
  }
}
