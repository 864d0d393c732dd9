import type { OperatorRole } from '@hibi/contract/console/protocol';

/**
 * Every route of the operator console, under /console/ (the router's basename). Each page is its own lazily loaded
 * chunk. `title` names the key console:titles.<title>; `roles` are the operators who see the page (absent: any signed-in
 * operator); `public` pages need no session (sign-in, accepting an invitation).
 */
export interface ConsoleRouteSpec {
  path: string;
  title: string;
  public?: boolean;
  roles?: readonly OperatorRole[];
  load: () => Promise<{ default: React.ComponentType }>;
}

export const EDITORS: readonly OperatorRole[] = ['owner', 'editor'];
export const OWNERS: readonly OperatorRole[] = ['owner'];
/** Owners and support: tenants and invitation codes, members, the mail outbox (issue 16, items 4-6). */
export const PEOPLE: readonly OperatorRole[] = ['owner', 'support'];
/** Every role but `company` (issue 32): a company operator sees its Insights and invitation codes, nothing else. */
export const STAFF: readonly OperatorRole[] = ['owner', 'editor', 'support'];
/** Company insights: owners and support for any tenant, a company operator for its own. */
export const INSIGHTS: readonly OperatorRole[] = ['owner', 'support', 'company'];
export const COMPANY: readonly OperatorRole[] = ['company'];
/** Every role: each operator secures their own sign-in (passkeys, issue 55 and decision 175). */
export const EVERYONE: readonly OperatorRole[] = ['owner', 'editor', 'support', 'company'];

