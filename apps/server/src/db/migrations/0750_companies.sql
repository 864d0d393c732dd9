-- Companies (issue 32, docs/requirements/insights.md#insights-company-role, decision 146): the `company` operator role bound to one tenant, and the
-- end of a tenant's contract with the purge of its members' personal data 90 days later.

ALTER TABLE operators DROP CONSTRAINT operators_role_check;
ALTER TABLE operators ADD CONSTRAINT operators_role_check CHECK (role IN ('owner', 'editor', 'support', 'company'));
-- A company operator's one tenant; only company operators have one.
ALTER TABLE operators ADD COLUMN tenant_id integer REFERENCES tenants(id);
ALTER TABLE operators ADD CONSTRAINT operators_company_tenant CHECK ((role = 'company') = (tenant_id IS NOT NULL));

-- Null: open-ended. From contract_ends_at members cannot sign in; at contract_ends_at + 90 days maintenance purges
-- the members' personal data and sets purged_at (after which the tenant cannot change).
ALTER TABLE tenants ADD COLUMN contract_ends_at timestamptz;
ALTER TABLE tenants ADD COLUMN purged_at timestamptz;
CREATE INDEX tenants_contract_ends_idx ON tenants (contract_ends_at) WHERE contract_ends_at IS NOT NULL AND purged_at IS NULL;
