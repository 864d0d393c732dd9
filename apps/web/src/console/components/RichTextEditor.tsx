import { useTranslation } from '../../lib/i18n/react.tsx';
import { EditorContent, mergeAttributes, Node, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/**
 * An image from the media library, for the editors that take one in their text (the mail magazine's body:
 * docs/requirements/magazine.md#magazine-console, decision 186): its address and alternative text only, inline.
 */
const Image = Node.create({
  name: 'image',
  inline: true,
  group: 'inline',
  draggable: true,
  addAttributes: () => ({ src: { default: null }, alt: { default: '' } }),
  parseHTML: () => [{ tag: 'img[src]' }],
  renderHTML: ({ HTMLAttributes }) => ['img', mergeAttributes(HTMLAttributes)],
});

export type InsertImage = (image: { src: string; alt: string }) => void;

/**
 * Rich text with TipTap, limited to what the member pages render and the server's sanitiser keeps (decision 097):
 * paragraphs, headings 2–4, bold, italic, underline, strike, bullet and numbered lists, quotes, rules and links
 * (http, https, mailto, tel). No code, images or styles: images and files are a section's own fields.
 * Loaded lazily: only the editor pages pull TipTap in. Its words are consoleContent's `rich.*` (loaded with it).
 * With `onInsertImage` it also takes images (the mail magazine's body): its button asks the page for one (the media
 * picker) and hands over the function that puts it at the cursor.
 */
export default function RichTextEditor({
  id,
  value,
  onChange,
  label,
  describedBy,
  lang,
  onInsertImage,
  insertImageLabel,
}: {
  id: string;
  /** The text it starts with (the editor keeps its own state from then on; a form reset remounts it). */
  value: string;
  onChange: (html: string) => void;
  label: string;
  describedBy?: string | undefined;
  lang: string;
  onInsertImage?: (insert: InsertImage) => void;
  /** The image button's words, the page's own. */
  insertImageLabel?: string;
}) {
  const { t } = useTranslation('consoleContent');
  const editor = useEditor({
    // The page's Content-Security-Policy allows no inline styles: ProseMirror's few rules are in console.css.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'], HTMLAttributes: { target: null, rel: null } },
      }),
      ...(onInsertImage ? [Image] : []),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        lang,
        class: 'console-rich__content',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  return (
    <div className="console-rich">
      {editor && (
        <Toolbar
          editor={editor}
          label={t('rich.toolbar', { label })}
          image={
            onInsertImage && insertImageLabel
              ? {
                  label: insertImageLabel,
                  run: () => onInsertImage((image) => editor.chain().focus().insertContent({ type: 'image', attrs: image }).run()),
                }
              : undefined
          }
        />
      )}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor, label, image }: { editor: Editor; label: string; image?: { label: string; run: () => void } | undefined }) {
  const { t } = useTranslation('consoleContent');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const buttons: { key: string; active?: boolean; run: () => void }[] = [
    { key: 'bold', active: state.bold, run: () => chain().toggleBold().run() },
    { key: 'italic', active: state.italic, run: () => chain().toggleItalic().run() },
    { key: 'underline', active: state.underline, run: () => chain().toggleUnderline().run() },
    { key: 'strike', active: state.strike, run: () => chain().toggleStrike().run() },
    { key: 'h2', active: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'h3', active: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'bullet', active: state.bullet, run: () => chain().toggleBulletList().run() },
    { key: 'ordered', active: state.ordered, run: () => chain().toggleOrderedList().run() },
    { key: 'quote', active: state.quote, run: () => chain().toggleBlockquote().run() },
    {
      key: 'link',
      active: state.link,
      run: () => {
        if (editor.isActive('link')) return void chain().unsetLink().run();
        const href = window.prompt(t('rich.linkPrompt'))?.trim();
        if (!href) return;
        // The same schemes the server keeps; anything else is not linked.
        if (!/^(https?:\/\/|mailto:|tel:|\/(?!\/))/i.test(href)) return;
        chain().extendMarkRange('link').setLink({ href }).run();
      },
    },
    { key: 'rule', run: () => chain().setHorizontalRule().run() },
    { key: 'undo', run: () => chain().undo().run() },
    { key: 'redo', run: () => chain().redo().run() },
  ];
  return (
    <div className="console-rich__toolbar" role="toolbar" aria-label={label}>
      {buttons.map((b) => (
        <button
          key={b.key}
          type="button"
          className="console-rich__button"
          aria-pressed={b.active === undefined ? undefined : b.active}
          onClick={b.run}
        >
          {t(`rich.${b.key}`)}
        </button>
      ))}
      {image && (
        <button type="button" className="console-rich__button" onClick={image.run}>
          {image.label}
        </button>
      )}
    </div>
  );
}
