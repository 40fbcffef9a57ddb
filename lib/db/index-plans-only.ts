// Session settings for a pool whose prepared statements must stay index lookups at any table
// size. A prepared statement keeps one generic plan per session, costed with the table sizes of
// the moment it was made; made while a table was small (a new install, the first seconds of a
// burst), that plan is a sequential scan or a hash join over one, and it is kept while the table
// grows, for as long as the session lives. Without sequential scans, hash or merge joins, the
// plans left are index lookups and nested loops over them, the right ones at any size.
// Used by the intake's pool (lib/intake/intake.ts) and the run progress pool
// (lib/runs/write-progress.ts); each has a test that reproduces its stale plan.
export const INDEX_PLANS_ONLY = "SET enable_seqscan = off; SET enable_hashjoin = off; SET enable_mergejoin = off";
