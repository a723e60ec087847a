import { createTheme, type CSSVariablesResolver } from '@mantine/core';

// System fonts only: a full Simplified Chinese web font would weigh megabytes. The main systems'
// Chinese fonts are named (WenQuanYi: Linux desktops): where the stack names none the system has, the
// browser looks up a fallback for each Chinese character, most of the lobby's first layout there (docs/pwa.md).
const FONT_STACK =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

// Component defaults (the Chinese close-button label of modals) live in components/Dialog.tsx:
// `Modal.extend` here would pull the modal stack into the first route's bundle.
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white button labels above the 4.5:1 contrast ratio in both schemes.
  primaryShade: { light: 8, dark: 8 },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK },
  defaultRadius: 'md',
  cursorType: 'pointer',
});

/** Mantine's default "dimmed" grey is below 4.5:1 on both backgrounds; these are not. */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: { '--mantine-color-dimmed': resolved.colors.gray[7] },
  dark: { '--mantine-color-dimmed': resolved.colors.dark[1] },
});
