import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers';
import type { Database } from './client';
import { migrate } from './migrate';

/**
 * Migration 0040 (issue 31): the public profile moves from the person to the organisation the
 * person founded. An agency takes description, services, image, listing and consent; a company its
 * description (its image was never shown: row gone, file noted for the sweep); a founder who left
 * hands nothing over; the person keeps only name and address. On PGlite and PostgreSQL.
 */

describe('migration 0040: the public profile is the organisation’s', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await migrate(database, () => {}, { before: '0040_organisation_profiles.sql' });
    await database.execScript(`
      INSERT INTO uploads (id, owner_id, purpose, storage_key, original_name, ext, mime, size)
      VALUES (901, NULL, 'profile_image', 'a/agency.png', 'agency.png', 'png', 'image/png', 10),
             (902, NULL, 'profile_image', 'a/company.png', 'company.png', 'png', 'image/png', 10),
             (903, NULL, 'profile_image', 'a/gone.png', 'gone.png', 'png', 'image/png', 10);
      INSERT INTO users (id, username, email, password_hash, role, confirmed, description, services, public,
                         public_directory_consent_at, profile_img_id)
      VALUES (801, 'Talente Huber', 'huber@example.test', 'x', 'consultant', true, 'Technik', '["IT", "Bau"]',
              true, timestamptz '2026-10-01 08:00:00+00', 901),
             (802, 'Bau Gruber', 'gruber@example.test', 'x', 'company', true, 'Hochbau', '[]', true, NULL, 902),
             (803, 'Stille Agentur', 'still@example.test', 'x', 'consultant', true, NULL, '[]', false, NULL, NULL),
             (804, 'Grete Gegangen', 'grete@privat.example.test', 'x', 'consultant', true, 'Privat', '["X"]',
              true, NULL, 903),
             (805, 'Nachfolger', 'nachfolger@example.test', 'x', 'consultant', true, NULL, '[]', false, NULL, NULL);
      UPDATE uploads SET owner_id = 801 WHERE id = 901;
      UPDATE uploads SET owner_id = 802 WHERE id = 902;
      UPDATE uploads SET owner_id = 804 WHERE id = 903;
      INSERT INTO organisations (kind, name, created_by)
      VALUES ('agency', 'Talente Huber', 801), ('company', 'Bau Gruber', 802), ('agency', 'Stille Agentur', 803),
             ('agency', 'Übergebene Agentur', 804);
      INSERT INTO organisation_members (organisation_id, user_id, role, left_at)
      SELECT o.id, o.created_by, 'administrator', CASE WHEN o.created_by = 804 THEN now() END FROM organisations o;
      -- The founder of the last one left; a successor runs it.
      INSERT INTO organisation_members (organisation_id, user_id, role)
      SELECT id, 805, 'administrator' FROM organisations WHERE created_by = 804;
    `);
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('When it runs, then each organisation has its founder’s profile and the person none', async () => {
    const rows = await database.query<Record<string, unknown>>(
      `SELECT name, description, services, logo_upload_id, public, public_directory_consent_at, contact_email
         FROM organisations ORDER BY name`,
      [],
    );
    expect(rows).toEqual([
      {
        name: 'Bau Gruber',
        description: 'Hochbau',
        services: [],
        logo_upload_id: null,
        public: false,
        public_directory_consent_at: null,
        contact_email: 'gruber@example.test',
      },
      {
        name: 'Stille Agentur',
        description: null,
        services: [],
        logo_upload_id: null,
        public: false,
        public_directory_consent_at: null,
        contact_email: 'still@example.test',
      },
      {
        name: 'Talente Huber',
        description: 'Technik',
        services: ['IT', 'Bau'],
        logo_upload_id: 901,
        public: true,
        public_directory_consent_at: expect.anything(),
        contact_email: 'huber@example.test',
      },
      {
        name: 'Übergebene Agentur',
        description: null,
        services: [],
        logo_upload_id: null,
        public: false,
        public_directory_consent_at: null,
        contact_email: null,
      },
    ]);
    const columns = await database.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'users' ORDER BY column_name`,
      [],
    );
    const names = columns.map((c) => c.column_name);
    for (const gone of ['description', 'services', 'public', 'public_directory_consent_at', 'profile_img_id']) {
      expect(names).not.toContain(gone);
    }
  });

  it('When a company or a departed founder had an image, then its row is gone and its file waits for the sweep; the agency’s stays', async () => {
    const uploads = await database.query<{ id: number }>('SELECT id FROM uploads ORDER BY id', []);
    expect(uploads.map((u) => u.id)).toEqual([901]);
    const orphans = await database.query<{ storage_key: string }>(
      'SELECT storage_key FROM storage_orphans ORDER BY storage_key',
      [],
    );
    expect(orphans).toEqual([{ storage_key: 'a/company.png' }, { storage_key: 'a/gone.png' }]);
  });

  it('When a description changes afterwards, then the accounts version rises (advertisements show it)', async () => {
    const version = async () =>
      (
        await database.query<{ v: string }>("SELECT version::text AS v FROM list_versions WHERE name = 'accounts'", [])
      )[0]?.v;
    const before = await version();
    await database.execScript(`UPDATE organisations SET description = 'Neu' WHERE name = 'Bau Gruber'`);
    expect(await version()).not.toBe(before);
  });
});
