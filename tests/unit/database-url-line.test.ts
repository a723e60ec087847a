// The one line printed for an unreachable DATABASE_URL names it and the cause, and shows no password
// in any spelling (tests/server/startup.test.ts runs the real processes).
import { describe, expect, it } from 'vitest';
import { databaseFailureLine, describeDatabaseUrl } from '../../src/server/startup/database-check.ts';

describe('DATABASE_URL failure line', () => {
  it('masks the password and leaves out the query, which may hold one too', () => {
    expect(describeDatabaseUrl('postgres://app:p%40ss%2Fw0rd@db.example:6543/jinli?sslmode=require&password=other')).toBe(
      'postgres://app:***@db.example:6543/jinli',
    );
    expect(describeDatabaseUrl('postgresql://db.example/jinli')).toBe('postgresql://db.example/jinli');
    expect(describeDatabaseUrl('postgres://app:secret@[::1')).toBe('无法解析的 URL');
  });

  it('names DATABASE_URL and the cause on one line, with a password quoted by a cause scrubbed', () => {
    const url = 'postgres://app:s3cr%21t-pw@db.example:6543/jinli';
    const error = Object.assign(new Error('password authentication failed for "s3cr!t-pw"\nsecond line'), { code: '28P01' });
    const line = databaseFailureLine(url, error);
    expect(line).toMatch(/^DATABASE_URL（postgres:\/\/app:\*\*\*@db\.example:6543\/jinli）无法连接：用户名或密码错误（/);
    expect(line).not.toContain('s3cr');
    expect(line).not.toContain('\n');
  });

  it('says what a connection timeout is', () => {
    expect(databaseFailureLine('postgres://h/db', new Error('Connection terminated due to connection timeout'))).toContain('连接超时');
  });
});
