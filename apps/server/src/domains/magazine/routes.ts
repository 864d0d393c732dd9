import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { UNSUBSCRIBE_PATH, unsubscribeByToken } from './service.ts';

const LEFT = 'メールマガジンの配信を停止しました。\nYou have left the Hibi mail magazine.\n';
const INVALID = 'このリンクは無効です。配信設定は変更されていません。\nThis link is not valid; nothing was changed.\n';

/**
 * RFC 8058 one-click (docs/requirements/magazine.md#magazine-unsubscribe, decision 185): `POST /magazine/unsubscribe?
 * token=…` with `List-Unsubscribe=One-Click` turns the member's magazine off at once and answers a short text. Any body
 * is read as bytes and not looked at (a mail client may send it form-encoded, empty or as multipart). A GET of the same
 * URL is the web app's confirmation page (the page catch-all): a link followed by a mail scanner never unsubscribes.
 * No CSRF token: the POST is signed per member, idempotent and only turns a setting off.
 */
export function magazineRoutes(_config: Config, db: Db, now: () => Date = () => new Date()) {
  return async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
      scope.post<{ Querystring: Record<string, unknown> }>(UNSUBSCRIBE_PATH, async (request, reply) => {
        reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
        const answer = await unsubscribeByToken(db, request.query.token, now());
        return 'errorCode' in answer ? reply.code(400).send(INVALID) : reply.code(200).send(LEFT);
      });
    });
  };
}
