// Image messages: the type comes from the bytes (magic numbers), never from what the client claims.
import { SUPPORT_IMAGE_MAX_BYTES, SUPPORT_MESSAGES, type SupportImageType } from '../../shared/api/support-chat.ts';
import { errors } from '../http/errors.ts';

export function sniffImageType(bytes: Buffer): SupportImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export interface DecodedImage {
  type: SupportImageType;
  bytes: Buffer;
}

/** Decodes the base64 of a request (already shape-checked by the schema) and checks size and type. */
export function decodeImage(base64: string): DecodedImage {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw errors.validation(SUPPORT_MESSAGES.image);
  if (bytes.length > SUPPORT_IMAGE_MAX_BYTES) throw errors.validation(SUPPORT_MESSAGES.imageSize);
  const type = sniffImageType(bytes);
  if (!type) throw errors.validation(SUPPORT_MESSAGES.imageType);
  return { type, bytes };
}
