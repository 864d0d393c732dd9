// The console functions of the people domain: tenants, invitation codes, members and the outbox (issue 16, items 4-6;
// decisions 128-131).
import * as people from '@hibi/contract/console/people';
import { defineConsoleHandler } from '../../core/console-handler.ts';
import * as service from './service.ts';

/** The console's people (issue 16, items 4-6): tenants, invitation codes, members and the outbox (decisions 128-131). */
export const peopleConsoleHandlers = [
  defineConsoleHandler(people.listTenants, async (p, ctx) => service.listTenants(ctx, p.offset, p.perPage)),
  defineConsoleHandler(people.saveTenant, async (p, ctx) => service.saveTenant(ctx, p)),
  defineConsoleHandler(people.listInvitationCodes, async (p, ctx) => service.listInvitationCodes(ctx, p.tenantId, p.offset, p.perPage), {
    tenantBound: true,
  }),
  defineConsoleHandler(people.createInvitationCode, async (p, ctx) => service.createInvitationCode(ctx, p), { tenantBound: true }),
  defineConsoleHandler(people.revokeInvitationCode, async (p, ctx) => service.revokeInvitationCode(ctx, p.code)),
  defineConsoleHandler(people.searchMembers, async (p, ctx) => service.searchMembers(ctx, p.query, p.offset, p.perPage)),
  defineConsoleHandler(people.getMemberStatus, async (p, ctx) => service.memberStatus(ctx, p.id)),
  defineConsoleHandler(people.resendPasswordLink, async (p, ctx) => service.resendPasswordLink(ctx, p.id)),
  defineConsoleHandler(people.endMemberSessions, async (p, ctx) => service.endMemberSessions(ctx, p.id)),
  defineConsoleHandler(people.deactivateMember, async (p, ctx) => service.deactivateMember(ctx, p.id)),
  defineConsoleHandler(people.reactivateMember, async (p, ctx) => service.reactivateMember(ctx, p.id)),
  defineConsoleHandler(people.exportMembers, async (p, ctx) => service.exportMembers(ctx, p.tenantId)),
  defineConsoleHandler(people.listOutbox, async (p, ctx) => service.listOutbox(ctx, p)),
  defineConsoleHandler(people.retryMail, async (p, ctx) => service.retryMail(ctx, p.id)),
];
