// A software WebAuthn authenticator for server tests: a P-256 key per credential, attestation
// "none", assertions signed over authenticatorData ‖ SHA-256(clientDataJSON) as a browser's
// platform authenticator does. It answers the JSON the browser library (@simplewebauthn/browser)
// posts, so the server's verification runs unchanged.
import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | boolean;

/** Just enough CBOR (RFC 8949) for attestation objects and COSE keys. */
export function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'boolean') return Buffer.from([value ? 0xf5 : 0xf4]);
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64u = (data: Uint8Array) => Buffer.from(data).toString('base64url');

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

export interface SoftwareAuthenticatorOptions {
  /** The page the browser would be on (clientDataJSON's origin). */
  origin: string;
  /** The RP id the authenticator scopes credentials to (hashed into authenticatorData). */
  rpId: string;
  /** Whether the authenticator reports user verification (UV flag). */
  userVerified?: boolean;
}

export function softwareAuthenticator(opts: SoftwareAuthenticatorOptions) {
  const credentials: Credential[] = [];
  const flags = (attested: boolean) =>
    0x01 | (opts.userVerified === false ? 0 : 0x04) | (attested ? 0x40 : 0);
  const clientData = (type: string, challenge: string, origin = opts.origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentials,
    /** navigator.credentials.create() on `options` (PublicKeyCredentialCreationOptionsJSON). */
    create(
      options: { challenge: string; rp: { id?: string }; user: { id: string } },
      override: { origin?: string } = {},
    ) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const id = randomBytes(16);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const authData = Buffer.concat([
        sha256(options.rp.id ?? opts.rpId),
        Buffer.from([flags(true)]),
        Buffer.alloc(4), // signCount 0
        Buffer.alloc(16), // AAGUID: none
        idLength,
        id,
        cbor(coseKey),
      ]);
      credentials.push({ id, privateKey, userHandle: options.user.id, counter: 0 });
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64u(id),
        rawId: b64u(id),
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64u(clientData('webauthn.create', options.challenge, override.origin)),
          attestationObject: b64u(attestationObject),
          transports: ['internal'],
        },
      };
    },
    /** navigator.credentials.get() on `options`: the first credential allowed (or any, passwordless). */
    get(
      options: { challenge: string; rpId?: string; allowCredentials?: { id: string }[] },
      override: { origin?: string; credential?: Credential } = {},
    ) {
      const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
      const credential =
        override.credential ?? credentials.find((c) => allowed.length === 0 || allowed.includes(b64u(c.id)));
      if (!credential) throw new Error('no credential for these options');
      credential.counter += 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(credential.counter);
      const authData = Buffer.concat([
        sha256(options.rpId ?? opts.rpId),
        Buffer.from([flags(false)]),
        counter,
      ]);
      const data = clientData('webauthn.get', options.challenge, override.origin);
      const signature = createSign('SHA256')
        .update(Buffer.concat([authData, sha256(data)]))
        .sign(credential.privateKey);
      return {
        id: b64u(credential.id),
        rawId: b64u(credential.id),
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64u(data),
          authenticatorData: b64u(authData),
          signature: b64u(signature),
          userHandle: credential.userHandle,
        },
      };
    },
  };
}
