import { onCustomerChange } from '../../session/session-queries.ts';

/**
 * A game store registers how to drop its unsent picks and slips. They belong to whoever made them:
 * when a customer's session ends or another customer logs in (followCustomer, whatever the path and
 * whether a game page is on screen), every game store drops them. A visitor who logs in keeps the slip
 * built while logged out.
 */
export function registerForgetter(forget: () => void): void {
  onCustomerChange(({ previous }) => {
    if (previous !== null) forget();
  });
}
