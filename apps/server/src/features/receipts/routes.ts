import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  receiptIssueRequestSchema,
  receiptQuerySchema,
  receiptResponseSchema,
  reservationTokenParamsSchema,
} from '@kippu/contract';
import { issueReceipt, readReceipt } from '../../domain/receipts/receipt-document.ts';
import { issuedReceiptPdf } from '../../domain/receipts/issued-receipt-pdf.ts';

// The reservation token is the receipt's secret and the addressee may be a person's name: never cached.
const PRIVATE = 'private, no-store';

/** The receipt of a paid reservation (ADR 023): read, issue (original, then re-issues), PDF download. */
export async function receiptsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/receipts/:id',
    {
      schema: {
        params: reservationTokenParamsSchema,
        querystring: receiptQuerySchema,
        response: { 200: receiptResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return readReceipt(app.db, request.site, request.params.id, request.query.lang);
    },
  );

  app.post(
    '/receipts/:id',
    {
      schema: {
        params: reservationTokenParamsSchema,
        querystring: receiptQuerySchema,
        body: receiptIssueRequestSchema,
        response: { 200: receiptResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return issueReceipt(
        app.db,
        request.site,
        request.params.id,
        request.query.lang,
        request.body.addressee,
      );
    },
  );

  app.get(
    '/receipts/:id/pdf',
    { schema: { params: reservationTokenParamsSchema, querystring: receiptQuerySchema } },
    async (request, reply) => {
      const file = await issuedReceiptPdf(app.db, request.site, request.params.id, request.query.lang);
      return reply
        .header('cache-control', PRIVATE)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.content);
    },
  );
}
