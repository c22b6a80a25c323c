-- Initial schema: every table of the product. Later features add migrations 00NN_<feature>.sql.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE districts (
  id serial PRIMARY KEY,
  name text NOT NULL,
  state text NOT NULL,
  kind text NOT NULL DEFAULT 'Bezirk',
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX districts_name_unique ON districts (name);

CREATE TABLE users (
  id serial PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('company', 'consultant', 'admin')),
  description text,
  services jsonb NOT NULL DEFAULT '[]'::jsonb,
  public boolean NOT NULL DEFAULT false,
  profile_img_id integer,
  confirmed boolean NOT NULL DEFAULT false,
  blocked boolean NOT NULL DEFAULT false,
  -- bumped on password change/reset: tokens carrying an older version are refused
  token_version integer NOT NULL DEFAULT 0,
  last_login timestamptz(3),
  last_seen_at timestamptz(3),
  retention_warned_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));
CREATE UNIQUE INDEX users_username_unique ON users (lower(username));
CREATE INDEX users_public_idx ON users (public) WHERE public;

CREATE TABLE auth_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('email_confirmation', 'password_reset')),
  token_hash text NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  used_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX auth_tokens_hash_unique ON auth_tokens (token_hash);
CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id, purpose);

CREATE TABLE uploads (
  id serial PRIMARY KEY,
  owner_id integer REFERENCES users(id) ON DELETE SET NULL,
  purpose text NOT NULL CHECK (purpose IN ('profile_image', 'chat_file', 'job_attachment')),
  storage_key text NOT NULL,
  original_name text NOT NULL,
  ext text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX uploads_storage_key_unique ON uploads (storage_key);
CREATE INDEX uploads_owner_idx ON uploads (owner_id);
ALTER TABLE users ADD CONSTRAINT users_profile_img_fk
  FOREIGN KEY (profile_img_id) REFERENCES uploads(id) ON DELETE SET NULL;

CREATE TABLE jobs (
  id serial PRIMARY KEY,
  owner_id integer REFERENCES users(id) ON DELETE SET NULL,
  job_title text NOT NULL,
  working_time text NOT NULL,
  assignment jsonb NOT NULL DEFAULT '[]'::jsonb,
  requirements jsonb NOT NULL DEFAULT '[]'::jsonb,
  benefits jsonb NOT NULL DEFAULT '[]'::jsonb,
  job_info jsonb NOT NULL DEFAULT '[]'::jsonb,
  street text NOT NULL DEFAULT '',
  postcode text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  salary text NOT NULL DEFAULT '',
  district_id integer REFERENCES districts(id) ON DELETE RESTRICT,
  published_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX jobs_published_created_idx ON jobs (created_at DESC, id DESC) WHERE published_at IS NOT NULL;
CREATE INDEX jobs_owner_idx ON jobs (owner_id, created_at DESC);
CREATE INDEX jobs_district_idx ON jobs (district_id);

CREATE TABLE job_attachments (
  job_id integer NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  upload_id integer NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
  PRIMARY KEY (job_id, upload_id)
);

CREATE TABLE placement_bonuses (
  id serial PRIMARY KEY,
  job_id integer NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  bonus numeric(5, 2) NOT NULL CHECK (bonus >= 0 AND bonus <= 100),
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX placement_bonuses_job_idx ON placement_bonuses (job_id, created_at DESC, id DESC);

CREATE TABLE placement_reports (
  id serial PRIMARY KEY,
  job_id integer REFERENCES jobs(id) ON DELETE SET NULL,
  reporter_id integer REFERENCES users(id) ON DELETE SET NULL,
  company_id integer REFERENCES users(id) ON DELETE SET NULL,
  variant text NOT NULL CHECK (variant IN ('company', 'consultant')),
  recruiter text NOT NULL,
  recruiter_mail text NOT NULL,
  company_name text NOT NULL,
  job_title text NOT NULL,
  contact_person text NOT NULL,
  placement_bonus numeric(5, 2) NOT NULL,
  bonus_in_force numeric(5, 2),
  actual_salary numeric(12, 2) NOT NULL,
  placement_fee numeric(12, 2) NOT NULL,
  service_fee numeric(12, 2) NOT NULL,
  street text,
  house_nr text,
  postal_code text,
  city text,
  uid text,
  status text NOT NULL DEFAULT 'gemeldet' CHECK (status IN ('gemeldet', 'verrechnet', 'bezahlt', 'garantiefall')),
  invoiced_at timestamptz(3),
  paid_at timestamptz(3),
  guarantee_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX placement_reports_created_idx ON placement_reports (created_at DESC);

CREATE TABLE contact_messages (
  id serial PRIMARY KEY,
  firstname text NOT NULL,
  lastname text NOT NULL,
  company text NOT NULL,
  email text NOT NULL,
  message text NOT NULL,
  ip text,
  handled_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  event text NOT NULL,
  to_address text NOT NULL,
  reply_to text,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'dead')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz(3) NOT NULL DEFAULT now(),
  locked_until timestamptz(3),
  last_error text,
  sent_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';

CREATE TABLE chat_communications (
  id serial PRIMARY KEY,
  job_id integer REFERENCES jobs(id) ON DELETE SET NULL,
  consultant_id integer REFERENCES users(id) ON DELETE SET NULL,
  company_id integer REFERENCES users(id) ON DELETE SET NULL,
  last_message_timestamp timestamptz(3) NOT NULL DEFAULT now(),
  unread_message_p1 boolean NOT NULL DEFAULT false,
  unread_message_p2 boolean NOT NULL DEFAULT true,
  last_notice_p1_at timestamptz(3),
  last_notice_p2_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX chat_communications_pair_unique ON chat_communications (job_id, consultant_id);
CREATE INDEX chat_communications_consultant_idx ON chat_communications (consultant_id, last_message_timestamp DESC);
CREATE INDEX chat_communications_company_idx ON chat_communications (company_id, last_message_timestamp DESC);

CREATE TABLE chat_messages (
  id bigserial PRIMARY KEY,
  chat_id integer NOT NULL REFERENCES chat_communications(id) ON DELETE CASCADE,
  sender_id integer REFERENCES users(id) ON DELETE SET NULL,
  sender_username text NOT NULL,
  message text NOT NULL DEFAULT '',
  file_message boolean NOT NULL DEFAULT false,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_chat_idx ON chat_messages (chat_id, id DESC);

CREATE TABLE chat_message_files (
  message_id bigint NOT NULL REFERENCES chat_messages(id) ON DELETE CASCADE,
  upload_id integer NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (message_id, upload_id)
);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor_id integer REFERENCES users(id) ON DELETE SET NULL,
  actor_email text,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text,
  before jsonb,
  after jsonb,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);

CREATE TABLE retention_runs (
  id serial PRIMARY KEY,
  dry_run boolean NOT NULL,
  started_at timestamptz(3) NOT NULL DEFAULT now(),
  finished_at timestamptz(3),
  summary jsonb NOT NULL DEFAULT '{}'::jsonb
);
