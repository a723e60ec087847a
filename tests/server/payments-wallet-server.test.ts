// startWalletTestServer: a listening platform wired to its own sandbox gateway, whose adapter reaches
// the gateway and whose PUBLIC_URL is where it listens.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { gatewayFor } from '../../src/server/payments/registry.ts';
import { startWalletTestServer, type WalletTestServer } from '../support/payments.ts';

let wallet: WalletTestServer;
beforeAll(async () => {
  wallet = await startWalletTestServer({ SANDBOX_PAYOUT_DELAY_MS: '50' });
});
afterAll(async () => {
  await wallet?.close();
});

it('listens on PUBLIC_URL and talks to its sandbox gateway with matching credentials', async () => {
  const { payments } = wallet.server.ctx.config;
  expect(payments.publicUrl).toBe(wallet.baseUrl);
  expect(payments.gatewayUrl).toBe(wallet.gateway.url);
  expect((await fetch(`${wallet.baseUrl}/ajax/health`)).ok).toBe(true);
  const adapter = gatewayFor(payments);
  expect(adapter.sandbox).toBe(true);
  expect(await adapter.controls!.getFaults()).toMatchObject({ down: false });
  expect(await adapter.queryPayment('unknown-order')).toBeNull();
});
