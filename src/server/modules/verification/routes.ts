import { bodyLimit } from 'hono/body-limit';
import { MESSAGES } from '../../../shared/errors.ts';
import {
  verificationChecklistSchema,
  verificationItemResultSchema,
  verificationKindParamSchema,
} from '../../../shared/schemas/verification.ts';
import {
  VERIFICATION_DOCUMENT_MAX_BYTES,
  VERIFICATION_DOCUMENT_MAX_MB,
} from '../../../shared/verification.ts';
import { AppError } from '../../errors.ts';
import { vendorsOnly } from '../../http/auth-guard.ts';
import { json, multipartBody, openApiRoutes, readUpload, routesOf } from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { MB } from '../storage/index.ts';
import { documentDownload } from './admin-routes.ts';
import { documentResponse } from './http.ts';
import { presentChecklist, presentItem } from './presenter.ts';
import { getChecklist, readDocument, uploadDocument } from './service.ts';

export { adminVerificationRoutes } from './admin-routes.ts';

const route = routesOf({ tags: ['vendor profile'], use: vendorsOnly });
const own = { vendor: true } as const;
const fileMissing = 'Please choose a PDF or a photo of the document.';

const checklist = route.get('/', {
  summary: "The signed-in vendor's verification checklist (pending or approved vendors)",
  ok: json(verificationChecklistSchema, 'The checklist'),
  errors: [401, 403, 404, 503],
});

const upload = route.put('/items/{kind}/document', {
  summary: "Upload or replace an item's document (PDF, JPEG, PNG or WebP), which sends it for review",
  use: [
    rateLimit({ name: 'verification-upload', max: () => 30, windowSeconds: 600 }),
    // The file is checked against the limit by content later; this stops a huge body early.
    bodyLimit({
      maxSize: VERIFICATION_DOCUMENT_MAX_BYTES + MB,
      onError: () => {
        const message = MESSAGES.fileTooLarge(VERIFICATION_DOCUMENT_MAX_MB);
        throw new AppError('FILE_TOO_LARGE', 413, message, { file: message });
      },
    }),
    vendorsOnly,
  ],
  params: verificationKindParamSchema,
  body: multipartBody(),
  ok: json(verificationItemResultSchema, 'The item, waiting for review, and the badge'),
  errors: [400, 401, 403, 404, 413, 415, 429, 503],
});

const download = route.get('/items/{kind}/document', {
  summary: "Download the signed-in vendor's own document for an item",
  params: verificationKindParamSchema,
  ...documentDownload,
});

/** The signed-in vendor's verification checklist (/api/me/vendor-profile/verification). */
export const vendorVerificationRoutes = openApiRoutes()
  .openapi(checklist, async (c) => {
    const { vendor, items } = await getChecklist({ db: c.var.services.db, actor: c.var.actor });
    return c.json(presentChecklist(vendor, items, c.var.services.clock.now(), own), 200);
  })
  .openapi(upload, async (c) => {
    const { kind } = c.req.valid('param');
    const { db, storage, clock } = c.var.services;
    const { file } = await readUpload(c, fileMissing);
    const now = clock.now();
    const { item, verified } = await uploadDocument({
      db,
      store: storage,
      actor: c.var.actor,
      kind,
      file: { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
      now,
    });
    c.var.log.info({ kind, actor: c.var.actor.id }, 'verification document uploaded');
    return c.json({ item: presentItem(kind, item, now, own), verified }, 200);
  })
  .openapi(download, async (c) => {
    const { kind } = c.req.valid('param');
    const { db, storage } = c.var.services;
    const { item, object } = await readDocument({ db, store: storage, actor: c.var.actor, kind });
    return documentResponse(c, item, object);
  });
