// The console functions of the operators domain: sign-in, session, invitations, operators and the audit log.
import { acceptInvitation, getMe, signIn, signOut, verifyTotp } from '@hibi/contract/console/auth';
import { inviteOperator, listOperators, resendOperatorInvitation, resetOperatorTotp, updateOperator } from '@hibi/contract/console/operators';
import { listAuditLog } from '@hibi/contract/console/audit';
import {
  beginMyPasskeyRegistration,
  beginPasskeyVerification,
  deleteMyPasskey,
  finishMyPasskeyRegistration,
  getConsoleSecurity,
  listMyPasskeys,
  setConsoleSecurity,
  verifyPasskey,
} from '@hibi/contract/console/passkeys';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { defineConsoleHandler } from '../../core/console-handler.ts';
import { failure } from '../../core/handler.ts';
import * as service from './service.ts';
import * as passkeys from './passkeys.ts';

export const operatorsConsoleHandlers = [
  defineConsoleHandler(signIn, async (p, ctx) => service.signIn(ctx, p.email, p.password)),
  // With passkeys required, an operator who has one uses it (decision 148).
  defineConsoleHandler(verifyTotp, async (p, ctx) =>
    (await passkeys.totpRefused(ctx, p.challenge)) ? failure('passkeyRequired') : service.verifyTotp(ctx, p),
  ),
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
  // Passkeys (issue 35, decision 148).
  defineConsoleHandler(listMyPasskeys, async (_p, ctx) => ({ passkeys: await passkeys.listMine(ctx, ctx.operator) })),
  defineConsoleHandler(beginMyPasskeyRegistration, async (p, ctx) => passkeys.beginMine(ctx, ctx.operator, p.currentPassword)),
  defineConsoleHandler(finishMyPasskeyRegistration, async (p, ctx) =>
    passkeys.finishMine(ctx, ctx.operator, p.response as RegistrationResponseJSON, p.name),
  ),
  defineConsoleHandler(deleteMyPasskey, async (p, ctx) => passkeys.deleteMine(ctx, ctx.operator, p.id)),
  defineConsoleHandler(beginPasskeyVerification, async (p, ctx) => passkeys.beginVerification(ctx, p.challenge)),
  defineConsoleHandler(verifyPasskey, async (p, ctx) => passkeys.verify(ctx, p.challenge, p.response as AuthenticationResponseJSON)),
  defineConsoleHandler(getConsoleSecurity, async (_p, ctx) => passkeys.getSecurity(ctx)),
  defineConsoleHandler(setConsoleSecurity, async (p, ctx) => passkeys.setSecurity(ctx, p.requirePasskeys)),
];
