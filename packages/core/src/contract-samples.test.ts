import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  authUserSchema,
  confirmationResentSchema,
  deletedIdSchema,
  emailObjectionResponseSchema,
  loginResponseSchema,
  okResponseSchema,
  ownUserSchema,
  profileImageFileSchema,
  registerResponseSchema,
} from './accounts';
import {
  chatConversationSchema,
  chatMessagePageSchema,
  chatMessageSchema,
  type ChatConversation,
  type ChatMessage,
} from './chat';
import { contactResultSchema } from './contact';
import { agencyCardSchema, organisationProfileSchema } from './organisation-profiles';
import { districtSchema } from './districts';
import { apiErrorSchema, collectionSchema, paginationSchema, singleSchema } from './http';
import {
  attachmentSchema,
  jobSchema,
  placementBonusRecordSchema,
  type Job,
  type JobAttachment,
  type PublicCompany,
} from './jobs';
import { healthLiveSchema, healthReadySchema, publicConfigSchema } from './system';

/**
 * The response schemas are the one definition of what leaves the server: each test parses a
 * realistic sample (advertisements, accounts, chat, system here; placements and the back office in
 * contract-samples-placements.test.ts; the inferred types in contract-types.test.ts).
 */

const company: PublicCompany = {
  id: 7,
  username: 'Huber Bau GmbH',
  email: 'office@huber-bau.at',
  description: 'Hoch- und Tiefbau im Bezirk Graz-Umgebung.',
};

const job: Job = {
  id: 42,
  jobTitle: 'Polier (m/w/d)',
  workingTime: 'Vollzeit',
  assignment: ['Leitung der Baustelle'],
  requirements: ['Abgeschlossene Lehre'],
  benefits: ['Firmenwagen'],
  jobInfo: ['Start ab sofort'],
  location: { street: 'Hauptplatz 1', postcode: '8010', city: 'Graz' },
  salary: '52.000 € brutto/Jahr',
  district: { id: 601, name: 'Graz(Stadt)' },
  users_permissions_user: company,
  organisation: { id: 3, name: 'Huber Bau GmbH' },
  createdAt: '2026-03-02T09:15:00.000Z',
  updatedAt: '2026-03-05T11:00:00.000Z',
  publishedAt: '2026-03-02T09:15:00.000Z',
  placementBonus: 15,
  currentPlacementBonus: 15,
  salaryFacts: { kvMinimumCents: 245_050, overpayment: true, yearlyPayments: 14 },
  requiredProfileFields: ['salaryExpectation', 'availableFrom'],
  companyResponseMinutes: 240,
};

const attachment: JobAttachment = {
  id: 3,
  name: 'Stellenprofil.pdf',
  ext: '.pdf',
  mime: 'application/pdf',
  size: 182_340,
  url: '/api/job-attachments/3',
};

const authUser = {
  id: 9,
  username: 'Anna Berger',
  email: 'anna.berger@example.at',
  role: { type: 'consultant', name: 'HR-Consultant' },
  confirmed: true,
  blocked: false,
  last_login: '2026-03-10T08:00:00.000Z',
  createdAt: '2025-11-20T14:30:00.000Z',
  organisation: {
    memberId: 9,
    organisationId: 4,
    organisationName: 'Personal Plus e.U.',
    kind: 'agency',
    role: 'consultant',
  },
} satisfies z.infer<typeof authUserSchema>;

const chatMessage: ChatMessage = {
  messageId: 120,
  chatId: 11,
  message: 'Guten Tag, ich hätte eine passende Kandidatin.',
  username: 'Anna Berger',
  userId: 9,
  timestamp: '2026-03-10T08:05:00.000Z',
  file_message: true,
  files: [{ id: 5, name: 'Lebenslauf.pdf', ext: '.pdf', mime: 'application/pdf', size: 90_000, url: '/api/files/5' }],
};

const conversation: ChatConversation = {
  id: 11,
  advertisement: {
    id: 42,
    jobTitle: 'Polier (m/w/d)',
    placementBonus: 15,
    location: { street: 'Hauptplatz 1', postcode: '8010', city: 'Graz' },
    salary: '52.000 € brutto/Jahr',
  },
  advertisementId: 42,
  counterpart: { id: 7, username: 'Huber Bau GmbH' },
  counterpartOrganisation: { id: 3, name: 'Huber Bau GmbH' },
  side: 'agency',
  chat_sender_p1: 9,
  chat_receiver_p2: 7,
  last_message_timestamp: '2026-03-10T08:05:00.000Z',
  unread_message_p1: false,
  unread_message_p2: true,
  unread: false,
};

/** Parses and expects the output to equal the input (nothing dropped, nothing added). */
function roundTrip(schema: z.ZodType, sample: unknown): void {
  expect(schema.parse(sample)).toEqual(sample);
}

