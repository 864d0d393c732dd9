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

export const consoleRoutes: ConsoleRouteSpec[] = [
  { path: '/signin', title: 'signIn', public: true, load: () => import('../features/auth/pages/SignInPage.tsx') },
  { path: '/enrol', title: 'acceptInvitation', public: true, load: () => import('../features/auth/pages/AcceptInvitationPage.tsx') },
  { path: '/announcements', title: 'announcements', load: () => import('../features/content/pages/AnnouncementListPage.tsx') },
  { path: '/announcements/new', title: 'announcementNew', roles: EDITORS, load: () => import('../features/content/pages/AnnouncementEditPage.tsx') },
  { path: '/announcements/:id', title: 'announcementEdit', load: () => import('../features/content/pages/AnnouncementEditPage.tsx') },
  { path: '/articles', title: 'articles', load: () => import('../features/content/pages/ArticleListPage.tsx') },
  { path: '/articles/new', title: 'articleNew', roles: EDITORS, load: () => import('../features/content/pages/ArticleEditPage.tsx') },
  { path: '/articles/:id', title: 'articleEdit', load: () => import('../features/content/pages/ArticleEditPage.tsx') },
  { path: '/operators', title: 'operators', roles: OWNERS, load: () => import('../features/operators/pages/OperatorsPage.tsx') },
  { path: '/audit', title: 'audit', roles: OWNERS, load: () => import('../features/audit/pages/AuditLogPage.tsx') },
  { path: '/events', title: 'events', load: () => import('../features/content/pages/EventListPage.tsx') },
  { path: '/events/new', title: 'eventNew', roles: EDITORS, load: () => import('../features/content/pages/EventEditPage.tsx') },
  { path: '/events/:id', title: 'eventEdit', load: () => import('../features/content/pages/EventEditPage.tsx') },
  {
    path: '/events/:id/sessions/:sessionId',
    title: 'sessionReservations',
    load: () => import('../features/content/pages/SessionReservationsPage.tsx'),
  },
  {
    path: '/events/:id/sessions/:sessionId/checkin',
    title: 'checkIn',
    load: () => import('../features/content/pages/CheckInPage.tsx'),
  },
  { path: '/surveys', title: 'surveys', load: () => import('../features/surveys/pages/SurveyListPage.tsx') },
  { path: '/surveys/new', title: 'surveyNew', roles: EDITORS, load: () => import('../features/surveys/pages/SurveyEditPage.tsx') },
  { path: '/surveys/:id', title: 'surveyEdit', load: () => import('../features/surveys/pages/SurveyEditPage.tsx') },
  { path: '/surveys/:id/results', title: 'surveyResults', roles: EDITORS, load: () => import('../features/surveys/pages/SurveyResultsPage.tsx') },
  { path: '/help', title: 'help', load: () => import('../features/help/pages/HelpAdminPage.tsx') },
  { path: '/help/faq/new', title: 'faqItem', roles: EDITORS, load: () => import('../features/help/pages/FaqItemPage.tsx') },
  { path: '/help/faq/:id', title: 'faqItem', load: () => import('../features/help/pages/FaqItemPage.tsx') },
  { path: '/help/pages/:page/:language/:version', title: 'helpPage', load: () => import('../features/help/pages/HelpPageEditPage.tsx') },
  { path: '/tenants', title: 'tenants', roles: PEOPLE, load: () => import('../features/tenants/pages/TenantsPage.tsx') },
  { path: '/tenants/new', title: 'tenantNew', roles: OWNERS, load: () => import('../features/tenants/pages/TenantPage.tsx') },
  { path: '/tenants/:id', title: 'tenant', roles: PEOPLE, load: () => import('../features/tenants/pages/TenantPage.tsx') },
  { path: '/members', title: 'members', roles: PEOPLE, load: () => import('../features/members/pages/MembersPage.tsx') },
  { path: '/members/:id', title: 'member', roles: PEOPLE, load: () => import('../features/members/pages/MemberPage.tsx') },
  { path: '/mail', title: 'mail', roles: PEOPLE, load: () => import('../features/mail/pages/OutboxPage.tsx') },
  { path: '*', title: 'notFound', load: () => import('./routes/NotFoundPage.tsx') },
];

/** The navigation of the shell, by role: a support operator reads content but has no operators or audit pages. */
export const consoleNav: { to: string; key: string; roles?: readonly OperatorRole[] }[] = [
  { to: '/announcements', key: 'nav.announcements' },
  { to: '/articles', key: 'nav.articles' },
  { to: '/events', key: 'nav.events' },
  { to: '/surveys', key: 'nav.surveys' },
  { to: '/help', key: 'nav.help' },
  { to: '/operators', key: 'nav.operators', roles: OWNERS },
  { to: '/audit', key: 'nav.audit', roles: OWNERS },
  { to: '/tenants', key: 'nav.tenants', roles: PEOPLE },
  { to: '/members', key: 'nav.members', roles: PEOPLE },
  { to: '/mail', key: 'nav.mail', roles: PEOPLE },
];
