// Renders a captcha answer as a PNG: stroke glyphs, each randomly scaled, rotated and wobbled, over
// crossing curves, decoy strokes and dots, rasterized by sharp so that the answer exists only as
// pixels.
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { GLYPHS } from './glyphs.ts';

const WIDTH = 120;
const HEIGHT = 40;
const SCALE = 2;

const between = (min: number, max: number) => min + (randomInt(0, 1_000_001) / 1_000_000) * (max - min);
const pick = <T>(items: readonly T[]): T => items[randomInt(0, items.length)]!;
const ink = () => `hsl(${randomInt(0, 360)},${randomInt(50, 80)}%,${randomInt(20, 38)}%)`;
const faint = () => `hsl(${randomInt(0, 360)},${randomInt(30, 60)}%,${randomInt(55, 75)}%)`;
const n = (value: number) => value.toFixed(2);

function glyphPaths(char: string, index: number): string {
  const strokes = GLYPHS[char];
  if (!strokes) throw new Error(`no glyph for ${char}`);
  const size = between(1.35, 1.65);
  const cx = 17 + index * 27 + between(-3, 3);
  const cy = HEIGHT / 2 + between(-3, 3);
  const angle = between(-25, 25);
  const skew = between(-12, 12);
  const color = ink();
  const width = between(2, 3);
  const paths = strokes.map((stroke) => {
    const points = stroke.map(([x, y]) => `${n(x + between(-0.6, 0.6) - 5)},${n(y + between(-0.6, 0.6) - 7)}`);
    return `<polyline points="${points.join(' ')}"/>`;
  });
  return (
    `<g transform="translate(${n(cx)},${n(cy)}) rotate(${n(angle)}) skewX(${n(skew)}) scale(${n(size)})" ` +
    `fill="none" stroke="${color}" stroke-width="${n(width / size)}" stroke-linecap="round" stroke-linejoin="round">` +
    `${paths.join('')}</g>`
  );
}

function noiseCurves(count: number): string {
  return Array.from({ length: count }, () => {
    const y = () => n(between(4, HEIGHT - 4));
    return (
      `<path d="M${n(between(-5, 10))},${y()} C${n(between(20, 50))},${y()} ${n(between(70, 100))},${y()} ${n(between(110, 125))},${y()}" ` +
      `fill="none" stroke="${pick([ink(), faint()])}" stroke-width="${n(between(1, 2.2))}"/>`
    );
  }).join('');
}

/** Short strokes borrowed from real glyphs, so a stroke count says nothing about the answer. */
function decoyStrokes(count: number): string {
  const alphabet = Object.keys(GLYPHS);
  return Array.from({ length: count }, () => {
    const stroke = pick(GLYPHS[pick(alphabet)]!);
    const start = randomInt(0, Math.max(1, stroke.length - 1));
    const part = stroke.slice(start, start + 2);
    const size = between(1, 1.6);
    const points = part.map(([x, y]) => `${n(x * size + between(0, WIDTH - 16))},${n(y * size * 0.6 + between(0, HEIGHT - 10))}`);
    return `<polyline points="${points.join(' ')}" fill="none" stroke="${faint()}" stroke-width="${n(between(1, 2))}"/>`;
  }).join('');
}

function dots(count: number): string {
  return Array.from(
    { length: count },
    () => `<circle cx="${n(between(0, WIDTH))}" cy="${n(between(0, HEIGHT))}" r="${n(between(0.4, 1.3))}" fill="${pick([ink(), faint()])}"/>`,
  ).join('');
}

export function captchaSvg(answer: string): string {
  const background = `hsl(${randomInt(0, 360)},40%,${randomInt(92, 97)}%)`;
  const glyphs = [...answer].map((char, index) => glyphPaths(char, index)).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH * SCALE}" height="${HEIGHT * SCALE}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${background}"/>` +
    noiseCurves(2) +
    decoyStrokes(6) +
    glyphs +
    noiseCurves(2) +
    dots(40) +
    `</svg>`
  );
}

/** The captcha as a `data:image/png;base64,…` URL. */
export async function renderCaptcha(answer: string): Promise<string> {
  const png = await sharp(Buffer.from(captchaSvg(answer))).png({ compressionLevel: 9 }).toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
