// The schema object drizzle needs; each domain owns its own file.
export * from './core.ts';
export * from './content.ts';
export * from './events.ts';
export * from './health.ts';
export * from './account.ts';
export * from './surveys.ts';
export * from './lifecycle.ts';
export * from './magazine.ts';
export * from './programs.ts';
