// Notifications on the device (issue 34, decision 153): the members' push subscription functions.
import * as fns from '@hibi/contract/functions/notifications';
import { defineHandler } from '../../core/handler.ts';
import * as service from './service.ts';

export const notificationsHandlers = [
  defineHandler(fns.getPushConfig, async (p, ctx) => service.getPushConfig(ctx.db, ctx.config, ctx.user, p.endpoint)),
  defineHandler(fns.savePushSubscription, async (p, ctx) => service.saveSubscription(ctx.db, ctx.config, ctx.user, p, ctx.now())),
  defineHandler(fns.deletePushSubscription, async (p, ctx) => service.deleteSubscription(ctx.db, ctx.user, p.endpoint)),
];
