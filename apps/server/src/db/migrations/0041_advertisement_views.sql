-- Issue 32, numbers per advertisement: which agencies opened an advertisement's profile. One row per
-- advertisement and agency, never per person (an organisation is no data subject, and the company
-- learns how many agencies looked, not who); it goes with the advertisement or the agency.
CREATE TABLE advertisement_views (
  job_id integer NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  agency_organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  first_viewed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job_id, agency_organisation_id)
);
