import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import RichTextEditor, { type InsertImage } from './RichTextEditor.tsx';

vi.mock('../../lib/i18n/react.tsx', async () => (await import('../../test/render.tsx')).i18nMock);

// decision 186: the mail magazine's body takes images from the media library; the other editors do not.
describe('RichTextEditor images', () => {
  // jsdom lays nothing out: ProseMirror's scroll into view after an insert asks nodes and ranges for their boxes, which
  // jsdom does not have (an uncaught error after the test, when it runs late on a loaded machine). Empty boxes here.
  beforeAll(() => {
    const empty = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
    const box = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
    for (const proto of [Range.prototype, Element.prototype, Text.prototype] as unknown as Record<string, unknown>[]) {
      proto.getClientRects ??= empty;
      proto.getBoundingClientRect ??= box;
    }
  });

  it('puts the picked image at the cursor when the page asks for images', async () => {
    const onChange = vi.fn();
    let insert: InsertImage | null = null;
    render(
      <RichTextEditor
        id="body-ja"
        value="<p>Hello</p>"
        onChange={onChange}
        label="Body"
        lang="ja"
        onInsertImage={(given) => {
          insert = given;
        }}
        insertImageLabel="Insert an image"
      />,
    );
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Insert an image' })));
    expect(insert).not.toBeNull();
    await act(async () => insert!({ src: '/media/walk.png', alt: 'A walk' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.stringMatching(/<img src="\/media\/walk\.png" alt="A walk">/));
  });

  it('has no image button without the page asking', async () => {
    render(<RichTextEditor id="c" value="<p>Hello</p>" onChange={() => {}} label="Text" lang="ja" />);
    await screen.findByRole('toolbar');
    expect(screen.queryByRole('button', { name: 'Insert an image' })).toBeNull();
  });
});
