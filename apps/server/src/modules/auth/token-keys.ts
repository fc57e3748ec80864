// The Ed25519 key pair that signs access and reset tokens (ADR 005). JWT_PRIVATE_KEY (PKCS#8 PEM)
// wins; otherwise DATA_DIR/keys/access-token.pem, generated on the first start. The file is
// created with link(), which fails when another process got there first: then that key is read,
// so concurrent first starts still agree on one key.
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';

export interface SigningKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  kid: string;
  /** The public key as a JWK, for `{auth}/jwks.json`. */
  publicJwk: JWK;
}

export async function loadSigningKeys(opts: {
  pem?: string | undefined;
  dataDir: string;
}): Promise<SigningKeys> {
  const pem = opts.pem ?? readOrCreateKeyFile(join(opts.dataDir, 'keys'));
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error('JWT_PRIVATE_KEY must be an Ed25519 private key (PKCS#8 PEM)');
  }
  const publicKey = createPublicKey(privateKey);
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { privateKey, publicKey, kid, publicJwk: { ...jwk, kid, alg: 'EdDSA', use: 'sig' } };
}

function readOrCreateKeyFile(dir: string): string {
  const file = join(dir, 'access-token.pem');
  try {
    return readFileSync(file, 'utf8');
  } catch {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const { privateKey } = generateKeyPairSync('ed25519');
    const temp = `${file}.${randomBytes(6).toString('hex')}`;
    writeFileSync(temp, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    try {
      linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temp);
    }
    return readFileSync(file, 'utf8');
  }
}
