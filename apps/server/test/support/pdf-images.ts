import { decodeQR } from 'qr/decode.js';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';

// pdf.js decodes images with ArrayBuffer.prototype.transferToFixedLength (Node 21+); on Node 20 it
// would skip every image silently. The copy below is what that method returns.
const prototype = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: (length?: number) => ArrayBuffer };
prototype.transferToFixedLength ??= function transferToFixedLength(this: ArrayBuffer, length = this.byteLength) {
  const copy = new ArrayBuffer(length);
  new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
  return copy;
};

/**
 * The QR codes printed on a PDF's pages, decoded: each embedded image is read back from the PDF
 * (as the document stores it, not as we meant to draw it) and handed to a QR decoder.
 */
export async function qrCodesIn(pdf: Buffer): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const found: string[] = [];
  for (let page = 1; page <= document.numPages; page += 1) {
    for (const image of await extractImages(document, page)) {
      const rgba = new Uint8ClampedArray(image.width * image.height * 4);
      for (let i = 0; i < image.width * image.height; i += 1) {
        for (let c = 0; c < 3; c += 1) {
          rgba[i * 4 + c] = image.data[i * image.channels + (image.channels === 1 ? 0 : c)]!;
        }
        rgba[i * 4 + 3] = 255;
      }
      found.push(decodeQR({ width: image.width, height: image.height, data: rgba }));
    }
  }
  return found;
}

/** The text of a PDF, white space collapsed. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
