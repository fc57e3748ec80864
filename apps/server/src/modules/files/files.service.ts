// The files use-cases, transport-agnostic: upload (multipart parts or decoded JSON content), delete,
// find a servable file, variants. HTTP specifics (parsing, Range, cache headers) live in the routes.
//
// An upload never leaves a partial file or a record behind: every file streams through a size and
// type check into a staging object; only when the whole request has been read does each file get
// its record and its final name in one step (insert, then atomic rename/link, inside one
// transaction). Any failure before that discards the staged bytes.
import type { Readable } from 'node:stream';
import { type Db, newId } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import type { AccessGuard } from '../../plugins/access.ts';
import { jsonDeeperThan, tooDeep } from '../../plugins/json-body.ts';
import { assertStorable } from '../../plugins/storable-input.ts';
import { readsAsPublic } from '../resources/public-fields.ts';
import {
  candidateNames,
  joinName,
  keyOf,
  parseFileKey,
  parseFolder,
  type SafeName,
  sanitizeFileName,
} from './file-names.ts';
import {
  checkType,
  type DetectedType,
  detectType,
  type FilePolicy,
  type FolderRule,
  isRasterImage,
  SNIFF_BYTES,
} from './file-policy.ts';
import {
  deleteFileRecordByPath,
  findFileRecordByPath,
  insertFileRecord,
  isUniqueViolation,
  type NewStorageRow,
  type StorageRow,
  upsertFileRecord,
} from './files.repo.ts';
import { loadSharp } from './load-sharp.ts';
import { ObjectExistsError, type StagedObject, type StorageDriver } from './storage-driver.ts';
import type { VariantKind, VariantService } from './variants.service.ts';

export type UploadPart =
  | { type: 'field'; name: string; value: unknown }
  | {
      type: 'file';
      fieldname: string;
      filename: string;
      /** The transfer encoding the client declared (`7bit`, `base64`, …); informative. */
      encoding: string;
      content: AsyncIterable<Uint8Array>;
    };

export interface FilesServiceDeps {
  db: Db;
  driver: StorageDriver;
  guard: AccessGuard;
  policy: FilePolicy;
  variants: VariantService;
  /** `/storage`: the URL base, and (without the slash) the prefix of every path and destination. */
  storageBase: string;
  /**
   * `/api/storage`, the file records: whoever may list them (staff) may open protected files too,
   * as may a staff grant of Read on the files base (issue 34).
   */
  recordsPath?: string;
}

interface Received {
  staged: StagedObject;
  name: SafeName;
  type: DetectedType;
  fieldname: string;
  originalname: string;
  encoding: string;
  dimensions: { width: number; height: number } | undefined;
}

/** Client names are kept for display: controls stripped, length bounded. */
const displayName = (raw: string) =>
  raw
    .normalize('NFC')
    .replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, '')
    .slice(0, 255) || 'file';

