// Draws the demo catalogue's pictures (apps/web/public/catalogue/): for each seeded platform and
// application, a rounded square of its colour with its initials. The demo shows no publisher's
// logo; these stand in for the pictures a provider uploads. Run after changing the seeded
// catalogue: `npx tsx scripts/draw-demo-pictures.ts` (a test checks every seeded picture exists).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_APPLICATIONS, DEMO_PLATFORMS } from '../apps/server/src/platform/db/seed/catalogue.js';

const publicFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public');
/** Dark enough for white initials (contrast above 4.5:1). */
const COLOURS = ['#1d4f91', '#8a2846', '#2f6b3a', '#6b3fa0', '#8a4b08', '#0f6b75', '#5c5f66', '#a1331f'];

/** An acronym as it is (PNE), else the capitalised words' initials (Canal Numérique des Savoirs: CNS), else a lone word's first two letters (Ed). */
function initialsOf(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const acronym = words.find((word) => /^\p{Lu}{2,4}$/u.test(word));
  if (acronym) return acronym;
  const capitalised = words.filter((word) => /^[\p{Lu}\p{N}]/u.test(word));
  if (capitalised.length > 1)
    return capitalised
      .map((word) => word[0])
      .join('')
      .slice(0, 3);
  const word = capitalised[0] ?? words[0] ?? '?';
  return word[0]!.toUpperCase() + word.slice(1, 2).toLowerCase();
}

function pictureOf(name: string, index: number): string {
  const initials = initialsOf(name);
  const size = initials.length > 2 ? 30 : 38;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img">',
    `<title>${name.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>`,
    `<rect width="96" height="96" rx="18" fill="${COLOURS[index % COLOURS.length]}"/>`,
    `<text x="48" y="50" dominant-baseline="middle" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${initials}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

const pictures = [
  ...DEMO_PLATFORMS.map((platform) => ({ name: platform.name, picturePath: platform.urls[0]!.picturePath })),
  ...DEMO_APPLICATIONS.map((application) => ({ name: application.name, picturePath: application.urls.picturePath })),
];
pictures.forEach(({ name, picturePath }, index) => {
  if (picturePath === undefined) return;
  const file = path.join(publicFolder, picturePath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, pictureOf(name, index));
});
console.log(`${pictures.length} pictures drawn in ${path.relative(process.cwd(), path.join(publicFolder, 'catalogue'))}`);
