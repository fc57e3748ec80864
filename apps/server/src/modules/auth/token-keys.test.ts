import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSigningKeys } from './token-keys.ts';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('signing keys', () => {
  it('are generated into DATA_DIR/keys on the first start and read back afterwards', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tabayyun-keys-'));
    const [a, b] = await Promise.all([loadSigningKeys({ dataDir: dir }), loadSigningKeys({ dataDir: dir })]);
    expect(a.kid).toBe(b.kid);
    const file = join(dir, 'keys', 'access-token.pem');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toMatch(/BEGIN PRIVATE KEY/);
    expect((await loadSigningKeys({ dataDir: dir })).kid).toBe(a.kid);
    expect(a.publicJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(a.publicJwk).not.toHaveProperty('d');
  });

  it('refuse a key that is not Ed25519', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    await expect(loadSigningKeys({ pem, dataDir: '/nonexistent' })).rejects.toThrow(/Ed25519/);
  });
});
