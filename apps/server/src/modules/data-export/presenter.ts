import type { DataExportState, DataExportStatus, PendingEmailChange } from '@pb/core';
import type { dataExports } from '../../db/schema';
import type { PresentableUser, sessionHistoryOf, secondFactorsOf } from '../accounts';

export type DataExportRow = typeof dataExports.$inferSelect;

/** The role as a German reader knows it (the API's role names are the original client's English ones). */
const ROLE_LABELS = {
  company: 'Unternehmen',
  consultant: 'Personalberater',
  admin: 'Betreiber (Administrator)',
} as const;

/** konto.json: the account's own data with German keys (never the password hash or a token). */
export function presentAccountForExport(user: PresentableUser, pending: PendingEmailChange | null) {
  return {
    kontonummer: user.id,
    name: user.username,
    eMail: user.email,
    rolle: ROLE_LABELS[user.role],
    eMailBestaetigt: user.confirmed,
    gesperrt: user.blocked,
    registriertAm: user.createdAt.toISOString(),
    // The registration form requires both (privacyAccepted); the account's creation is that moment.
    zustimmungAgbUndDatenschutzAm: user.createdAt.toISOString(),
    letzteAnmeldung: user.lastLogin?.toISOString() ?? null,
    offeneEMailAenderung: pending ? { neueEMail: pending.email, linkGueltigBis: pending.expiresAt } : null,
  };
}

type SessionRow = Awaited<ReturnType<typeof sessionHistoryOf>>[number];
type SecondFactors = Awaited<ReturnType<typeof secondFactorsOf>>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * sicherheit.json: the account's sign-ins (device, network, times; never a token, a session id
 * or a device key) and its second factors (whether, since when, passkey names; never a secret,
 * a recovery code or a key).
 */
export function presentSecurityForExport(sessions: SessionRow[], factors: SecondFactors) {
  return {
    sitzungen: sessions.map((s) => ({
      geraet: s.device,
      netz: s.place,
      angemeldetAm: s.createdAt.toISOString(),
      zuletztAktivAm: s.lastUsedAt.toISOString(),
      gueltigBis: s.expiresAt.toISOString(),
      beendetAm: iso(s.revokedAt),
      zweiterFaktorBestaetigt: s.secondFactor !== null,
    })),
    zweiFaktor: {
      authenticatorApp: { aktiv: factors.totpEnabledAt !== null, seit: iso(factors.totpEnabledAt) },
      wiederherstellungscodesUebrig: factors.recoveryCodesLeft,
      passkeys: factors.passkeys.map((p) => ({
        name: p.name,
        hinzugefuegtAm: p.createdAt,
        zuletztVerwendetAm: p.lastUsedAt,
      })),
    },
  };
}

/** The state the profile shows: a ready export whose link ran out counts as 'abgelaufen'. */
export function exportState(row: DataExportRow, now: Date): DataExportState {
  switch (row.status) {
    case 'pending':
      return 'in_arbeit';
    case 'ready':
      return row.expiresAt !== null && row.expiresAt <= now ? 'abgelaufen' : 'bereit';
    case 'downloaded':
      return 'heruntergeladen';
    case 'expired':
      return 'abgelaufen';
    case 'failed':
      return 'fehlgeschlagen';
  }
}

export function presentDataExport(row: DataExportRow, now: Date, canRequest: boolean): DataExportStatus {
  return {
    id: row.id,
    state: exportState(row, now),
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadedAt: row.downloadedAt?.toISOString() ?? null,
    size: row.size,
    canRequest,
  };
}
