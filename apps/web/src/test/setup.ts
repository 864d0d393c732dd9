// Set-up of the web app's component tests (jsdom).
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Testing Library unmounts what a test rendered (its automatic clean-up needs vitest globals, which are off).
afterEach(cleanup);

// jsdom has no <dialog> methods: open and close set the attribute and fire the events the browser fires.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}
