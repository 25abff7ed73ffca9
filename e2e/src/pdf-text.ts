import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a downloaded PDF (a receipt), every page joined, for the journeys' assertions. */
export async function pdfText(file: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(file));
  try {
    return (await extractText(document, { mergePages: true })).text;
  } finally {
    await document.destroy();
  }
}
