"""Load test: scripted sessions mining new puzzles while a plain visitor opens and answers one.

Run by hand (pytest does not collect ``tests/load``)::

    python tests/load/mined_load.py --miners 20 --seconds 60             # one server
    python tests/load/mined_load.py --miners 20 --processes 2 --proxy    # nginx + two servers

Each of the ``--miners`` sessions loops on ``/puzzles?gen=proven&seed=N`` with a new seed each
time: it asks, polls once a second while the page says "analysis pending" and then, the puzzle
mined, "proving…" for its best card (as the page's own poll does), answers the puzzle as soon
as it is shown and asks for the next seed at once; a refusal (a rate limit, a full queue) sends
it to the next seed after the poll interval. Each miner connects from its own loopback
address (127.0.0.10, .11, …), so it is a visitor of its own to the per-connection limit
(``--shared-address``: all from 127.0.0.1). Meanwhile one plain visitor opens an authored
puzzle and answers it, over and over with a one-second pause, and a probe asks
``/_stcore/health`` four times a second.

Prints the plain visitor's open and answer medians, the health probe's median and p95, what
the miners got (puzzles shown, deals without one, refusals by reason), and the CPU seconds
the servers, their worker processes and nginx spent in the window beside the wall time (the
machine may be shared: the CPU time says how much of it the app had).

Only 127.0.0.1 (and the 127.0.0.0/8 loopback addresses as sources) is ever contacted or served
on. Everything is bounded: the sessions, ``--seconds``, a hard stop that closes every socket
and terminates the servers this script started.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
import urllib.request
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import websockets
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ws_load import (
    ROOT,
    Learner,
    Run,
    ScriptError,
    Session,
    Stats,
    Widget,
    _percentile,
    _puzzle_picks,
    _ws_url,
    servers,
)

sys.path.insert(0, str(ROOT))
from tests.hosting import BEHIND_PROXY, nginx_proxy

POLL = 1.0  # seconds between a pending page's polls, as the page's own fragment does
HEALTH_EVERY = 0.25
REASONS = {  # words of each warning the page can show instead of a mined puzzle
    "No proven position came": "deal without a proven position",
    "busy with other learners": "refused: queue full",
    "many new positions in a short time": "refused: learner rate",
    "from this connection": "refused: connection rate",
    "is not proven yet": "mined, its best card not proven yet",
}
# the alerts of a page still waiting for the workers: the mining, then the proof of its best card
PENDING = ("searching a new position", "proving the best card")
MINED_SEEDS = 10**6  # the seeds a miner draws from (the page accepts 0..GEN_SEEDS-1)


def _descendants(pids: list[int]) -> list[int]:
    """``pids`` and every process under them (the worker pools), from /proc."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    seen, todo = [], list(pids)
    while todo:
        pid = todo.pop()
        seen.append(pid)
        todo += children.get(pid, [])
    return seen


def _cpu(pids: list[int]) -> float:
    """User + system CPU seconds of ``pids`` and their processes so far."""
    total = 0
    for pid in _descendants(pids):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


class AlertSession(Session):
    """A session that also keeps the text of the alerts its last run drew."""

    def __init__(self, ws: websockets.ClientConnection) -> None:
        super().__init__(ws)
        self.alerts: list[str] = []

    async def rerun(self, **rerun: object) -> Run:
        self.alerts = []
        return await super().rerun(**rerun)  # type: ignore[arg-type]

    def _read_delta(self, fwd: ForwardMsg, widgets: dict[str, Widget],  # type: ignore[override]
                    errors: list[str]) -> None:
        element = fwd.delta.new_element
        if fwd.delta.WhichOneof("type") == "new_element" and element.WhichOneof("type") == "alert":
            self.alerts.append(element.alert.body)
        Session._read_delta(fwd, widgets, errors)

    @property
    def pending(self) -> bool:
        return any(words in text for text in self.alerts for words in PENDING)

    def why_not(self) -> str:
        """Why the page shows no puzzle, from its warning (the English catalog's words)."""
        for words, why in REASONS.items():
            if any(words in text for text in self.alerts):
                return why
        return "no puzzle, no reason shown"


class Miner:
    """A session that asks for a new mined puzzle as soon as it has answered the last."""

    def __init__(self, session: AlertSession, rng: random.Random,
                 counts: dict[str, int]) -> None:
        self.s = session
        self.rng = rng
        self.counts = counts

    async def one(self, stop: float) -> None:
        """One new seed: asked, polled while pending (until ``stop``), answered when shown."""
        seed = self.rng.randrange(MINED_SEEDS)
        query = urlencode({"lang": "en", "gen": "proven", "players": 4, "seed": seed})
        run = await self.s.rerun(page="puzzles", query=query)
        while True:
            if run.errors:
                self.counts["script errors"] += 1
            hand = next((k for k in self.s.widgets if k.endswith("-hand")), None)
            if hand is not None:  # the puzzle is shown: answer it and go on
                self.counts["puzzles shown"] += 1
                card = self.s.hand(hand)[0].get("card") if self.s.hand(hand) else None
                if card is not None:
                    await self.s.rerun(states=[self.s.card_click(hand, str(card))])
                return
            if not self.s.pending:
                self.counts[self.s.why_not()] += 1
                await asyncio.sleep(POLL)
                return
            if time.monotonic() >= stop:
                self.counts["still pending at the end"] += 1
                return
            await asyncio.sleep(POLL)
            run = await self.s.rerun(query=query)


async def _health(url: str, stop: float, out: list[float]) -> None:
    def probe() -> float:
        start = time.perf_counter()
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=30) as reply:
            reply.read()
        return time.perf_counter() - start

    while time.monotonic() < stop:
        with contextlib.suppress(OSError):
            out.append(await asyncio.to_thread(probe))
        await asyncio.sleep(HEALTH_EVERY)


