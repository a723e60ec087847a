// The login/register modal is a root overlay addressed by search parameters (`?auth=login`), so a
// guard can open it with a plain redirect and a reload keeps it open.
import { safeRedirectPath } from '../../lib/safe-redirect.ts';

export type AuthMode = 'login' | 'register';

export interface AuthSearch {
  auth?: AuthMode;
  /** Where to go after logging in: the protected route the visitor asked for. */
  redirect?: string;
}

/**
 * Both keys are always present, `undefined` when refused: the router lays a route's validated search
 * over the raw one, so a key left out would keep the raw, unchecked value (`redirect=https://evil`).
 */
export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const auth = search.auth === 'login' || search.auth === 'register' ? search.auth : undefined;
  const redirect = auth ? (safeRedirectPath(search.redirect) ?? undefined) : undefined;
  return { auth, redirect };
}

/** Register falls back to login when there is no registration data or no register form yet (spec §4). */
export function effectiveAuthMode(requested: AuthMode, canRegister: boolean): AuthMode {
  return requested === 'register' && canRegister ? 'register' : 'login';
}
