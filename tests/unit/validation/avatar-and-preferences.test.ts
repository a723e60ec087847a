import { describe, expect, it } from 'vitest';
import {
  AVATAR_CROPPER,
  AVATAR_MAX_BYTES,
  avatarFileProblem,
  avatarImageDataSchema,
  boardChipsSchema,
  firstError,
  storedBetMultiplierSchema,
} from '../../../src/shared/validation/index.ts';

const TOO_LARGE = '上传图片大小不能超过 3MB';
const WRONG_TYPE = '仅支持 JPG、JPEG、PNG 格式';

describe('avatar file', () => {
  it('accepts JPG, JPEG and PNG up to 3145728 bytes', () => {
    expect(avatarFileProblem({ name: 'a.png', size: 3_145_728, type: 'image/png' })).toBeNull();
    expect(avatarFileProblem({ name: 'a.jpg', size: 1, type: 'image/jpeg' })).toBeNull();
    expect(avatarFileProblem({ name: 'a.JPEG', size: 1, type: '' })).toBeNull();
  });

  it('refuses one byte more', () => {
    expect(avatarFileProblem({ name: 'a.png', size: 3_145_729, type: 'image/png' })).toBe(TOO_LARGE);
  });

  it('refuses other types', () => {
    expect(avatarFileProblem({ name: 'a.gif', size: 1, type: 'image/gif' })).toBe(WRONG_TYPE);
    expect(avatarFileProblem({ name: 'a.webp', size: 1, type: '' })).toBe(WRONG_TYPE);
    expect(avatarFileProblem({ name: 'a.png', size: 1, type: 'application/pdf' })).toBe(WRONG_TYPE);
  });

  it('describes the cropper of spec §5', () => {
    expect(AVATAR_CROPPER).toEqual({ minScale: 1, maxScale: 10, scaleStep: 0.1, outputSize: 184 });
    expect(AVATAR_MAX_BYTES).toBe(3 * 1024 * 1024);
  });
});

describe('uploaded avatar image data', () => {
  // 4 base64 characters carry 3 bytes.
  const dataUrl = (type: string, bytes: number) => `data:${type};base64,${'A'.repeat((bytes / 3) * 4)}`;

  it('accepts a PNG or JPEG data URL of at most 3 MB', () => {
    expect(firstError(avatarImageDataSchema, dataUrl('image/png', 3_145_728))).toBeNull();
    expect(firstError(avatarImageDataSchema, dataUrl('image/jpeg', 3))).toBeNull();
    expect(firstError(avatarImageDataSchema, 'data:image/png;base64,iVBORw0KGgo=')).toBeNull();
  });

  it('refuses a larger image', () => {
    expect(firstError(avatarImageDataSchema, dataUrl('image/png', 3_145_731))).toBe(TOO_LARGE);
  });

  it('refuses other types and text that is no data URL', () => {
    expect(firstError(avatarImageDataSchema, dataUrl('image/gif', 3))).toBe(WRONG_TYPE);
    expect(firstError(avatarImageDataSchema, 'https://example.com/a.png')).toBe(WRONG_TYPE);
    expect(firstError(avatarImageDataSchema, 42)).toBe(WRONG_TYPE);
  });
});

describe('stored bet multiplier', () => {
  it.each([1, 0.5, 99_999.99])('accepts %d', (value) => {
    expect(storedBetMultiplierSchema.safeParse(value).success).toBe(true);
  });

  it.each([0, -1, 100_000, Number.NaN, Number.POSITIVE_INFINITY, '5', null])('refuses %j', (value) => {
    expect(firstError(storedBetMultiplierSchema, value)).toBe('倍数必须大于 0 且小于 100000');
  });
});

describe('board chips', () => {
  it.each([
    [[10, 50, 100, 500, 1000]],
    [[null, null, null, null, null]],
    [[null, 1, -5, 0, Number.MAX_SAFE_INTEGER]],
  ])('accepts %j', (chips) => {
    expect(boardChipsSchema.parse(chips)).toEqual(chips);
  });

  it.each([
    [[1, 2, 3, 4]],
    [[1, 2, 3, 4, 5, 6]],
    [[1.5, 2, 3, 4, 5]],
    [[2 ** 53, 2, 3, 4, 5]],
    [['1', 2, 3, 4, 5]],
    [[undefined, 2, 3, 4, 5]],
    ['1,2,3,4,5'],
  ])('refuses %j', (chips) => {
    expect(firstError(boardChipsSchema, chips)).toBe('筹码必须为 5 个整数或空位');
  });
});
