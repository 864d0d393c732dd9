import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { ApiError } from '../../../lib/api.ts';
import { acceptFriendRequest } from '../api/accept-friend-request.ts';
import { requestFriend } from '../api/request-friend.ts';
import { FriendButton } from './FriendButton.tsx';

vi.mock('../../../lib/i18n/react.tsx', async () => (await import('../../../test/render.tsx')).i18nMock);
vi.mock('../api/request-friend.ts', () => ({ requestFriend: vi.fn() }));
vi.mock('../api/accept-friend-request.ts', () => ({ acceptFriendRequest: vi.fn() }));

const request = vi.mocked(requestFriend);
const accept = vi.mocked(acceptFriendRequest);

async function click(name: RegExp) {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
}

describe('FriendButton', () => {
  beforeEach(() => {
    request.mockReset();
    accept.mockReset();
  });

  it('Become Friends turns into Requested, and refreshes the lists that show relations', async () => {
    request.mockResolvedValue({ succeed: true, status: 'requested' } as never);
    const { client } = renderWithProviders(<FriendButton userID={5} name="Aoi" relation="none" />);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await click(/memberActions\.request/);
    expect(request).toHaveBeenCalledWith({ userID: 5 });
    expect(screen.getByText('memberActions.requested')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['account', 'friendRequests'],
      ['account', 'friends'],
      ['account', 'members'],
    ]);
  });

  it('becomes Friends at once when the other member had asked first', async () => {
    request.mockResolvedValue({ succeed: true, status: 'friends' } as never);
    renderWithProviders(<FriendButton userID={5} name="Aoi" relation="none" />);
    await click(/memberActions\.request/);
    expect(screen.getByText('memberActions.friends')).toBeTruthy();
  });

  it('Accept answers a request received', async () => {
    accept.mockResolvedValue({ succeed: true } as never);
    renderWithProviders(<FriendButton userID={8} name="Ren" relation="received" />);
    await click(/memberActions\.accept/);
    expect(accept).toHaveBeenCalledWith({ userID: 8 });
    expect(request).not.toHaveBeenCalled();
    expect(screen.getByText('memberActions.friends')).toBeTruthy();
  });

  it('takes the server at its word when the request already exists', async () => {
    request.mockResolvedValue({ succeed: false, errorCode: 'alreadyRequested' } as never);
    renderWithProviders(<FriendButton userID={5} name="Aoi" relation="none" />);
    await click(/memberActions\.request/);
    expect(screen.getByText('memberActions.requested')).toBeTruthy();
  });

  it('says when it failed, and when there were too many requests, and keeps the button', async () => {
    request.mockResolvedValueOnce({ succeed: false, errorCode: 'userNotFound' } as never);
    renderWithProviders(<FriendButton userID={5} name="Aoi" relation="none" />);
    await click(/memberActions\.request/);
    expect(screen.getByRole('status').textContent).toBe('memberActions.failed');
    request.mockRejectedValueOnce(new ApiError('tooManyRequests', 429));
    await click(/memberActions\.request/);
    expect(screen.getByRole('status').textContent).toBe('memberActions.tooMany');
    expect(screen.getByRole('button', { name: /memberActions\.request/ })).toBeTruthy();
  });

  it('shows Requested, Friends and You without a button', () => {
    renderWithProviders(
      <>
        <FriendButton userID={1} name="A" relation="requested" />
        <FriendButton userID={2} name="B" relation="friends" />
        <FriendButton userID={3} name="C" relation="self" />
      </>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('memberActions.requested')).toBeTruthy();
    expect(screen.getByText('memberActions.friends')).toBeTruthy();
    expect(screen.getByText('memberActions.you')).toBeTruthy();
  });
});
