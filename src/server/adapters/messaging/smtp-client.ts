// A minimal SMTP client (RFC 5321) over node:net / node:tls: EHLO, STARTTLS or implicit TLS, AUTH
// PLAIN or LOGIN, one message per connection. Enough to hand a verification e-mail to a relay; not a
// general mail library.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import tls from 'node:tls';
import type { SmtpConfig } from '../../config.ts';
import { MessengerError } from './messenger.ts';

export interface Mail {
  /** Bare address, e.g. noreply@example.com. */
  from: string;
  fromName?: string;
  to: string;
  subject: string;
  text: string;
}

interface Reply {
  code: number;
  lines: string[];
}

const ADDRESS = /^[^\s<>@]+@[^\s<>@]+$/;

/** RFC 2047 encoded-word for non-ASCII header text. */
function encodeHeader(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

function wrap(base64: string): string {
  return base64.replace(/.{1,76}/g, (line) => `${line}\r\n`);
}

export function formatMessage(mail: Mail, now = new Date()): string {
  const domain = mail.from.split('@')[1] ?? 'localhost';
  const from = mail.fromName ? `${encodeHeader(mail.fromName)} <${mail.from}>` : `<${mail.from}>`;
  const headers = [
    `From: ${from}`,
    `To: <${mail.to}>`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Date: ${now.toUTCString()}`,
    `Message-ID: <${randomBytes(12).toString('hex')}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
  ];
  // A base64 body has no line starting with '.', so no dot-stuffing is needed.
  return `${headers.join('\r\n')}\r\n\r\n${wrap(Buffer.from(mail.text, 'utf8').toString('base64'))}`;
}

/** One SMTP conversation: commands in, replies (possibly multi-line) out. */
class Conversation {
  private buffer = '';
  private pendingLines: string[] = [];
  private waiting: ((reply: Reply) => void) | null = null;
  private failure: ((error: Error) => void) | null = null;
  private readonly replies: Reply[] = [];

  constructor(
    private socket: net.Socket,
    private readonly timeoutMs: number,
  ) {
    this.attach(socket);
  }

  private attach(socket: net.Socket): void {
    socket.setEncoding('utf8');
    socket.setTimeout(this.timeoutMs, () => socket.destroy(new MessengerError('SMTP timeout')));
    socket.on('data', (chunk: string) => this.onData(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new MessengerError('SMTP connection closed')));
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\r\n')) >= 0) {
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      this.pendingLines.push(line);
      if (/^\d{3}(?: |$)/.test(line)) {
        const reply = { code: Number(line.slice(0, 3)), lines: this.pendingLines.map((l) => l.slice(4)) };
        this.pendingLines = [];
        if (this.waiting) {
          const resolve = this.waiting;
          this.waiting = null;
          this.failure = null;
          resolve(reply);
        } else this.replies.push(reply);
      }
    }
  }

  private fail(error: Error): void {
    const reject = this.failure;
    this.waiting = null;
    this.failure = null;
    reject?.(error);
  }

  read(): Promise<Reply> {
    const queued = this.replies.shift();
    if (queued) return Promise.resolve(queued);
    if (this.socket.destroyed) return Promise.reject(new MessengerError('SMTP connection closed'));
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failure = reject;
    });
  }

  async expect(expected: number[], what: string): Promise<Reply> {
    const reply = await this.read();
    if (!expected.includes(reply.code)) throw new MessengerError(`SMTP ${what}: ${reply.code}`);
    return reply;
  }

  async command(line: string, expected: number[], what = line.split(' ')[0]!): Promise<Reply> {
    this.socket.write(`${line}\r\n`);
    return this.expect(expected, what);
  }

  write(data: string): void {
    this.socket.write(data);
  }

  /** STARTTLS: continues the conversation over TLS on the same connection. */
  async upgrade(host: string): Promise<void> {
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('close');
    plain.removeAllListeners('error');
    plain.setTimeout(0);
    const secure = tls.connect({ socket: plain, servername: host });
    await new Promise<void>((resolve, reject) => {
      secure.once('secureConnect', () => resolve());
      secure.once('error', reject);
    });
    this.socket = secure;
    this.attach(secure);
  }

  close(): void {
    this.socket.end();
    this.socket.destroy();
  }
}

function connect(config: SmtpConfig): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const options = { host: config.host, port: config.port };
    const socket = config.secure === 'tls' ? tls.connect({ ...options, servername: config.host }) : net.connect(options);
    const ready = config.secure === 'tls' ? 'secureConnect' : 'connect';
    const timer = setTimeout(() => socket.destroy(new MessengerError('SMTP connect timeout')), config.timeoutMs);
    socket.once(ready, () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

export class SmtpClient {
  constructor(private readonly config: SmtpConfig) {}

  async send(mail: Mail): Promise<void> {
    if (!ADDRESS.test(mail.from) || !ADDRESS.test(mail.to)) throw new MessengerError('invalid mail address');
    const conversation = new Conversation(await connect(this.config), this.config.timeoutMs);
    try {
      await conversation.expect([220], 'greeting');
      const hello = `EHLO ${os.hostname().replace(/[^\w.-]/g, '') || 'localhost'}`;
      let capabilities = (await conversation.command(hello, [250])).lines;
      if (this.config.secure === 'starttls') {
        if (!capabilities.some((c) => c.toUpperCase() === 'STARTTLS')) throw new MessengerError('SMTP server offers no STARTTLS');
        await conversation.command('STARTTLS', [220]);
        await conversation.upgrade(this.config.host);
        capabilities = (await conversation.command(hello, [250])).lines;
      }
      if (this.config.user) await this.authenticate(conversation, capabilities);
      await conversation.command(`MAIL FROM:<${mail.from}>`, [250]);
      await conversation.command(`RCPT TO:<${mail.to}>`, [250, 251]);
      await conversation.command('DATA', [354]);
      conversation.write(`${formatMessage(mail)}.\r\n`);
      await conversation.expect([250], 'message');
      await conversation.command('QUIT', [221]).catch(() => undefined);
    } finally {
      conversation.close();
    }
  }

  private async authenticate(conversation: Conversation, capabilities: string[]): Promise<void> {
    const { user = '', pass = '' } = this.config;
    const auth = capabilities.find((c) => /^AUTH\b/i.test(c))?.toUpperCase() ?? '';
    if (auth.includes('PLAIN')) {
      const credentials = Buffer.from(`\0${user}\0${pass}`, 'utf8').toString('base64');
      await conversation.command(`AUTH PLAIN ${credentials}`, [235], 'AUTH');
      return;
    }
    await conversation.command('AUTH LOGIN', [334], 'AUTH');
    await conversation.command(Buffer.from(user, 'utf8').toString('base64'), [334], 'AUTH');
    await conversation.command(Buffer.from(pass, 'utf8').toString('base64'), [235], 'AUTH');
  }
}
