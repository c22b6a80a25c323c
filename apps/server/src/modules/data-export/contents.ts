import type { Readable } from 'node:stream';
import { ROLE_NAMES } from '@pb/core';
import type { Db } from '../../db/client';
import type { CurrentUser } from '../../services/auth';
import type { FileStorage } from '../../lib/storage';
import { findPendingEmailChange, findUserById, imagesUploadedBy, sessionHistoryOf, secondFactorsOf } from '../accounts';
import { auditEntriesAbout, type AuditEntryAboutUser } from '../../services/audit';
import { listNotifications, NOTIFICATION_LIST_LIMIT, settingsOf } from '../../services/notifications/centre';
import { listSavedSearches, watchedJobIds } from '../alerts';
import { claimDocumentForDownload, invoicePdf, personalPlacements } from '../billing';
import { assignedChatFile, listAssignedConversations, listMessages } from '../chat';
import { listHandledIntroductions } from '../introductions';
import { ratingsWrittenBy } from '../ratings';
import {
  advertisementsOfOwner,
  attachmentForDownload,
  bonusHistory,
  listAttachments,
  ownedBy,
  presentJob,
} from '../jobs';
import { presentAccountForExport, presentSecurityForExport } from './presenter';

/**
 * What a data export holds, read through the modules' own queries and presenters: exactly what
 * the account sees in the product (the counterpart's name in a conversation, the candidate data
 * a company legitimately received or a consultant entered), never more — no password hash, no
 * tokens, no fingerprints, no other consultant's identity, no admin's name.
 */

/** A file of the ZIP besides the JSON, opened only when the ZIP is written (one at a time). */
export interface ExportFile {
  path: string;
  open(): Promise<Readable | Buffer | null>;
}

export interface ExportContents {
  /** File name (German) → JSON value, in the order of the README. */
  json: Array<{ name: string; value: unknown }>;
  files: ExportFile[];
}

interface Collector {
  db: Db;
  storage: FileStorage;
  me: CurrentUser;
  now: Date;
  files: ExportFile[];
}

const PAGE = 100;

/** A stored file's name as a safe path segment inside the ZIP. */
export function zipSegment(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^\.+/, '_')
    .trim();
  return (cleaned || 'datei').slice(0, 120);
}

/**
 * Adds a stored file to the ZIP under `path` and returns the path (what the JSON names); a file
 * no longer in the store (removed by the retention run) is left out and named by nothing.
 */
async function addStored(c: Collector, path: string, storageKey: string): Promise<string[]> {
  if (!(await c.storage.stat(storageKey))) return [];
  c.files.push({ path, open: async () => (await c.storage.open(storageKey))?.stream ?? null });
  return [path];
}

/** Everything about the account `userId`, or null when the account no longer exists. */
export async function collectAccountData(
  db: Db,
  storage: FileStorage,
  userId: number,
  now: Date,
): Promise<ExportContents | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const me: CurrentUser = {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    roleName: ROLE_NAMES[user.role],
    tokenVersion: user.tokenVersion,
    organisation: null,
  };
  const c: Collector = { db, storage, me, now, files: [] };
  const json: ExportContents['json'] = [];

  json.push({
    name: 'konto.json',
    value: presentAccountForExport(user, await findPendingEmailChange(db, userId, now)),
  });
  // The public profile is the organisation's (migration 0040); what is the person's are the images they uploaded.
  const images = [];
  for (const image of await imagesUploadedBy(db, userId)) {
    const path = `dateien/bilder/${image.id}-${zipSegment(image.originalName)}`;
    images.push({
      datei: (await addStored(c, path, image.storageKey))[0] ?? null,
      hochgeladenAm: image.createdAt.toISOString(),
      logoVon: image.logoOf,
    });
  }
  json.push({ name: 'bilder.json', value: images });
  json.push({
    name: 'sicherheit.json',
    value: presentSecurityForExport(await sessionHistoryOf(db, userId), await secondFactorsOf(db, userId)),
  });
  if (user.role === 'company') json.push({ name: 'inserate.json', value: await advertisements(c) });
  json.push({ name: 'nachrichten.json', value: await conversations(c) });
  if (user.role !== 'admin') {
    json.push({ name: 'vorstellungen.json', value: await introductionsOf(c) });
    json.push({ name: 'vermittlungen-und-rechnungen.json', value: await money(c) });
    json.push({ name: 'bewertungen.json', value: await ratingsWrittenBy(db, userId) });
  }
  json.push({ name: 'benachrichtigungen.json', value: await notificationsOf(c) });
  if (user.role === 'consultant') {
    json.push({
      name: 'suchauftraege.json',
      value: { gespeicherteSuchen: await listSavedSearches(db, me), gemerkteInserate: await watchedJobIds(db, me) },
    });
  }
  json.push({ name: 'protokoll.json', value: { eintraege: ownAuditEntries(await auditEntriesAbout(db, userId), me) } });
  return { json, files: c.files };
}

/**
 * The audit entries of the export. An admin's own actions are mostly about other persons'
 * accounts and data: those entries keep what was done and when, but not the before/after of
 * someone else's data (the export is the account's own data, Art. 15). Only entries about the
 * account itself carry them. A company's or consultant's entries are about its own things.
 */
