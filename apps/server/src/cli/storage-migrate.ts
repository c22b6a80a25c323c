/**
 * npm run storage:migrate [-- --dry-run]
 * Copies every file of the disk store (DATA_DIR/uploads) into the configured S3 bucket under
 * the same key, so the database rows keep pointing at them. Idempotent: a file already in
 * the bucket with the same size is skipped, so the command can be repeated (after an
 * interruption, or once more right before switching the servers to S3). Needs no database
 * and may run while the servers still serve from disk.
 */
import { buffer } from 'node:stream/consumers';
import { fileSizeText } from '@pb/core';
import { loadConfig } from '../config';
import { LocalFileStorage } from '../lib/storage-disk';
import { S3FileStorage } from '../lib/storage-s3';
import { runCli } from './run';

async function main(): Promise<number> {
  const dryRun = process.argv.includes('--dry-run');
  const config = loadConfig();
  if (config.storage.kind !== 's3') {
    console.error(
      'S3 ist nicht konfiguriert: Bitte setzen Sie S3_BUCKET, S3_ACCESS_KEY_ID und S3_SECRET_ACCESS_KEY (und S3_ENDPOINT für einen S3-kompatiblen Dienst).',
    );
    return 1;
  }
  const source = new LocalFileStorage(config.uploadDir);
  const target = new S3FileStorage(config.storage);
  try {
    await target.check();
    let copied = 0;
    let skipped = 0;
    let bytes = 0;
    for await (const entry of source.list()) {
      const existing = await target.stat(entry.key);
      if (existing && existing.size === entry.size) {
        skipped += 1;
        continue;
      }
      if (!dryRun) {
        const opened = await source.open(entry.key);
        // Deleted since it was listed: nothing to copy.
        if (!opened) continue;
        await target.putAt(entry.key, await buffer(opened.stream));
      }
      copied += 1;
      bytes += entry.size;
    }
    const verb = dryRun ? 'würden kopiert' : 'kopiert';
    console.log(
      `${copied} Dateien ${verb} (${fileSizeText(bytes)}), ${skipped} bereits im Bucket „${config.storage.bucket}“.`,
    );
    return 0;
  } finally {
    target.close();
  }
}

runCli(main);
