import { describe, expect, it } from 'vitest';
import { imageRequestBody, mapImageSize, modelFamily } from './openai.ts';

const square = { width: 1024, height: 1024 };
const wide = { width: 1792, height: 1024 };
const tall = { width: 1024, height: 1792 };

describe('modelFamily', () => {
  it('tells GPT image models from DALL-E-style and other compatible models', () => {
    for (const model of [
      'gpt-image-2',
      'gpt-image-2.5-flare-2026-09-08',
      'gpt-image-1.5',
      'chatgpt-image-latest',
    ]) {
      expect(modelFamily(model)).toBe('gpt-image');
    }
    for (const model of ['dall-e-3', 'black-forest-labs/FLUX.1-schnell', 'stablediffusion']) {
      expect(modelFamily(model)).toBe('dall-e');
    }
  });
});

describe('mapImageSize', () => {
  it('keeps the spec sizes for DALL-E-style models', () => {
    expect([square, wide, tall].map((d) => mapImageSize('dall-e-3', d))).toEqual([
      '1024x1024',
      '1792x1024',
      '1024x1792',
    ]);
  });

  it('keeps the spec sizes from gpt-image-2 on, which take any size in multiples of 16', () => {
    for (const model of ['gpt-image-2', 'gpt-image-2.6-sunburst', 'gpt-image-3']) {
      expect([square, wide, tall].map((d) => mapImageSize(model, d))).toEqual([
        '1024x1024',
        '1792x1024',
        '1024x1792',
      ]);
    }
  });

  it('uses 1536 instead of 1792 on older GPT image models', () => {
    for (const model of ['gpt-image-1', 'gpt-image-1.5', 'gpt-image-1-mini', 'chatgpt-image-latest']) {
      expect([square, wide, tall].map((d) => mapImageSize(model, d))).toEqual([
        '1024x1024',
        '1536x1024',
        '1024x1536',
      ]);
    }
  });

  it('falls back to the nearest standard shape when a size breaks the newer rules', () => {
    expect(mapImageSize('gpt-image-2', { width: 1000, height: 1700 })).toBe('1024x1536');
    expect(mapImageSize('gpt-image-2', { width: 4096, height: 1024 })).toBe('1536x1024');
    expect(mapImageSize('gpt-image-2', { width: 4000, height: 4000 })).toBe('1024x1024');
    expect(mapImageSize('dall-e-3', { width: 600, height: 500 })).toBe('1024x1024');
  });
});

describe('imageRequestBody', () => {
  it('asks GPT image models for one medium-quality PNG, without the retired parameters', () => {
    expect(imageRequestBody('gpt-image-2', tall, 'a cake')).toEqual({
      model: 'gpt-image-2',
      prompt: 'a cake',
      n: 1,
      size: '1024x1792',
      quality: 'medium',
      output_format: 'png',
    });
  });

  it("sends the spec's DALL-E 3 request to other models, answered in base64", () => {
    expect(imageRequestBody('dall-e-3', wide, 'a cake')).toEqual({
      model: 'dall-e-3',
      prompt: 'a cake',
      n: 1,
      size: '1792x1024',
      quality: 'standard',
      response_format: 'b64_json',
    });
  });
});
