import type { OperatorRole } from '@hibi/contract/console/protocol';
import { configValueOrInsert, enrolTotp, insertOperator, replaceRecoveryCodes } from '../domains/operators/data.ts';
import { newSecretBoxKey, sealSecret } from '../lib/secret-box.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { SeedContext } from './context.ts';

/** The demo operators' TOTP secret (docs/requirements/console.md#console-bootstrap: demo only). */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
export const DEMO_OPERATOR_PASSWORD = 'wellbeing-demo';

/** The demo operators (docs/requirements/console.md#console-bootstrap), already enrolled with the demo TOTP secret (no recovery codes). */
export async function seedOperators(ctx: SeedContext): Promise<void> {
  const { db, now } = ctx;
  const key = await configValueOrInsert(db, 'operatorSecretKey', newSecretBoxKey());
  const passwordHash = await hashPassword(DEMO_OPERATOR_PASSWORD);
  const demo: [string, string, OperatorRole, number | null][] = [
    ['owner@example.com', 'オーナー 管理', 'owner', null],
    ['editor@example.com', '編集 花子', 'editor', null],
    ['support@example.com', 'サポート 太郎', 'support', null],
    // docs/requirements/insights.md#insights-company-role: the HR team of the main demo company.
    ['hr@example.com', '人事 一郎', 'company', ctx.tenants.corporate],
  ];
  for (const [email, displayName, role, tenantId] of demo) {
    const id = await insertOperator(db, { email, displayName, role, tenantId, passwordHash }, now);
    if (id === undefined) continue;
    // Step 0: any current code is accepted once.
    await enrolTotp(db, id, sealSecret(key, DEMO_TOTP_SECRET), 0, now);
    await replaceRecoveryCodes(db, id, []);
  }
}
