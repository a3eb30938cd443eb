import { describe, expect, it } from 'vitest';
import { STYLE_PRESETS } from '../../../shared/catalog.ts';
import { buildPrompt, PROMPT_LIMITS } from './prompt.ts';

const form = { occasion: 'Birthday', flavor: 'Chocolate', size: '8 inch (8-10)' };

describe('buildPrompt', () => {
  it('describes the cake from the form and the style preset', () => {
    const prompt = buildPrompt(
      { ...form, description: 'Dinosaurs and a volcano', colors: 'green, orange', dietary: 'vegan,nut-free' },
      'whimsical',
    );
    expect(prompt).toContain('Occasion: Birthday.');
    expect(prompt).toContain('a single-tier round cake, 8 inch (8-10), chocolate flavour');
    expect(prompt).toContain('whimsical & playful');
    expect(prompt).toContain('Colour palette: green, orange.');
    expect(prompt).toContain('Dietary needs: Vegan, Nut-free');
    expect(prompt).toContain('"Dinosaurs and a volcano"');
  });

  it('always asks for a bakeable cake photographed as a concept for a baker, without stray text', () => {
    const prompt = buildPrompt(form, 'elegant');
    expect(prompt).toMatch(/realistic, bakeable cake/);
    expect(prompt).toMatch(/stacked centred/);
    expect(prompt).toMatch(/nothing floating or defying gravity/);
    expect(prompt).toMatch(/real cake-decorating techniques/);
    expect(prompt).toMatch(/concept photo .* professional baker/);
    expect(prompt).toMatch(/plain light studio background/);
    expect(prompt).toMatch(/No text, lettering, logos or watermarks anywhere, unless the customer asks/);
  });

  it('names each style preset differently', () => {
    const prompts = STYLE_PRESETS.map((s) => buildPrompt(form, s.id));
    expect(new Set(prompts).size).toBe(STYLE_PRESETS.length);
    STYLE_PRESETS.forEach((s, i) => expect(prompts[i]).toContain(s.label.toLowerCase()));
  });

  it('reads tiers, sheets and cupcakes from the size, and leaves out custom placeholders', () => {
    expect(buildPrompt({ ...form, size: '3-Tier' }, 'elegant')).toContain('a 3-tier round cake');
    expect(buildPrompt({ ...form, size: 'Sheet Cake' }, 'modern')).toContain('rectangular single-layer');
    expect(buildPrompt({ ...form, size: 'Cupcakes (12 count)' }, 'rustic')).toContain('matching cupcakes');
    const custom = buildPrompt(
      { occasion: 'Custom Design', flavor: 'Custom', size: 'Custom Size', description: null },
      'luxe',
    );
    expect(custom).toContain('The cake: a round cake.');
    expect(custom).not.toMatch(/Occasion:|flavour|description/);
  });

  it('trims, flattens and caps the user text', () => {
    const long = 'sugar roses '.repeat(200);
    const prompt = buildPrompt(
      { ...form, description: `  line one\n\tline "two"\u0000  ${long}`, colors: 'x'.repeat(500) },
      'luxe',
    );
    const quoted = /The customer's description: "(.*)"\./.exec(prompt)?.[1] ?? '';
    expect(quoted.startsWith("line one line 'two' sugar roses")).toBe(true);
    expect(Array.from(quoted)).toHaveLength(PROMPT_LIMITS.description);
    expect(quoted.endsWith('…')).toBe(true);
    expect(prompt).toContain(`Colour palette: ${'x'.repeat(PROMPT_LIMITS.colors - 1)}….`);
    expect(prompt).not.toContain('\u0000');
  });

  it('stays well under the 4,000 characters older image models accept, whatever the user types', () => {
    const huge = 'é'.repeat(10_000);
    const prompt = buildPrompt(
      { occasion: huge, flavor: huge, size: huge, description: huge, colors: huge, dietary: huge },
      'modern',
    );
    expect(prompt.length).toBeLessThan(2_500);
  });

  it('leaves out empty and whitespace-only fields', () => {
    const prompt = buildPrompt({ ...form, description: '   ', colors: '', dietary: null }, 'rustic');
    expect(prompt).not.toMatch(/description|Colour palette|Dietary/);
  });
});
