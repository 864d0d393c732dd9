import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Section } from '@hibi/contract/functions/content';
import { Sections, sectionLinkPath } from './Sections.tsx';

vi.mock('../lib/i18n/react.tsx', () => ({
  useTranslation: () => ({ t: (key: string, o?: Record<string, unknown>) => (o ? `${key}:${JSON.stringify(o)}` : key) }),
}));

const base: Section = {
  sectionType: 2,
  subtitle: null,
  comment: null,
  images: [],
  videos: [],
  attachments: [],
  relType: null,
  relObjectID: null,
  relLabel: null,
};

describe('sectionLinkPath', () => {
  it('maps every relType with a page to its route', () => {
    expect(sectionLinkPath('Events', '12')).toBe('/events/12');
    expect(sectionLinkPath('EventList', null)).toBe('/events');
    expect(sectionLinkPath('Announcements', '3')).toBe('/notifications/3');
    expect(sectionLinkPath('ReportArticles', '7')).toBe('/library/7');
    expect(sectionLinkPath('ReportArticleList', null)).toBe('/library/new');
    expect(sectionLinkPath('TaggedReportArticles', 'genre3')).toBe('/library/tag/genre3');
    expect(sectionLinkPath('Questionnaire', '2')).toBe('/surveys/2');
    expect(sectionLinkPath('AdminActionGoals', '1')).toBeNull();
    expect(sectionLinkPath(null, null)).toBeNull();
    // Ids are path segments, never paths of their own.
    expect(sectionLinkPath('ReportArticles', '../admin')).toBe('/library/..%2Fadmin');
  });
});

describe('Sections', () => {
  it('shows a link-button section to an app-only destination (AdminActionGoals) as a notice, not a dead button (issue 13, 3)', () => {
    render(
      <MemoryRouter>
        <Sections
          sections={[
            { ...base, sectionType: 5, relType: 'AdminActionGoals', relObjectID: '4' },
            { ...base, sectionType: 5, relType: 'AdminActionGoals', relObjectID: '5', relLabel: 'Walk 8000 steps' },
          ]}
        />
      </MemoryRouter>,
    );
    const notes = screen.getAllByRole('note');
    expect(notes.map((n) => n.textContent)).toEqual(['rel.inApp', 'rel.labelInApp:{"label":"Walk 8000 steps"}']);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('renders subtitles, comments, link buttons, and reports video plays and attachment opens', () => {
    const onVideoPlay = vi.fn();
    const onAttachmentOpen = vi.fn();
    const sections: Section[] = [
      {
        ...base,
        subtitle: 'Sub',
        comment: '<p>Hello <strong>there</strong></p>',
        videos: [{ videoID: 5, videoUrl: '/media/v.webm', thumbnailImageUrl: '/media/t.svg' }],
        attachments: [{ id: 9, fileName: 'guide.pdf', url: '/media/guide.pdf' }],
      },
      { ...base, sectionType: 5, relType: 'TaggedReportArticles', relObjectID: 'genre4', relLabel: 'More' },
    ];
    render(
      <MemoryRouter>
        <Sections sections={sections} onVideoPlay={onVideoPlay} onAttachmentOpen={onAttachmentOpen} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Sub' })).toBeTruthy();
    expect(screen.getByText('there').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'More' }).getAttribute('href')).toBe('/library/tag/genre4');
    fireEvent.click(screen.getByRole('button', { name: /playVideo/ }));
    expect(onVideoPlay).toHaveBeenCalledWith(5);
    expect(document.querySelector('dialog video')?.getAttribute('src')).toBe('/media/v.webm');
    fireEvent.click(screen.getByRole('link', { name: /guide\.pdf/ }));
    expect(onAttachmentOpen).toHaveBeenCalledWith(9);
  });
});
