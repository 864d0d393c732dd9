import type { Locale } from '@hibi/contract/locale';

/** Every query key of the health feature, in one place. Weeks and months are named by their first instant. */
export const healthKeys = {
  all: ['health'] as const,
  stepsWeek: (from: number) => ['health', 'steps', from] as const,
  logWeek: (from: number) => ['health', 'log', from] as const,
  inputStatus: ['health', 'inputStatus'] as const,
  stats: (fromDateTime: number) => ['health', 'stats', fromDateTime] as const,
  recommended: (tag: string, locale: Locale) => ['health', 'recommended', tag, locale] as const,
  /** The report's frame shows the member's own head (nickname, picture). */
  profileHead: ['account', 'myProfile', 'head'] as const,
};
