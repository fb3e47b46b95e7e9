import interRegular from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';
import interBold from '@fontsource/inter/files/inter-latin-700-normal.woff2?url';
import loraRegular from '@fontsource/lora/files/lora-latin-400-normal.woff2?url';
import loraBold from '@fontsource/lora/files/lora-latin-700-normal.woff2?url';
import { GRID_BREAKPOINT_LARGE_PX, GRID_BREAKPOINT_SMALL_PX } from '../../config/constants.ts';
import type { PublicSettings } from '../settings/public-settings.ts';

type Font = PublicSettings['themeFontBody'];

/** Each font's stack and its self-hosted files (served from the shop's own assets, hashed). */
const FONTS: Record<Font, { family: string; files?: { weight: number; url: string }[] }> = {
  system: { family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
  georgia: { family: "Georgia, 'Times New Roman', serif" },
  inter: { family: "'Inter', system-ui, sans-serif", files: [{ weight: 400, url: interRegular }, { weight: 700, url: interBold }] },
  lora: { family: "'Lora', Georgia, serif", files: [{ weight: 400, url: loraRegular }, { weight: 700, url: loraBold }] },
};

const NAMES: Record<Font, string> = { system: '', georgia: '', inter: 'Inter', lora: 'Lora' };

type ThemeSettings = Pick<
  PublicSettings,
  'themeColorPrimary' | 'themeColorAccent' | 'themeColorHeaderBg' | 'themeColorHeaderText' | 'themeFontBody' | 'themeFontHeading' | 'columnsLarge' | 'columnsMedium' | 'columnsSmall'
>;

/** A colour's relative luminance is low enough for white text on it. */
function darkEnough(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.18;
}

/**
 * The theme's style for the page's head: the settings' colours and fonts as the design tokens
 * (tokens.css holds the defaults), @font-face rules for the self-hosted fonts in use (and only
 * those, so a shop on system fonts loads none), and the product columns per row (large,
 * medium from 850 px down, small from 550 px down). `html:root` outweighs tokens.css
 * whichever order the stylesheets arrive in. Values come from validated settings
 * (#rrggbb, one of the fonts, whole numbers), so nothing here can close the style element.
 */
export function themeCss(s: ThemeSettings): string {
  const faces = new Set<Font>([s.themeFontBody, s.themeFontHeading]);
  const fontFaces = [...faces].flatMap((f) =>
    (FONTS[f].files ?? []).map((file) => `@font-face{font-family:'${NAMES[f]}';font-style:normal;font-weight:${file.weight};font-display:swap;src:url(${file.url}) format('woff2')}`),
  );
  const root = [
    `--color-brand:${s.themeColorPrimary}`,
    `--color-brand-contrast:${darkEnough(s.themeColorPrimary) ? '#ffffff' : '#1b1b1b'}`,
    `--color-accent:${s.themeColorAccent}`,
    `--color-sale:${s.themeColorAccent}`,
    `--header-bg:${s.themeColorHeaderBg}`,
    `--header-text:${s.themeColorHeaderText}`,
    `--font-body:${FONTS[s.themeFontBody].family}`,
    `--font-heading:${FONTS[s.themeFontHeading].family}`,
    `--grid-columns:${s.columnsLarge}`,
  ];
  return [
    ...fontFaces,
    `html:root{${root.join(';')}}`,
    `@media (max-width:${GRID_BREAKPOINT_LARGE_PX - 0.02}px){html:root{--grid-columns:${s.columnsMedium}}}`,
    `@media (max-width:${GRID_BREAKPOINT_SMALL_PX - 0.02}px){html:root{--grid-columns:${s.columnsSmall}}}`,
  ].join('\n');
}
