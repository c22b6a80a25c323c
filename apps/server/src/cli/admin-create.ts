/**
 * npm run admin:create -- <email>
 * Creates an admin, or promotes/resets the account with that address (confirmed,
 * unblocked, sessions ended). The password is read from stdin when piped
 * (`echo "…" | npm run admin:create -- a@b.at`), otherwise generated and printed once.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { prepareDatabase } from '../db/setup';
import { AdminAccountError, ensureAdmin } from '../modules/admin/admin-account';

async function readStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  return text.length > 0 ? text : undefined;
}

async function main(): Promise<number> {
  const email = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!email) {
    console.error('Aufruf: npm run admin:create -- <email>   (Passwort optional über stdin)');
    return 2;
  }
  const config = loadConfig();
  const password = await readStdin();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(database);
    const result = await ensureAdmin(database.db, { email, password, mode: 'upsert' });
    const what = { created: 'angelegt', promoted: 'zum Admin gemacht', updated: 'aktualisiert', exists: 'unverändert' }[
      result.outcome
    ];
    console.log(`Admin ${email} ${what} (ID ${result.userId}).`);
    if (result.generatedPassword) {
      console.log(`Passwort (wird nur jetzt angezeigt): ${result.generatedPassword}`);
    }
    return 0;
  } catch (err) {
    if (err instanceof AdminAccountError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
