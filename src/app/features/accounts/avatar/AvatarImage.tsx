import { Avatar } from '@mantine/core';
import { AVATAR_URL_PREFIX } from '../../../../shared/api/accounts.ts';
import { PRESET_AVATARS, presetIndex } from './presets.ts';

/** A customer's avatar: a drawn preset ('#N'), an uploaded image, or the alias's first character. */
export function AvatarImage({ avatarImage, alias, size = 64 }: { avatarImage: string | null; alias: string; size?: number }) {
  const index = presetIndex(avatarImage);
  if (index !== null) return <PresetAvatarImage index={index} size={size} />;
  // Only our own served uploads are shown; any other URL is treated as none.
  if (avatarImage?.startsWith(AVATAR_URL_PREFIX)) return <Avatar src={avatarImage} alt="头像" size={size} data-testid="avatar-upload" />;
  return (
    <Avatar size={size} alt="头像" color="gray" data-testid="avatar-none">
      {[...alias][0] ?? '?'}
    </Avatar>
  );
}

export function PresetAvatarImage({ index, size }: { index: number; size: number }) {
  const preset = PRESET_AVATARS[index - 1];
  if (!preset) return null;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={`${index} 号头像`} data-testid="avatar-preset" data-index={index}>
      <circle cx="32" cy="32" r="32" fill={preset.background} />
      <text x="32" y="33" textAnchor="middle" dominantBaseline="central" fontSize="30" fill="#fff">
        {preset.glyph}
      </text>
    </svg>
  );
}
