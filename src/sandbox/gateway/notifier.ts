// Asynchronous, signed notifications with retries. Each status change becomes one notification (its own
// notificationId) POSTed to the merchant's notifyUrl until the merchant acknowledges it (HTTP 200 with
// the body SUCCESS) or the attempts run out. Back-off: base, 2×base, 4×base … capped.
//
// The notification faults act here: duplicateNotifications (each is delivered twice, same id),
// reorderNotifications (held for a window, then sent newest first), wrongSignature (attempts made
// while it is on are signed with the wrong key) and notificationDelayMs (delay before the first attempt).
import { randomBytes } from 'node:crypto';
import { ACK_BODY, type NotificationStats, type WireNotification } from '../../server/payments/sandbox-protocol.ts';
import { NOTIFY_PURPOSE, signHeaders } from '../../server/payments/signing.ts';
import type { SandboxSettings } from './config.ts';
import type { FaultState } from './faults.ts';

interface Delivery {
  notifyUrl: string;
  body: string;
  attempts: number;
  timer: NodeJS.Timeout | null;
}

export class Notifier {
  private readonly active = new Set<Delivery>();
  private held: Delivery[] = [];
  private heldTimer: NodeJS.Timeout | null = null;
  private acknowledged = 0;
  private abandoned = 0;
  private attempts = 0;
  private closed = false;

  constructor(
    private readonly settings: SandboxSettings,
    private readonly faults: FaultState,
  ) {
    faults.onChange((now) => {
      if (!now.reorderNotifications) this.releaseHeld();
    });
  }

  notify(notifyUrl: string, message: Omit<WireNotification, 'notificationId'>): string {
    const notificationId = `N${Date.now().toString(36)}${randomBytes(6).toString('hex')}`.toUpperCase();
    const body = JSON.stringify({ notificationId, ...message });
    const faults = this.faults.get();
    const copies = faults.duplicateNotifications ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      const delivery: Delivery = { notifyUrl, body, attempts: 0, timer: null };
      this.active.add(delivery);
      if (faults.reorderNotifications) this.hold(delivery);
      else this.schedule(delivery, faults.notificationDelayMs);
    }
    return notificationId;
  }

  stats(): Omit<NotificationStats, 'scheduledPayouts'> {
    return { pending: this.active.size, acknowledged: this.acknowledged, abandoned: this.abandoned, attempts: this.attempts };
  }

  close(): void {
    this.closed = true;
    for (const delivery of this.active) if (delivery.timer) clearTimeout(delivery.timer);
    if (this.heldTimer) clearTimeout(this.heldTimer);
    this.active.clear();
    this.held = [];
  }

  private hold(delivery: Delivery): void {
    this.held.push(delivery);
    this.heldTimer ??= setTimeout(() => this.releaseHeld(), this.settings.reorderWindowMs);
  }

  /** Sends the held notifications newest first, each first attempt after the previous one's. */
  private releaseHeld(): void {
    if (this.heldTimer) clearTimeout(this.heldTimer);
    this.heldTimer = null;
    const batch = this.held.reverse();
    this.held = [];
    const delayMs = this.faults.get().notificationDelayMs;
    void (async () => {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      for (const delivery of batch) await this.attempt(delivery);
    })();
  }

  private schedule(delivery: Delivery, delayMs: number): void {
    delivery.timer = setTimeout(() => {
      delivery.timer = null;
      void this.attempt(delivery);
    }, delayMs);
  }

  private async attempt(delivery: Delivery): Promise<void> {
    if (this.closed || !this.active.has(delivery)) return;
    delivery.attempts++;
    this.attempts++;
    const secret = this.faults.get().wrongSignature ? `${this.settings.secret}-wrong` : this.settings.secret;
    let acknowledged = false;
    try {
      const response = await fetch(delivery.notifyUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signHeaders(secret, this.settings.merchantId, NOTIFY_PURPOSE, delivery.body),
        },
        body: delivery.body,
        signal: AbortSignal.timeout(this.settings.notifyTimeoutMs),
      });
      const text = await response.text();
      acknowledged = response.status === 200 && text.trim() === ACK_BODY;
    } catch {
      // Unreachable, reset or timed out: an unacknowledged attempt like any other.
    }
    if (this.closed) return;
    if (acknowledged) {
      this.acknowledged++;
      this.active.delete(delivery);
    } else if (delivery.attempts >= this.settings.maxAttempts) {
      this.abandoned++;
      this.active.delete(delivery);
    } else {
      const backoff = Math.min(this.settings.retryBaseMs * 2 ** (delivery.attempts - 1), this.settings.retryMaxMs);
      this.schedule(delivery, backoff);
    }
  }
}
