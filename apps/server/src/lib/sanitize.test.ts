import { describe, expect, it } from 'vitest';
import { richTextWithLineBreaks, sanitizeRichText } from './sanitize.ts';

describe('sanitizeRichText', () => {
  it('drops scripts, event handlers, styles and javascript: URLs', () => {
    const dirty =
      '<p onclick="alert(1)" style="color:red">Hi<script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a></p>';
    const clean = sanitizeRichText(dirty);
    expect(clean).toBe('<p>Hi<a>x</a></p>');
  });
  it('keeps safe links and adds rel to new-tab links', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
  it('normalises target in any case and always sets rel="noopener noreferrer" on a link with a target (issue 12, 18)', () => {
    expect(sanitizeRichText('<a href="https://x.example" target="_BLANK" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://x.example" target=" _Blank " rel="opener noreferrer">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    // Any other target (a named window, _parent, _top) is dropped, and so is a rel without a target.
    expect(sanitizeRichText('<a href="https://x.example" target="evil" rel="opener">x</a>')).toBe('<a href="https://x.example">x</a>');
    expect(sanitizeRichText('<a href="/faq" target="_top">FAQ</a>')).toBe('<a href="/faq">FAQ</a>');
  });

  it('turns line breaks into <br>', () => {
    expect(richTextWithLineBreaks('a\nb')).toBe('a<br />b');
  });
});
