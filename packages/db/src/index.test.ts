import { describe, expect, it } from 'vitest';
import * as db from './index.ts';

describe('@tabayyun/db entry', () => {
  it('re-exports the Drizzle operators the server may not import directly', () => {
    for (const name of [
      'sql',
      'eq',
      'ne',
      'and',
      'or',
      'not',
      'inArray',
      'isNull',
      'ilike',
      'arrayContains',
      'arrayOverlaps',
      'desc',
      'asc',
      'count',
      'getTableColumns',
      'getTableName',
      'getTableConfig',
      'alias',
      'SQL',
      'PgColumn',
      'PgTable',
    ]) {
      expect(db, name).toHaveProperty(name);
    }
  });

  it('exports every table with API field names as properties', () => {
    expect(Object.keys(db.getTableColumns(db.factcheck))).toContain('translation_id');
    expect(Object.keys(db.getTableColumns(db.factcheck))).toContain('evaluationCategories');
    expect(db.getTableColumns(db.feed).factcheckId.name).toBe('factcheck_id');
    expect(db.getTableName(db.mediaSource)).toBe('media_source');
    expect(Object.keys(db.schema).sort()).toEqual([
      'article',
      'auditEvent',
      'author',
      'category',
      'contact',
      'correction',
      'device',
      'evidenceSnapshot',
      'factcheck',
      'feed',
      'mediaSource',
      'mediaSourceRun',
      'note',
      'notification',
      'notificationSetting',
      'permission',
      'presence',
      'rateLimitBucket',
      'refreshToken',
      'revision',
      'role',
      'savedView',
      'scrapingReport',
      'setting',
      'storage',
      'tip',
      'twoFactorChallenge',
      'twoFactorRecoveryCode',
      'twoFactorTotp',
      'user',
      'verificationCode',
      'webauthnCredential',
      'webhook',
      'webhookDelivery',
    ]);
    expect(db.newId()).toMatch(db.ID_PATTERN);
  });
});
