-- Issue 36: ratings are blind. A rating counts (averages, its comment's moderation, the other side's
-- view) from revealed_at: when the other side rated too, or RATING_REVEAL_DAYS after it was given
-- (set by the trust run); until then the other side may still rate, afterwards not. Ratings given
-- before this migration counted at once and stay counted.
ALTER TABLE ratings ADD COLUMN revealed_at timestamptz(3);
UPDATE ratings SET revealed_at = created_at;
CREATE INDEX ratings_blind ON ratings (created_at) WHERE revealed_at IS NULL;
