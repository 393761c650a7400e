"""Typed-input speed, run by hand (not collected by pytest):

    python -m tests.benchmarks.bench_inputs     (from the repository root)

1. ``tutor.inputs.parse_points`` on the inputs that froze the server (``1e100000000``, five
   thousand digits, a megabyte of digits) and on ordinary answers: median of 7 runs of 1000
   calls each, per call.
2. For scale, what the old ``Fraction(text)`` cost on much *smaller* exponents (it grows
   with the exponent; ``1e100000000`` held the server for more than 4 minutes).
"""

from __future__ import annotations

import statistics
import time
from fractions import Fraction

from tutor.inputs import InputRefused, parse_points, read_int

RUNS = 7
CALLS = 1000


def per_call(fn: object, calls: int = CALLS) -> float:
    """Median over RUNS of the time of one call, in microseconds."""
    runs = []
    for _ in range(RUNS):
        start = time.perf_counter()
        for _ in range(calls):
            fn()  # type: ignore[operator]
        runs.append((time.perf_counter() - start) / calls)
    return statistics.median(runs) * 1e6


def refused(text: str) -> None:
    try:
        parse_points(text)
    except InputRefused:
        return
    raise AssertionError(f"{text[:20]!r} was accepted")


def main() -> None:
    print("parse_points, per call (median of 7 x 1000):")
    for label, text in [
        ("'45.5'", "45.5"),
        ("'−126'", "−126"),
        ("'1e100000000'", "1e100000000"),
        ("5000 digits", "9" * 5000),
        ("1 MB of digits", "9" * 1_000_000),
    ]:
        if text in ("45.5", "−126"):
            micro = per_call(lambda text=text: parse_points(text))
        else:
            micro = per_call(lambda text=text: refused(text))
        print(f"  {label:>16}: {micro:8.2f} µs")
    micro = per_call(lambda: _read_refused("9" * 5000))
    print(f"  read_int, 5000 digits: {micro:8.2f} µs")
    print("old Fraction(text), one call each (grows with the exponent):")
    for exponent in (10**5, 10**6):  # 10**7 took 50 s here once: too long to repeat
        start = time.perf_counter()
        Fraction(f"1e{exponent}")
        print(f"  Fraction('1e{exponent}'): {time.perf_counter() - start:8.3f} s")


def _read_refused(text: str) -> None:
    try:
        read_int(text, 0, 10)
    except InputRefused:
        return
    raise AssertionError("accepted")


if __name__ == "__main__":
    main()
