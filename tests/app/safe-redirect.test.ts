// Issue 15, defect 4: the redirect after logging in comes from the URL; only a path of this site may
// pass. Brute force over hostile alphabets: whatever is accepted stays on the origin however a
// browser, a router or a proxy reads it, and ordinary app paths pass unchanged.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateAuthSearch } from '../../src/app/features/session/auth-modal.ts';
import { redirectAfterLogin, safeRedirectPath } from '../../src/app/lib/safe-redirect.ts';

const SITE = 'https://jinli.example';
/** Pages a redirect may be resolved against: the lobby, a deep page, one with a query. */
const BASES = [`${SITE}/`, `${SITE}/account/center`, `${SITE}/game/regular/CQSSC?x=1#y`];

/** Every form a layer may read: the value and each percent-decoding of it. */
function decodings(value: string): string[] {
  const forms = [value];
  for (let round = 0; round < 6; round++) {
    let next: string;
    try {
      next = decodeURIComponent(forms.at(-1)!);
    } catch {
      break;
    }
    if (next === forms.at(-1)) break;
    forms.push(next);
  }
  return forms;
}

function staysOnSite(value: string): boolean {
  return BASES.every((base) => {
    const url = new URL(value, base);
    return url.origin === SITE && !url.pathname.startsWith('//');
  });
}

const HOSTILE_PIECES = [
  '/', '//', '\\', '/\\', '\\/', '.', '..', ':', '@', '%', '%2F', '%2f', '%5C', '%5c', '%252F', '%25252F', '%09', '%0A', '%00',
  '\t', '\n', '\r', '\u0000', '\u001f', '\u007f', '\u0085', ' ', '\u3000', '\uff0f', '\u2215', '?', '#', '&', '=',
  'evil.example', 'http:', 'https:', 'javascript:', 'data:', 'HTTPS:', 'jAvAsCrIpT:', 'www', 'x', '1', 'a%', '%E4%B8%AD', '中',
];
const hostile = fc.array(fc.constantFrom(...HOSTILE_PIECES), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
const anyText = fc.string({ unit: 'binary', maxLength: 40 });

const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
const appPath = fc
  .tuple(
    fc.array(segment, { minLength: 0, maxLength: 4 }),
    fc.option(fc.tuple(segment, segment), { nil: undefined }),
    fc.option(segment, { nil: undefined }),
  )
  .map(([segments, query, hash]) => `/${segments.join('/')}${query ? `?${query[0]}=${query[1]}` : ''}${hash ? `#${hash}` : ''}`);

describe('safeRedirectPath', () => {
  it('anything it accepts stays on the site, in every decoding, from every page', () => {
    fc.assert(
      fc.property(fc.oneof(hostile, anyText, fc.webUrl(), fc.tuple(fc.constantFrom('/', '//', '/\\', '/%2F'), hostile).map(([a, b]) => a + b)), (value) => {
        const accepted = safeRedirectPath(value);
        if (accepted === null) return true;
        expect(accepted).toBe(value);
        expect(accepted.startsWith('/') && !accepted.startsWith('//')).toBe(true);
        for (const form of decodings(accepted)) expect(staysOnSite(form), JSON.stringify(form)).toBe(true);
        return true;
      }),
      { numRuns: 20_000 },
    );
  });

  it('refuses every absolute, scheme-relative, backslashed, encoded or controlled form', () => {
    const refused = [
      'https://evil.example/x', 'http://evil.example', 'HTTPS://evil.example', '//evil.example', '///evil.example', '/\\evil.example',
      '\\\\evil.example', '/\\/evil.example', '\\/evil.example', 'javascript:alert(1)', ' javascript:alert(1)', 'data:text/html,x',
      '/%2F%2Fevil.example', '/%2fevil.example', '%2F%2Fevil.example', '/%5Cevil.example', '/%255Cevil.example', '/%25252F/evil.example',
      '/\t/evil.example', '/\n/evil.example', '/%09/evil.example', '/x\u0000', '/x%00', '/..//evil.example', '/./%2F/evil.example',
      'evil.example', '', '/%', '/%E4%B8', `/${'a'.repeat(3000)}`,
    ];
    for (const value of refused) expect(safeRedirectPath(value), JSON.stringify(value)).toBeNull();
    fc.assert(fc.property(fc.webUrl(), (url) => safeRedirectPath(url) === null));
    fc.assert(fc.property(hostile, (rest) => safeRedirectPath(`//${rest}`) === null && safeRedirectPath(`/\\${rest}`) === null));
    fc.assert(
      fc.property(appPath, fc.integer({ min: 0, max: 0x1f }), (path, code) => safeRedirectPath(path + String.fromCharCode(code)) === null),
    );
  });

  it('refuses what is not text', () => {
    for (const value of [undefined, null, 1, {}, ['/'], true]) expect(safeRedirectPath(value)).toBeNull();
  });

  it('keeps every ordinary path of the app as it is', () => {
    for (const path of ['/', '/account/center', '/account/autobet/lottery?page=2', '/game/regular/CQSSC#bet', '/help/%E5%B8%AE%E5%8A%A9', '/verify/CQSSC/20260101-001']) {
      expect(safeRedirectPath(path)).toBe(path);
    }
    fc.assert(fc.property(appPath, (path) => safeRedirectPath(path) === path));
  });
});

describe('after logging in', () => {
  it('goes to a safe redirect, to the lobby instead of a refused one, and nowhere without one', () => {
    expect(redirectAfterLogin('/account/center')).toBe('/account/center');
    expect(redirectAfterLogin('https://evil.example/x')).toBe('/');
    expect(redirectAfterLogin('/\\evil.example')).toBe('/');
    expect(redirectAfterLogin(undefined)).toBeNull();
  });

  it('the root search overrides a refused redirect instead of leaving the raw one in place', () => {
    for (const redirect of ['https://evil.example/x', '//evil.example', '/\\evil.example', '/%2F%2Fevil.example']) {
      const validated = validateAuthSearch({ auth: 'login', redirect });
      expect(validated).toHaveProperty('redirect', undefined);
      // The router lays the validated search over the raw one: the refused value must not survive.
      expect({ auth: 'login', redirect, ...validated }.redirect).toBeUndefined();
    }
    expect(validateAuthSearch({ auth: 'login', redirect: '/account/center' })).toEqual({ auth: 'login', redirect: '/account/center' });
    expect({ auth: 'nope', ...validateAuthSearch({ auth: 'nope' }) }.auth).toBeUndefined();
  });
});
