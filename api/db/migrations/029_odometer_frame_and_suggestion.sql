-- Issue 24. The guide frame: the box the sender placed over the digits, as fractions of the upright photo
-- ({"left":..,"top":..,"width":..,"height":..}), and the crop of the photo to it (with a margin) that was
-- read, kept beside the whole photo. Both null for a photo sent without a box (the whole photo was read).
-- Decisions that stay safe: 'suggested' (both readers agreed on another reading than the typed one; the
-- sender was shown it and asked to look again; kept, not accepted) and 'confirmed' (retyped after such a
-- suggestion and read so by both readers; accepted for billing, never 'verified'), with the suggested
-- attempt a reading followed, as the server matched it.
ALTER TABLE odometer_readings DROP CONSTRAINT odometer_readings_status_check;
ALTER TABLE odometer_readings ADD CONSTRAINT odometer_readings_status_check
  CHECK (status IN ('verified', 'needs_review', 'rejected', 'approved', 'declined', 'superseded', 'suggested', 'confirmed'));
ALTER TABLE odometer_readings ADD COLUMN box jsonb;
ALTER TABLE odometer_readings ADD COLUMN crop_blob_key text;
ALTER TABLE odometer_readings ADD COLUMN after_suggestion_id bigint REFERENCES odometer_readings (id) ON DELETE SET NULL;
CREATE INDEX odometer_readings_suggested ON odometer_readings (policy_id, car_number, created_at DESC) WHERE status = 'suggested';
