-- The least-privilege role Frosted's server connects as on PostgreSQL (decision 013). Run it on
-- Frosted's database as an administrator (a superuser, or a role with CREATEROLE), then give the role
-- a password (README, "Running on a PostgreSQL server"):
--
--   psql -d frosted -v ON_ERROR_STOP=1 -f scripts/db-roles.sql
--   psql -d frosted -c "ALTER ROLE frosted_app PASSWORD 'a long random secret'"
--
-- The app then connects as it (DATABASE_URL) and the tables' owner migrates (DATABASE_MIGRATION_URL).
-- Safe to run again. The integration tests run it on their PostgreSQL server (tests/support/db.ts).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'frosted_app') THEN
    CREATE ROLE frosted_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
  END IF;
EXCEPTION
  -- Created by another session in the meantime.
  WHEN duplicate_object OR unique_violation THEN NULL;
END $$;

-- Migration 0028 grants the role its privileges when it exists; on a database migrated before the
-- role was created, grant them now.
DO $$
BEGIN
  IF to_regprocedure('frosted_grant_app_role(name)') IS NOT NULL THEN
    PERFORM frosted_grant_app_role('frosted_app');
  END IF;
END $$;
