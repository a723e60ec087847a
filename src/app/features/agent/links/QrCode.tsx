// A QR code drawn in the browser from the link's URL: one SVG path of the dark modules, no image
// request and no third-party service (the same encoder the back office's TOTP enrolment uses).
import { Box } from '@mantine/core';
import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

const QUIET_ZONE = 4;

function modulesPath(text: string): { path: string; size: number } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const count = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (qr.isDark(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { path, size: count + QUIET_ZONE * 2 };
}

export function QrCode({ text, label, size = 180 }: { text: string; label: string; size?: number }) {
  const { path, size: modules } = useMemo(() => modulesPath(text), [text]);
  return (
    <Box bg="white" w={size} h={size} data-testid="link-qr" data-qr-text={text}>
      <svg role="img" aria-label={label} viewBox={`0 0 ${modules} ${modules}`} width={size} height={size} shapeRendering="crispEdges">
        <path d={path} fill="#000" />
      </svg>
    </Box>
  );
}
