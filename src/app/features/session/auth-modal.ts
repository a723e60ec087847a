// The login/register modal is a root overlay addressed by search parameters (`?auth=login`), so a
// guard can open it with a plain redirect and a reload keeps it open.
export type AuthMode = 'login' | 'register';

export interface AuthSearch {
  auth?: AuthMode;
  /** Where to go after logging in: the protected route the visitor asked for. */
  redirect?: string;
}

function isSafeRedirect(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && value.length <= 512;
}

export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const result: AuthSearch = {};
  if (search.auth === 'login' || search.auth === 'register') result.auth = search.auth;
  if (result.auth && isSafeRedirect(search.redirect)) result.redirect = search.redirect;
  return result;
}

/** Register falls back to login when there is no registration data or no register form yet (spec §4). */
export function effectiveAuthMode(requested: AuthMode, canRegister: boolean): AuthMode {
  return requested === 'register' && canRegister ? 'register' : 'login';
}
