import type { FastifyRequest } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { listVersions } from '../db/schema';

/**
 * The committed versions of what the in-process caches hold (table list_versions; triggers raise
 * a version at the commit of every transaction that changes its data — migrations 0022, 0023):
 *   jobs      everything the advertisement list shows (modules/jobs/list-cache.ts),
 *   accounts  what the sign-in check reads from an account (services/auth.ts) and the company shown
 *             on an advertisement.
 * A request reads both in one statement, at most once (`requestDataVersions()`), and uses a
 * cached entry only while its version is current — exact on every instance, without Redis.
 */
export interface DataVersions {
  jobs: number;
  accounts: number;
}

/** The one statement that reads them (the benchmark's floor issues it too). */
export function dataVersionsQuery(db: Db) {
  return db
    .select({ name: listVersions.name, version: listVersions.version })
    .from(listVersions)
    .where(inArray(listVersions.name, ['jobs', 'accounts']));
}

/**
 * Reads the versions for many requests at once without ever answering older than a request:
 * a request may use a read only if the read was sent after the request arrived (so it sees every
 * commit the caller could have seen). A request arriving while a read is under way therefore
 * waits for the next one, which starts when that read ends and serves everyone who arrived in
 * the meantime. At most one read is under way: under load one statement serves a batch of
 * requests instead of one each (issue 14: the list's whole warm cost was this statement).
 */
export class DataVersionReader {
  private readonly execute: () => Promise<DataVersions>;
  private underWay: Promise<DataVersions> | null = null;
  private next: Promise<DataVersions> | null = null;
  /** Statements sent (tests and the benchmark report how many requests one served). */
  reads = 0;

  constructor(source: Db | (() => Promise<DataVersions>)) {
    if (typeof source === 'function') {
      this.execute = source;
    } else {
      const statement = dataVersionsQuery(source).prepare('pb_data_versions');
      this.execute = async () => {
        const versions: DataVersions = { jobs: 0, accounts: 0 };
        for (const row of await statement.execute()) {
          if (row.name === 'jobs' || row.name === 'accounts') versions[row.name] = row.version;
        }
        return versions;
      };
    }
  }

  read(): Promise<DataVersions> {
    if (this.underWay === null) return this.begin();
    // The read under way was sent before this caller arrived: join the one after it.
    this.next ??= this.underWay.then(settled, settled).then(() => {
      this.next = null;
      return this.begin();
    });
    return this.next;
  }

  private begin(): Promise<DataVersions> {
    this.reads += 1;
    const reading: Promise<DataVersions> = this.execute().finally(() => {
      if (this.underWay === reading) this.underWay = null;
    });
    this.underWay = reading;
    return reading;
  }
}

function settled(): void {}

declare module 'fastify' {
  interface FastifyInstance {
    dataVersions: DataVersionReader;
  }
  interface FastifyRequest {
    /** Set by the first requestDataVersions() of the request (decorated in services/app-services). */
    dataVersionSnapshot: Promise<DataVersions> | null;
  }
}

/**
 * The versions as this request first saw them: read once, shared by the sign-in check and the
 * route (so a signed-in list request costs one statement for both).
 */
export function requestDataVersions(request: FastifyRequest): Promise<DataVersions> {
  request.dataVersionSnapshot ??= request.server.dataVersions.read();
  return request.dataVersionSnapshot;
}
