import { AVATAR_PRESET_COUNT } from '../../../../shared/api/accounts.ts';

// The 30 presets are drawn, not downloaded: a colour and an auspicious character each.
const GLYPHS = '福禄寿喜财吉祥如意安康乐和顺泰兴旺鲤龙凤虎鹤松竹梅兰菊星月云' as const;

export interface PresetAvatar {
  index: number;
  glyph: string;
  background: string;
}

export const PRESET_AVATARS: readonly PresetAvatar[] = Array.from({ length: AVATAR_PRESET_COUNT }, (_, i) => ({
  index: i + 1,
  glyph: [...GLYPHS][i] ?? '鲤',
  // Hues spread by the golden angle so neighbours differ; lightness kept dark enough for white text.
  background: `hsl(${Math.round((i * 137.5) % 360)} 60% 38%)`,
}));

/** `'#7'` → preset 7; anything else (an upload URL, null) → null. */
export function presetIndex(avatarImage: string | null): number | null {
  const match = avatarImage ? /^#(\d{1,2})$/.exec(avatarImage) : null;
  const index = match ? Number(match[1]) : NaN;
  return index >= 1 && index <= AVATAR_PRESET_COUNT ? index : null;
}
