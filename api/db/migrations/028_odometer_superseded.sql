-- A photo held for review is replaced when its sender sends another for the same vehicle (issue 23: a
-- mistyped reading is corrected by sending again): the held one becomes 'superseded', so the review queue
-- holds only the newest, and the photo stays kept as every photo sent is (api/odometer/readings.ts).
ALTER TABLE odometer_readings DROP CONSTRAINT odometer_readings_status_check;
ALTER TABLE odometer_readings ADD CONSTRAINT odometer_readings_status_check
  CHECK (status IN ('verified', 'needs_review', 'rejected', 'approved', 'declined', 'superseded'));
