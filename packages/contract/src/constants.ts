/** Business constants shared by the server and the web app (spec 1 §9, spec 2 §9). */

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
  events: 9,
  reservedStrip: 3,
  reserved: 9,
  surveys: 50,
  friends: 9,
} as const;

/** A friend search by nickname takes 1 to 12 characters (a nickname's own limit; one kanji can be a name). */
export const SEARCH_NICKNAME_MAX = 12;

export const MOBILE_BREAKPOINT_PX = 768;
export const HEADER_SCROLLED_AT_PX = 149;
export const HOME_AUTOPLAY_MS = 3000;
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
export const META_DESCRIPTION_MAX = 150;
export const ANCHOR_SCROLL_DELAY_MS = 500;

export const TIME_ZONE = 'Asia/Tokyo';

export const STEPS = {
  barCap: 15000,
  goal: 8000,
  axisLabels: [0, 5000, 8000, 10000],
} as const;

/** Contract types; 5 is the lite plan, whose members may withdraw themselves. */
export const LITE_PLAN_CONTRACT_TYPE = 5;

/** The peer histogram shows only for a group of at least this many members with a score (issue 12, finding 19). */
export const MIN_PEER_GROUP = 5;

/** A link that undoes an email change lives longer than a password link: the old owner may read mail rarely. */
export const EMAIL_REVERT_LINK_LIFETIME_MS = 72 * 60 * 60 * 1000;
