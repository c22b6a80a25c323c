-- Objects the file store may hold without a row in uploads (issue 28, item 11): a put the app gave
-- up on (the store froze or timed out after receiving the bytes, so it may still write the object
-- later) and a delete that did not reach the store. The hourly sweep (lib/storage-orphans.ts)
-- deletes each object once its key is older than the grace period and no upload row names it.
CREATE TABLE storage_orphans (
  storage_key text PRIMARY KEY,
  noted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX storage_orphans_noted_at ON storage_orphans (noted_at);

-- An introduction's CV is for the two parties only (issue 28, item 13): a chat file's download and
-- an admin's message list ask whether the upload is one; this also serves the ON DELETE SET NULL
-- of cv_upload_id when an upload is deleted.
CREATE INDEX introductions_cv_upload_idx ON introductions (cv_upload_id) WHERE cv_upload_id IS NOT NULL;
