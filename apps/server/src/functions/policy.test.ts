import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildConsoleRegistry } from './console-registry.ts';

/**
 * The console's policy is declared on each function's handler (decision 183), never read from its name: these lists
 * are what the entry did when it matched names, so a content write that lost its media refresh (its contract-only
 * uploads would turn public) or a company function that lost its tenant rule fails here.
 */
const registry = buildConsoleRegistry(loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv));
const declaring = (flag: 'refreshesMedia' | 'tenantBound') =>
  [...registry.values()]
    .filter((handler) => handler[flag])
    .map((handler) => handler.def.name)
    .sort();

/** Every console write of an item that may carry an upload or change who sees one (issue 30, finding 1). */
const CONTENT_WRITES = [
  ...['Announcement', 'Article', 'Survey'].flatMap((item) => [`save${item}`, `duplicate${item}`, `delete${item}`]),
  'unpublishAnnouncement',
  'unpublishArticle',
  'saveEvent',
  'unpublishEvent',
  'deleteEvent',
  'saveEventSession',
  'deleteEventSession',
  'saveQuestionnaire',
];

describe('the console functions’ policy', () => {
  it('every content write refreshes the media uses, and nothing else does', () => {
    expect(CONTENT_WRITES).toHaveLength(17);
    expect(declaring('refreshesMedia')).toEqual([...CONTENT_WRITES].sort());
  });

  it('every function a company operator may call with a tenantId binds it to the operator’s tenant', () => {
    const withTenant = [...registry.values()]
      .filter((handler) => handler.def.roles.includes('company') && 'tenantId' in handler.def.payload.shape)
      .map((handler) => handler.def.name)
      .sort();
    expect(withTenant).toEqual(['createInvitationCode', 'exportCompanyInsights', 'getCompanyInsights', 'listInvitationCodes']);
    expect(declaring('tenantBound')).toEqual(withTenant);
  });
});
