// Draws the app's PNG icons from the logo (public/logo.svg) into public/icons/: run it after changing the logo
// (`node apps/web/scripts/make-icons.mjs`) and commit the files. The web app manifest (vite.config.ts) lists them.
// - icon-192.png, icon-512.png: the logo as it is (rounded square, transparent corners), purpose "any".
// - maskable-512.png: full bleed in the logo's green, the mark scaled into the safe zone (the circle of 40% radius in
//   the middle) so launchers can cut any shape out of it; purpose "maskable".
// - apple-touch-icon.png (180): full bleed too (iOS rounds the corners itself and shows no transparency).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.join(import.meta.dirname, '../public');
const out = path.join(publicDir, 'icons');
const logo = fs.readFileSync(path.join(publicDir, 'logo.svg'), 'utf8');
const inner = logo.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
const background = /<rect[^>]*fill="(#[0-9a-fA-F]{3,6})"/.exec(inner)?.[1];
if (!background) throw new Error('logo.svg: no background rect with a fill');
const mark = inner.replace(/<rect[^>]*\/>/, '');

/** The mark on a full square of the background colour, scaled by `scale` around the middle. */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${mark}</g></svg>`;

async function png(svg, size, name) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.log(`${name}: ${size}x${size}`);
}

fs.mkdirSync(out, { recursive: true });
await png(logo, 192, 'icon-192.png');
await png(logo, 512, 'icon-512.png');
await png(fullBleed(0.75), 512, 'maskable-512.png');
await png(fullBleed(0.85), 180, 'apple-touch-icon.png');