export const consoleRoutes: ConsoleRouteSpec[] = [
  { path: '/signin', title: 'signIn', public: true, load: () => import('../features/auth/pages/SignInPage.tsx') },
  { path: '/enrol', title: 'acceptInvitation', public: true, load: () => import('../features/auth/pages/AcceptInvitationPage.tsx') },
  // Where owners, editors and support land: the week, what needs a decision, how members use it (issue 60).
  { path: '/home', title: 'home', roles: STAFF, load: () => import('../features/home/pages/HomePage.tsx') },
  { path: '/announcements', title: 'announcements', roles: STAFF, load: () => import('../features/content/pages/AnnouncementListPage.tsx') },
  { path: '/announcements/new', title: 'announcementNew', roles: EDITORS, load: () => import('../features/content/pages/AnnouncementEditPage.tsx') },
  { path: '/announcements/:id', title: 'announcementEdit', roles: STAFF, load: () => import('../features/content/pages/AnnouncementEditPage.tsx') },
  { path: '/articles', title: 'articles', roles: STAFF, load: () => import('../features/content/pages/ArticleListPage.tsx') },
  { path: '/articles/new', title: 'articleNew', roles: EDITORS, load: () => import('../features/content/pages/ArticleEditPage.tsx') },
  { path: '/articles/:id', title: 'articleEdit', roles: STAFF, load: () => import('../features/content/pages/ArticleEditPage.tsx') },
  { path: '/operators', title: 'operators', roles: OWNERS, load: () => import('../features/operators/pages/OperatorsPage.tsx') },
  { path: '/audit', title: 'audit', roles: OWNERS, load: () => import('../features/audit/pages/AuditLogPage.tsx') },
  { path: '/events', title: 'events', roles: STAFF, load: () => import('../features/events/pages/EventListPage.tsx') },
  { path: '/events/new', title: 'eventNew', roles: EDITORS, load: () => import('../features/events/pages/EventEditPage.tsx') },
  { path: '/events/:id', title: 'eventEdit', roles: STAFF, load: () => import('../features/events/pages/EventEditPage.tsx') },
  {
    path: '/events/:id/sessions/:sessionId',
    title: 'sessionReservations',
    roles: STAFF,
    load: () => import('../features/events/pages/SessionReservationsPage.tsx'),
  },
  {
    path: '/events/:id/sessions/:sessionId/checkin',
    title: 'checkIn',
    roles: STAFF,
    load: () => import('../features/events/pages/CheckInPage.tsx'),
  },
  { path: '/surveys', title: 'surveys', roles: STAFF, load: () => import('../features/surveys/pages/SurveyListPage.tsx') },
  { path: '/surveys/new', title: 'surveyNew', roles: EDITORS, load: () => import('../features/surveys/pages/SurveyEditPage.tsx') },
  { path: '/surveys/:id', title: 'surveyEdit', roles: STAFF, load: () => import('../features/surveys/pages/SurveyEditPage.tsx') },
  { path: '/surveys/:id/results', title: 'surveyResults', roles: EDITORS, load: () => import('../features/surveys/pages/SurveyResultsPage.tsx') },
  // Everything scheduled, by month or week, each entry linked to its editor (issue 36).
  { path: '/calendar', title: 'calendar', roles: STAFF, load: () => import('../features/calendar/pages/CalendarPage.tsx') },
  { path: '/help', title: 'help', roles: STAFF, load: () => import('../features/help/pages/HelpAdminPage.tsx') },
  { path: '/help/faq/new', title: 'faqItem', roles: EDITORS, load: () => import('../features/help/pages/FaqItemPage.tsx') },
  { path: '/help/faq/:id', title: 'faqItem', roles: STAFF, load: () => import('../features/help/pages/FaqItemPage.tsx') },
  {
    path: '/help/pages/:page/:language/:version',
    title: 'helpPage',
    roles: STAFF,
    load: () => import('../features/help/pages/HelpPageEditPage.tsx'),
  },
  { path: '/tenants', title: 'tenants', roles: PEOPLE, load: () => import('../features/people/pages/TenantsPage.tsx') },
  { path: '/tenants/new', title: 'tenantNew', roles: OWNERS, load: () => import('../features/people/pages/TenantPage.tsx') },
  { path: '/tenants/:id', title: 'tenant', roles: PEOPLE, load: () => import('../features/people/pages/TenantPage.tsx') },
  { path: '/members', title: 'members', roles: PEOPLE, load: () => import('../features/people/pages/MembersPage.tsx') },
  { path: '/members/:id', title: 'member', roles: PEOPLE, load: () => import('../features/people/pages/MemberPage.tsx') },
  { path: '/mail', title: 'mail', roles: PEOPLE, load: () => import('../features/people/pages/OutboxPage.tsx') },
  // The mail magazine (issue 59, docs/requirements/magazine.md#magazine-console): owners and editors write and send, support reads,
  // company operators see nothing.
  { path: '/magazine', title: 'magazine', roles: STAFF, load: () => import('../features/magazine/pages/MagazineListPage.tsx') },
  { path: '/magazine/new', title: 'magazineNew', roles: EDITORS, load: () => import('../features/magazine/pages/MagazineEditPage.tsx') },
  { path: '/magazine/:id', title: 'magazineEdit', roles: STAFF, load: () => import('../features/magazine/pages/MagazineEditPage.tsx') },
  // Programs (issue 57, docs/requirements/programs.md#programs-members): Team Walk rounds, individual challenges with their
  // verifiable draw, unusual step days. Owners and editors write, support reads, company operators see nothing.
  { path: '/programs', title: 'programs', roles: STAFF, load: () => import('../features/programs/pages/TeamMatchListPage.tsx') },
  { path: '/programs/team-walk/new', title: 'teamMatchNew', roles: EDITORS, load: () => import('../features/programs/pages/TeamMatchEditPage.tsx') },
  { path: '/programs/team-walk/:id', title: 'teamMatch', roles: STAFF, load: () => import('../features/programs/pages/TeamMatchPage.tsx') },
  {
    path: '/programs/team-walk/:id/edit',
    title: 'teamMatchEdit',
    roles: EDITORS,
    load: () => import('../features/programs/pages/TeamMatchEditPage.tsx'),
  },
  {
    path: '/programs/challenges',
    title: 'individualMatches',
    roles: STAFF,
    load: () => import('../features/programs/pages/IndividualMatchListPage.tsx'),
  },
  {
    path: '/programs/challenges/new',
    title: 'individualMatchNew',
    roles: EDITORS,
    load: () => import('../features/programs/pages/IndividualMatchEditPage.tsx'),
  },
  {
    path: '/programs/challenges/:id',
    title: 'individualMatch',
    roles: STAFF,
    load: () => import('../features/programs/pages/IndividualMatchPage.tsx'),
  },
  {
    path: '/programs/challenges/:id/edit',
    title: 'individualMatchEdit',
    roles: EDITORS,
    load: () => import('../features/programs/pages/IndividualMatchEditPage.tsx'),
  },
  { path: '/programs/flags', title: 'stepFlags', roles: STAFF, load: () => import('../features/programs/pages/StepFlagsPage.tsx') },
  // Points (issue 58, docs/requirements/points.md): monthly missions, the daily quiz, the exchange's catalogue, campaigns and
  // applications. Owners and editors write, support reads, company operators see nothing.
  { path: '/points', title: 'pointsMissions', roles: STAFF, load: () => import('../features/points/pages/MissionsPage.tsx') },
  { path: '/points/quiz', title: 'quizRounds', roles: STAFF, load: () => import('../features/points/pages/QuizRoundsPage.tsx') },
  { path: '/points/quiz/new', title: 'quizRoundNew', roles: EDITORS, load: () => import('../features/points/pages/QuizRoundEditPage.tsx') },
  { path: '/points/quiz/:id', title: 'quizRound', roles: STAFF, load: () => import('../features/points/pages/QuizRoundPage.tsx') },
  { path: '/points/quiz/:id/edit', title: 'quizRoundEdit', roles: EDITORS, load: () => import('../features/points/pages/QuizRoundEditPage.tsx') },
  { path: '/points/rewards', title: 'rewards', roles: STAFF, load: () => import('../features/points/pages/RewardsPage.tsx') },
  { path: '/points/campaigns', title: 'campaigns', roles: STAFF, load: () => import('../features/points/pages/CampaignsPage.tsx') },
  {
    path: '/points/applications',
    title: 'rewardApplications',
    roles: STAFF,
    load: () => import('../features/points/pages/ApplicationsPage.tsx'),
  },
  // Companies (issue 32).
  { path: '/insights', title: 'insights', roles: INSIGHTS, load: () => import('../features/insights/pages/InsightsPage.tsx') },
  { path: '/codes', title: 'companyCodes', roles: COMPANY, load: () => import('../features/people/pages/CompanyCodesPage.tsx') },
  // The signed-in operator's passkeys; owners also require passkeys for the console (issue 35).
  { path: '/security', title: 'security', roles: EVERYONE, load: () => import('../features/security/pages/SecurityPage.tsx') },
  // Scheduled content as members will see it (issue 36, decision 154).
  { path: '/time-machine', title: 'timeMachine', roles: EDITORS, load: () => import('../features/time-machine/pages/TimeMachinePage.tsx') },
  { path: '*', title: 'notFound', load: () => import('./routes/NotFoundPage.tsx') },
];

