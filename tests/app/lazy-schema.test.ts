// A schema built on first use must behave as the schema itself wherever the app or the server uses one.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CurrentCustomerResponseSchema, CurrentCustomerSchema } from '../../src/shared/api/session.ts';
import { lazySchema } from '../../src/shared/api/lazy-schema.ts';
import { TotalBalanceSchema } from '../../src/shared/api/wallet.ts';

describe('lazySchema', () => {
  it('builds the schema on the first read, once', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return z.object({ balance: z.number().int() });
    });
    expect(builds).toBe(0);
    expect(schema.parse({ balance: 5 })).toEqual({ balance: 5 });
    expect(schema.safeParse({ balance: 1.5 }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('answers as the schema it builds: errors, shape, derived schemas, nesting, instanceof', () => {
    const Money = lazySchema(() => z.number().int());
    const Wallet = lazySchema(() => z.object({ total: Money, items: z.array(Money) }));
    const eager = z.object({ total: z.number().int(), items: z.array(z.number().int()) });

    const bad = { total: 1.5, items: [1, 'x'] };
    expect(Wallet.safeParse(bad).error?.issues).toEqual(eager.safeParse(bad).error?.issues);
    expect(Object.keys(Wallet.shape)).toEqual(['total', 'items']);
    expect(Wallet.extend({ note: z.string() }).parse({ total: 1, items: [], note: 'n' })).toEqual({ total: 1, items: [], note: 'n' });
    expect(Wallet.nullable().parse(null)).toBeNull();
    expect(Wallet).toBeInstanceOf(z.ZodObject);
    expect(Money).toBeInstanceOf(z.ZodNumber);
    // A detached method keeps working, as zod's own members do.
    const { parse } = Wallet;
    expect(parse({ total: 2, items: [3] })).toEqual({ total: 2, items: [3] });
  });

  it('keeps the shared API schemas validating as before', () => {
    const customer = {
      name: 'player1',
      alias: 'p',
      avatarImage: null,
      birthday: null,
      type: 'PLAYER',
      vipLevel: 'NOT_VIP',
      testMode: null,
      firstLogin: false,
      firstLoginContactRequired: false,
      registrationLinkId: null,
      prizeGroup: 1900,
    };
    expect(CurrentCustomerSchema.parse(customer)).toEqual(customer);
    expect(CurrentCustomerResponseSchema.parse(null)).toBeNull();
    expect(CurrentCustomerResponseSchema.safeParse({ ...customer, prizeGroup: 2500 }).error?.issues[0]?.path).toEqual(['prizeGroup']);
    expect(TotalBalanceSchema.parse({ total: 10, mainWallet: 10, thirdParty: [{ provider: 'AG', balance: 0 }] })).toEqual({
      total: 10,
      mainWallet: 10,
      thirdParty: [{ provider: 'AG', balance: 0 }],
    });
    expect(TotalBalanceSchema.safeParse({ total: 10, mainWallet: 10, thirdParty: [{ provider: 'AG', balance: 0.5 }] }).success).toBe(false);
  });
});
