import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Highlighted, searchWords } from './SearchBox.tsx';

describe('Highlighted', () => {
  it('marks every occurrence of the words, ignoring case', () => {
    const { container } = render(<Highlighted text="Sleep well: better SLEEP, 睡眠の質" words={['sleep', '睡眠']} />);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Sleep', 'SLEEP', '睡眠']);
    expect(container.textContent).toBe('Sleep well: better SLEEP, 睡眠の質');
  });

  it('takes the words literally and never renders markup', () => {
    const { container } = render(<Highlighted text={'<b>100%</b> (a+b)* [x]'} words={['(a+b)*', '%', '[x]', '<b>']} />);
    expect(container.querySelector('b')).toBeNull();
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['<b>', '%', '(a+b)*', '[x]']);
    expect(container.textContent).toBe('<b>100%</b> (a+b)* [x]');
  });

  it('splits a query as the server does (any space, the ideographic one too)', () => {
    expect(searchWords(' 睡眠　食事  sleep ')).toEqual(['睡眠', '食事', 'sleep']);
  });
});
