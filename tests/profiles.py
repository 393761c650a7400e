"""Hypothesis profiles: ``ci`` (``$CI`` set) runs more examples than ``dev``, a quick local run.

A test that needs more (or fewer) examples than the profile's default writes
``@settings(max_examples=examples(n))``: n in CI, scaled down like the profile elsewhere.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

CI_EXAMPLES = 300
settings.register_profile("ci", max_examples=CI_EXAMPLES, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def examples(ci_count: int) -> int:
    """``ci_count`` examples under the ci profile; in proportion under another (at least 10)."""
    return max(10, ci_count * settings.default.max_examples // CI_EXAMPLES)
