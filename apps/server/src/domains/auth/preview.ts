// The console's time machine in the auth domain. Reached through service.ts, the domain's public module.
import { randomUUID } from 'node:crypto';
import type { Locale } from '@hibi/contract/protocol';
import type { PreviewAudience } from '@hibi/contract/console/time-machine';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../core/handler.ts';
import * as data from './data.ts';
import { toAuthUser } from './sessions.ts';
import { getTermsVersion } from './terms.ts';

// The member a console time-machine call is made as (issue 36, decision 154): a fresh account of a company that fits
// the audience, made inside the preview's transaction, which is always rolled back, so it is never seen by anyone
// else and never outlives the call. A fresh member has no read marks, reservations or answers: the preview shows what
// the clock alone decides.
/** The preview member of `audience`, written with `tx`; null for a guest; 'noTenant' when no company fits. */
export async function previewMember(
  tx: Db,
  audience: PreviewAudience,
  tenantId: number | undefined,
  at: Date,
  locale: Locale,
): Promise<AuthUser | null | 'noTenant'> {
  if (audience === 'guest') return null;
  const tenant = await data.previewTenant(tx, audience === 'contractMember', at, tenantId);
  if (!tenant) return 'noTenant';
  const id = await data.insertUser(tx, {
    tenantId: tenant.id,
    // An account needs an email or a login id (users_has_login); this one is never seen outside the transaction.
    loginId: `preview-${randomUUID()}`,
    nickname: locale === 'ja' ? 'プレビュー' : 'Preview',
    locale,
    acceptedTermsVersion: await getTermsVersion(tx),
    createdAt: at,
  });
  const found = await data.findUserById(tx, id);
  return toAuthUser(found!.user, tenant, { id: 0, expiresAt: new Date(at.getTime() + 86_400_000) });
}
