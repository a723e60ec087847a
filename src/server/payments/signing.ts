// The signature scheme of the sandbox gateway protocol (docs/wallet/gateway.md), shared by both sides:
// the platform signs its requests and verifies answers and notifications; the sandbox does the reverse.
//
// Every signed message carries four headers: merchant id, timestamp (Unix ms), a random nonce and the
// HMAC-SHA256 (hex) of the canonical string
//
//   <purpose>\n<merchant id>\n<timestamp>\n<nonce>\n<SHA-256 hex of the exact body bytes>
//
// where purpose binds the signature to what it signs: `POST /api/payments` for a request,
// `RESPONSE 200 <the request's nonce>` for its answer (an old answer cannot be replayed to another
// request), `NOTIFY` for a notification.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADERS = {
  merchantId: 'x-merchant-id',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signature: 'x-signature',
} as const;

/** A request older or newer than this is refused (clock skew plus transit). */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

export const NOTIFY_PURPOSE = 'NOTIFY';

export function requestPurpose(method: string, pathWithQuery: string): string {
  return `${method.toUpperCase()} ${pathWithQuery}`;
}

export function responsePurpose(status: number, requestNonce: string): string {
  return `RESPONSE ${status} ${requestNonce}`;
}

export interface SignatureParts {
  purpose: string;
  merchantId: string;
  timestamp: string;
  nonce: string;
  body: string;
}

export interface SignedHeaderValues {
  merchantId: string;
  timestamp: string;
  nonce: string;
  signature: string;
}

export function bodyDigest(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('hex');
}

export function canonicalString(parts: SignatureParts): string {
  return [parts.purpose, parts.merchantId, parts.timestamp, parts.nonce, bodyDigest(parts.body)].join('\n');
}

export function sign(secret: string, parts: SignatureParts): string {
  return createHmac('sha256', secret).update(canonicalString(parts), 'utf8').digest('hex');
}

/** Constant-time comparison of two hex signatures (different lengths never match). */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function signatureMatches(secret: string, parts: SignatureParts, signature: string): boolean {
  return sameSignature(sign(secret, parts), signature);
}

export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

/** The four headers for a message signed now. */
export function signHeaders(
  secret: string,
  merchantId: string,
  purpose: string,
  body: string,
  options: { now?: number; nonce?: string } = {},
): Record<string, string> {
  const timestamp = String(options.now ?? Date.now());
  const nonce = options.nonce ?? newNonce();
  const signature = sign(secret, { purpose, merchantId, timestamp, nonce, body });
  return {
    [SIGNATURE_HEADERS.merchantId]: merchantId,
    [SIGNATURE_HEADERS.timestamp]: timestamp,
    [SIGNATURE_HEADERS.nonce]: nonce,
    [SIGNATURE_HEADERS.signature]: signature,
  };
}

type HeaderBag = Readonly<Record<string, string | string[] | undefined | null>> | Headers;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Readonly<Record<string, string | string[] | undefined | null>>;
  const value = bag[name] ?? Object.entries(bag).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value[0] : (value ?? undefined);
}

/** The signature headers of a message, or null when one is missing. */
export function readSignedHeaders(headers: HeaderBag): SignedHeaderValues | null {
  const merchantId = header(headers, SIGNATURE_HEADERS.merchantId);
  const timestamp = header(headers, SIGNATURE_HEADERS.timestamp);
  const nonce = header(headers, SIGNATURE_HEADERS.nonce);
  const signature = header(headers, SIGNATURE_HEADERS.signature);
  if (!merchantId || !timestamp || !nonce || !signature) return null;
  return { merchantId, timestamp, nonce, signature };
}

export function isFreshTimestamp(timestamp: string, now = Date.now()): boolean {
  if (!/^\d{1,16}$/.test(timestamp)) return false;
  return Math.abs(now - Number(timestamp)) <= MAX_CLOCK_SKEW_MS;
}

export type SignatureProblem = 'missing' | 'merchant' | 'stale' | 'signature';

/** Checks headers + body against the expected merchant, purpose and secret; null when all is well. */
export function verifySigned(
  secret: string,
  expectedMerchantId: string,
  purpose: string,
  body: string,
  headers: HeaderBag,
  now = Date.now(),
): { problem: SignatureProblem } | { problem: null; values: SignedHeaderValues } {
  const values = readSignedHeaders(headers);
  if (!values) return { problem: 'missing' };
  if (values.merchantId !== expectedMerchantId) return { problem: 'merchant' };
  if (!isFreshTimestamp(values.timestamp, now)) return { problem: 'stale' };
  const parts = { purpose, merchantId: values.merchantId, timestamp: values.timestamp, nonce: values.nonce, body };
  if (!signatureMatches(secret, parts, values.signature)) return { problem: 'signature' };
  return { problem: null, values };
}
