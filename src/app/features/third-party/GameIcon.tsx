// A provider's game icon; when it cannot be shown (unreachable, refused by the page's image policy), a
// tile with the title's first character (after a 捕鱼· style prefix) takes its place instead of a broken image.
import { useState } from 'react';

export function GameIcon({ src, name, size }: { src: string; name: string; size: number }) {
  const [failed, setFailed] = useState(src === '');
  if (failed) {
    return (
      <span
        aria-hidden="true"
        data-testid="game-icon-fallback"
        style={{
          width: size,
          height: size,
          flex: 'none',
          borderRadius: size / 6,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'var(--mantine-primary-color-light)',
          color: 'var(--mantine-primary-color-light-color)',
          fontWeight: 700,
          fontSize: size * 0.45,
        }}
      >
        {[...(name.split('·').at(-1) ?? name)][0] ?? ''}
      </span>
    );
  }
  return <img src={src} alt="" width={size} height={size} loading="lazy" onError={() => setFailed(true)} style={{ borderRadius: size / 6, objectFit: 'cover', flex: 'none' }} />;
}
