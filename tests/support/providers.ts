// Test helpers for third-party games: the sandbox game provider in its own process (as in production),
// its fault controls, and a player's play at it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { ThirdPartyProvider } from '../../src/shared/enums.ts';
import type { ProviderFaults } from '../../src/shared/providers/sandbox-faults.ts';
import { SandboxProviderAdapter } from '../../src/server/providers/sandbox-adapter.ts';

/**
 * How long the transferTimeout fault holds a transfer's answer in tests. A platform under test should
 * give up well before it (a time-out of about 1 000 ms), so a held transfer is in doubt.
 */
export const TEST_PROVIDER_HOLD_MS = 3_000;

export interface SandboxProviderProcess {
  url: string;
  /** What a platform server needs to use this sandbox: PROVIDER_SANDBOX_URL, PROVIDER_MERCHANT_ID, PROVIDER_SECRET. */
  env: Record<string, string>;
  /** Changes some of a provider's faults (the rest stay as they are). */
  setFaults(provider: string, faults: Partial<ProviderFaults>): Promise<void>;
  /** Every provider back to healthy. */
  clearFaults(): Promise<void>;
  /** Plays `spins` rounds for the player (1 元 each) as a player would, making bet records; stops when the provider wallet is empty. */
  play(provider: string, playerRef: string, spins: number): Promise<void>;
  /** A signed client of this sandbox for one provider (the platform's adapter), with its own time-out. */
  adapter(provider: ThirdPartyProvider, timeoutMs?: number): SandboxProviderAdapter;
  /** Everything the process printed (for failure messages). */
  output(): string;
  close(): Promise<void>;
}

const START_LINE = /沙箱游戏服务商已启动: (http:\/\/\S+)/;

/** Starts scripts/sandbox-provider.ts as its own process on a free port, with a merchant id and secret of its own. */
export async function startSandboxProvider(env: Record<string, string> = {}): Promise<SandboxProviderProcess> {
  const merchantId = `jinli-test-${randomBytes(3).toString('hex')}`;
  const secret = randomBytes(24).toString('hex');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/sandbox-provider.ts'], {
    env: {
      ...process.env,
      SANDBOX_PROVIDER_HOLD_MS: String(TEST_PROVIDER_HOLD_MS),
      ...env,
      SANDBOX_PROVIDER_HOST: '127.0.0.1',
      SANDBOX_PROVIDER_PORT: '0',
      SANDBOX_PROVIDER_PUBLIC_URL: '',
      SANDBOX_EXIT_WITH_PARENT: '1',
      PROVIDER_MERCHANT_ID: merchantId,
      PROVIDER_SECRET: secret,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox provider did not start within 30 s:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = START_LINE.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`sandbox provider exited (${code ?? signal}) before it started:\n${output}`));
    });
  });

  const adapters = new Map<string, SandboxProviderAdapter>();
  const adapter = (provider: ThirdPartyProvider, timeoutMs = 30_000) => {
    const key = `${provider}:${timeoutMs}`;
    let found = adapters.get(key);
    if (!found) adapters.set(key, (found = new SandboxProviderAdapter({ provider, baseUrl: url, merchantId, secret, timeoutMs })));
    return found;
  };

  return {
    url,
    env: { PROVIDER_SANDBOX_URL: url, PROVIDER_MERCHANT_ID: merchantId, PROVIDER_SECRET: secret },
    async setFaults(provider, faults) {
      await adapter(provider as ThirdPartyProvider).setFaults(faults);
    },
    async clearFaults() {
      await adapter('PP').clearAllFaults();
    },
    async play(provider, playerRef, spins) {
      await adapter(provider as ThirdPartyProvider).play(playerRef, spins);
    },
    adapter,
    output: () => output,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
