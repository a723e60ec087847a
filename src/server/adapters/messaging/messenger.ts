// How verification codes leave the platform (decisions §1): an adapter per channel. The built-in
// `outbox` keeps messages in the database for operators; `smtp` sends e-mail for real.
export type MessageChannel = 'SMS' | 'EMAIL';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** A phone number or an e-mail address, already validated (spec §5). */
  destination: string;
  subject: string;
  text: string;
  customerId: number | null;
}

export interface Messenger {
  /** `outbox`, `smtp`: shown to operators so a built-in adapter is never mistaken for a real one. */
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
}

export class MessengerError extends Error {
  override name = 'MessengerError';
}
