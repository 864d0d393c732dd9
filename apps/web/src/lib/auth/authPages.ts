/** After login the user goes back where they were, except from these pages (docs/requirements/auth.md#auth-login-flow). */
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
