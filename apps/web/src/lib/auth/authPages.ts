/** After login the user goes back where they were, except from these pages (spec 1 §4). */
export const AUTH_PAGES = [
  '/login',
  '/terms',
  '/resetPassword',
  '/registerMailAddress',
  '/resetPasswordRequested',
  '/registerMailAddressRequested',
  '/signup',
  '/setPassword',
  '/revertEmail',
];
