import { AVATAR_CROPPER } from '../../../../shared/validation/index.ts';

export const CROP_SIZE = AVATAR_CROPPER.outputSize;

export interface CropState {
  /** 1–10 (spec §5): 1 = the image's shorter side just fills the circle. */
  scale: number;
  /** Where the image's top-left corner sits in the 184×184 viewport, in viewport pixels. */
  offsetX: number;
  offsetY: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

/** Viewport pixels per image pixel at a cropper scale. */
export function pixelRatio(image: ImageSize, scale: number): number {
  return (CROP_SIZE / Math.min(image.width, image.height)) * scale;
}

export function clampScale(scale: number): number {
  const stepped = Math.round(scale / AVATAR_CROPPER.scaleStep) * AVATAR_CROPPER.scaleStep;
  return Math.min(AVATAR_CROPPER.maxScale, Math.max(AVATAR_CROPPER.minScale, Number(stepped.toFixed(1))));
}

/** Keeps the image covering the whole viewport: no empty corner can be cropped. */
function clampOffsets(image: ImageSize, state: CropState): CropState {
  const ratio = pixelRatio(image, state.scale);
  const clamp = (offset: number, length: number) => Math.min(0, Math.max(CROP_SIZE - length * ratio, offset));
  return { scale: state.scale, offsetX: clamp(state.offsetX, image.width), offsetY: clamp(state.offsetY, image.height) };
}

export function centredCrop(image: ImageSize): CropState {
  const ratio = pixelRatio(image, 1);
  return { scale: 1, offsetX: (CROP_SIZE - image.width * ratio) / 2, offsetY: (CROP_SIZE - image.height * ratio) / 2 };
}

/** A new scale, zooming about the viewport's centre. */
export function rescale(image: ImageSize, state: CropState, scale: number): CropState {
  const next = clampScale(scale);
  const factor = pixelRatio(image, next) / pixelRatio(image, state.scale);
  const centre = CROP_SIZE / 2;
  return clampOffsets(image, {
    scale: next,
    offsetX: centre - (centre - state.offsetX) * factor,
    offsetY: centre - (centre - state.offsetY) * factor,
  });
}

export function pan(image: ImageSize, state: CropState, dx: number, dy: number): CropState {
  return clampOffsets(image, { ...state, offsetX: state.offsetX + dx, offsetY: state.offsetY + dy });
}

/** The part of the image (in image pixels) that fills the viewport. */
export function sourceRect(image: ImageSize, state: CropState): { x: number; y: number; size: number } {
  const ratio = pixelRatio(image, state.scale);
  // `+ 0` turns the -0 of an unmoved image into 0.
  return { x: -state.offsetX / ratio + 0, y: -state.offsetY / ratio + 0, size: CROP_SIZE / ratio };
}

/** The 184×184 circular PNG data URL that is uploaded. */
export function renderCrop(image: CanvasImageSource, size: ImageSize, state: CropState, doc: Document = document): string {
  const canvas = doc.createElement('canvas');
  canvas.width = CROP_SIZE;
  canvas.height = CROP_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas unavailable');
  const source = sourceRect(size, state);
  context.beginPath();
  context.arc(CROP_SIZE / 2, CROP_SIZE / 2, CROP_SIZE / 2, 0, Math.PI * 2);
  context.closePath();
  context.clip();
  context.drawImage(image, source.x, source.y, source.size, source.size, 0, 0, CROP_SIZE, CROP_SIZE);
  return canvas.toDataURL('image/png');
}
