import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { MAX_FILE_BYTES, MSG, PAYMENT_MSG } from '@pb/core';
import { AppError, badRequest } from './errors';
import { assertSafeInput } from './input-guard';

/**
 * Reading and checking multipart uploads. Types are decided by the file's
 * content (magic bytes), never by the client's name or MIME claim.
 */

/** 'statement': a bank statement (camt XML) that is read, never stored. */
export type UploadKind = 'image' | 'document' | 'statement';

export interface UploadedFile {
  buffer: Buffer;
  /** Client's file name, cleaned for display (never used as a storage name). */
  filename: string;
  /** Extension from the sniffed type: png, jpg, pdf, doc, docx. */
  ext: string;
  /** MIME type from the sniffed content. */
  mime: string;
  size: number;
}

export interface ReadUploadOptions {
  kind: UploadKind;
  /** At most this many files (image: usually 1, documents: MAX_CHAT_FILES). */
  maxFiles: number;
  /** Multipart field carrying the files; default 'files' (Strapi's name). */
  field?: string;
  /** At least one file required (default true). */
  required?: boolean;
}

export interface MultipartContent {
  files: UploadedFile[];
  /** Plain (non-file) fields, last value wins. */
  fields: Record<string, string>;
}

const MESSAGES: Record<UploadKind, { tooMany: string; wrongType: string }> = {
  image: { tooMany: MSG.imageOnlyOne, wrongType: MSG.imageWrongType },
  document: { tooMany: MSG.chatTooManyFiles, wrongType: MSG.chatWrongType },
  statement: { tooMany: PAYMENT_MSG.statementOneFile, wrongType: PAYMENT_MSG.statementNotXml },
};

/** The accepted file types and their MIME types (also the content type objects get in S3). */
export const UPLOAD_MIME_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xml: 'application/xml',
} as const;

/** Sniffs a buffer; returns the accepted type for the kind, or null. */
export async function sniffUpload(
  buffer: Buffer,
  kind: UploadKind,
  clientName = '',
): Promise<{ ext: keyof typeof UPLOAD_MIME_TYPES; mime: string } | null> {
  if (kind === 'statement') {
    // XML has no magic bytes: its first character (after a byte order mark) is '<'; the parser checks the rest.
    const start = buffer
      .subarray(0, 64)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    return start.startsWith('<') ? { ext: 'xml', mime: UPLOAD_MIME_TYPES.xml } : null;
  }
  const detected = await fileTypeFromBuffer(buffer);
  if (!detected) return null;
  if (kind === 'image') {
    if (detected.ext === 'png') return { ext: 'png', mime: UPLOAD_MIME_TYPES.png };
    if (detected.ext === 'jpg') return { ext: 'jpg', mime: UPLOAD_MIME_TYPES.jpg };
    return null;
  }
  if (detected.ext === 'pdf') return { ext: 'pdf', mime: UPLOAD_MIME_TYPES.pdf };
  if (detected.ext === 'docx') return { ext: 'docx', mime: UPLOAD_MIME_TYPES.docx };
  // An OLE compound file is also .xls/.msi/…: accept it only when named .doc.
  if (detected.ext === 'cfb' && /\.doc$/i.test(clientName)) return { ext: 'doc', mime: UPLOAD_MIME_TYPES.doc };
  return null;
}

/**
 * Keeps a display name: no path parts, no control characters, bounded length, and
 * ending with the sniffed type's extension (a PDF named "setup.exe" downloads as "setup.exe.pdf").
 */
export function cleanFileName(name: string, ext: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f"<>]/g, '')
    .trim()
    .slice(0, 200);
  if (!cleaned) return `datei.${ext}`;
  const accepted = ext === 'jpg' ? ['.jpg', '.jpeg'] : [`.${ext}`];
  const lower = cleaned.toLowerCase();
  return accepted.some((suffix) => lower.endsWith(suffix)) ? cleaned : `${cleaned}.${ext}`;
}

function isLimitError(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

/**
 * Reads a multipart request: every file in `field` is buffered (≤ MAX_FILE_BYTES),
 * counted and sniffed. Throws AppError 400 with the spec's German messages.
 */
export async function readMultipart(request: FastifyRequest, options: ReadUploadOptions): Promise<MultipartContent> {
  const field = options.field ?? 'files';
  const messages = MESSAGES[options.kind];
  if (!request.isMultipart()) throw badRequest(MSG.badRequest);

  const raw: Array<{ buffer: Buffer; filename: string }> = [];
  const fields: Record<string, string> = {};
  let failure: AppError | undefined;
  let count = 0;
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_FILE_BYTES, files: options.maxFiles + 1, fields: 20, fieldSize: 100_000, parts: 40 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (failure) {
        part.file.resume();
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        failure = badRequest(MSG.badRequest);
        continue;
      }
      count += 1;
      if (count > options.maxFiles) {
        part.file.resume();
        failure = badRequest(messages.tooMany);
        continue;
      }
      try {
        const buffer = await part.toBuffer();
        if (part.file.truncated) {
          failure = badRequest(MSG.fileTooLarge);
          continue;
        }
        raw.push({ buffer, filename: part.filename });
      } catch (error) {
        if (isLimitError(error, 'FST_REQ_FILE_TOO_LARGE')) {
          failure = badRequest(MSG.fileTooLarge);
          continue;
        }
        throw error;
      }
    }
  } catch (error) {
    if (failure) throw failure;
    if (isLimitError(error, 'FST_FILES_LIMIT')) throw badRequest(messages.tooMany);
    if (isLimitError(error, 'FST_REQ_FILE_TOO_LARGE')) throw badRequest(MSG.fileTooLarge);
    if (error instanceof AppError) throw error;
    // Other limits (parts, fields), protocol errors and malformed bodies are the client's fault.
    throw badRequest(MSG.badRequest);
  }
  if (failure) throw failure;
  assertSafeInput(fields);
  if (raw.length === 0 && options.required !== false) throw badRequest(MSG.badRequest);

  const files: UploadedFile[] = [];
  for (const item of raw) {
    if (item.buffer.length === 0) throw badRequest(messages.wrongType);
    if (item.buffer.length > MAX_FILE_BYTES) throw badRequest(MSG.fileTooLarge);
    const type = await sniffUpload(item.buffer, options.kind, item.filename);
    if (!type) throw badRequest(messages.wrongType);
    files.push({
      buffer: item.buffer,
      filename: cleanFileName(item.filename, type.ext),
      ext: type.ext,
      mime: type.mime,
      size: item.buffer.length,
    });
  }
  return { files, fields };
}

/** The files only; see readMultipart. */
export async function readUploadedFiles(request: FastifyRequest, options: ReadUploadOptions): Promise<UploadedFile[]> {
  return (await readMultipart(request, options)).files;
}

/**
 * Text fields and files of a body that is either JSON (fields at the top or, Strapi-style,
 * under `data`; no files) or multipart (fields beside the files, checked by content).
 */
export async function readFieldsAndFiles(
  request: FastifyRequest,
  options: ReadUploadOptions,
): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  if (request.isMultipart()) {
    const { fields, files } = await readMultipart(request, { ...options, required: options.required ?? false });
    return { fields, files };
  }
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest();
  const raw = body as Record<string, unknown>;
  const data = raw['data'];
  const fields =
    data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : raw;
  return { fields, files: [] };
}
