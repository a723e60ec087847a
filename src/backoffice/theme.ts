import { createTheme, type CSSVariablesResolver } from '@mantine/core';

// System fonts only, as in the PWA: a Simplified Chinese web font would weigh megabytes.
const FONT_STACK =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", sans-serif';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps white button labels above the 4.5:1 contrast ratio.
  primaryShade: 8,
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK },
  defaultRadius: 'sm',
  cursorType: 'pointer',
});

/**
 * Contrast (WCAG AA, 4.5:1): Mantine's default "dimmed" grey and the text of light badges and alerts
 * (shade 6 on a 10 % tint) are too pale. The colours the back office uses for them get shade 9, which
 * passes on its tint; yellow, orange and green cannot, so statuses use teal, blue, red and grey.
 */
const LIGHT_VARIANT_COLOURS = ['teal', 'blue', 'red', 'gray', 'indigo'] as const;

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolved.colors.gray[7],
    ...Object.fromEntries(LIGHT_VARIANT_COLOURS.map((colour) => [`--mantine-color-${colour}-light-color`, resolved.colors[colour][9]])),
  },
  dark: {},
});
