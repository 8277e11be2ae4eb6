import { InvalidInputError, quoteInput } from '@puzzlekit/errors';
import type { RedisOptions } from 'ioredis';

/**
 * Reads a `--queue` address: `redis://[user:password@]host[:port][/db]`, `rediss://…` (TLS) or
 * `unix:///path/to/redis.sock`.
 *
 * @throws InvalidInputError (code `INVALID_QUEUE`) for anything else.
 */
export function connectionFromUrl(text: string): RedisOptions {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidInputError(`not a queue address: ${quoteInput(text)} (redis://host:port)`, {
      code: 'INVALID_QUEUE',
    });
  }
  if (url.protocol === 'unix:') {
    if (url.pathname === '') {
      throw new InvalidInputError(`a unix queue address needs a socket path: ${quoteInput(text)}`, {
        code: 'INVALID_QUEUE',
      });
    }
    return { path: decodeURIComponent(url.pathname) };
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new InvalidInputError(
      `a queue address starts with redis://, rediss:// or unix://, got ${quoteInput(text)}`,
      { code: 'INVALID_QUEUE' },
    );
  }
  const db = url.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db)) {
    throw new InvalidInputError(`a queue's database is a number, got ${quoteInput(db)}`, {
      code: 'INVALID_QUEUE',
    });
  }
  return {
    host: url.hostname.replace(/^\[|\]$/g, '') || 'localhost',
    port: url.port === '' ? 6379 : Number(url.port),
    ...(url.username === '' ? {} : { username: decodeURIComponent(url.username) }),
    ...(url.password === '' ? {} : { password: decodeURIComponent(url.password) }),
    ...(db === '' ? {} : { db: Number(db) }),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}
