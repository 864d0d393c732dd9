// The console functions of the operators domain: sign-in, session, invitations, operators and the audit log.
import { acceptInvitation, getMe, signIn, signOut, verifyTotp } from '@hibi/contract/console/auth';
import { inviteOperator, listOperators, resendOperatorInvitation, resetOperatorTotp, updateOperator } from '@hibi/contract/console/operators';
import { listAuditLog } from '@hibi/contract/console/audit';
import { defineConsoleHandler } from '../../core/console-handler.ts';
import * as service from './service.ts';

export const operatorsConsoleHandlers = [
  defineConsoleHandler(signIn, async (p, ctx) => service.signIn(ctx, p.email, p.password)),
  defineConsoleHandler(verifyTotp, async (p, ctx) => service.verifyTotp(ctx, p)),
  defineConsoleHandler(signOut, async (_p, ctx) => {
    await service.signOut(ctx.db, ctx.operator);
    ctx.clearSessionCookie();
    await ctx.audit({ action: 'signOut', operatorId: ctx.operator.id, operatorEmail: ctx.operator.email });
    return {};
  }),
  defineConsoleHandler(getMe, async (_p, ctx) => ({
    operator: service.operatorOf(ctx.operator),
    expiresAt: ctx.operator.sessionExpiresAt.getTime(),
  })),
  defineConsoleHandler(acceptInvitation, async (p, ctx) => service.acceptInvitation(ctx, p)),
  defineConsoleHandler(listOperators, async (_p, ctx) => ({ operators: await service.listOperators(ctx.db) })),
  defineConsoleHandler(inviteOperator, async (p, ctx) => service.inviteOperator(ctx, p)),
  defineConsoleHandler(updateOperator, async (p, ctx) => service.updateOperator(ctx, p)),
  defineConsoleHandler(resetOperatorTotp, async (p, ctx) => service.resetOperatorTotp(ctx, p.id)),
  defineConsoleHandler(resendOperatorInvitation, async (p, ctx) => service.resendInvitation(ctx, p.id)),
  defineConsoleHandler(listAuditLog, async (p, ctx) => service.listAuditLog(ctx.db, p)),
];
