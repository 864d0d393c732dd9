// The console functions of the insights domain: company insights and their CSV (issue 32, decision 146).
import { exportCompanyInsights, getCompanyInsights } from '@hibi/contract/console/insights';
import { defineConsoleHandler } from '../../core/console-handler.ts';
import * as service from './service.ts';

export const insightsConsoleHandlers = [
  defineConsoleHandler(getCompanyInsights, async (p, ctx) => service.companyInsights(ctx.db, p), { tenantBound: true }),
  defineConsoleHandler(exportCompanyInsights, async (p, ctx) => service.exportInsights(ctx, p), { tenantBound: true }),
];
