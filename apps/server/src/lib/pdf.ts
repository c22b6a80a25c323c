/** pdfkit takes about 160 ms to load: it is loaded with the first PDF, not at server start. */
export async function newPdfDocument(options?: PDFKit.PDFDocumentOptions): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  return new PDFDocument(options);
}
