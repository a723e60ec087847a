// SHA-256 and HMAC-SHA256 from WebCrypto (`globalThis.crypto.subtle`), identical in Node 20+ and in
// every browser, so the server draws and the player's browser verifies with the same primitive and
// no hand-written cryptography. WebCrypto is asynchronous, hence every derivation here is async.
import { bytesToHex, type Bytes } from './hex.ts';

const encoder = new TextEncoder();

export function utf8(text: string): Bytes {
  return encoder.encode(text) as Bytes;
}

export async function sha256(data: Bytes): Promise<Bytes> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', data));
}

/** An HMAC-SHA256 signer bound to one key, so a stream of blocks imports the key once. */
export async function hmacSha256Signer(key: Bytes): Promise<(message: Bytes) => Promise<Bytes>> {
  const cryptoKey = await globalThis.crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return async (message) => new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', cryptoKey, message));
}

export async function hmacSha256(key: Bytes, message: Bytes): Promise<Bytes> {
  return (await hmacSha256Signer(key))(message);
}

/** 32 bytes from the platform's CSPRNG as hex: a hash chain's terminal seed, an instant server seed. */
export function randomSeed(): string {
  return bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}
