import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Field } from './Field.tsx';
import { FormError, StatusMessage } from './FormMessage.tsx';

describe('Field', () => {
  it('labels its control and describes it by its hint', () => {
    render(
      <Field label="Password" hint="8 to 128 characters">
        {(control) => <input {...control} type="password" />}
      </Field>,
    );
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    const hint = screen.getByText('8 to 128 characters');
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);
  });

  it('marks the control invalid and describes it by the error first, then the hint', () => {
    render(
      <Field label="Password" hint="8 to 128 characters" error="No password has been entered">
        {(control) => <input {...control} type="password" />}
      </Field>,
    );
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByText('No password has been entered');
    const hint = screen.getByText('8 to 128 characters');
    expect(input.getAttribute('aria-describedby')).toBe(`${error.id} ${hint.id}`);
    // Not an alert unless asked: a form message above announces the failure.
    expect(error.getAttribute('role')).toBeNull();
  });

  it('takes a fixed id, an asterisk, the hint before the control and an announced error', () => {
    render(
      <Field label="Email" id="email" hint="For the link" hintFirst requiredMark error="Mismatch" errorAlert>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText(/Email/);
    expect(input.id).toBe('email');
    expect(document.querySelector('label .required-mark')?.getAttribute('aria-hidden')).toBe('true');
    const field = input.closest('.field')!;
    expect([...field.children].map((c) => c.tagName)).toEqual(['LABEL', 'P', 'INPUT', 'P']);
    expect(screen.getByRole('alert').textContent).toBe('Mismatch');
  });
});

describe('form messages', () => {
  it('FormError shows an alert only with a message', () => {
    const { rerender } = render(<FormError>{null}</FormError>);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FormError>Wrong password</FormError>);
    expect(screen.getByRole('alert').textContent).toBe('Wrong password');
  });

  it('StatusMessage keeps its live region and colours the message by outcome', () => {
    const { rerender } = render(<StatusMessage message={null} />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    rerender(<StatusMessage message={{ text: 'Saved', error: false }} />);
    expect(screen.getByText('Saved').className).toBe('form-success');
    rerender(<StatusMessage message={{ text: 'Failed', error: true }} />);
    expect(screen.getByText('Failed').className).toBe('form-error');
    expect(screen.getByRole('status')).toBe(region);
  });
});
