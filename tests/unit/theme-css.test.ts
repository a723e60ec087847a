import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_CSS_PATH, themeCss } from '../../scripts/generate-theme-css.ts';

describe('src/app/theme.generated.css', () => {
  it('is what MantineProvider renders for the theme (run scripts/generate-theme-css.ts after changing the theme or Mantine)', () => {
    const committed = readFileSync(THEME_CSS_PATH, 'utf8');
    expect(committed === themeCss(), 'src/app/theme.generated.css is stale: node --import tsx scripts/generate-theme-css.ts').toBe(true);
  });

  it('carries the theme: the readable dimmed grey in both schemes, the system fonts and the hiddenFrom classes', () => {
    const css = themeCss();
    expect(css).toContain(':root[data-mantine-color-scheme="light"], :host([data-mantine-color-scheme="light"]){--mantine-color-anchor');
    expect(css).toContain('--mantine-color-dimmed: #495057');
    expect(css).toContain('--mantine-color-dimmed: #b8b8b8');
    expect(css).toContain('--mantine-font-family: -apple-system');
    expect(css).toContain('.mantine-hidden-from-sm {display: none !important;}');
  });
});
