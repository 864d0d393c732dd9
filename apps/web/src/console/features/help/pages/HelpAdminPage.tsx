import '../help.css';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { currentLocale } from '../../../../lib/i18n.ts';
import { callErrorText } from '../../../lib/forms.ts';
import { useMe } from '../../../lib/me.ts';
import { useFaq, useFaqAction, useHelpPages, type FaqAction } from '../api/help.ts';
import { CategoryForm } from '../components/CategoryForm.tsx';

const pick = (text: { ja: string; en: string | null }) => (currentLocale() === 'en' && text.en ? text.en : text.ja);

/** /help: the FAQ (categories and items in order, with their windows) and the help pages with their terms versions. */
export default function HelpAdminPage() {
  const { t } = useTranslation('consoleHelp');
  const role = useMe()?.operator.role;
  const canEdit = role === 'owner' || role === 'editor';
  const [status, setStatus] = useState<StatusText | null>(null);
  const action = useFaqAction();

  function run(a: FaqAction, done: string) {
    action.mutate(a, {
      onSuccess: () => setStatus({ text: done, error: false }),
      onError: (error) =>
        setStatus({
          text: callErrorText(error, {
            categoryNotEmpty: t('errors.categoryNotEmpty'),
            versionNotNext: t('errors.versionNotNext'),
            termsDraftMissing: t('errors.termsDraftMissing'),
          }),
          error: true,
        }),
    });
  }

  return (
    <div className="console-page help-admin">
      <h1>{t('title')}</h1>
      <StatusMessage message={status} />
      <FaqSection canEdit={canEdit} run={run} busy={action.isPending} />
      <PagesSection canEdit={canEdit} run={run} busy={action.isPending} />
    </div>
  );
}

type Run = (a: FaqAction, done: string) => void;

function FaqSection({ canEdit, run, busy }: { canEdit: boolean; run: Run; busy: boolean }) {
  const { t } = useTranslation('consoleHelp');
  const faq = useFaq();
  const [renaming, setRenaming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<{ id: number; title: string } | null>(null);
  const categories = faq.data?.categories ?? [];
  return (
    <section className="help-admin__section" aria-labelledby="faq-heading">
      <h2 id="faq-heading">{t('faq.title')}</h2>
      <QueryState query={faq} isEmpty={categories.length === 0} empty={t('faq.empty')} error={t('faq.loadError')}>
        <p className="console-muted">{t('faq.today', { day: faq.data?.today ?? '' })}</p>
        <ol className="help-categories">
          {categories.map((c, n) => {
            const title = pick(c.title);
            return (
              <li key={c.id} className="help-category">
                <div className="help-category__head">
                  <h3>{title}</h3>
                  {canEdit && (
                    <div className="help-tools">
                      <button
                        type="button"
                        className="button button--outline button--small"
                        onClick={() => setRenaming(renaming === c.id ? null : c.id)}
                        aria-expanded={renaming === c.id}
                      >
                        {t('faq.rename')}
                        <span className="visually-hidden"> {title}</span>
                      </button>
                      <button
                        type="button"
                        className="button button--outline button--small"
                        disabled={busy || n === 0}
                        onClick={() => run({ action: 'moveCategory', id: c.id, direction: 'up' }, t('faq.moved', { title }))}
                      >
                        {t('faq.up')}
                        <span className="visually-hidden"> {title}</span>
                      </button>
                      <button
                        type="button"
                        className="button button--outline button--small"
                        disabled={busy || n === categories.length - 1}
                        onClick={() => run({ action: 'moveCategory', id: c.id, direction: 'down' }, t('faq.moved', { title }))}
                      >
                        {t('faq.down')}
                        <span className="visually-hidden"> {title}</span>
                      </button>
                      {c.items.length === 0 && (
                        <button type="button" className="button button--danger button--small" onClick={() => setDeleting({ id: c.id, title })}>
                          {t('faq.delete')}
                          <span className="visually-hidden"> {title}</span>
                        </button>
                      )}
                      <Link className="button button--primary button--small" to={`/help/faq/new?category=${c.id}`}>
                        {t('faq.addItem')}
                        <span className="visually-hidden"> ({title})</span>
                      </Link>
                    </div>
                  )}
                </div>
                {renaming === c.id && <CategoryForm id={c.id} initial={c.title} onDone={() => setRenaming(null)} />}
                {c.items.length === 0 ? (
                  <p className="console-muted">{t('faq.noItems')}</p>
                ) : (
                  <ol className="help-items">
                    {c.items.map((item, i) => {
                      const itemTitle = pick(item.title);
                      return (
                        <li key={item.id} className="help-item">
                          <div className="help-item__text">
                            <Link to={`/help/faq/${item.id}`}>{itemTitle}</Link>
                            <span className="console-muted help-item__window">
                              {item.fromDate || item.toDate
                                ? t('faq.window', { from: item.fromDate ?? '…', to: item.toDate ?? '…' })
                                : t('faq.always')}
                              {' · '}
                              {item.shownToday ? t('faq.shown') : t('faq.hidden')}
                            </span>
                          </div>
                          {canEdit && (
                            <div className="help-tools">
                              <button
                                type="button"
                                className="button button--outline button--small"
                                disabled={busy || i === 0}
                                onClick={() => run({ action: 'moveItem', id: item.id, direction: 'up' }, t('faq.moved', { title: itemTitle }))}
                              >
                                {t('faq.up')}
                                <span className="visually-hidden"> {itemTitle}</span>
                              </button>
                              <button
                                type="button"
                                className="button button--outline button--small"
                                disabled={busy || i === c.items.length - 1}
                                onClick={() => run({ action: 'moveItem', id: item.id, direction: 'down' }, t('faq.moved', { title: itemTitle }))}
                              >
                                {t('faq.down')}
                                <span className="visually-hidden"> {itemTitle}</span>
                              </button>
                            </div>
                          )}
                        </li>
                      );
                    })}
                  </ol>
                )}
              </li>
            );
          })}
        </ol>
      </QueryState>
      {canEdit && (
        <div className="help-admin__new">
          <h3>{t('faq.newCategory')}</h3>
          <CategoryForm />
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('faq.deleteCategoryTitle')}
        confirmLabel={t('faq.delete')}
        cancelLabel={t('cancel')}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) run({ action: 'deleteCategory', id: deleting.id }, t('faq.deleted', { title: deleting.title }));
          setDeleting(null);
        }}
      >
        {deleting && <p>{t('faq.deleteCategoryText', { title: deleting.title })}</p>}
      </ConfirmDialog>
    </section>
  );
}

