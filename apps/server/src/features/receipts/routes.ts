import type { FastifyInstance } from 'fastify';
import {
  issueReceiptEndpoint,
  receiptEndpoint,
  receiptPdfEndpoint,
  returnNoteEndpoint,
  returnNotePdfEndpoint,
} from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { sendPrivateDownload } from '../../shared/private-download.ts';
import { issueReceipt, readReceipt } from '../../domain/receipts/receipt-document.ts';
import { issuedReceiptPdf } from '../../domain/receipts/issued-receipt-pdf.ts';
import { returnNote, returnNotePdf } from '../../domain/refunds/return-note-document.ts';

// The reservation token is the receipt's secret and the addressee may be a person's name: never cached.
const PRIVATE = 'private, no-store';

/**
 * The receipt of a paid reservation (ADR 023): read, issue (original, then re-issues), PDF download; and the
 * return notes of its refunds (ADR 076): read and PDF, never issued here (a refund issues its note).
 */
export async function receiptsRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, receiptEndpoint, async (request, reply) => {
    reply.header('cache-control', PRIVATE);
    return readReceipt(app.db, request.site, request.params.id, request.query.lang);
  });

  registerEndpoint(app, issueReceiptEndpoint, async (request, reply) => {
    reply.header('cache-control', PRIVATE);
    return issueReceipt(app.db, request.site, request.params.id, request.query.lang, request.body.addressee);
  });

  registerEndpoint(app, receiptPdfEndpoint, async (request, reply) => {
    const file = await issuedReceiptPdf(app.db, request.site, request.params.id, request.query.lang);
    return sendPrivateDownload(reply, 'application/pdf', file);
  });

  registerEndpoint(app, returnNoteEndpoint, async (request, reply) => {
    reply.header('cache-control', PRIVATE);
    const { id, number } = request.params;
    return returnNote(app.db, request.site, id, number, request.query.lang);
  });

  registerEndpoint(app, returnNotePdfEndpoint, async (request, reply) => {
    const { id, number } = request.params;
    const file = await returnNotePdf(app.db, request.site, id, number, request.query.lang);
    return sendPrivateDownload(reply, 'application/pdf', file);
  });
}
