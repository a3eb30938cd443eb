import { bodyLimit } from 'hono/body-limit';
import { PORTFOLIO_CATEGORIES } from '../../../shared/catalog.ts';
import { MESSAGES } from '../../../shared/errors.ts';
import {
  portfolioItemCreatedSchema,
  portfolioItemInputSchema,
  portfolioOrderSchema,
  portfolioSchema,
} from '../../../shared/schemas/vendor-profile.ts';
import { AppError } from '../../errors.ts';
import { vendorsOnly } from '../../http/auth-guard.ts';
import {
  idParams,
  json,
  jsonBody,
  multipartBody,
  openApiRoutes,
  readUpload,
  routesOf,
} from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { parseOrThrow } from '../../http/validate.ts';
import { BUCKETS, MB } from '../storage/index.ts';
import { presentPortfolioItem } from './portfolio-presenter.ts';
import { getApprovedOwnVendor } from './profile-service.ts';
import {
  addPortfolioItem,
  deletePortfolioItem,
  listOwnPortfolio,
  reorderPortfolio,
} from './portfolio-service.ts';

const route = routesOf({ tags: ['vendor profile'], use: vendorsOnly });
const limitMb = BUCKETS.portfolio.fileSizeLimit / MB;
const dollars = { type: 'integer', minimum: 0, maximum: 100_000, description: 'Whole dollars' } as const;

const list = route.get('/', {
  summary: "The signed-in vendor's portfolio in gallery order",
  ok: json(portfolioSchema, 'The photos'),
  errors: [400, 401, 403, 404, 503],
});

const upload = route.post('/', {
  summary: 'Upload a photo to the portfolio (approved vendors)',
  use: [
    rateLimit({ name: 'portfolio-upload', max: () => 60, windowSeconds: 600 }),
    // The file is checked against the bucket's limit by content later; this stops a huge body early.
    bodyLimit({
      maxSize: BUCKETS.portfolio.fileSizeLimit + MB,
      onError: () => {
        throw new AppError('FILE_TOO_LARGE', 413, MESSAGES.fileTooLarge(limitMb));
      },
    }),
    vendorsOnly,
  ],
  body: multipartBody(
    {
      title: { type: 'string', minLength: 1, maxLength: 80 },
      category: { type: 'string', enum: PORTFOLIO_CATEGORIES },
      priceMin: dollars,
      priceMax: dollars,
    },
    ['title', 'category'],
  ),
  created: json(portfolioItemCreatedSchema, 'The new photo, last in the gallery'),
  errors: [400, 401, 403, 404, 409, 413, 415, 429, 503],
});

const reorder = route.put('/order', {
  summary: 'Put the portfolio in a new order (every photo exactly once)',
  body: jsonBody(portfolioOrderSchema),
  ok: json(portfolioSchema, 'The photos in their new order'),
  errors: [400, 401, 403, 404, 413, 415, 503],
});

const remove = route.delete('/{itemId}', {
  summary: 'Delete a photo',
  params: idParams('itemId'),
  responses: { 204: { description: 'Deleted' } },
  errors: [400, 401, 403, 404, 503],
});

/** The signed-in vendor's portfolio: upload (multipart), reorder, delete. */
export const portfolioRoutes = openApiRoutes()
  .openapi(list, async (c) => {
    const rows = await listOwnPortfolio({ db: c.var.services.db, actor: c.var.actor });
    return c.json({ items: rows.map(presentPortfolioItem) }, 200);
  })
  .openapi(upload, async (c) => {
    const { db, storage } = c.var.services;
    const vendor = await getApprovedOwnVendor({ db, actor: c.var.actor });
    const { form, file } = await readUpload(c, 'Please choose a photo to upload.');
    const input = parseOrThrow(portfolioItemInputSchema, {
      title: form.title,
      category: form.category,
      priceMin: form.priceMin,
      priceMax: form.priceMax,
    });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const item = await addPortfolioItem({ db, store: storage, vendor, input, bytes });
    return c.json({ item: presentPortfolioItem(item) }, 201);
  })
  .openapi(reorder, async (c) => {
    const { ids } = c.req.valid('json');
    const rows = await reorderPortfolio({ db: c.var.services.db, actor: c.var.actor, ids });
    return c.json({ items: rows.map(presentPortfolioItem) }, 200);
  })
  .openapi(remove, async (c) => {
    const { itemId } = c.req.valid('param');
    const { db, storage } = c.var.services;
    await deletePortfolioItem({ db, store: storage, actor: c.var.actor, itemId });
    return c.body(null, 204);
  });
