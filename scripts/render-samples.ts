/**
 * Renders a grid of procedural cake samples (every preset, several occasions, flavours and sizes) for review.
 * Usage: npx tsx scripts/render-samples.ts /tmp/cakes
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CakeRenderInput, renderCakePng } from '../src/server/modules/designs/renderer/index.ts';

const outDir = process.argv[2] ?? 'tmp/cakes';
mkdirSync(outDir, { recursive: true });

const samples: [string, CakeRenderInput][] = [
  [
    'elegant-wedding',
    {
      occasion: 'Wedding',
      flavor: 'Vanilla',
      size: '12 inch (20-25)',
      colors: 'ivory and blush pink',
      style: 'elegant',
      dietary: 'gluten-free',
    },
  ],
  [
    'elegant-anniversary',
    {
      occasion: 'Anniversary',
      flavor: 'Red Velvet',
      size: '10 inch (12-15)',
      colors: 'lavender, silver',
      style: 'elegant',
    },
  ],
  [
    'modern-birthday',
    {
      occasion: 'Birthday',
      flavor: 'Chocolate',
      size: '8 inch (8-10)',
      colors: 'navy, white',
      style: 'modern',
    },
  ],
  [
    'modern-corporate',
    {
      occasion: 'Corporate Event',
      flavor: 'Coffee',
      size: '14 inch (30-35)',
      colors: '#2a6f97',
      style: 'modern',
      description: 'chocolate drip',
    },
  ],
  [
    'whimsical-birthday',
    {
      occasion: 'Birthday',
      flavor: 'Strawberry',
      size: '10 inch (12-15)',
      colors: '',
      style: 'whimsical',
      dietary: 'vegan, nut-free',
    },
  ],
  [
    'whimsical-baby',
    {
      occasion: 'Baby Shower',
      flavor: 'Lemon',
      size: '6 inch (4-6 people)',
      colors: 'mint and lavender',
      style: 'whimsical',
    },
  ],
  [
    'rustic-wedding',
    {
      occasion: 'Wedding',
      flavor: 'Carrot',
      size: '10 inch (12-15)',
      colors: 'cream, sage green',
      style: 'rustic',
    },
  ],
  [
    'rustic-holiday',
    {
      occasion: 'Holiday',
      flavor: 'Pistachio',
      size: '8 inch (8-10)',
      style: 'rustic',
      dietary: 'dairy-free',
    },
  ],
  [
    'luxe-graduation',
    {
      occasion: 'Graduation',
      flavor: 'Chocolate',
      size: '16 inch (40-45)',
      colors: 'black and gold',
      style: 'luxe',
    },
  ],
  [
    'luxe-wedding',
    {
      occasion: 'Wedding',
      flavor: 'Coconut',
      size: '14 inch (30-35)',
      colors: 'champagne, rose gold',
      style: 'luxe',
    },
  ],
  [
    'custom-sheet',
    {
      occasion: 'Custom Design',
      flavor: 'Custom',
      size: 'Sheet Cake',
      colors: 'teal and coral',
      style: 'modern',
    },
  ],
  [
    'cupcakes',
    {
      occasion: 'Birthday',
      flavor: 'Red Velvet',
      size: 'Cupcakes (12 count)',
      colors: 'pink',
      style: 'whimsical',
    },
  ],
  [
    'three-tier',
    {
      occasion: 'Anniversary',
      flavor: 'Vanilla',
      size: '3-Tier',
      colors: 'burgundy and gold',
      style: 'elegant',
      description: 'flowers',
    },
  ],
];

for (const [name, input] of samples) {
  const t = performance.now();
  const png = renderCakePng(input);
  writeFileSync(join(outDir, `${name}.png`), png);
  console.log(`${name}.png  ${(performance.now() - t).toFixed(1)} ms  ${(png.length / 1024).toFixed(0)} KB`);
}
