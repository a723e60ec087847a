// Test helpers for the wallet: a sandbox payment gateway in its own process (as in production), the
// payer's actions on it, and a platform server that listens on a real port so the gateway's
// notifications reach it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Money } from '../../src/shared/money.ts';
import { NO_FAULTS, type SandboxFaults } from '../../src/shared/payments/sandbox-faults.ts';
import { SandboxGatewayAdapter } from '../../src/server/payments/sandbox-adapter.ts';
import type { NotificationStats } from '../../src/server/payments/sandbox-protocol.ts';
import { startTestServer, type TestServer } from './db.ts';
import { freePort } from './ports.ts';

export interface SandboxGatewayProcess {
  url: string;
  merchantId: string;
  secret: string;
  /** The env a platform server needs to use this gateway (PAYMENT_GATEWAY_URL, PAYMENT_MERCHANT_ID, PAYMENT_SECRET). */
  platformEnv: Record<string, string>;
  /** A signed client of this gateway (merchant and control API). */
  client: SandboxGatewayAdapter;
  setFaults(patch: Partial<SandboxFaults>): Promise<void>;
  resetFaults(): Promise<void>;
  /** Plays the payer on the cashier: approve (pays `amount`, default the order's amount + paidAmountOffset) or decline. */
  pay(gatewayPaymentId: string, options?: { late?: boolean; amount?: Money }): Promise<void>;
  decline(gatewayPaymentId: string): Promise<void>;
  notificationStats(): Promise<NotificationStats>;
  /** Resolves when the gateway has delivered (acknowledged or given up on) every notification and no payout is still to be decided; rejects on timeout. */
  notificationsSettled(timeoutMs?: number): Promise<void>;
  /** Everything the process printed (for failure messages). */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Fast retries and payouts for tests; any SANDBOX_* variable in `env` overrides them. */
const TEST_GATEWAY_ENV = {
  SANDBOX_NOTIFY_RETRY_BASE_MS: '50',
  SANDBOX_NOTIFY_RETRY_MAX_MS: '1000',
  SANDBOX_NOTIFY_MAX_ATTEMPTS: '10',
  SANDBOX_NOTIFY_TIMEOUT_MS: '5000',
  SANDBOX_PAYOUT_DELAY_MS: '100',
  SANDBOX_PAYOUT_HOLD_MS: '3000',
  SANDBOX_REORDER_WINDOW_MS: '300',
};

/** The platform's PAYMENT_TIMEOUT_MS in tests: below SANDBOX_PAYOUT_HOLD_MS, so a held payout times out. */
export const TEST_PAYMENT_TIMEOUT_MS = '1500';

const START_LINE = /沙箱支付网关已启动: (http:\/\/\S+)/;

/** Starts scripts/sandbox-gateway.ts as its own process on a free port (merchant id and secret of its own). */
export async function startSandboxGateway(env: Record<string, string> = {}): Promise<SandboxGatewayProcess> {
  const merchantId = env.SANDBOX_MERCHANT_ID ?? `jinli-test-${randomBytes(3).toString('hex')}`;
  const secret = env.SANDBOX_MERCHANT_SECRET ?? randomBytes(24).toString('hex');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/sandbox-gateway.ts'], {
    env: {
      ...process.env,
      ...TEST_GATEWAY_ENV,
      SANDBOX_GATEWAY_HOST: '127.0.0.1',
      SANDBOX_GATEWAY_PORT: '0',
      SANDBOX_EXIT_WITH_PARENT: '1',
      ...env,
      SANDBOX_MERCHANT_ID: merchantId,
      SANDBOX_MERCHANT_SECRET: secret,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox gateway did not start within 30 s:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = START_LINE.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`sandbox gateway exited (${code ?? signal}) before it started:\n${output}`));
    });
  });

  const client = new SandboxGatewayAdapter({ gatewayUrl: url, merchantId, secret, timeoutMs: 30_000 });
  const notificationStats = () => client.notificationStats();
  return {
    url,
    merchantId,
    secret,
    platformEnv: { PAYMENT_GATEWAY: 'sandbox', PAYMENT_GATEWAY_URL: url, PAYMENT_MERCHANT_ID: merchantId, PAYMENT_SECRET: secret },
    client,
    async setFaults(patch) {
      await client.controls.setFaults(patch as SandboxFaults);
    },
    async resetFaults() {
      await client.controls.setFaults(NO_FAULTS);
    },
    async pay(gatewayPaymentId, options = {}) {
      await client.settlePayment(gatewayPaymentId, {
        outcome: 'PAID',
        late: options.late ?? false,
        ...(options.amount === undefined ? {} : { paidAmount: options.amount }),
      });
    },
    async decline(gatewayPaymentId) {
      await client.settlePayment(gatewayPaymentId, { outcome: 'DECLINED' });
    },
    notificationStats,
    async notificationsSettled(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      let stats = await notificationStats();
      while (stats.pending > 0 || stats.scheduledPayouts > 0) {
        if (Date.now() > deadline) throw new Error(`gateway notifications not settled within ${timeoutMs} ms: ${JSON.stringify(stats)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
        stats = await notificationStats();
      }
    },
    output: () => output,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A port nobody listens on right now (tests/support/ports.ts). */
export { freePort };

export interface WalletTestServer {
  server: TestServer;
  baseUrl: string;
  gateway: SandboxGatewayProcess;
  close(): Promise<void>;
}

/**
 * A sandbox gateway process and startTestServer (tests/support/db.ts) wired to it, listening on
 * 127.0.0.1 with PUBLIC_URL set to its address. `overrides`: SANDBOX_* variables go to the gateway,
 * the rest to the platform's configuration.
 */
export async function startWalletTestServer(overrides: Record<string, string> = {}): Promise<WalletTestServer> {
  const gatewayEnv = Object.fromEntries(Object.entries(overrides).filter(([key]) => key.startsWith('SANDBOX_')));
  const serverEnv = Object.fromEntries(Object.entries(overrides).filter(([key]) => !key.startsWith('SANDBOX_')));
  const gateway = await startSandboxGateway(gatewayEnv);
  try {
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const server = await startTestServer({
        PAYMENT_TIMEOUT_MS: TEST_PAYMENT_TIMEOUT_MS,
        ...serverEnv,
        ...gateway.platformEnv,
        PUBLIC_URL: baseUrl,
      });
      try {
        await server.app.listen({ host: '127.0.0.1', port });
      } catch (error) {
        await server.close();
        // Taken between freePort() and listen: try another.
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && attempt < 5) continue;
        throw error;
      }
      return {
        server,
        baseUrl,
        gateway,
        async close() {
          await server.close();
          await gateway.kill();
        },
      };
    }
  } catch (error) {
    await gateway.kill();
    throw error;
  }
}
