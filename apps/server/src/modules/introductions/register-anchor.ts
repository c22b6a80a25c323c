import type { Db } from '../../db/client';
import { dailyInVienna, type ScheduledJob } from '../../services/scheduler';
import { enqueueMail, type OutgoingMail } from '../../services/mail-outbox';
import { GENESIS_HASH, headMac, macMatches, type RegisterHead } from './register-chain';
import { headOf, sealEmptyRegister, sealLegacyHead, storedHead, type LegacySeal } from './register';

/**
 * The register's head anchored outside the database (decision 0027): once a day the office is
 * mailed the head (hash, entry count, newest entry id, time, MAC). A database administrator can
 * rewrite the database, but not the mails already in the office's mailbox; `npm run
 * register:verify -- --anchor <hash>` proves later that the chain still extends that head.
 */

/** From 05:00 Vienna time: after the retention run (03:00), whose deletions are register entries. */
export const ANCHOR_HOUR = 5;

export interface RegisterAnchor extends RegisterHead {
  /** When the head was read (ISO 8601). */
  at: string;
  /** HMAC of the head under REGISTER_SECRET (register-chain.ts headMac). */
  mac: string;
  /** False when the stored head's MAC or its newest entry does not hold: the mail says so. */
  valid: boolean;
}

interface AnchorDeps {
  db: Db;
  registerSecret: string;
  officeEmail: string;
}

/** The stored head as it stands, checked against its MAC and the newest entry (no chain walk). */
export async function readRegisterAnchor(db: Db, key: string, now: Date): Promise<RegisterAnchor> {
  const { stored, last } = await storedHead(db);
  const head = stored ? headOf(stored) : { entryId: 0, hash: GENESIS_HASH, entries: 0, legacyEntries: 0 };
  const names = (last?.id ?? 0) === head.entryId && (last?.hash ?? GENESIS_HASH) === head.hash;
  const mac = headMac(key, head);
  const valid = names && (stored ? macMatches(mac, stored.mac) : last === null);
  return { ...head, at: now.toISOString(), mac, valid };
}

/** The office's daily anchor mail: plain values that can be copied into `--anchor`. */
export function registerAnchorMail(to: string, anchor: RegisterAnchor, sealed: number | null): OutgoingMail {
  const lines = [
    'Guten Tag,',
    '',
    'der heutige Stand des Vorstellungsregisters (Anker außerhalb der Datenbank; bitte diese Mail aufbewahren):',
    '',
    `Hash des Registerkopfs: ${anchor.hash}`,
    `Einträge:              ${anchor.entries}`,
    `Letzter Eintrag:       ${anchor.entryId}`,
    `Zeitpunkt:             ${anchor.at}`,
    `MAC (REGISTER_SECRET): ${anchor.mac}`,
    ...(anchor.legacyEntries > 0 ? [`Alteinträge ohne MAC:  ${anchor.legacyEntries} (vor dem Registerschlüssel)`] : []),
    '',
    'Prüfen, dass die Kette diesen Stand unverändert fortsetzt:',
    `  npm run register:verify -- --anchor ${anchor.hash}`,
  ];
  if (sealed !== null) {
    lines.push(
      '',
      `Hinweis: Das Register wurde heute versiegelt; ${sealed} Einträge aus der Zeit vor dem Registerschlüssel wurden so angenommen, wie sie jetzt sind. Das geschieht einmal nach dem Update – kommt diese Mail ein zweites Mal, bitte sofort prüfen.`,
    );
  }
  if (!anchor.valid) {
    lines.push(
      '',
      'ACHTUNG: Der gespeicherte Registerkopf fehlt oder passt nicht zu seinem MAC oder zum letzten Eintrag – das Register wurde außerhalb der Anwendung verändert (oder ist aus der Zeit vor dem Registerschlüssel und noch nicht versiegelt). Neue Einträge werden abgelehnt. Bitte `npm run register:verify` ausführen.',
    );
  }
  return {
    event: 'introduction.register-anchor',
    to,
    subject: anchor.valid
      ? `Registeranker ${anchor.at.slice(0, 10)}: ${anchor.entries} Einträge`
      : `ACHTUNG: Registerkopf ungültig (${anchor.at.slice(0, 10)})`,
    text: lines.join('\n'),
  };
}

/**
 * Queues the anchor mail to the office. It never seals: a register without a head (from before
 * the key, or with its head deleted) is mailed as invalid until the explicit seal.
 */
export async function anchorRegister(deps: AnchorDeps, now: Date): Promise<RegisterAnchor> {
  const anchor = await readRegisterAnchor(deps.db, deps.registerSecret, now);
  await deps.db.transaction((tx) => enqueueMail(tx, registerAnchorMail(deps.officeEmail, anchor, null)));
  return anchor;
}

/**
 * At server start: a new, empty register gets its head. A register with entries but without a
 * head is left alone (appends stay refused): from before the key it is sealed once, explicitly,
 * by sealLegacyRegister — sealing it here would also seal a forged one after each restart.
 */
export async function sealRegisterOnStart(deps: AnchorDeps, now: Date): ReturnType<typeof sealEmptyRegister> {
  return sealEmptyRegister(deps.db, deps.registerSecret, now);
}

/**
 * The one explicit seal of a register from before the key (`npm run register:verify --
 * --seal-legacy <Anzahl>`): written only for exactly the count register:verify gave before the
 * update; the office is told how many entries were accepted without a MAC (and gets an anchor).
 */
export async function sealLegacyRegister(deps: AnchorDeps, expectedEntries: number, now: Date): Promise<LegacySeal> {
  const seal = await sealLegacyHead(deps.db, deps.registerSecret, expectedEntries, now);
  if (seal.state === 'sealed') {
    const anchor = await readRegisterAnchor(deps.db, deps.registerSecret, now);
    await deps.db.transaction((tx) =>
      enqueueMail(tx, registerAnchorMail(deps.officeEmail, anchor, seal.legacyEntries)),
    );
  }
  return seal;
}

/** The daily anchor as scheduled work: one mail a day across all instances (services/scheduler). */
export function registerAnchorJob(deps: AnchorDeps): ScheduledJob {
  return {
    name: 'register-anchor',
    period: dailyInVienna(ANCHOR_HOUR),
    async run({ now }) {
      await anchorRegister(deps, now);
    },
  };
}
