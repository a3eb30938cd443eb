import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/errors.ts';
import { AppError } from '../../errors.ts';
import { BUCKETS } from './buckets.ts';
import { deleteStoredImage, storeGeneratedImage, storeUploadedImage } from './images.ts';
import { keyPrefix } from './keys.ts';
import { createLocalStore } from './local-store.ts';
import type { ObjectStore } from './store.ts';

let tmp: string;
let local: ObjectStore;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'frosted-images-'));
  local = createLocalStore(path.join(tmp, 'uploads'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** Every file under a directory, relative to it. */
const filesUnder = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

/** Left half red, right half blue, so orientation can be read back from the pixels. */
const halves = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ff0000' } }).composite([
    {
      input: { create: { width: width / 2, height, channels: 3, background: '#0000ff' } },
      left: width / 2,
      top: 0,
    },
  ]);

/** A 512x512 photo-like JPEG (noise), big enough that cutting it short loses real data. */
const noisyJpeg = () =>
  sharp({
    create: {
      width: 512,
      height: 512,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

/** A valid PNG header that claims width x height pixels, with almost no data behind it. */
function pngClaiming(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([len, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.alloc(16)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const upload = (
  bytes: Uint8Array,
  bucket: 'portfolio' | 'vendors' = 'portfolio',
  prefix = keyPrefix('test', crypto.randomUUID()),
) => storeUploadedImage({ store: local, bucket, bytes, prefix });

async function expectRefused(promise: Promise<unknown>, status: number, message: string) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect(err).toMatchObject({ status, message });
}

describe('uploaded images', () => {
  it('re-encodes to WebP with the orientation applied and no metadata left', async () => {
    const photo = await halves(400, 200)
      .jpeg()
      .withIccProfile('p3')
      .withExif({ IFD0: { Copyright: 'secret', Artist: 'Jane Baker' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif?.toString('latin1')).toContain('secret');
    expect(before.orientation).toBe(6);
    expect(before.icc).toBeDefined();

    const prefix = keyPrefix('vendor', 'V_42');
    const image = await upload(photo, 'portfolio', prefix);
    expect(image.imageKey).toMatch(new RegExp(`^${prefix}/[0-9a-f-]{36}\\.webp$`));
    expect(image.thumbKey).toBe(image.imageKey.replace('.webp', '-thumb.webp'));
    // Orientation 6 turns the 400x200 picture upright: 200 wide, 400 high.
    expect(image).toMatchObject({ width: 200, height: 400 });

    for (const key of [image.imageKey, image.thumbKey]) {
      const stored = (await local.get('portfolio', key))!;
      expect(stored.contentType).toBe('image/webp');
      const meta = await sharp(stored.body).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(Buffer.from(stored.body).includes('secret')).toBe(false);
      // The red left half of the stored picture is now the top.
      const { data, info } = await sharp(stored.body).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
      ];
      const [top, bottom] = [pixel(info.width / 2, 5), pixel(info.width / 2, info.height - 5)];
      expect(top[0]! > 200 && top[2]! < 60, `top ${top}`).toBe(true);
      expect(bottom[2]! > 200 && bottom[0]! < 60, `bottom ${bottom}`).toBe(true);
    }
  });

  it('shrinks to 1600 px for display and 480 px for the thumbnail, never enlarges', async () => {
    const big = await upload(await halves(3200, 1000).png().toBuffer());
    expect(big).toMatchObject({ width: 1600, height: 500 });
    const thumb = await sharp((await local.get('portfolio', big.thumbKey))!.body).metadata();
    expect([thumb.width, thumb.height]).toEqual([480, 150]);
    const small = await upload(await halves(300, 200).webp().toBuffer());
    expect(small).toMatchObject({ width: 300, height: 200 });
  });

  it("refuses a file over the bucket's limit before decoding it", async () => {
    const header = await noisyJpeg();
    const oversized = (limit: number) => Buffer.concat([header, Buffer.alloc(limit + 1 - header.length)]);
    await expectRefused(
      upload(oversized(BUCKETS.portfolio.fileSizeLimit)),
      413,
      'The file is too large. The limit is 10 MB.',
    );
    await expectRefused(
      upload(oversized(BUCKETS.vendors.fileSizeLimit), 'vendors'),
      413,
      'The file is too large. The limit is 5 MB.',
    );
  });

  it('refuses a decompression bomb by its pixel count', async () => {
    await expectRefused(upload(pngClaiming(20_000, 20_000)), 413, MESSAGES.imageTooManyPixels(40));
  });

  it('refuses anything that is not a whole JPEG, PNG or WebP, whatever it is called', async () => {
    const jpeg = await noisyJpeg();
    const refused: Record<string, Uint8Array> = {
      gif: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
        .gif()
        .toBuffer(),
      svg: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>',
      ),
      html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
      'shell script named .jpg': Buffer.from('#!/bin/sh\nrm -rf /\n'),
      'empty file': new Uint8Array(0),
      'truncated JPEG': jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
      'JPEG magic with garbage': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]),
      'PNG header, no pixels': pngClaiming(100, 100),
    };
    const prefix = keyPrefix('refused');
    for (const [name, bytes] of Object.entries(refused)) {
      await expectRefused(upload(bytes, 'portfolio', prefix), 415, MESSAGES.unsupportedFile).catch(
        (err: Error) => {
          throw new Error(`${name}: ${err.message}`);
        },
      );
    }
    expect(await filesUnder(path.join(tmp, 'uploads', 'portfolio', 'refused'))).toEqual([]);
  });

  it('refuses an unsafe prefix before storing anything', async () => {
    const photo = await halves(40, 20).png().toBuffer();
    for (const prefix of ['../../escape', '/abs', 'a//b', 'UPPER', 'a/../b']) {
      await expect(upload(photo, 'portfolio', prefix), prefix).rejects.toThrow(/unsafe storage key/);
    }
    expect((await filesUnder(tmp)).filter((f) => f.includes('escape') || f.includes('abs'))).toEqual([]);
  });

  it('deletes both files of an image', async () => {
    const image = await upload(await halves(40, 20).png().toBuffer());
    await deleteStoredImage(local, 'portfolio', [image.imageKey, image.thumbKey, 'never/stored.webp']);
    expect(await local.get('portfolio', image.imageKey)).toBeNull();
    expect(await local.get('portfolio', image.thumbKey)).toBeNull();
  });
});

describe('generated images', () => {
  it('stores the bytes as they are, under a key with the matching extension', async () => {
    const png = await halves(64, 64).png().toBuffer();
    const key = await storeGeneratedImage({
      store: local,
      bucket: 'designs',
      bytes: png,
      prefix: 'design',
      contentType: 'image/png',
    });
    expect(key).toMatch(/^design\/[0-9a-f-]{36}\.png$/);
    const stored = (await local.get('designs', key))!;
    expect(stored.contentType).toBe('image/png');
    expect(Buffer.from(stored.body).equals(png)).toBe(true);
  });

  it('re-checks the content: a declared type must be the real one', async () => {
    const png = await halves(64, 64).png().toBuffer();
    await expect(
      storeGeneratedImage({
        store: local,
        bucket: 'designs',
        bytes: png,
        prefix: 'design',
        contentType: 'image/webp',
      }),
    ).rejects.toThrow(/is image\/png, not image\/webp/);
    await expectRefused(
      storeGeneratedImage({
        store: local,
        bucket: 'designs',
        bytes: Buffer.from('<svg/>'),
        prefix: 'design',
        contentType: 'image/png',
      }),
      415,
      MESSAGES.unsupportedFile,
    );
  });
});
