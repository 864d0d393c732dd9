-- The exchange (issue 58, docs/requirements/points.md#points-exchange): the catalogue of rewards, campaigns (windows
-- that never overlap: the service checks) with their own items and prices, and members' applications. An application
-- takes one unit of stock (`UPDATE rewards SET stock = stock - 1 ... WHERE stock > 0`, so stock never goes below 0)
-- and its points (an `exchange` ledger entry) in one transaction. A physical reward's shipping address is kept on the
-- application until 90 days after shipping; then maintenance empties its columns and stamps address_deleted_at.
CREATE TABLE rewards (
  id serial PRIMARY KEY,
  name_ja text NOT NULL,
  name_en text,
  description_ja text NOT NULL,
  description_en text,
  -- A picture from the media library, served at /media/uploads/<stored_name>.
  image_id integer REFERENCES media(id) ON DELETE SET NULL,
  image_alt_ja text,
  image_alt_en text,
  kind text NOT NULL CHECK (kind IN ('physical', 'digital')),
  points integer NOT NULL CHECK (points BETWEEN 1 AND 100000),
  stock integer NOT NULL CHECK (stock >= 0),
  -- Tokyo days; null: open-ended.
  available_from date,
  available_to date,
  CHECK (available_from IS NULL OR available_to IS NULL OR available_to >= available_from),
  -- Only offered through a campaign that lists it.
  campaign_only boolean NOT NULL DEFAULT false,
  published boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text
);
CREATE INDEX rewards_created_idx ON rewards (created_at DESC, id DESC);

CREATE TABLE reward_campaigns (
  id serial PRIMARY KEY,
  name_ja text NOT NULL,
  name_en text,
  start_date date NOT NULL,
  end_date date NOT NULL CHECK (end_date >= start_date),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text
);
CREATE INDEX reward_campaigns_dates_idx ON reward_campaigns (start_date, end_date);

CREATE TABLE reward_campaign_items (
  campaign_id integer NOT NULL REFERENCES reward_campaigns(id) ON DELETE CASCADE,
  reward_id integer NOT NULL REFERENCES rewards(id) ON DELETE CASCADE,
  -- The campaign's price; null: the regular price.
  points integer CHECK (points IS NULL OR points BETWEEN 1 AND 100000),
  position smallint NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, reward_id)
);
CREATE INDEX reward_campaign_items_reward_idx ON reward_campaign_items (reward_id);

CREATE TABLE reward_applications (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reward_id integer NOT NULL REFERENCES rewards(id),
  -- The campaign the price came from, if any.
  campaign_id integer REFERENCES reward_campaigns(id) ON DELETE SET NULL,
  -- Points paid (the `exchange` entry took them; a cancellation gives them back).
  points integer NOT NULL CHECK (points BETWEEN 1 AND 100000),
  status text NOT NULL DEFAULT 'applied' CHECK (status IN ('applied', 'shipped', 'cancelled')),
  applied_at timestamptz NOT NULL,
  -- The FAQ's estimate at application (deliveryEstimate in the contract): the month and mid or late.
  estimate_month text NOT NULL CHECK (estimate_month ~ '^[0-9]{4}-[0-9]{2}$'),
  estimate_part text NOT NULL CHECK (estimate_part IN ('mid', 'late')),
  shipped_at timestamptz,
  cancelled_at timestamptz,
  -- The shipping address of a physical reward (normalised by the contract's schema); null for a digital one and
  -- after address_deleted_at (90 days after shipping).
  postal_code text CHECK (postal_code IS NULL OR postal_code ~ '^[0-9]{3}-[0-9]{4}$'),
  prefecture smallint CHECK (prefecture IS NULL OR prefecture BETWEEN 1 AND 47),
  line1 text,
  line2 text,
  name text,
  phone text CHECK (phone IS NULL OR phone ~ '^0[0-9]{9,10}$'),
  address_deleted_at timestamptz,
  CHECK ((status = 'shipped') = (shipped_at IS NOT NULL)),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
);
-- A member's applications, newest first.
CREATE INDEX reward_applications_user_idx ON reward_applications (user_id, id DESC);
-- The office's list and export by status, oldest applied first; counts per reward.
CREATE INDEX reward_applications_status_idx ON reward_applications (status, applied_at, id);
CREATE INDEX reward_applications_reward_idx ON reward_applications (reward_id, status);
-- Maintenance: shipped applications whose address is still held.
CREATE INDEX reward_applications_address_idx ON reward_applications (shipped_at) WHERE postal_code IS NOT NULL;