/** The navigation of the shell, by role: a support operator reads content but has no operators or audit pages. */
export const consoleNav: { to: string; key: string; roles?: readonly OperatorRole[] }[] = [
  { to: '/home', key: 'nav.home', roles: STAFF },
  { to: '/announcements', key: 'nav.announcements', roles: STAFF },
  { to: '/articles', key: 'nav.articles', roles: STAFF },
  { to: '/events', key: 'nav.events', roles: STAFF },
  { to: '/surveys', key: 'nav.surveys', roles: STAFF },
  { to: '/calendar', key: 'nav.calendar', roles: STAFF },
  { to: '/help', key: 'nav.help', roles: STAFF },
  { to: '/magazine', key: 'nav.magazine', roles: STAFF },
  { to: '/programs', key: 'nav.programs', roles: STAFF },
  { to: '/points', key: 'nav.points', roles: STAFF },
  { to: '/time-machine', key: 'nav.timeMachine', roles: EDITORS },
  { to: '/operators', key: 'nav.operators', roles: OWNERS },
  { to: '/audit', key: 'nav.audit', roles: OWNERS },
  { to: '/tenants', key: 'nav.tenants', roles: PEOPLE },
  { to: '/members', key: 'nav.members', roles: PEOPLE },
  { to: '/mail', key: 'nav.mail', roles: PEOPLE },
  { to: '/insights', key: 'nav.insights', roles: INSIGHTS },
  { to: '/codes', key: 'nav.companyCodes', roles: COMPANY },
  { to: '/security', key: 'nav.security', roles: EVERYONE },
];
