import type { Job } from './types';

/** Advertisement API shapes beyond `Job` (attachments, placement reports). */

export interface JobAttachment {
  id: number;
  name: string;
  ext: string;
  mime: string;
  size: number;
  /** Authorised download: GET /api/job-attachments/:id (Bearer token). */
  url: string;
}

/** GET /api/jobs/:id also carries the uploaded documents. */
export interface JobWithAttachments extends Job {
  attachments: JobAttachment[];
}

export interface PlacementReportResult {
  id: number;
  placementFee: number;
  serviceFee: number;
}

/** At most this many documents per advertisement (several per upload, MAX_CHAT_FILES at once). */
export const MAX_JOB_ATTACHMENTS = 10;

export const JOB_MSG = {
  unknownDistrict: 'Bitte wählen Sie einen gültigen Bezirk aus.',
  notOwner: 'Nur das inserierende Unternehmen kann dieses Inserat bearbeiten.',
  inactive: 'Dieses Inserat ist nicht mehr aktiv.',
  reportOwnOnly: 'Sie können nur für Ihre eigenen Inserate eine Stellenbesetzung melden.',
  tooManyAttachments: 'Pro Inserat sind höchstens 10 Dokumente möglich.',
  advertisementRequired: 'Bitte geben Sie ein Inserat an.',
  reportSent: 'Vielen Dank! Die Stellenbesetzung wurde gemeldet.',
  salaryOutOfRange: 'Bitte geben Sie ein Jahresgehalt zwischen 0 und 10.000.000 € an.',
} as const;
