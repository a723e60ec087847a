// Where to send the browser after logging in comes from the URL (`?redirect=`), which anyone can
// write: only a path on this site is accepted, so a crafted link cannot carry a player off the site.

/** Longer than any address the app builds; a longer one is refused rather than trimmed. */
const MAX_LENGTH = 2048;

/** Rounds of percent-decoding looked through; a value still changing after them is refused. */
const MAX_DECODING_ROUNDS = 4;

/** A host that can never be ours: an accepted path must resolve on it and stay there. */
const PROBE_ORIGIN = 'https://jinli.invalid';

// Backslashes count as slashes to a browser (`/\evil` is `//evil`), and tabs and line breaks are
// dropped from a URL before it is read (`/\t/evil`): refused anywhere, with every other control.
const UNSAFE_CHARACTER = /[\\\u0000-\u001f\u007f-\u009f]/;

/** As written: one leading slash, no authority, nothing a URL parser would drop or read as a slash. */
function looksLikeLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !UNSAFE_CHARACTER.test(value);
}

/** Resolved the way a browser resolves it, it stays on the page's origin and its path does not start with `//`. */
function resolvesLocally(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value, `${PROBE_ORIGIN}/`);
  } catch {
    return false;
  }
  return url.origin === PROBE_ORIGIN && !url.pathname.startsWith('//');
}

/**
 * Every form some layer may read — as written and each percent-decoding of it — is a local path: a
 * router, a proxy or the server may decode `/%2F%2Fevil` or `/.%2F/evil` before a browser resolves it.
 */
function everyDecodingIsLocal(value: string): boolean {
  let current = value;
  for (let round = 0; round <= MAX_DECODING_ROUNDS; round++) {
    if (!looksLikeLocalPath(current) || !resolvesLocally(current)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    current = decoded;
  }
  return false;
}

/** The value when it is a path on this site (`/account/center?tab=1`), else null. */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  return everyDecodingIsLocal(value) ? value : null;
}

/** Where to go after logging in: the redirect when it is safe, the lobby when one was given but refused. */
export function redirectAfterLogin(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  return safeRedirectPath(value) ?? '/';
}
