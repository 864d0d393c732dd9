// The console functions of the media domain.
import { listMedia, uploadMedia } from '@hibi/contract/console/media';
import type { Config } from '../../config.ts';
import { defineConsoleHandler } from '../../core/console-handler.ts';
import * as service from './service.ts';

// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function mediaConsoleHandlers(config: Config) {
  return [
    defineConsoleHandler(uploadMedia, async (_p, ctx) => service.uploadMedia(ctx)),
    defineConsoleHandler(listMedia, async (p, ctx) => service.listMedia(ctx.db, p.kind, p.offset, p.perPage)),
  ];
}
