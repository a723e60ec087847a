// Avatar upload rules of spec §5 and §9.
import { z } from 'zod';
import { firstFailing } from './first-failing.ts';

export const AVATAR_MAX_BYTES = 3_145_728;
export const AVATAR_TOO_LARGE_MESSAGE = '上传图片大小不能超过 3MB';
export const AVATAR_TYPE_MESSAGE = '仅支持 JPG、JPEG、PNG 格式';

export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
const AVATAR_EXTENSION = /\.(?:jpe?g|png)$/i;

/** The cropper of spec §5: scale 1 to 10 in steps of 0.1, output a 184×184 circle. */
export const AVATAR_CROPPER = { minScale: 1, maxScale: 10, scaleStep: 0.1, outputSize: 184 } as const;

/** The part of a browser `File` that is checked; a File matches it as is. */
export interface AvatarFileInfo {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

function isAvatarType(file: AvatarFileInfo): boolean {
  // Some systems report no MIME type for a picked file; the extension decides then.
  if (file.type) return (AVATAR_MIME_TYPES as readonly string[]).includes(file.type);
  return AVATAR_EXTENSION.test(file.name);
}

/** The message for a picked file, or null when it may be uploaded. */
export function avatarFileProblem(file: AvatarFileInfo): string | null {
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_TOO_LARGE_MESSAGE;
  if (!isAvatarType(file)) return AVATAR_TYPE_MESSAGE;
  return null;
}

const IMAGE_DATA_URL = /^data:(image\/(?:jpeg|png));base64,([A-Za-z0-9+/]*={0,2})$/;

/** Bytes a base64 text decodes to, without decoding it. */
function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** `imageData` of `POST /ajax/customer/avatar/upload`: a JPEG or PNG data URL of at most 3 MB. */
export const avatarImageDataSchema = z.string({ error: AVATAR_TYPE_MESSAGE }).check(
  firstFailing([
    { test: (text) => IMAGE_DATA_URL.test(text), message: AVATAR_TYPE_MESSAGE },
    { test: (text) => decodedLength(text.slice(text.indexOf(',') + 1)) <= AVATAR_MAX_BYTES, message: AVATAR_TOO_LARGE_MESSAGE },
  ]),
);
