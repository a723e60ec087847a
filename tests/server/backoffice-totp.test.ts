// TOTP (RFC 6238) against the RFC's own test vectors (appendix B, HMAC-SHA1, secret
// "12345678901234567890", 8 digits), base32 (RFC 4648), and the ±1 step window.
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, newTotpSecret, otpauthUrl, totpCode, totpStep } from '../../src/server/backoffice/core/totp.ts';

const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'));

describe('TOTP', () => {
  it('encodes and decodes base32 as RFC 4648 does', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb oi==').toString()).toBe('foobar');
    expect(() => base32Decode('ABC1')).toThrow();
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it.each([
    [59, '94287082'],
    [1_111_111_109, '07081804'],
    [1_111_111_111, '14050471'],
    [1_234_567_890, '89005924'],
    [2_000_000_000, '69279037'],
    [20_000_000_000, '65353130'],
  ])('gives the RFC 6238 SHA1 code at T=%i', (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000, 8)).toBe(code);
  });

  it('accepts the previous, current and next step only, and says which', () => {
    const at = 1_700_000_000_000;
    const step = totpStep(at);
    for (const offset of [-1, 0, 1]) expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, at + offset * 30_000), at)).toBe(step + offset);
    for (const offset of [-3, -2, 2, 3]) {
      const code = totpCode(RFC_SECRET, at + offset * 30_000);
      const inWindow = [-1, 0, 1].some((o) => totpCode(RFC_SECRET, at + o * 30_000) === code);
      if (!inWindow) expect(matchTotp(RFC_SECRET, code, at)).toBeNull();
    }
    expect(matchTotp(RFC_SECRET, '12345', at)).toBeNull();
    expect(matchTotp(RFC_SECRET, 'abcdef', at)).toBeNull();
  });

  it('builds the otpauth URI authenticator apps read', () => {
    expect(otpauthUrl('Jinli', 'demo_admin', 'ABC')).toBe('otpauth://totp/Jinli%3Ademo_admin?secret=ABC&issuer=Jinli&algorithm=SHA1&digits=6&period=30');
  });
});
