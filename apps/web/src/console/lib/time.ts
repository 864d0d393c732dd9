import { TOKYO_OFFSET_MS } from '@hibi/contract/time';
import { formatDate, formatTime } from '../../lib/format.ts';

/** An instant as "YYYY.MM.DD HH:mm" in Asia/Tokyo (the service's time zone, whatever the operator's computer says). */
export function formatDateTime(epochMs: number): string {
  return `${formatDate(epochMs)} ${formatTime(epochMs)}`;
}

/** An instant as the value of <input type="datetime-local"> in Asia/Tokyo ("YYYY-MM-DDTHH:mm"). */
export function toTokyoInput(epochMs: number): string {
  return new Date(epochMs + TOKYO_OFFSET_MS).toISOString().slice(0, 16);
}

/** The value of a datetime-local input read as Asia/Tokyo wall time; null when empty or not a time. */
export function fromTokyoInput(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}:00.000Z`);
  return Number.isNaN(ms) ? null : ms - TOKYO_OFFSET_MS;
}
