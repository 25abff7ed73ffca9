-- The API token limit (ADR 088) counts in the rate limits' store (ADR 093): rate_limit_counters (or Redis),
-- key `api-token|<token id>`. Its own per-minute table goes.
DROP TABLE api_token_request_counts;
