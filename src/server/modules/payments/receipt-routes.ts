import {
  feeInvoiceParamSchema,
  feeInvoiceSchema,
  receiptListSchema,
  receiptParamSchema,
  receiptQuerySchema,
  receiptSchema,
} from '../../../shared/schemas/receipts.ts';
import { customersOnly, vendorsOnly } from '../../http/auth-guard.ts';
import { json, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { feeInvoiceFor } from './invoices.ts';
import { receiptFor, receiptsOfOrder } from './receipts.ts';

const customers = routesOf({ tags: ['payments'], use: customersOnly });
const vendorRoute = routesOf({ tags: ['payments'], use: vendorsOnly });

/** The signed-in customer's receipts (/api/me/receipts): another customer's are not found (404). */
export const receiptRoutes = openApiRoutes()
  .openapi(
    customers.get('/', {
      summary: 'The receipts of one of your orders: each payment and each refund, newest first',
      query: receiptQuerySchema,
      ok: json(receiptListSchema, 'Receipts from the ledger'),
      errors: [400, 401, 403, 404, 503],
    }),
    async (c) => {
      const { orderId } = c.req.valid('query');
      return c.json(await receiptsOfOrder({ db: c.var.services.db, actor: c.var.actor, orderId }), 200);
    },
  )
  .openapi(
    customers.get('/{id}', {
      summary: 'A receipt for a payment or a refund (its id is the payment’s or the refund’s)',
      params: receiptParamSchema,
      ok: json(receiptSchema, 'The receipt'),
      errors: [400, 401, 403, 404, 503],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await receiptFor({ db: c.var.services.db, actor: c.var.actor, receiptId: id }), 200);
    },
  );

/** The signed-in vendor's fee invoices (/api/me/invoices): another vendor's are not found (404). */
export const invoiceRoutes = openApiRoutes().openapi(
  vendorRoute.get('/{id}', {
    summary: 'A fee invoice: the service fee and the tax on it for the orders a payout covered',
    params: feeInvoiceParamSchema,
    ok: json(feeInvoiceSchema, 'The invoice'),
    errors: [400, 401, 403, 404, 503],
  }),
  async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await feeInvoiceFor({ db: c.var.services.db, actor: c.var.actor, invoiceId: id }), 200);
  },
);
