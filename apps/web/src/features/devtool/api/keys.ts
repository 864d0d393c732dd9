/** Every query key of the developer tool; a change the tool makes reloads them all. */
export const devtoolKeys = {
  all: ['devtool'] as const,
  user: ['devtool', 'user'] as const,
  status: ['devtool', 'status'] as const,
  steps: ['devtool', 'steps'] as const,
  matches: ['devtool', 'matches'] as const,
};
