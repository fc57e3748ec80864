// The public "Is this true?" calls (issue 36 §1):
//   GET  {api}/tip/matches?q=…   our published fact-checks the text restates (as the reader types)
//   POST {api}/tip               a submission (JSON, or multipart with `images`) → 201 { _id }
//   GET  {api}/tip/unsubscribe?token=…   the answer mail's link: the address is deleted at once
// Both public calls are rate-limited per client; screenshots are images only, re-encoded without
// their metadata (EXIF: place, camera, time) before they are stored in a protected folder.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError, validationFailed } from '../../errors.ts';
import { TIP_IMAGE_BYTES_MAX, TIP_IMAGES_MAX } from './tip-input.ts';
import type { TipsService } from './tips.service.ts';

const QUERY_MAX = 500;

const rateLimitAnswer = (_req: unknown, ctx: { after: string }) =>
  new AppError('RATE_LIMITED', `Too many requests; try again in ${ctx.after}`);

interface Upload {
  fields: Record<string, unknown>;
  images: Buffer[];
}

/** The multipart body: fields as values, `images` as bounded buffers; any other file is refused. */
async function readMultipart(request: FastifyRequest): Promise<Upload> {
  const fields: Record<string, unknown> = {};
  const images: Buffer[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== 'images') {
      part.file.resume();
      throw validationFailed({ [part.fieldname]: 'Only `images` may carry files' });
    }
    if (images.length >= TIP_IMAGES_MAX) {
      part.file.resume();
      throw validationFailed({ images: `At most ${TIP_IMAGES_MAX} images` });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file) {
      size += chunk.length;
      if (size > TIP_IMAGE_BYTES_MAX) {
        part.file.resume();
        throw new AppError('PAYLOAD_TOO_LARGE', `Each image is at most ${TIP_IMAGE_BYTES_MAX} bytes`, {
          maxSize: TIP_IMAGE_BYTES_MAX,
        });
      }
      chunks.push(chunk as Buffer);
    }
    if (size > 0) images.push(Buffer.concat(chunks));
  }
  return { fields, images };
}

export async function registerTipRoutes(
  app: FastifyInstance,
  deps: { tips: TipsService; config: Config },
): Promise<void> {
  const { tips, config } = deps;
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: TIP_IMAGE_BYTES_MAX + 1,
      files: TIP_IMAGES_MAX + 1,
      fields: 10,
      fieldSize: 10_000,
      parts: 20,
    },
  });

  app.get<{ Querystring: { q?: string } }>(
    '/tip/matches',
    {
      schema: {
        tags: ['tips'],
        summary: 'Our published fact-checks that a claim restates (as a reader types it)',
        querystring: { type: 'object', properties: { q: { type: 'string', maxLength: QUERY_MAX } } },
      },
      config: {
        rateLimit: {
          max: config.TIP_MATCH_RATE_MAX,
          timeWindow: 60_000,
          errorResponseBuilder: rateLimitAnswer,
        },
      },
    },
    async (request) => ({ data: await tips.matches(request.query.q ?? '') }),
  );

  app.post(
    '/tip',
    {
      schema: { tags: ['tips'], summary: 'Send a claim to check (JSON, or multipart with up to 3 `images`)' },
      bodyLimit: 64 * 1024,
      config: {
        rateLimit: {
          max: config.TIP_RATE_MAX,
          timeWindow: config.TIP_RATE_WINDOW_MS,
          errorResponseBuilder: rateLimitAnswer,
        },
      },
    },
    async (request, reply) => {
      const upload = request.isMultipart()
        ? await readMultipart(request)
        : { fields: request.body, images: [] };
      const saved = await tips.submit(upload.fields, upload.images);
      return reply.code(201).send({ _id: saved._id });
    },
  );

  app.get<{ Querystring: { token?: string; language?: string } }>(
    '/tip/unsubscribe',
    { schema: { tags: ['tips'], summary: "The answer mail's unsubscribe link: deletes the address" } },
    async (request, reply) => {
      const done = await tips.unsubscribe(String(request.query.token ?? ''));
      const message = done
        ? 'تم حذف عنوان بريدك. Your e-mail address is deleted. E-posta adresiniz silindi.'
        : 'هذا الرابط غير صالح أو استُخدم من قبل. This link is not valid or was already used.';
      return reply
        .code(done ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="ar" dir="rtl"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Tabayyun</title><body><p>${message}</p></body></html>`,
        );
    },
  );
}
