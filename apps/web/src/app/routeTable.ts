/**
 * Every route of the app (docs/requirements/web.md#web-routes). Each page is its own lazily loaded chunk.
 * `meta` names the keys meta.<meta>.title / meta.<meta>.description in the common messages;
 * `auth` routes show the login-required message to guests instead of their content.
 */
export interface RouteSpec {
  path: string;
  meta: string;
  auth?: boolean;
  load?: () => Promise<{ default: React.ComponentType }>;
  redirect?: string;
  /** Rendered in the browser only (a screen of this browser's own state: the signup draft, the history entry's state). */
  clientOnly?: boolean;
  children?: RouteSpec[];
}

/** A points screen, through the points' own loader module (features/points/pages.ts). */
const points = (page: keyof typeof import('../features/points/pages.ts').pointsPages) =>
  import('../features/points/pages.ts').then((m) => m.pointsPages[page]());

/** A programs screen, through the programs' own loader module (features/programs/pages.ts). */
const programs = (page: keyof typeof import('../features/programs/pages.ts').programsPages) =>
  import('../features/programs/pages.ts').then((m) => m.programsPages[page]());

export const routeTable: RouteSpec[] = [
  { path: '/', meta: 'home', load: () => import('./routes/HomePage.tsx') },
  { path: '/login', meta: 'signin', load: () => import('../features/auth/pages/LoginPage.tsx') },
  { path: '/terms', meta: 'terms', load: () => import('../features/auth/pages/TermsPage.tsx') },
  { path: '/signup', meta: 'signup', redirect: '/signup/form' },
  { path: '/signup/form', meta: 'signup', clientOnly: true, load: () => import('../features/signup/pages/SignupFormPage.tsx') },
  { path: '/signup/confirm', meta: 'signupConfirm', clientOnly: true, load: () => import('../features/signup/pages/SignupConfirmPage.tsx') },
  { path: '/signup/complete', meta: 'signupComplete', clientOnly: true, load: () => import('../features/signup/pages/SignupCompletePage.tsx') },
  { path: '/notifications', meta: 'announcements', load: () => import('../features/announcements/pages/AnnouncementsPage.tsx') },
  { path: '/notifications/:id', meta: 'announcement', load: () => import('../features/announcements/pages/AnnouncementPage.tsx') },
  { path: '/library', meta: 'library', load: () => import('../features/library/pages/LibraryIndexPage.tsx') },
  { path: '/library/new', meta: 'libraries', load: () => import('../features/library/pages/LibraryNewPage.tsx') },
  { path: '/library/ranking', meta: 'libraryRanking', load: () => import('../features/library/pages/LibraryRankingPage.tsx') },
  { path: '/library/search', meta: 'librarySearch', load: () => import('../features/library/pages/LibrarySearchPage.tsx') },
  { path: '/library/tag/:id', meta: 'libraryTag', load: () => import('../features/library/pages/LibraryTagPage.tsx') },
  { path: '/library/:id', meta: 'libraryArticle', load: () => import('../features/library/pages/LibraryArticlePage.tsx') },
  { path: '/events', meta: 'events', load: () => import('../features/events/pages/EventsPage.tsx') },
  { path: '/events/reserved', meta: 'eventsReserved', load: () => import('../features/events/pages/EventsReservedPage.tsx') },
  { path: '/events/:id', meta: 'event', load: () => import('../features/events/pages/EventPage.tsx') },
  { path: '/surveys', meta: 'surveys', load: () => import('../features/surveys/pages/SurveysPage.tsx') },
  { path: '/surveys/:id', meta: 'survey', load: () => import('../features/surveys/pages/SurveyPage.tsx') },
  { path: '/surveys/:id/thanks', meta: 'surveyThanks', load: () => import('../features/surveys/pages/SurveyThanksPage.tsx') },
  { path: '/account', meta: 'profile', auth: true, redirect: '/account/profile' },
  { path: '/account/profile', meta: 'profile', auth: true, load: () => import('../features/account/pages/ProfilePage.tsx') },
  { path: '/account/friends', meta: 'friends', auth: true, load: () => import('../features/account/pages/FriendsPage.tsx') },
  { path: '/account/friends/:id', meta: 'friendProfile', auth: true, load: () => import('../features/account/pages/FriendProfilePage.tsx') },
  { path: '/account/walking', meta: 'walkingRanking', auth: true, load: () => import('../features/account/pages/WalkingRankingPage.tsx') },
  { path: '/account/healthStats', meta: 'healthStats', auth: true, load: () => import('../features/health/pages/HealthStatsPage.tsx') },
  // The mail magazine's past issues, and the public page of its mails' unsubscribe link (docs/requirements/magazine.md#magazine-members,
  // #magazine-unsubscribe): no sign-in and no terms (lib/auth/termsGate.ts).
  { path: '/magazine', meta: 'magazine', auth: true, load: () => import('../features/magazine/pages/MagazineIssuesPage.tsx') },
  { path: '/magazine/unsubscribe', meta: 'magazineUnsubscribe', load: () => import('../features/magazine/pages/MagazineUnsubscribePage.tsx') },
  { path: '/magazine/:issueID', meta: 'magazineIssue', auth: true, load: () => import('../features/magazine/pages/MagazineIssuePage.tsx') },
  // Team Walk and walking challenges (docs/requirements/programs.md#programs-members): the list and the round pages.
  { path: '/programs', meta: 'programs', auth: true, load: () => programs('list') },
  { path: '/programs/team-walk/:teamMatchID', meta: 'programs', auth: true, load: () => programs('teamWalk') },
  {
    path: '/programs/challenges/:individualMatchID',
    meta: 'programs',
    auth: true,
    load: () => programs('challenge'),
  },
  // Points (docs/requirements/points.md#points-members): the balance and ledger, missions and the stamp card, the daily
  // quiz, the rewards with the application form, and the member's applications.
  { path: '/points', meta: 'points', auth: true, load: () => points('points') },
  { path: '/points/missions', meta: 'missions', auth: true, load: () => points('missions') },
  { path: '/quiz', meta: 'quiz', auth: true, load: () => points('quiz') },
  { path: '/rewards', meta: 'rewards', auth: true, load: () => points('rewards') },
  { path: '/rewards/applications', meta: 'rewardApplications', auth: true, load: () => points('applications') },
  { path: '/rewards/:rewardID', meta: 'rewardApply', auth: true, load: () => points('apply') },
  { path: '/faq', meta: 'faq', load: () => import('../features/help/pages/FaqPage.tsx') },
  { path: '/terms-of-use', meta: 'termsOfService', load: () => import('../features/help/pages/TermsOfUsePage.tsx') },
  { path: '/website-terms-of-use', meta: 'websiteTermsOfUse', load: () => import('../features/help/pages/WebsiteTermsPage.tsx') },
  { path: '/privacy-policy', meta: 'privacyPolicy', load: () => import('../features/help/pages/PrivacyPolicyPage.tsx') },
  { path: '/about-hibi', meta: 'about', load: () => import('../features/help/pages/AboutPage.tsx') },
  { path: '/how-to-use', meta: 'howToUse', load: () => import('../features/help/pages/HowToUsePage.tsx') },
  { path: '/resetPassword', meta: 'resetPassword', load: () => import('../features/password/pages/ResetPasswordPage.tsx') },
  {
    path: '/resetPasswordRequested',
    meta: 'resetPasswordRequested',
    load: () => import('../features/password/pages/ResetPasswordRequestedPage.tsx'),
  },
  { path: '/registerMailAddress', meta: 'registerMailAddress', load: () => import('../features/password/pages/RegisterMailAddressPage.tsx') },
  {
    path: '/registerMailAddressRequested',
    meta: 'registerMailAddressRequested',
    load: () => import('../features/password/pages/RegisterMailAddressRequestedPage.tsx'),
  },
  { path: '/setPassword', meta: 'setPassword', load: () => import('../features/password/pages/SetPasswordPage.tsx') },
  { path: '/revertEmail', meta: 'revertEmail', load: () => import('../features/password/pages/RevertEmailPage.tsx') },
  { path: '/notFound', meta: 'notFound', load: () => import('./routes/NotFoundPage.tsx') },
  // Last: the developer tool (a hidden path the page checks with the server), then every other path.
  { path: '*', meta: 'notFound', load: () => import('./routes/CatchAllPage.tsx') },
];
