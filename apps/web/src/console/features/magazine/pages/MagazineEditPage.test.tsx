import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMe, type Me } from '../../../lib/me.ts';
import { issueOf } from '../test-fixtures.ts';
import MagazineEditPage from './MagazineEditPage.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);
const api = vi.hoisted(() => ({ call: vi.fn(), callOrThrow: vi.fn() }));
vi.mock('../../../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api.ts')>()),
  consoleCall: api.call,
  consoleCallOrThrow: api.callOrThrow,
}));
vi.mock('../../../lib/me.ts', () => ({ useMe: vi.fn() }));
// TipTap is no part of these tests: a plain text area stands for the rich-text editor.
vi.mock('../../../components/RichTextEditor.tsx', () => ({
  default: (props: { id: string; label: string; value: string; describedBy?: string; onChange: (html: string) => void }) => (
    <textarea
      id={props.id}
      aria-label={props.label}
      aria-describedby={props.describedBy}
      defaultValue={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    />
  ),
}));

const me = vi.mocked(useMe);
const signedInAs = (role: 'owner' | 'editor' | 'support') =>
  me.mockReturnValue({ operator: { id: 1, role, email: `${role}@example.com`, displayName: role, tenantId: null } } as unknown as Me);

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/magazine/new', element: <MagazineEditPage /> },
      { path: '/magazine/:id', element: <MagazineEditPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const field = (label: string, lang: 'ja' | 'en') =>
  screen.getByLabelText(new RegExp(`"label":"editor\\.${label}","language":"(consoleContent:)?editor\\.languages\\.${lang}"`)) as HTMLInputElement;

afterEach(() => {
  api.call.mockReset();
  api.callOrThrow.mockReset();
});

// docs/requirements/magazine.md#magazine-console
describe('the magazine editor', () => {
  it('saves nothing while the Japanese subject and body are empty, and says which fields stop it', async () => {
    signedInAs('editor');
    renderAt('/magazine/new');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'editor.save' })));
    expect(await screen.findByText('editor.fixErrors')).toBeTruthy();
    expect(field('subject', 'ja').getAttribute('aria-invalid')).toBe('true');
    // The rich text is described by its error (the editor's own element carries no aria-invalid).
    const described = field('body', 'ja').getAttribute('aria-describedby') ?? '';
    expect(described.split(' ').some((id) => document.getElementById(id)?.textContent)).toBe(true);
    // English is optional: members reading in English get the Japanese text.
    expect(field('subject', 'en').getAttribute('aria-invalid')).toBeNull();
    expect(api.call).not.toHaveBeenCalled();
  });

  it('saves a new issue (English left empty is null) and goes to its own address, saying how it was saved', async () => {
    signedInAs('editor');
    api.call.mockResolvedValue({ succeed: true, issueID: 3, state: 'draft' });
    api.callOrThrow.mockImplementation(async (name: string) => {
      if (name === 'getConsoleMagazineIssue')
        return { succeed: true, issue: issueOf({ subject: { ja: '12月号', en: null }, body: { ja: '<p>本文</p>', en: null } }) };
      throw new Error(`unexpected ${name}`);
    });
    const router = renderAt('/magazine/new');
    fireEvent.change(await screen.findByLabelText(/"label":"editor\.subject","language":"editor\.languages\.ja"/), { target: { value: '12月号' } });
    fireEvent.change(await screen.findByLabelText(/"label":"editor\.body","language":"consoleContent:editor\.languages\.ja"/), {
      target: { value: '<p>本文</p>' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'editor.save' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/magazine/3'));
    expect(api.call).toHaveBeenCalledWith('saveMagazineIssue', { subject: { ja: '12月号', en: null }, body: { ja: '<p>本文</p>', en: null } });
    expect(await screen.findByText('editor.saved:{"state":"states.draft"}')).toBeTruthy();
    // Saved: the test mail and the schedule are there now.
    expect(screen.getByRole('button', { name: 'test.button' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'schedule.sendNow' })).toBeTruthy();
  });

  it("shows the server's refusal of a save", async () => {
    signedInAs('owner');
    api.callOrThrow.mockResolvedValue({ succeed: true, issue: issueOf() });
    api.call.mockResolvedValue({ succeed: false, errorCode: 'alreadySent' });
    renderAt('/magazine/3');
    fireEvent.change(await screen.findByLabelText(/"label":"editor\.subject","language":"editor\.languages\.en"/), {
      target: { value: 'New subject' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'editor.save' })));
    expect((await screen.findByRole('alert')).textContent).toBe('editor.alreadySent');
    expect(api.call).toHaveBeenCalledWith('saveMagazineIssue', expect.objectContaining({ issueID: 3 }));
  });

  it('says so when the Japanese body is empty once sanitised (bodyEmpty)', async () => {
    signedInAs('owner');
    api.callOrThrow.mockResolvedValue({ succeed: true, issue: issueOf() });
    api.call.mockResolvedValue({ succeed: false, errorCode: 'bodyEmpty' });
    renderAt('/magazine/3');
    fireEvent.change(await screen.findByLabelText(/"label":"editor\.subject","language":"editor\.languages\.en"/), {
      target: { value: 'New subject' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'editor.save' })));
    expect((await screen.findByRole('alert')).textContent).toBe('editor.bodyEmpty');
  });
});

describe('the magazine by role', () => {
  it('support reads an issue with no write control at all', async () => {
    signedInAs('support');
    api.callOrThrow.mockImplementation(async (name: string) => {
      if (name === 'getConsoleMagazineIssue') return { succeed: true, issue: issueOf({ state: 'scheduled', sendAt: Date.UTC(2026, 11, 24, 0) }) };
      if (name === 'previewMagazineIssue') return { succeed: true, subject: '12月号', html: '<p>本文</p>', text: '本文' };
      throw new Error(`unexpected ${name}`);
    });
    renderAt('/magazine/3');
    expect(await screen.findByText('editor.readOnly')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'editor.save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'test.button' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'schedule.sendNow' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'schedule.cancel' })).toBeNull();
    // The mail's preview, in a sandboxed frame: no scripts, forms or navigation (same origin only for its styles).
    const frame = await screen.findByTestId('magazine-preview-frame');
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toBe('<p>本文</p>');
    expect(api.call).not.toHaveBeenCalled();
  });

  it('an editor gets a sent issue read-only, with its figures', async () => {
    signedInAs('editor');
    api.callOrThrow.mockImplementation(async (name: string) => {
      if (name === 'getConsoleMagazineIssue')
        return {
          succeed: true,
          issue: issueOf({ state: 'sent', sendAt: Date.UTC(2026, 11, 1), sentAt: Date.UTC(2026, 11, 1, 0, 5), recipients: 120 }),
        };
      if (name === 'getMagazineIssueStats')
        return { succeed: true, state: 'sent', stats: { recipients: 120, pending: 0, sent: 115, failed: 1, skipped: 4, unsubscribed: 2 } };
      if (name === 'previewMagazineIssue') return { succeed: true, subject: '12月号', html: '<p>本文</p>', text: '本文' };
      throw new Error(`unexpected ${name}`);
    });
    renderAt('/magazine/3');
    expect(await screen.findByText('editor.readOnlySent')).toBeTruthy();
    expect(await screen.findByText('115')).toBeTruthy();
    expect(screen.getByText('stats.unsubscribed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'editor.save' })).toBeNull();
    expect(screen.queryByText('stats.refreshing')).toBeNull();
  });
});
