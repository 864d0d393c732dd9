import { z } from 'zod';
import { defineConsoleFunction } from './protocol.ts';

/**
 * Media (docs/requirements/console.md#console-media): JPEG, PNG and WebP up to 10 MB, decoded and re-encoded with sharp (metadata
 * stripped); PDF attachments checked by magic bytes. Stored under DATA_DIR/media, served at `/media/<file>` with
 * long-lived immutable cache headers.
 */
export const MEDIA_KINDS = ['image', 'pdf'] as const;

export const mediaItemSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  kind: z.enum(MEDIA_KINDS),
  fileName: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  bytes: z.number().int(),
  createdAt: z.number().int(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const uploadMedia = defineConsoleFunction({
  name: 'uploadMedia',
  kind: 'upload',
  roles: ['owner', 'editor'],
  summary:
    'The raw file as the request body (Content-Type: image/jpeg, image/png, image/webp or application/pdf; header X-File-Name: the URI-encoded file name); at most 10 MB.',
  payload: z.object({}),
  response: z.object({
    id: z.number().int(),
    url: z.string(),
    kind: z.enum(MEDIA_KINDS),
    width: z.number().int().optional(),
    height: z.number().int().optional(),
    bytes: z.number().int(),
    fileName: z.string(),
  }),
  /**
   * unsupportedType: not one of the four types (or the bytes are not what the type says); notDecodable: an image
   * that does not decode; tooLarge: over 10 MB (or over the pixel limit).
   */
  errorCodes: ['unsupportedType', 'notDecodable', 'tooLarge'],
  audited: true,
});

export const listMedia = defineConsoleFunction({
  name: 'listMedia',
  roles: ['owner', 'editor', 'support'],
  summary: 'Uploaded media, newest first, paged (the editor’s media picker).',
  payload: z.object({
    offset: z.number().int().min(0).max(1_000_000).default(0),
    perPage: z.number().int().min(1).max(100).default(24),
    kind: z.enum(MEDIA_KINDS).optional(),
  }),
  response: z.object({ media: z.array(mediaItemSchema), total: z.number().int() }),
});

export const consoleMediaFunctions = [uploadMedia, listMedia] as const;
