/**
 * npm run register:verify
 * Recomputes the introductions register's hash chain and checks every introduction against
 * its entries. Exit 0: intact; exit 1: the first problems are listed (an edit in SQL, a
 * deleted or reordered entry, a changed bonus …).
 */
import { loadConfig } from '../config';
import { verifyRegister } from '../modules/introductions/register';
import { runCli, withDatabase } from './run';

const SHOWN = 20;

async function main(): Promise<number> {
  const report = await withDatabase(loadConfig(), (db) => verifyRegister(db));
  if (report.problems.length === 0) {
    console.log(
      `Register intakt: ${report.entries} Einträge, ${report.introductions} Vorstellungen, Hash-Kette vollständig.`,
    );
    return 0;
  }
  console.error(`Register beschädigt: ${report.problems.length} Problem(e) in ${report.entries} Einträgen.`);
  for (const p of report.problems.slice(0, SHOWN)) {
    const where = [
      p.entryId === null ? null : `Eintrag ${p.entryId}`,
      p.introductionId === null ? null : `Vorstellung Nr. ${p.introductionId}`,
    ]
      .filter(Boolean)
      .join(', ');
    console.error(`  ${where}: ${p.problem}`);
  }
  if (report.problems.length > SHOWN) console.error(`  … und ${report.problems.length - SHOWN} weitere`);
  return 1;
}

runCli(main);