async def _miner(index: int, url: str, args: argparse.Namespace, counts: dict[str, int],
                 stop: float) -> None:
    rng = random.Random(args.seed * 1000 + index)
    source = "127.0.0.1" if args.shared_address else f"127.0.0.{10 + index}"
    await asyncio.sleep(rng.uniform(0, 2))
    try:
        async with websockets.connect(_ws_url(url), subprotocols=["streamlit"],  # type: ignore[list-item]
                                      max_size=2**26, open_timeout=30,
                                      local_addr=(source, 0)) as ws:
            miner = Miner(AlertSession(ws), rng, counts)
            while time.monotonic() < stop:
                await miner.one(stop)
    except (OSError, websockets.WebSocketException, ScriptError) as error:
        counts[f"miner lost: {type(error).__name__}"] += 1


async def _visitor(url: str, args: argparse.Namespace, stats: Stats,
                   window: tuple[float, float]) -> None:
    lessons, puzzles = _puzzle_picks()
    rng = random.Random(args.seed)
    async with websockets.connect(_ws_url(url), subprotocols=["streamlit"],  # type: ignore[list-item]
                                  max_size=2**26, open_timeout=60,
                                  local_addr=("127.0.0.2", 0)) as ws:
        visitor = Learner(Session(ws), stats, rng, lessons, puzzles, window, think=1.0,
                          budget=10**6)
        try:
            while True:
                try:
                    await visitor.puzzle()
                except ScriptError as error:
                    stats.errors[str(error)] += 1
        except TimeoutError:
            return


async def _drive(url: str, args: argparse.Namespace, pids: list[int]) -> int:
    counts: dict[str, int] = defaultdict(int)
    stats = Stats()
    start = time.monotonic()
    window = (start + args.warmup, start + args.warmup + args.seconds)
    health: list[float] = []
    tasks = [asyncio.create_task(_miner(i, url, args, counts, window[1]))
             for i in range(args.miners)]
    tasks.append(asyncio.create_task(_visitor(url, args, stats, window)))
    await asyncio.sleep(max(0.0, window[0] - time.monotonic()))
    cpu_start, wall_start = _cpu(pids), time.monotonic()
    await _health(url, window[1], health)
    cpu, wall = _cpu(pids) - cpu_start, time.monotonic() - wall_start
    _, pending = await asyncio.wait(tasks, timeout=args.grace)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    print(f"\n{args.miners} miners, {args.processes} process(es)"
          f"{' behind nginx' if args.proxy else ''}, {args.seconds:.0f} s measured")
    for kind in ("puzzle_open", "puzzle_answer"):
        values = stats.latencies.get(kind, [])
        if values:
            print(f"plain visitor {kind}: n={len(values)} median {statistics.median(values):.2f} s"
                  f"  p95 {_percentile(values, 0.95):.2f} s")
        else:
            print(f"plain visitor {kind}: none completed")
    if health:
        print(f"/_stcore/health: n={len(health)} median {statistics.median(health) * 1000:.0f} ms"
              f"  p95 {_percentile(health, 0.95) * 1000:.0f} ms")
    print("miners: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print(f"CPU of the servers, their workers and nginx: {cpu:.1f} s in {wall:.1f} s wall "
          f"({cpu / wall:.2f} cores; load average now {os.getloadavg()[0]:.1f})")
    for error, n in stats.errors.items():
        print(f"  visitor error x{n}: {error}")
    if pending:
        print(f"  {len(pending)} session(s) stopped at the hard stop")
    return 0


@contextlib.contextmanager
def _deployment(args: argparse.Namespace, folder: Path) -> Iterator[tuple[str, list[int]]]:
    env = {"TAROT_TUTOR_DB": str(folder / "progress.sqlite3"),
           "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false",
           **({"TAROT_TUTOR_WORKERS": str(args.workers)} if args.workers else {}),
           **({"TAROT_TUTOR_DASK_SCHEDULER": args.dask} if args.dask else {}),
           **(BEHIND_PROXY if args.proxy else {})}
    with servers(args.processes, env, folder) as (urls, pids):
        if not args.proxy:
            yield urls[0], pids
            return
        with nginx_proxy(folder / "nginx", urls) as proxy:
            nginx = [int((folder / "nginx" / "nginx.pid").read_text())]
            yield proxy, pids + nginx


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--miners", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60, help="measured time")
    parser.add_argument("--warmup", type=float, default=45,
                        help="not measured (each session's first run loads the content)")
    parser.add_argument("--grace", type=float, default=30, help="hard stop after the window")
    parser.add_argument("--processes", type=int, default=1, help="servers to start")
    parser.add_argument("--proxy", action="store_true",
                        help="put nginx with docs/deploy/tarot-tutor.conf in front")
    parser.add_argument("--workers", type=int, default=0,
                        help="TAROT_TUTOR_WORKERS of each server (0: its default)")
    parser.add_argument("--dask", default="", help="TAROT_TUTOR_DASK_SCHEDULER for the servers")
    parser.add_argument("--shared-address", action="store_true",
                        help="every miner connects from 127.0.0.1 (one visitor to the limits)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not 0 <= args.miners <= 100 or not 0 < args.seconds <= 600 or args.processes > 8:
        parser.error("--miners must be 0..100, --seconds 0..600, --processes at most 8")
    if args.proxy and args.shared_address:
        parser.error("behind the proxy every miner's address is forwarded: drop one flag")
    with tempfile.TemporaryDirectory(prefix="tarot-mined-") as folder, \
            _deployment(args, Path(folder)) as (url, pids):
        return asyncio.run(_drive(url, args, pids))


if __name__ == "__main__":
    raise SystemExit(main())