describe('Contract schemas (realistic samples)', () => {
  it('When an advertisement is listed or shown, then it passes jobSchema in the envelopes', () => {
    roundTrip(collectionSchema(jobSchema), { data: [job], meta: { pagination: { start: 0, limit: 20, total: 1 } } });
    roundTrip(singleSchema(jobSchema), { data: { ...job, attachments: [attachment] }, meta: {} });
    roundTrip(jobSchema, { ...job, district: null, users_permissions_user: null, publishedAt: null });
    roundTrip(collectionSchema(placementBonusRecordSchema), {
      data: [{ id: 1, bonus: 15, advertisement: 42, createdAt: '2026-03-02T09:15:00.000Z' }],
      meta: { pagination: { start: 0, limit: 25 } },
    });
    roundTrip(attachmentSchema, attachment);
  });

  it('When an account answers, then login, register, own user and public profile parse', () => {
    roundTrip(loginResponseSchema, { jwt: 'eyJhbGciOiJIUzI1NiJ9.e30.sig', user: authUser });
    roundTrip(registerResponseSchema, { user: { ...authUser, confirmed: false, last_login: null } });
    roundTrip(ownUserSchema, {
      ...authUser,
      pendingEmail: { email: 'anna@neu.example.at', expiresAt: '2026-03-11T08:00:00.000Z' },
    });
    roundTrip(ownUserSchema, { ...authUser, pendingEmail: null });
    roundTrip(agencyCardSchema, {
      id: 4,
      name: 'Personal Plus e.U.',
      contactEmail: 'office@personalplus.example.at',
      description: 'Personalberatung für Bau und Technik.',
      logo: null,
      services: ['Executive Search'],
    });
    roundTrip(organisationProfileSchema, {
      id: 4,
      kind: 'agency',
      name: 'Personal Plus e.U.',
      description: 'Personalberatung für Bau und Technik.',
      services: ['Executive Search'],
      contactEmail: null,
      logo: '/api/profile-images/4?sig=abc',
      logoId: 4,
      public: true,
      publicDirectoryConsentAt: '2026-11-27T08:00:00.000Z',
      trackRecordPublic: true,
      editable: false,
    });
    roundTrip(confirmationResentSchema, { email: 'anna.berger@example.at', sent: true });
    roundTrip(okResponseSchema, { ok: true });
    roundTrip(deletedIdSchema, { id: 9 });
    roundTrip(profileImageFileSchema, {
      id: 4,
      url: '/api/profile-images/4?sig=abc',
      name: 'portrait.png',
      ext: '.png',
      mime: 'image/png',
      size: 40_000,
    });
    roundTrip(emailObjectionResponseSchema, { status: 'reverted', message: 'Ihre bisherige E-Mail-Adresse …' });
  });

  it('When the own user lacks pendingEmail, then ownUserSchema refuses it; authUserSchema drops it', () => {
    expect(ownUserSchema.safeParse(authUser).success).toBe(false);
    const withPending = { ...authUser, pendingEmail: null };
    expect(authUserSchema.parse(withPending)).toEqual(authUser);
  });

  it('When a directory card carries more than its fields, then agencyCardSchema refuses it (strict)', () => {
    expect(
      agencyCardSchema.safeParse({
        ...authUser,
        name: 'x',
        contactEmail: null,
        description: null,
        logo: null,
        services: [],
      }).success,
    ).toBe(false);
  });

  it('When the chat answers, then conversations, messages and a message page parse', () => {
    roundTrip(collectionSchema(chatConversationSchema), {
      data: [conversation, { ...conversation, id: 12, advertisement: null, counterpart: null, chat_sender_p1: null }],
      meta: { pagination: { start: 0, limit: 50, total: 2 } },
    });
    roundTrip(singleSchema(chatMessageSchema), { data: chatMessage, meta: {} });
    roundTrip(chatMessagePageSchema, { data: [chatMessage], meta: { limit: 50, hasMore: false } });
  });

  it('When districts, the contact form, errors and system endpoints answer, then they parse', () => {
    roundTrip(collectionSchema(districtSchema), {
      data: [{ id: 601, name: 'Graz(Stadt)', state: 'Steiermark' }],
      meta: { pagination: { start: 0, limit: 500, total: 1 } },
    });
    roundTrip(singleSchema(contactResultSchema), {
      data: { id: 2, message: 'Vielen Dank für Ihre Nachricht.' },
      meta: {},
    });
    roundTrip(apiErrorSchema, {
      data: null,
      error: { status: 400, name: 'BadRequestError', message: 'Ungültige Anfrage.', details: {} },
    });
    roundTrip(paginationSchema, { start: 0, limit: 20 });
    roundTrip(healthReadySchema, {
      status: 'ok',
      database: { status: 'up', driver: 'pglite' },
      storage: { status: 'up', kind: 'disk' },
      redis: { status: 'off' },
    });
    roundTrip(healthReadySchema, {
      status: 'degraded',
      database: { status: 'down', driver: 'postgres' },
      storage: { status: 'up', kind: 's3' },
      redis: { status: 'down' },
    });
    roundTrip(healthLiveSchema, { status: 'ok' });
    roundTrip(publicConfigSchema, {
      publicUrl: 'https://praemienboerse.at',
      introVideoUrl: null,
      officeEmail: 'office@example.at',
      imprint: {
        company: 'Prämienbörse GmbH',
        address: 'Hauptplatz 1, 8010 Graz',
        email: 'office@example.at',
        phone: '+43 316 000000',
        register: 'FN 000000a',
        vatId: 'ATU00000000',
        ceo: 'Maria Muster',
        chamber: 'WKO Steiermark',
        authority: 'Magistrat Graz',
        trade: 'Personalberatung',
      },
    });
  });
});
