-- make bench: a year of nightly history, straight into a kbench database
-- (made by kbench first, so the schema is kbench's own): :nights runs,
-- :series series each (method m00..m19 x usec 0..9), :samples samples
-- per series and run.  Noise of +/- 10 around 100 us; every tenth series
-- steps up 5% from night 200, so the trend has 20 change points to find.
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
PRAGMA cache_size = -262144;
BEGIN;
DELETE FROM sample;
DELETE FROM series_key;
DELETE FROM series_summary;
DELETE FROM series;
DELETE FROM run_fact;
DELETE FROM run;
INSERT INTO run (id, uuid, label, benchmark, status, started_at, ended_at)
SELECT value, printf('00000000-0000-4000-8000-%012d', value),
       printf('night-%03d', value), 'sleep', 'complete',
       strftime('%Y-%m-%dT02:00:00.000Z', '2025-01-01', '+' || value || ' days'),
       strftime('%Y-%m-%dT03:00:00.000Z', '2025-01-01', '+' || value || ' days')
FROM generate_series(1, :nights);
INSERT INTO run_fact SELECT id, 'host', 'lab-a' FROM run;
INSERT INTO run_fact SELECT id, 'nightly', 'bench' FROM run;
INSERT INTO series (id, run_id, name, unit, better)
SELECT (r.id - 1) * :series + k.value + 1, r.id,
       printf('method=m%02d,usec=%d', k.value / 10, k.value % 10), 'us', 'lower'
FROM run r, generate_series(0, :series - 1) k;
INSERT INTO series_key SELECT id, 'method', substr(name, 8, 3) FROM series;
INSERT INTO series_key SELECT id, 'usec', substr(name, 17) FROM series;
INSERT INTO sample (series_id, seq, value)
SELECT s.id, q.value, 100 + (random() % 1000) / 100.0 +
       CASE WHEN s.run_id >= 200 AND (s.id - 1) % :series % 10 = 0
       THEN 5 ELSE 0 END
FROM series s, generate_series(1, :samples) q;
COMMIT;
