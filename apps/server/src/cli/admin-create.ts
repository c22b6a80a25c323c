/**
 * npm run admin:create -- <email>
 * Creates an admin, or promotes/resets the account with that address (confirmed,
 * unblocked, sessions ended). The password is the first line of stdin when piped
 * (`echo "…" | npm run admin:create -- a@b.at`), otherwise generated and printed once.
 * With the embedded database the server must be stopped first (lib/data-dir-lock).
 */
import { loadConfig } from '../config';
import { AdminAccountError, ensureAdmin } from '../modules/admin/admin-account';
import { runCli, withDatabase } from './run';

/** The first line of piped input (`printf 'pw\npw\n' | …` gives "pw"), without its line break. */
async function readStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const [firstLine = ''] = Buffer.concat(chunks)
    .toString('utf8')
    .split(/\r?\n|\r/, 1);
  return firstLine.length > 0 ? firstLine : undefined;
}

async function main(): Promise<number> {
  const email = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!email) {
    console.error('Aufruf: npm run admin:create -- <email>   (Passwort optional über stdin)');
    return 2;
  }
  const config = loadConfig();
  const password = await readStdin();
  try {
    const result = await withDatabase(config, (db) => ensureAdmin(db, { email, password, mode: 'upsert' }));
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
  }
}

runCli(main);
