-- Surveys, FAQ and help pages from the operator console (issue 16, items 2 and 3; owner: surveys and help;
-- docs/decisions/120-console-surveys.md, 123-console-help.md).
--
-- Surveys: a draft is kept from members whatever its window; a survey may target several tenants (the tenant_id
-- column keeps the first of them, which the demo seed and older rows fill alone: members see a survey when it is
-- general, or its tenant_id or one of its questionnaire_tenants rows is theirs).
ALTER TABLE questionnaires
  ADD COLUMN is_draft boolean NOT NULL DEFAULT false,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_by text;

CREATE TABLE questionnaire_tenants (
  questionnaire_id integer NOT NULL REFERENCES questionnaires(id) ON DELETE CASCADE,
  tenant_id integer NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  PRIMARY KEY (questionnaire_id, tenant_id)
);
CREATE INDEX questionnaire_tenants_tenant_idx ON questionnaire_tenants (tenant_id);
INSERT INTO questionnaire_tenants (questionnaire_id, tenant_id) SELECT id, tenant_id FROM questionnaires WHERE tenant_id IS NOT NULL;

-- Free-text answers and exports walk the answers of one survey newest first.
CREATE INDEX questionnaire_answers_survey_idx ON questionnaire_answers (questionnaire_id, answered_at DESC, user_id DESC);

-- FAQ: ids of new categories and items come from sequences that start above every seeded id (categories 1000–9000
-- and their items, docs/requirements/help.md#help-faq), so the seed's fixed ids and the console's new ones never meet.
CREATE SEQUENCE faq_categories_id_seq START 10000 OWNED BY faq_categories.id;
ALTER TABLE faq_categories ALTER COLUMN id SET DEFAULT nextval('faq_categories_id_seq');
CREATE SEQUENCE faq_items_id_seq START 100000 OWNED BY faq_items.id;
ALTER TABLE faq_items ALTER COLUMN id SET DEFAULT nextval('faq_items_id_seq');
ALTER TABLE faq_items
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_by text;

-- Help pages written in the console: one row per page, language and terms version. A member reads the row of the
-- newest version not above the current terms version, and the content files (decision 041) where there is none.
-- A row of the version after the current one is a draft of the next terms version until it is published.
CREATE TABLE help_pages (
  page text NOT NULL CHECK (page IN ('termsOfUse', 'websiteTermsOfUse', 'privacyPolicy', 'howToUse', 'about')),
  locale text NOT NULL CHECK (locale IN ('ja', 'en')),
  terms_version integer NOT NULL CHECK (terms_version > 0),
  title text NOT NULL,
  lead text NOT NULL DEFAULT '',
  updated_on date NOT NULL,
  sections jsonb NOT NULL DEFAULT '[]',
  saved_at timestamptz NOT NULL DEFAULT now(),
  saved_by text,
  PRIMARY KEY (page, locale, terms_version)
);
