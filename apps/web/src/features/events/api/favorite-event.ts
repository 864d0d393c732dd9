import { call } from '../../../lib/api.ts';

/** Marks an event as a favourite, or not (favoriteContent). */
export const favoriteEvent = (eventId: number, favorite: boolean) => call('favoriteContent', { relType: 'Events', relObjectID: eventId, favorite });
