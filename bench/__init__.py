"""Benchmarks: latency harnesses run against a real uvicorn, Redis and PostgreSQL."""
