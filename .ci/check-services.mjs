// Fails loudly when the PostgreSQL or Redis server the suites need does not answer.
import pg from 'pg';
import { Redis } from 'ioredis';

const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
try {
  await client.connect();
  const { rows } = await client.query('select version()');
  console.log(`PostgreSQL ok: ${rows[0].version}`);
  await client.end();
} catch (err) {
  console.error(`PostgreSQL at ${process.env.TEST_DATABASE_URL} is not reachable: ${err.message}`);
  process.exit(1);
}

const redis = new Redis(process.env.TEST_REDIS_URL, {
  maxRetriesPerRequest: 1,
  retryStrategy: () => null,
  lazyConnect: true,
});
try {
  await redis.connect();
  console.log(`Redis ok: ${await redis.ping()}`);
  await redis.quit();
} catch (err) {
  console.error(`Redis at ${process.env.TEST_REDIS_URL} is not reachable: ${err.message}`);
  process.exit(1);
}