function PagesSection({ canEdit, run, busy }: { canEdit: boolean; run: Run; busy: boolean }) {
  const { t } = useTranslation('consoleHelp');
  const pages = useHelpPages();
  const [confirm, setConfirm] = useState(false);
  const current = pages.data?.termsVersion ?? 0;
  const next = current + 1;
  const termsDraft = pages.data?.pages.some((p) => p.page === 'termsOfUse' && p.language === 'ja' && p.nextDraft) ?? false;
  return (
    <section className="help-admin__section" aria-labelledby="pages-heading">
      <h2 id="pages-heading">{t('pages.title')}</h2>
      <QueryState query={pages} error={t('pages.loadError')}>
        <p>{t('pages.current', { version: current })}</p>
        <ul className="help-pages">
          {pages.data?.pages.map((p) => {
            const name = t('pages.pageIn', { page: t(`pages.names.${p.page}`), language: t(`languages.${p.language}`) });
            return (
              <li key={`${p.page}-${p.language}`} className="help-page-card">
                <h3>{name}</h3>
                <p className="help-page-card__title" lang={p.language}>
                  {p.title}
                </p>
                <p className="console-muted">
                  {t('pages.readVersion', { version: p.version, source: t(`pages.sources.${p.source}`) })}
                  {p.nextDraft && <span className="console-flag console-flag--muted">{t('pages.draftOf', { version: next })}</span>}
                </p>
                <div className="help-tools">
                  <Link className="button button--outline button--small" to={`/help/pages/${p.page}/${p.language}/${current}`}>
                    {canEdit ? t('pages.editCurrent') : t('pages.view')}
                    <span className="visually-hidden"> {name}</span>
                  </Link>
                  {canEdit && (
                    <Link className="button button--outline button--small" to={`/help/pages/${p.page}/${p.language}/${next}`}>
                      {t('pages.editNext', { version: next })}
                      <span className="visually-hidden"> {name}</span>
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        {canEdit && (
          <div className="console-notice help-publish">
            <h3>{t('pages.publishTitle', { version: next })}</h3>
            <p>{t('pages.publishText', { version: next })}</p>
            {!termsDraft && <p className="console-muted">{t('pages.publishNeedsDraft')}</p>}
            <button type="button" className="button button--primary" disabled={!termsDraft || busy} onClick={() => setConfirm(true)}>
              {t('pages.publish', { version: next })}
            </button>
          </div>
        )}
      </QueryState>
      <ConfirmDialog
        open={confirm}
        title={t('pages.publishConfirmTitle', { version: next })}
        confirmLabel={t('pages.publish', { version: next })}
        cancelLabel={t('cancel')}
        busy={busy}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          run({ action: 'publishTerms', version: next }, t('pages.published', { version: next }));
          setConfirm(false);
        }}
      >
        <p>{t('pages.publishConfirmText', { version: next })}</p>
      </ConfirmDialog>
    </section>
  );
}
