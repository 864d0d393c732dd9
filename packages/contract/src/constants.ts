/**
 * Business constants shared by the server and the web app (docs/requirements/README.md#requirements-constants), and the named values of the
 * contract's numeric codes, so both sides compare names instead of raw numbers. zod-free: the web app imports this
 * module at run time. Numbers only the web app uses (breakpoints, timings, chart scales) live in
 * apps/web/src/lib/constants.ts (docs/decisions/085-web-ui-kit-and-api-files.md).
 */

/** Absolute lifetime of a session token and of the stored login (about 31 days). */
export const SESSION_LIFETIME_MS = 26784e5;
/** Lifetime of emailed single-use links. */
export const EMAIL_LINK_LIFETIME_MS = 60 * 60 * 1000;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const LOGIN_ID_MAX = 254;

export const PAGE_SIZE = {
  announcements: 10,
  homeAnnouncements: 5,
  homeEvents: 5,
  homeEventsSignedIn: 3,
  homeLibrary: 9,
  homeLibraryShown: 6,
  libraryNew: 9,
  libraryTag: 9,
  librarySearch: 9,
  events: 9,
  reservedStrip: 3,
  reserved: 9,
  surveys: 50,
  friends: 9,
} as const;

/** A nickname (display name) and a profile comment: at most this many characters. */
export const DISPLAY_NAME_MAX = 12;
export const COMMENT_MAX = 15;

/** A friend search by nickname takes 1 to 12 characters (a nickname's own limit; one kanji can be a name). */
export const SEARCH_NICKNAME_MAX = 12;

export const TIME_ZONE = 'Asia/Tokyo';

/** The daily step goal: the server counts goal days with it, the web app draws it on the charts. */
export const STEPS = {
  goal: 8000,
} as const;

/** Teams under this many members are not ranked in a team match (docs/requirements/account.md#account-teams). */
export const MIN_TEAM_SIZE = 7;

/** Contract types; 5 is the lite plan, whose members may withdraw themselves. */
export const LITE_PLAN_CONTRACT_TYPE = 5;

/** The peer histogram shows only for a group of at least this many members with a score (issue 12, finding 19). */
export const MIN_PEER_GROUP = 5;

/** A link that undoes an email change lives longer than a password link: the old owner may read mail rarely. */
export const EMAIL_REVERT_LINK_LIFETIME_MS = 72 * 60 * 60 * 1000;

/** Schedule types of the events list filter: before (upcoming) = 1, finished = 2, today = 3. */
export const SCHEDULE_TYPES = { before: 1, finished: 2, today: 3 } as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[keyof typeof SCHEDULE_TYPES];
/** providingType of an event: 1 offline, 2 online, 3 both. Of a session: 1 offline, 2 online. */
export const PROVIDING_TYPES = { offline: 1, online: 2, both: 3 } as const;
/** reservationType of a session: 0 time display only (no button), 1 reservation in the app, 2 on an external site. */
export const RESERVATION_TYPES = { display: 0, app: 1, external: 2 } as const;
/** entryUnitType 2: one reservation books a team; anything else books one person. */
export const ENTRY_UNIT_TEAM = 2;

/** sectionType 5 is a link button, 2 a description text (docs/requirements/content.md#content-sections). */
export const SECTION_TYPE = { description: 2, linkButton: 5 } as const;

/** accessTypes of a profile section: 1 disclosed to friends, 0 not (docs/requirements/account.md#account-disclosure). */
export const ACCESS_TYPE = { undisclosed: 0, disclosed: 1 } as const;

/** gender of a profile: 1 male, 2 female; null when not set. */
export const GENDER = { male: 1, female: 2 } as const;

/** The library search: longest query, and most words it uses (words past it are ignored). */
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_TERMS_MAX = 5;

/* Event check-in passes (issue 33, docs/decisions/147-event-check-in.md). */
/** Crockford's base32: digits and capitals without I, L, O and U (read aloud without doubt). */
export const PASS_TOKEN_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A pass token's length: 16 bytes (an opaque id and its MAC) in base32. */
export const PASS_TOKEN_LENGTH = 26;
/** Longest text a check-in takes before it is normalised (spaces and hyphens of a code typed by hand). */
export const PASS_INPUT_MAX = 64;
/** Check-in at the door opens this long before a session starts and closes as it ends (decision 178). */
export const CHECK_IN_OPENS_BEFORE_MS = 3 * 3600_000;
/** The short code typed at the door (decision 178): 50 bits in Crockford's base32, shown as two groups of five. */
export const PASS_CODE_LENGTH = 10;
/** How long a check-in can be undone. */
export const CHECK_IN_UNDO_MS = 60_000;

/** A pass code as typed or read: capitals, without spaces and hyphens, I and L read as 1, O as 0 (Crockford). */
export function normalisePassCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

/** A pass code for reading aloud: the short code as two groups of five, an old 26-character one in groups of four. */
export function formatPassCode(token: string): string {
  if (token.length === PASS_CODE_LENGTH) return `${token.slice(0, 5)}-${token.slice(5)}`;
  return token.replace(/(.{4})(?=.)/g, '$1-');
}

/* Web Push (issue 34, docs/decisions/153-web-push.md). */
/** The kinds of notification a member may take on a device, each chosen on its own. */
export const PUSH_KINDS = [
  'waitingListSeat',
  'eventReminder',
  'importantAnnouncement',
  'newSurvey',
  'teamFormed',
  'programResult',
  'syncReminder',
  'pointsExpiring',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
/** Longest push endpoint accepted (the browsers' push services use well under 600 characters). */
export const PUSH_ENDPOINT_MAX = 1024;
/** Devices kept per member: saving one more forgets the least recently saved. */
export const PUSH_DEVICES_MAX = 20;
