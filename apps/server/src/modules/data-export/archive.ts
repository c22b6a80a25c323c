import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { ExportContents } from './contents';

/**
 * Writes the export as a ZIP (yazl, streaming) to `file`, a new file readable by the server's
 * user only. Stored files are opened one at a time while the ZIP is written, so a large export
 * never sits in memory. Rejects when a file cannot be read or the disk cannot take the ZIP.
 */
export async function writeExportZip(
  contents: ExportContents,
  readme: string,
  file: string,
  mtime: Date,
): Promise<number> {
  const zip = new ZipFile();
  const failed = new Promise<never>((_resolve, reject) => {
    zip.on('error', (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))));
  });
  // A rejection nobody awaits yet (before the race below) must not crash the process.
  failed.catch(() => undefined);

  zip.addBuffer(Buffer.from(readme, 'utf8'), 'README.txt', { mtime });
  for (const { name, value } of contents.json) {
    zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8'), name, { mtime });
  }
  for (const entry of contents.files) {
    zip.addReadStreamLazy(entry.path, { mtime }, (callback) => {
      entry.open().then(
        (source) => {
          if (source === null) return callback(new Error(`stored file missing: ${entry.path}`), Readable.from([]));
          const stream = Buffer.isBuffer(source) ? Readable.from([source]) : source;
          // yazl pipes the source and would wait forever for a stream that failed.
          stream.once('error', (error) => zip.emit('error', error));
          callback(null, stream);
        },
        (error: unknown) => callback(error, Readable.from([])),
      );
    });
  }
  zip.end();

  const output = zip.outputStream as Readable;
  try {
    await Promise.race([pipeline(output, createWriteStream(file, { flags: 'wx', mode: 0o600 })), failed]);
  } catch (error) {
    output.destroy();
    throw error;
  }
  return (await stat(file)).size;
}
