import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from './ConfirmDialog.tsx';

vi.mock('../lib/i18n/react.tsx', async () => (await import('../test/render.tsx')).i18nMock);

function Harness({ onConfirm = () => {}, busy = false }: { onConfirm?: () => void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <ConfirmDialog
        open={open}
        title="Remove?"
        confirmLabel="Remove"
        cancelLabel="Keep"
        busy={busy}
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
      >
        <p>body text</p>
      </ConfirmDialog>
    </>
  );
}

function openDialog() {
  const opener = screen.getByRole('button', { name: 'open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: document.querySelector('dialog')! };
}

describe('ConfirmDialog', () => {
  it('opens with the focus on the safe answer, shows its body and runs the action', () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    expect(document.querySelector('dialog')!.open).toBe(false);
    const { dialog } = openDialog();
    expect(dialog.open).toBe(true);
    expect(screen.getByText('body text')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('Escape answers no, closes the dialog and gives the focus back to the control that opened it', () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const { opener, dialog } = openDialog();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(dialog.open).toBe(false);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab and Shift+Tab inside the dialog', () => {
    render(<Harness />);
    openDialog();
    const close = screen.getByRole('button', { name: 'common.close' });
    const remove = screen.getByRole('button', { name: 'Remove' });
    remove.focus();
    fireEvent.keyDown(remove, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(remove);
  });

  it('the close button and a click on the backdrop answer no', () => {
    render(<Harness />);
    const { dialog } = openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'common.close' }));
    expect(dialog.open).toBe(false);
    openDialog();
    fireEvent.click(dialog);
    expect(dialog.open).toBe(false);
  });

  it('a running action disables its button', () => {
    render(<Harness busy />);
    openDialog();
    const remove = screen.getByRole('button', { name: 'Remove' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    expect(remove.getAttribute('aria-busy')).toBe('true');
  });
});