export function createFilesService(deps: FilesServiceDeps) {
  const { db, driver, guard, policy, variants } = deps;
  const prefix = deps.storageBase.replace(/^\/+/, '');
  const destinationOf = (folder: string) => (folder ? `${prefix}/${folder}` : prefix);
  const pathOf = (key: string) => `${prefix}/${key}`;
  /** The guard path of a folder: `${STORAGE_BASE}/<folder>`. */
  const guardPath = (folder: string) => (folder ? `${deps.storageBase}/${folder}` : deps.storageBase);

  const requireFolder = (raw: string): string => {
    const folder = parseFolder(raw);
    if (folder === undefined) {
      throw validationFailed(
        {
          folder: 'Folders are letters, digits, ".", "_" and "-", each part starting with a letter or digit',
        },
        `Invalid folder '${raw}'`,
      );
    }
    return folder;
  };

  /** Streams one file into staging through the size and type checks. */
  async function receive(part: Extract<UploadPart, { type: 'file' }>, rule: FolderRule): Promise<Received> {
    const name = sanitizeFileName(part.filename || 'file');
    const originalname = displayName(part.filename);
    let type: DetectedType | undefined;
    let head: Buffer | undefined;

    const check = async (bytes: Buffer) => {
      head = bytes;
      type = await detectType(bytes, name.ext);
      checkType(type, name.ext, rule, originalname);
    };
    const tooLarge = () =>
      new AppError(
        'PAYLOAD_TOO_LARGE',
        `'${originalname}' is larger than ${rule.maxSize} bytes, the limit of this folder`,
        { file: originalname, maxSize: rule.maxSize },
      );

    // Holds at most SNIFF_BYTES of the file; everything after streams straight through.
    async function* inspect(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
      let total = 0;
      let pending: Uint8Array[] | undefined = [];
      let pendingSize = 0;
      for await (const chunk of source) {
        total += chunk.length;
        if (total > rule.maxSize) throw tooLarge();
        if (pending) {
          pending.push(chunk);
          pendingSize += chunk.length;
          if (pendingSize < SNIFF_BYTES) continue;
          await check(Buffer.concat(pending));
          for (const held of pending) yield held;
          pending = undefined;
          continue;
        }
        yield chunk;
      }
      if (pending) {
        await check(Buffer.concat(pending));
        for (const held of pending) yield held;
      }
    }

    const staged = await deps.driver.stage(inspect(part.content));
    const detected = type!;
    // A name without an extension takes the sniffed one (pasted images arrive as `blob`).
    const finalName = name.ext || !detected.ext ? name : { ...name, ext: detected.ext };
    let dimensions: Received['dimensions'];
    if (isRasterImage(detected.mime) && head) {
      try {
        const sharp = await loadSharp();
        const meta = await sharp(head).metadata();
        if (meta.width && meta.height) {
          const swapped = (meta.orientation ?? 1) >= 5;
          dimensions = swapped
            ? { width: meta.height, height: meta.width }
            : { width: meta.width, height: meta.height };
        }
      } catch {
        // The header is not in the first bytes; the dimensions are a convenience only.
      }
    }
    return {
      staged,
      name: finalName,
      type: detected,
      fieldname: part.fieldname,
      originalname,
      encoding: part.encoding,
      dimensions,
    };
  }

  /** The record and the final name of one staged file, in one transaction. */
  async function commit(
    received: Received,
    ctx: { folder: string; overwrite: boolean; actor: Actor; fields: Record<string, unknown> },
  ): Promise<StorageRow> {
    const { status, meta: metaField, ...extra } = ctx.fields;
    const clientMeta =
      typeof metaField === 'string' ? safeJsonObject(metaField) : isPlainObject(metaField) ? metaField : {};
    const base = (filename: string): NewStorageRow => ({
      _id: newId(),
      fieldname: received.fieldname,
      originalname: received.originalname,
      filename,
      size: received.staged.size,
      encoding: received.encoding,
      mimetype: received.type.mime,
      destination: destinationOf(ctx.folder),
      path: pathOf(keyOf(ctx.folder, filename)),
      date: new Date(),
      status: typeof status === 'string' ? status : null,
      user: ctx.actor.anonymous ? null : ctx.actor.sub,
      meta: {
        ...extra,
        ...clientMeta,
        sha256: received.staged.sha256,
        ...(received.dimensions ?? {}),
      },
    });

    if (ctx.overwrite) {
      const filename = joinName(received.name);
      const key = keyOf(ctx.folder, filename);
      const row = await db.transaction(async (tx) => {
        const stored = await upsertFileRecord(tx, base(filename));
        await received.staged.commit(key, { overwrite: true });
        return stored;
      });
      // Variants are keyed by content hash, so stale ones are never served; this only frees space.
      await variants.removeAll(key).catch(() => {});
      return row;
    }

    for (const filename of candidateNames(received.name)) {
      const key = keyOf(ctx.folder, filename);
      let committed = false;
      try {
        return await db.transaction(async (tx) => {
          const stored = await insertFileRecord(tx, base(filename));
          await received.staged.commit(key, { overwrite: false });
          committed = true;
          return stored;
        });
      } catch (err) {
        // The file became visible but the transaction did not commit: take the file back.
        if (committed) await driver.delete(key).catch(() => {});
        if (isUniqueViolation(err) || err instanceof ObjectExistsError) continue;
        throw err;
      }
    }
    throw new AppError('CONSTRAINT_VIOLATION', `No free name for '${received.originalname}'`, {
      type: 'UNIQUE',
      keys: ['path'],
    });
  }

  async function upload(args: {
    actor: Actor;
    folder: string;
    overwrite: boolean;
    /** Called once access is granted, with the folder's size limit (the parser enforces it too). */
    parts: (limits: { maxSize: number }) => AsyncIterable<UploadPart>;
  }): Promise<StorageRow[]> {
    const folder = requireFolder(args.folder);
    guard.require(args.actor, guardPath(folder), 'Create');
    if (args.overwrite) guard.require(args.actor, guardPath(folder), 'Update');
    const rule = policy.ruleFor(folder);
    const received: Received[] = [];
    const fields: Record<string, unknown> = {};
    const committed: StorageRow[] = [];
    try {
      for await (const part of args.parts({ maxSize: rule.maxSize })) {
        // Fields land in the record's meta (jsonb) and names in its text columns: PostgreSQL
        // takes neither NUL nor unpaired surrogates, so such a part refuses the whole upload.
        if (part.type === 'field') assertStorable({ [part.name]: part.value });
        else assertStorable({ [part.fieldname]: part.filename });
        // The meta field is JSON text, parsed into the record's meta: as deep as a JSON body may be.
        if (part.type === 'field' && part.name === 'meta' && jsonDeeperThan(String(part.value))) {
          throw tooDeep('meta');
        }
        if (part.type === 'field') {
          if (part.name === '__proto__' || part.name === 'constructor') continue;
          const prev = fields[part.name];
          fields[part.name] =
            prev === undefined
              ? part.value
              : Array.isArray(prev)
                ? [...prev, part.value]
                : [prev, part.value];
        } else {
          received.push(await receive(part, rule));
        }
      }
      if (received.length === 0) throw validationFailed({ file: 'No file uploaded' }, 'No file uploaded');
      for (const file of received) {
        committed.push(await commit(file, { folder, overwrite: args.overwrite, actor: args.actor, fields }));
      }
      return committed;
    } catch (err) {
      await Promise.all(received.map((r) => r.staged.discard().catch(() => {})));
      // A later file failed after earlier ones were stored: the request stores all or nothing
      // (an overwritten original cannot come back; its new record is removed with its file).
      for (const row of committed) await removeStored(row).catch(() => {});
      throw err;
    }
  }

  async function removeStored(row: StorageRow): Promise<void> {
    const key = row.path.slice(prefix.length + 1);
    await db.transaction(async (tx) => {
      await deleteFileRecordByPath(tx, row.path);
      await driver.delete(key);
    });
    await variants.removeAll(key).catch(() => {});
  }

  /** Resolves `news-feed/x.jpg` (from a URL) to its record, checking Read on protected folders. */
  async function findServable(args: { actor: Actor; rawPath: string }) {
    const parsed = parseFileKey(args.rawPath);
    if (!parsed) throw notFound('File');
    const isProtected = policy.isProtected(parsed.folder);
    if (isProtected) {
      // Protected means signed in (a bearer header or ?access_token=, read by the actor resolver)
      // AND granted Read on the file's path by a staff grant: the public grant on the files base
      // (everyone, signed in or not) does not open it (issue 34).
      if (args.actor.anonymous) throw new AppError('UNAUTHORIZED', 'Sign in to read this file');
      const path = `${guardPath(parsed.folder)}/${parsed.filename}`;
      guard.require(args.actor, path, 'Read');
      const records = deps.recordsPath;
      if (readsAsPublic(guard, args.actor, path) && (!records || readsAsPublic(guard, args.actor, records))) {
        throw new AppError('FORBIDDEN', 'You may not read this file');
      }
    }
    const key = keyOf(parsed.folder, parsed.filename);
    const record = await findFileRecordByPath(db, pathOf(key));
    if (!record) throw notFound('File');
    const stat = await driver.stat(key);
    if (!stat) throw notFound('File');
    return { record, key, size: stat.size, isProtected };
  }

  return {
    upload,
    findServable,
    async remove(args: { actor: Actor; rawPath: string }): Promise<StorageRow> {
      const parsed = parseFileKey(args.rawPath);
      if (!parsed) throw notFound('File');
      guard.require(args.actor, guardPath(parsed.folder), 'Delete');
      const key = keyOf(parsed.folder, parsed.filename);
      const row = await db.transaction(async (tx) => {
        const deleted = await deleteFileRecordByPath(tx, pathOf(key));
        if (!deleted) throw notFound('File');
        // Inside the transaction: if the file cannot be removed, the record stays.
        await driver.delete(key);
        return deleted;
      });
      await variants.removeAll(key).catch(() => {});
      return row;
    },
    open: (key: string, range?: { start: number; end: number }): Promise<Readable | undefined> =>
      driver.get(key, range),
    /** The variant of a servable file (see findServable), encoded on first use. */
    async variant(found: { record: StorageRow; key: string }, kind: VariantKind) {
      const mime = found.record.mimetype ?? '';
      if (!isRasterImage(mime)) {
        throw validationFailed({ w: `${mime || 'This file'} has no image variants` }, 'Not a raster image');
      }
      const sha = String((found.record.meta as { sha256?: unknown } | null)?.sha256 ?? found.record._id);
      const variant = await variants.ensure(found.key, sha, kind);
      const stat = await driver.stat(variant.key);
      const stream = await driver.get(variant.key);
      if (!stat || !stream) throw notFound('Variant');
      return { ...variant, size: stat.size, stream, sha };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function safeJsonObject(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return isPlainObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}
