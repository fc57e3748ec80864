// Every event type the server writes to the security log has a name in both languages here, so
// the audit screen never shows a raw type such as "status-change".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_EVENT_NAMES } from './audit-events.ts';

const serverFile = join(import.meta.dirname, '../../../../../server/src/modules/audit/audit.service.ts');

function serverAuditTypes(): string[] {
  const source = readFileSync(serverFile, 'utf8');
  const list = /export const AUDIT_TYPES = \[([\s\S]*?)\] as const;/.exec(source)?.[1] ?? '';
  return [...list.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]!);
}

describe('audit event names', () => {
  it('name every type the server logs, in Arabic and English', () => {
    const types = serverAuditTypes();
    expect(types.length).toBeGreaterThan(20);
    for (const type of types) {
      expect(AUDIT_EVENT_NAMES[type]?.en, type).toBeTruthy();
      expect(AUDIT_EVENT_NAMES[type]?.ar, type).toBeTruthy();
    }
  });
});
