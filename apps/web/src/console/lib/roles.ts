import type { OperatorRole } from '@hibi/contract/console/protocol';

/** Owners and editors write content; support reads it (the server refuses their writes with 403 anyway). */
export function canEditContent(role: OperatorRole | undefined): boolean {
  return role === 'owner' || role === 'editor';
}