function ownAuditEntries(entries: AuditEntryAboutUser[], me: CurrentUser) {
  if (me.role !== 'admin') return entries;
  return entries.map((entry) => {
    if (entry.entity === 'user' && entry.entityId === String(me.id)) return entry;
    const { before: _before, after: _after, ...rest } = entry;
    return rest;
  });
}

/** A company's advertisements (published or not) with their bonus history and documents. */
async function advertisements(c: Collector) {
  const result = [];
  for (const row of await advertisementsOfOwner(c.db, c.me.id)) {
    const history = await bonusHistory(c.db, row.id, { where: undefined, orderBy: [], limit: 10_000, start: 0 });
    const documents: string[] = [];
    for (const attachment of await listAttachments(c.db, row.id)) {
      const stored = await attachmentForDownload(c.db, ownedBy(c.me.id), attachment.id);
      if (!stored) continue;
      const path = `dateien/inserate/${row.id}/${attachment.id}-${zipSegment(attachment.name)}`;
      documents.push(...(await addStored(c, path, stored.storageKey)));
    }
    result.push({
      inserat: presentJob(row),
      praemienverlauf: history.rows.map((b) => ({ praemieProzent: b.bonus, seit: b.createdAt.toISOString() })),
      dokumente: documents,
    });
  }
  return { inserate: result };
}

/** The account's conversations with every message; files sent or received are in the ZIP. */
async function conversations(c: Collector) {
  const result = [];
  for (let start = 0; ; start += PAGE) {
    const page = await listAssignedConversations(c.db, c.me.id, { where: undefined, orderBy: [], start, limit: PAGE });
    for (const conversation of page.data) {
      const messages = [];
      let before: number | undefined;
      for (;;) {
        // The account is a party of its own conversations: it sees the CVs sent in them, on the
        // company's side once the candidate agreed (issue 35).
        const introductionCvs = conversation.side === 'agency' ? 'all' : 'released';
        const older = await listMessages(c.db, conversation.id, { before, limit: PAGE, introductionCvs });
        messages.unshift(...older.data);
        if (!older.hasMore || older.data.length === 0) break;
        before = older.data[0]!.messageId;
      }
      const withFiles = [];
      for (const message of messages) {
        const paths: string[] = [];
        for (const file of message.files) {
          const upload = await assignedChatFile(c.db, c.me.id, file.id);
          if (!upload) continue;
          const path = `dateien/nachrichten/${conversation.id}/${file.id}-${zipSegment(file.name)}`;
          paths.push(...(await addStored(c, path, upload.storageKey)));
        }
        withFiles.push({ ...message, dateienImZip: paths });
      }
      result.push({ gespraech: conversation, nachrichten: withFiles });
    }
    if (start + PAGE >= page.total) break;
  }
  return { gespraeche: result };
}

/** Introductions the person handles for their agency or company, as their side sees them in the product. */
async function introductionsOf(c: Collector) {
  const result = [];
  for (let start = 0; ; start += PAGE) {
    const page = await listHandledIntroductions(c.db, c.me.id, { start, limit: PAGE }, c.now);
    result.push(...page.data);
    if (start + PAGE >= page.total) break;
  }
  return { vorstellungen: result };
}

/** Placement reports, guarantee claims (with the company's documents) and invoices (with their PDFs). */
async function money(c: Collector) {
  const overview = await personalPlacements(c.db, c.me, c.now);
  const claimDocuments: Record<number, string[]> = {};
  for (const placement of overview.placements) {
    for (const document of placement.claim?.documents ?? []) {
      const upload = await claimDocumentForDownload(c.db, c.me, document.id);
      if (!upload) continue;
      const path = `dateien/garantiefaelle/${placement.claim!.id}/${document.id}-${zipSegment(document.name)}`;
      (claimDocuments[placement.claim!.id] ??= []).push(...(await addStored(c, path, upload.storageKey)));
    }
  }
  const invoicePdfs: Record<string, string> = {};
  for (const invoice of overview.invoices) {
    // Only invoices of the person's own placements are listed; a removed member's too.
    const stored = await invoicePdf(c.db, invoice.id);
    if (!stored) continue;
    const path = `rechnungen/${zipSegment(stored.number)}.pdf`;
    c.files.push({ path, open: () => Promise.resolve(stored.pdf) });
    invoicePdfs[invoice.number] = path;
  }
  return {
    vermittlungen: overview.placements,
    garantiefallDokumente: claimDocuments,
    rechnungen: overview.invoices,
    rechnungsPdfs: invoicePdfs,
    jahre: overview.years,
    offenerBetragCent: overview.openCents,
  };
}

async function notificationsOf(c: Collector) {
  const items = [];
  let before: number | undefined;
  for (;;) {
    const page = await listNotifications(c.db, c.me.id, before);
    items.push(...page.items);
    if (page.items.length < NOTIFICATION_LIST_LIMIT) break;
    before = page.items[page.items.length - 1]!.id;
  }
  return { einstellungen: await settingsOf(c.db, c.me.id), benachrichtigungen: items };
}
