import { describe, expect, it, vi } from 'vitest';
import { AVATAR_CROPPER, avatarFileProblem, AVATAR_TOO_LARGE_MESSAGE, AVATAR_TYPE_MESSAGE } from '../../src/shared/validation/index.ts';
import {
  centredCrop,
  clampScale,
  CROP_SIZE,
  pan,
  renderCrop,
  rescale,
  sourceRect,
} from '../../src/app/features/accounts/avatar/crop-geometry.ts';
import { PRESET_AVATARS, presetIndex } from '../../src/app/features/accounts/avatar/presets.ts';
import { nextRealityCheckAt } from '../../src/app/features/protection/reality-check.ts';

const WIDE = { width: 400, height: 200 };

describe('the avatar cropper', () => {
  it('outputs 184×184', () => {
    expect(CROP_SIZE).toBe(184);
  });

  it('starts centred with the shorter side filling the circle', () => {
    const crop = centredCrop(WIDE);
    expect(crop.scale).toBe(1);
    expect(sourceRect(WIDE, crop)).toEqual({ x: 100, y: 0, size: 200 });
  });

  it('keeps the scale within 1–10 in steps of 0.1', () => {
    expect(clampScale(0.2)).toBe(AVATAR_CROPPER.minScale);
    expect(clampScale(42)).toBe(AVATAR_CROPPER.maxScale);
    expect(clampScale(2.345)).toBe(2.3);
  });

  it('zooms about the centre and never uncovers a corner when panned', () => {
    const zoomed = rescale(WIDE, centredCrop(WIDE), 2);
    expect(sourceRect(WIDE, zoomed)).toEqual({ x: 150, y: 50, size: 100 });
    const dragged = pan(WIDE, zoomed, 10_000, 10_000);
    expect(sourceRect(WIDE, dragged)).toMatchObject({ x: 0, y: 0 });
    const other = pan(WIDE, zoomed, -10_000, -10_000);
    const rect = sourceRect(WIDE, other);
    expect(rect.x + rect.size).toBeCloseTo(WIDE.width);
    expect(rect.y + rect.size).toBeCloseTo(WIDE.height);
  });

  it('draws the chosen square into a 184×184 circular PNG', () => {
    const context = { beginPath: vi.fn(), arc: vi.fn(), closePath: vi.fn(), clip: vi.fn(), drawImage: vi.fn() };
    const canvas = { width: 0, height: 0, getContext: () => context, toDataURL: vi.fn(() => 'data:image/png;base64,AAAA') };
    const doc = { createElement: () => canvas } as unknown as Document;
    const image = {} as CanvasImageSource;
    const url = renderCrop(image, WIDE, centredCrop(WIDE), doc);
    expect(url).toBe('data:image/png;base64,AAAA');
    expect([canvas.width, canvas.height]).toEqual([184, 184]);
    expect(canvas.toDataURL).toHaveBeenCalledWith('image/png');
    expect(context.arc).toHaveBeenCalledWith(92, 92, 92, 0, Math.PI * 2);
    expect(context.drawImage).toHaveBeenCalledWith(image, 100, 0, 200, 200, 0, 0, 184, 184);
  });

  it('refuses big or foreign files with the shared messages', () => {
    expect(avatarFileProblem({ name: 'a.png', size: 3_145_729, type: 'image/png' })).toBe(AVATAR_TOO_LARGE_MESSAGE);
    expect(avatarFileProblem({ name: 'a.gif', size: 10, type: 'image/gif' })).toBe(AVATAR_TYPE_MESSAGE);
    expect(avatarFileProblem({ name: 'a.jpeg', size: 3_145_728, type: 'image/jpeg' })).toBeNull();
  });
});

describe('preset avatars', () => {
  it('has 30, addressed as #1…#30', () => {
    expect(PRESET_AVATARS).toHaveLength(30);
    expect(new Set(PRESET_AVATARS.map((p) => p.glyph)).size).toBe(30);
    expect(presetIndex('#1')).toBe(1);
    expect(presetIndex('#30')).toBe(30);
    expect(presetIndex('#31')).toBeNull();
    expect(presetIndex('/ajax/avatar/ab.png')).toBeNull();
  });
});

describe('the reality check', () => {
  it('is due at the next whole interval since the session started', () => {
    const start = 1_000_000;
    expect(nextRealityCheckAt(start, 30, start)).toBe(start + 30 * 60_000);
    expect(nextRealityCheckAt(start, 30, start + 31 * 60_000)).toBe(start + 60 * 60_000);
  });
});
