import type { FastifyReply } from 'fastify';

/** A file the server makes for one visitor: its name as downloaded, and its bytes or text. */
export interface DownloadFile {
  filename: string;
  content: Buffer | Uint8Array | string;
}

/**
 * Sends `file` as an attachment that no shared cache may keep: its address carries a reservation's secret,
 * and what it holds (a receipt, a pass whose barcode admits a person, a visit) is the visitor's own.
 */
export function sendPrivateDownload(reply: FastifyReply, contentType: string, file: DownloadFile) {
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.content);
}
