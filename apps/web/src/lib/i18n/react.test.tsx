import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Translator, type Messages } from './core.ts';
import { I18nProvider, Trans, useTranslation } from './react.tsx';

const files: Record<string, Messages> = {
  'ja/common': { title: '日々', hint: '<0>*</0> は必須です。' },
  'en/common': { title: 'Hibi', hint: 'Items marked <0>*</0> are required.', mixed: 'A <1>b <0>c</0></1> <2/>d' },
  'ja/health': { steps_other: '{{count}} 歩' },
  'en/health': { steps_one: 'one step', steps_other: '{{count}} steps' },
};

/** A loader whose files arrive when the test says. */
function slowLoader() {
  const waiting: (() => void)[] = [];
  const loader = (language: string, namespace: string) =>
    new Promise<Messages>((resolve) => waiting.push(() => resolve(files[`${language}/${namespace}`] ?? {})));
  const arrive = async () => {
    await act(async () => {
      while (waiting.length) waiting.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };
  return { loader, arrive };
}

function Steps({ count }: { count: number }) {
  const { t } = useTranslation('health');
  return <p>{t('steps', { count })}</p>;
}

function Title() {
  const { t, i18n } = useTranslation();
  return (
    <h1 lang={i18n.language}>
      {t('title')} {t('health:steps', { count: 1 })}
    </h1>
  );
}

describe('useTranslation (decision 182)', () => {
  it('suspends until its namespace has loaded, then renders its messages', async () => {
    const { loader, arrive } = slowLoader();
    const i18n = new Translator(loader, 'en', { common: files['en/common']! });
    render(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<p>loading</p>}>
          <Steps count={2} />
        </Suspense>
      </I18nProvider>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await arrive();
    expect(screen.getByText('2 steps')).toBeTruthy();
  });

  it('a change of language renders every translated component again, once the namespaces in use are loaded', async () => {
    const { loader, arrive } = slowLoader();
    const i18n = new Translator(loader, 'en', { common: files['en/common']!, health: files['en/health']! });
    render(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<p>loading</p>}>
          <Title />
          <Steps count={1} />
        </Suspense>
      </I18nProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Hibi one step');
    expect(screen.getByText('one step')).toBeTruthy();
    let changed = false;
    const change = i18n.changeLanguage('ja').then(() => (changed = true));
    // The old language stays on screen (no fallback) while the new one loads.
    expect(screen.getByRole('heading').textContent).toBe('Hibi one step');
    await arrive();
    await act(() => change);
    expect(changed).toBe(true);
    expect(screen.getByRole('heading').textContent).toBe('日々 1 歩');
    expect(screen.getByRole('heading').getAttribute('lang')).toBe('ja');
    expect(screen.getByText('1 歩')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('each provider its own language: a server render per request shares nothing', async () => {
    const loader = async (language: string, namespace: string) => files[`${language}/${namespace}`] ?? {};
    const ja = new Translator(loader, 'ja');
    const en = new Translator(loader, 'en');
    await Promise.all([ja.loadNamespaces(['common', 'health']), en.loadNamespaces(['common', 'health'])]);
    const page = (i18n: Translator) =>
      renderToString(
        <I18nProvider i18n={i18n}>
          <Title />
        </I18nProvider>,
      );
    expect(page(ja)).toBe('<h1 lang="ja">日々<!-- --> <!-- -->1 歩</h1>');
    expect(page(en)).toBe('<h1 lang="en">Hibi<!-- --> <!-- -->one step</h1>');
  });
});

describe('Trans', () => {
  it('fills the numbered tags with the given elements', async () => {
    const loader = async (language: string, namespace: string) => files[`${language}/${namespace}`] ?? {};
    const en = new Translator(loader, 'en');
    await en.loadNamespaces('common');
    function Hint({ k = 'hint' }: { k?: string }) {
      const { t } = useTranslation('common');
      return (
        <p data-testid={k}>
          <Trans t={t} i18nKey={k} components={[<span className="mark" key="m" />, <em key="e" />, <br key="b" />]} />
        </p>
      );
    }
    render(
      <I18nProvider i18n={en}>
        <Hint />
        <Hint k="mixed" />
        <Hint k="missing" />
      </I18nProvider>,
    );
    expect(screen.getByTestId('hint').innerHTML).toBe('Items marked <span class="mark">*</span> are required.');
    expect(screen.getByTestId('mixed').innerHTML).toBe('A <em>b <span class="mark">c</span></em> <br>d');
    expect(screen.getByTestId('missing').innerHTML).toBe('missing');
  });
});
