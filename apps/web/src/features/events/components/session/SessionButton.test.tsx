import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { EventSession } from '@hibi/contract/functions/events';
import { SessionButton } from './SessionButton.tsx';
import { WaitingList } from './WaitingList.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);

const base: EventSession = {
  id: 7,
  title: 'Morning walk',
  providingType: 1,
  reservationType: 1,
  startDateTime: 0,
  endDateTime: 3_600_000,
  entryUnitType: 1,
  capacity: 10,
  reservedCount: 10,
  url: null,
  participant: null,
  button: { kind: 'reserve', enabled: true },
  waitingListCount: 0,
  waitingPosition: null,
};

function renderButton(session: Partial<EventSession>, busy = false) {
  const onReserve = vi.fn();
  const onCancel = vi.fn();
  render(<SessionButton session={{ ...base, ...session }} busy={busy} onReserve={onReserve} onCancel={onCancel} />);
  return { onReserve, onCancel };
}

describe('SessionButton', () => {
  it('reserves when the server offers booking', () => {
    const { onReserve, onCancel } = renderButton({});
    fireEvent.click(screen.getByRole('button', { name: 'button.reserve' }));
    expect(onReserve).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('is busy while the call runs', () => {
    renderButton({}, true);
    const button = screen.getByRole('button', { name: 'button.working' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('is a disabled Full or Ended when the server says so', () => {
    renderButton({ button: { kind: 'full', enabled: false } });
    expect((screen.getByRole('button', { name: 'button.full' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('cancels a booked session', () => {
    const { onCancel, onReserve } = renderButton({ button: { kind: 'cancel', enabled: true }, participant: { reservationID: 3 } });
    fireEvent.click(screen.getByRole('button', { name: 'button.cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onReserve).not.toHaveBeenCalled();
  });

  it('outside the booking window stays a disabled Reserve described by its note', () => {
    renderButton({ button: { kind: 'notOpen', enabled: false } });
    const button = screen.getByRole('button', { name: 'button.notOpen' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('button.cannotBookNow');
  });

  it('links to the external site in a new tab', () => {
    renderButton({ reservationType: 2, url: 'https://example.com/book', button: { kind: 'external', enabled: true } });
    const link = screen.getByRole('link', { name: /button\.external/ });
    expect(link.getAttribute('href')).toBe('https://example.com/book');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.className).toContain('button--primary');
  });

  it('shows nothing for a time-only session', () => {
    const { container } = render(
      <SessionButton session={{ ...base, reservationType: 0, button: null }} busy={false} onReserve={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(container.textContent).toBe('');
  });
});

describe('WaitingList', () => {
  it('under a full session offers to join, with how many wait', () => {
    const onJoin = vi.fn();
    render(
      <WaitingList
        session={{ ...base, button: { kind: 'full', enabled: false }, waitingListCount: 2 }}
        busy={false}
        onJoin={onJoin}
        onLeave={vi.fn()}
      />,
    );
    expect(screen.getByText('waiting.count:{"count":2}')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'waiting.join' }));
    expect(onJoin).toHaveBeenCalledTimes(1);
  });

  it('shows the place in line with a way to leave', () => {
    const onLeave = vi.fn();
    render(
      <WaitingList
        session={{ ...base, button: { kind: 'full', enabled: false }, waitingPosition: 1 }}
        busy={false}
        onJoin={vi.fn()}
        onLeave={onLeave}
      />,
    );
    expect(screen.getByText('waiting.position:{"position":1}')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'waiting.leave' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it('is not there for a session with seats or one the member booked', () => {
    const { container, rerender } = render(<WaitingList session={base} busy={false} onJoin={vi.fn()} onLeave={vi.fn()} />);
    expect(container.textContent).toBe('');
    rerender(
      <WaitingList
        session={{ ...base, button: { kind: 'full', enabled: false }, participant: { reservationID: 1 } }}
        busy={false}
        onJoin={vi.fn()}
        onLeave={vi.fn()}
      />,
    );
    expect(container.textContent).toBe('');
  });
});
