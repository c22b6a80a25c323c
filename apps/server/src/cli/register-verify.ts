/**
 * npm run register:verify [-- --anchor <hash>]
 * Recomputes the introductions register's hash chain, checks every entry's MAC and the MACed
 * head under REGISTER_SECRET, and every fact of the state tables that decides money against
 * the entries. With --anchor, also proves that a head anchored earlier (the daily mail to the
 * office, a backup manifest) is still in the chain and the chain extends it unchanged.
 * Exit 0: intact (and the anchor proven); exit 1: the problems are listed.
 */
import { loadConfig } from '../config';
import { verifyRegister, type RegisterReport } from '../modules/introductions/register-verify';
import { runCli, withDatabase } from './run';

const SHOWN = 20;
const USAGE = 'npm run register:verify [-- --anchor <Hash aus der Anker-Mail oder dem Sicherungsmanifest>]';

/** The --anchor value, undefined without one, or null (after printing why) when the arguments are wrong. */
function anchorArgument(args: readonly string[]): string | undefined | null {
  if (args.length === 0) return undefined;
  const [flag, value] = args;
  if (args.length !== 2 || flag !== '--anchor' || value === undefined) {
    console.error(`Aufruf: ${USAGE}`);
    return null;
  }
  const hash = value.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hash)) {
    console.error(`Ungültiger Anker „${value}“: erwartet wird ein SHA-256-Hash aus 64 Hexadezimalzeichen.`);
    return null;
  }
  return hash;
}

function printProblems(report: RegisterReport): void {
  console.error(`Register beschädigt: ${report.problems.length} Problem(e) in ${report.entries} Einträgen.`);
  for (const p of report.problems.slice(0, SHOWN)) {
    const where = [
      p.entryId === null ? null : `Eintrag ${p.entryId}`,
      p.introductionId === null ? null : `Vorstellung Nr. ${p.introductionId}`,
    ]
      .filter(Boolean)
      .join(', ');
    console.error(`  ${where || 'Register'}: ${p.problem}`);
  }
  if (report.problems.length > SHOWN) console.error(`  … und ${report.problems.length - SHOWN} weitere`);
}

async function main(): Promise<number> {
  const anchor = anchorArgument(process.argv.slice(2));
  if (anchor === null) return 1;
  const config = loadConfig();
  const report = await withDatabase(config, (db) =>
    verifyRegister(db, config.registerSecret, anchor === undefined ? {} : { anchor }),
  );
  const anchorMissing = report.anchor !== null && report.anchor.entryId === null;
  if (anchorMissing) {
    console.error(
      `Anker nicht in der Kette: Kein Eintrag hat den Hash ${anchor}. Die Kette wurde seit dem Anker umgeschrieben oder am Ende gekürzt (oder der Hash ist falsch abgeschrieben).`,
    );
  }
  if (report.problems.length > 0) {
    printProblems(report);
    if (report.anchor && !anchorMissing) {
      console.error(`Anker nicht bestätigt: Die Kette nach Eintrag ${report.anchor.entryId} ist nicht unverändert.`);
    }
    return 1;
  }
  if (anchorMissing) return 1;
  const legacy =
    report.legacyEntries > 0 ? ` (davon ${report.legacyEntries} Alteinträge vor dem Registerschlüssel)` : '';
  console.log(
    `Register intakt: ${report.entries} Einträge${legacy}, ${report.introductions} Vorstellungen, Hash-Kette und MACs vollständig. Kopf: Eintrag ${report.head.entryId}, Hash ${report.head.hash}.`,
  );
  if (report.anchor) {
    console.log(
      `Anker bestätigt: Eintrag ${report.anchor.entryId} mit Hash ${report.anchor.hash} steht unverändert in der Kette; ${report.anchor.entriesAfter} Einträge folgen ihm.`,
    );
  }
  return 0;
}

runCli(main);
