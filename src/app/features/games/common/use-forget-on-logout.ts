import { useEffect } from 'react';
import { useCurrentCustomer } from '../../session/use-current-customer.ts';

const forgetters = new Set<() => void>();
let lastCustomer: string | null | undefined;

/** A game store registers how to drop its unsent picks and slips. */
export function registerForgetter(forget: () => void): void {
  forgetters.add(forget);
}

/**
 * Unsent picks and slips belong to whoever made them: when a customer logs out (or another logs in),
 * every game store drops them. A visitor who logs in keeps the slip built while logged out.
 */
export function useForgetOnLogout(): void {
  const name = useCurrentCustomer()?.name ?? null;
  useEffect(() => {
    if (lastCustomer !== undefined && lastCustomer !== null && lastCustomer !== name) {
      for (const forget of forgetters) forget();
    }
    lastCustomer = name;
  }, [name]);
}
