-- Rate limits move from fixed windows to sliding-window counters (api/http/rate-limit.ts, issue 9: 20 tries
-- fitted in 90 seconds across a fixed window's edge). The table stays as it is: one row per bucket and
-- fixed window, but a row now counts for its own window and, weighted, for the next one, so it lives two
-- windows. Rows written before this change end after one window; give them the second.
UPDATE rate_limits SET expires_at = expires_at + (expires_at - window_start);
