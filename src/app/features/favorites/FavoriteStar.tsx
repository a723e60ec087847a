import { ActionIcon } from '@mantine/core';
import { toastError } from '../../lib/notify.ts';

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={1.8} strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L12 16.9l-5.2 2.8 1-5.9-4.3-4.1 5.9-.8z" />
    </svg>
  );
}

export interface FavoriteStarProps {
  /** The game's Chinese name, so each star has its own accessible name (收藏 锦鲤分分彩). */
  gameName: string;
  pressed: boolean;
  onToggle: () => void;
  /** Set offline: the star stays focusable and says why it does nothing. */
  blockedReason: string | null;
}

/**
 * A toggle button (WAI-ARIA: the name stays 收藏 …, aria-pressed carries the state); the tooltip says
 * what a click does: 收藏 or 取消收藏.
 */
export function FavoriteStar({ gameName, pressed, onToggle, blockedReason }: FavoriteStarProps) {
  const action = pressed ? '取消收藏' : '收藏';
  return (
    <ActionIcon
      variant="subtle"
      color={pressed ? 'yellow' : 'gray'}
      size="lg"
      aria-label={`收藏 ${gameName}`}
      aria-pressed={pressed}
      aria-disabled={blockedReason ? true : undefined}
      data-disabled={blockedReason ? true : undefined}
      title={blockedReason ?? action}
      data-testid="favorite-star"
      onClick={() => (blockedReason ? toastError(blockedReason) : onToggle())}
    >
      <StarIcon filled={pressed} />
    </ActionIcon>
  );
}
