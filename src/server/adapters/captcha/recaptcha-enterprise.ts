// reCAPTCHA Enterprise, verified on the server with an assessment (REST `projects.assessments.create`).
// A token is accepted when Google says it is valid, was made for our action, and scores at least
// the configured minimum. When the service cannot be reached the player gets a clear message and
// may retry; registration is never let through unverified.
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import type { RecaptchaConfig } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import type { CaptchaAction, CaptchaProof, CaptchaVerifier } from './captcha.ts';

export const RECAPTCHA_ACTION: CaptchaAction = 'REGISTER';
export const RECAPTCHA_UNAVAILABLE_MESSAGE = '人机验证服务暂时不可用，请稍后再试';
export const RECAPTCHA_FAILED_MESSAGE = '人机验证未通过，请重试';

interface Assessment {
  tokenProperties?: { valid?: boolean; action?: string; invalidReason?: string };
  riskAnalysis?: { score?: number };
}

export class RecaptchaEnterpriseVerifier implements CaptchaVerifier {
  readonly kind = 'recaptcha' as const;
  readonly siteKey: string;

  constructor(private readonly config: RecaptchaConfig) {
    this.siteKey = config.siteKey;
  }

  async verify(proof: CaptchaProof): Promise<void> {
    const token = proof.recaptchaToken;
    if (!token) throw failed();
    const action = proof.action ?? RECAPTCHA_ACTION;
    const assessment = await this.assess(token, action, proof);
    const props = assessment.tokenProperties;
    const score = assessment.riskAnalysis?.score ?? 0;
    if (!props?.valid || props.action !== action || score < this.config.minScore) throw failed();
  }

  private async assess(token: string, action: CaptchaAction, proof: CaptchaProof): Promise<Assessment> {
    const { endpoint, projectId, apiKey, siteKey, timeoutMs } = this.config;
    const url = `${endpoint.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(projectId)}/assessments?key=${encodeURIComponent(apiKey)}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          event: { token, siteKey, expectedAction: action, userIpAddress: proof.remoteIp, userAgent: proof.userAgent },
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw unavailable();
    }
    if (!response.ok) throw unavailable();
    try {
      return (await response.json()) as Assessment;
    } catch {
      throw unavailable();
    }
  }
}

const failed = () => new AppError(400, ERROR_CODES.VALIDATION, RECAPTCHA_FAILED_MESSAGE, { recaptchaToken: RECAPTCHA_FAILED_MESSAGE });
const unavailable = () => new AppError(503, ERROR_CODES.INTERNAL, RECAPTCHA_UNAVAILABLE_MESSAGE);
