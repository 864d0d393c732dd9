import { fromTokyoInput, toTokyoInput } from '../../lib/time.ts';
import type { PublishMode } from './PublishControls.tsx';

export interface PublishFields {
  publishMode: PublishMode;
  scheduleAt: string;
}

/** The form's publishing fields from a stored item: a draft, scheduled for its time, or published (kept as it was). */
export function publishFieldsOf(item: { publishAt: number | null; state: string } | null, now = Date.now()): PublishFields {
  if (!item || item.publishAt === null || item.state === 'unpublished') return { publishMode: 'draft', scheduleAt: '' };
  if (item.publishAt > now) return { publishMode: 'schedule', scheduleAt: toTokyoInput(item.publishAt) };
  return { publishMode: 'publish', scheduleAt: '' };
}

/**
 * The publish time the payload carries: null for a draft; for "publish", the time it was published when it already was
 * (its date stays), else now; for "schedule", the chosen time (undefined when none was given: the form says so).
 */
export function publishAtOf(
  fields: PublishFields,
  item: { publishAt: number | null; state: string } | null,
  now = Date.now(),
): number | null | undefined {
  if (fields.publishMode === 'draft') return null;
  if (fields.publishMode === 'publish') return item?.state === 'published' && item.publishAt !== null ? item.publishAt : now;
  return fromTokyoInput(fields.scheduleAt) ?? undefined;
}
