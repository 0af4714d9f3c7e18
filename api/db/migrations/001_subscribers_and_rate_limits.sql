-- Availability sign-ups (doc 1 section 3, POST /api/contact/subscribe). One row per e-mail address,
-- compared without regard to case: "Ann@X.com" and "ann@x.com" are one person.
CREATE TABLE subscribers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  state char(2) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX subscribers_email_lower_key ON subscribers (lower(email));

-- Fixed-window request counters. The API keeps no state in memory (DESIGN.md "Scale"), so replicas
-- share these. bucket is a hash of the limit's name and the client's address, never the address itself.
CREATE TABLE rate_limits (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
CREATE INDEX rate_limits_expires_at ON rate_limits (expires_at);
