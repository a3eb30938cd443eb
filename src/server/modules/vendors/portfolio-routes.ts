import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { portfolioItemInputSchema, portfolioOrderSchema } from '../../../shared/schemas/vendor-profile.ts';
import { AppError } from '../../http/app-error.ts';
import { MESSAGES } from '../../../shared/errors.ts';
import { requireUserType } from '../../http/auth-guard.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import type { AppEnv } from '../../http/types.ts';
import { parseOrThrow, validJson } from '../../http/validate.ts';
import { BUCKETS, MB } from '../storage/buckets.ts';
import { presentPortfolioItem } from './portfolio-presenter.ts';
import { getApprovedOwnVendor } from './profile-service.ts';
import {
  addPortfolioItem,
  deletePortfolioItem,
  listOwnPortfolio,
  reorderPortfolio,
} from './portfolio-service.ts';

const itemIdSchema = z.object({ itemId: z.string().min(1).max(100) });

const limitMb = BUCKETS.portfolio.fileSizeLimit / MB;

/** The signed-in vendor's portfolio: upload (multipart), reorder, delete. */
export const portfolioRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const actor = await requireUserType(c, 'vendor');
    const rows = await listOwnPortfolio({ db: c.var.services.db, actor });
    return c.json({ items: rows.map(presentPortfolioItem) });
  })
  .post(
    '/',
    rateLimit({ name: 'portfolio-upload', max: () => 60, windowSeconds: 600 }),
    // The file is checked against the bucket's limit by content later; this stops a huge body early.
    bodyLimit({
      maxSize: BUCKETS.portfolio.fileSizeLimit + MB,
      onError: () => {
        throw new AppError('FILE_TOO_LARGE', 413, MESSAGES.fileTooLarge(limitMb));
      },
    }),
    async (c) => {
      const actor = await requireUserType(c, 'vendor');
      const { db, storage } = c.var.services;
      const vendor = await getApprovedOwnVendor({ db, actor });
      const form = await c.req.parseBody().catch(() => {
        throw AppError.validation({ file: 'Please choose a photo to upload.' });
      });
      const file = form.file;
      if (!(file instanceof File) || file.size === 0)
        throw AppError.validation({ file: 'Please choose a photo to upload.' });
      const input = parseOrThrow(portfolioItemInputSchema, {
        title: form.title,
        category: form.category,
        priceMin: form.priceMin,
        priceMax: form.priceMax,
      });
      const bytes = new Uint8Array(await file.arrayBuffer());
      const item = await addPortfolioItem({ db, store: storage, vendor, input, bytes });
      return c.json({ item: presentPortfolioItem(item) }, 201);
    },
  )
  .put('/order', async (c) => {
    const actor = await requireUserType(c, 'vendor');
    const { ids } = await validJson(c, portfolioOrderSchema);
    const rows = await reorderPortfolio({ db: c.var.services.db, actor, ids });
    return c.json({ items: rows.map(presentPortfolioItem) });
  })
  .delete('/:itemId', async (c) => {
    const actor = await requireUserType(c, 'vendor');
    const { itemId } = parseOrThrow(itemIdSchema, c.req.param());
    const { db, storage } = c.var.services;
    await deletePortfolioItem({ db, store: storage, actor, itemId });
    return c.body(null, 204);
  });
