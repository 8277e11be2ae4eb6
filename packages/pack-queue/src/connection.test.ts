import { describe, expect, it } from 'vitest';
import { connectionFromUrl } from './connection.js';

describe('connectionFromUrl', () => {
  it('reads redis, rediss and unix addresses', () => {
    expect(connectionFromUrl('redis://127.0.0.1:6380')).toEqual({ host: '127.0.0.1', port: 6380 });
    expect(connectionFromUrl('redis://queue.local')).toEqual({ host: 'queue.local', port: 6379 });
    expect(connectionFromUrl('rediss://me:p%40ss@[::1]:7000/2')).toEqual({
      host: '::1',
      port: 7000,
      username: 'me',
      password: 'p@ss',
      db: 2,
      tls: {},
    });
    expect(connectionFromUrl('unix:///run/redis/redis.sock')).toEqual({
      path: '/run/redis/redis.sock',
    });
  });

  it('refuses anything else in one line', () => {
    expect(() => connectionFromUrl('localhost:6379')).toThrow(/starts with redis:\/\//);
    expect(() => connectionFromUrl('not a url')).toThrow(/^not a queue address: 'not a url'/);
    expect(() => connectionFromUrl('redis://h/abc')).toThrow(/database is a number/);
  });
});
