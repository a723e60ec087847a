// The built-in image captcha (`GET /ajax/captcha`): 4 letters or digits drawn as noisy strokes.
import type pg from 'pg';
import type { Captcha } from '../../../shared/api/accounts.ts';
import { CAPTCHA_STALE_MESSAGE } from '../../../shared/api/accounts.ts';
import { consumeChallenge, randomAnswer, storeChallenge } from '../../accounts/captcha/challenges.ts';
import { renderCaptcha } from '../../accounts/captcha/render.ts';
import { fieldError } from '../../accounts/validation.ts';
import type { CaptchaProof, CaptchaVerifier } from './captcha.ts';

export const CAPTCHA_WRONG_MESSAGE = '验证码错误，请重新输入';

export class ImageCaptcha implements CaptchaVerifier {
  readonly kind = 'image' as const;
  readonly siteKey = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly ttlMs: number,
  ) {}

  async issue(): Promise<Captcha> {
    const answer = randomAnswer();
    const [id, image] = await Promise.all([storeChallenge(this.pool, answer, this.ttlMs), renderCaptcha(answer)]);
    return { id, image, expiresInSeconds: Math.floor(this.ttlMs / 1000) };
  }

  async verify(proof: CaptchaProof): Promise<void> {
    if (!proof.captchaId || !proof.captcha) throw fieldError('captcha', CAPTCHA_STALE_MESSAGE);
    const outcome = await consumeChallenge(this.pool, proof.captchaId, proof.captcha);
    if (outcome === 'stale') throw fieldError('captcha', CAPTCHA_STALE_MESSAGE);
    if (outcome === 'wrong') throw fieldError('captcha', CAPTCHA_WRONG_MESSAGE);
  }
}
