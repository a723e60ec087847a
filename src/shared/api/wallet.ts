// Wallet calls of spec §7.
import { z } from 'zod';

export const WALLET_PATHS = { mainWalletBalance: '/ajax/wallet/main-wallet-balance' } as const;

/** `GET /ajax/wallet/main-wallet-balance`: integer of 0.0001 元. */
export const BalanceSchema = z.object({ balance: z.number().int() });
export type Balance = z.infer<typeof BalanceSchema>;
