/**
 * npm run register:verify [-- --anchor <hash> | --seal-legacy <count>]
 * Recomputes the introductions register's hash chain, checks every entry's MAC and the MACed
 * head under REGISTER_SECRET, and every fact of the state tables that decides money against
 * the entries. With --anchor, also proves that a head anchored earlier (the daily mail to the
 * office, a backup manifest) is still in the chain and the chain extends it unchanged.
 * With --seal-legacy, once after the update to the register key (migration 0026): seals the
 * entries from before the key, only for exactly the count register:verify gave before the update.
 * Exit 0: intact (and the anchor proven, or sealed); exit 1: the problems are listed.
 */
import { loadConfig } from '../config';
import { sealLegacyRegister } from '../modules/introductions/register-anchor';
import type { LegacySeal } from '../modules/introductions/register';
import { UNSEALED_PROBLEM, verifyRegister, type RegisterReport } from '../modules/introductions/register-verify';
import { runCli, withDatabase } from './run';

const SHOWN = 20;
const USAGE =
  'npm run register:verify [-- --anchor <Hash aus der Anker-Mail oder dem Sicherungsmanifest> | --seal-legacy <Anzahl der Einträge laut register:verify vor dem Update>]';

type Arguments = { anchor?: string; sealLegacy?: number };

/** The options, or null (after printing why) when the arguments are wrong. */
function parseArguments(args: readonly string[]): Arguments | null {
  if (args.length === 0) return {};
  const [flag, value] = args;
  if (args.length !== 2 || value === undefined || (flag !== '--anchor' && flag !== '--seal-legacy')) {
    console.error(`Aufruf: ${USAGE}`);
    return null;
  }
  if (flag === '--seal-legacy') {
    if (!/^\d+$/.test(value.trim())) {
      console.error(
        `Ungültige Anzahl „${value}“: erwartet wird die Zahl der Einträge, die register:verify vor dem Update nannte.`,
      );
      return null;
    }
    return { sealLegacy: Number(value.trim()) };
  }
  const hash = value.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hash)) {
    console.error(`Ungültiger Anker „${value}“: erwartet wird ein SHA-256-Hash aus 64 Hexadezimalzeichen.`);
    return null;
  }
  return { anchor: hash };
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

/** What the operator reads after --seal-legacy; true when sealed. */
function printSeal(seal: LegacySeal, expected: number): boolean {
  if (seal.state === 'sealed') {
    console.log(
      `Register versiegelt: ${seal.legacyEntries} Einträge aus der Zeit vor dem Registerschlüssel ohne MAC angenommen. Die Geschäftsstelle erhält die Anker-Mail mit dem Hinweis; eine zweite solche Mail bedeutet eine Manipulation.`,
    );
    return true;
  }
  const why = {
    head: 'Das Register hat bereits einen Registerkopf: es wurde schon versiegelt, ein zweites Mal gibt es nicht.',
    keyed:
      'Es gibt Einträge mit MAC: das Register stammt nicht aus der Zeit vor dem Registerschlüssel, sein Kopf wurde gelöscht.',
    count: `Das Register hat ${seal.entries} Einträge, angegeben wurden ${expected}. Seit register:verify vor dem Update kamen Einträge hinzu oder wurden entfernt – zuerst klären (Entscheidung 0027, „When verify fails“).`,
  }[seal.reason];
  console.error(`Nicht versiegelt: ${why}`);
  return false;
}

async function main(): Promise<number> {
  const args = parseArguments(process.argv.slice(2));
  if (args === null) return 1;
  const config = loadConfig();
  const { anchor, sealLegacy } = args;
  const report = await withDatabase(config, async (db) => {
    const verified = await verifyRegister(db, config.registerSecret, anchor === undefined ? {} : { anchor });
    // Sealed only a register whose sole problem is the missing seal: chain, facts and count hold.
    const sealable = verified.problems.every((p) => p.problem === UNSEALED_PROBLEM);
    if (sealLegacy === undefined || !sealable) return { verified, sealed: null };
    const deps = { db, registerSecret: config.registerSecret, officeEmail: config.officeEmail };
    return { verified, sealed: printSeal(await sealLegacyRegister(deps, sealLegacy, new Date()), sealLegacy) };
  });
  if (report.sealed !== null) return report.sealed ? 0 : 1;
  const code = printReport(report.verified, anchor);
  if (sealLegacy !== undefined) console.error('Nicht versiegelt: das Register hat weitere Probleme (oben).');
  return code;
}

/** The verification's outcome as the operator reads it; the exit code. */
function printReport(report: RegisterReport, anchor: string | undefined): number {
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
