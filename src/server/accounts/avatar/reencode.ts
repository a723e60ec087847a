// Uploaded avatars are decoded and drawn anew as a 184×184 PNG (spec §5 cropper output): no byte of
// the upload is ever served. Only real JPEG or PNG data is accepted, whatever the data URL claims;
// the pixel count is capped before decoding so a small file cannot expand into a huge bitmap.
import sharp from 'sharp';
import { AVATAR_CROPPER, AVATAR_TYPE_MESSAGE } from '../../../shared/validation/index.ts';
import { fieldError } from '../validation.ts';

const MAX_INPUT_PIXELS = 40_000_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

const notAnImage = () => fieldError('imageData', AVATAR_TYPE_MESSAGE);

function sniff(bytes: Buffer): 'png' | 'jpeg' | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.subarray(0, 3).equals(JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

/** The bytes of an `imageData` URL that avatarImageDataSchema already accepted. */
export function dataUrlBytes(imageData: string): Buffer {
  return Buffer.from(imageData.slice(imageData.indexOf(',') + 1), 'base64');
}

export async function reencodeAvatar(upload: Buffer): Promise<Buffer> {
  const format = sniff(upload);
  if (!format) throw notAnImage();
  try {
    const image = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const metadata = await image.metadata();
    if (metadata.format !== format) throw notAnImage();
    const size = AVATAR_CROPPER.outputSize;
    return await image
      .rotate()
      .resize(size, size, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw notAnImage();
  }
}
