"""Rate limits: a token bucket per learner and per connection, so nothing one visitor sends can
fill the workers for everyone else."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


class RateLimit:
    """``per_second`` new jobs on average, ``burst`` at once, for each name (not thread-safe:
    the service calls it under its lock)."""

    MAX_NAMES = 10_000  # past this many names the oldest buckets are forgotten (they were full)

    def __init__(self, per_second: float, burst: int, clock: Callable[[], float]) -> None:
        self.per_second = per_second
        self.burst = burst
        self._clock = clock
        self._buckets: dict[str, _Bucket] = {}

    def _refilled(self, name: str) -> _Bucket:
        now = self._clock()
        bucket = self._buckets.get(name)
        if bucket is None:
            if len(self._buckets) >= self.MAX_NAMES:
                self._buckets.pop(next(iter(self._buckets)))
            bucket = self._buckets[name] = _Bucket(float(self.burst), now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.per_second)
        bucket.at = now
        return bucket

    def wait(self, name: str) -> float:
        """Seconds until ``name`` may start a new job (0 when it may now)."""
        bucket = self._refilled(name)
        return 0.0 if bucket.tokens >= 1 else (1 - bucket.tokens) / self.per_second

    def take(self, name: str) -> None:
        self._refilled(name).tokens -= 1
