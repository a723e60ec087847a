// Security headers on every response (docs/security.md): a Content-Security-Policy the PWA runs
// under with no inline script but the shell's own two (allowed by hash), no framing, no sniffing, a
// referrer that never leaves the origin's path, browser features off, and HSTS when served over TLS.
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { shellInlineScriptHashes } from './inline-script-hashes.ts';

/** Google's reCAPTCHA Enterprise script and its frames (its documented CSP sources), only when configured. */
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

export interface ContentSecurityPolicyInputs {
  inlineScriptHashes: string[];
  recaptcha: boolean;
  /** Game providers' origins: their game icons are images from there (docs/providers/pwa.md). */
  providerOrigins?: readonly string[];
}

export function contentSecurityPolicyDirectives({ inlineScriptHashes, recaptcha, providerOrigins = [] }: ContentSecurityPolicyInputs): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'script-src': ["'self'", ...inlineScriptHashes, ...(recaptcha ? RECAPTCHA_SCRIPTS : [])],
    'script-src-attr': ["'none'"],
    // Mantine writes its theme variables into <style> elements at run time and the shell's startup
    // screen is styled inline; a nonce cannot work for a shell the service worker serves from its
    // cache. Inline styles cannot run code, so 'unsafe-inline' is allowed for styles only.
    'style-src': ["'self'", "'unsafe-inline'"],
    // blob: the avatar cropper shows the picked file before it is uploaded.
    'img-src': ["'self'", 'blob:', ...providerOrigins],
    'font-src': ["'self'"],
    // /ajax and /sse are same-origin.
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': recaptcha ? RECAPTCHA_FRAMES : ["'none'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export function serializeContentSecurityPolicy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Powerful features the app never uses are off, for it and for any frame; the few it uses stay its own. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** One year; sub-domains are left to their own operators (referral sub-domains may be served differently). */
export const HSTS = 'max-age=31536000';

/** The same rule as the session cookie's Secure flag (session/sign-in.ts). */
function servedOverTls(config: Config, request: FastifyRequest): boolean {
  return config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const directives = contentSecurityPolicyDirectives({
    inlineScriptHashes: shellInlineScriptHashes(config.staticDir),
    recaptcha: config.accounts.captcha.adapter === 'recaptcha-enterprise',
    providerOrigins: [new URL(config.providers.sandboxUrl).origin],
  });
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives },
    // Other sites get the origin only, never a path (a `/login-token/…` address stays here). Not
    // 'no-referrer': under it the Fetch standard has a POST carry `Origin: null`, which the CSRF
    // check would refuse.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Per request below: only a response that reached the browser over TLS may pin it to TLS.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (servedOverTls(config, request)) reply.header('strict-transport-security', HSTS);
  });
}
